//! Token mode: `GET /api/v1/alerts` lists only what the signed-in user may read: an alert naming
//! VMs, VMIs, pods or migrations only when the user may list VMIs in their namespace, an alert
//! naming only nodes or the cluster only when the user may list nodes.

mod common;

use backend::run::{Console, Options};
use common::*;
use serde_json::{Value, json};
use std::time::Duration;

fn policy() -> Value {
    let read = ["get", "list", "watch"];
    json!({"users": [
        {"name": "strata", "token": "strata-sa-token", "rules": [{"verbs": read}]},
        {"name": "alice", "token": "alice-token", "rules": [
            {"verbs": read, "apiGroups": ["kubevirt.io", ""],
             "resources": ["virtualmachineinstances", "virtualmachineinstancemigrations", "pods", "events"],
             "namespaces": ["prod"]}
        ]}
    ]})
}

async fn setup() -> (sim::Sim, Console, tempfile::TempDir) {
    token_console(&policy(), |sim| Options {
        prometheus_url: Some(sim.url()),
        alerts_poll: Duration::from_millis(200),
        ..Options::local(None)
    })
    .await
}

async fn alerts(console: &Console, cookie: &str) -> Value {
    let res = http()
        .get(format!("{}/api/v1/alerts", console.url()))
        .header("cookie", cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    res.json().await.unwrap()
}

fn names(v: &Value) -> Vec<(String, String)> {
    v["alerts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let l = &r["alert"]["labels"];
            let what = l["vm"]
                .as_str()
                .map(|vm| format!("{}/{vm}", l["namespace"].as_str().unwrap()));
            (
                r["alert"]["name"].as_str().unwrap().to_string(),
                what.unwrap_or_else(|| format!("node {}", l["node"].as_str().unwrap_or("?"))),
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_user_sees_the_alerts_of_what_they_may_read() {
    let (sim, console, _dir) = setup().await;
    // (Not worker-2: the full disk's VM runs there, and without virt-handler its guest
    // filesystems are not reported.)
    assert!(sim.set_handler("worker-3", false));
    let root = session(&console, "strata-sa-token").await;
    let all = eventually(Duration::from_secs(10), "every alert", || async {
        let v = alerts(&console, &root).await;
        let n = names(&v);
        (n.iter()
            .any(|(a, _)| a == "OrphanedVirtualMachineInstances")
            && n.iter().any(|(_, w)| w == "secure/confidential-vault")
            && n.iter().any(|(_, w)| w == "prod/reports-db"))
        .then_some(n)
    })
    .await;
    let alice = session(&console, "alice-token").await;
    let hers = names(&alerts(&console, &alice).await);
    assert!(
        hers.contains(&(
            "GuestFilesystemAlmostOutOfSpace".into(),
            "prod/reports-db".into()
        )),
        "{hers:?}"
    );
    assert!(
        hers.iter().all(|(_, w)| w.starts_with("prod/")),
        "{hers:?} of {all:?}"
    );
    let v = alerts(&console, &alice).await;
    for r in v["alerts"].as_array().unwrap() {
        for k in r["vmis"].as_array().unwrap() {
            assert_eq!(k["namespace"], "prod", "{r}");
        }
    }
    // Without a session, nothing.
    let res = http()
        .get(format!("{}/api/v1/alerts", console.url()))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 401);
}
