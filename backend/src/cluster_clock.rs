//! The cluster's clock, as the API server states it in every answer's `Date` header.
//!
//! Ages the diagnosis judges (virt-handler's `kubevirt.io/heartbeat`, a node's
//! `lastHeartbeatTime`, a migration's start) are written with the cluster's clocks, so they are
//! measured against the API server's now, not this process's: a console whose own clock is skewed
//! (or a simulated cluster with a clock of its own) still reads a fresh heartbeat as fresh.
//! Go's net/http sets `Date` on every response of kube-apiserver; its resolution is one second,
//! so skews under [`IGNORED_SKEW_MS`] are taken as none. Each cluster has its own [`Clock`].

use axum::http::{HeaderMap, header};
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::SystemTime;

/// Skews below this are request latency and the header's one-second resolution, not clock skew.
pub const IGNORED_SKEW_MS: i64 = 2_000;

/// This process's clock, milliseconds since the epoch.
pub fn local_ms() -> i64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// The skew to keep for an answer dated `date_ms` received at `local_ms`.
pub fn skew_for(date_ms: i64, local_ms: i64) -> i64 {
    let skew = date_ms.saturating_sub(local_ms);
    if skew.abs() < IGNORED_SKEW_MS {
        0
    } else {
        skew
    }
}

/// One cluster's clock: its API server's clock minus ours, in milliseconds. Each cluster keeps
/// its own (in its [`crate::watch::Caches`]): the clusters of a fleet need not agree, and one
/// process-wide skew was set by whichever cluster answered last (issue 32).
#[derive(Debug, Default)]
pub struct Clock(AtomicI64);

impl Clock {
    /// The cluster's now, milliseconds since the epoch.
    pub fn cluster_ms(&self) -> i64 {
        local_ms().saturating_add(self.0.load(Ordering::Relaxed))
    }

    /// Reads an answer's `Date`; an absent or unreadable one changes nothing.
    pub fn observe(&self, headers: &HeaderMap) {
        let Some(date) = headers
            .get(header::DATE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| httpdate::parse_http_date(v).ok())
        else {
            return;
        };
        let Ok(since) = date.duration_since(SystemTime::UNIX_EPOCH) else {
            return;
        };
        let skew = skew_for(since.as_millis() as i64, local_ms());
        self.0.store(skew, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_differences_are_latency_and_large_ones_are_skew() {
        assert_eq!(skew_for(10_000, 9_000), 0);
        assert_eq!(skew_for(9_000, 10_500), 0);
        assert_eq!(skew_for(0, 345_600_000), -345_600_000);
        assert_eq!(skew_for(70_000, 10_000), 60_000);
    }

    #[test]
    fn a_date_header_moves_its_clusters_clock_alone() {
        let (clock, other) = (Clock::default(), Clock::default());
        let mut h = HeaderMap::new();
        h.insert(
            header::DATE,
            "Mon, 30 Nov 2026 08:00:00 GMT".parse().unwrap(),
        );
        clock.observe(&h);
        let want = 1_796_025_600_000_i64; // 2026-11-30T08:00:00Z
        assert!(
            (clock.cluster_ms() - want).abs() < 1_000,
            "{}",
            clock.cluster_ms()
        );
        assert!(
            (other.cluster_ms() - local_ms()).abs() < 1_000,
            "another cluster's clock"
        );
        h.insert(header::DATE, "garbage".parse().unwrap());
        clock.observe(&h);
        assert!(
            (clock.cluster_ms() - want).abs() < 1_000,
            "unreadable Date keeps the skew"
        );
    }
}
