//! What the mirror writes for an object of the simulator, kind by kind: its own metadata the
//! server sets dropped, references to other objects renamed to their real uids, and how each
//! kind's status is written in KubeVirt's CRDs and Kubernetes' own API.

use super::uids::Uids;
use crate::resources::{self, Resource};
use serde_json::Value;

/// Metadata only the API server sets: a create carrying `resourceVersion` is refused, the others
/// are overwritten. `deletionTimestamp` comes from a DELETE (see `write`); finalizers are kept,
/// so that a deleted VMI or migration stays terminating as long as the simulator holds it.
const SERVER_SET: &[&str] = &[
    "uid",
    "resourceVersion",
    "creationTimestamp",
    "deletionTimestamp",
    "deletionGracePeriodSeconds",
    "generation",
    "managedFields",
    "selfLink",
];

/// `obj` as the mirror writes it now, and whether it names an object not mirrored yet.
pub fn as_written(obj: &Value, uids: &Uids) -> (Value, bool) {
    let mut out = obj.clone();
    let own = obj["metadata"]["uid"].as_str().unwrap_or_default();
    let unresolved = uids.rewrite(&mut out, own);
    if let Some(meta) = out["metadata"].as_object_mut() {
        for k in SERVER_SET {
            meta.remove(*k);
        }
    }
    (out, unresolved)
}

/// How a kind's status reaches the real server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// With the object: the VMI CRD has no status subresource (`subresources` is absent from
    /// `VirtualMachineInstance` in KubeVirt's `pkg/virt-operator/resource/generate/components/
    /// crds.go`, `NewVirtualMachineInstanceCrd`); events have no status.
    WithObject,
    /// Through `/status`: pods and nodes, and KubeVirt's VM and VMIM (their CRDs have a status
    /// subresource, `NewVirtualMachineCrd` and `NewVirtualMachineInstanceMigrationCrd`); a status
    /// sent with the object is ignored there.
    Subresource,
    /// Not written: a namespace's phase is the server's.
    Server,
}

pub fn status_of(r: &Resource) -> Status {
    match r.kind {
        "VirtualMachineInstance" | "Event" => Status::WithObject,
        "Namespace" => Status::Server,
        _ => Status::Subresource,
    }
}

/// The order objects are created in: namespaces first, then what others refer to (a VMI names
/// its VM, a launcher pod its VMI, a migration its VMI, an event anything).
pub fn rank(r: &Resource) -> u8 {
    match *r {
        resources::NAMESPACE => 0,
        resources::NODE => 1,
        resources::VM => 2,
        resources::VMI => 3,
        resources::POD => 4,
        resources::VMIM => 5,
        _ => 6,
    }
}

/// What a write to the object itself changes (its status too where the kind has no status
/// subresource).
pub fn main_part(r: &Resource, v: &Value) -> Value {
    let mut out = v.clone();
    if status_of(r) != Status::WithObject
        && let Some(m) = out.as_object_mut()
    {
        m.remove("status");
    }
    out
}

/// The grace period a deletion of the simulator's object asks for, when the simulator shows it
/// terminating (`metadata.deletionTimestamp`).
pub fn deleting(obj: &Value) -> Option<Option<u32>> {
    let meta = &obj["metadata"];
    meta.get("deletionTimestamp")
        .filter(|t| !t.is_null())
        .map(|_| {
            meta["deletionGracePeriodSeconds"]
                .as_u64()
                .and_then(|g| u32::try_from(g).ok())
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn server_set_metadata_is_dropped_and_the_rest_kept() {
        let obj = json!({"metadata": {"name": "a", "uid": "u", "resourceVersion": "7",
            "creationTimestamp": "t", "deletionTimestamp": "t", "deletionGracePeriodSeconds": 30,
            "generation": 2, "finalizers": ["f"], "labels": {"l": "v"}}, "status": {"phase": "Running"}});
        let (w, unresolved) = as_written(&obj, &Uids::default());
        assert!(!unresolved);
        assert_eq!(
            w,
            json!({"metadata": {"name": "a", "finalizers": ["f"], "labels": {"l": "v"}},
                   "status": {"phase": "Running"}})
        );
        assert_eq!(deleting(&obj), Some(Some(30)));
        assert_eq!(deleting(&w), None);
        assert!(main_part(&resources::VMI, &obj).get("status").is_some());
        assert!(main_part(&resources::VM, &obj).get("status").is_none());
    }
}
