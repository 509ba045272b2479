//! The kube-state-metrics series KubeVirt's alert rules join with (kube-state-metrics
//! `kube_pod_info`, `kube_pod_status_ready`, `kube_pod_status_phase`), for the virt-handler pod
//! of every node and every VM's launcher pod, so a real Prometheus scraping the simulator can
//! evaluate `OrphanedVirtualMachineInstances` and `VirtHandlerDown` (kubevirt
//! `pkg/monitoring/rules/alerts/virt-handler.go`, `recordingrules/virt.go`). In a cluster they
//! come from kube-state-metrics, not from KubeVirt.

use super::{Series, push};
use crate::world::World;

/// The namespace KubeVirt is installed in here.
pub const KUBEVIRT_NAMESPACE: &str = "kubevirt";

/// The name of virt-handler's pod on `node` (a DaemonSet pod: `virt-handler-` and five
/// characters, here from the node's uid).
pub fn handler_pod(w: &World, node: &str) -> String {
    let uid = w.nodes.get(node).map(|n| n.uid.as_str()).unwrap_or("00000");
    let tail: String = uid
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .take(5)
        .collect();
    format!("virt-handler-{tail}")
}

/// virt-handler on `node` is running and ready: its process runs (`handler_up`). A pod on a
/// node whose kubelet stopped keeps its last reported status, as kube-state-metrics shows it.
pub fn handler_ready(w: &World, node: &str) -> bool {
    w.nodes.get(node).is_some_and(|n| n.handler_up)
}

fn pod(out: &mut Vec<Series>, ns: &str, pod: &str, node: &str, ready: bool, phase: &str) {
    let id = [
        ("namespace".to_string(), ns.to_string()),
        ("pod".to_string(), pod.to_string()),
    ];
    push(
        out,
        "kube_pod_info",
        &id,
        &[("node", node.to_string())],
        1.0,
    );
    for (cond, v) in [("true", ready), ("false", !ready)] {
        let value = if v { 1.0 } else { 0.0 };
        push(
            out,
            "kube_pod_status_ready",
            &id,
            &[("condition", cond.into())],
            value,
        );
    }
    for p in ["Pending", "Running", "Succeeded", "Failed", "Unknown"] {
        let value = if p == phase { 1.0 } else { 0.0 };
        push(
            out,
            "kube_pod_status_phase",
            &id,
            &[("phase", p.into())],
            value,
        );
    }
}

/// Every virt-handler and launcher pod's series.
pub fn series(w: &World, out: &mut Vec<Series>) {
    for (name, n) in &w.nodes {
        if n.control_plane {
            continue;
        }
        let ready = handler_ready(w, name);
        // A stopped virt-handler container restarts in its pod: Running, not ready.
        pod(
            out,
            KUBEVIRT_NAMESPACE,
            &handler_pod(w, name),
            name,
            ready,
            "Running",
        );
    }
    for vm in w.vms.values() {
        if let (Some(p), Some(node)) = (&vm.pod, &vm.node) {
            pod(out, &vm.ns, &p.name, node, p.phase == "Running", &p.phase);
        }
    }
}
