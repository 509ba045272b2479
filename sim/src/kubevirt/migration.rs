//! A VM's current or last migration as objects: the VMI's `migrationState` and the
//! VirtualMachineInstanceMigration object.

use super::{Migration, Vm, cond};
use crate::clock::rfc3339;
use serde_json::{Value, json};

impl Vm {
    /// The VMIM object of the current or last migration.
    pub fn vmim(&self) -> Option<Value> {
        let m = self.migration.as_ref().filter(|m| !m.gone)?;
        Some(vmim_object(self, m))
    }
}

pub(super) fn migration_state(m: &Migration, block: bool) -> Value {
    let mut s = json!({
        "migrationUid": m.uid,
        "sourceNode": m.source_node, "sourcePod": m.source_pod,
        "mode": m.mode,
        "completed": m.completed,
        "failed": m.failed,
        "migrationNetworkType": "Pod",
        "migrationConfiguration": {
            "allowAutoConverge": false, "allowPostCopy": m.allow_post_copy, "allowWorkloadDisruption": m.allow_post_copy,
            "bandwidthPerMigration": "0Mi", "completionTimeoutPerGiB": 150, "nodeDrainTaintKey": "kubevirt.io/drain",
            "parallelMigrationsPerCluster": 5, "parallelOutboundMigrationsPerNode": 2, "progressTimeout": 150,
            "unsafeMigrationOverride": false, "maxDowntimeMs": 900, "utilityVolumesTimeout": 150,
        },
    });
    if let Some(n) = &m.target_node {
        s["targetNode"] = json!(n);
    }
    if let Some(p) = &m.target_pod {
        s["targetPod"] = json!(p);
    }
    if let Some(a) = &m.target_address {
        s["targetNodeAddress"] = json!(a);
        s["targetDirectMigrationNodePorts"] = if block {
            json!({"38421": 0, "42013": 49152})
        } else {
            json!({"38421": 0})
        };
    }
    if let Some(t) = m.start {
        s["startTimestamp"] = json!(rfc3339(t));
    }
    if let Some(t) = m.end {
        s["endTimestamp"] = json!(rfc3339(t));
        if !m.failed {
            s["targetNodeDomainDetected"] = json!(true);
            s["targetNodeDomainReadyTimestamp"] = json!(rfc3339(t));
        }
    }
    if m.abort_requested {
        s["abortRequested"] = json!(true);
    }
    if let Some(a) = m.abort_status {
        s["abortStatus"] = json!(a);
    }
    if let Some(r) = &m.failure_reason {
        s["failureReason"] = json!(r);
    }
    s
}

fn vmim_object(vm: &Vm, m: &Migration) -> Value {
    let mut md = json!({
        "name": m.name, "namespace": vm.ns, "uid": m.uid, "generation": 1,
        "creationTimestamp": rfc3339(m.created),
        "labels": {"kubevirt.io/vmi-name": vm.name},
        "annotations": {"kubevirt.io/latest-observed-api-version": "v1", "kubevirt.io/storage-observed-api-version": "v1"},
        "finalizers": ["kubevirt.io/migrationJobFinalize"],
    });
    if let Some(src) = &m.evacuation {
        md["generateName"] = json!("kubevirt-evacuation-");
        md["annotations"]["kubevirt.io/evacuationMigration"] = json!(src);
    }
    if let Some(t) = m.deleting {
        md["deletionTimestamp"] = json!(rfc3339(t));
        md["deletionGracePeriodSeconds"] = json!(0);
    }
    let mut status = json!({
        "phase": m.phase,
        "phaseTransitionTimestamps": m.phase_times.iter()
            .map(|(p, t)| json!({"phase": p, "phaseTransitionTimestamp": rfc3339(*t)})).collect::<Vec<_>>(),
    });
    if !m.conditions.is_empty() {
        status["conditions"] = json!(m.conditions);
    }
    if matches!(m.phase.as_str(), "Succeeded" | "Failed") && m.on_vmi {
        status["migrationState"] = migration_state(m, vm.block_migration());
    }
    json!({
        "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstanceMigration",
        "metadata": md, "spec": {"vmiName": vm.name}, "status": status,
    })
}

/// A VMIM condition.
pub fn vmim_condition(ty: &str, reason: &str, message: &str, t: f64) -> Value {
    cond(ty, "True", reason, message, Some(t), Some(t))
}

#[cfg(test)]
mod tests {
    use super::Migration;

    /// A range query asks for samples from before a switch to post-copy: they show the
    /// pre-copy dirty rate, not the rate after the switch.
    #[test]
    fn the_dirty_rate_before_a_switch_is_the_pre_copy_one() {
        let mut m = Migration {
            name: "m".into(),
            uid: "u".into(),
            created: 0.0,
            phase: "Running".into(),
            phase_times: Vec::new(),
            source_node: "a".into(),
            source_pod: "p".into(),
            target_node: None,
            target_pod: None,
            target_address: None,
            on_vmi: true,
            start: Some(0.0),
            end: None,
            mode: "PreCopy",
            mode_since: 0.0,
            remaining_at_mode: 1e9,
            remaining_at_start: 1e9,
            completed: false,
            failed: false,
            abort_requested: false,
            abort_status: None,
            failure_reason: None,
            total_bytes: 1e9,
            transfer_rate: 300.0,
            dirty_rate: 450.0,
            allow_post_copy: true,
            conditions: Vec::new(),
            evacuation: None,
            deleting: None,
            gone: false,
        };
        assert_eq!(m.dirty_rate_at(10.0), 450.0);
        m.mode = "PostCopy";
        m.mode_since = 25.0;
        assert_eq!(m.dirty_rate_at(10.0), 450.0);
        assert_eq!(m.dirty_rate_at(30.0), 0.0);
    }
}
