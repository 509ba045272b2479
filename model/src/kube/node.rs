//! A Node: schedulability, taints, conditions, allocatable and capacity.

use super::meta::{Condition, ObjectMeta, find_condition};
use crate::time::Timestamp;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A Node.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Node {
    #[serde(deserialize_with = "super::lenient::any")]
    pub metadata: ObjectMeta,
    #[serde(deserialize_with = "super::lenient::any")]
    pub spec: NodeSpec,
    #[serde(deserialize_with = "super::lenient::any")]
    pub status: NodeStatus,
}
from_value_impl!(Node);

/// `spec` of a Node.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct NodeSpec {
    #[serde(deserialize_with = "super::lenient::bool")]
    pub unschedulable: Option<bool>,
    #[serde(deserialize_with = "super::lenient::vec")]
    pub taints: Vec<Taint>,
}

/// `spec.taints[]`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Taint {
    #[serde(deserialize_with = "super::lenient::string")]
    pub key: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub value: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub effect: Option<String>,
}

/// `status` of a Node.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct NodeStatus {
    #[serde(deserialize_with = "super::lenient::vec")]
    pub conditions: Vec<Condition>,
    /// `status.allocatable` (quantities kept as text, such as `devices.kubevirt.io/kvm: "0"`).
    #[serde(
        deserialize_with = "super::lenient::map",
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    pub allocatable: BTreeMap<String, String>,
    /// `status.capacity`.
    #[serde(
        deserialize_with = "super::lenient::map",
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    pub capacity: BTreeMap<String, String>,
}

impl Node {
    /// The `Ready` condition.
    pub fn ready(&self) -> Option<&Condition> {
        find_condition(&self.status.conditions, "Ready")
    }
    /// The newest `lastHeartbeatTime` of any condition.
    pub fn last_heartbeat(&self) -> Option<Timestamp> {
        self.status
            .conditions
            .iter()
            .filter_map(|c| c.last_heartbeat_time.as_deref().and_then(Timestamp::parse))
            .max()
    }
    /// Cordoned (`spec.unschedulable`).
    pub fn is_cordoned(&self) -> bool {
        self.spec.unschedulable == Some(true)
    }
}
