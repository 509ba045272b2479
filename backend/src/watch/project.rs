//! Reading raw objects: the model's typed view of a [`Raw`] object, its resourceVersion, which
//! events are kept, and the "glances": what of a node or a migration the overview shows (a
//! change there re-projects VMIs).

use super::raw::Raw;
use model::kube::{FromJson, Node, Vmim};
use model::{VmiKey, VmiSummary};

/// The label every virt-launcher pod carries (`kubevirt.io=virt-launcher`).
pub const LAUNCHER_SELECTOR: &str = "kubevirt.io=virt-launcher";

/// Events Strata shows: about KubeVirt objects, virt-launcher pods and nodes.
pub fn event_is_relevant(event: &serde_json::Value) -> bool {
    let io = &event["involvedObject"];
    let kind = io["kind"].as_str().unwrap_or("");
    let name = io["name"].as_str().unwrap_or("");
    match kind {
        "VirtualMachineInstance" | "VirtualMachine" | "VirtualMachineInstanceMigration" => true,
        "Node" => true,
        "Pod" => name.starts_with("virt-launcher-"),
        _ => false,
    }
}

/// What of a node the overview shows; a change re-projects the VMIs.
pub(super) fn node_glance(n: &Node) -> (Option<String>, bool) {
    (n.ready().and_then(|c| c.status.clone()), n.is_cordoned())
}

/// What of a migration the overview shows; a change re-projects its VMI.
pub(super) fn vmim_glance(m: &Vmim) -> (String, Option<String>, Option<String>) {
    let ms = m.status.migration_state.as_ref();
    (
        m.phase().to_string(),
        ms.and_then(|s| s.mode.clone()),
        ms.and_then(|s| s.target_node.clone()),
    )
}

pub(super) fn vmim_key(m: &Vmim) -> VmiKey {
    VmiKey {
        cluster: String::new(),
        namespace: m.metadata.namespace().to_string(),
        name: m.spec.vmi_name.clone().unwrap_or_default(),
    }
}

/// The model's reading of a raw object: the one conversion every watched object goes through
/// (its JSON, read once off the wire by [`Raw`], into the kind's tolerant type by the kind's own
/// reader, [`FromJson`]). The object is consumed: its strings move into the typed object
/// instead of being copied, and the JSON is dropped here (issue 31).
pub fn typed<T: FromJson>(obj: Raw) -> T {
    T::from_owned_json(obj.json)
}

/// The VMI an object of the VMI kind is, from the metadata the watcher already read (a deleted
/// VMI needs no reading).
pub fn vmi_key(obj: &Raw) -> VmiKey {
    let s = |v: &Option<String>| v.clone().unwrap_or_default();
    VmiKey {
        cluster: String::new(),
        namespace: s(&obj.metadata.namespace),
        name: s(&obj.metadata.name),
    }
}

/// The resourceVersion of an object, when it is a number (as every API server makes it).
pub fn version(obj: &Raw) -> Option<u64> {
    obj.metadata
        .resource_version
        .as_deref()
        .and_then(|v| v.parse().ok())
}

/// Projects a VMI object into its overview summary (from the VMI alone).
pub fn summarize(obj: Raw) -> VmiSummary {
    VmiSummary::from_vmi(&typed(obj))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn odd_objects_are_read_by_their_kinds_reader_never_failing() {
        use model::kube::{Event, Pod, Vmi};
        // An events.k8s.io/v1 event: the event reader's own rules apply (`regarding`, `note`).
        let e: Event = typed(Raw::new(json!({
            "metadata": {"name": "e", "namespace": "prod"},
            "regarding": {"kind": "Pod", "name": "virt-launcher-a-x"},
            "note": "Back-off restarting failed container",
            "deprecatedLastTimestamp": "2026-01-01T00:00:00Z",
            "type": "Warning"
        })));
        assert_eq!(e.involved_object.kind.as_deref(), Some("Pod"));
        assert_eq!(e.involved_object.name.as_deref(), Some("virt-launcher-a-x"));
        assert_eq!(
            e.message.as_deref(),
            Some("Back-off restarting failed container")
        );
        assert_eq!(e.last_timestamp.as_deref(), Some("2026-01-01T00:00:00Z"));
        // Fields of the wrong shape become their defaults; the rest is read.
        let odd = Raw::new(json!({
            "metadata": {"name": "v", "namespace": "prod", "labels": 7},
            "spec": "not an object",
            "status": {"phase": ["Running"], "nodeName": "worker-a"}
        }));
        let key = vmi_key(&odd);
        let vmi: Vmi = typed(odd);
        assert_eq!(vmi.key(), key);
        assert_eq!(vmi.status.node_name.as_deref(), Some("worker-a"));
        assert_eq!(vmi.status.phase, None);
        // Not an object at all, or without metadata: a default object, an empty key.
        let pod: Pod = typed(Raw::new(json!("text")));
        assert_eq!(pod.metadata.name(), "");
        assert_eq!(vmi_key(&Raw::new(json!({}))), VmiKey::default());
    }

    #[test]
    fn only_kubevirt_launcher_and_node_events_are_relevant() {
        let ev = |kind: &str, name: &str| json!({"involvedObject": {"kind": kind, "name": name}});
        assert!(event_is_relevant(&ev("VirtualMachineInstance", "web")));
        assert!(event_is_relevant(&ev(
            "VirtualMachineInstanceMigration",
            "m"
        )));
        assert!(event_is_relevant(&ev("Pod", "virt-launcher-web-abcde")));
        assert!(event_is_relevant(&ev("Node", "worker-a")));
        assert!(!event_is_relevant(&ev("Pod", "nginx-123")));
        assert!(!event_is_relevant(&ev("Secret", "x")));
        assert!(!event_is_relevant(&json!({})));
    }
}
