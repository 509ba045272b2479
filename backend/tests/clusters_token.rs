//! Token mode: `GET /api/v1/clusters` answers a signed-in user only, and counts the VMIs of the
//! namespaces that user may list VMIs in.

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
    let answer: Value = http()
        .get(format!("{}/api/v1/clusters", console.url()))
        .header("cookie", cookie)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
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
