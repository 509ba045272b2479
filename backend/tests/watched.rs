//! VMs and events come from their watches: the evidence bundle and drain impact read the compact
//! records the watchers keep, and see changes without fetching anything per request.

mod common;

use backend::watch::Kind;
use common::*;
use serde_json::{Value, json};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(10);

fn on_demand_fetches(console: &backend::run::Console) -> (u64, u64) {
    (
        console.caches.vms.state.fetches(),
        console.caches.events.state.fetches(),
    )
}

#[tokio::test]
async fn an_event_created_in_the_cluster_shows_in_the_evidence_from_the_cache() {
    let sim = sim("healthy").await;
    let console = console(&sim).await;
    all_synced(&console).await;
    let key = ("default".to_string(), "healthy".to_string());
    sim.with_world(|w| {
        w.vmi_event(
            &key,
            "Warning",
            "StrataProbe",
            "a probe event",
            "virt-handler",
        )
    });
    let reasons = |e: &Value| -> Vec<(String, i64)> {
        e["events"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|ev| ev["value"]["reason"] == "StrataProbe")
            .map(|ev| {
                (
                    ev["value"]["message"].as_str().unwrap_or("").to_string(),
                    ev["value"]["count"].as_i64().unwrap_or(0),
                )
            })
            .collect()
    };
    let e = eventually(WAIT, "the event in the evidence", || async {
        let (code, e) = get_json(&console, "/api/v1/vmis/default/healthy").await;
        assert_eq!(code, 200, "{e}");
        (!reasons(&e).is_empty()).then_some(e)
    })
    .await;
    assert_eq!(reasons(&e), [("a probe event".to_string(), 1)]);
    assert_eq!(e["coverage"]["events"], true);
    // The VMI page's detail is built from the same bundle: the event is there, though the VMI
    // itself did not change.
    let (_, d) = get_json(&console, "/api/v1/vmis/default/healthy/detail").await;
    let probe = d["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|ev| ev["reason"] == "StrataProbe")
        .unwrap_or_else(|| panic!("the event in the detail: {d}"));
    assert!(probe["warning"].as_bool().unwrap(), "{probe}");
    // The VM came from its watch too.
    assert_eq!(e["vm"]["value"]["metadata"]["name"], "healthy", "{e}");
    assert!(e["vm"]["value"]["status"]["printableStatus"].is_string());
    // The same event again: its count is bumped in place, not duplicated.
    sim.with_world(|w| {
        w.vmi_event(
            &key,
            "Warning",
            "StrataProbe",
            "a probe event",
            "virt-handler",
        )
    });
    eventually(WAIT, "the bumped count", || async {
        let (_, e) = get_json(&console, "/api/v1/vmis/default/healthy").await;
        (reasons(&e) == [("a probe event".to_string(), 2)]).then_some(())
    })
    .await;
    // Nothing was fetched per request: the watches had synced.
    assert_eq!(on_demand_fetches(&console), (0, 0));
    assert_eq!(console.caches.len(Kind::Event), Some(1));
    let metrics = reqwest_text(&console, "/metrics").await;
    assert!(
        metrics.contains("strata_on_demand_fetches_total{resource=\"events\"} 0"),
        "{metrics}"
    );
    assert!(metrics.contains("strata_cache_objects{resource=\"events\"}"));
}

#[tokio::test]
async fn without_a_synced_event_watch_the_evidence_fetches_events() {
    let sim = sim("healthy").await;
    let client = backend::kube_client::connect(backend::kube_client::Source::Url(sim.url()))
        .await
        .unwrap();
    // Only the VMI watch runs: VMs and events are fetched for the page, and counted.
    let store = std::sync::Arc::new(backend::store::Store::new(100, 16));
    let state = backend::state::AppState::local(store.clone(), client.clone());
    let caches = state.caches.clone();
    let watcher = tokio::spawn(backend::watch::watch_kind(
        client,
        caches.clone(),
        Kind::Vmi,
        store.clone(),
        state.metrics.clone(),
    ));
    sim.with_world(|w| {
        w.vmi_event(
            &("default".to_string(), "healthy".to_string()),
            "Normal",
            "StrataProbe",
            "fetched, not watched",
            "virt-handler",
        )
    });
    eventually(WAIT, "VMIs synced", || async {
        caches.vmis.state.synced().then_some(())
    })
    .await;
    let e = backend::evidence::collect(&state.auth.local_client(), &caches, "default", "healthy")
        .await
        .unwrap()
        .unwrap();
    assert!(e.coverage.events, "the fetch succeeded");
    assert_eq!(
        e.events
            .iter()
            .map(|ev| ev.value.message())
            .collect::<Vec<_>>(),
        ["fetched, not watched"]
    );
    assert_eq!(e.vm.unwrap().value.metadata.name(), "healthy");
    assert_eq!(caches.events.state.fetches(), 1);
    assert_eq!(caches.vms.state.fetches(), 1);
    assert!(
        !caches.events.state.synced(),
        "a fetch is not a synced watch"
    );
    watcher.abort();
}

fn vm(name: &str, run_strategy: &str, eviction: &str) -> Value {
    json!({
        "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
        "metadata": {"name": name, "namespace": "drain-test", "uid": format!("vm-{name}"),
            "annotations": {"big": "x".repeat(4096)}},
        "spec": {"runStrategy": run_strategy,
            "template": {"spec": {"evictionStrategy": eviction, "domain": {"devices": {}}}}},
        "status": {"printableStatus": "Running", "ready": true, "conditions": [
            {"type": "Ready", "status": "True"},
            {"type": "Initialized", "status": "True"}]}
    })
}

fn vmi(name: &str, node: &str) -> Value {
    json!({
        "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance",
        "metadata": {"name": name, "namespace": "drain-test", "uid": format!("vmi-{name}")},
        "spec": {"domain": {"devices": {}}},
        "status": {"phase": "Running", "nodeName": node, "conditions": [
            {"type": "LiveMigratable", "status": "False", "reason": "DisksNotLiveMigratable"}]}
    })
}

#[tokio::test]
async fn drain_impact_reads_the_watched_vms() {
    let sim = sim("healthy").await;
    let console = console(&sim).await;
    all_synced(&console).await;
    let (_, e) = get_json(&console, "/api/v1/vmis/default/healthy").await;
    let node = e["vmi"]["value"]["status"]["nodeName"]
        .as_str()
        .unwrap()
        .to_string();
    // The eviction strategy is only on the VM's template, so the outcome depends on the VM.
    sim.store().upsert(vmi("blocker", &node));
    sim.store().upsert(vm("blocker", "Always", "LiveMigrate"));
    sim.store().upsert(vmi("stopper", &node));
    sim.store().upsert(vm("stopper", "Halted", "None"));
    let outcome = |report: &Value, name: &str| {
        report["outcomes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["key"]["name"] == name)
            .cloned()
            .unwrap_or(Value::Null)
    };
    let path = format!("/api/v1/nodes/{node}/drain");
    let report = eventually(WAIT, "both VMs in the drain report", || async {
        let (code, r) = get_json(&console, &path).await;
        assert_eq!(code, 200, "{r}");
        (outcome(&r, "blocker")["strategy"] == "LiveMigrate"
            && outcome(&r, "stopper")["strategy"] == "None")
            .then_some(r)
    })
    .await;
    let blocker = outcome(&report, "blocker");
    assert_eq!(blocker["action"], "block_drain", "{report}");
    assert_eq!(
        blocker["strategy_source"],
        "vm.spec.template.spec.evictionStrategy"
    );
    let stopper = outcome(&report, "stopper");
    assert_eq!(stopper["action"], "shut_down");
    assert!(
        stopper["reason"]
            .as_str()
            .unwrap()
            .contains("run strategy Halted"),
        "{stopper}"
    );
    // A change to the VM reaches the report through the watch.
    sim.store().upsert(vm("stopper", "Always", "None"));
    eventually(WAIT, "the new run strategy", || async {
        let (_, r) = get_json(&console, &path).await;
        outcome(&r, "stopper")["reason"]
            .as_str()?
            .contains("run strategy Always")
            .then_some(())
    })
    .await;
    assert_eq!(on_demand_fetches(&console), (0, 0));
    // The record keeps only what is read: no annotations, only the kept conditions.
    let vms = console.caches.vms();
    let kept = vms.iter().find(|v| v.metadata.name() == "blocker").unwrap();
    assert!(kept.metadata.annotations.is_empty());
    let types: Vec<_> = kept
        .status
        .conditions
        .iter()
        .map(|c| c.type_.as_deref().unwrap())
        .collect();
    assert_eq!(types, ["Ready"]);
}

async fn reqwest_text(console: &backend::run::Console, path: &str) -> String {
    http()
        .get(format!("{}{path}", console.url()))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}
