//! `GET /api/v1/clusters`: every cluster a backend watches (issue 32), the first one first, with
//! its reachability and its VMIs per verdict. The first cluster's VMI keys carry no cluster
//! name ([`crate::kube::VmiKey::cluster`] empty): its row here is how a page names it.

use serde::{Deserialize, Serialize};

/// The answer.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ClustersAnswer {
    pub clusters: Vec<ClusterRow>,
}

/// One watched cluster.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ClusterRow {
    pub name: String,
    #[serde(default)]
    pub server: Option<String>,
    /// Whether its VMI watch answers now.
    pub reachable: bool,
    /// Whether its VMIs were ever listed.
    #[serde(default)]
    pub synced: bool,
    /// Since when its VMI watch has been failing (RFC 3339), while it is.
    #[serde(default)]
    pub stale_since: Option<String>,
    /// Why it fails (`unreachable`, `credentials_expired`, `credentials_refused`, `other`).
    #[serde(default)]
    pub error_kind: Option<String>,
    /// The last error in one line, while it fails.
    #[serde(default)]
    pub error: Option<String>,
    /// VMIs per verdict; `None` when the caller may not see them.
    #[serde(default)]
    pub counts: Option<ClusterCounts>,
    /// Token mode: whether the session is signed in to this cluster (a token is valid for one
    /// API server); `None` in local mode, where the console reads every cluster.
    #[serde(default)]
    pub signed_in: Option<bool>,
}

impl ClusterRow {
    /// False only when the backend says the session has not signed in to it.
    pub fn readable(&self) -> bool {
        self.signed_in != Some(false)
    }
}

/// A cluster's VMIs per verdict.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClusterCounts {
    pub broken: usize,
    pub degraded: usize,
    pub unknown: usize,
    pub healthy: usize,
}

impl ClustersAnswer {
    /// The name the first cluster goes by (its VMI keys name no cluster).
    pub fn first(&self) -> Option<&str> {
        self.clusters.first().map(|c| c.name.as_str())
    }

    /// The row of the cluster a VMI key names (`""`: the first cluster).
    pub fn row_of_key(&self, key_cluster: &str) -> Option<&ClusterRow> {
        if key_cluster.is_empty() {
            self.clusters.first()
        } else {
            self.clusters.iter().find(|c| c.name == key_cluster)
        }
    }

    /// The key cluster (`""` for the first) of the cluster called `name`.
    pub fn key_cluster<'a>(&self, name: &'a str) -> &'a str {
        if self.first() == Some(name) { "" } else { name }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_backends_answer() {
        let json = r#"{"clusters":[
            {"name":"east","server":"https://e","reachable":true,"synced":true,"stale_since":null,
             "error_kind":null,"error":null,"counts":{"broken":1,"degraded":0,"unknown":0,"healthy":2}},
            {"name":"west","server":null,"reachable":false,"synced":true,
             "stale_since":"2026-12-06T00:00:00Z","error_kind":"unreachable",
             "error":"connection refused","counts":null,"signed_in":false}]}"#;
        let a: ClustersAnswer = serde_json::from_str(json).unwrap();
        assert_eq!(a.first(), Some("east"));
        assert_eq!(a.clusters[0].counts.unwrap().broken, 1);
        assert!(!a.clusters[1].reachable);
        assert!(a.clusters[0].readable() && !a.clusters[1].readable());
        assert_eq!(a.clusters[1].error_kind.as_deref(), Some("unreachable"));
        assert_eq!(a.row_of_key("").unwrap().name, "east");
        assert_eq!(a.row_of_key("west").unwrap().name, "west");
        assert_eq!(a.key_cluster("east"), "");
        assert_eq!(a.key_cluster("west"), "west");
    }
}
