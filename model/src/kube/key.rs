//! `VmiKey`: how Strata names one VMI (its cluster, namespace and name).
//!
//! A backend may watch several clusters (issue 32). The cluster is the name the backend gives
//! it (its kubeconfig context or `--cluster-name`); an empty cluster is the only cluster of a
//! one-cluster backend, so its keys read and write as they always did: `cluster` is left out
//! of the JSON when empty and defaults to empty when missing, and `Display` stays `ns/name`.
//!
//! Keys order by cluster first (the field order), so one cluster's VMIs are contiguous.

use serde::{Deserialize, Serialize};

/// Identifies a VMI across the clusters a backend watches.
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct VmiKey {
    /// The cluster's name; empty for a one-cluster backend's only cluster.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub cluster: String,
    pub namespace: String,
    pub name: String,
}

impl VmiKey {
    /// `namespace/name` of the only (or first) cluster.
    pub fn new(namespace: impl Into<String>, name: impl Into<String>) -> VmiKey {
        VmiKey {
            cluster: String::new(),
            namespace: namespace.into(),
            name: name.into(),
        }
    }

    /// The same key in `cluster`.
    pub fn in_cluster(mut self, cluster: impl Into<String>) -> VmiKey {
        self.cluster = cluster.into();
        self
    }
}

impl std::fmt::Display for VmiKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if !self.cluster.is_empty() {
            write!(f, "{}:", self.cluster)?;
        }
        write!(f, "{}/{}", self.namespace, self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_cluster_keeps_the_one_cluster_wire_and_text() {
        let k = VmiKey::new("prod", "db-0");
        let json = serde_json::to_string(&k).unwrap();
        assert_eq!(json, r#"{"namespace":"prod","name":"db-0"}"#);
        assert_eq!(serde_json::from_str::<VmiKey>(&json).unwrap(), k);
        assert_eq!(k.to_string(), "prod/db-0");
        let b = k.clone().in_cluster("edge-2");
        let json = serde_json::to_string(&b).unwrap();
        assert_eq!(
            json,
            r#"{"cluster":"edge-2","namespace":"prod","name":"db-0"}"#
        );
        assert_eq!(serde_json::from_str::<VmiKey>(&json).unwrap(), b);
        assert_eq!(b.to_string(), "edge-2:prod/db-0");
        assert_ne!(k, b);
    }

    #[test]
    fn keys_order_by_cluster_first() {
        let mut keys = [
            VmiKey::new("a", "z").in_cluster("b"),
            VmiKey::new("z", "a").in_cluster("a"),
            VmiKey::new("m", "m"),
        ];
        keys.sort();
        let clusters: Vec<&str> = keys.iter().map(|k| k.cluster.as_str()).collect();
        assert_eq!(clusters, ["", "a", "b"]);
    }
}
