//! KubeVirt's alerts end to end with the real parts: a real Prometheus scrapes the simulator's
//! `/metrics` and evaluates `sim/rules/kubevirt-alerts.yaml` (KubeVirt's rules), a real
//! Alertmanager receives what fires, and the console reads Alertmanager's API v2. The simulator's
//! scenarios must fire the expected alerts, the simulator's own evaluation (what `strata demo`
//! serves) must name the same ones, and Strata must show each on the right VMI and node.
//!
//! The rules are loaded from a copy in which every `for:` is `0s` (the only change), so that they
//! fire within seconds instead of after 1 to 10 minutes.
//!
//! Needs `prometheus` and `prometheus-alertmanager` (Debian packages; `PROMETHEUS` and
//! `ALERTMANAGER` override the paths). Both processes are killed and their files removed by
//! guards, also when the test fails.

mod common;

use common::{alert_row as row, alert_vmis as vmis};
#[path = "support/prom.rs"]
mod prom;

use backend::run::Options;
use common::{all_synced, console_with, eventually, get_json};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Duration;

/// The rules file with every `for:` set to `0s`.
fn rules_for_tests() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../sim/rules/kubevirt-alerts.yaml");
    let text = std::fs::read_to_string(path).unwrap();
    let out: Vec<String> = text
        .lines()
        .map(|l| {
            let indent = l.len() - l.trim_start().len();
            if l.trim_start().starts_with("for: ") {
                format!("{}for: 0s", " ".repeat(indent))
            } else {
                l.to_string()
            }
        })
        .collect();
    assert!(out.iter().any(|l| l.trim() == "for: 0s"));
    out.join("\n") + "\n"
}

/// Prometheus scraping `target` each second, evaluating the rules each second, sending to
/// `alertmanager`.
fn start_prometheus(target: &str, alertmanager: &str) -> (prom::Guard, String) {
    prom::start_prometheus(
        &[target],
        prom::Extra {
            rules: Some(rules_for_tests()),
            alertmanager: Some(alertmanager.trim_start_matches("http://")),
        },
    )
}

/// An alert as `(name, severity, what it names)`: the VM, else the node.
fn ident(labels: &serde_json::Map<String, Value>) -> (String, String, String) {
    let l = |k: &str| {
        labels
            .get(k)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    let what = match (l("vm"), l("node")) {
        (vm, _) if !vm.is_empty() => format!("{}/{vm}", l("namespace")),
        (_, node) => format!("node {node}"),
    };
    (l("alertname"), l("severity"), what)
}

async fn alertmanager_alerts(am: &str) -> Option<BTreeSet<(String, String, String)>> {
    let v: Value = reqwest::get(format!("{am}/api/v2/alerts"))
        .await
        .ok()?
        .json()
        .await
        .ok()?;
    Some(
        v.as_array()?
            .iter()
            .filter_map(|a| a["labels"].as_object().map(ident))
            .collect(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn prometheus_fires_the_scenarios_alerts_and_strata_shows_them_from_alertmanager() {
    // A real clock: Prometheus scrapes in wall time.
    let sim = common::sim_with(sim::SimArgs {
        scenarios: "none".into(),
        ..sim::SimArgs::default()
    })
    .await;
    sim.with_world(sim::scenarios::add_demo_nodes);
    common::add_alert_scenarios(&sim);
    assert!(sim.set_handler("worker-3", false));

    let (_am_guard, am) = prom::start_alertmanager();
    let (_prom_guard, prom) = start_prometheus(&sim.addr().to_string(), &am);
    let expected: BTreeSet<(String, String, String)> = [
        ("VMCannotBeEvicted", "warning", "prod/blocked"),
        ("GuestFilesystemAlmostOutOfSpace", "critical", "prod/full"),
        (
            "OrphanedVirtualMachineInstances",
            "warning",
            "node worker-3",
        ),
    ]
    .iter()
    .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
    .collect();
    let received = eventually(
        Duration::from_secs(40),
        "Alertmanager receiving the alerts",
        || {
            let am = am.clone();
            let expected = expected.clone();
            async move {
                alertmanager_alerts(&am)
                    .await
                    .filter(|got| expected.is_subset(got))
            }
        },
    )
    .await;
    assert_eq!(
        received, expected,
        "exactly the scenarios' alerts, nothing for prod/fine"
    );

    // The simulator's own evaluation (what `strata demo` shows) names the same alerts.
    let own: BTreeSet<(String, String, String)> = sim.with_world(|w| {
        let t = w.now;
        sim::alerts::alerts(w, t)
            .iter()
            .map(|a| {
                let mut labels: serde_json::Map<String, Value> = a
                    .labels
                    .iter()
                    .map(|(k, v)| (k.clone(), Value::String(v.clone())))
                    .collect();
                labels.insert("alertname".into(), a.name.into());
                labels.insert("severity".into(), a.severity.into());
                ident(&labels)
            })
            .collect()
    });
    assert_eq!(own, expected);

    // Strata reads Alertmanager and shows each alert on the right VMI and node.
    let client = backend::kube_client::connect(backend::kube_client::Source::Url(sim.url()))
        .await
        .unwrap();
    let console = console_with(
        client,
        Options {
            alertmanager_url: Some(am.clone()),
            prometheus_url: Some(prom.clone()),
            alerts_poll: Duration::from_millis(500),
            ..Options::local(None)
        },
    )
    .await;
    all_synced(&console).await;
    let answer = eventually(Duration::from_secs(15), "the console's alerts", || async {
        let (s, v) = get_json(&console, "/api/v1/alerts").await;
        (s == 200 && v["alerts"].as_array().is_some_and(|a| a.len() >= 3)).then_some(v)
    })
    .await;
    assert_eq!(answer["source"]["from"], "alertmanager");
    assert_eq!(
        vmis(row(&answer, "VMCannotBeEvicted").unwrap()),
        ["prod/blocked"]
    );
    assert_eq!(
        vmis(row(&answer, "GuestFilesystemAlmostOutOfSpace").unwrap()),
        ["prod/full"]
    );
    let orphaned = row(&answer, "OrphanedVirtualMachineInstances").unwrap();
    assert_eq!(vmis(orphaned), ["dev/orphan"]);
    assert!(
        orphaned["targets"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!({"kind": "node", "name": "worker-3"}))
    );

    let titles = |d: &Value, layer: &str| -> Vec<String> {
        d["diagnosis"]["layers"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|l| l["layer"] == layer)
            .flat_map(|l| l["findings"].as_array().unwrap().iter())
            .map(|f| f["title"].as_str().unwrap().to_string())
            .collect()
    };
    let (_, d) = get_json(&console, "/api/v1/vmis/prod/full/detail").await;
    assert!(
        titles(&d, "guest")
            .contains(&"Alert GuestFilesystemAlmostOutOfSpace firing, critical".into()),
        "{:?}",
        titles(&d, "guest")
    );
    let (_, d) = get_json(&console, "/api/v1/vmis/prod/blocked/detail").await;
    assert!(titles(&d, "migration").contains(&"Alert VMCannotBeEvicted firing, warning".into()));
    let (_, d) = get_json(&console, "/api/v1/vmis/dev/orphan/detail").await;
    assert!(
        titles(&d, "node")
            .contains(&"Alert OrphanedVirtualMachineInstances firing, warning".into())
    );
    let (_, d) = get_json(&console, "/api/v1/vmis/prod/fine/detail").await;
    assert!(
        titles(&d, "migration")
            .iter()
            .chain(titles(&d, "guest").iter())
            .all(|t| !t.starts_with("Alert "))
    );
}
