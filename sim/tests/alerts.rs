//! The simulator's Prometheus `/api/v1/alerts`: the scenarios fire KubeVirt's alerts with the
//! labels of its rules, pending until their `for:` has passed; and `/metrics` carries the
//! kube-state-metrics pod series the rules join with.

mod common;

use common::*;
use serde_json::Value;

fn alerts(v: &Value) -> Vec<&Value> {
    v["data"]["alerts"].as_array().unwrap().iter().collect()
}

fn named<'a>(v: &'a Value, name: &str) -> Vec<&'a Value> {
    alerts(v)
        .into_iter()
        .filter(|a| a["labels"]["alertname"] == name)
        .collect()
}

#[tokio::test]
async fn the_demo_fires_its_alerts_with_kubevirts_labels() {
    let sim = start_manual("demo").await;
    let (code, v) = get(&sim, "/api/v1/alerts").await;
    assert_eq!(code, 200);
    assert_eq!(v["status"], "success");
    // Every non-migratable LiveMigrate VM of the mix, running long before now: firing.
    let evict = named(&v, "VMCannotBeEvicted");
    let vms: Vec<&str> = evict
        .iter()
        .map(|a| a["labels"]["vm"].as_str().unwrap())
        .collect();
    assert!(vms.contains(&"confidential-vault"), "{vms:?}");
    for a in &evict {
        assert_eq!(a["state"], "firing");
        assert_eq!(a["labels"]["severity"], "warning");
        assert_eq!(a["labels"]["kubernetes_operator_part_of"], "kubevirt");
        assert_eq!(a["labels"]["name"], a["labels"]["vm"]);
        assert!(a["labels"]["node"].as_str().is_some_and(|n| !n.is_empty()));
    }
    // The full disk: critical, on the root filesystem.
    let full = named(&v, "GuestFilesystemAlmostOutOfSpace");
    assert_eq!(full.len(), 1, "{full:?}");
    assert_eq!(full[0]["labels"]["vm"], "reports-db");
    assert_eq!(full[0]["labels"]["namespace"], "prod");
    assert_eq!(full[0]["labels"]["severity"], "critical");
    assert_eq!(full[0]["labels"]["mount_point"], "/");
    // A healthy VM has none.
    assert!(
        alerts(&v)
            .iter()
            .all(|a| a["labels"]["vm"] != "web-frontend-1")
    );
}

#[tokio::test]
async fn a_stopped_virt_handler_is_pending_then_firing() {
    let sim = start_manual("healthy").await;
    let node = sim.with_world(|w| w.vms.values().next().unwrap().node.clone().unwrap());
    let (_, v) = get(&sim, "/api/v1/alerts").await;
    assert!(named(&v, "OrphanedVirtualMachineInstances").is_empty());
    assert!(sim.set_handler(&node, false));
    let (_, v) = get(&sim, "/api/v1/alerts").await;
    let o = named(&v, "OrphanedVirtualMachineInstances");
    assert_eq!(o.len(), 1);
    assert_eq!(o[0]["state"], "pending");
    assert_eq!(o[0]["labels"]["node"], node.as_str());
    assert_eq!(o[0]["labels"]["namespace"], "kubevirt");
    sim.advance(601.0);
    let (_, v) = get(&sim, "/api/v1/alerts").await;
    assert_eq!(
        named(&v, "OrphanedVirtualMachineInstances")[0]["state"],
        "firing"
    );
    // The series a real Prometheus evaluates it from: virt-handler's pod on that node, not ready.
    let text = client()
        .get(format!("{}/metrics", sim.url()))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let handler_pod = sim.with_world(|w| sim::metrics::kube_state::handler_pod(w, &node));
    assert!(text.contains(&format!(
        "kube_pod_info{{namespace=\"kubevirt\",pod=\"{handler_pod}\",node=\"{node}\"}} 1"
    )));
    assert!(text.contains(&format!(
        "kube_pod_status_ready{{namespace=\"kubevirt\",pod=\"{handler_pod}\",condition=\"true\"}} 0"
    )));
}

#[tokio::test]
async fn prometheus_being_down_answers_503() {
    let sim = start_manual("healthy").await;
    sim.faults().set_prometheus_down(true);
    let (code, _) = get(&sim, "/api/v1/alerts").await;
    assert_eq!(code, 503);
}
