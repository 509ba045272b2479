//! Reading raw objects: the model's typed view of a [`Raw`] object, its resourceVersion, which
//! events are kept, and the "glances": what of a node or a migration the overview shows (a
//! change there re-projects VMIs).

use super::raw::Raw;
use model::kube::{Node, Vmim};
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
        namespace: m.metadata.namespace().to_string(),
        name: m.spec.vmi_name.clone().unwrap_or_default(),
    }
}

/// The model's reading of a raw object.
pub fn typed<T: serde::de::DeserializeOwned + Default>(obj: &Raw) -> T {
    model::kube::lenient::from_value(&obj.json)
}

/// The resourceVersion of an object, when it is a number (as every API server makes it).
pub fn version(obj: &Raw) -> Option<u64> {
    obj.metadata
        .resource_version
        .as_deref()
        .and_then(|v| v.parse().ok())
}

/// Projects a VMI object into its overview summary (from the VMI alone).
pub fn summarize(obj: &Raw) -> VmiSummary {
    VmiSummary::from_vmi(&typed(obj))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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
