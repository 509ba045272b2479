//! Tolerant serde types for the Kubernetes and KubeVirt objects Strata reads, one file per kind.
//!
//! Every field is optional, unknown fields are ignored, a field of the wrong shape becomes its
//! default (see [`lenient`]) and enum-like values are kept as strings, so any object a real
//! cluster (of any KubeVirt version) produces deserializes. Old metric names
//! (`kubevirt_migrate_vmi_*`) and `events.k8s.io/v1` events read as well as the current ones.
//! This module is a leaf: it uses nothing of the model but [`crate::time`].

macro_rules! from_value_impl {
    ($t:ty) => {
        impl $t {
            /// Reads the object from any JSON value; never fails.
            pub fn from_value(value: &serde_json::Value) -> Self {
                super::lenient::from_value(value)
            }
        }

        impl super::FromJson for $t {
            fn from_json(value: &serde_json::Value) -> Self {
                <$t>::from_value(value)
            }
            fn from_owned_json(value: serde_json::Value) -> Self {
                super::lenient::from_owned(value)
            }
            fn from_json_text(text: &str) -> Result<Self, serde_json::Error> {
                super::lenient::from_text(text)
            }
        }
    };
}

/// A kind read from any JSON value by its own reader (`from_value`: field-level tolerance,
/// and a kind's own rules, such as an `events.k8s.io/v1` event's `regarding` and `note`);
/// never fails. What a watched object is read with.
pub trait FromJson: Sized {
    fn from_json(value: &serde_json::Value) -> Self;
    /// [`FromJson::from_json`] of a value not needed after: the same reading, its strings
    /// moved into the result rather than copied (where the kind's reader allows).
    fn from_owned_json(value: serde_json::Value) -> Self {
        Self::from_json(&value)
    }
    /// [`FromJson::from_json`] of the value `text` holds, read from the text (where the kind's
    /// reader allows, without building the value: [`lenient::from_text`]). Fails only on text
    /// that is not JSON.
    fn from_json_text(text: &str) -> Result<Self, serde_json::Error> {
        Ok(Self::from_owned_json(serde_json::from_str(text)?))
    }
}

pub mod event;
pub mod guest_agent;
pub mod key;
pub mod lenient;
pub mod meta;
pub mod metric_names;
pub mod metrics;
pub mod node;
pub mod pod;
pub mod vm;
pub mod vmi;
pub mod vmim;

pub use event::{Event, InvolvedObject};
pub use guest_agent::{
    FsInfo, GuestAgentAnswer, GuestAgentCommand, GuestAgentInfo, GuestAgentResult, GuestFilesystem,
    REQUIRED_AGENT_COMMANDS,
};
pub use key::VmiKey;
pub use meta::{
    Condition, ObjectMeta, OwnerReference, PhaseTransition, find_condition, phase_entered,
};
pub use metrics::{MetricSample, MigrationMetric};
pub use node::{Node, NodeSpec, NodeStatus, Taint};
pub use pod::{
    CREATED_BY_LABEL, ContainerStatus, DOMAIN_ANNOTATION, MIGRATION_JOB_NAME_ANNOTATION,
    MIGRATION_JOB_UID_LABEL, NETWORK_STATUS_ANNOTATION, NetworkStatusEntry, Pod, PodSpec,
    PodStatus,
};
pub use vm::{Vm, VmSpec, VmStatus};
pub use vmi::Vmi;
pub use vmim::{Vmim, VmimSpec, VmimStatus};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::Timestamp;
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
        // v1.1 to v1.6 export the memory rate under the disk name.
        assert_eq!(
            m("kubevirt_vmi_migration_disk_transfer_rate_bytes"),
            Some(MigrationMetric::TransferRate)
        );
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
