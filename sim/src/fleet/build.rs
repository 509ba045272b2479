//! Fills one cluster's world from its [`ClusterPlan`]: nodes, the demo mix, named VMs, scale VMs,
//! the node it loses, then the periodic work (heartbeats, churn).

use super::plan::ClusterPlan;
use crate::scenarios::{self, scale};
use crate::world::World;

/// Builds `plan` into `w`, a world started with no scenarios and no scale VMs.
pub fn populate(w: &mut World, plan: &ClusterPlan) -> Result<(), String> {
    if plan.vmis > 10_000 {
        return Err(format!(
            "cluster {}: {} VMs is above the supported 10000",
            plan.name, plan.vmis
        ));
    }
    if plan.demo_mix {
        scenarios::add_demo_nodes(w);
        scenarios::add_demo_mix(w);
    } else {
        w.add_node("master-0", true);
        for i in 1..=plan.workers.max(1) {
            w.add_node(&format!("worker-{i}"), false);
        }
    }
    for vm in &plan.vms {
        scenarios::add(w, &vm.scenario, &vm.namespace, &vm.name, vm.node.as_deref())
            .map_err(|e| format!("cluster {}: {e}", plan.name))?;
    }
    if plan.vmis > 0 {
        scale::populate(w, plan.vmis);
    }
    w.churn = plan.churn.max(0.0);
    if let Some((node, after)) = plan.lose_node.clone() {
        if !w.nodes.contains_key(&node) {
            return Err(format!("cluster {}: no node {node} to lose", plan.name));
        }
        w.after(after, move |w| {
            scenarios::lose_node(w, &node, 90.0);
        });
    }
    scenarios::start_periodic(w);
    Ok(())
}
