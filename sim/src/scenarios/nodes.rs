//! What happens to a node: drains (evictions by eviction strategy), uncordon, a lost kubelet and
//! its recovery; and the cluster-wide periodic work.

use super::migration::{self, MigrationSpec, Outcome};
use super::scale;
use crate::world::{Key, World};

/// Drains a node: cordons it, then the eviction webhook marks VMIs by eviction strategy.
pub fn drain_node(w: &mut World, node: &str) -> bool {
    let now = w.now;
    let Some(n) = w.node_mut(node) else {
        return false;
    };
    n.unschedulable = true;
    n.ready_since = n.ready_since.max(0.0);
    let keys: Vec<Key> = w
        .vms
        .values()
        .filter(|v| v.node.as_deref() == Some(node) && v.running())
        .map(|v| v.key())
        .collect();
    for (i, k) in keys.into_iter().enumerate() {
        let vm = &w.vms[&k];
        let (strategy, migratable) = (vm.eviction_strategy, vm.not_migratable.is_none());
        let node = node.to_string();
        match (strategy, migratable) {
            (Some("LiveMigrate") | Some("LiveMigrateIfPossible"), true) | (Some("External"), _) => {
                let delay = 1.0 + i as f64 * 0.5;
                w.after_vm(delay, &k, move |w, k| {
                    let now = w.now;
                    if let Some(vm) = w.vm_mut(k) {
                        vm.evacuation_node = Some(node.clone());
                    }
                    w.after_vm(1.0, k, move |w, k| {
                        let now = w.now;
                        let external = w.vms[k].eviction_strategy == Some("External");
                        if let Some(vm) = w.vm_mut(k) {
                            vm.eviction_requested_since = Some(now);
                        }
                        if !external {
                            let mut spec = MigrationSpec::new(Outcome::Converge, 140.0, 25.0);
                            spec.evacuation = Some(node);
                            w.after_vm(1.0, k, move |w, k| {
                                migration::start(w, k, spec);
                            });
                        }
                    });
                    let _ = now;
                });
            }
            _ => {}
        }
    }
    let _ = now;
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

/// The kubelet of `node` stops; 40 s later the node is NotReady (Unknown) and its pods unready;
/// `unknown_after` seconds after that its VMIs go to phase Unknown.
pub fn lose_node(w: &mut World, node: &str, unknown_after: f64) -> bool {
    let Some(n) = w.node_mut(node) else {
        return false;
    };
    n.kubelet_up = false;
    let node = node.to_string();
    let keys: Vec<Key> = w
        .vms
        .values()
        .filter(|v| v.node.as_deref() == Some(node.as_str()))
        .map(|v| v.key())
        .collect();
    for k in &keys {
        if let Some(vm) = w.vm_mut(k) {
            vm.frozen = true;
        }
    }
    w.after(40.0, move |w| {
        let now = w.now;
        if let Some(n) = w.node_mut(&node)
            && !n.kubelet_up
        {
            n.ready = "Unknown";
            n.ready_since = now;
            n.kubevirt_schedulable = false;
        }
        for k in &keys {
            if let Some(vm) = w.vm_mut(k)
                && let Some(p) = vm.pod.as_mut()
            {
                p.node_lost = true;
            }
        }
        w.after(unknown_after, move |w| {
            let now = w.now;
            for k in &keys {
                if w.nodes.get(&node).is_some_and(|n| n.kubelet_up) {
                    return;
                }
                if let Some(vm) = w.vm_mut(k) {
                    vm.frozen = false;
                    vm.set_phase("Unknown", now);
                    vm.reason = Some("NodeUnresponsive".into());
                }
                w.flush();
                if let Some(vm) = w.vm_mut(k) {
                    vm.frozen = true;
                }
            }
        });
    });
    true
}

/// The kubelet of `node` comes back: Ready again, VMIs resume reporting.
pub fn recover_node(w: &mut World, node: &str) -> bool {
    let now = w.now;
    let Some(n) = w.node_mut(node) else {
        return false;
    };
    n.kubelet_up = true;
    n.ready = "True";
    n.ready_since = now;
    n.heartbeat = now;
    n.kubevirt_schedulable = !n.control_plane;
    let keys: Vec<Key> = w
        .vms
        .values()
        .filter(|v| v.node.as_deref() == Some(node))
        .map(|v| v.key())
        .collect();
    for k in keys {
        if let Some(vm) = w.vm_mut(&k) {
            vm.frozen = false;
            vm.reason = None;
            if vm.phase == "Unknown" {
                vm.set_phase("Running", now);
            }
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
        w.prune_events();
        w.after(60.0, heartbeat);
    }
    w.after(60.0, heartbeat);
    scale::start_churn(w);
}
