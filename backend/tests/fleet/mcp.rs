//! `strata mcp --server` against a fleet console: the cluster tools' `cluster` argument reads
//! that cluster's answers under `/api/v1/c/{cluster}/`, its default is the first cluster, and a
//! cluster the console does not watch is the tool's error.

use super::live;
use super::mcp_client::Mcp;
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
