//! The VirtualMachine object that owns a VMI, with its `printableStatus`.

use super::{Vm, cond};
use crate::clock::rfc3339;
use serde_json::{Map, Value, json};

impl Vm {
    /// The VirtualMachine's `printableStatus`, in the VM controller's order
    /// (`pkg/virt-controller/watch/vm/vm.go`, `setPrintableStatus`).
    pub fn printable_status(&self) -> &'static str {
        if self.migration.as_ref().is_some_and(|m| m.active()) {
            return "Migrating";
        }
        match self.phase.as_str() {
            "Running" if self.paused.is_some() => "Paused",
            "Running" => "Running",
            "Scheduling" if self.pod.as_ref().is_some_and(|p| p.unschedulable.is_some()) => {
                "ErrorUnschedulable"
            }
            "Pending" | "Scheduling" | "Scheduled" | "" => "Starting",
            "Failed" | "Succeeded" => "Stopped",
            _ => "Unknown",
        }
    }

    /// The VirtualMachine object (None for a standalone VMI).
    pub fn vm_object(&self) -> Option<Value> {
        let vm_uid = self.vm_uid.as_ref()?;
        let mut labels = Map::new();
        for (k, v) in &self.labels {
            labels.insert(k.clone(), json!(v));
        }
        let template_labels = json!({"kubevirt.io/domain": self.name, "kubevirt.io/size": if self.memory_mib > 4096 { "large" } else { "small" }});
        let mut spec = self.spec();
        if let Some(o) = spec.as_object_mut() {
            o.remove("architecture");
        }
        let final_phase = matches!(self.phase.as_str(), "Failed" | "Succeeded");
        let vmi_conds: Vec<Value> = if final_phase {
            vec![cond(
                "Ready",
                "False",
                "VMINotExists",
                "VMI does not exist",
                None,
                self.phase_times.last().map(|p| p.1),
            )]
        } else {
            self.conditions()
                .into_iter()
                .filter(|c| {
                    matches!(
                        c["type"].as_str(),
                        Some(
                            "Ready"
                                | "Paused"
                                | "LiveMigratable"
                                | "AgentConnected"
                                | "StorageLiveMigratable"
                                | "EvictionRequested"
                                | "Synchronized"
                                | "PodScheduled"
                        )
                    )
                })
                .collect()
        };
        let mut status = json!({
            "printableStatus": self.printable_status(),
            "created": !final_phase,
            "ready": self.running() && self.paused.is_none(),
            "conditions": vmi_conds,
            "runStrategy": self.run_strategy,
            "desiredGeneration": 1, "observedGeneration": 1,
            "volumeSnapshotStatuses": self.disks.iter().map(|d| {
                if d.kind == "pvc-rwx" || d.kind == "pvc-rwo" {
                    json!({"name": d.name, "enabled": true})
                } else {
                    json!({"name": d.name, "enabled": false, "reason": format!("Snapshot is not supported for this volumeSource type [{}]", d.name)})
                }
            }).collect::<Vec<_>>(),
        });
        if final_phase {
            status["ready"] = json!(false);
        }
        let mut object = json!({
            "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
            "metadata": {
                "name": self.name, "namespace": self.ns, "uid": vm_uid, "generation": 1,
                "creationTimestamp": rfc3339(self.created - 2.0),
                "annotations": {"kubevirt.io/latest-observed-api-version": "v1", "kubevirt.io/storage-observed-api-version": "v1"},
                "finalizers": ["kubevirt.io/virtualMachineControllerFinalize"],
            },
            "spec": {"runStrategy": self.run_strategy, "template": {"metadata": {"labels": template_labels}, "spec": spec}},
            "status": status,
        });
        // A real API server never serves an empty `labels` map (ObjectMeta's `omitempty`):
        // apiserver-harness's crd_schema test read `{}` back as absent.
        if !labels.is_empty() {
            object["metadata"]["labels"] = Value::Object(labels);
        }
        Some(object)
    }
}
