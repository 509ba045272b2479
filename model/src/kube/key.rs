//! `VmiKey`: how Strata names one VMI (namespace and name).

use serde::{Deserialize, Serialize};

/// Identifies a VMI in the cluster.
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct VmiKey {
    pub namespace: String,
    pub name: String,
}

impl std::fmt::Display for VmiKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.namespace, self.name)
    }
}
