//! Tolerant types for the other objects Strata reads: VirtualMachine, VirtualMachineInstanceMigration,
//! Pod, Node, Event, the guest agent's `guestosinfo` answer and Prometheus samples.
//!
//! Same rules as [`crate::vmi`]: every field optional, unknown fields ignored, wrong shapes become
//! defaults, enum values kept verbatim. Old metric names (`kubevirt_migrate_vmi_*`) and
//! `events.k8s.io/v1` events read as well as the current ones.

use crate::time::Timestamp;
use crate::vmi::{
    Condition, GuestOsInfo, MigrationState, ObjectMeta, PhaseTransition, find_condition,
    phase_entered,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

macro_rules! from_value_impl {
    ($t:ty) => {
        impl $t {
            /// Reads the object from any JSON value; never fails.
            pub fn from_value(value: &Value) -> Self {
                crate::lenient::from_value(value)
            }
        }
    };
}

/// A VirtualMachine.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Vm {
    #[serde(deserialize_with = "crate::lenient::any")]
    pub metadata: ObjectMeta,
    #[serde(deserialize_with = "crate::lenient::any")]
    pub spec: VmSpec,
    #[serde(deserialize_with = "crate::lenient::any")]
    pub status: VmStatus,
}
from_value_impl!(Vm);

/// `spec` of a VirtualMachine, the parts Strata reads.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct VmSpec {
    #[serde(deserialize_with = "crate::lenient::string")]
    pub run_strategy: Option<String>,
    /// Deprecated boolean form of the run strategy.
    #[serde(deserialize_with = "crate::lenient::bool")]
    pub running: Option<bool>,
    /// `spec.template.spec.evictionStrategy`, lifted out.
    #[serde(
        rename = "template",
        deserialize_with = "template_eviction",
        serialize_with = "write_template_eviction"
    )]
    pub template_eviction_strategy: Option<String>,
}

/// Writes the lifted strategy back where it was read from, so a VM survives a JSON round trip
/// (the browser receives VMs serialized by the backend).
fn write_template_eviction<S: serde::Serializer>(
    v: &Option<String>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match v {
        Some(strategy) => {
            serde_json::json!({ "spec": { "evictionStrategy": strategy } }).serialize(s)
        }
        None => s.serialize_none(),
    }
}

#[cfg(test)]
mod vm_round_trip {
    #[test]
    fn template_eviction_strategy_survives_json() {
        let vm = super::Vm::from_value(&serde_json::json!({
            "metadata": {"name": "v", "namespace": "n"},
            "spec": {"template": {"spec": {"evictionStrategy": "LiveMigrate"}}}
        }));
        assert_eq!(
            vm.spec.template_eviction_strategy.as_deref(),
            Some("LiveMigrate")
        );
        let back = super::Vm::from_value(&serde_json::to_value(&vm).unwrap());
        assert_eq!(back, vm);
    }
}

fn template_eviction<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let v = Value::deserialize(d)?;
    Ok(v.pointer("/spec/evictionStrategy")
        .and_then(crate::lenient::scalar_string))
}

/// `status` of a VirtualMachine.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct VmStatus {
    #[serde(deserialize_with = "crate::lenient::string")]
    pub printable_status: Option<String>,
    #[serde(deserialize_with = "crate::lenient::bool")]
    pub ready: Option<bool>,
    #[serde(deserialize_with = "crate::lenient::bool")]
    pub created: Option<bool>,
    #[serde(deserialize_with = "crate::lenient::vec")]
    pub conditions: Vec<Condition>,
    #[serde(deserialize_with = "crate::lenient::value")]
    pub start_failure: Option<Value>,
}

impl Vm {
    /// The effective run strategy: `spec.runStrategy`, else derived from `spec.running`.
    pub fn run_strategy(&self) -> Option<String> {
        self.spec.run_strategy.clone().or_else(|| {
            self.spec.running.map(|r| {
                if r {
                    "Always".to_string()
                } else {
                    "Halted".to_string()
                }
            })
        })
    }
}

/// A VirtualMachineInstanceMigration.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Vmim {
    #[serde(deserialize_with = "crate::lenient::any")]
    pub metadata: ObjectMeta,
    #[serde(deserialize_with = "crate::lenient::any")]
    pub spec: VmimSpec,
    #[serde(deserialize_with = "crate::lenient::any")]
    pub status: VmimStatus,
}
from_value_impl!(Vmim);

/// `spec` of a VMIM.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct VmimSpec {
    #[serde(deserialize_with = "crate::lenient::string")]
    pub vmi_name: Option<String>,
    #[serde(deserialize_with = "crate::lenient::map")]
    pub added_node_selector: BTreeMap<String, String>,
    #[serde(deserialize_with = "crate::lenient::string")]
    pub priority: Option<String>,
    #[serde(deserialize_with = "crate::lenient::value")]
    pub send_to: Option<Value>,
    #[serde(deserialize_with = "crate::lenient::value")]
    pub receive: Option<Value>,
}

/// `status` of a VMIM.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct VmimStatus {
    #[serde(deserialize_with = "crate::lenient::string")]
    pub phase: Option<String>,
    #[serde(deserialize_with = "crate::lenient::vec")]
    pub conditions: Vec<Condition>,
    #[serde(deserialize_with = "crate::lenient::vec")]
    pub phase_transition_timestamps: Vec<PhaseTransition>,
    #[serde(deserialize_with = "crate::lenient::any")]
    pub migration_state: Option<MigrationState>,
}

impl Vmim {
    /// `status.phase`, or `""`.
    pub fn phase(&self) -> &str {
        self.status.phase.as_deref().unwrap_or("")
    }
    /// `Succeeded` or `Failed`.
    pub fn is_final(&self) -> bool {
        matches!(self.phase(), "Succeeded" | "Failed")
    }
    /// The condition of the given type.
    pub fn condition(&self, type_: &str) -> Option<&Condition> {
        find_condition(&self.status.conditions, type_)
    }
    /// When the VMIM entered `phase`.
    pub fn phase_entered(&self, phase: &str) -> Option<Timestamp> {
        phase_entered(&self.status.phase_transition_timestamps, phase)
    }
}

/// A Pod (a virt-launcher pod, in practice).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Pod {
    #[serde(deserialize_with = "crate::lenient::any")]
    pub metadata: ObjectMeta,
    #[serde(deserialize_with = "crate::lenient::any")]
    pub spec: PodSpec,
    #[serde(deserialize_with = "crate::lenient::any")]
    pub status: PodStatus,
}
from_value_impl!(Pod);

/// `spec` of a Pod.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PodSpec {
    #[serde(deserialize_with = "crate::lenient::string")]
    pub node_name: Option<String>,
}

/// `status` of a Pod.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PodStatus {
    #[serde(deserialize_with = "crate::lenient::string")]
    pub phase: Option<String>,
    #[serde(deserialize_with = "crate::lenient::string")]
    pub reason: Option<String>,
    #[serde(deserialize_with = "crate::lenient::string")]
    pub message: Option<String>,
    #[serde(deserialize_with = "crate::lenient::vec")]
    pub conditions: Vec<Condition>,
    #[serde(deserialize_with = "crate::lenient::vec")]
    pub container_statuses: Vec<ContainerStatus>,
    #[serde(rename = "podIP", deserialize_with = "crate::lenient::string")]
    pub pod_ip: Option<String>,
    #[serde(deserialize_with = "crate::lenient::string")]
    pub start_time: Option<String>,
}

/// `status.containerStatuses[]`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ContainerStatus {
    #[serde(deserialize_with = "crate::lenient::string")]
    pub name: Option<String>,
    #[serde(deserialize_with = "crate::lenient::bool")]
    pub ready: Option<bool>,
    #[serde(deserialize_with = "crate::lenient::i64")]
    pub restart_count: Option<i64>,
    /// `{waiting|running|terminated: {...}}` kept verbatim; see [`ContainerStatus::state_summary`].
    #[serde(deserialize_with = "crate::lenient::value")]
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
    /// Is this a virt-launcher pod (by label, annotation or name)?
    pub fn is_launcher(&self) -> bool {
        self.metadata.labels.contains_key(CREATED_BY_LABEL)
            || self.metadata.annotations.contains_key(DOMAIN_ANNOTATION)
            || self.metadata.name().starts_with("virt-launcher-")
    }
    /// `spec.nodeName`.
    pub fn node(&self) -> Option<&str> {
        self.spec.node_name.as_deref().filter(|s| !s.is_empty())
    }
    /// The Multus `network-status` annotation, parsed; empty when absent or malformed.
    pub fn network_status(&self) -> Vec<NetworkStatusEntry> {
        self.metadata
            .annotations
            .get(NETWORK_STATUS_ANNOTATION)
            .and_then(|s| serde_json::from_str::<Value>(s).ok())
            .and_then(|v| match v {
                Value::Array(items) => Some(items.iter().map(crate::lenient::from_value).collect()),
                _ => None,
            })
            .unwrap_or_default()
    }
}

/// One entry of the Multus `network-status` annotation.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct NetworkStatusEntry {
    #[serde(deserialize_with = "crate::lenient::string")]
    pub name: Option<String>,
    #[serde(deserialize_with = "crate::lenient::string")]
    pub interface: Option<String>,
    #[serde(deserialize_with = "crate::lenient::vec")]
    pub ips: Vec<String>,
    #[serde(deserialize_with = "crate::lenient::string")]
    pub mac: Option<String>,
    #[serde(deserialize_with = "crate::lenient::bool")]
    pub default: Option<bool>,
}

/// A Node.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Node {
    #[serde(deserialize_with = "crate::lenient::any")]
    pub metadata: ObjectMeta,
    #[serde(deserialize_with = "crate::lenient::any")]
    pub spec: NodeSpec,
    #[serde(deserialize_with = "crate::lenient::any")]
    pub status: NodeStatus,
}
from_value_impl!(Node);

/// `spec` of a Node.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct NodeSpec {
    #[serde(deserialize_with = "crate::lenient::bool")]
    pub unschedulable: Option<bool>,
    #[serde(deserialize_with = "crate::lenient::vec")]
    pub taints: Vec<Taint>,
}

/// `spec.taints[]`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Taint {
    #[serde(deserialize_with = "crate::lenient::string")]
    pub key: Option<String>,
    #[serde(deserialize_with = "crate::lenient::string")]
    pub value: Option<String>,
    #[serde(deserialize_with = "crate::lenient::string")]
    pub effect: Option<String>,
}

/// `status` of a Node.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct NodeStatus {
    #[serde(deserialize_with = "crate::lenient::vec")]
    pub conditions: Vec<Condition>,
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

/// A core/v1 Event (an `events.k8s.io/v1` Event reads too: `regarding` and `note` are mapped).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Event {
    #[serde(deserialize_with = "crate::lenient::any")]
    pub metadata: ObjectMeta,
    #[serde(deserialize_with = "crate::lenient::any")]
    pub involved_object: InvolvedObject,
    #[serde(deserialize_with = "crate::lenient::string")]
    pub reason: Option<String>,
    #[serde(deserialize_with = "crate::lenient::string")]
    pub message: Option<String>,
    /// `Normal` or `Warning`.
    #[serde(rename = "type", deserialize_with = "crate::lenient::string")]
    pub type_: Option<String>,
    #[serde(deserialize_with = "crate::lenient::string")]
    pub first_timestamp: Option<String>,
    #[serde(deserialize_with = "crate::lenient::string")]
    pub last_timestamp: Option<String>,
    #[serde(deserialize_with = "crate::lenient::string")]
    pub event_time: Option<String>,
    #[serde(deserialize_with = "crate::lenient::i64")]
    pub count: Option<i64>,
}

/// `involvedObject` (or `regarding`) of an Event.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct InvolvedObject {
    #[serde(deserialize_with = "crate::lenient::string")]
    pub kind: Option<String>,
    #[serde(deserialize_with = "crate::lenient::string")]
    pub name: Option<String>,
    #[serde(deserialize_with = "crate::lenient::string")]
    pub namespace: Option<String>,
    #[serde(deserialize_with = "crate::lenient::string")]
    pub uid: Option<String>,
}

impl Event {
    /// Reads an Event of either API group from any JSON value; never fails.
    pub fn from_value(value: &Value) -> Event {
        let mut e: Event = crate::lenient::from_value(value);
        if e.involved_object == InvolvedObject::default()
            && let Some(r) = value.get("regarding")
        {
            e.involved_object = crate::lenient::from_value(r);
        }
        if e.message.is_none() {
            e.message = value.get("note").and_then(crate::lenient::scalar_string);
        }
        if e.last_timestamp.is_none() {
            e.last_timestamp = value
                .get("deprecatedLastTimestamp")
                .and_then(crate::lenient::scalar_string);
        }
        e
    }
    /// The best timestamp: `lastTimestamp`, `eventTime`, `firstTimestamp`, creation time.
    pub fn time(&self) -> Option<Timestamp> {
        [
            &self.last_timestamp,
            &self.event_time,
            &self.first_timestamp,
            &self.metadata.creation_timestamp,
        ]
        .into_iter()
        .find_map(|t| t.as_deref().and_then(Timestamp::parse))
    }
    /// The reason, or `""`.
    pub fn reason(&self) -> &str {
        self.reason.as_deref().unwrap_or("")
    }
    /// The message, or `""`.
    pub fn message(&self) -> &str {
        self.message.as_deref().unwrap_or("")
    }
    /// `type == Warning`.
    pub fn is_warning(&self) -> bool {
        self.type_.as_deref() == Some("Warning")
    }
}

/// The answer of the `guestosinfo` subresource (`VirtualMachineInstanceGuestAgentInfo`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GuestAgentInfo {
    #[serde(deserialize_with = "crate::lenient::any")]
    pub metadata: ObjectMeta,
    #[serde(deserialize_with = "crate::lenient::string")]
    pub guest_agent_version: Option<String>,
    #[serde(deserialize_with = "crate::lenient::vec")]
    pub supported_commands: Vec<GuestAgentCommand>,
    #[serde(deserialize_with = "crate::lenient::string")]
    pub hostname: Option<String>,
    #[serde(deserialize_with = "crate::lenient::any")]
    pub os: GuestOsInfo,
    /// `"<zone>, <offsetSeconds>"`.
    #[serde(deserialize_with = "crate::lenient::string")]
    pub timezone: Option<String>,
    #[serde(deserialize_with = "crate::lenient::vec")]
    pub user_list: Vec<Value>,
    #[serde(deserialize_with = "crate::lenient::any")]
    pub fs_info: FsInfo,
    #[serde(deserialize_with = "crate::lenient::string")]
    pub fs_freeze_status: Option<String>,
}
from_value_impl!(GuestAgentInfo);

/// `supportedCommands[]`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GuestAgentCommand {
    #[serde(deserialize_with = "crate::lenient::string")]
    pub name: Option<String>,
    #[serde(deserialize_with = "crate::lenient::bool")]
    pub enabled: Option<bool>,
}

/// `fsInfo` (wrapper key `disks`, capped at 10).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct FsInfo {
    #[serde(deserialize_with = "crate::lenient::vec")]
    pub disks: Vec<GuestFilesystem>,
}

/// One guest filesystem.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GuestFilesystem {
    #[serde(deserialize_with = "crate::lenient::string")]
    pub disk_name: Option<String>,
    #[serde(deserialize_with = "crate::lenient::string")]
    pub mount_point: Option<String>,
    #[serde(deserialize_with = "crate::lenient::string")]
    pub file_system_type: Option<String>,
    #[serde(deserialize_with = "crate::lenient::f64")]
    pub used_bytes: Option<f64>,
    #[serde(deserialize_with = "crate::lenient::f64")]
    pub total_bytes: Option<f64>,
}

/// The basic commands KubeVirt requires of the guest agent (facts.md §2.2).
pub const REQUIRED_AGENT_COMMANDS: &[&str] = &[
    "guest-ping",
    "guest-get-time",
    "guest-info",
    "guest-shutdown",
    "guest-network-get-interfaces",
    "guest-get-fsinfo",
    "guest-get-host-name",
    "guest-get-users",
    "guest-get-timezone",
    "guest-get-osinfo",
];

impl GuestAgentInfo {
    /// Required basic commands the agent does not list as supported and enabled. Empty when the
    /// answer lists no commands at all (nothing to compare).
    pub fn missing_required_commands(&self) -> Vec<&'static str> {
        if self.supported_commands.is_empty() {
            return Vec::new();
        }
        REQUIRED_AGENT_COMMANDS
            .iter()
            .copied()
            .filter(|req| {
                !self
                    .supported_commands
                    .iter()
                    .any(|c| c.name.as_deref() == Some(req) && c.enabled != Some(false))
            })
            .collect()
    }
}

/// What the guest agent endpoints answered, when they did not answer with data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum GuestAgentAnswer {
    /// The `guestosinfo` data.
    Info(Box<GuestAgentInfo>),
    /// 409 "VMI does not have guest agent connected".
    NotConnected,
    /// 409 "VMI is not running".
    NotRunning,
    /// Any other error (500 while proxying, timeouts), verbatim.
    Error { message: String },
}

/// One Prometheus sample.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct MetricSample {
    /// The metric name as scraped (old names kept; see [`MetricSample::migration_metric`]).
    pub name: String,
    pub labels: BTreeMap<String, String>,
    pub value: f64,
    pub timestamp: Option<Timestamp>,
}

/// The migration series, under old (`kubevirt_migrate_vmi_*`, ≤ v1.0) and new
/// (`kubevirt_vmi_migration_*`) names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MigrationMetric {
    DataTotal,
    DataRemaining,
    DataProcessed,
    DirtyRate,
    TransferRate,
}

impl MetricSample {
    /// Which migration series this is, if any.
    pub fn migration_metric(&self) -> Option<MigrationMetric> {
        let rest = self
            .name
            .strip_prefix("kubevirt_vmi_migration_")
            .or_else(|| self.name.strip_prefix("kubevirt_migrate_vmi_"))?;
        Some(match rest {
            "data_bytes_total" | "data_total_bytes" => MigrationMetric::DataTotal,
            "data_remaining_bytes" => MigrationMetric::DataRemaining,
            "data_processed_bytes" => MigrationMetric::DataProcessed,
            "dirty_memory_rate_bytes" => MigrationMetric::DirtyRate,
            "memory_transfer_rate_bytes" => MigrationMetric::TransferRate,
            _ => return None,
        })
    }
    /// The `namespace`/`name` labels (`vmi` for the per-VMIM gauges).
    pub fn vmi_key(&self) -> Option<(String, String)> {
        let ns = self.labels.get("namespace")?;
        let name = self.labels.get("name").or_else(|| self.labels.get("vmi"))?;
        Some((ns.clone(), name.clone()))
    }

    /// Reads a Prometheus HTTP API answer (`{"status":"success","data":{"resultType":
    /// "vector"|"matrix","result":[...]}}`, or only its `data` or `result`), one sample per point.
    pub fn from_prometheus_json(v: &Value) -> Vec<MetricSample> {
        let result = v
            .pointer("/data/result")
            .or_else(|| v.get("result"))
            .or(if v.is_array() { Some(v) } else { None });
        let Some(Value::Array(series)) = result else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for s in series {
            let labels: BTreeMap<String, String> = s
                .get("metric")
                .and_then(Value::as_object)
                .map(|m| {
                    m.iter()
                        .filter_map(|(k, v)| {
                            crate::lenient::scalar_string(v).map(|v| (k.clone(), v))
                        })
                        .collect()
                })
                .unwrap_or_default();
            let name = labels.get("__name__").cloned().unwrap_or_default();
            let points: Vec<&Value> = match (s.get("value"), s.get("values")) {
                (Some(p), _) => vec![p],
                (None, Some(Value::Array(ps))) => ps.iter().collect(),
                _ => Vec::new(),
            };
            for p in points {
                let (Some(ts), Some(val)) = (p.get(0), p.get(1)) else {
                    continue;
                };
                let Some(value) = crate::lenient::number(val) else {
                    continue;
                };
                out.push(MetricSample {
                    name: name.clone(),
                    labels: labels.clone(),
                    value,
                    timestamp: crate::lenient::number(ts).and_then(Timestamp::from_unix_seconds),
                });
            }
        }
        out
    }

    /// Reads Prometheus text exposition format (`name{l="v"} value [ts_ms]`); lines that do
    /// not parse are skipped.
    pub fn from_exposition(text: &str) -> Vec<MetricSample> {
        text.lines().filter_map(parse_exposition_line).collect()
    }
}

fn parse_exposition_line(line: &str) -> Option<MetricSample> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    let name_end = line.find(|c: char| c == '{' || c.is_whitespace())?;
    let name = &line[..name_end];
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
    {
        return None;
    }
    let mut rest = &line[name_end..];
    let mut labels = BTreeMap::new();
    if rest.starts_with('{') {
        let close = find_label_end(rest)?;
        let body = &rest[1..close];
        let bytes = body;
        let mut start = 0;
        while start < bytes.len() {
            let eq = bytes[start..].find('=')? + start;
            let key = bytes[start..eq]
                .trim()
                .trim_start_matches(',')
                .trim()
                .to_string();
            let after = &bytes[eq + 1..];
            if !after.starts_with('"') {
                return None;
            }
            let mut val = String::new();
            let mut escaped = false;
            let mut end = None;
            for (i, c) in after[1..].char_indices() {
                if escaped {
                    val.push(match c {
                        'n' => '\n',
                        other => other,
                    });
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == '"' {
                    end = Some(eq + 1 + 1 + i + 1);
                    break;
                } else {
                    val.push(c);
                }
            }
            let end = end?;
            labels.insert(key, val);
            start = end;
            while start < bytes.len()
                && (bytes.as_bytes()[start] == b',' || bytes.as_bytes()[start] == b' ')
            {
                start += 1;
            }
        }
        rest = &rest[close + 1..];
    }
    let mut parts = rest.split_whitespace();
    let value = match parts.next()? {
        "+Inf" => f64::INFINITY,
        "-Inf" => f64::NEG_INFINITY,
        v => v.parse::<f64>().ok()?,
    };
    let timestamp = parts
        .next()
        .and_then(|t| t.parse::<i64>().ok())
        .map(Timestamp);
    Some(MetricSample {
        name: name.to_string(),
        labels,
        value,
        timestamp,
    })
}

fn find_label_end(s: &str) -> Option<usize> {
    let mut in_str = false;
    let mut escaped = false;
    for (i, c) in s.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if in_str => escaped = true,
            '"' => in_str = !in_str,
            '}' if !in_str => return Some(i),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn old_and_new_migration_metric_names() {
        let m = |n: &str| {
            MetricSample {
                name: n.into(),
                ..Default::default()
            }
            .migration_metric()
        };
        assert_eq!(
            m("kubevirt_migrate_vmi_data_remaining_bytes"),
            Some(MigrationMetric::DataRemaining)
        );
        assert_eq!(
            m("kubevirt_vmi_migration_data_remaining_bytes"),
            Some(MigrationMetric::DataRemaining)
        );
        assert_eq!(
            m("kubevirt_vmi_migration_data_total_bytes"),
            Some(MigrationMetric::DataTotal)
        );
        assert_eq!(
            m("kubevirt_vmi_migration_data_bytes_total"),
            Some(MigrationMetric::DataTotal)
        );
        assert_eq!(
            m("kubevirt_migrate_vmi_dirty_memory_rate_bytes"),
            Some(MigrationMetric::DirtyRate)
        );
        assert_eq!(m("kubevirt_vmi_migration_disk_transfer_rate_bytes"), None);
        assert_eq!(m("kubevirt_vmi_cpu_usage_seconds_total"), None);
    }

    #[test]
    fn reads_prometheus_vector_and_matrix() {
        let v = json!({"status": "success", "data": {"resultType": "matrix", "result": [
            {"metric": {"__name__": "kubevirt_vmi_migration_data_remaining_bytes", "namespace": "ns", "name": "vm"},
             "values": [[1700000000, "100"], [1700000005.5, "50"], [1700000010, "NaN?"]]}]}});
        let s = MetricSample::from_prometheus_json(&v);
        assert_eq!(s.len(), 2);
        assert_eq!(s[1].value, 50.0);
        assert_eq!(s[1].timestamp, Some(Timestamp(1_700_000_005_500)));
        assert_eq!(s[0].vmi_key(), Some(("ns".into(), "vm".into())));
    }

    #[test]
    fn reads_exposition_lines() {
        let s = MetricSample::from_exposition(
            "# HELP x\nkubevirt_vmi_migration_memory_transfer_rate_bytes{name=\"vm\",namespace=\"ns\",node=\"n\\\"1\"} 1.5e+08 1700000000000\nbroken{ 1\n",
        );
        assert_eq!(s.len(), 1);
        assert_eq!(s[0].labels["node"], "n\"1");
        assert_eq!(s[0].value, 1.5e8);
        assert_eq!(s[0].timestamp, Some(Timestamp(1_700_000_000_000)));
    }

    #[test]
    fn events_of_both_api_groups() {
        let core = Event::from_value(
            &json!({"involvedObject": {"kind": "VirtualMachineInstance", "name": "a"},
            "reason": "SyncFailed", "message": "m", "type": "Warning", "lastTimestamp": "2024-01-01T00:00:00Z"}),
        );
        let new = Event::from_value(
            &json!({"apiVersion": "events.k8s.io/v1", "regarding": {"kind": "VirtualMachineInstance", "name": "a"},
            "reason": "SyncFailed", "note": "m", "type": "Warning", "eventTime": "2024-01-01T00:00:00.000000Z"}),
        );
        assert_eq!(core.involved_object.name, new.involved_object.name);
        assert_eq!(core.message, new.message);
        assert_eq!(core.time(), new.time());
        assert!(new.is_warning());
    }

    #[test]
    fn missing_agent_commands() {
        let info = GuestAgentInfo::from_value(&json!({"supportedCommands": [
            {"name": "guest-ping", "enabled": true}, {"name": "guest-info", "enabled": false}]}));
        let missing = info.missing_required_commands();
        assert!(missing.contains(&"guest-info"));
        assert!(!missing.contains(&"guest-ping"));
        assert!(
            GuestAgentInfo::default()
                .missing_required_commands()
                .is_empty()
        );
    }

    #[test]
    fn vm_template_eviction_and_run_strategy() {
        let vm = Vm::from_value(
            &json!({"spec": {"running": true, "template": {"spec": {"evictionStrategy": "LiveMigrate"}}}}),
        );
        assert_eq!(vm.run_strategy().as_deref(), Some("Always"));
        assert_eq!(
            vm.spec.template_eviction_strategy.as_deref(),
            Some("LiveMigrate")
        );
    }
}
