//! The cluster's clock, as the API server states it in every answer's `Date` header.
//!
//! Ages the diagnosis judges (virt-handler's `kubevirt.io/heartbeat`, a node's
//! `lastHeartbeatTime`, a migration's start) are written with the cluster's clocks, so they are
//! measured against the API server's now, not this process's: a console whose own clock is skewed
//! (or a simulated cluster with a clock of its own) still reads a fresh heartbeat as fresh.
//! Go's net/http sets `Date` on every response of kube-apiserver; its resolution is one second,
//! so skews under [`IGNORED_SKEW_MS`] are taken as none.

use axum::http::{HeaderMap, header};
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::SystemTime;

/// Skews below this are request latency and the header's one-second resolution, not clock skew.
pub const IGNORED_SKEW_MS: i64 = 2_000;

/// The API server's clock minus ours, in milliseconds.
static SKEW_MS: AtomicI64 = AtomicI64::new(0);

/// This process's clock, milliseconds since the epoch.
pub fn local_ms() -> i64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// The cluster's now, milliseconds since the epoch.
pub fn cluster_ms() -> i64 {
    local_ms().saturating_add(SKEW_MS.load(Ordering::Relaxed))
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

/// Reads an answer's `Date`; an absent or unreadable one changes nothing.
pub fn observe(headers: &HeaderMap) {
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
    SKEW_MS.store(skew, Ordering::Relaxed);
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
    fn a_date_header_moves_the_cluster_clock() {
        let mut h = HeaderMap::new();
        h.insert(
            header::DATE,
            "Mon, 30 Nov 2026 08:00:00 GMT".parse().unwrap(),
        );
        observe(&h);
        let want = 1_796_025_600_000_i64; // 2026-11-30T08:00:00Z
        assert!((cluster_ms() - want).abs() < 1_000, "{}", cluster_ms());
        h.insert(header::DATE, "garbage".parse().unwrap());
        observe(&h);
        assert!(
            (cluster_ms() - want).abs() < 1_000,
            "unreadable Date keeps the skew"
        );
        SKEW_MS.store(0, Ordering::Relaxed);
    }
}
