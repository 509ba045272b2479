//! A VirtualMachine pasted without its VMI, read by its conditions (beyond its printableStatus,
//! [`super::vm_alone`]). KubeVirt's VM condition types (`staging/src/kubevirt.io/api/core/v1/
//! types.go`: `Failure`, `Ready`, `Paused`, `RestartRequired`, `ManualRecoveryRequired`, and the
//! VMI's types the VM controller copies: `DataVolumesReady`, `LiveMigratable`, `AgentConnected`,
//! …) say a fault only in two ways, both set by `pkg/virt-controller/watch/vm/vm.go`:
//! - `Failure: True`: the VM controller could not do what the VM asks (its reason says what);
//! - `Ready: False` with a failure reason (the reasons of `pkg/controller/controller.go` and the
//!   VM/VMI controllers: `FailedCreate`, `FailedPvcNotFound`, `ErrImagePull`, `…Error`, …),
//!   not a waiting one (`VMINotExists` of a stopped VM, `PodNotExists`, `GuestNotRunning`).
//!
//! `Paused`, `RestartRequired`, `LiveMigratable: False` and the agent's conditions are states,
//! not faults. The layer is the one of the file that sets the reason (the generated catalogue),
//! else the control plane (the VM controller's). `ManualRecoveryRequired` has its own signature.

use super::excerpt::excerpt;
use crate::evidence::Signal;
use crate::explain::generated::{self, Kind, SourceLayer};
use crate::kube::{Condition, Vm};
use crate::verdict::{Health, Layer};

/// A reason word that states a failure (KubeVirt's reasons are CamelCase constants).
fn failure_reason(reason: &str) -> bool {
    [
        "Failed",
        "Err",
        "Error",
        "NotFound",
        "Unschedulable",
        "CrashLoop",
        "BackOff",
        "Invalid",
    ]
    .iter()
    .any(|w| reason.contains(w))
}

/// The layer of the file that sets `reason`, when all of them agree; else the control plane.
fn layer_of_reason(reason: &str) -> (Layer, String) {
    // The launcher's PodScheduled reason copied onto the VM: one rule with the live diagnosis.
    if reason == "Unschedulable" {
        return (
            crate::scheduling::pod_scheduled_false(reason),
            "pkg/virt-controller/watch/vm/vm.go".into(),
        );
    }
    let rows: Vec<_> = generated::condition(reason)
        .iter()
        .filter(|e| e.kind == Kind::ConditionReason)
        .collect();
    let Some(first) = rows.first() else {
        return (
            Layer::ControlPlane,
            "pkg/virt-controller/watch/vm/vm.go".into(),
        );
    };
    let layer = if rows.iter().all(|r| r.layer == first.layer) {
        match first.layer {
            SourceLayer::ControlPlane => Layer::ControlPlane,
            SourceLayer::Node => Layer::Node,
            SourceLayer::Guest => Layer::Guest,
            SourceLayer::Network => Layer::Network,
            SourceLayer::Migration => Layer::Migration,
        }
    } else {
        Layer::ControlPlane
    };
    (layer, first.file.to_string())
}

/// The fault a condition states, if any.
fn fault(c: &Condition) -> Option<&str> {
    let t = c.type_.as_deref()?;
    match t {
        "Failure" if c.is_true() => Some(t),
        "Ready" if c.is_false() && failure_reason(c.reason()) => Some(t),
        _ => None,
    }
}

/// The signals a VM's conditions state, cited at `line`.
pub fn signals(vm: &Vm, line: usize) -> Vec<Signal> {
    vm.status
        .conditions
        .iter()
        .filter_map(|c| {
            let t = fault(c)?;
            let reason = c.reason();
            let (layer, file) = layer_of_reason(reason);
            let name = vm.metadata.name();
            let shown = format!(
                "{t}: {} ({})",
                c.status.as_deref().unwrap_or(""),
                if reason.is_empty() {
                    "no reason"
                } else {
                    reason
                }
            );
            Some(Signal {
                signature: None,
                layer: Some(layer),
                plane: None,
                health: Health::Degraded,
                title: format!("VirtualMachine {name}: condition {shown}"),
                cause: format!(
                    "the VM controller reports {shown} on the VM{}; its VMI is not in the paste. \
                     The reason is set in {file}, so it points at the {} layer",
                    if c.message().is_empty() {
                        String::new()
                    } else {
                        format!(": {}", c.message())
                    },
                    layer.as_str()
                ),
                next_steps: vec![format!("kubectl get vmi {name} -o yaml")],
                source: format!("KubeVirt {file}"),
                line,
                from: "a VirtualMachine's conditions".into(),
                excerpt: excerpt(&format!(
                    "{t} {} {reason} {}",
                    c.status.as_deref().unwrap_or(""),
                    c.message()
                )),
            })
        })
        .collect()
}
