//! The pod eviction API (`POST .../pods/{name}/eviction`, what `kubectl drain` calls) behind
//! KubeVirt's eviction webhooks, and the evacuation controller's answer to a marked VMI or a
//! `kubevirt.io/drain` taint.
//!
//! Follows KubeVirt `pkg/virt-api/webhooks/validating-webhook/admitters/pod-eviction-admitter.go`
//! (webhooks `virt-launcher-eviction-interceptor.kubevirt.io` and, from v1.7,
//! `hotplug-pod-eviction-interceptor.kubevirt.io`): every denial is HTTP 429, which `kubectl
//! drain` retries. And `pkg/virt-controller/watch/drain/evacuation/evacuation.go`.

use super::migration::{self, MigrationSpec, Outcome};
use crate::world::{Key, World};

/// The answer to an eviction.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// The pod is deleted.
    Allowed,
    /// 429 with this message (the API server's wording of the webhook's denial).
    Denied(String),
}

const LAUNCHER_WEBHOOK: &str = "virt-launcher-eviction-interceptor.kubevirt.io";
const HOTPLUG_WEBHOOK: &str = "hotplug-pod-eviction-interceptor.kubevirt.io";

fn denied_by(webhook: &str, message: &str) -> Verdict {
    Verdict::Denied(format!(
        "admission webhook \"{webhook}\" denied the request: {message}"
    ))
}

/// Which pod of which VM a name is.
enum Found {
    Launcher { key: Key, finished: bool },
    Hotplug { key: Key },
}

fn find(w: &World, ns: &str, pod: &str) -> Option<Found> {
    for vm in w.vms.values().filter(|v| v.ns == ns) {
        let key = vm.key();
        if let Some(p) = [&vm.pod, &vm.target_pod]
            .into_iter()
            .flatten()
            .chain(vm.old_pods.iter())
            .find(|p| p.name == pod)
        {
            let finished = matches!(p.phase.as_str(), "Succeeded" | "Failed");
            return Some(Found::Launcher { key, finished });
        }
        if vm.hotplug_pod.as_ref().is_some_and(|p| p.name == pod) {
            return Some(Found::Hotplug { key });
        }
    }
    None
}

/// Evicts pod `ns/pod`. None when there is no such pod.
pub fn evict(w: &mut World, ns: &str, pod: &str) -> Option<Verdict> {
    let verdict = match find(w, ns, pod)? {
        Found::Hotplug { key } => admit_hotplug(w, &key, pod),
        Found::Launcher { finished: true, .. } => Verdict::Allowed,
        Found::Launcher { key, .. } => admit_launcher(w, &key, pod),
    };
    if verdict == Verdict::Allowed {
        delete_evicted(w, ns, pod);
    }
    Some(verdict)
}

/// `admitHotplugPod` (v1.7 on): denied while the owning launcher runs and the VMI exists.
fn admit_hotplug(w: &World, k: &Key, pod: &str) -> Verdict {
    let vm = &w.vms[k];
    let owner_runs = vm.pod.as_ref().is_some_and(|p| p.phase == "Running");
    if !w.kubevirt.at_least(7) || !owner_runs {
        return Verdict::Allowed;
    }
    let message = format!(
        "cannot evict hotplug pod: {pod} associated with running vmi: {} in namespace {}",
        vm.name, vm.ns
    );
    denied_by(HOTPLUG_WEBHOOK, &message)
}

/// `admitLauncherPod`.
fn admit_launcher(w: &mut World, k: &Key, pod: &str) -> Verdict {
    let vm = &w.vms[k];
    let migratable = vm.not_migratable.is_none();
    let mark = match vm.eviction_strategy {
        Some("LiveMigrate") if !migratable => {
            let message = format!(
                "VMI {} is configured with an eviction strategy but is not live-migratable",
                vm.name
            );
            return denied_by(LAUNCHER_WEBHOOK, &message);
        }
        Some("LiveMigrate") | Some("External") => true,
        Some("LiveMigrateIfPossible") => migratable,
        _ => false,
    };
    if !mark {
        return Verdict::Allowed;
    }
    let triggered = format!(
        "Eviction triggered evacuation of VMI \"{}/{}\"",
        vm.ns, vm.name
    );
    if vm.evacuation_node.is_some() {
        return denied_by(
            LAUNCHER_WEBHOOK,
            &format!("Evacuation in progress: {triggered}"),
        );
    }
    let pod_node = [&vm.pod, &vm.target_pod]
        .into_iter()
        .flatten()
        .find(|p| p.name == pod)
        .and_then(|p| p.node.clone());
    if pod_node != vm.node {
        return if w.kubevirt.at_least(5) {
            denied_by(LAUNCHER_WEBHOOK, "Eviction request for target Pod")
        } else {
            // Before v1.5 the webhook let it through; the migration's PDB refused it.
            Verdict::Denied(
                "Cannot evict pod as it would violate the pod's disruption budget.".into(),
            )
        };
    }
    let node = pod_node.unwrap_or_default();
    mark_for_evacuation(w, k, node);
    denied_by(LAUNCHER_WEBHOOK, &triggered)
}

/// `markVMI` sets `status.evacuationNodeName`; the evacuation controller then asks for the
/// eviction (`EvictionRequested`) and, unless the strategy is External, migrates the VMI away.
fn mark_for_evacuation(w: &mut World, k: &Key, node: String) {
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
            w.after_vm(1.0, k, move |w, k| evacuate(w, k, node));
        }
    });
}

/// The evacuation controller creates a migration for a VMI that must leave `node`.
fn evacuate(w: &mut World, k: &Key, node: String) {
    let mut spec = MigrationSpec::new(Outcome::Converge, 140.0, 25.0);
    spec.evacuation = Some(node);
    if let Some(name) = migration::start(w, k, spec) {
        w.vmi_event(
            k,
            "Normal",
            "SuccessfulCreate",
            &format!("Created Migration {name}"),
            "virt-controller",
        );
    }
}

/// An allowed eviction: the pod is deleted. A running launcher shuts its guest down gracefully,
/// which ends the VMI in phase Succeeded (KubeVirt `pkg/virt-handler/vm.go`,
/// `calculateVmPhaseForStatusReason`: domain Shutoff/Shutdown).
fn delete_evicted(w: &mut World, ns: &str, pod: &str) {
    let now = w.now;
    let Some(k) = w
        .vms
        .values()
        .find(|v| v.ns == ns && pod_names(v).any(|n| n == pod))
        .map(|v| v.key())
    else {
        return;
    };
    let mut running_guest = false;
    if let Some(vm) = w.vm_mut(&k) {
        vm.old_pods.retain(|p| p.name != pod);
        if vm.hotplug_pod.as_ref().is_some_and(|p| p.name == pod) {
            vm.hotplug_pod = None;
        }
        if vm.target_pod.as_ref().is_some_and(|p| p.name == pod) {
            vm.target_pod = None;
        }
        if let Some(p) = vm.pod.as_mut().filter(|p| p.name == pod) {
            if p.deleting.is_some() {
                return;
            }
            p.deleting = Some(now);
            running_guest = true;
        }
    }
    if !running_guest {
        w.store.delete(&crate::store::POD, Some(ns), pod);
        return;
    }
    let pod = pod.to_string();
    w.after_vm(5.0, &k, move |w, k| {
        let now = w.now;
        if let Some(vm) = w.vm_mut(k) {
            vm.pod = None;
            vm.set_phase("Succeeded", now);
            vm.agent = crate::kubevirt::Agent::None;
            vm.paused = None;
        }
        w.store.delete(&crate::store::POD, Some(&k.0), &pod);
    });
}

fn pod_names(v: &crate::kubevirt::Vm) -> impl Iterator<Item = &str> {
    [&v.pod, &v.target_pod, &v.hotplug_pod]
        .into_iter()
        .flatten()
        .chain(v.old_pods.iter())
        .map(|p| p.name.as_str())
}

/// The launcher (and attachment) pods on `node`, as `kubectl drain` lists them.
pub fn pods_on(w: &World, node: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for vm in w.vms.values() {
        for p in [&vm.pod, &vm.target_pod, &vm.hotplug_pod]
            .into_iter()
            .flatten()
            .chain(vm.old_pods.iter())
        {
            if p.node.as_deref() == Some(node) {
                out.push((vm.ns.clone(), p.name.clone()));
            }
        }
    }
    out
}

/// `kubectl drain` after the cordon: lists the pods on the node once, then evicts each, retrying
/// denied ones every 5 s until it is gone (or the node is uncordoned).
pub fn drain_pass(w: &mut World, node: &str, pods: Vec<(String, String)>) {
    if !w.nodes.get(node).is_some_and(|n| n.unschedulable) {
        return;
    }
    let left: Vec<(String, String)> = pods
        .into_iter()
        .filter(|(ns, p)| matches!(evict(w, ns, p), Some(Verdict::Denied(_))))
        .collect();
    if left.is_empty() {
        return;
    }
    let node = node.to_string();
    w.after(5.0, move |w| drain_pass(w, &node, left));
}

/// `evacuation.go`, `vmisToMigrate`: a node with the drain taint (`kubevirt.io/drain`,
/// NoSchedule) evacuates all its VMIs, marked or not. Up to v1.8 a non-migratable one gets
/// Normal `FailedCreate` "VirtualMachineInstance is not migrateable"; v1.9 dropped the event.
pub fn set_drain_taint(w: &mut World, node: &str, set: bool) -> bool {
    let Some(n) = w.node_mut(node) else {
        return false;
    };
    n.drain_taint = set;
    if !set {
        return true;
    }
    let keys: Vec<Key> = w
        .vms
        .values()
        .filter(|v| v.node.as_deref() == Some(node) && v.running())
        .filter(|v| v.migration.as_ref().is_none_or(|m| !m.active()))
        .map(|v| v.key())
        .collect();
    for k in keys {
        if w.vms[&k].not_migratable.is_none() {
            let node = node.to_string();
            w.after_vm(1.0, &k, move |w, k| evacuate(w, k, node));
        } else if !w.kubevirt.at_least(9) {
            w.vmi_event(
                &k,
                "Normal",
                "FailedCreate",
                "VirtualMachineInstance is not migrateable",
                "virt-controller",
            );
        }
    }
    true
}
