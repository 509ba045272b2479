//! A described pod that is `Pending` and bound to no node (`Node:  <none>`): the scheduler has
//! not placed it. kubectl's pod describer prints `<none>` while `spec.nodeName` is empty
//! (`staging/src/k8s.io/kubectl/pkg/describe/describe.go`, `describePod`), and a pod is Pending
//! from its creation until its containers start, "including time before being bound to a node"
//! (`k8s.io/api/core/v1/types.go`, `PodPending`). For a launcher this is the fact KubeVirt
//! reports as the VMI's `PodScheduled` condition False (reason `Unschedulable`) and the VM's
//! `ErrorUnschedulable` (`pkg/virt-controller/watch/vm/vm.go`,
//! `isVirtualMachineStatusUnschedulable`): no node fits its requests, selectors, affinity or
//! taints, the node's layer as in `vocab/vm.rs`. The describe alone does not say for how long,
//! so it is degraded: the pod's `FailedScheduling` events say why.

use super::describe::Described;
use super::vocab::Kind;
use crate::evidence::Signal;
use crate::verdict::Health;

/// The signature id of the signal.
pub const SIGNATURE: &str = "describe:pod-unscheduled";

/// The signal of a described Pending pod bound to no node (`excerpt`: its `Node:` line).
pub fn signal(d: &Described, excerpt: &str) -> Option<Signal> {
    let line = d.unbound?;
    let pending = d.status.as_ref().is_some_and(|s| s.0 == "Pending");
    if d.kind != Some(Kind::Pod) || !pending {
        return None;
    }
    let ns = if d.namespace.is_empty() {
        "<ns>"
    } else {
        &d.namespace
    };
    let pod = if d.name.is_empty() { "<pod>" } else { &d.name };
    Some(Signal {
        signature: Some(SIGNATURE.into()),
        layer: Some(super::sightings::pod_layer(&d.namespace, &d.name)),
        plane: None,
        health: Health::Degraded,
        title: "the pod is Pending and bound to no node (not scheduled)".into(),
        cause: "the scheduler has not placed the pod on any node (Node: <none>): no node fits \
            its requests (memory, CPU, devices.kubevirt.io/kvm), node selector, affinity or \
            taints, or it waits for its volumes; its FailedScheduling events say which"
            .into(),
        next_steps: vec![
            format!(
                "kubectl get events -n {ns} --field-selector involvedObject.name={pod} (FailedScheduling)"
            ),
            "kubectl describe nodes (Allocatable: devices.kubevirt.io/kvm, Taints)".into(),
        ],
        source: "kubectl describePod (Node: <none>); k8s.io/api/core/v1 PodPending; KubeVirt \
            pkg/virt-controller/watch/vm/vm.go (ErrorUnschedulable)"
            .into(),
        line,
        from: "a kubectl describe pod".into(),
        excerpt: super::excerpt::excerpt(excerpt),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::Layer;

    fn described(text: &str) -> Described {
        let lines: Vec<&str> = text.lines().collect();
        super::super::describe::read_describe(&lines, 1, None)
    }

    #[test]
    fn a_pending_pod_bound_to_no_node_is_not_scheduled_and_a_bound_one_is_not() {
        let unbound = "Name:         virt-launcher-vm1-abcde\nNamespace:    default\n\
                       Node:         <none>\nLabels:       kubevirt.io=virt-launcher\n\
                       Status:       Pending\nContainers:\n  compute:\n";
        let d = described(unbound);
        let s = signal(&d, "Node:         <none>").expect("unscheduled");
        assert_eq!(
            (s.layer, s.health, s.line),
            (Some(Layer::Node), Health::Degraded, 3)
        );
        // bound to a node: pulling images or mounting volumes, not a scheduling matter
        let bound = unbound.replace("<none>", "worker-1/10.0.0.5");
        assert!(signal(&described(&bound), "").is_none());
        // running, or a node cut from the paste: nothing
        assert!(signal(&described(&unbound.replace("Pending", "Running")), "").is_none());
        let cut = unbound.replace("Node:         <none>\n", "");
        assert!(signal(&described(&cut), "").is_none());
    }

    #[test]
    fn labels_annotations_and_tolerations_are_settings() {
        let d = described(
            "Name:         p\nLabels:       app=x\n              kubevirt.io=virt-launcher\n\
             Annotations:  traffic.sidecar.istio.io/kubevirtInterfaces: k6t-eth0\n\
             Status:       Pending\nTolerations:  node.kubernetes.io/unreachable:NoExecute op=Exists for 300s\n\
             Events:       <none>\n",
        );
        assert_eq!(d.setting_lines, vec![2, 3, 4, 6]);
    }
}
