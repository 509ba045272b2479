//! Object metadata, owner references and conditions: the parts every kind shares.

use crate::time::Timestamp;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Kubernetes object metadata, the parts Strata reads.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ObjectMeta {
    #[serde(deserialize_with = "super::lenient::string")]
    pub name: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub generate_name: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub namespace: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub uid: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub resource_version: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub creation_timestamp: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub deletion_timestamp: Option<String>,
    #[serde(deserialize_with = "super::lenient::map")]
    pub labels: BTreeMap<String, String>,
    #[serde(deserialize_with = "super::lenient::map")]
    pub annotations: BTreeMap<String, String>,
    #[serde(deserialize_with = "super::lenient::vec")]
    pub owner_references: Vec<OwnerReference>,
}

/// `metadata.ownerReferences[]`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct OwnerReference {
    #[serde(deserialize_with = "super::lenient::string")]
    pub kind: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub name: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub uid: Option<String>,
}

impl ObjectMeta {
    /// The name, or `""`.
    pub fn name(&self) -> &str {
        self.name.as_deref().unwrap_or("")
    }
    /// The namespace, or `""`.
    pub fn namespace(&self) -> &str {
        self.namespace.as_deref().unwrap_or("")
    }
    /// `metadata.creationTimestamp` parsed.
    pub fn created(&self) -> Option<Timestamp> {
        self.creation_timestamp
            .as_deref()
            .and_then(Timestamp::parse)
    }
}

/// A condition of a VMI, VMIM, VM, Pod or Node. `status` is "True", "False" or "Unknown" but kept
/// verbatim. Node conditions also carry `lastHeartbeatTime`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Condition {
    #[serde(rename = "type", deserialize_with = "super::lenient::string")]
    pub type_: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub status: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub reason: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub message: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub last_probe_time: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub last_transition_time: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub last_heartbeat_time: Option<String>,
}

impl Condition {
    /// `status == "True"`.
    pub fn is_true(&self) -> bool {
        self.status.as_deref() == Some("True")
    }
    /// `status == "False"`.
    pub fn is_false(&self) -> bool {
        self.status.as_deref() == Some("False")
    }
    /// The reason, or `""`.
    pub fn reason(&self) -> &str {
        self.reason.as_deref().unwrap_or("")
    }
    /// The message, or `""`.
    pub fn message(&self) -> &str {
        self.message.as_deref().unwrap_or("")
    }
    /// The newest of the condition's timestamps.
    pub fn newest_time(&self) -> Option<Timestamp> {
        [
            &self.last_probe_time,
            &self.last_transition_time,
            &self.last_heartbeat_time,
        ]
        .into_iter()
        .filter_map(|t| t.as_deref().and_then(Timestamp::parse))
        .max()
    }
}

/// The newest time `phase` was entered, from a `phaseTransitionTimestamps` list (VMI or VMIM).
pub fn phase_entered(list: &[PhaseTransition], phase: &str) -> Option<Timestamp> {
    list.iter()
        .filter(|p| p.phase.as_deref() == Some(phase))
        .filter_map(|p| {
            p.phase_transition_timestamp
                .as_deref()
                .and_then(Timestamp::parse)
        })
        .max()
}

/// Finds a condition by type in a list.
pub fn find_condition<'a>(conditions: &'a [Condition], type_: &str) -> Option<&'a Condition> {
    conditions
        .iter()
        .find(|c| c.type_.as_deref() == Some(type_))
}

/// `status.phaseTransitionTimestamps[]`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PhaseTransition {
    #[serde(deserialize_with = "super::lenient::string")]
    pub phase: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub phase_transition_timestamp: Option<String>,
}
