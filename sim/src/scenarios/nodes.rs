//! What happens to a node: drains (evictions by eviction strategy), uncordon, a lost node and
//! its recovery; and the cluster-wide periodic work (heartbeats, the node controller).

use super::{evict, handler, scale};
use crate::world::{Key, World};

/// Drains a node as `kubectl drain` does: cordons it, then evicts its pods through the eviction
/// API, whose KubeVirt webhook decides by eviction strategy ([`super::evict`]).
pub fn drain_node(w: &mut World, node: &str) -> bool {
    let Some(n) = w.node_mut(node) else {
        return false;
    };
    n.unschedulable = true;
    let pods = evict::pods_on(w, node);
    evict::drain_pass(w, node, pods);
    true
}

/// Uncordons a node.
pub fn uncordon_node(w: &mut World, node: &str) -> bool {
    match w.node_mut(node) {
        Some(n) => {
            n.unschedulable = false;
            true
        }
        None => false,
    }
}

/// The node dies (kubelet and virt-handler with it). 40 s later it is NotReady (Unknown) and its
/// pods unready; after the 300 s `tolerationSeconds` of the unreachable taint the taint manager
/// marks the pods for deletion, but with no kubelet they stay Terminating. VMIs keep their last
/// status (phase Running): the node controller fails a VMI only once its pod is gone
/// (`handler::check_nodes`). `_unknown_after` is ignored: KubeVirt never sets phase Unknown.
pub fn lose_node(w: &mut World, node: &str, _unknown_after: f64) -> bool {
    let Some(n) = w.node_mut(node) else {
        return false;
    };
    n.kubelet_up = false;
    handler::stop_handler(w, node);
    let node = node.to_string();
    let keys: Vec<Key> = w
        .vms
        .values()
        .filter(|v| v.node.as_deref() == Some(node.as_str()))
        .map(|v| v.key())
        .collect();
    w.after(40.0, move |w| {
        let now = w.now;
        if let Some(n) = w.node_mut(&node)
            && !n.kubelet_up
        {
            n.ready = "Unknown";
            n.ready_since = now;
        }
        for k in &keys {
            if let Some(vm) = w.vm_mut(k)
                && let Some(p) = vm.pod.as_mut()
            {
                p.node_lost = true;
            }
        }
        w.after(300.0, move |w| {
            let now = w.now;
            if w.nodes.get(&node).is_none_or(|n| n.kubelet_up) {
                return;
            }
            for k in &keys {
                if let Some(vm) = w.vm_mut(k)
                    && let Some(p) = vm.pod.as_mut()
                    && p.node.as_deref() == Some(node.as_str())
                {
                    p.deleting.get_or_insert(now);
                }
            }
        });
    });
    true
}

/// The kubelet and virt-handler of `node` come back: Ready again, VMIs that are not final resume
/// reporting. A VMI the node controller failed stays Failed.
pub fn recover_node(w: &mut World, node: &str) -> bool {
    let now = w.now;
    let Some(n) = w.node_mut(node) else {
        return false;
    };
    n.kubelet_up = true;
    n.ready = "True";
    n.ready_since = now;
    n.heartbeat = now;
    handler::start_handler(w, node);
    let keys: Vec<Key> = w
        .vms
        .values()
        .filter(|v| v.node.as_deref() == Some(node))
        .map(|v| v.key())
        .collect();
    for k in keys {
        if let Some(vm) = w.vm_mut(&k) {
            vm.frozen = matches!(vm.phase.as_str(), "Succeeded" | "Failed");
            if let Some(p) = vm.pod.as_mut() {
                p.node_lost = false;
            }
        }
    }
    true
}

/// Starts the cluster-wide periodic work: heartbeats, event expiry and churn.
pub fn start_periodic(w: &mut World) {
    fn heartbeat(w: &mut World) {
        w.heartbeat();
        handler::check_nodes(w);
        w.prune_events();
        w.after(60.0, heartbeat);
    }
    w.after(60.0, heartbeat);
    scale::start_churn(w);
}
