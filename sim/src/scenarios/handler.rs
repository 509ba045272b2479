//! virt-handler's liveness and what virt-controller's node controller does when it stops:
//! KubeVirt `pkg/virt-controller/watch/node/node.go` (`watch/node.go` in v1.0, same logic).
//!
//! * virt-handler writes the node annotation `kubevirt.io/heartbeat` and label
//!   `kubevirt.io/schedulable=true` every minute (`pkg/virt-handler/heartbeat/heartbeat.go`).
//! * `isNodeUnresponsive`: the heartbeat is older than `heartBeatTimeout` (5 min).
//!   `markNodeAsUnresponsive` then sets the label to "false" with Normal `NodeUnresponsive`.
//! * `checkVirtLauncherPodsAndUpdateVMIStatus`: only VMIs without an alive launcher pod are
//!   failed, with `status.phase: Failed` and `status.reason: NodeUnresponsive`. A pod is alive
//!   unless it is Succeeded/Failed (`alivePodsOnNode`); a deletionTimestamp does not count, so a
//!   VMI whose pod is Terminating on a dead node stays Running with a stale status.
//!   No release writes phase `Unknown`.

use crate::world::{Key, World};

/// `heartBeatTimeout` of the node controller.
pub const HEARTBEAT_TIMEOUT: f64 = 300.0;

/// virt-handler on `node` stops (crashes, or its node died): no heartbeat, no VMI status
/// updates, no metrics. The kubelet and the pods are untouched.
pub fn stop_handler(w: &mut World, node: &str) -> bool {
    let Some(n) = w.node_mut(node) else {
        return false;
    };
    n.handler_up = false;
    for k in vms_on(w, node) {
        if let Some(vm) = w.vm_mut(&k) {
            vm.frozen = true;
        }
    }
    true
}

/// virt-handler on `node` runs again: heartbeat now, schedulable, VMIs report again.
pub fn start_handler(w: &mut World, node: &str) -> bool {
    let now = w.now;
    let Some(n) = w.node_mut(node) else {
        return false;
    };
    if !n.handler_placed {
        // Outside virt-handler's DaemonSet placement: no virt-handler to start.
        return false;
    }
    n.handler_up = true;
    n.handler_heartbeat = now;
    n.kubevirt_schedulable = true;
    for k in vms_on(w, node) {
        if let Some(vm) = w.vm_mut(&k) {
            vm.frozen = false;
        }
    }
    true
}

/// Deletes the launcher pods on `node` at once (`kubectl delete pod --force`, or the node object
/// deleted): nothing waits for a kubelet. The node controller fails their VMIs at its next check
/// when virt-handler there is unresponsive.
pub fn force_delete_pods(w: &mut World, node: &str) -> bool {
    if !w.nodes.contains_key(node) {
        return false;
    }
    let on_node = |p: &crate::kubevirt::Pod| p.node.as_deref() == Some(node);
    for k in w.vms.keys().cloned().collect::<Vec<Key>>() {
        let mut gone = Vec::new();
        if let Some(vm) = w.vm_mut(&k) {
            for slot in [&mut vm.pod, &mut vm.target_pod] {
                if slot.as_ref().is_some_and(on_node) {
                    gone.extend(slot.take().map(|p| p.name));
                }
            }
            gone.extend(
                vm.old_pods
                    .iter()
                    .filter(|p| on_node(p))
                    .map(|p| p.name.clone()),
            );
            vm.old_pods.retain(|p| !on_node(p));
        }
        for name in gone {
            w.store.delete(&crate::store::POD, Some(&k.0), &name);
        }
    }
    check_nodes(w);
    true
}

fn vms_on(w: &World, node: &str) -> Vec<Key> {
    w.vms
        .values()
        .filter(|v| v.node.as_deref() == Some(node))
        .map(|v| v.key())
        .collect()
}

/// One pass of the node controller over every node.
pub fn check_nodes(w: &mut World) {
    let now = w.now;
    let stale: Vec<String> = w
        .nodes
        .values()
        // `isNodeUnresponsive`: a node without the heartbeat annotation (no virt-handler
        // placed there) is never unresponsive.
        .filter(|n| n.handler_placed && n.handler_heartbeat + HEARTBEAT_TIMEOUT < now)
        .map(|n| n.name.clone())
        .collect();
    for node in stale {
        if w.nodes[&node].kubevirt_schedulable {
            if let Some(n) = w.node_mut(&node) {
                n.kubevirt_schedulable = false;
            }
            w.node_event(
                &node,
                "Normal",
                "NodeUnresponsive",
                "virt-handler is not responsive, marking node as unresponsive",
            );
        }
        for k in vms_on(w, &node) {
            fail_if_no_alive_pod(w, &k, &node);
        }
    }
}

fn fail_if_no_alive_pod(w: &mut World, k: &Key, node: &str) {
    let now = w.now;
    let vm = &w.vms[k];
    if matches!(vm.phase.as_str(), "Succeeded" | "Failed") {
        return;
    }
    let alive = [&vm.pod, &vm.target_pod].into_iter().flatten().any(|p| {
        p.node.as_deref() == Some(node) && matches!(p.phase.as_str(), "Running" | "Pending")
    });
    if alive {
        return;
    }
    // `createAndApplyFailedVMINodeUnresponsivePatch`: phase and reason only.
    if let Some(vm) = w.vm_mut(k) {
        vm.frozen = false;
        vm.set_phase("Failed", now);
        vm.reason = Some("NodeUnresponsive".into());
        vm.agent = crate::kubevirt::Agent::None;
    }
    w.flush();
    if let Some(vm) = w.vm_mut(k) {
        vm.frozen = true;
    }
    w.vmi_event(
        k,
        "Normal",
        "NodeUnresponsive",
        &format!("virt-handler on node {node} is not responsive, marking VMI as failed"),
        "node-controller",
    );
}
