//! A Pod (in practice a virt-launcher pod), its container statuses and Multus network status.

use super::meta::{Condition, ObjectMeta, find_condition};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A Pod (a virt-launcher pod, in practice).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Pod {
    #[serde(deserialize_with = "super::lenient::any")]
    pub metadata: ObjectMeta,
    #[serde(deserialize_with = "super::lenient::any")]
    pub spec: PodSpec,
    #[serde(deserialize_with = "super::lenient::any")]
    pub status: PodStatus,
}
from_value_impl!(Pod);

/// `spec` of a Pod.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PodSpec {
    #[serde(deserialize_with = "super::lenient::string")]
    pub node_name: Option<String>,
}

/// `status` of a Pod.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PodStatus {
    #[serde(deserialize_with = "super::lenient::string")]
    pub phase: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub reason: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub message: Option<String>,
    #[serde(deserialize_with = "super::lenient::vec")]
    pub conditions: Vec<Condition>,
    #[serde(deserialize_with = "super::lenient::vec")]
    pub container_statuses: Vec<ContainerStatus>,
    #[serde(rename = "podIP", deserialize_with = "super::lenient::string")]
    pub pod_ip: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub start_time: Option<String>,
}

/// `status.containerStatuses[]`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ContainerStatus {
    #[serde(deserialize_with = "super::lenient::string")]
    pub name: Option<String>,
    #[serde(deserialize_with = "super::lenient::bool")]
    pub ready: Option<bool>,
    #[serde(deserialize_with = "super::lenient::i64")]
    pub restart_count: Option<i64>,
    /// `{waiting|running|terminated: {...}}` kept verbatim; see [`ContainerStatus::state_summary`].
    #[serde(deserialize_with = "super::lenient::value")]
    pub state: Option<Value>,
}

impl ContainerStatus {
    /// (`waiting`|`running`|`terminated`, reason) of the current state.
    pub fn state_summary(&self) -> Option<(&str, Option<&str>)> {
        let obj = self.state.as_ref()?.as_object()?;
        ["waiting", "terminated", "running"]
            .into_iter()
            .find_map(|k| {
                obj.get(k)
                    .map(|s| (k, s.get("reason").and_then(Value::as_str)))
            })
    }
}

/// Pod label naming the VMI UID a launcher pod belongs to.
pub const CREATED_BY_LABEL: &str = "kubevirt.io/created-by";
/// Pod annotation naming the VMI a launcher pod runs.
pub const DOMAIN_ANNOTATION: &str = "kubevirt.io/domain";
/// Label on a migration target pod naming its VMIM's UID (`createTargetPod`,
/// `pkg/virt-controller/watch/migration/migration.go`).
pub const MIGRATION_JOB_UID_LABEL: &str = "kubevirt.io/migrationJobUID";
/// Annotation on a migration target pod naming its VMIM (same source).
pub const MIGRATION_JOB_NAME_ANNOTATION: &str = "kubevirt.io/migrationJobName";
/// Multus network status annotation on a pod.
pub const NETWORK_STATUS_ANNOTATION: &str = "k8s.v1.cni.cncf.io/network-status";

impl Pod {
    /// `status.phase`, or `""`.
    pub fn phase(&self) -> &str {
        self.status.phase.as_deref().unwrap_or("")
    }
    /// The condition of the given type.
    pub fn condition(&self, type_: &str) -> Option<&Condition> {
        find_condition(&self.status.conditions, type_)
    }
    /// Whether the pod is live: its phase is not final (`Succeeded`, `Failed`: Kubernetes'
    /// terminal `PodPhase`s). KubeVirt keeps finished pods in `activePods` (`setActivePods`)
    /// but counts only live ones (`VMIActivePodsCount`, `pkg/controller/controller.go`), and a
    /// drain evicts only live pods. The one "not live" rule, for the diagnosis, the drain impact
    /// and the backend's drain reads.
    pub fn is_live(&self) -> bool {
        !matches!(self.phase(), "Succeeded" | "Failed")
    }
    /// Is this a virt-launcher pod (by label, annotation or name)?
    pub fn is_launcher(&self) -> bool {
        self.metadata.labels.contains_key(CREATED_BY_LABEL)
            || self.metadata.annotations.contains_key(DOMAIN_ANNOTATION)
            || self.metadata.name().starts_with("virt-launcher-")
    }
    /// The VMIM UID of a migration target pod (label [`MIGRATION_JOB_UID_LABEL`]).
    pub fn migration_job_uid(&self) -> Option<&str> {
        self.metadata
            .labels
            .get(MIGRATION_JOB_UID_LABEL)
            .map(String::as_str)
    }
    /// The VMIM name of a migration target pod (annotation [`MIGRATION_JOB_NAME_ANNOTATION`]).
    pub fn migration_job_name(&self) -> Option<&str> {
        self.metadata
            .annotations
            .get(MIGRATION_JOB_NAME_ANNOTATION)
            .map(String::as_str)
    }
    /// `spec.nodeName`.
    pub fn node(&self) -> Option<&str> {
        self.spec.node_name.as_deref().filter(|s| !s.is_empty())
    }
    /// The Multus `network-status` annotation, parsed; empty when absent or malformed.
    pub fn network_status(&self) -> Vec<NetworkStatusEntry> {
        let Some(text) = self.metadata.annotations.get(NETWORK_STATUS_ANNOTATION) else {
            return Vec::new();
        };
        // Straight into the entries when every one reads (the diagnosis asks for every VMI);
        // otherwise entry by entry through the JSON tree, an odd entry its own default.
        if let Ok(entries) = serde_json::from_str::<Vec<NetworkStatusEntry>>(text) {
            return entries;
        }
        Some(text)
            .and_then(|s| serde_json::from_str::<Value>(s).ok())
            .and_then(|v| match v {
                Value::Array(items) => Some(items.iter().map(super::lenient::from_value).collect()),
                _ => None,
            })
            .unwrap_or_default()
    }
}

/// One entry of the Multus `network-status` annotation.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct NetworkStatusEntry {
    #[serde(deserialize_with = "super::lenient::string")]
    pub name: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub interface: Option<String>,
    #[serde(deserialize_with = "super::lenient::vec")]
    pub ips: Vec<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub mac: Option<String>,
    #[serde(deserialize_with = "super::lenient::bool")]
    pub default: Option<bool>,
}
