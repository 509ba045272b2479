//! Recognising objects: by `kind`, inside `kind: List` and bare arrays, or by shape when only
//! the `status:` part was pasted; fields of the wrong shape become notes.

use super::object::{Located, Note, Object, Origin, Parsed, Recognition};
use crate::kube::lenient::from_owned;
use crate::kube::vmi::Vmi;
use crate::kube::{Event, GuestAgentAnswer, GuestAgentInfo, MetricSample, Node, Pod, Vm, Vmim};
use serde_json::Value;

pub(super) fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "a mapping",
    }
}

pub(super) fn collect(v: &Value, origin: Origin, out: &mut Parsed, depth: usize) {
    if depth > 8 {
        out.notes.push(Note {
            origin,
            message: "lists nested too deep; skipped".into(),
        });
        return;
    }
    match v {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let o = Origin {
                    path: format!("{}/{i}", origin.path),
                    ..origin.clone()
                };
                collect(item, o, out, depth + 1);
            }
        }
        Value::Object(m) => {
            let kind = m.get("kind").and_then(Value::as_str).unwrap_or("");
            if let Some(Value::Array(items)) = m.get("items")
                && (kind.is_empty() || kind.ends_with("List"))
                && !is_guest_list(kind)
            {
                for (i, item) in items.iter().enumerate() {
                    let o = Origin {
                        path: format!("{}/items/{i}", origin.path),
                        ..origin.clone()
                    };
                    collect(item, o, out, depth + 1);
                }
                return;
            }
            match classify(v) {
                Some((object, recognised_by)) => {
                    if !matches!(
                        object,
                        Object::Metrics(_) | Object::GuestAgent(_) | Object::GuestAgentError { .. }
                    ) {
                        check_shapes(v, &origin, &object, out);
                    }
                    out.objects.push(Located {
                        object,
                        origin,
                        recognised_by,
                    });
                }
                None => {
                    let message = if kind.is_empty() {
                        let keys: Vec<&str> = m.keys().map(String::as_str).take(6).collect();
                        format!(
                            "no `kind`, and its fields ({}) match no object Strata reads",
                            if keys.is_empty() {
                                "none".into()
                            } else {
                                keys.join(", ")
                            }
                        )
                    } else {
                        format!("kind `{kind}` is not one Strata reads; skipped")
                    };
                    out.notes.push(Note { origin, message });
                }
            }
        }
        other => out.notes.push(Note {
            origin,
            message: format!(
                "expected a mapping (a Kubernetes object), found {}",
                type_name(other)
            ),
        }),
    }
}

/// [`collect`] of a value that is not needed after: an object of a kind read whole from its
/// fields (VMI, VM, migration, pod, node) is built from the value itself, its strings moved
/// instead of copied (a dump is mostly such objects). Anything else is [`collect`]ed.
pub(super) fn collect_owned(v: Value, origin: Origin, out: &mut Parsed) {
    type Build = fn(Value) -> Object;
    let build: Build = match v.get("kind").and_then(Value::as_str) {
        Some("VirtualMachineInstance") => |v| Object::Vmi(Box::new(from_owned(v))),
        Some("VirtualMachine") => |v| Object::Vm(Box::new(from_owned(v))),
        Some("VirtualMachineInstanceMigration") => |v| Object::Vmim(Box::new(from_owned(v))),
        Some("Pod") => |v| Object::Pod(Box::new(from_owned(v))),
        Some("Node") => |v| Object::Node(Box::new(from_owned(v))),
        _ => return collect(&v, origin, out, 0),
    };
    let problems = shape_problems(&v);
    let object = build(v);
    for p in problems {
        out.notes.push(Note {
            origin: origin.clone(),
            message: format!("{}: {p}", object.label()),
        });
    }
    out.objects.push(Located {
        object,
        origin,
        recognised_by: Recognition::Kind,
    });
}

pub(super) fn is_guest_list(kind: &str) -> bool {
    matches!(
        kind,
        "VirtualMachineInstanceGuestOSUserList" | "VirtualMachineInstanceFileSystemList"
    )
}

pub(super) const VMI_STATUS_KEYS: &[&str] = &[
    "activePods",
    "guestOSInfo",
    "interfaces",
    "launcherContainerImageVersion",
    "migrationMethod",
    "migrationTransport",
    "evacuationNodeName",
    "volumeStatus",
    "nodeName",
    "runtimeUser",
    "currentCPUTopology",
    "machine",
    "selinuxContext",
    "VSOCKCID",
    "phaseTransitionTimestamps",
    "fsFreezeStatus",
    "virtualMachineRevisionName",
    "kernelBootStatus",
    "topologyHints",
    "migratedVolumes",
];
pub(super) const POD_STATUS_KEYS: &[&str] = &[
    "containerStatuses",
    "podIP",
    "podIPs",
    "hostIP",
    "hostIPs",
    "initContainerStatuses",
    "startTime",
    "nominatedNodeName",
    "ephemeralContainerStatuses",
    "resourceClaimStatuses",
];
pub(super) const NODE_STATUS_KEYS: &[&str] = &[
    "nodeInfo",
    "capacity",
    "allocatable",
    "daemonEndpoints",
    "addresses",
    "images",
    "volumesInUse",
    "volumesAttached",
    "runtimeHandlers",
];
pub(super) const VMI_CONDITIONS: &[&str] = &[
    "LiveMigratable",
    "AgentConnected",
    "Paused",
    "Synchronized",
    "AgentVersionNotSupported",
    "StorageLiveMigratable",
    "EvictionRequested",
    "AccessCredentialsSynchronized",
    "Provisioning",
    "DataVolumesReady",
    "HotVCPUChange",
    "HotMemoryChange",
    "VolumesChange",
    "MigrationRequired",
];
pub(super) const POD_CONDITIONS: &[&str] = &[
    "ContainersReady",
    "Initialized",
    "PodReadyToStartContainers",
];
pub(super) const NODE_CONDITIONS: &[&str] = &[
    "MemoryPressure",
    "DiskPressure",
    "PIDPressure",
    "NetworkUnavailable",
];
pub(super) const VMIM_CONDITIONS: &[&str] = &[
    "migrationAbortRequested",
    "migrationRejectedByResourceQuota",
    "migrationBlockedByUtilityVolumes",
    "decentralizedMigrationBlocked",
    "migrationBlockedByBackup",
];
pub(super) const VMIM_ONLY_PHASES: &[&str] = &["PreparingTarget", "TargetReady", "Synchronizing"];

pub(super) fn condition_types(status: &Value) -> Vec<&str> {
    status
        .get("conditions")
        .and_then(Value::as_array)
        .map(|cs| {
            cs.iter()
                .filter_map(|c| c.get("type").and_then(Value::as_str))
                .collect()
        })
        .unwrap_or_default()
}

pub(super) fn has_any(v: &Value, keys: &[&str]) -> bool {
    keys.iter().any(|k| v.get(*k).is_some())
}

/// A `kind: Status` failure from a guest agent subresource (`vmiGuestAgentErr`, `vmiNotRunning` in
/// `pkg/virt-api/rest/subresource.go`).
pub(super) fn guest_agent_error(v: &Value) -> Option<Object> {
    let message = v.get("message").and_then(Value::as_str).unwrap_or("");
    let answer = if message.contains("does not have guest agent connected") {
        GuestAgentAnswer::NotConnected
    } else if message.contains("VMI is not running") {
        GuestAgentAnswer::NotRunning
    } else if message.contains("guest agent") || message.contains("guestosinfo") {
        GuestAgentAnswer::Error {
            message: message.to_string(),
        }
    } else {
        return None;
    };
    let name = v
        .pointer("/details/name")
        .and_then(Value::as_str)
        .map(str::to_string)
        .or_else(|| message.split('"').nth(1).map(str::to_string));
    Some(Object::GuestAgentError { name, answer })
}

/// What kind of object a value is, by `kind` or else by shape.
pub fn classify(v: &Value) -> Option<(Object, Recognition)> {
    let kind = v.get("kind").and_then(Value::as_str).unwrap_or("");
    let by_kind = match kind {
        "VirtualMachineInstance" => Some(Object::Vmi(Box::new(Vmi::from_value(v)))),
        "VirtualMachine" => Some(Object::Vm(Box::new(Vm::from_value(v)))),
        "VirtualMachineInstanceMigration" => Some(Object::Vmim(Box::new(Vmim::from_value(v)))),
        "Pod" => Some(Object::Pod(Box::new(Pod::from_value(v)))),
        "Node" => Some(Object::Node(Box::new(Node::from_value(v)))),
        "Event" => Some(Object::Event(Box::new(Event::from_value(v)))),
        "VirtualMachineInstanceGuestAgentInfo" => {
            Some(Object::GuestAgent(Box::new(GuestAgentInfo::from_value(v))))
        }
        "Status" => guest_agent_error(v),
        _ => None,
    };
    if let Some(o) = by_kind {
        return Some((o, Recognition::Kind));
    }
    if !kind.is_empty() {
        return None;
    }
    shape(v).map(|o| (o, Recognition::Shape))
}

pub(super) fn shape(v: &Value) -> Option<Object> {
    if v.pointer("/data/result").is_some() || v.get("resultType").is_some() {
        return Some(Object::Metrics(MetricSample::from_prometheus_json(v)));
    }
    if has_any(v, &["guestAgentVersion", "supportedCommands", "fsInfo"]) {
        return Some(Object::GuestAgent(Box::new(GuestAgentInfo::from_value(v))));
    }
    if (v.get("involvedObject").is_some() || v.get("regarding").is_some())
        && v.get("reason").is_some()
    {
        return Some(Object::Event(Box::new(Event::from_value(v))));
    }
    let spec = v.get("spec");
    if spec.is_some_and(|s| s.get("vmiName").is_some()) {
        return Some(Object::Vmim(Box::new(Vmim::from_value(v))));
    }
    if let Some(status) = v.get("status").filter(|s| s.is_object()) {
        return by_status(v, status, spec);
    }
    // Only the content of `status:` was pasted.
    if v.get("metadata").is_none() && spec.is_none() {
        let wrapped = serde_json::json!({ "status": v });
        if let Some(o) = by_status(&wrapped, v, None) {
            return Some(o);
        }
        // Only a `migrationState`.
        if has_any(
            v,
            &["migrationUid", "targetNode", "sourceNode", "targetPod"],
        ) && v.get("phase").is_none()
        {
            return Some(Object::Vmi(Box::new(Vmi::from_value(
                &serde_json::json!({"status": {"migrationState": v}}),
            ))));
        }
    }
    if let Some(s) = spec {
        if s.get("domain").is_some() {
            return Some(Object::Vmi(Box::new(Vmi::from_value(v))));
        }
        if has_any(s, &["runStrategy", "running", "template"]) {
            return Some(Object::Vm(Box::new(Vm::from_value(v))));
        }
        if s.get("containers").is_some() {
            return Some(Object::Pod(Box::new(Pod::from_value(v))));
        }
    }
    None
}

pub(super) fn by_status(whole: &Value, status: &Value, spec: Option<&Value>) -> Option<Object> {
    let conds = condition_types(status);
    let cond_in = |list: &[&str]| conds.iter().any(|c| list.contains(c));
    let phase = status.get("phase").and_then(Value::as_str).unwrap_or("");
    // VirtualMachineStatus fields no other status has (types.go).
    const VM_STATUS_KEYS: &[&str] = &[
        "printableStatus",
        "stateChangeRequests",
        "volumeRequests",
        "volumeSnapshotStatuses",
        "startFailure",
        "desiredGeneration",
        "snapshotInProgress",
        "restoreInProgress",
        "memoryDumpRequest",
        "volumeUpdateState",
    ];
    if has_any(status, VM_STATUS_KEYS) {
        return Some(Object::Vm(Box::new(Vm::from_value(whole))));
    }
    if has_any(status, POD_STATUS_KEYS)
        || cond_in(POD_CONDITIONS)
        || spec.is_some_and(|s| s.get("containers").is_some())
    {
        return Some(Object::Pod(Box::new(Pod::from_value(whole))));
    }
    if has_any(status, NODE_STATUS_KEYS) || cond_in(NODE_CONDITIONS) {
        return Some(Object::Node(Box::new(Node::from_value(whole))));
    }
    if cond_in(VMIM_CONDITIONS) || VMIM_ONLY_PHASES.contains(&phase) {
        return Some(Object::Vmim(Box::new(Vmim::from_value(whole))));
    }
    if has_any(status, VMI_STATUS_KEYS)
        || cond_in(VMI_CONDITIONS)
        || spec.is_some_and(|s| s.get("domain").is_some())
    {
        return Some(Object::Vmi(Box::new(Vmi::from_value(whole))));
    }
    if status.get("migrationState").is_some() {
        // A migrationState next to a phase, without VMI-only fields: a VMIM status.
        return Some(Object::Vmim(Box::new(Vmim::from_value(whole))));
    }
    // Only a phase and/or conditions: Strata is about VMIs, so a VMI phase means a VMI.
    const VMI_PHASES: &[&str] = &[
        "",
        "Pending",
        "Scheduling",
        "Scheduled",
        "Running",
        "Succeeded",
        "Failed",
        "WaitingForSync",
        "Unknown",
    ];
    let only_generic = status.as_object().is_some_and(|m| {
        m.keys()
            .all(|k| matches!(k.as_str(), "phase" | "conditions" | "reason"))
    });
    if only_generic
        && (status.get("phase").is_some() || status.get("conditions").is_some())
        && VMI_PHASES.contains(&phase)
    {
        return Some(Object::Vmi(Box::new(Vmi::from_value(whole))));
    }
    None
}

/// Records fields of a recognised object that have the wrong shape and were ignored.
pub(super) fn check_shapes(v: &Value, origin: &Origin, object: &Object, out: &mut Parsed) {
    for p in shape_problems(v) {
        out.notes.push(Note {
            origin: origin.clone(),
            message: format!("{}: {p}", object.label()),
        });
    }
}

/// The fields of an object that have the wrong shape, each said as it is ignored.
fn shape_problems(v: &Value) -> Vec<String> {
    let mut out = Vec::new();
    // Each field looked up once from its parent (this runs on every object of a dump).
    let status = v.get("status");
    let in_status = |key: &str| status.and_then(|s| s.get(key));
    let mut expect = |path: &str, field: Option<&Value>, want: &str, ok: fn(&Value) -> bool| {
        if let Some(x) = field
            && !x.is_null()
            && !ok(x)
        {
            out.push(format!(
                "field `{path}`: expected {want}, found {}; ignored",
                type_name(x)
            ));
        }
    };
    expect(
        "/metadata",
        v.get("metadata"),
        "a mapping",
        Value::is_object,
    );
    expect("/spec", v.get("spec"), "a mapping", Value::is_object);
    expect("/status", status, "a mapping", Value::is_object);
    let conditions = in_status("conditions");
    expect("/status/conditions", conditions, "a list", Value::is_array);
    let interfaces = in_status("interfaces");
    expect("/status/interfaces", interfaces, "a list", Value::is_array);
    expect(
        "/status/activePods",
        in_status("activePods"),
        "a mapping of pod UID to node name",
        Value::is_object,
    );
    let migration = in_status("migrationState");
    expect(
        "/status/migrationState",
        migration,
        "a mapping",
        Value::is_object,
    );
    expect(
        "/status/phase",
        in_status("phase"),
        "a string",
        Value::is_string,
    );
    if let Some(Value::Array(cs)) = conditions {
        for (i, c) in cs.iter().enumerate() {
            if !c.get("type").is_some_and(Value::is_string) {
                out.push(format!(
                    "field `/status/conditions/{i}`: expected a condition \
                        with a string `type`; ignored"
                ));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Moving a value's strings into the object reads what copying them read, notes included.
    #[test]
    fn an_object_built_from_its_own_value_is_the_one_built_from_a_copy() {
        let kinds = [
            "VirtualMachineInstance",
            "VirtualMachine",
            "VirtualMachineInstanceMigration",
            "Pod",
            "Node",
            "Event",
            "ConfigMap",
        ];
        for kind in kinds {
            for v in [
                json!({"kind": kind, "metadata": {"name": "a", "namespace": "ns", "uid": 7,
                    "labels": {"x": "y", "n": 1, "o": {}}},
                    "spec": {"nodeName": "n1", "vmiName": "a", "runStrategy": "Always",
                        "unschedulable": "true", "containers": [{"name": "compute"}]},
                    "status": {"phase": "Running", "nodeName": "n1", "activePods": {"p": "n1"},
                        "conditions": [{"type": "Ready", "status": "True"}, {"status": 1}],
                        "interfaces": [{"name": "default", "ipAddress": "10.0.0.1"}],
                        "migrationState": {"targetNode": "n2"},
                        "containerStatuses": [{"name": "compute", "ready": true}]}}),
                json!({"kind": kind, "metadata": ["a"], "spec": 3,
                    "status": {"phase": 1, "conditions": "nope", "interfaces": {},
                        "activePods": [], "migrationState": "x"}}),
                json!({"kind": kind, "status": "broken"}),
            ] {
                let origin = Origin {
                    document: 1,
                    line: Some(1),
                    path: String::new(),
                };
                let (mut copied, mut moved) = (Parsed::default(), Parsed::default());
                collect(&v, origin.clone(), &mut copied, 0);
                collect_owned(v, origin, &mut moved);
                assert_eq!(moved, copied, "{kind}");
            }
        }
    }
}
