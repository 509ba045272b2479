//! Which layer a pod the scheduler has not placed blames: one rule for the live diagnosis
//! (`diagnosis::control_plane`, `diagnosis::node`) and the paste readers (the VM status
//! `ErrorUnschedulable`, the `reason: Unschedulable` and FitError signatures, a described pod
//! Pending on no node).
//!
//! The scheduler writes the pod's `PodScheduled` condition False with one of three reasons
//! (`staging/src/k8s.io/api/core/v1/types.go`): `Unschedulable` ("the scheduler can't schedule
//! the pod right now, for example due to insufficient resources in the cluster": its FitError,
//! `pkg/scheduler/schedule_one.go`, "0/N nodes are available: …", every node refused by a
//! filter), `SchedulingGated` (a scheduling gate is still on the pod) and `SchedulerError` ("some
//! internal error happens during scheduling"). KubeVirt copies the first onto the VMI's
//! `PodScheduled` condition and the VM's printable status `ErrorUnschedulable`
//! (`pkg/virt-controller/watch/vm/vm.go`, `isVirtualMachineStatusUnschedulable`).
//!
//! `Unschedulable` says the scheduler worked and every node refused the pod: what the nodes
//! offer (capacity, devices such as `devices.kubevirt.io/kvm`, labels, taints, cordons) does not
//! fit what the pod asks. That is the nodes' layer, the convention the fresh corpus is judged by
//! ("the launcher pod unschedulable for lack of node resources is `node`"). The two other reasons
//! are the scheduler's own matter (an error, or a gate a controller has not lifted): the control
//! plane's.

use crate::verdict::Layer;

/// The layer of a pod unschedulable because no node fits it (reason `Unschedulable`, the
/// scheduler's FitError, the VM's `ErrorUnschedulable`).
pub const NO_NODE_FITS: Layer = Layer::Node;

/// The layer a `PodScheduled` condition False with this reason blames.
pub fn pod_scheduled_false(reason: &str) -> Layer {
    match reason.trim() {
        "Unschedulable" => NO_NODE_FITS,
        // "SchedulerError", "SchedulingGated", or a reason another scheduler writes.
        _ => Layer::ControlPlane,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_node_fitting_is_the_nodes_and_the_schedulers_own_trouble_the_control_planes() {
        assert_eq!(pod_scheduled_false("Unschedulable"), Layer::Node);
        assert_eq!(pod_scheduled_false("SchedulerError"), Layer::ControlPlane);
        assert_eq!(pod_scheduled_false("SchedulingGated"), Layer::ControlPlane);
    }
}
