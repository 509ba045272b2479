//! Scale mode: thousands of VMs with a configurable churn (status changes per simulated second),
//! for benchmarks.

use super::{VmSpec, connect_agent, disconnect_agent, pause, running_vm, unpause};
use crate::kubevirt::os;
use crate::world::{Key, World};

/// Adds `n` VMs spread over `max(3, n/100)` worker nodes and `max(1, n/500)` namespaces. Adds the
/// nodes when the world has fewer.
pub fn populate(w: &mut World, n: usize) {
    let want_nodes = (n / 100).max(3);
    let workers: Vec<String> = w
        .nodes
        .values()
        .filter(|n| !n.control_plane)
        .map(|n| n.name.clone())
        .collect();
    let mut nodes = workers;
    let mut i = 0;
    while nodes.len() < want_nodes {
        i += 1;
        let name = format!("node-{i:03}");
        if !w.nodes.contains_key(&name) {
            w.add_node(&name, false);
            nodes.push(name);
        }
    }
    let namespaces = (n / 500).max(1);
    let oses = [os::FEDORA, os::UBUNTU, os::RHEL, os::CENTOS, os::WINDOWS];
    for i in 0..n {
        let ns = format!("tenant-{:02}", i % namespaces);
        let name = format!("vm-{i:05}");
        if w.vms.contains_key(&(ns.clone(), name.clone())) {
            continue;
        }
        let node = nodes[i % nodes.len()].clone();
        let os = oses[w.below(oses.len())];
        let spec = VmSpec {
            os,
            cpus: [1, 2, 4, 8][w.below(4)],
            memory_mib: [1024, 2048, 4096, 8192][w.below(4)],
            agent: w.below(10) != 0,
            age_days: w.uniform(0.1, 60.0),
            labels: vec![("app".into(), format!("app-{}", i % 37))],
            ..VmSpec::default()
        };
        let vm = running_vm(w, &ns, &name, &node, &spec);
        w.add_vm(vm, "scale");
    }
}

/// One random status change on a random scale VM.
fn churn_one(w: &mut World, keys: &[Key]) {
    if keys.is_empty() {
        return;
    }
    let k = keys[w.below(keys.len())].clone();
    let Some(vm) = w.vms.get(&k) else { return };
    if !vm.running() || vm.frozen || vm.migration.as_ref().is_some_and(|m| m.active()) {
        return;
    }
    let paused = vm.paused.is_some();
    let agent = vm.agent.connected();
    let node = vm.node.clone().unwrap_or_default();
    match w.below(3) {
        0 if paused => unpause(w, &k),
        0 => pause(w, &k, "PausedByUser"),
        1 if agent => disconnect_agent(w, &k),
        1 => connect_agent(w, &k),
        _ => {
            // The guest's DHCP lease moved: a new IP on the primary interface.
            let ip = w.pod_ip(&node);
            if let Some(vm) = w.vm_mut(&k)
                && let Some(i) = vm.ifaces.first_mut()
            {
                i.ips = vec![ip];
            }
        }
    }
}

/// Schedules the churn generator: every simulated second, `w.churn` changes (fractions carry).
pub fn start_churn(w: &mut World) {
    fn tick(w: &mut World, carry: f64) {
        let mut budget = carry + w.churn;
        if budget >= 1.0 {
            let keys: Vec<Key> = w
                .scenario_of
                .iter()
                .filter(|(_, s)| s.as_str() == "scale")
                .map(|(k, _)| k.clone())
                .collect();
            while budget >= 1.0 {
                churn_one(w, &keys);
                budget -= 1.0;
            }
        }
        let carry = if w.churn > 0.0 { budget } else { 0.0 };
        w.after(1.0, move |w| tick(w, carry));
    }
    w.after(1.0, |w| tick(w, 0.0));
}
