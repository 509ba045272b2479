//! The kinds of object the simulator serves, with what discovery says about them.

use serde_json::Value;

/// A kind of object the simulator serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Resource {
    /// API group; empty for the core group.
    pub group: &'static str,
    pub version: &'static str,
    pub plural: &'static str,
    pub singular: &'static str,
    pub kind: &'static str,
    pub namespaced: bool,
    pub short_names: &'static [&'static str],
    pub categories: &'static [&'static str],
    /// Field selector labels besides `metadata.name` and `metadata.namespace`.
    pub fields: &'static [&'static str],
}

impl Resource {
    pub fn api_version(&self) -> String {
        if self.group.is_empty() {
            self.version.to_string()
        } else {
            format!("{}/{}", self.group, self.version)
        }
    }

    /// `plural.group` (or just `plural` for the core group), as in error messages.
    pub fn group_resource(&self) -> String {
        if self.group.is_empty() {
            self.plural.to_string()
        } else {
            format!("{}.{}", self.plural, self.group)
        }
    }
}

const KV_CATEGORIES: &[&str] = &["all"];

pub const VMI: Resource = Resource {
    group: "kubevirt.io",
    version: "v1",
    plural: "virtualmachineinstances",
    singular: "virtualmachineinstance",
    kind: "VirtualMachineInstance",
    namespaced: true,
    short_names: &["vmi", "vmis"],
    categories: KV_CATEGORIES,
    fields: &[],
};
pub const VM: Resource = Resource {
    group: "kubevirt.io",
    version: "v1",
    plural: "virtualmachines",
    singular: "virtualmachine",
    kind: "VirtualMachine",
    namespaced: true,
    short_names: &["vm", "vms"],
    categories: KV_CATEGORIES,
    fields: &[],
};
pub const VMIM: Resource = Resource {
    group: "kubevirt.io",
    version: "v1",
    plural: "virtualmachineinstancemigrations",
    singular: "virtualmachineinstancemigration",
    kind: "VirtualMachineInstanceMigration",
    namespaced: true,
    short_names: &["vmim", "vmims"],
    categories: KV_CATEGORIES,
    fields: &[],
};
pub const NAMESPACE: Resource = Resource {
    group: "",
    version: "v1",
    plural: "namespaces",
    singular: "namespace",
    kind: "Namespace",
    namespaced: false,
    short_names: &["ns"],
    categories: &[],
    fields: &["status.phase"],
};
pub const NODE: Resource = Resource {
    group: "",
    version: "v1",
    plural: "nodes",
    singular: "node",
    kind: "Node",
    namespaced: false,
    short_names: &["no"],
    categories: &[],
    fields: &["spec.unschedulable"],
};
pub const POD: Resource = Resource {
    group: "",
    version: "v1",
    plural: "pods",
    singular: "pod",
    kind: "Pod",
    namespaced: true,
    short_names: &["po"],
    categories: &["all"],
    fields: &[
        "spec.nodeName",
        "spec.restartPolicy",
        "spec.schedulerName",
        "spec.serviceAccountName",
        "spec.hostNetwork",
        "status.phase",
        "status.podIP",
        "status.nominatedNodeName",
    ],
};
pub const EVENT: Resource = Resource {
    group: "",
    version: "v1",
    plural: "events",
    singular: "event",
    kind: "Event",
    namespaced: true,
    short_names: &["ev"],
    categories: &[],
    fields: &[
        "involvedObject.kind",
        "involvedObject.namespace",
        "involvedObject.name",
        "involvedObject.uid",
        "involvedObject.apiVersion",
        "involvedObject.resourceVersion",
        "involvedObject.fieldPath",
        "reason",
        "reportingComponent",
        "source",
        "type",
    ],
};

/// Every resource the simulator stores.
pub const RESOURCES: &[Resource] = &[NAMESPACE, NODE, POD, EVENT, VMI, VM, VMIM];

/// Looks a resource up by group, version and plural.
pub fn resource(group: &str, version: &str, plural: &str) -> Option<Resource> {
    RESOURCES
        .iter()
        .copied()
        .find(|r| r.group == group && r.version == version && r.plural == plural)
}

/// The resource of an object, from its `apiVersion` and `kind`.
pub fn resource_of(obj: &Value) -> Option<Resource> {
    let api_version = obj.get("apiVersion")?.as_str()?;
    let kind = obj.get("kind")?.as_str()?;
    RESOURCES
        .iter()
        .copied()
        .find(|r| r.api_version() == api_version && r.kind == kind)
}
