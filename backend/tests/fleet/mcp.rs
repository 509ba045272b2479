//! `strata mcp --server` against a fleet console: the cluster tools' `cluster` argument reads
//! that cluster's answers under `/api/v1/c/{cluster}/`, its default is the first cluster, and a
//! cluster the console does not watch is the tool's error. In token mode each cluster is
//! signed in to with its own token (`STRATA_TOKEN`, `STRATA_TOKEN_<NAME>`) into one session.

use super::live;
use super::mcp_client::Mcp;
use super::token::{ALICE_A, ALICE_B, token_console, token_fleet};
use serde_json::json;

#[tokio::test(flavor = "multi_thread")]
async fn the_cluster_tools_read_the_cluster_their_argument_names() {
    let (_fleet, _dir, console) = live().await;
    let mut mcp = Mcp::spawn(&["--server", &console.url()], None);
    mcp.initialize().await;

    // b's VMIs alone, said to be b's.
    let (list, err) = mcp.call("list_vmis", json!({"cluster": "b"})).await;
    assert!(!err, "{list}");
    assert_eq!(list["cluster"], "b", "{list}");
    assert_eq!(list["source"], "GET /api/v1/c/b/vmis", "{list}");
    assert_eq!(list["count"], 1, "{list}");
    assert_eq!(list["vmis"][0]["key"]["cluster"], "b", "{list}");

    // The same namespace and name: b's bastion with the argument, a's (the first) without.
    let args = json!({"namespace": "infra", "name": "bastion", "cluster": "b"});
    let (in_b, err) = mcp.call("diagnose_vmi", args).await;
    assert!(!err, "{in_b}");
    assert_eq!(in_b["source"], "GET /api/v1/c/b/vmis/infra/bastion/detail");
    assert_eq!(in_b["detail"]["key"]["cluster"], "b", "{in_b}");
    let args = json!({"namespace": "infra", "name": "bastion"});
    let (in_a, err) = mcp.call("diagnose_vmi", args).await;
    assert!(!err, "{in_a}");
    assert_eq!(in_a["source"], "GET /api/v1/vmis/infra/bastion/detail");
    assert!(in_a["detail"]["key"].get("cluster").is_none(), "{in_a}");
    assert_ne!(in_a["detail"]["diagnosis"], in_b["detail"]["diagnosis"]);

    let (drain, err) = mcp
        .call("drain_impact", json!({"node": "worker-1", "cluster": "b"}))
        .await;
    assert!(!err, "{drain}");
    assert_eq!(drain["source"], "GET /api/v1/c/b/nodes/worker-1/drain");

    // A cluster the console does not watch: the console's own words, as an error.
    let args = json!({"namespace": "infra", "name": "bastion", "cluster": "nowhere"});
    let (none, err) = mcp.call("vmi_history", args).await;
    assert!(err, "{none}");
    assert!(none.to_string().contains("no cluster called"), "{none}");
}

/// The namespaces and names a `list_vmis` answer lists.
fn listed(list: &serde_json::Value) -> Vec<String> {
    let mut names: Vec<String> = list["vmis"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| format!("{}/{}", v["key"]["namespace"], v["key"]["name"]).replace('"', ""))
        .collect();
    names.sort();
    names
}

#[tokio::test(flavor = "multi_thread")]
async fn in_token_mode_each_cluster_is_read_with_its_own_token() {
    let fleet = token_fleet().await;
    let dir = tempfile::tempdir().unwrap();
    let console = token_console(&fleet, dir.path()).await;
    let server = ["--server", &console.url()];

    // a's token and b's: each cluster cut by its own grant (alice reads infra and web on a,
    // infra only on b); a still read after b was signed in to, and the list without a cluster
    // (the fleet's) holds both.
    let env = [("STRATA_TOKEN", ALICE_A), ("STRATA_TOKEN_B", ALICE_B)];
    let mut mcp = Mcp::spawn_with_env(&server, &env);
    mcp.initialize().await;
    let (in_b, err) = mcp.call("list_vmis", json!({"cluster": "b"})).await;
    assert!(!err, "{in_b}");
    assert_eq!(listed(&in_b), ["infra/bastion"], "{in_b}");
    let (in_a, err) = mcp.call("list_vmis", json!({"cluster": "a"})).await;
    assert!(!err, "{in_a}");
    assert_eq!(listed(&in_a), ["infra/bastion", "web/frontend"], "{in_a}");
    let (all, err) = mcp.call("list_vmis", json!({})).await;
    assert!(!err, "{all}");
    assert_eq!(all["count"], 3, "{all}");
    let args = json!({"namespace": "infra", "name": "bastion", "cluster": "b"});
    let (detail, err) = mcp.call("diagnose_vmi", args).await;
    assert!(!err, "{detail}");
    assert_eq!(detail["detail"]["key"]["cluster"], "b", "{detail}");
    // Out of b's grant: the console's refusal, not another cluster's answer.
    let args = json!({"namespace": "web", "name": "frontend", "cluster": "b"});
    let (_, err) = mcp.call("diagnose_vmi", args).await;
    assert!(err);

    // a's token alone: a is read (the fleet's list is a's alone), b is refused saying which
    // variable would sign in to it (a's token is never tried on b).
    let mut only_a = Mcp::spawn_with_env(&server, &[("STRATA_TOKEN", ALICE_A)]);
    only_a.initialize().await;
    let (in_a, err) = only_a.call("list_vmis", json!({})).await;
    assert!(!err, "{in_a}");
    assert_eq!(listed(&in_a).len(), 2, "{in_a}");
    let (in_b, err) = only_a.call("list_vmis", json!({"cluster": "b"})).await;
    assert!(err, "{in_b}");
    let why = in_b.to_string();
    assert!(
        why.contains("403") && why.contains("STRATA_TOKEN_B"),
        "{why}"
    );

    // a's token given as b's: b refuses it, a is read all the same.
    let env = [("STRATA_TOKEN", ALICE_A), ("STRATA_TOKEN_B", ALICE_A)];
    let mut wrong = Mcp::spawn_with_env(&server, &env);
    wrong.initialize().await;
    let (in_b, err) = wrong.call("list_vmis", json!({"cluster": "b"})).await;
    assert!(err, "{in_b}");
    assert!(
        in_b.to_string()
            .contains("did not accept the token of cluster b"),
        "{in_b}"
    );
    assert!(!in_b.to_string().contains(ALICE_A), "{in_b}");
    let (in_a, err) = wrong.call("list_vmis", json!({})).await;
    assert!(!err, "{in_a}");
    assert_eq!(listed(&in_a).len(), 2, "{in_a}");
}
