//! A fragment of an object recognised by its field names, wherever the paste starts: a bare
//! sub-tree of a VMI, VMIM, VM, pod or node (`migrationState:`, `conditions:`, `interfaces:`,
//! `volumeStatus:`, `activePods:`, `guestOSInfo:`, `containerStatuses:`, `nodeInfo:`,
//! `metadata:` alone), the inside of one (a `- infoSource:` list of interfaces, a list of
//! conditions or container statuses, the fields of a migrationState) is put back under the
//! object it was cut from, and what the paste lacks is said ("only the migrationState of a VMI
//! was pasted: no phase, no pods, no node").
//!
//! The vocabularies are the JSON field names of KubeVirt's
//! `staging/src/kubevirt.io/api/core/v1/types.go` (VirtualMachineInstanceStatus,
//! VirtualMachineInstanceMigrationState, VirtualMachineInstanceNetworkInterface, VolumeStatus,
//! VirtualMachineInstanceGuestOSInfo, VirtualMachineStatus, VirtualMachineInstanceMigrationStatus)
//! and of Kubernetes' core/v1 PodStatus, ContainerStatus, NodeStatus and ObjectMeta.

use serde_json::{Map, Value, json};

/// The kind of object a fragment was cut from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    Vmi,
    Vm,
    Pod,
    Node,
}

impl Owner {
    fn name(self) -> &'static str {
        match self {
            Owner::Vmi => "VMI",
            Owner::Vm => "VM",
            Owner::Pod => "pod",
            Owner::Node => "node",
        }
    }
}

/// A fragment put back under its object: the whole object value, its kind, and what was pasted.
#[derive(Debug, Clone, PartialEq)]
pub struct Fragment {
    pub value: Value,
    pub owner: Owner,
    /// `the migrationState`, `a list of interfaces`.
    pub what: String,
}

/// VirtualMachineInstanceStatus (types.go).
const VMI_STATUS: &[&str] = &[
    "nodeName",
    "reason",
    "conditions",
    "phase",
    "phaseTransitionTimestamps",
    "interfaces",
    "guestOSInfo",
    "migrationState",
    "migrationMethod",
    "migrationTransport",
    "qosClass",
    "launcherContainerImageVersion",
    "evacuationNodeName",
    "activePods",
    "volumeStatus",
    "kernelBootStatus",
    "fsFreezeStatus",
    "topologyHints",
    "virtualMachineRevisionName",
    "runtimeUser",
    "VSOCKCID",
    "selinuxContext",
    "machine",
    "currentCPUTopology",
    "memory",
    "migratedVolumes",
    "changedBlockTracking",
];
/// The VMI status fields only a VMI has (not a pod, node or VMIM): a sub-tree under one of
/// these names is a VMI's.
const VMI_ONLY: &[&str] = &[
    "interfaces",
    "guestOSInfo",
    "migrationState",
    "migrationMethod",
    "migrationTransport",
    "launcherContainerImageVersion",
    "evacuationNodeName",
    "activePods",
    "volumeStatus",
    "kernelBootStatus",
    "fsFreezeStatus",
    "virtualMachineRevisionName",
    "currentCPUTopology",
    "migratedVolumes",
];
/// VirtualMachineInstanceMigrationState (types.go).
const MIGRATION_STATE: &[&str] = &[
    "startTimestamp",
    "endTimestamp",
    "targetNodeDomainReadyTimestamp",
    "targetNodeDomainDetected",
    "targetNodeAddress",
    "targetDirectMigrationNodePorts",
    "targetNode",
    "targetPod",
    "targetAttachmentPodUID",
    "sourceNode",
    "sourcePod",
    "completed",
    "failed",
    "abortRequested",
    "abortStatus",
    "failureReason",
    "migrationUid",
    "mode",
    "migrationPolicyName",
    "migrationConfiguration",
    "targetCPUSet",
    "targetNodeTopology",
    "sourcePersistentStatePVCName",
    "targetPersistentStatePVCName",
    "sourceState",
    "targetState",
    "migrationNetworkType",
    "targetMemoryOverhead",
];
/// VirtualMachineInstanceNetworkInterface (types.go).
const INTERFACE: &[&str] = &[
    "ipAddress",
    "mac",
    "name",
    "ipAddresses",
    "podInterfaceName",
    "interfaceName",
    "infoSource",
    "queueCount",
    "linkState",
];
/// VolumeStatus (types.go).
const VOLUME_STATUS: &[&str] = &[
    "name",
    "target",
    "phase",
    "reason",
    "message",
    "persistentVolumeClaimInfo",
    "hotplugVolume",
    "size",
    "memoryDumpVolume",
    "containerDiskVolume",
];
/// VirtualMachineInstanceGuestOSInfo (types.go).
const GUEST_OS_INFO: &[&str] = &[
    "name",
    "kernelRelease",
    "version",
    "prettyName",
    "versionId",
    "kernelVersion",
    "machine",
    "id",
];
/// VirtualMachineStatus (types.go), without the generic `conditions`.
const VM_STATUS: &[&str] = &[
    "snapshotInProgress",
    "restoreInProgress",
    "created",
    "ready",
    "printableStatus",
    "stateChangeRequests",
    "volumeRequests",
    "volumeSnapshotStatuses",
    "startFailure",
    "memoryDumpRequest",
    "observedGeneration",
    "desiredGeneration",
    "runStrategy",
    "volumeUpdateState",
    "instancetypeRef",
    "preferenceRef",
];
/// core/v1 PodStatus, without the generic `phase`, `conditions`, `reason`, `message`.
const POD_STATUS: &[&str] = &[
    "nominatedNodeName",
    "hostIP",
    "hostIPs",
    "podIP",
    "podIPs",
    "startTime",
    "initContainerStatuses",
    "containerStatuses",
    "ephemeralContainerStatuses",
    "resize",
    "resourceClaimStatuses",
];
/// core/v1 ContainerStatus.
const CONTAINER_STATUS: &[&str] = &[
    "name",
    "state",
    "lastState",
    "ready",
    "restartCount",
    "image",
    "imageID",
    "containerID",
    "started",
    "allocatedResources",
    "resources",
    "volumeMounts",
    "user",
];
/// core/v1 NodeStatus, without the generic `phase`, `conditions`.
const NODE_STATUS: &[&str] = &[
    "capacity",
    "allocatable",
    "addresses",
    "daemonEndpoints",
    "nodeInfo",
    "images",
    "volumesInUse",
    "volumesAttached",
    "config",
    "runtimeHandlers",
    "features",
];
/// A condition (KubeVirt's and core/v1's).
const CONDITION: &[&str] = &[
    "type",
    "status",
    "reason",
    "message",
    "lastProbeTime",
    "lastTransitionTime",
    "lastHeartbeatTime",
    "lastUpdateTime",
];
/// core/v1 ObjectMeta.
const METADATA: &[&str] = &[
    "name",
    "generateName",
    "namespace",
    "uid",
    "resourceVersion",
    "generation",
    "creationTimestamp",
    "deletionTimestamp",
    "deletionGracePeriodSeconds",
    "labels",
    "annotations",
    "ownerReferences",
    "finalizers",
    "managedFields",
    "selfLink",
];

/// Every key of `m` is in `vocabulary`, and at least `min` of them are.
fn all_in(m: &Map<String, Value>, vocabulary: &[&str], min: usize) -> bool {
    m.len() >= min && m.keys().all(|k| vocabulary.contains(&k.as_str()))
}

/// The fragment `value` is, put back under its object; `None` when it is a whole object, a
/// `status:` (read by shape elsewhere) or nothing known.
pub fn recognise(value: &Value) -> Option<Fragment> {
    match value {
        Value::Array(items) => bare_list(items),
        // A condition's `status` is a string; an object's is a mapping.
        Value::Object(m)
            if m.contains_key("kind") || m.get("status").is_some_and(Value::is_object) =>
        {
            None
        }
        Value::Object(m) if m.contains_key("spec") => None,
        Value::Object(m) if lead_in(m).is_some() => recognise(&lead_in(m)?),
        Value::Object(m) => named_subtree(m).or_else(|| inner_fields(m)),
        _ => None,
    }
}

/// A single key of prose ending in a status field's name (`in vmi volumeStatus:`, `my vmi
/// status:`): the field, without the words a person put before it.
fn lead_in(m: &Map<String, Value>) -> Option<Value> {
    let (key, value) = m.iter().next().filter(|_| m.len() == 1)?;
    let last = lead_in_field(key)?;
    Some(json!({ last: value }))
}

/// The status field a key of prose ends in (`in vmi volumeStatus` → `volumeStatus`).
pub fn lead_in_field(key: &str) -> Option<&str> {
    let (_, last) = key.trim().rsplit_once(char::is_whitespace)?;
    (VMI_STATUS.contains(&last) || last == "status").then_some(last)
}

/// A mapping whose only key names a sub-tree: `migrationState:`, `interfaces:`, `metadata:`.
fn named_subtree(m: &Map<String, Value>) -> Option<Fragment> {
    if m.len() == 1 && m.contains_key("metadata") {
        let meta = m.get("metadata")?;
        return Some(Fragment {
            owner: owner_of_metadata(meta),
            value: json!({ "metadata": meta }),
            what: "the metadata".into(),
        });
    }
    let status = |owner: Owner, what: String| Fragment {
        value: json!({ "status": Value::Object(m.clone()) }),
        owner,
        what,
    };
    let names: Vec<&str> = m.keys().map(String::as_str).collect();
    let what = match names.as_slice() {
        [one] => format!("the {one}"),
        _ => format!("the {}", names.join(", ")),
    };
    // A migrationState next to a phase is a VMIM's status as much as a VMI's: left to the
    // reading by shape, which tells them apart by the phase. Alone it is a VMI's.
    let vmi_only = names
        .iter()
        .any(|k| VMI_ONLY.contains(k) && *k != "migrationState")
        || names == ["migrationState"];
    if vmi_only && names.iter().all(|k| VMI_STATUS.contains(k)) {
        return Some(status(Owner::Vmi, what));
    }
    if names
        .iter()
        .all(|k| POD_STATUS.contains(k) || *k == "conditions")
        && names.iter().any(|k| POD_STATUS.contains(k))
    {
        return Some(status(Owner::Pod, what));
    }
    if names
        .iter()
        .all(|k| NODE_STATUS.contains(k) || *k == "conditions")
        && names.iter().any(|k| NODE_STATUS.contains(k))
    {
        return Some(status(Owner::Node, what));
    }
    if names
        .iter()
        .all(|k| VM_STATUS.contains(k) || *k == "conditions")
        && names.iter().any(|k| VM_STATUS.contains(k))
    {
        return Some(status(Owner::Vm, what));
    }
    if names == ["conditions"] {
        let list = m.get("conditions")?.as_array()?;
        return Some(conditions(list.clone(), "the conditions".into()));
    }
    None
}

/// The inside of one sub-tree: the fields of a migrationState, one interface, one condition.
fn inner_fields(m: &Map<String, Value>) -> Option<Fragment> {
    let vmi_status = |key: &str, inner: Value, what: &str| Fragment {
        value: json!({ "status": { key: inner } }),
        owner: Owner::Vmi,
        what: what.into(),
    };
    let distinctive = |keys: &[&str]| keys.iter().any(|k| m.contains_key(*k));
    if all_in(m, MIGRATION_STATE, 2)
        && distinctive(&[
            "migrationUid",
            "targetNode",
            "sourceNode",
            "targetPod",
            "failed",
        ])
    {
        return Some(vmi_status(
            "migrationState",
            Value::Object(m.clone()),
            "the fields of a migrationState",
        ));
    }
    if all_in(m, INTERFACE, 2) && distinctive(&["infoSource", "interfaceName", "mac", "ipAddress"])
    {
        return Some(vmi_status(
            "interfaces",
            json!([m]),
            "one interface of a VMI's status",
        ));
    }
    if all_in(m, CONDITION, 2) && m.contains_key("type") && m.contains_key("status") {
        return Some(conditions(
            vec![Value::Object(m.clone())],
            "one condition".into(),
        ));
    }
    if all_in(m, GUEST_OS_INFO, 2) && distinctive(&["kernelRelease", "prettyName", "versionId"]) {
        return Some(vmi_status(
            "guestOSInfo",
            Value::Object(m.clone()),
            "the fields of a guestOSInfo",
        ));
    }
    if all_in(m, METADATA, 2) && distinctive(&["ownerReferences", "labels", "uid"]) {
        let meta = Value::Object(m.clone());
        return Some(Fragment {
            owner: owner_of_metadata(&meta),
            value: json!({ "metadata": meta }),
            what: "the fields of a metadata".into(),
        });
    }
    None
}

/// A bare list: of interfaces, volume statuses, conditions, container statuses.
fn bare_list(items: &[Value]) -> Option<Fragment> {
    let maps: Vec<&Map<String, Value>> = items.iter().filter_map(Value::as_object).collect();
    if maps.is_empty() || maps.len() != items.len() {
        return None;
    }
    let every = |vocabulary: &[&str], one_of: &[&str]| {
        maps.iter()
            .all(|m| all_in(m, vocabulary, 1) && one_of.iter().any(|k| m.contains_key(*k)))
    };
    let list = Value::Array(items.to_vec());
    let under = |key: &str, owner: Owner, what: &str| Fragment {
        value: json!({ "status": { key: list.clone() } }),
        owner,
        what: what.into(),
    };
    if every(CONDITION, &["type"]) && maps.iter().all(|m| m.contains_key("status")) {
        return Some(conditions(items.to_vec(), "a list of conditions".into()));
    }
    if every(
        INTERFACE,
        &[
            "infoSource",
            "interfaceName",
            "mac",
            "ipAddress",
            "podInterfaceName",
        ],
    ) {
        return Some(under("interfaces", Owner::Vmi, "a list of interfaces"));
    }
    if every(
        CONTAINER_STATUS,
        &["containerID", "imageID", "restartCount", "lastState"],
    ) {
        return Some(under(
            "containerStatuses",
            Owner::Pod,
            "a list of container statuses",
        ));
    }
    if every(
        VOLUME_STATUS,
        &["target", "persistentVolumeClaimInfo", "hotplugVolume"],
    ) {
        return Some(under(
            "volumeStatus",
            Owner::Vmi,
            "a list of volume statuses",
        ));
    }
    None
}

/// A list of conditions under the object its condition types belong to (a VMI's by default).
fn conditions(list: Vec<Value>, what: String) -> Fragment {
    // PodScheduled is a VMI condition too (types.go), so it says nothing here.
    const POD: &[&str] = &[
        "ContainersReady",
        "Initialized",
        "PodReadyToStartContainers",
    ];
    const NODE: &[&str] = &[
        "MemoryPressure",
        "DiskPressure",
        "PIDPressure",
        "NetworkUnavailable",
    ];
    const VM: &[&str] = &["Failure", "RestartRequired"];
    let types: Vec<&str> = list
        .iter()
        .filter_map(|c| c.get("type").and_then(Value::as_str))
        .collect();
    let any = |set: &[&str]| types.iter().any(|t| set.contains(t));
    let owner = if any(NODE) {
        Owner::Node
    } else if any(POD) && !types.contains(&"LiveMigratable") {
        Owner::Pod
    } else if any(VM) && !types.contains(&"LiveMigratable") {
        Owner::Vm
    } else {
        Owner::Vmi
    };
    Fragment {
        value: json!({ "status": { "conditions": list } }),
        owner,
        what,
    }
}

/// Whose metadata: a launcher pod's (its `kubevirt.io: virt-launcher` label, a VMI owner, a
/// `virt-launcher-` name), a VMI's (a VM owner, a `kubevirt.io/nodeName` label), a VM's (the VM
/// controller's finalizer and no owner), a node's (its `kubernetes.io/hostname` label), else a
/// VMI's.
fn owner_of_metadata(meta: &Value) -> Owner {
    let owner_kind = meta
        .pointer("/ownerReferences/0/kind")
        .and_then(Value::as_str)
        .unwrap_or("");
    let name = meta.get("name").and_then(Value::as_str).unwrap_or("");
    let label = |k: &str| meta.get("labels").and_then(|l| l.get(k));
    let launcher = label("kubevirt.io").and_then(Value::as_str) == Some("virt-launcher");
    let finalizers = meta
        .get("finalizers")
        .map(Value::to_string)
        .unwrap_or_default();
    if launcher || owner_kind == "VirtualMachineInstance" || name.starts_with("virt-launcher-") {
        Owner::Pod
    } else if owner_kind == "VirtualMachine" || label("kubevirt.io/nodeName").is_some() {
        Owner::Vmi
    } else if finalizers.contains("virtualMachineControllerFinalize") {
        Owner::Vm
    } else if label("kubernetes.io/hostname").is_some() {
        Owner::Node
    } else {
        Owner::Vmi
    }
}

/// What the paste lacks, as a note: `only the migrationState of a VMI was pasted: no phase, no
/// pods, no node, no name`.
pub fn lacking(f: &Fragment) -> String {
    let status = f.value.get("status");
    let has = |k: &str| status.and_then(|s| s.get(k)).is_some();
    let mut no: Vec<&str> = Vec::new();
    match f.owner {
        Owner::Vmi => {
            if !has("phase") {
                no.push("no phase");
            }
            if !has("activePods") {
                no.push("no pods");
            }
            if !has("nodeName") {
                no.push("no node");
            }
            if !has("conditions") {
                no.push("no conditions");
            }
        }
        Owner::Pod | Owner::Node | Owner::Vm => {
            if !has("phase") && f.owner == Owner::Pod {
                no.push("no phase");
            }
            if !has("conditions") {
                no.push("no conditions");
            }
            if f.owner == Owner::Vm && !has("printableStatus") {
                no.push("no printableStatus");
            }
        }
    }
    if f.value.get("metadata").is_none() {
        no.push("no name");
    }
    if f.value.get("status").is_none() {
        no.push("no status");
    }
    format!(
        "only {} of a {} was pasted: {}",
        f.what,
        f.owner.name(),
        no.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sub_trees_are_put_back_under_their_object() {
        let f = recognise(&json!({"migrationState": {"failed": true}})).unwrap();
        assert_eq!(f.owner, Owner::Vmi);
        assert!(lacking(&f).contains("no phase, no pods"), "{}", lacking(&f));
        let f = recognise(&json!([{"infoSource": "domain", "name": "default"}])).unwrap();
        assert_eq!(
            f.value.pointer("/status/interfaces/0/name"),
            Some(&json!("default"))
        );
        let f = recognise(&json!([{"type": "Ready", "status": "False"},
            {"type": "MemoryPressure", "status": "False"}]))
        .unwrap();
        assert_eq!(f.owner, Owner::Node);
        let f = recognise(&json!({"metadata": {"name": "virt-launcher-web-x"}})).unwrap();
        assert_eq!(f.owner, Owner::Pod);
        assert!(recognise(&json!({"status": {"phase": "Running"}})).is_none());
        assert!(recognise(&json!({"foo": 1})).is_none());
    }
}
