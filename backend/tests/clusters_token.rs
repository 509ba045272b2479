//! Token mode: `GET /api/v1/clusters` answers a signed-in user only, and counts the VMIs of the
//! namespaces that user may list VMIs in; a cluster the session has not signed in to shows
//! nothing of itself (the per-cluster sign-in itself: `fleet/token.rs`).

mod common;

use backend::run::Options;
use common::*;
use serde_json::{Value, json};

fn policy() -> Value {
    let read = ["get", "list", "watch"];
    json!({"users": [
        {"name": "strata", "token": "strata-sa-token", "rules": [{"verbs": read}]},
        {"name": "alice", "token": "alice-token", "rules": [
            {"verbs": read, "apiGroups": ["kubevirt.io"],
             "resources": ["virtualmachineinstances"], "namespaces": ["prod"]}
        ]}
    ]})
}

fn total(row: &Value) -> u64 {
    ["broken", "degraded", "unknown", "healthy"]
        .iter()
        .map(|v| row["counts"][v].as_u64().unwrap())
        .sum()
}

#[tokio::test]
async fn a_user_sees_the_counts_of_the_namespaces_it_may_read() {
    let (_sim, console, _dir) = token_console(&policy(), |_| Options::local(None)).await;
    let (code, _) = get_json(&console, "/api/v1/clusters").await;
    assert_eq!(code, 401, "no session, no answer");
    let cookie = session(&console, "alice-token").await;
    let answer = json_of(
        http()
            .get(format!("{}/api/v1/clusters", console.url()))
            .header("cookie", cookie),
    )
    .await;
    let rows = answer["clusters"].as_array().unwrap();
    assert_eq!(rows.len(), 1, "{answer}");
    let in_prod = console
        .store
        .items()
        .iter()
        .filter(|s| s.key.namespace == "prod")
        .count() as u64;
    assert!(in_prod > 0 && (in_prod as usize) < console.store.len());
    assert_eq!(total(&rows[0]), in_prod, "{answer}");
}

/// Reads the stream until its first synced snapshot; returns what it read.
async fn first_snapshot(console: &backend::run::Console, cookie: &str) -> String {
    let mut res = http()
        .get(format!("{}/api/v1/stream", console.url()))
        .header("cookie", cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    until_frame(&mut res, "\"synced\":true").await
}

#[tokio::test]
async fn a_session_of_the_first_cluster_sees_nothing_of_another_on_the_stream_the_list_and_the_routes()
 {
    // A second cluster that answers anyone: the console reads it, but the user signed in to
    // the first cluster only (the sign-in form's default).
    let other = sim("healthy").await;
    let config = kube::Config::new(other.url().parse().unwrap());
    let spec = backend::fleet::Spec::from_config("b", config).unwrap();
    let (_sim, console, _dir) = token_console(&policy(), |_| Options {
        clusters: vec![spec],
        ..Options::local(None)
    })
    .await;
    let b = console.fleet.get("b").unwrap().store.clone();
    eventually(std::time::Duration::from_secs(30), "b synced", || async {
        (b.synced() && !b.is_empty()).then_some(())
    })
    .await;
    let cookie = session(&console, "alice-token").await;
    let stream = first_snapshot(&console, &cookie).await;
    assert!(stream.contains("\"ns\":\"prod\""), "{stream}");
    assert!(
        !stream.contains("\"cl\":"),
        "no other cluster's VMI: {stream}"
    );
    let list: Vec<model::view::VmiSummary> = serde_json::from_value(
        json_of(
            http()
                .get(format!("{}/api/v1/vmis", console.url()))
                .header("cookie", &cookie),
        )
        .await,
    )
    .unwrap();
    assert!(!list.is_empty());
    assert!(
        list.iter()
            .all(|s| s.key.cluster.is_empty() && s.key.namespace == "prod")
    );
    let key = b.items()[0].key.clone();
    let path = format!("/api/v1/c/b/vmis/{}/{}", key.namespace, key.name);
    let res = http()
        .get(format!("{}{path}", console.url()))
        .header("cookie", &cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 403, "{path}");
    let answer: serde_json::Value = res.json().await.unwrap();
    assert!(
        answer["error"].as_str().unwrap().contains("not signed in"),
        "{answer}"
    );
}
