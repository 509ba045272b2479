//! Issue 17, token mode: each kind is filtered by its own access review (migrations by
//! `list virtualmachineinstancemigrations`), the
//! console's own details and `/metrics` need a user who may list VMIs cluster-wide (or the
//! operator listener), and push streams are capped per user.

mod common;

use backend::run::{Console, Options};
use common::*;
use serde_json::{Value, json};
use std::time::Duration;

fn policy() -> Value {
    let read = ["get", "list", "watch"];
    json!({"users": [
        {"name": "strata", "token": "strata-sa-token", "rules": [{"verbs": read}]},
        // Every VMI and node, but no migration and no VM.
        {"name": "carol", "token": "carol-token", "rules": [
            {"verbs": read, "apiGroups": ["kubevirt.io"], "resources": ["virtualmachineinstances"]},
            {"verbs": read, "apiGroups": [""], "resources": ["nodes"]}
        ]}
    ]})
}

async fn setup(options: Options) -> (sim::Sim, Console, tempfile::TempDir) {
    token_console(&policy(), |_| options).await
}

/// `GET path` as a session signed in with `token`.
async fn get_with(console: &Console, token: &str, path: &str) -> (u16, Value) {
    get_as(console, &session(console, token).await, path).await
}

#[tokio::test]
async fn migrations_are_hidden_from_users_without_vmim_rights() {
    let (sim, console, _dir) = setup(Options::local(None)).await;
    // The demo's migrations start after a few simulated seconds.
    sim.advance(60.0);
    eventually(Duration::from_secs(20), "the demo's migrations", || async {
        let (code, all) = get_with(&console, "strata-sa-token", "/api/v1/migrations").await;
        (code == 200 && !all.as_array()?.is_empty()).then_some(())
    })
    .await;
    // Carol may list every VMI, which used to be enough to see every migration.
    let (code, mine) = get_with(&console, "carol-token", "/api/v1/migrations").await;
    assert_eq!(code, 200);
    assert_eq!(mine, json!([]), "no VMIM rights, no VMIMs");
    let (code, reports) = get_with(&console, "carol-token", "/api/v1/migrations/reports").await;
    assert_eq!(code, 200);
    assert_eq!(reports, json!([]));
}

#[tokio::test]
async fn console_details_need_a_cluster_wide_reader_or_the_operator_listener() {
    let (_sim, console, _dir) = setup(Options {
        metrics_listen: Some("127.0.0.1:0".parse().unwrap()),
        ..Options::local(None)
    })
    .await;
    assert_eq!(get_json(&console, "/metrics").await.0, 401);
    let (code, ready) = get_json(&console, "/readyz").await;
    assert_eq!(code, 200, "probes need no session");
    assert_eq!(ready["ready"], true);
    assert!(ready.get("resources").is_none(), "{ready}");
    let (code, ready) = get_with(&console, "carol-token", "/readyz").await;
    assert_eq!(code, 200);
    assert_eq!(ready["resources"].as_array().unwrap().len(), 6);
    let operator = format!("http://{}", console.operator_addr.unwrap());
    let metrics = http()
        .get(format!("{operator}/metrics"))
        .send()
        .await
        .unwrap();
    assert_eq!(metrics.status(), 200);
    assert!(
        metrics
            .text()
            .await
            .unwrap()
            .contains("strata_connected_clients")
    );
    let vmis = http()
        .get(format!("{operator}/api/v1/vmis"))
        .send()
        .await
        .unwrap();
    assert_eq!(
        vmis.status(),
        404,
        "the operator listener serves no cluster data"
    );
}

#[tokio::test]
async fn push_streams_are_capped_per_user() {
    let (_sim, console, _dir) = setup(Options {
        limits: backend::serve::Limits {
            max_streams_per_client: 2,
            ..Default::default()
        },
        ..Options::local(None)
    })
    .await;
    let signin = http()
        .post(format!("{}/auth/signin", console.url()))
        .header("origin", console.url())
        .form(&[("token", "carol-token")])
        .send()
        .await
        .unwrap();
    let cookie = signin.headers()["set-cookie"].to_str().unwrap();
    let cookie = cookie.split(';').next().unwrap().to_string();
    let open = || {
        http()
            .get(format!("{}/api/v1/stream", console.url()))
            .header("cookie", cookie.clone())
            .send()
    };
    let a = open().await.unwrap();
    let b = open().await.unwrap();
    assert_eq!((a.status().as_u16(), b.status().as_u16()), (200, 200));
    assert_eq!(open().await.unwrap().status(), 429);
    drop(a);
    eventually(
        std::time::Duration::from_secs(5),
        "a slot again",
        || async { (open().await.unwrap().status() == 200).then_some(()) },
    )
    .await;
}
