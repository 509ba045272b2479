//! etcd's own API (its JSON gateway on the client URL), for what only etcd can do: compact its
//! history, as kube-apiserver does every five minutes, so that older resourceVersions are gone.

use apiserver_harness::ApiServer;
use serde_json::{Value, json};

async fn post(server: &ApiServer, path: &str, body: Value) -> Value {
    let res = reqwest::Client::new()
        .post(format!("{}{path}", server.etcd_url))
        .json(&body)
        .send()
        .await
        .unwrap_or_else(|e| panic!("etcd {path}: {e}"));
    assert!(res.status().is_success(), "etcd {path}: {}", res.status());
    res.json().await.unwrap()
}

/// etcd's current revision (what a resourceVersion counts).
pub async fn revision(server: &ApiServer) -> u64 {
    // A range over one key answers the store's revision in its header.
    let r = post(server, "/v3/kv/range", json!({"key": "Lw=="})).await;
    let rev = &r["header"]["revision"];
    rev.as_str()
        .and_then(|s| s.parse().ok())
        .or(rev.as_u64())
        .unwrap_or_else(|| panic!("no revision in {r}"))
}

/// Compacts etcd's history up to its current revision (physically, waiting for it); answers
/// that revision: every resourceVersion below it is gone.
pub async fn compact(server: &ApiServer) -> u64 {
    let rev = revision(server).await;
    post(
        server,
        "/v3/kv/compaction",
        json!({"revision": rev.to_string(), "physical": true}),
    )
    .await;
    rev
}
