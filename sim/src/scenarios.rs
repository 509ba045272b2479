//! The objects of the demo cluster: a handful of VMIs in believable states.

use serde_json::{Value, json};

/// A VMI object as virt-controller and virt-handler would leave it.
pub fn vmi(namespace: &str, name: &str, phase: &str, node: Option<&str>, ip: Option<&str>) -> Value {
    let mut status = json!({"phase": phase, "runtimeUser": 107});
    if let Some(node) = node {
        status["nodeName"] = json!(node);
    }
    if let Some(ip) = ip {
        status["interfaces"] = json!([{
            "name": "default", "ipAddress": ip, "ipAddresses": [ip],
            "mac": "02:00:00:00:00:01", "interfaceName": "eth0", "infoSource": "domain, guest-agent",
            "queueCount": 1, "linkState": "up"
        }]);
    }
    json!({
        "apiVersion": "kubevirt.io/v1",
        "kind": "VirtualMachineInstance",
        "metadata": {
            "name": name, "namespace": namespace,
            "creationTimestamp": "2026-11-30T08:00:00Z",
            "labels": {"kubevirt.io/nodeName": node.unwrap_or_default()}
        },
        "spec": {"domain": {"devices": {}}},
        "status": status,
    })
}

fn namespace(name: &str) -> Value {
    json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": name}, "status": {"phase": "Active"}})
}

/// The demo cluster.
pub fn demo() -> Vec<Value> {
    vec![
        namespace("prod"),
        namespace("staging"),
        vmi("prod", "web-frontend-1", "Running", Some("worker-a"), Some("10.244.1.17")),
        vmi("prod", "postgres-primary", "Running", Some("worker-b"), Some("10.244.2.31")),
        vmi("prod", "batch-runner", "Scheduling", None, None),
        vmi("staging", "ci-builder", "Pending", None, None),
        vmi("staging", "legacy-erp", "Failed", Some("worker-c"), None),
    ]
}
