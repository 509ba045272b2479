//! The node view and rows on small nodes: conditions, cordon, virt-handler, devices, VMIs and
//! drain, and the unhealthy-first order.

use super::*;
use crate::drain::drain_impact_with_pods;
use crate::kube::vmi::Vmi;
use serde_json::json;

fn t(s: &str) -> Option<Timestamp> {
    Timestamp::parse(s)
}

fn node(name: &str, ready: &str, extra: serde_json::Value) -> Node {
    let mut v = json!({
        "metadata": {"name": name, "labels": {"kubevirt.io/schedulable": "true"},
            "annotations": {"kubevirt.io/heartbeat": "2024-01-01T00:09:00Z"}},
        "spec": {},
        "status": {"conditions": [
            {"type": "Ready", "status": ready, "reason": "KubeletReady", "lastTransitionTime": "2024-01-01T00:00:00Z"},
            {"type": "MemoryPressure", "status": "False"}],
            "allocatable": {"devices.kubevirt.io/kvm": "1k", "cpu": "8", "memory": "32Gi", "pods": "110"},
            "capacity": {"devices.kubevirt.io/kvm": "1k", "devices.kubevirt.io/tun": "1k"}}
    });
    if let serde_json::Value::Object(m) = extra {
        for (k, x) in m {
            v["spec"][k] = x;
        }
    }
    Node::from_value(&v)
}

fn summary(name: &str, node: &str) -> VmiSummary {
    VmiSummary::from_vmi(&Vmi::from_value(&json!({
        "metadata": {"name": name, "namespace": "ns"},
        "status": {"phase": "Running", "nodeName": node}
    })))
}

#[test]
fn a_healthy_node_reads_its_parts() {
    let n = node("n1", "True", json!({}));
    let now = t("2024-01-01T00:10:00Z");
    let v = node_view(
        &n,
        None,
        &[],
        drain_impact_with_pods("n1", &[], &[], &[], None),
        now,
    );
    assert_eq!(v.health, Health::Healthy, "{:?}", v.problems);
    assert_eq!(v.handler.heartbeat_age_secs, Some(60.0));
    assert!(!v.handler.stale);
    assert_eq!(v.handler.schedulable.as_deref(), Some("true"));
    assert!(!v.handler.pods_known);
    let names: Vec<&str> = v.resources.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "devices.kubevirt.io/kvm",
            "devices.kubevirt.io/tun",
            "cpu",
            "memory"
        ]
    );
    assert_eq!(v.resources[1].allocatable, None);
    assert_eq!(v.conditions.len(), 2);
    assert!(!v.conditions.iter().any(|c| c.bad));
}

#[test]
fn not_ready_stale_and_cordoned_say_why() {
    let mut n = node(
        "n2",
        "Unknown",
        json!({"unschedulable": true, "taints": [{"key": "node.kubernetes.io/unreachable", "effect": "NoExecute"}, {"key": "kubevirt.io/drain", "value": "draining", "effect": "NoSchedule"}]}),
    );
    n.metadata
        .labels
        .insert("kubevirt.io/schedulable".into(), "false".into());
    let now = t("2024-01-01T00:20:00Z");
    let v = node_view(
        &n,
        Some(&[]),
        &[],
        drain_impact_with_pods("n2", &[], &[], &[], None),
        now,
    );
    assert_eq!(v.health, Health::Broken);
    assert!(v.cordoned);
    assert_eq!(
        v.taints,
        [
            "node.kubernetes.io/unreachable:NoExecute",
            "kubevirt.io/drain=draining:NoSchedule"
        ]
    );
    assert!(v.handler.stale);
    let all = v.problems.join("\n");
    assert!(all.contains("Ready is Unknown (KubeletReady)"), "{all}");
    assert!(all.contains("stopped its heartbeat"), "{all}");
    assert!(all.contains("unschedulable for VMIs"), "{all}");
    assert!(all.contains("cordoned"), "{all}");
    assert!(v.drain_notes[0].contains("kubevirt.io/drain"));
}

#[test]
fn the_handler_pod_is_found_and_judged() {
    let n = node("n1", "True", json!({}));
    let pod = Pod::from_value(&json!({
        "metadata": {"name": "virt-handler-x", "namespace": "kubevirt", "labels": {"kubevirt.io": "virt-handler"}},
        "spec": {"nodeName": "n1"},
        "status": {"phase": "Running", "conditions": [{"type": "Ready", "status": "False"}],
            "containerStatuses": [{"name": "virt-handler", "restartCount": 4, "state": {"waiting": {"reason": "CrashLoopBackOff"}}}]}
    }));
    let pods = [pod];
    let v = node_view(
        &n,
        Some(&pods),
        &[],
        drain_impact_with_pods("n1", &[], &[], &pods, None),
        t("2024-01-01T00:10:00Z"),
    );
    let p = v.handler.pod.as_ref().unwrap();
    assert_eq!(p.name, "kubevirt/virt-handler-x");
    assert!(!p.ready);
    assert_eq!(p.restarts, 4);
    assert_eq!(v.health, Health::Broken, "{:?}", v.problems);
}

#[test]
fn vmis_carry_their_drain_outcome_blockers_first() {
    let n = node("n1", "True", json!({}));
    let vmi = |name: &str, s: &str, lm: &str| {
        Vmi::from_value(&json!({"metadata": {"name": name, "namespace": "ns"},
            "spec": {"evictionStrategy": s},
            "status": {"phase": "Running", "nodeName": "n1",
                "conditions": [{"type": "LiveMigratable", "status": lm, "reason": "DisksNotLiveMigratable"}]}}))
    };
    let vmis = [
        vmi("a", "LiveMigrate", "True"),
        vmi("b", "LiveMigrate", "False"),
    ];
    let drain = drain_impact_with_pods("n1", &vmis, &[], &[], None);
    let sums = [summary("a", "n1"), summary("b", "n1"), summary("c", "n2")];
    let v = node_view(&n, None, &sums, drain, None);
    let names: Vec<&str> = v.vmis.iter().map(|x| x.key.name.as_str()).collect();
    assert_eq!(names, ["b", "a"]);
    let b = v.vmis[0].drain.as_ref().unwrap();
    assert_eq!(b.action, DrainAction::BlockDrain);
    assert!(b.reason.contains("not live-migratable"), "{}", b.reason);
    assert!(v.drain_notes.iter().any(|n| n.contains("1 VMI(s) block")));
}

#[test]
fn rows_sort_unhealthy_first() {
    let nodes = [
        node("a-ok", "True", json!({})),
        node("b-cordoned", "True", json!({"unschedulable": true})),
        node("c-down", "False", json!({})),
    ];
    let sums = [summary("x", "a-ok"), summary("y", "a-ok")];
    let rows = node_rows(&nodes, None, &sums, t("2024-01-01T00:10:00Z"));
    let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["c-down", "b-cordoned", "a-ok"]);
    assert_eq!(rows[2].vmis, 2);
    assert_eq!(rows[2].kvm.as_deref(), Some("1k"));
    assert_eq!(rows[0].ready.as_deref(), Some("False"));
}

#[test]
fn unschedulable_for_vmis_is_degraded_a_stale_heartbeat_broken() {
    let mut n = node("m", "True", json!({}));
    n.metadata
        .labels
        .insert("kubevirt.io/schedulable".into(), "false".into());
    let empty = || drain_impact_with_pods("m", &[], &[], &[], None);
    let v = node_view(&n, None, &[], empty(), t("2024-01-01T00:10:00Z"));
    assert_eq!(v.health, Health::Degraded, "{:?}", v.problems);
    let v = node_view(&n, None, &[], empty(), t("2024-01-01T00:20:00Z"));
    assert_eq!(v.health, Health::Broken, "{:?}", v.problems);
}
