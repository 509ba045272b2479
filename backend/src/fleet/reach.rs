//! Whether a cluster answers now, judged by its VMI watch (the VMIs are what a cluster's counts
//! and the overview show, and what goes stale): reachable while that watch answers; else stale
//! since its first failure after its last answer, with the [`Cause`] (connection refused or cut,
//! 401 credentials expired, 403 credentials refused) and the last error in one line. A watch
//! that answers again (a list page, an accepted watch: [`crate::watch::observed`]) makes the
//! cluster reachable again.

use crate::watch::{Caches, Cause, Kind};
use serde::Serialize;

/// The longest error line shown.
pub const ERROR_CHARS: usize = 240;

/// A cluster's reachability now.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Reach {
    pub reachable: bool,
    /// Whether its VMIs were ever listed (a cluster unreachable since the start has none).
    pub synced: bool,
    /// Since when its VMI watch has been failing (RFC 3339), while it is.
    pub stale_since: Option<String>,
    /// Why it fails, while it does.
    pub error_kind: Option<Cause>,
    /// The last error in one line ([`one_line`]), while it fails.
    pub error: Option<String>,
}

impl Reach {
    /// The reachability of the cluster whose caches are `caches`.
    pub fn of(caches: &Caches) -> Reach {
        let state = &caches.get(Kind::Vmi).state;
        let failing = state.failing();
        Reach {
            reachable: failing.is_none(),
            synced: state.synced(),
            stale_since: failing.as_ref().map(|f| rfc3339(f.since)),
            error_kind: failing.as_ref().map(|f| f.cause),
            error: failing.map(|f| one_line(&f.error)),
        }
    }
}

fn rfc3339(t: std::time::SystemTime) -> String {
    let secs = t
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64().floor());
    model::time::Timestamp::from_unix_seconds(secs).map_or_else(String::new, |t| t.to_rfc3339())
}

/// `error`'s first line, at most [`ERROR_CHARS`] characters, any bearer credential it would
/// quote masked (kube-rs errors carry none; this keeps it so whatever a server answers).
pub fn one_line(error: &str) -> String {
    let line = error.lines().next().unwrap_or("").trim();
    let mut out = String::with_capacity(line.len().min(ERROR_CHARS));
    let mut words = line.split(' ').peekable();
    while let Some(w) = words.next() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(w);
        if w.eq_ignore_ascii_case("bearer") && words.peek().is_some() {
            words.next();
            out.push_str(" ***");
        }
    }
    match out.char_indices().nth(ERROR_CHARS) {
        Some((cut, _)) => format!("{}…", &out[..cut]),
        None => out,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_is_one_bounded_line_without_a_bearer_token() {
        let e = "failed: Authorization: Bearer abc.def rejected\nsecond line";
        assert_eq!(one_line(e), "failed: Authorization: Bearer *** rejected");
        let long = "x".repeat(1000);
        assert_eq!(one_line(&long).chars().count(), ERROR_CHARS + 1);
    }

    #[test]
    fn a_cluster_is_as_reachable_as_its_vmi_watch() {
        let caches = Caches::new();
        assert!(Reach::of(&caches).reachable);
        caches.get(Kind::Node).state.failed("forbidden".into());
        assert!(
            Reach::of(&caches).reachable,
            "another kind is coverage, not reach"
        );
        let vmis = &caches.get(Kind::Vmi).state;
        vmis.failed_because("connection refused".into(), Cause::Unreachable);
        let first = Reach::of(&caches);
        assert!(!first.reachable);
        assert_eq!(first.error_kind, Some(Cause::Unreachable));
        std::thread::sleep(std::time::Duration::from_millis(1100));
        vmis.failed_because("401".into(), Cause::CredentialsExpired);
        let later = Reach::of(&caches);
        assert_eq!(
            later.stale_since, first.stale_since,
            "stale since the first failure"
        );
        assert_eq!(later.error_kind, Some(Cause::CredentialsExpired));
        vmis.ok();
        assert_eq!(Reach::of(&caches).stale_since, None);
    }
}
