//! The JSON API against the simulator: evidence bundles, guest agent states, nodes, migrations,
//! drain impact, Prometheus series, readiness and the console's own metrics.

mod common;

use common::*;
use serde_json::Value;
use std::time::Duration;

const SCENARIOS: &str = "healthy,no-agent,unschedulable,evict-blocked-disks";

#[tokio::test]
async fn evidence_bundle_holds_pods_nodes_events_and_the_agent() {
    let sim = sim(SCENARIOS).await;
    let console = console(&sim).await;
    all_synced(&console).await;
    let (code, e) = get_json(&console, "/api/v1/vmis/default/healthy").await;
    assert_eq!(code, 200, "{e}");
    assert_eq!(e["key"]["name"], "healthy");
    assert_eq!(e["vmi"]["value"]["status"]["phase"], "Running");
    assert!(e["vmi"]["observed_at"].is_number());
    let pods = e["pods"].as_array().unwrap();
    assert!(!pods.is_empty(), "launcher pod found: {e}");
    assert!(
        pods.iter().all(|p| p["value"]["metadata"]["name"]
            .as_str()
            .unwrap()
            .starts_with("virt-launcher-healthy")),
        "only this VMI's pods: {pods:?}"
    );
    let node = e["vmi"]["value"]["status"]["nodeName"].as_str().unwrap();
    assert!(
        e["nodes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|n| n["value"]["metadata"]["name"] == node)
    );
    assert_eq!(
        e["coverage"],
        serde_json::json!({"pods": true, "migrations": true, "events": true, "nodes": true})
    );
    assert_eq!(e["guest_agent"]["value"]["kind"], "info", "{e}");

    let (code, e) = get_json(&console, "/api/v1/vmis/default/no-agent").await;
    assert_eq!(code, 200);
    assert_eq!(e["guest_agent"]["value"]["kind"], "not_connected");

    let (code, err) = get_json(&console, "/api/v1/vmis/default/does-not-exist").await;
    assert_eq!(code, 404);
    assert!(
        err["error"]
            .as_str()
            .unwrap()
            .contains("default/does-not-exist")
    );
}

#[tokio::test]
async fn the_vmi_page_detail_is_diagnosed_and_explained_on_the_server() {
    let sim = sim(SCENARIOS).await;
    let console = console(&sim).await;
    all_synced(&console).await;
    let (code, d) = get_json(&console, "/api/v1/vmis/default/healthy/detail").await;
    assert_eq!(code, 200, "{d}");
    assert_eq!(d["key"]["name"], "healthy");
    assert_eq!(d["phase"], "Running");
    // Heartbeat ages are judged against the cluster's clock (the simulator's stopped clock, read
    // from its answers' `Date`), so every layer of a healthy VMI is healthy whatever day it is.
    for (i, layer) in ["control_plane", "node", "guest", "network", "migration"]
        .iter()
        .enumerate()
    {
        assert_eq!(d["diagnosis"]["layers"][i]["layer"], *layer);
    }
    for i in 0..5 {
        assert_eq!(d["diagnosis"]["layers"][i]["health"], "healthy", "{d}");
    }
    assert_eq!(d["diagnosis"]["layers"].as_array().unwrap().len(), 5);
    assert!(d["guest"]["Info"]["agent_version"].is_string(), "{d}");
    let pods = d["pods"].as_array().unwrap();
    assert!(!pods.is_empty(), "{d}");
    assert!(pods.iter().all(|p| p["role"] == "current"), "{pods:?}");
    let conditions = d["conditions"].as_array().unwrap();
    assert!(!conditions.is_empty());
    assert!(
        conditions
            .iter()
            .all(|c| !c["explained"]["title"].as_str().unwrap().is_empty()),
        "{conditions:?}"
    );

    let (_, d) = get_json(&console, "/api/v1/vmis/default/no-agent/detail").await;
    assert_eq!(d["guest"], "NotConnected", "{d}");
    // Nothing is broken; the guest layer cannot be observed.
    assert_eq!(d["diagnosis"]["layers"][2]["layer"], "guest");
    assert_eq!(d["diagnosis"]["layers"][2]["health"], "unknown", "{d}");
    let (code, err) = get_json(&console, "/api/v1/vmis/default/does-not-exist/detail").await;
    assert_eq!(code, 404);
    assert!(err["error"].as_str().unwrap().contains("does-not-exist"));
    let (code, _) = get_json(&console, "/api/v1/vmis/default/Bad_Name/detail").await;
    assert_eq!(code, 400);
}

#[tokio::test]
async fn guest_agent_answers_and_409s_are_told_apart() {
    let sim = sim(SCENARIOS).await;
    let console = console(&sim).await;
    all_synced(&console).await;
    let state = |name: &'static str, sub: &'static str| {
        let console = &console;
        async move {
            let (code, v) = get_json(
                console,
                &format!("/api/v1/vmis/default/{name}/guestagent/{sub}"),
            )
            .await;
            assert_eq!(code, 200, "{v}");
            v
        }
    };
    for sub in ["guestosinfo", "userlist", "filesystemlist"] {
        let v = state("healthy", sub).await;
        assert_eq!(v["state"], "ok", "{sub}: {v}");
    }
    assert!(state("healthy", "guestosinfo").await["data"]["guestAgentVersion"].is_string());
    assert!(state("healthy", "filesystemlist").await["data"]["items"].is_array());
    let v = state("no-agent", "userlist").await;
    assert_eq!(v["state"], "agent_not_connected", "{v}");
    assert!(v["message"].as_str().unwrap().contains("guest agent"));
    let v = state("unschedulable", "guestosinfo").await;
    assert_eq!(v["state"], "vmi_not_running", "{v}");
    let v = state("missing", "guestosinfo").await;
    assert_eq!(v["state"], "not_found", "{v}");
    sim.faults().set_guest_agent_failing(true);
    let v = state("healthy", "guestosinfo").await;
    assert_eq!(v["state"], "error", "{v}");
}

#[tokio::test]
async fn nodes_migrations_and_drain_impact() {
    let sim = sim(SCENARIOS).await;
    let console = console(&sim).await;
    all_synced(&console).await;
    let (code, nodes) = get_json(&console, "/api/v1/nodes").await;
    assert_eq!(code, 200);
    assert!(nodes.as_array().unwrap().len() >= 2, "{nodes}");
    let (code, migrations) = get_json(&console, "/api/v1/migrations").await;
    assert_eq!(code, 200);
    assert!(migrations.is_array());
    let (code, rows) = get_json(&console, "/api/v1/migrations/reports").await;
    assert_eq!(code, 200);
    assert_eq!(
        rows.as_array().unwrap().len(),
        migrations.as_array().unwrap().len()
    );

    let (_, e) = get_json(&console, "/api/v1/vmis/default/evict-blocked-disks").await;
    let node = e["vmi"]["value"]["status"]["nodeName"]
        .as_str()
        .unwrap()
        .to_string();
    let (code, report) = get_json(&console, &format!("/api/v1/nodes/{node}/drain")).await;
    assert_eq!(code, 200, "{report}");
    assert_eq!(report["node"], node.as_str());
    let outcome = report["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["key"]["name"] == "evict-blocked-disks")
        .cloned()
        .unwrap_or(Value::Null);
    assert_eq!(outcome["action"], "block_drain", "{report}");
    assert!(report["blocking"].as_u64().unwrap() >= 1);
    let (code, _) = get_json(&console, "/api/v1/nodes/no-such-node/drain").await;
    assert_eq!(code, 404);
}

#[tokio::test]
async fn migrations_are_interpreted_for_the_migrations_page() {
    let sim = sim("migration-precopy,migration-postcopy-failure").await;
    let console = console(&sim).await;
    all_synced(&console).await;
    // Let both migrations run to their end.
    sim.advance(3600.0);
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        let (code, vmims) = get_json(&console, "/api/v1/migrations").await;
        assert_eq!(code, 200);
        let (code, rows) = get_json(&console, "/api/v1/migrations/reports").await;
        assert_eq!(code, 200, "{rows}");
        let rows = rows.as_array().unwrap().clone();
        assert_eq!(rows.len(), vmims.as_array().unwrap().len());
        assert!(
            rows.windows(2)
                .all(|w| w[0]["created"].as_i64() >= w[1]["created"].as_i64()),
            "newest first: {rows:?}"
        );
        let failed = rows.iter().find(|r| r["report"]["outcome"] == "failed");
        let succeeded = rows.iter().find(|r| r["report"]["outcome"] == "succeeded");
        if let (Some(failed), Some(_)) = (failed, succeeded) {
            assert!(
                failed["report"]["irrecoverable"].as_bool().unwrap(),
                "{failed}"
            );
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "a failed post-copy and a succeeded pre-copy migration: {rows:?}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test]
async fn series_come_from_prometheus_or_say_why_not() {
    // A real-time clock, so the simulator's samples line up with the backend's "now".
    let sim = sim_with(sim::SimArgs {
        scenarios: "healthy".into(),
        ..sim::SimArgs::default()
    })
    .await;
    let console = console(&sim).await;
    let path = "/api/v1/vmis/default/healthy/metrics?set=domain&range=600&step=15";
    let set = eventually(Duration::from_secs(20), "cpu samples", || async {
        let (code, set) = get_json(&console, path).await;
        assert_eq!(code, 200, "{set}");
        let has_cpu = set["series"].as_array().is_some_and(|s| {
            s.iter().any(|x| {
                x["metric"] == "cpu" && x["points"].as_array().is_some_and(|p| !p.is_empty())
            })
        });
        has_cpu.then_some(set)
    })
    .await;
    assert_eq!(set["available"], true);
    let cpu = set["series"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["metric"] == "cpu")
        .unwrap();
    assert_eq!(cpu["unit"], "cores");
    sim.faults().set_prometheus_down(true);
    let (code, set) = get_json(&console, path).await;
    assert_eq!(code, 200);
    assert_eq!(set["available"], false, "{set}");
    assert!(set["message"].as_str().unwrap().len() > 10);
}

#[tokio::test]
async fn readiness_and_own_metrics() {
    let sim = sim(SCENARIOS).await;
    let console = console(&sim).await;
    all_synced(&console).await;
    let (code, r) = eventually(Duration::from_secs(10), "ready", || async {
        let (code, r) = get_json(&console, "/readyz").await;
        (code == 200).then_some((code, r))
    })
    .await;
    assert_eq!(code, 200);
    assert_eq!(r["ready"], true);
    assert_eq!(r["resources"].as_array().unwrap().len(), 6);
    let text = http()
        .get(format!("{}/metrics", console.url()))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(text.contains("strata_connected_clients 0"), "{text}");
    assert!(
        text.contains("strata_cache_synced{resource=\"pods\"} 1"),
        "{text}"
    );
    assert!(text.contains("strata_watch_restarts_total{resource=\"virtualmachineinstances\"}"));
}
