//! The column definitions of each kind's `Table`: the API server's for built-in kinds, KubeVirt's
//! CRD printer columns (`pkg/virt-operator/resource/generate/components/crds.go`) for its own. Pure
//! data.

use crate::resources::{EVENT, NAMESPACE, NODE, POD, Resource, VM, VMI, VMIM};
use serde_json::{Value, json};

/// One column definition.
pub struct Col {
    pub name: &'static str,
    pub ty: &'static str,
    pub format: &'static str,
    pub priority: u8,
    pub description: &'static str,
}

const fn col(
    name: &'static str,
    ty: &'static str,
    format: &'static str,
    priority: u8,
    description: &'static str,
) -> Col {
    Col {
        name,
        ty,
        format,
        priority,
        description,
    }
}

impl Col {
    fn json(&self) -> Value {
        json!({"name": self.name, "type": self.ty, "format": self.format, "description": self.description, "priority": self.priority})
    }
}

/// ObjectMeta's `name` documentation (apimachinery `types_swagger_doc_generated.go`), which the
/// API server gives every Name column, built-in kinds and CRDs alike (apiextensions-apiserver's
/// `tableconvertor.go`): apiserver-harness's tables test found the shortened text here.
const NAME_DOC: &str = "Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names";

const NAME: Col = col("Name", "string", "name", 0, NAME_DOC);
const AGE: Col = col(
    "Age",
    "date",
    "",
    0,
    "CreationTimestamp is a timestamp representing the server time when this object was created.",
);

/// A CRD's own Age printer column (`.metadata.creationTimestamp`, no description): the API server
/// describes a CRD column without a description by its JSONPath (`tableconvertor.go`).
const CRD_AGE: Col = col(
    "Age",
    "date",
    "",
    0,
    "Custom resource definition column (in JSONPath format): .metadata.creationTimestamp",
);

/// KubeVirt's printer columns of VirtualMachineInstance.
const VMI_COLUMNS: &[Col] = &[
    CRD_AGE,
    col(
        "Phase",
        "string",
        "",
        0,
        "Custom resource definition column (in JSONPath format): .status.phase",
    ),
    col(
        "IP",
        "string",
        "",
        0,
        "Custom resource definition column (in JSONPath format): .status.interfaces[0].ipAddress",
    ),
    col(
        "NodeName",
        "string",
        "",
        0,
        "Custom resource definition column (in JSONPath format): .status.nodeName",
    ),
    col(
        "Ready",
        "string",
        "",
        0,
        "Custom resource definition column (in JSONPath format): .status.conditions[?(@.type=='Ready')].status",
    ),
    col(
        "Live-Migratable",
        "string",
        "",
        1,
        "Custom resource definition column (in JSONPath format): .status.conditions[?(@.type=='LiveMigratable')].status",
    ),
    col(
        "Paused",
        "string",
        "",
        1,
        "Custom resource definition column (in JSONPath format): .status.conditions[?(@.type=='Paused')].status",
    ),
];

/// KubeVirt's printer columns of VirtualMachine.
const VM_COLUMNS: &[Col] = &[
    CRD_AGE,
    col("Status", "string", "", 0, "Human Readable Status"),
    col(
        "Ready",
        "string",
        "",
        0,
        "Custom resource definition column (in JSONPath format): .status.conditions[?(@.type=='Ready')].status",
    ),
];

/// KubeVirt's printer columns of VirtualMachineInstanceMigration.
const VMIM_COLUMNS: &[Col] = &[
    col(
        "Phase",
        "string",
        "",
        0,
        // KubeVirt gives these two columns descriptions of their own, which the API server
        // shows instead of the JSONPath.
        "The current phase of VM instance migration",
    ),
    col(
        "VMI",
        "string",
        "",
        0,
        "The name of the VMI to perform the migration on",
    ),
];

/// The API server's Pod columns.
const POD_COLUMNS: &[Col] = &[
    col(
        "Ready",
        "string",
        "",
        0,
        "The aggregate readiness state of this pod for accepting traffic.",
    ),
    col(
        "Status",
        "string",
        "",
        0,
        "The aggregate status of the containers in this pod.",
    ),
    col(
        "Restarts",
        "string",
        "",
        0,
        "The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.",
    ),
    AGE,
    col(
        "IP",
        "string",
        "",
        1,
        "IP address allocated to the pod. Routable at least within the cluster. Empty if not yet allocated.",
    ),
    col(
        "Node",
        "string",
        "",
        1,
        "Name of the Node this pod is running on.",
    ),
    col(
        "Nominated Node",
        "string",
        "",
        1,
        "nominatedNodeName is set only when this pod preempts other pods on the node.",
    ),
    col(
        "Readiness Gates",
        "string",
        "",
        1,
        "If specified, all readiness gates will be evaluated for pod readiness.",
    ),
];

/// The API server's Node columns.
const NODE_COLUMNS: &[Col] = &[
    col("Status", "string", "", 0, "The status of the node"),
    col("Roles", "string", "", 0, "The roles of the node"),
    AGE,
    col(
        "Version",
        "string",
        "",
        0,
        "Kubelet Version reported by the node.",
    ),
    col(
        "Internal-IP",
        "string",
        "",
        1,
        "List of addresses reachable to the node.",
    ),
    col(
        "External-IP",
        "string",
        "",
        1,
        "List of addresses reachable to the node.",
    ),
    col(
        "OS-Image",
        "string",
        "",
        1,
        "OS Image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 (wheezy)).",
    ),
    col(
        "Kernel-Version",
        "string",
        "",
        1,
        "Kernel Version reported by the node from 'uname -r' (e.g. 3.16.0-0.bpo.4-amd64).",
    ),
    col(
        "Container-Runtime",
        "string",
        "",
        1,
        "Container runtime version reported by the node through runtime remote API (e.g. containerd://1.4.2).",
    ),
];

/// The API server's Namespace columns.
const NAMESPACE_COLUMNS: &[Col] = &[
    col("Status", "string", "", 0, "The status of the namespace"),
    AGE,
];

/// The API server's Event columns (no leading Name column; Name comes last).
const EVENT_COLUMNS: &[Col] = &[
    col(
        "Last Seen",
        "string",
        "",
        0,
        "Time when an Event was last observed",
    ),
    col(
        "Type",
        "string",
        "",
        0,
        "Type of this event (Normal, Warning), new types could be added in the future.",
    ),
    col(
        "Reason",
        "string",
        "",
        0,
        "This should be a short, machine understandable string that gives the reason for this event being generated.",
    ),
    col("Object", "string", "", 0, "The object this Event is about."),
    col(
        "Subobject",
        "string",
        "",
        1,
        "The subobject this Event is about.",
    ),
    col(
        "Source",
        "string",
        "",
        1,
        "The component reporting this event.",
    ),
    col(
        "Message",
        "string",
        "",
        0,
        "A human-readable description of the status of this operation.",
    ),
    col(
        "First Seen",
        "string",
        "",
        1,
        "The time at which the event was first recorded.",
    ),
    col(
        "Count",
        "string",
        "",
        1,
        "The number of times this event has occurred.",
    ),
    col("Name", "string", "name", 1, NAME_DOC),
];

/// Any other kind.
const OTHER_COLUMNS: &[Col] = &[AGE];

/// The column definitions of a resource.
pub fn columns(r: &Resource) -> Vec<Value> {
    let (name_first, rest) = match *r {
        VMI => (true, VMI_COLUMNS),
        VM => (true, VM_COLUMNS),
        VMIM => (true, VMIM_COLUMNS),
        POD => (true, POD_COLUMNS),
        NODE => (true, NODE_COLUMNS),
        NAMESPACE => (true, NAMESPACE_COLUMNS),
        EVENT => (false, EVENT_COLUMNS),
        _ => (true, OTHER_COLUMNS),
    };
    let name = name_first.then_some(&NAME);
    name.into_iter().chain(rest).map(Col::json).collect()
}
