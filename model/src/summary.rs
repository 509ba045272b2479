//! The compact projection of one VMI that the overview shows and the stream carries.

use crate::vmi::Vmi;
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

/// What the overview card of one VMI needs. Small on purpose: one per VMI is kept by the backend
/// and sent to every browser.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VmiSummary {
    pub key: VmiKey,
    /// `status.phase` verbatim; empty when unset.
    pub phase: String,
    pub node: Option<String>,
    /// `status.interfaces[0].ipAddress`, as the `kubectl get vmi` IP column shows.
    pub ip: Option<String>,
    /// `Paused=True` condition present (the phase stays `Running` when paused).
    pub paused: bool,
}

impl VmiSummary {
    /// Projects a VMI. Objects without a name or namespace get empty strings, never a panic.
    pub fn from_vmi(vmi: &Vmi) -> VmiSummary {
        VmiSummary {
            key: VmiKey {
                namespace: vmi.metadata.namespace.clone().unwrap_or_default(),
                name: vmi.metadata.name.clone().unwrap_or_default(),
            },
            phase: vmi.status.phase.clone().unwrap_or_default(),
            node: vmi.status.node_name.clone().filter(|n| !n.is_empty()),
            ip: vmi
                .status
                .interfaces
                .first()
                .and_then(|i| i.ip_address.clone())
                .filter(|ip| !ip.is_empty()),
            paused: vmi
                .condition("Paused")
                .is_some_and(|c| c.status.as_deref() == Some("True")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn projects_phase_node_ip_and_pause() {
        let vmi = Vmi::from_value(&json!({
            "metadata": {"name": "web", "namespace": "prod"},
            "status": {
                "phase": "Running", "nodeName": "node-1",
                "interfaces": [{"ipAddress": "10.0.0.5", "name": "default"}],
                "conditions": [{"type": "Paused", "status": "True", "reason": "PausedByUser"}]
            }
        }));
        let s = VmiSummary::from_vmi(&vmi);
        assert_eq!(s.key.to_string(), "prod/web");
        assert_eq!(s.phase, "Running");
        assert_eq!(s.node.as_deref(), Some("node-1"));
        assert_eq!(s.ip.as_deref(), Some("10.0.0.5"));
        assert!(s.paused);
    }

    #[test]
    fn empty_object_projects_to_blanks() {
        let s = VmiSummary::from_vmi(&Vmi::from_value(&json!({})));
        assert_eq!(s.key.name, "");
        assert_eq!(s.phase, "");
        assert!(s.node.is_none() && s.ip.is_none() && !s.paused);
    }
}
