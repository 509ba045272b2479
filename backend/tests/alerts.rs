//! Alerts through the console, from the simulator's Prometheus API (`/api/v1/alerts`): `GET
//! /api/v1/alerts` lists each with the VMIs it concerns, the VMI page cites it in its layer, the
//! overview summary counts it, and without Alertmanager or Prometheus the console says so.

mod common;

use common::{alert_row as row, alert_vmis as vmis};

use backend::run::Options;
use common::{all_synced, console_with, eventually, get_json};
use serde_json::Value;
use std::time::Duration;

async fn setup(with_prometheus: bool) -> (sim::Sim, backend::run::Console) {
    // `healthy` brings the demo nodes (and one VM, default/healthy, on any of them).
    let sim = common::sim("healthy").await;
    common::add_alert_scenarios(&sim);
    let client = backend::kube_client::connect(backend::kube_client::Source::Url(sim.url()))
        .await
        .unwrap();
    let options = Options {
        prometheus_url: with_prometheus.then(|| sim.url()),
        alerts_poll: Duration::from_millis(200),
        ..Options::local(None)
    };
    let console = console_with(client, options).await;
    all_synced(&console).await;
    (sim, console)
}

fn finding_titles(detail: &Value, layer: &str) -> Vec<String> {
    detail["diagnosis"]["layers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["layer"] == layer)
        .flat_map(|l| l["findings"].as_array().unwrap().iter())
        .map(|f| f["title"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn alerts_are_listed_matched_cited_and_counted() {
    let (_sim, console) = setup(true).await;
    let answer = eventually(Duration::from_secs(10), "alerts read", || async {
        let (s, v) = get_json(&console, "/api/v1/alerts").await;
        (s == 200 && row(&v, "GuestFilesystemAlmostOutOfSpace").is_some()).then_some(v)
    })
    .await;
    assert_eq!(answer["source"]["kind"], "read");
    assert_eq!(answer["source"]["from"], "prometheus");
    let blocked = row(&answer, "VMCannotBeEvicted").expect("VMCannotBeEvicted");
    assert_eq!(
        vmis(blocked),
        ["prod/blocked"],
        "not its neighbour prod/fine"
    );
    assert_eq!(blocked["alert"]["state"], "firing");
    assert_eq!(blocked["layer"], "migration");
    assert_eq!(
        blocked["runbook"],
        "https://github.com/kubevirt/monitoring/blob/main/docs/runbooks/VMCannotBeEvicted.md"
    );
    let full = row(&answer, "GuestFilesystemAlmostOutOfSpace").unwrap();
    assert_eq!(full["alert"]["labels"]["severity"], "critical");
    assert_eq!(full["alert"]["labels"]["mount_point"], "/");
    assert_eq!(vmis(full), ["prod/full"]);

    // The VMI page cites them in their layers; the summary counts them.
    let (s, d) = get_json(&console, "/api/v1/vmis/prod/blocked/detail").await;
    assert_eq!(s, 200);
    assert!(
        finding_titles(&d, "migration").contains(&"Alert VMCannotBeEvicted firing, warning".into()),
        "{:?}",
        finding_titles(&d, "migration")
    );
    let (_, d) = get_json(&console, "/api/v1/vmis/prod/full/detail").await;
    assert!(
        finding_titles(&d, "guest")
            .contains(&"Alert GuestFilesystemAlmostOutOfSpace firing, critical".into())
    );
    let broken = d["diagnosis"]["layers"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l["layer"] == "guest" && l["health"] == "broken");
    assert!(broken, "a 96% full root filesystem breaks the guest layer");
    let (_, d) = get_json(&console, "/api/v1/vmis/prod/fine/detail").await;
    assert!(
        d["diagnosis"]["layers"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|l| l["findings"].as_array().unwrap())
            .all(|f| !f["title"].as_str().unwrap().starts_with("Alert "))
    );
    let counts = eventually(
        Duration::from_secs(10),
        "summaries counting alerts",
        || async {
            let (_, v) = get_json(&console, "/api/v1/vmis").await;
            let count = |name: &str| {
                v.as_array()?
                    .iter()
                    .find(|s| s["key"]["name"] == name)
                    .map(|s| s["alerts"].as_u64().unwrap_or(0))
            };
            let c = (count("blocked")?, count("full")?, count("fine")?);
            (c.0 == 1 && c.1 == 1).then_some(c)
        },
    )
    .await;
    assert_eq!(counts.2, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_without_ready_virt_handler_concerns_its_vmis() {
    let (sim, console) = setup(true).await;
    assert!(sim.set_handler("worker-3", false));
    // OrphanedVirtualMachineInstances holds for its `for: 10m` first.
    let pending = eventually(Duration::from_secs(10), "the pending alert", || async {
        let (_, v) = get_json(&console, "/api/v1/alerts").await;
        row(&v, "OrphanedVirtualMachineInstances").cloned()
    })
    .await;
    assert_eq!(pending["alert"]["state"], "pending");
    sim.advance(11.0 * 60.0);
    let firing = eventually(Duration::from_secs(10), "the firing alert", || async {
        let (_, v) = get_json(&console, "/api/v1/alerts").await;
        row(&v, "OrphanedVirtualMachineInstances")
            .filter(|r| r["alert"]["state"] == "firing")
            .cloned()
    })
    .await;
    assert!(
        vmis(&firing).contains(&"dev/orphan".to_string()),
        "{firing}"
    );
    assert!(
        !vmis(&firing).iter().any(|k| k.starts_with("prod/")),
        "{firing}"
    );
    assert_eq!(firing["alert"]["labels"]["node"], "worker-3");
    // The summary was projected before the alert existed: the change re-projects it.
    eventually(
        Duration::from_secs(10),
        "the orphan's summary counting it",
        || async {
            let (_, v) = get_json(&console, "/api/v1/vmis").await;
            v.as_array()?
                .iter()
                .find(|s| s["key"]["name"] == "orphan")
                .filter(|s| s["alerts"] == 1)
                .map(|_| ())
        },
    )
    .await;
    let (_, d) = get_json(&console, "/api/v1/vmis/dev/orphan/detail").await;
    assert!(
        finding_titles(&d, "node")
            .contains(&"Alert OrphanedVirtualMachineInstances firing, warning".into())
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_alertmanager_or_prometheus_the_console_says_so() {
    let (_sim, console) = setup(false).await;
    let (s, v) = get_json(&console, "/api/v1/alerts").await;
    assert_eq!(s, 200);
    assert_eq!(v["source"]["kind"], "not_configured");
    assert_eq!(v["alerts"], serde_json::json!([]));
    let (s, d) = get_json(&console, "/api/v1/vmis/prod/blocked/detail").await;
    assert_eq!(s, 200);
    let missing: Vec<&str> = d["diagnosis"]["missing_evidence"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(
        missing
            .iter()
            .any(|m| m.contains("no Alertmanager or Prometheus configured")),
        "{missing:?}"
    );
}
