//! The backend's HTTP API paths, written once: the backend's router registers these templates
//! (axum's `{param}` syntax) and the frontend fills them with [`fill`], so a path changed here
//! changes on both sides. Query strings stay with their caller; only paths live here.

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};

/// Every API path starts with this.
pub const PREFIX: &str = "/api/v1";
/// Anything else under [`PREFIX`]: answered 404 as JSON, never the frontend's page.
pub const ANY: &str = "/api/v1/{*rest}";

/// The server-sent-events stream of summaries ([`super::StreamMsg`]).
pub const STREAM: &str = "/api/v1/stream";
/// Every VMI's summary.
pub const VMIS: &str = "/api/v1/vmis";
/// One VMI's evidence bundle.
pub const VMI: &str = "/api/v1/vmis/{ns}/{name}";
/// One VMI's page, diagnosed (`?at=` for a recorded moment).
pub const VMI_DETAIL: &str = "/api/v1/vmis/{ns}/{name}/detail";
/// One VMI's incident file, a self-contained HTML page (`?at=` for a recorded moment,
/// `?redact=true` for placeholders instead of names and addresses).
pub const VMI_SNAPSHOT: &str = "/api/v1/vmis/{ns}/{name}/snapshot";
/// One VMI's metric series (`?set=&range=&step=`).
pub const VMI_METRICS: &str = "/api/v1/vmis/{ns}/{name}/metrics";
/// One VMI's recorded changes (`?from=&to=`).
pub const VMI_HISTORY: &str = "/api/v1/vmis/{ns}/{name}/history";
/// One of the guest agent's answers (`guestosinfo`, `userlist`, `filesystemlist`).
pub const VMI_GUEST_AGENT: &str = "/api/v1/vmis/{ns}/{name}/guestagent/{sub}";
/// The history recorder's status.
pub const HISTORY: &str = "/api/v1/history";
/// Recorded changes across VMIs (`?since=&limit=`).
pub const HISTORY_CHANGES: &str = "/api/v1/history/changes";
/// Every node.
pub const NODES: &str = "/api/v1/nodes";
/// The node table's rows.
pub const NODE_ROWS: &str = "/api/v1/nodes/rows";
/// What draining one node would do.
pub const NODE_DRAIN: &str = "/api/v1/nodes/{name}/drain";
/// One node's page.
pub const NODE_VIEW: &str = "/api/v1/nodes/{name}/view";
/// The alerts that fire.
pub const ALERTS: &str = "/api/v1/alerts";
/// Every watched cluster, its reachability and counts (`model::api::ClustersAnswer`).
pub const CLUSTERS: &str = "/api/v1/clusters";
/// Every migration.
pub const MIGRATIONS: &str = "/api/v1/migrations";
/// Every migration, interpreted.
pub const MIGRATION_REPORTS: &str = "/api/v1/migrations/reports";
/// The per-VMI paths of one cluster of the fleet: `/api/v1/c/{cluster}/` and what follows
/// [`PREFIX`] in the one-cluster path (`vmis/{ns}/{name}/detail`, …); see [`in_cluster`].
pub const IN_CLUSTER: &str = "/api/v1/c/{cluster}/{*rest}";

/// The filled API `path` for a VMI of `cluster` ([`crate::kube::VmiKey::cluster`]): unchanged
/// for the empty cluster (a one-cluster backend's), else under [`IN_CLUSTER`].
pub fn in_cluster(cluster: &str, path: &str) -> String {
    match path.strip_prefix(PREFIX) {
        Some(rest) if !cluster.is_empty() => {
            let c = fill("{c}", &[("c", cluster)]);
            format!("{PREFIX}/c/{c}{rest}")
        }
        _ => path.to_string(),
    }
}

/// What a path segment may carry unescaped: RFC 3986's unreserved characters (as JavaScript's
/// `encodeURIComponent`, but for `!'()*`, which it leaves and this escapes: both are valid).
const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// `template` with each `{key}` replaced by its value, percent-encoded as one path segment; a
/// key the template does not name is ignored, and a `{param}` left unfilled stays as written.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 32);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}').map(|c| open + c) else {
            break;
        };
        out.push_str(&rest[..open]);
        let key = &rest[open + 1..close];
        match values.iter().find(|(k, _)| *k == key) {
            Some((_, v)) => out.extend(utf8_percent_encode(v, SEGMENT)),
            None => out.push_str(&rest[open..=close]),
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cluster_prefixes_the_path_and_none_leaves_it() {
        let p = fill(VMI_DETAIL, &[("ns", "prod"), ("name", "db-0")]);
        assert_eq!(in_cluster("", &p), "/api/v1/vmis/prod/db-0/detail");
        assert_eq!(
            in_cluster("edge 2", &p),
            "/api/v1/c/edge%202/vmis/prod/db-0/detail"
        );
        assert!(IN_CLUSTER.starts_with(PREFIX));
    }

    #[test]
    fn fills_each_parameter_as_one_encoded_segment() {
        assert_eq!(
            fill(VMI_DETAIL, &[("ns", "prod"), ("name", "db-0")]),
            "/api/v1/vmis/prod/db-0/detail"
        );
        // A slash, a space or a question mark in a value cannot change the route or add a query.
        assert_eq!(
            fill(NODE_VIEW, &[("name", "a/b c?d")]),
            "/api/v1/nodes/a%2Fb%20c%3Fd/view"
        );
        assert_eq!(
            fill(NODE_DRAIN, &[("name", "ノード")]),
            "/api/v1/nodes/%E3%83%8E%E3%83%BC%E3%83%89/drain"
        );
    }

    #[test]
    fn leaves_what_it_is_not_given() {
        assert_eq!(fill(VMI, &[("ns", "prod")]), "/api/v1/vmis/prod/{name}");
        assert_eq!(fill(STREAM, &[("ns", "x")]), STREAM);
    }

    #[test]
    fn every_path_is_under_the_prefix() {
        for p in [
            ANY,
            STREAM,
            VMIS,
            VMI,
            VMI_DETAIL,
            VMI_METRICS,
            VMI_HISTORY,
            VMI_GUEST_AGENT,
            HISTORY,
            HISTORY_CHANGES,
            NODES,
            NODE_ROWS,
            NODE_DRAIN,
            NODE_VIEW,
            ALERTS,
            CLUSTERS,
            MIGRATIONS,
            MIGRATION_REPORTS,
        ] {
            assert!(
                p.starts_with(PREFIX) && p[PREFIX.len()..].starts_with('/'),
                "{p}"
            );
        }
    }
}
