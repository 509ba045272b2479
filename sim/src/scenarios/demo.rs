//! The demo cluster: three control-plane nodes, six workers, every scenario's demo VMs (from the
//! catalog) and a Windows VM; one node drained and one lost shortly after the start.

use super::catalog::SCENARIOS;
use super::demo_nodes::{DEMO_NODES, DRAIN_NODE, LOST_NODE};
use super::nodes::{drain_node, lose_node, start_periodic};
use super::vms::{VmSpec, running_vm};
use crate::clock::DEFAULT_EPOCH;
use crate::kubevirt::os;
use crate::store::Store;
use crate::world::World;
use serde_json::Value;
use std::sync::Arc;

/// The nodes of the demo cluster (three control-plane nodes and six workers).
pub fn add_demo_nodes(w: &mut World) {
    for cp in ["master-0", "master-1", "master-2"] {
        w.add_node(cp, true);
    }
    for n in DEMO_NODES {
        w.add_node(n, false);
    }
}

/// Adds the demo mix to a world that has the demo nodes; drains and loses nodes shortly after.
pub fn add_demo_mix(w: &mut World) {
    for s in SCENARIOS {
        for vm in s.demo {
            super::add(w, s.name, vm.namespace, vm.name, vm.node).expect("demo mix is valid");
        }
    }
    let spec = VmSpec {
        os: os::WINDOWS,
        cpus: 4,
        memory_mib: 8192,
        ..VmSpec::default()
    };
    let vm = running_vm(w, "data", "win2022-reporting", "worker-4", &spec);
    w.add_vm(vm, "healthy");
    w.after(15.0, |w| {
        drain_node(w, DRAIN_NODE);
    });
    w.after(30.0, |w| {
        lose_node(w, LOST_NODE, 90.0);
    });
}

/// A world holding the demo cluster at simulated time `now`.
pub fn demo_world(store: Arc<Store>, seed: u64, now: f64) -> World {
    let mut w = World::new(store, seed, now);
    add_demo_nodes(&mut w);
    add_demo_mix(&mut w);
    start_periodic(&mut w);
    w.flush();
    w
}

/// The demo cluster's objects at its start (a fixed time and seed), for `Sim::start`.
pub fn demo() -> Vec<Value> {
    let store = Arc::new(Store::new());
    let w = demo_world(store.clone(), 1, DEFAULT_EPOCH);
    drop(w);
    let mut out = Vec::new();
    for r in crate::resources::RESOURCES {
        let (_, items) = store.list(r, None);
        out.extend(items.iter().map(|o| (**o).clone()));
    }
    out
}
