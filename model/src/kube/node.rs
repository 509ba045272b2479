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

/// The node label virt-controller sets to `false` when virt-handler stops answering
/// (`pkg/virt-controller/watch/node/node.go`).
pub const SCHEDULABLE_LABEL: &str = "kubevirt.io/schedulable";
/// The node annotation virt-handler refreshes as its heartbeat
/// (`pkg/virt-handler/heartbeat/heartbeat.go`).
pub const HEARTBEAT_ANNOTATION: &str = "kubevirt.io/heartbeat";

impl Node {
    /// virt-handler's last heartbeat on this node, when the annotation is there and readable.
    pub fn handler_heartbeat(&self) -> Option<crate::time::Timestamp> {
        self.metadata
            .annotations
            .get(HEARTBEAT_ANNOTATION)
            .and_then(|h| crate::time::Timestamp::parse(h))
    }
    /// The `kubevirt.io/schedulable` label's value, when set.
    pub fn handler_schedulable(&self) -> Option<&str> {
        self.metadata
            .labels
            .get(SCHEDULABLE_LABEL)
            .map(String::as_str)
    }
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
