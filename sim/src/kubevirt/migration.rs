//! A VM's current or last migration: the libvirt progress model, the VMI's `migrationState` and
//! the VirtualMachineInstanceMigration object.

use super::{Vm, cond};
use crate::clock::rfc3339;
use serde_json::{Value, json};

/// The current or last migration of a VM.
#[derive(Debug, Clone, PartialEq)]
pub struct Migration {
    pub name: String,
    pub uid: String,
    pub created: f64,
    /// VMIM phase.
    pub phase: String,
    pub phase_times: Vec<(String, f64)>,
    pub source_node: String,
    pub source_pod: String,
    pub target_node: Option<String>,
    pub target_pod: Option<String>,
    pub target_address: Option<String>,
    /// Whether the VMI shows `migrationState` (false until the target pod runs).
    pub on_vmi: bool,
    pub start: Option<f64>,
    pub end: Option<f64>,
    pub mode: &'static str,
    pub mode_since: f64,
    pub remaining_at_mode: f64,
    /// Bytes to send when the pre-copy began (`remaining_at_mode` moves at a switch).
    pub remaining_at_start: f64,
    pub completed: bool,
    pub failed: bool,
    pub abort_requested: bool,
    pub abort_status: Option<&'static str>,
    pub failure_reason: Option<String>,
    pub total_bytes: f64,
    pub transfer_rate: f64,
    pub dirty_rate: f64,
    pub allow_post_copy: bool,
    pub conditions: Vec<Value>,
    /// Source node, for evacuation migrations.
    pub evacuation: Option<String>,
    pub deleting: Option<f64>,
    /// The VMIM object was deleted (the VMI keeps its migrationState).
    pub gone: bool,
}

impl Migration {
    /// Bytes still to send at `t` (the libvirt DataRemaining model), at any `t` of the
    /// migration's course, so a range query asked after a switch or after the end still sees
    /// the pre-copy it followed. Pre-copy sends at the transfer rate while the guest dirties at
    /// its rate; after the switch to PostCopy (the target pulls the missing pages) or Paused (the
    /// guest stops dirtying) nothing is dirtied any more and the rest falls at the transfer rate
    /// to nothing, which is when the transfer ends. Past the end it stays where it ended.
    pub fn remaining(&self, t: f64) -> f64 {
        let Some(start) = self.start else {
            return self.total_bytes;
        };
        let t = self.end.map_or(t, |e| t.min(e));
        if self.completed && !self.failed && self.end.is_some_and(|e| t >= e) {
            return 0.0;
        }
        if self.mode != "PreCopy" && t >= self.mode_since {
            let dt = t - self.mode_since;
            return (self.remaining_at_mode - self.transfer_rate * dt).max(0.0);
        }
        let dt = (t - start).max(0.0);
        let r0 = self.remaining_at_start;
        let net = self.transfer_rate - self.dirty_rate;
        if net > 0.0 {
            (r0 - net * dt).max(self.total_bytes * 0.002)
        } else {
            // Not converging: each iteration resends what the guest dirtied; it hovers.
            r0 * (1.0 + 0.04 * (dt / 7.0).sin())
        }
    }

    /// Bytes sent so far at `t` (nothing more after the end).
    pub fn processed(&self, t: f64) -> f64 {
        let t = self.end.map_or(t, |e| t.min(e));
        match self.start {
            Some(s) => self.transfer_rate * (t - s).max(0.0),
            None => 0.0,
        }
    }

    /// The effective dirty rate at `t` (zero once the guest is paused or in post-copy: the one
    /// switch away from PreCopy happened at `mode_since`, so earlier samples were pre-copy).
    pub fn dirty_rate_at(&self, t: f64) -> f64 {
        if self.mode == "PreCopy" || t < self.mode_since {
            self.dirty_rate
        } else {
            0.0
        }
    }

    /// Whether it was in progress at `t`: started and not yet ended. virt-handler polls a
    /// migration's domain stats only while it is in progress
    /// (`pkg/monitoring/metrics/virt-handler/migrationdomainstats/queue.go`,
    /// `isMigrationFinished`), so its series exist only then.
    pub fn active_at(&self, t: f64) -> bool {
        self.start.is_some_and(|s| t >= s) && self.end.is_none_or(|e| t <= e)
    }

    /// Whether it is in progress in the sense of `migrations.IsMigrating`.
    pub fn active(&self) -> bool {
        self.start.is_some() && self.end.is_none()
    }
}

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
