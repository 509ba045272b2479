//! Tolerant types for a KubeVirt `VirtualMachineInstance` (kubevirt.io/v1): spec, status,
//! interfaces, guest OS info, volume and migration state.
//!
//! Old and new shapes both read (`migrationConfig` / `migrationConfiguration`, the removed
//! `deviceStatus`, missing `sourcePod` / `failureReason`).

use super::meta::{Condition, ObjectMeta, PhaseTransition, find_condition, phase_entered};
use crate::time::Timestamp;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// A VirtualMachineInstance.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Vmi {
    #[serde(deserialize_with = "super::lenient::string")]
    pub api_version: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub kind: Option<String>,
    #[serde(deserialize_with = "super::lenient::any")]
    pub metadata: ObjectMeta,
    #[serde(deserialize_with = "super::lenient::any")]
    pub spec: VmiSpec,
    #[serde(deserialize_with = "super::lenient::any")]
    pub status: VmiStatus,
}

/// The parts of `spec` Strata reads.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct VmiSpec {
    /// `None`, `LiveMigrate`, `LiveMigrateIfPossible`, `External`, or unknown verbatim. Unset
    /// means the cluster default applies.
    #[serde(deserialize_with = "super::lenient::string")]
    pub eviction_strategy: Option<String>,
    #[serde(deserialize_with = "super::lenient::any")]
    pub domain: Domain,
    #[serde(deserialize_with = "super::lenient::vec")]
    pub networks: Vec<Network>,
    #[serde(deserialize_with = "super::lenient::vec")]
    pub volumes: Vec<Value>,
}

/// `spec.domain`, the parts Strata reads.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Domain {
    #[serde(deserialize_with = "super::lenient::any")]
    pub devices: Devices,
}

/// `spec.domain.devices`, the parts Strata reads.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Devices {
    #[serde(deserialize_with = "super::lenient::vec")]
    pub interfaces: Vec<SpecInterface>,
}

/// `spec.domain.devices.interfaces[]`: the name and which binding is used.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SpecInterface {
    #[serde(deserialize_with = "super::lenient::string")]
    pub name: Option<String>,
    #[serde(deserialize_with = "super::lenient::value")]
    pub masquerade: Option<Value>,
    #[serde(deserialize_with = "super::lenient::value")]
    pub bridge: Option<Value>,
    #[serde(deserialize_with = "super::lenient::value")]
    pub sriov: Option<Value>,
    #[serde(deserialize_with = "super::lenient::value")]
    pub passt: Option<Value>,
    #[serde(deserialize_with = "super::lenient::value")]
    pub binding: Option<Value>,
    /// `up`, `down` or `absent` (`InterfaceState…` in `schema.go`; link state since v1.5).
    #[serde(deserialize_with = "super::lenient::string")]
    pub state: Option<String>,
}

impl SpecInterface {
    /// `masquerade`, `bridge`, `sriov`, `passt`, `binding:<plugin>` or `unknown`.
    pub fn binding_kind(&self) -> String {
        if self.masquerade.is_some() {
            "masquerade".into()
        } else if self.bridge.is_some() {
            "bridge".into()
        } else if self.sriov.is_some() {
            "sriov".into()
        } else if self.passt.is_some() {
            "passt".into()
        } else if let Some(b) = &self.binding {
            format!(
                "binding:{}",
                b.get("name").and_then(Value::as_str).unwrap_or("?")
            )
        } else {
            "unknown".into()
        }
    }
}

/// `spec.networks[]`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Network {
    #[serde(deserialize_with = "super::lenient::string")]
    pub name: Option<String>,
    #[serde(deserialize_with = "super::lenient::value")]
    pub pod: Option<Value>,
    #[serde(deserialize_with = "super::lenient::value")]
    pub multus: Option<Value>,
}

/// `status` of a VirtualMachineInstance (`VirtualMachineInstanceStatus` in
/// `staging/src/kubevirt.io/api/core/v1/types.go`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct VmiStatus {
    #[serde(deserialize_with = "super::lenient::string")]
    pub phase: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub node_name: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub reason: Option<String>,
    #[serde(deserialize_with = "super::lenient::vec")]
    pub conditions: Vec<Condition>,
    #[serde(deserialize_with = "super::lenient::vec")]
    pub phase_transition_timestamps: Vec<PhaseTransition>,
    #[serde(deserialize_with = "super::lenient::vec")]
    pub interfaces: Vec<Interface>,
    #[serde(rename = "guestOSInfo", deserialize_with = "super::lenient::any")]
    pub guest_os_info: GuestOsInfo,
    #[serde(deserialize_with = "super::lenient::any")]
    pub migration_state: Option<MigrationState>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub migration_method: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub migration_transport: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub qos_class: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub launcher_container_image_version: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub evacuation_node_name: Option<String>,
    /// podUID → node name. Two entries during a migration.
    #[serde(deserialize_with = "super::lenient::map")]
    pub active_pods: BTreeMap<String, String>,
    #[serde(deserialize_with = "super::lenient::vec")]
    pub volume_status: Vec<VolumeStatus>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub fs_freeze_status: Option<String>,
    #[serde(deserialize_with = "super::lenient::value")]
    pub machine: Option<Value>,
    #[serde(deserialize_with = "super::lenient::i64")]
    pub runtime_user: Option<i64>,
    #[serde(deserialize_with = "super::lenient::vec")]
    pub migrated_volumes: Vec<Value>,
    /// Removed after v1.7 (DRA device status); kept verbatim when an old cluster sends it.
    #[serde(deserialize_with = "super::lenient::value")]
    pub device_status: Option<Value>,
    #[serde(deserialize_with = "super::lenient::value")]
    pub changed_block_tracking: Option<Value>,
}

/// `status.interfaces[]` (`VirtualMachineInstanceNetworkInterface` in
/// `staging/src/kubevirt.io/api/core/v1/types.go`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Interface {
    /// Empty for guest-only interfaces.
    #[serde(deserialize_with = "super::lenient::string")]
    pub name: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub ip_address: Option<String>,
    #[serde(deserialize_with = "super::lenient::vec")]
    pub ip_addresses: Vec<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub mac: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub interface_name: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub pod_interface_name: Option<String>,
    /// Comma+space separated, e.g. `domain, guest-agent`; see [`Interface::info_sources`].
    #[serde(deserialize_with = "super::lenient::string")]
    pub info_source: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub link_state: Option<String>,
    #[serde(deserialize_with = "super::lenient::i64")]
    pub queue_count: Option<i64>,
}

impl Interface {
    /// `infoSource` split into its parts (`domain`, `guest-agent`, `multus-status`, …).
    pub fn info_sources(&self) -> Vec<&str> {
        self.info_source
            .as_deref()
            .unwrap_or("")
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect()
    }
    /// Every IP this entry reports: `ipAddresses`, plus `ipAddress` if it is not among them.
    pub fn all_ips(&self) -> Vec<&str> {
        let mut ips: Vec<&str> = self
            .ip_addresses
            .iter()
            .map(String::as_str)
            .filter(|s| !s.is_empty())
            .collect();
        if let Some(ip) = self.ip_address.as_deref().filter(|s| !s.is_empty())
            && !ips.contains(&ip)
        {
            ips.insert(0, ip);
        }
        ips
    }
}

/// `status.guestOSInfo` and `os` of the guestosinfo answer (`VirtualMachineInstanceGuestOSInfo` in
/// `staging/src/kubevirt.io/api/core/v1/types.go`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GuestOsInfo {
    #[serde(deserialize_with = "super::lenient::string")]
    pub name: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub kernel_release: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub version: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub pretty_name: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub version_id: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub kernel_version: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub machine: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub id: Option<String>,
}

impl GuestOsInfo {
    /// True when the agent filled anything in (it stays `{}` without an agent).
    pub fn is_filled(&self) -> bool {
        [
            &self.name,
            &self.pretty_name,
            &self.id,
            &self.kernel_release,
            &self.version,
        ]
        .iter()
        .any(|f| f.as_deref().is_some_and(|s| !s.is_empty()))
    }
}

/// `status.volumeStatus[]`, the parts Strata reads.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct VolumeStatus {
    #[serde(deserialize_with = "super::lenient::string")]
    pub name: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub target: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub phase: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub reason: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub message: Option<String>,
    /// `hotplugVolume` (its attachment pod): present only for a hot-plugged volume.
    #[serde(deserialize_with = "super::lenient::any")]
    pub hotplug_volume: Option<serde_json::Value>,
}

/// `status.migrationState` of a VMI, also copied into a VMIM
/// (`VirtualMachineInstanceMigrationState` in `staging/src/kubevirt.io/api/core/v1/types.go`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct MigrationState {
    #[serde(deserialize_with = "super::lenient::string")]
    pub start_timestamp: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub end_timestamp: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub target_node_domain_ready_timestamp: Option<String>,
    #[serde(deserialize_with = "super::lenient::bool")]
    pub target_node_domain_detected: Option<bool>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub target_node_address: Option<String>,
    #[serde(deserialize_with = "super::lenient::map")]
    pub target_direct_migration_node_ports: BTreeMap<String, String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub target_node: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub target_pod: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub target_attachment_pod_uid: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub source_node: Option<String>,
    /// Since ~v1.3.
    #[serde(deserialize_with = "super::lenient::string")]
    pub source_pod: Option<String>,
    /// Finished, successfully **or not**.
    #[serde(deserialize_with = "super::lenient::bool")]
    pub completed: Option<bool>,
    #[serde(deserialize_with = "super::lenient::bool")]
    pub failed: Option<bool>,
    #[serde(deserialize_with = "super::lenient::bool")]
    pub abort_requested: Option<bool>,
    /// `Succeeded`, `Failed`, `Aborting`, or unknown verbatim.
    #[serde(deserialize_with = "super::lenient::string")]
    pub abort_status: Option<String>,
    /// Since ~v1.3.
    #[serde(deserialize_with = "super::lenient::string")]
    pub failure_reason: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub migration_uid: Option<String>,
    /// `PreCopy`, `PostCopy`, `Paused`, or unknown verbatim.
    #[serde(deserialize_with = "super::lenient::string")]
    pub mode: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub migration_policy_name: Option<String>,
    #[serde(deserialize_with = "super::lenient::any")]
    pub migration_configuration: Option<MigrationConfiguration>,
    /// The ≤2019 key for the same data.
    #[serde(deserialize_with = "super::lenient::any")]
    pub migration_config: Option<MigrationConfiguration>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub migration_network_type: Option<String>,
    #[serde(deserialize_with = "super::lenient::value")]
    pub source_state: Option<Value>,
    #[serde(deserialize_with = "super::lenient::value")]
    pub target_state: Option<Value>,
}

impl MigrationState {
    /// The effective configuration, from `migrationConfiguration` or the old `migrationConfig`.
    pub fn configuration(&self) -> Option<&MigrationConfiguration> {
        self.migration_configuration
            .as_ref()
            .or(self.migration_config.as_ref())
    }
    /// `startTimestamp` parsed.
    pub fn started(&self) -> Option<Timestamp> {
        self.start_timestamp.as_deref().and_then(Timestamp::parse)
    }
    /// `endTimestamp` parsed.
    pub fn ended(&self) -> Option<Timestamp> {
        self.end_timestamp.as_deref().and_then(Timestamp::parse)
    }
    /// `completed: true`.
    pub fn is_completed(&self) -> bool {
        self.completed == Some(true)
    }
    /// `failed: true`.
    pub fn is_failed(&self) -> bool {
        self.failed == Some(true)
    }
    /// Completed and not failed: the only real success.
    pub fn is_succeeded(&self) -> bool {
        self.is_completed() && !self.is_failed()
    }
    /// Same rule as the VM controller: started and not (yet) ended. Without `now`, an unset end
    /// A decentralized (cross-cluster) migration: `sourceState` and `targetState` both present
    /// and exactly one of them with a `syncAddress` (`IsDecentralizedMigration`, `types.go`).
    pub fn is_decentralized(&self) -> bool {
        let sync = |v: &Option<Value>| {
            v.as_ref()
                .and_then(|s| s.get("syncAddress"))
                .and_then(Value::as_str)
                .is_some_and(|a| !a.is_empty())
        };
        self.source_state.is_some()
            && self.target_state.is_some()
            && (sync(&self.source_state) != sync(&self.target_state))
    }
    /// means in progress.
    pub fn is_in_progress(&self, now: Option<Timestamp>) -> bool {
        let Some(start) = self.started() else {
            return false;
        };
        if self.is_completed() {
            return false;
        }
        if let Some(now) = now
            && start > now
        {
            return false;
        }
        match (self.ended(), now) {
            (None, _) => true,
            (Some(end), Some(now)) => end > now,
            (Some(_), None) => false,
        }
    }
}

/// Effective migration options (`migrationConfiguration`, old `migrationConfig`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct MigrationConfiguration {
    #[serde(
        rename = "completionTimeoutPerGiB",
        deserialize_with = "super::lenient::i64"
    )]
    pub completion_timeout_per_gib: Option<i64>,
    #[serde(deserialize_with = "super::lenient::i64")]
    pub progress_timeout: Option<i64>,
    #[serde(deserialize_with = "super::lenient::bool")]
    pub allow_post_copy: Option<bool>,
    #[serde(deserialize_with = "super::lenient::bool")]
    pub allow_auto_converge: Option<bool>,
    #[serde(deserialize_with = "super::lenient::bool")]
    pub allow_workload_disruption: Option<bool>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub bandwidth_per_migration: Option<String>,
    #[serde(deserialize_with = "super::lenient::i64")]
    pub max_downtime_ms: Option<i64>,
    #[serde(deserialize_with = "super::lenient::i64")]
    pub utility_volumes_timeout: Option<i64>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub network: Option<String>,
}

impl Vmi {
    /// Reads a VMI from any JSON value; never fails. Fields of the wrong shape become defaults.
    pub fn from_value(value: &serde_json::Value) -> Vmi {
        super::lenient::from_value(value)
    }
}

impl super::FromJson for Vmi {
    fn from_json(value: &serde_json::Value) -> Vmi {
        Vmi::from_value(value)
    }
    fn from_owned_json(value: serde_json::Value) -> Vmi {
        super::lenient::from_owned(value)
    }
    fn from_json_text(text: &str) -> Result<Vmi, serde_json::Error> {
        super::lenient::from_text(text)
    }
}

impl Vmi {
    /// The condition of the given type, if present.
    pub fn condition(&self, type_: &str) -> Option<&Condition> {
        find_condition(&self.status.conditions, type_)
    }

    /// `namespace/name` key.
    pub fn key(&self) -> super::key::VmiKey {
        super::key::VmiKey {
            cluster: String::new(),
            namespace: self.metadata.namespace().to_string(),
            name: self.metadata.name().to_string(),
        }
    }

    /// `status.phase`, or `""`.
    pub fn phase(&self) -> &str {
        self.status.phase.as_deref().unwrap_or("")
    }

    /// `Paused=True` present.
    pub fn is_paused(&self) -> bool {
        self.condition("Paused").is_some_and(Condition::is_true)
    }

    /// `LiveMigratable` as a bool, `None` when the condition is absent or not True/False.
    pub fn live_migratable(&self) -> Option<bool> {
        let c = self.condition("LiveMigratable")?;
        if c.is_true() {
            Some(true)
        } else if c.is_false() {
            Some(false)
        } else {
            None
        }
    }

    /// `evacuationNodeName`, when set and non-empty.
    pub fn evacuation_node(&self) -> Option<&str> {
        self.status
            .evacuation_node_name
            .as_deref()
            .filter(|s| !s.is_empty())
    }

    /// The newest timestamp anywhere in the status: the best available "last written" time,
    /// because a VMI has no status subresource and no status-update stamp of its own.
    pub fn newest_status_time(&self) -> Option<Timestamp> {
        let conds = self
            .status
            .conditions
            .iter()
            .filter_map(Condition::newest_time);
        let phases = self
            .status
            .phase_transition_timestamps
            .iter()
            .filter_map(|p| {
                p.phase_transition_timestamp
                    .as_deref()
                    .and_then(Timestamp::parse)
            });
        let mig = self
            .status
            .migration_state
            .iter()
            .flat_map(|m| [m.started(), m.ended()])
            .flatten();
        conds.chain(phases).chain(mig).max()
    }

    /// When the VMI entered `phase`, from `phaseTransitionTimestamps`.
    pub fn phase_entered(&self, phase: &str) -> Option<Timestamp> {
        phase_entered(&self.status.phase_transition_timestamps, phase)
    }
}

/// The effective eviction strategy and where it came from.
pub fn effective_eviction_strategy(
    vmi: &Vmi,
    vm: Option<&super::vm::Vm>,
    cluster_default: Option<&str>,
) -> (String, &'static str) {
    if let Some(s) = vmi
        .spec
        .eviction_strategy
        .as_deref()
        .filter(|s| !s.is_empty())
    {
        (s.to_string(), "spec.evictionStrategy")
    } else if let Some(s) = vm
        .and_then(|v| v.spec.template_eviction_strategy.as_deref())
        .filter(|s| !s.is_empty())
    {
        (s.to_string(), "vm.spec.template.spec.evictionStrategy")
    } else if let Some(s) = cluster_default.filter(|s| !s.is_empty()) {
        (s.to_string(), "cluster default")
    } else {
        (
            "None".to_string(),
            "assumed: KubeVirt's default when neither the VMI nor the cluster sets one",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_unknown_fields_and_values() {
        let v = json!({
            "metadata": {"name": "a", "namespace": "ns", "futureField": 1},
            "status": {"phase": "SomethingNew", "nodeName": "n1", "extra": {"x": 1}}
        });
        let vmi = Vmi::from_value(&v);
        assert_eq!(vmi.metadata.name.as_deref(), Some("a"));
        assert_eq!(vmi.status.phase.as_deref(), Some("SomethingNew"));
    }

    #[test]
    fn wrong_shapes_do_not_lose_the_rest() {
        let v = json!({"metadata": {"name": "a", "namespace": 7}, "status": {
            "conditions": "oops", "phase": "Running",
            "interfaces": [{"ipAddress": "10.0.0.1"}, "garbage", {"ipAddress": ["x"]}],
            "activePods": {"uid1": "n1", "uid2": {"bad": 1}},
            "migrationState": {"completed": "true", "failed": 3, "mode": "PostCopy"}
        }});
        let vmi = Vmi::from_value(&v);
        assert_eq!(vmi.metadata.name.as_deref(), Some("a"));
        assert_eq!(vmi.metadata.namespace.as_deref(), Some("7"));
        assert!(vmi.status.conditions.is_empty());
        assert_eq!(vmi.phase(), "Running");
        assert_eq!(vmi.status.interfaces.len(), 2);
        assert_eq!(vmi.status.active_pods.len(), 1);
        let ms = vmi.status.migration_state.unwrap();
        assert_eq!(ms.completed, Some(true));
        assert_eq!(ms.failed, None);
        assert_eq!(ms.mode.as_deref(), Some("PostCopy"));
    }

    #[test]
    fn old_and_new_migration_config_keys() {
        let old: MigrationState =
            serde_json::from_value(json!({"migrationConfig": {"progressTimeout": 10}})).unwrap();
        let new: MigrationState = serde_json::from_value(
            json!({"migrationConfiguration": {"progressTimeout": 20, "allowPostCopy": true}}),
        )
        .unwrap();
        let both: MigrationState = serde_json::from_value(
            json!({"migrationConfig": {"progressTimeout": 10}, "migrationConfiguration": {"progressTimeout": 20}}),
        )
        .unwrap();
        assert_eq!(old.configuration().unwrap().progress_timeout, Some(10));
        assert_eq!(new.configuration().unwrap().allow_post_copy, Some(true));
        assert_eq!(both.configuration().unwrap().progress_timeout, Some(20));
    }

    #[test]
    fn info_source_splits_on_comma_space() {
        let i = Interface {
            info_source: Some("domain, guest-agent, multus-status".into()),
            ..Default::default()
        };
        assert_eq!(i.info_sources(), ["domain", "guest-agent", "multus-status"]);
    }

    #[test]
    fn in_progress_follows_the_vm_controller_rule() {
        let t = |s: &str| Timestamp::parse(s);
        let ms = MigrationState {
            start_timestamp: Some("2024-01-01T00:00:00Z".into()),
            ..Default::default()
        };
        assert!(ms.is_in_progress(t("2024-01-01T00:01:00Z")));
        assert!(!ms.is_in_progress(t("2023-12-31T00:00:00Z")));
        let done = MigrationState {
            end_timestamp: Some("2024-01-01T00:00:30Z".into()),
            ..ms.clone()
        };
        assert!(!done.is_in_progress(t("2024-01-01T00:01:00Z")));
        let completed = MigrationState {
            completed: Some(true),
            ..ms
        };
        assert!(!completed.is_in_progress(None));
    }
}
