//! The drain impact that looks the pods and VMs up once gives exactly the report the scanning one
//! gave ([`super::reference`]), on generated dumps whose names, namespaces, uids and nodes collide
//! on purpose: two VMs of one name, launcher pods found by label or by `activePods`, migration
//! target pods on and off the node, live and finished hot-plug pods owned by launchers anywhere.

use super::drain_impact_with_pods;
use super::reference::drain_reference;
use crate::kube::vmi::Vmi;
use crate::kube::{Pod, Vm};
use proptest::prelude::*;
use serde_json::json;

const NAMES: [&str; 3] = ["web", "db", ""];
const NAMESPACES: [&str; 2] = ["prod", ""];
const UIDS: [&str; 4] = ["u1", "u2", "", "p1"];
const NODES: [&str; 3] = ["n1", "n2", ""];
const STRATEGIES: [&str; 4] = ["LiveMigrate", "LiveMigrateIfPossible", "None", "External"];

fn pick<'a>(pool: &[&'a str], i: u8) -> &'a str {
    pool[i as usize % pool.len()]
}

fn vmi(f: [u8; 6]) -> Vmi {
    let migration = if f[4].is_multiple_of(3) {
        json!({"targetNode": pick(&NODES, f[5]), "startTimestamp": "2026-01-01T00:00:00Z"})
    } else {
        json!(null)
    };
    Vmi::from_value(&json!({
        "metadata": {"name": pick(&NAMES, f[0]), "namespace": pick(&NAMESPACES, f[1]),
            "uid": pick(&UIDS, f[2])},
        "spec": {"evictionStrategy": pick(&STRATEGIES, f[3])},
        "status": {"phase": pick(&["Running", "Failed"], f[5]),
            "nodeName": pick(&NODES, f[4]),
            "activePods": {(pick(&UIDS, f[3])): pick(&NODES, f[4])},
            "migrationState": migration,
            "conditions": [{"type": "LiveMigratable",
                "status": pick(&["True", "False"], f[2])}]}
    }))
}

fn vm(f: [u8; 6]) -> Vm {
    Vm::from_value(&json!({
        "metadata": {"name": pick(&NAMES, f[0]), "namespace": pick(&NAMESPACES, f[1])},
        "spec": {"runStrategy": pick(&["Always", "RerunOnFailure", "Manual"], f[2]),
            "template": {"spec": {"evictionStrategy": pick(&STRATEGIES, f[3])}}}
    }))
}

fn pod(f: [u8; 6]) -> Pod {
    let kind = ["virt-launcher", "hotplug-disk", "other"][f[0] as usize % 3];
    let mut labels = json!({"kubevirt.io": kind, "kubevirt.io/created-by": pick(&UIDS, f[1])});
    if f[2].is_multiple_of(2) {
        labels["kubevirt.io/migrationJobUID"] = json!("m1");
    }
    Pod::from_value(&json!({
        "metadata": {"name": format!("pod-{}", f[5]), "namespace": "prod",
            "uid": pick(&UIDS, f[3]), "labels": labels,
            "ownerReferences": [{"kind": "Pod", "uid": pick(&UIDS, f[4])}]},
        "spec": {"nodeName": pick(&NODES, f[4] / 3)},
        "status": {"phase": pick(&["Running", "Succeeded"], f[5])}
    }))
}

type Specs = Vec<[u8; 6]>;

fn same(vmis: &Specs, vms: &Specs, pods: &Specs) {
    let vmis: Vec<Vmi> = vmis.iter().map(|f| vmi(*f)).collect();
    let vms: Vec<Vm> = vms.iter().map(|f| vm(*f)).collect();
    let pods: Vec<Pod> = pods.iter().map(|f| pod(*f)).collect();
    for node in NODES {
        assert_eq!(
            drain_impact_with_pods(node, &vmis, &vms, &pods, Some("LiveMigrate")),
            drain_reference(node, &vmis, &vms, &pods, Some("LiveMigrate"))
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn looking_up_once_changes_nothing(
        vmis in prop::collection::vec(any::<[u8; 6]>(), 0..12),
        vms in prop::collection::vec(any::<[u8; 6]>(), 0..8),
        pods in prop::collection::vec(any::<[u8; 6]>(), 0..16),
    ) {
        same(&vmis, &vms, &pods);
    }
}

#[test]
fn the_generated_dumps_reach_every_kind_of_outcome() {
    // Target pods, hot-plug pods and both eviction answers all occur, so the comparison above
    // compares something.
    let all: Specs = (0..=255u8)
        .map(|b| [b, b / 3, b / 5, b / 7, b / 11, b / 13])
        .collect();
    let vmis: Vec<Vmi> = all.iter().map(|f| vmi(*f)).collect();
    let vms: Vec<Vm> = all.iter().take(16).map(|f| vm(*f)).collect();
    let pods: Vec<Pod> = all.iter().map(|f| pod(*f)).collect();
    let r = drain_impact_with_pods("n1", &vmis, &vms, &pods, None);
    let text = format!("{r:?}");
    assert!(text.contains("migration target pod"), "{text}");
    assert!(text.contains("hot-plug attachment pod"), "{text}");
    assert!(r.blocking > 0 && r.outcomes.len() > r.blocking);
    same(&all, &all[..16].to_vec(), &all);
}
