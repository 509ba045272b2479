//! [`super::from_text`] reads every kind exactly as its reader reads the same text's `Value`,
//! on generated objects of every shape (the kinds' own keys at every depth, holding scalars,
//! objects and lists, keys given twice), and reads what a cluster sends strictly, in one pass.

use super::stream::read_strictly;
use crate::kube::{Event, FromJson, Node, Pod, Vm, Vmi, Vmim};
use proptest::prelude::*;
use serde_json::{Map, Value, json};

/// Keys the kinds read, at any depth, and one they do not.
const KEYS: &[&str] = &[
    "metadata",
    "spec",
    "status",
    "name",
    "namespace",
    "labels",
    "annotations",
    "ownerReferences",
    "uid",
    "resourceVersion",
    "nodeName",
    "phase",
    "conditions",
    "type",
    "reason",
    "message",
    "containerStatuses",
    "ready",
    "restartCount",
    "state",
    "domain",
    "devices",
    "interfaces",
    "networks",
    "volumes",
    "migrationState",
    "targetNode",
    "activePods",
    "template",
    "evictionStrategy",
    "running",
    "taints",
    "unschedulable",
    "allocatable",
    "vmiName",
    "phaseTransitionTimestamps",
    "guestOSInfo",
    "involvedObject",
    "count",
    "unread",
];

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<f64>().prop_map(|f| json!(f)),
        prop::sample::select(vec!["Running", "True", "true", " 7 ", "1.5", "", "x"])
            .prop_map(|s| json!(s)),
    ]
}

fn value() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(6, 96, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((prop::sample::select(KEYS.to_vec()), inner), 0..7).prop_map(
                |kv| {
                    let mut m = Map::new();
                    for (k, v) in kv {
                        m.insert(k.to_string(), v);
                    }
                    Value::Object(m)
                }
            ),
        ]
    })
}

/// Each kind read from `text` both ways; a description of the first that differs.
fn differs(text: &str) -> Option<String> {
    fn one<T: FromJson + PartialEq + std::fmt::Debug>(text: &str, v: &Value) -> Option<String> {
        let fast = T::from_json_text(text).expect("JSON");
        let slow = T::from_json(v);
        (fast != slow).then(|| format!("{fast:?}\n  !=\n{slow:?}"))
    }
    let v: Value = serde_json::from_str(text).expect("JSON");
    one::<Pod>(text, &v)
        .or_else(|| one::<Vmi>(text, &v))
        .or_else(|| one::<Vm>(text, &v))
        .or_else(|| one::<Node>(text, &v))
        .or_else(|| one::<Vmim>(text, &v))
        .or_else(|| one::<Event>(text, &v))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn every_kind_reads_from_text_as_from_its_value(v in value()) {
        let text = v.to_string();
        prop_assert_eq!(differs(&text), None, "{}", text);
    }
}

#[test]
fn keys_given_twice_read_by_their_last_value() {
    for text in [
        r#"{"status": {"phase": "Pending", "phase": "Running"}}"#,
        r#"{"status": {"phase": "Running"}, "status": {"nodeName": "a"}}"#,
        r#"{"metadata": {"labels": {"a": "1", "a": {"x": 1}}, "name": "n", "name": 7}}"#,
        r#"{"spec": {"template": {"spec": {"evictionStrategy": "None"}, "spec": [1]}}}"#,
        r#"{"spec": {"template": {"spec": {"evictionStrategy": "A", "evictionStrategy": 2}}}}"#,
        r#"{"status": {"conditions": [{"type": "Ready", "type": "Paused"}, 3]}}"#,
    ] {
        assert_eq!(differs(text), None, "{text}");
    }
}

#[test]
fn what_a_cluster_sends_is_read_in_one_pass() {
    let pod = json!({
        "apiVersion": "v1", "kind": "Pod",
        "metadata": {"name": "virt-launcher-web-x", "namespace": "prod", "uid": "u-1",
            "resourceVersion": "42", "labels": {"kubevirt.io": "virt-launcher",
            "kubevirt.io/created-by": "u-0"}, "annotations": {"kubevirt.io/domain": "web"},
            "ownerReferences": [{"kind": "VirtualMachineInstance", "name": "web", "uid": "u-0",
                "controller": true}],
            "managedFields": [{"manager": "kubelet", "fieldsV1": {"f:status": {}}}]},
        "spec": {"nodeName": "worker-a", "containers": [{"name": "compute",
            "resources": {"limits": {"memory": "2Gi"}}}], "tolerations": []},
        "status": {"phase": "Running", "podIP": "10.0.0.7", "startTime": "2026-01-01T00:00:00Z",
            "conditions": [{"type": "Ready", "status": "True",
                "lastTransitionTime": "2026-01-01T00:00:00Z"}],
            "containerStatuses": [{"name": "compute", "ready": true, "restartCount": 0,
                "state": {"running": {"startedAt": "2026-01-01T00:00:00Z"}}}]}
    });
    let vmi = json!({
        "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance",
        "metadata": {"name": "web", "namespace": "prod", "uid": "u-0", "generation": 3},
        "spec": {"domain": {"devices": {"interfaces": [{"name": "default", "masquerade": {}}],
                "disks": [{"name": "root", "disk": {"bus": "virtio"}}]},
                "resources": {"requests": {"memory": "2Gi"}}},
            "networks": [{"name": "default", "pod": {}}],
            "volumes": [{"name": "root", "containerDisk": {"image": "fedora"}}],
            "evictionStrategy": "LiveMigrate"},
        "status": {"phase": "Running", "nodeName": "worker-a",
            "activePods": {"p-1": "worker-a"}, "qosClass": "Burstable",
            "conditions": [{"type": "Ready", "status": "True"}],
            "phaseTransitionTimestamps": [{"phase": "Running",
                "phaseTransitionTimestamp": "2026-01-01T00:00:00Z"}],
            "interfaces": [{"name": "default", "ipAddress": "10.0.0.7",
                "ipAddresses": ["10.0.0.7"], "infoSource": "domain, guest-agent"}],
            "guestOSInfo": {"id": "fedora"}, "migrationState": {"targetNode": "worker-b",
                "completed": true},
            "volumeStatus": [{"name": "root", "target": "vda"}], "machine": {"type": "q35"}}
    });
    let vm = json!({
        "metadata": {"name": "web", "namespace": "prod"},
        "spec": {"runStrategy": "Always", "template": {"metadata": {"labels": {"a": "b"}},
            "spec": {"evictionStrategy": "LiveMigrate", "domain": {"devices": {}}}}},
        "status": {"printableStatus": "Running", "ready": true,
            "conditions": [{"type": "Ready", "status": "True"}]}
    });
    let node = json!({
        "metadata": {"name": "worker-a", "annotations": {"kubevirt.io/heartbeat": "x"}},
        "spec": {"taints": [{"key": "k", "effect": "NoSchedule"}]},
        "status": {"conditions": [{"type": "Ready", "status": "True"}],
            "allocatable": {"cpu": "4", "devices.kubevirt.io/kvm": "1k"}, "capacity": {"cpu": 4}}
    });
    let vmim = json!({
        "metadata": {"name": "m", "namespace": "prod"}, "spec": {"vmiName": "web"},
        "status": {"phase": "Running", "migrationState": {"targetNode": "worker-b"}}
    });
    for (v, strict) in [
        (&pod, read_strictly::<Pod>(&pod.to_string())),
        (&vmi, read_strictly::<Vmi>(&vmi.to_string())),
        (&vm, read_strictly::<Vm>(&vm.to_string())),
        (&node, read_strictly::<Node>(&node.to_string())),
        (&vmim, read_strictly::<Vmim>(&vmim.to_string())),
    ] {
        assert!(strict, "read strictly: {v}");
        assert_eq!(differs(&v.to_string()), None, "{v}");
    }
    // A part that does not fit: read again the tolerant way, the rest kept.
    let odd = r#"{"metadata": {"name": "web"}, "status": {"phase": "Running",
        "conditions": [{"type": "Ready"}, "not a condition"]}}"#;
    assert!(!read_strictly::<Vmi>(odd));
    let read = Vmi::from_json_text(odd).unwrap();
    assert_eq!(read.status.conditions.len(), 1);
    assert_eq!(read.metadata.name(), "web");
    assert_eq!(differs(odd), None);
    // Not JSON: an error, not a default object.
    assert!(Pod::from_json_text("{\"metadata\": ").is_err());
}
