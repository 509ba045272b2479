//! The simulator on a real API server, end to end: a small scenario (a healthy VM, a guest about
//! to panic, an unschedulable VMI, a failing sync) on the simulator's real-time clock, mirrored
//! into a real kube-apiserver (`strata sim --apiserver`); the console on the real server
//! (`strata serve --kubeconfig`) lists and diagnoses each VMI as the console on the simulator
//! does, and `kubectl get vmi -A` on the real server shows the same VMIs.

mod common;

use common::world::{mirrored, real_console, sim_console, synced};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

const SCENARIOS: &str = "healthy,guest-os-panic,unschedulable,sync-failed";

async fn get(url: String) -> Value {
    let res = reqwest::get(&url).await.unwrap();
    assert_eq!(res.status().as_u16(), 200, "GET {url}");
    res.json().await.unwrap()
}

/// What a console shows of each VMI: from its list (`/api/v1/vmis`) the phase, node, layers and
/// headline; from its VMI page (`/detail`) the diagnosis' overall health, headline and layers.
async fn shown(console: &backend::run::Console) -> BTreeMap<String, Value> {
    let url = console.url();
    let mut out = BTreeMap::new();
    for s in get(format!("{url}/api/v1/vmis")).await.as_array().unwrap() {
        let (ns, name) = (
            s["key"]["namespace"].as_str().unwrap(),
            s["key"]["name"].as_str().unwrap(),
        );
        let d = get(format!("{url}/api/v1/vmis/{ns}/{name}/detail")).await;
        let layers: Vec<Value> = d["diagnosis"]["layers"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|l| json!([l["layer"], l["health"]]))
            .collect();
        out.insert(
            format!("{ns}/{name}"),
            json!({
                "phase": s["phase"], "node": s["node"], "layers": s["layers"],
                "headline": s["headline"],
                "diagnosis": {"overall": d["diagnosis"]["overall"],
                              "headline": d["diagnosis"]["headline"], "layers": layers},
            }),
        );
    }
    out
}

/// `kubectl get vmi -A` on the real server: (namespace/name, phase) of each VMI; and its plain
/// table, for the failure message.
fn kubectl_vmis(kubeconfig: &std::path::Path) -> (BTreeMap<String, String>, String) {
    let run = |extra: &[&str]| {
        let out = std::process::Command::new("kubectl")
            .arg("--kubeconfig")
            .arg(kubeconfig)
            .args(["get", "vmi", "-A"])
            .args(extra)
            .output()
            .expect("kubectl runs");
        assert!(
            out.status.success(),
            "kubectl: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let columns = "custom-columns=NS:.metadata.namespace,NAME:.metadata.name,PHASE:.status.phase";
    let listed = run(&["--no-headers", "-o", columns])
        .lines()
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            let (ns, name, phase) = (w.next()?, w.next()?, w.next().unwrap_or_default());
            Some((format!("{ns}/{name}"), phase.to_string()))
        })
        .collect();
    (listed, run(&[]))
}

#[tokio::test]
async fn the_console_on_the_real_server_diagnoses_what_the_simulator_writes_there() {
    let Some(server) = apiserver_harness::shared() else {
        return;
    };
    let sim = mirrored(server, SCENARIOS, "real").await;
    let (on_sim, on_real) = (sim_console(&sim).await, real_console(server).await);
    synced(&on_sim).await;
    synced(&on_real).await;

    // Both read the same world: eventually they show the same, VMI by VMI.
    let deadline = Instant::now() + Duration::from_secs(60);
    let (want, got) = loop {
        let (want, got) = (shown(&on_sim).await, shown(&on_real).await);
        if want == got || Instant::now() > deadline {
            break (want, got);
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    };
    assert_eq!(
        serde_json::to_string_pretty(&got).unwrap(),
        serde_json::to_string_pretty(&want).unwrap(),
        "the console on the real server (left) and on the simulator (right)"
    );
    let scenarios = SCENARIOS.split(',').count();
    assert_eq!(want.len(), scenarios, "one VMI per scenario: {want:#?}");
    // The simulator's broken VMIs are diagnosed broken in the layer their scenario breaks (a
    // launcher no node fits is the nodes': `model::scheduling`).
    for (vmi, layer) in [
        ("default/unschedulable", "node"),
        ("default/sync-failed", "node"),
    ] {
        assert_eq!(
            (
                &want[vmi]["diagnosis"]["overall"],
                &want[vmi]["layers"][layer]
            ),
            (&json!("broken"), &json!("broken")),
            "{vmi}: {want:#?}"
        );
    }
    assert_eq!(
        want["default/healthy"]["diagnosis"]["overall"], "healthy",
        "{want:#?}"
    );

    // kubectl on the real server lists the VMIs the simulator holds, with their phases.
    let held: BTreeMap<String, String> = sim
        .store()
        .list(&sim::resources::VMI, None)
        .1
        .iter()
        .map(|o| {
            let m = &o["metadata"];
            (
                format!(
                    "{}/{}",
                    m["namespace"].as_str().unwrap(),
                    m["name"].as_str().unwrap()
                ),
                o["status"]["phase"]
                    .as_str()
                    .unwrap_or("<none>")
                    .to_string(),
            )
        })
        .collect();
    let (listed, table) = kubectl_vmis(&server.kubeconfig);
    assert_eq!(listed, held, "kubectl get vmi -A:\n{table}");
    for key in want.keys() {
        let (ns, name) = key.split_once('/').unwrap();
        assert!(
            table
                .lines()
                .any(|l| l.split_whitespace().take(2).eq([ns, name])),
            "{key} in kubectl's table:\n{table}"
        );
    }
}
