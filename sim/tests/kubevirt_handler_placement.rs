//! Issue 26: virt-handler's placement and heartbeat in the simulated nodes. virt-handler's
//! DaemonSet takes `spec.workloads.nodePlacement` with no toleration of its own (KubeVirt
//! `pkg/virt-operator/resource/apply/apps.go`, `pkg/virt-operator/resource/placement/placement.go`
//! `AnyNode`), so a control-plane node tainted NoSchedule has no virt-handler; and
//! `isNodeUnresponsive` (`pkg/virt-controller/watch/node/node.go`) never judges a node without
//! the heartbeat annotation.

mod common;

use common::*;
use serde_json::Value;

#[tokio::test]
async fn control_plane_nodes_have_no_virt_handler_and_are_never_unresponsive() {
    let sim = start_manual("demo").await;
    let (code, master) = get(&sim, "/api/v1/nodes/master-0").await;
    assert_eq!(code, 200);
    let md = &master["metadata"];
    assert!(md["annotations"]["kubevirt.io/heartbeat"].is_null(), "{md}");
    assert!(md["labels"]["kubevirt.io/schedulable"].is_null(), "{md}");
    let alloc = master["status"]["allocatable"].as_object().unwrap();
    assert!(
        !alloc.keys().any(|k| k.starts_with("devices.kubevirt.io/")),
        "{alloc:?}"
    );
    let taints = master["spec"]["taints"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(
        taints
            .iter()
            .any(|t| t["key"] == "node-role.kubernetes.io/control-plane"
                && t["effect"] == "NoSchedule"),
        "the taint the scheduler messages name: {taints:?}"
    );
    // A worker keeps virt-handler's traces.
    let worker = get(&sim, "/api/v1/nodes/worker-1").await.1;
    assert_eq!(
        worker["metadata"]["labels"]["kubevirt.io/schedulable"],
        "true"
    );
    assert!(worker["metadata"]["annotations"]["kubevirt.io/heartbeat"].is_string());
    // Long past the 5 min heartBeatTimeout: no NodeUnresponsive for a node without virt-handler.
    sim.advance(900.0);
    let evs = get(
        &sim,
        "/api/v1/namespaces/default/events?fieldSelector=involvedObject.kind%3DNode,involvedObject.name%3Dmaster-0",
    )
    .await
    .1;
    let unresponsive = evs["items"]
        .as_array()
        .map(|a| a.iter().any(|e: &Value| e["reason"] == "NodeUnresponsive"))
        .unwrap_or(false);
    assert!(!unresponsive, "{evs}");
}
