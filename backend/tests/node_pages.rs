//! The node pages' endpoints against the simulator: the nodes list (unhealthy first, with
//! virt-handler and KVM) and one node's view (conditions, virt-handler, devices, its VMIs with
//! their verdicts and drain outcomes).

mod common;

use common::*;
use serde_json::Value;

const SCENARIOS: &str = "healthy,evict-blocked-disks";

/// The node the drain-blocked VMI runs on.
async fn blocked_node(console: &backend::run::Console) -> String {
    let (_, e) = get_json(console, "/api/v1/vmis/default/evict-blocked-disks").await;
    e["vmi"]["value"]["status"]["nodeName"]
        .as_str()
        .unwrap()
        .to_string()
}

#[tokio::test]
async fn node_rows_and_node_view() {
    let sim = sim(SCENARIOS).await;
    let console = console(&sim).await;
    all_synced(&console).await;
    let node = blocked_node(&console).await;

    let (code, rows) = get_json(&console, "/api/v1/nodes/rows").await;
    assert_eq!(code, 200, "{rows}");
    let rows = rows.as_array().unwrap().clone();
    assert!(rows.len() >= 2, "{rows:?}");
    let row = rows.iter().find(|r| r["name"] == node.as_str()).unwrap();
    assert_eq!(row["ready"], "True", "{row}");
    assert_eq!(row["kvm"], "1k", "{row}");
    assert!(row["vmis"].as_u64().unwrap() >= 1, "{row}");
    assert_eq!(row["handler"]["schedulable"], "true", "{row}");
    assert!(row["handler"]["heartbeat"].is_number(), "{row}");

    let (code, v) = get_json(&console, &format!("/api/v1/nodes/{node}/view")).await;
    assert_eq!(code, 200, "{v}");
    assert_eq!(v["name"], node.as_str());
    assert!(
        v["conditions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["type_"] == "Ready" && c["status"] == "True"),
        "{v}"
    );
    assert!(
        v["resources"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["name"] == "devices.kubevirt.io/kvm"),
        "{v}"
    );
    // The pods on the node were read (the local console may list pods).
    assert_eq!(v["handler"]["pods_known"], true, "{v}");
    let blocked = v["vmis"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["key"]["name"] == "evict-blocked-disks")
        .cloned()
        .unwrap_or(Value::Null);
    assert_eq!(blocked["drain"]["action"], "block_drain", "{v}");
    assert!(blocked["health"].is_string(), "{blocked}");
    // Blockers first.
    assert_eq!(v["vmis"][0]["drain"]["action"], "block_drain", "{v}");

    let (code, _) = get_json(&console, "/api/v1/nodes/no-such-node/view").await;
    assert_eq!(code, 404);
}

/// The drain report reads the node's VMIs by KubeVirt's node labels, not the cluster's whole
/// VMI list on every request (pkg/virt-controller/watch/vmi/lifecycle.go sets
/// `kubevirt.io/nodeName`; migration.go `kubevirt.io/migrationTargetNodeName`).
#[tokio::test]
async fn the_drain_report_lists_only_the_nodes_vmis() {
    use std::sync::{Arc, Mutex};
    let sim = sim(SCENARIOS).await;
    let seen = Arc::new(Mutex::new(Vec::<String>::new()));
    let log = seen.clone();
    let record =
        tower::util::MapRequestLayer::new(move |req: axum::http::Request<kube::client::Body>| {
            log.lock().unwrap().push(req.uri().to_string());
            req
        });
    let config = kube::Config::new(sim.url().parse().unwrap());
    let client = kube::client::ClientBuilder::try_from(config)
        .unwrap()
        .with_layer(&record)
        .build();
    let console = console_with(
        client,
        backend::run::Options {
            prometheus_url: Some(sim.url()),
            ..backend::run::Options::local(None)
        },
    )
    .await;
    all_synced(&console).await;
    let node = blocked_node(&console).await;
    seen.lock().unwrap().clear();
    for path in [
        format!("/api/v1/nodes/{node}/view"),
        format!("/api/v1/nodes/{node}/drain"),
    ] {
        let (code, v) = get_json(&console, &path).await;
        assert_eq!(code, 200, "{path}: {v}");
        let text = v.to_string();
        assert!(text.contains("evict-blocked-disks"), "{path}: {v}");
        assert!(text.contains("block_drain"), "{path}: {v}");
    }
    let calls = seen.lock().unwrap().clone();
    let vmi_lists: Vec<&String> = calls
        .iter()
        .filter(|u| u.contains("/virtualmachineinstances?") && !u.contains("watch=true"))
        .collect();
    assert!(!vmi_lists.is_empty(), "{calls:#?}");
    for u in &vmi_lists {
        assert!(
            u.contains("labelSelector=kubevirt.io"),
            "a list of every VMI: {u}"
        );
    }
}
