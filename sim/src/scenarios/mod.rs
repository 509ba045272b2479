//! Named scenarios: VMs in the states Strata must explain, and how they evolve over time.
//!
//! Each scenario builds one VM (or acts on a node) and schedules its future on the [`World`]'s
//! step queue. [`SCENARIOS`] (the [`catalog`]) holds every scenario as one entry: the names the
//! API and `--scenario` accept, and the VMs each adds to the demo mix. [`demo_world`] builds the
//! default mix: every scenario at once, in one cluster with believable names.
//!
//! * [`catalog`]: the scenario table and its families; [`vms`]: building blocks of a VM.
//! * [`lifecycle`]: boot, guest agent, pause; [`nodes`]: drains, lost nodes, periodic work.
//! * [`evict`]: the eviction API and KubeVirt's eviction webhook, the drain taint.
//! * [`handler`]: virt-handler's heartbeat and the node controller (`NodeUnresponsive`).
//! * [`migration`]: live migration; [`scale`]: scale mode; [`demo`]: the demo cluster
//!   ([`demo_nodes`]: its workers' names).

pub mod catalog;
pub mod demo;
pub mod demo_nodes;
pub mod evict;
pub mod handler;
pub mod lifecycle;
pub mod migration;
pub mod nodes;
pub mod scale;
pub mod vms;

pub use catalog::{DemoVm, SCENARIOS, Scenario, Start};
pub use demo::{add_demo_mix, add_demo_nodes, demo, demo_world};
pub use demo_nodes::{DEMO_NODES, DRAIN_NODE, LOST_NODE};
pub use lifecycle::{boot, connect_agent, disconnect_agent, pause, unpause};
pub use nodes::{drain_node, lose_node, recover_node, start_periodic, uncordon_node};
pub use vms::{VmSpec, new_pod, new_vm, primary_iface, running_vm};

use crate::world::{Key, World};

fn pick_node(w: &mut World, preferred: Option<&str>) -> String {
    if let Some(p) = preferred {
        return p.to_string();
    }
    let nodes = w.schedulable_nodes(None);
    if nodes.is_empty() {
        return w
            .nodes
            .keys()
            .next()
            .cloned()
            .unwrap_or_else(|| "worker-1".into());
    }
    let i = w.below(nodes.len());
    nodes[i].clone()
}

/// Adds one VM playing `scenario` (on `node` when given). Errors name unknown scenarios.
pub fn add(
    w: &mut World,
    scenario: &str,
    ns: &str,
    name: &str,
    node: Option<&str>,
) -> Result<(), String> {
    let Some(s) = Scenario::named(scenario) else {
        return Err(format!("unknown scenario {scenario:?}"));
    };
    let k: Key = (ns.to_string(), name.to_string());
    if w.vms.contains_key(&k) {
        return Err(format!("VM {ns}/{name} already exists"));
    }
    let node = pick_node(w, node);
    let mut spec = VmSpec::default();
    (s.spec)(&mut spec);
    let shape = match s.start {
        Start::Boot => {
            let vm = new_vm(w, ns, name, &spec);
            w.add_vm(vm, scenario);
            boot(w, &k, node, true);
            return Ok(());
        }
        Start::Running(shape) => shape,
    };
    let mut vm = running_vm(w, ns, name, &node, &spec);
    shape(w, &mut vm);
    let eviction_warning =
        vm.eviction_strategy == Some("LiveMigrate") && vm.not_migratable.is_some() && vm.running();
    let nm_msg = vm
        .not_migratable
        .as_ref()
        .map(|n| n.1.clone())
        .unwrap_or_default();
    w.add_vm(vm, scenario);
    if eviction_warning {
        w.vmi_event(
            &k,
            "Warning",
            "Migrated",
            &format!("EvictionStrategy is set but vmi is not migratable; {nm_msg}"),
            "virt-handler",
        );
    }
    (s.then)(w, &k);
    Ok(())
}
