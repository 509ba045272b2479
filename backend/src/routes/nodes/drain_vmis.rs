//! Which VMIs a node's drain concerns, read from the API server now (the store keeps summaries,
//! not the objects a drain report needs), without listing every VMI of the cluster on each
//! request: the VMIs KubeVirt labels as on the node or as its migration target, plus the few
//! the labels miss (a VMI the summaries place on the node, or whose live launcher pod is there,
//! e.g. a migration target pod before its hand-off), read one by one. Only when those are more
//! than [`MAX_EXTRA`] (odd data: labels stripped) is the whole list read, as before.

use crate::evidence;
use crate::watch::Kind;
use futures::StreamExt;
use kube::api::ListParams;
use model::VmiKey;
use model::kube::Pod;
use model::kube::pod::DOMAIN_ANNOTATION;
use model::kube::vmi::Vmi;
use std::collections::BTreeSet;

/// KubeVirt's label of the node a VMI runs on (`NodeNameLabel`): set by virt-controller when the
/// launcher pod is scheduled (pkg/virt-controller/watch/vmi/lifecycle.go) and by the target's
/// virt-handler when a migration ends (pkg/virt-handler/migration-target.go).
pub const NODE_LABEL: &str = "kubevirt.io/nodeName";
/// The label of a migration's target node (`MigrationTargetNodeNameLabel`): set at the target
/// pod's hand-off (pkg/virt-controller/watch/migration/migration.go), removed once the target's
/// virt-handler has finished (pkg/virt-handler/migration-target.go).
pub const TARGET_LABEL: &str = "kubevirt.io/migrationTargetNodeName";
/// VMIs the labels missed that are read one by one, at most; with more the whole list is read.
pub const MAX_EXTRA: usize = 32;
/// Reads of single VMIs in flight at once.
const CONCURRENT: usize = 8;

/// The VMIs `node`'s drain concerns. `placed`: every VMI's key and node as the summaries have
/// them; `pods`: the pods read on the node.
pub async fn read(
    client: &kube::Client,
    node: &str,
    placed: &[(VmiKey, Option<String>)],
    pods: &[Pod],
) -> Result<Vec<Vmi>, String> {
    let by = |label: &str| ListParams::default().labels(&format!("{label}={node}"));
    let (on, to) = tokio::join!(
        evidence::list(client, Kind::Vmi, None, by(NODE_LABEL)),
        evidence::list(client, Kind::Vmi, None, by(TARGET_LABEL)),
    );
    let mut vmis: Vec<Vmi> = on?
        .iter()
        .chain(to?.iter())
        .map(|o| Vmi::from_value(&evidence::value(o)))
        .collect();
    let mut seen = BTreeSet::new();
    vmis.retain(|v| seen.insert(v.key()));
    let extra = missing(node, &seen, placed, pods);
    if extra.len() > MAX_EXTRA {
        let all = evidence::list(client, Kind::Vmi, None, ListParams::default()).await?;
        return Ok(all
            .iter()
            .map(|o| Vmi::from_value(&evidence::value(o)))
            .collect());
    }
    let got: Vec<_> = futures::stream::iter(extra)
        .map(|k| async move { evidence::get(client, Kind::Vmi, &k.namespace, &k.name).await })
        .buffer_unordered(CONCURRENT)
        .collect()
        .await;
    for o in got {
        if let Some(o) = o? {
            vmis.push(Vmi::from_value(&evidence::value(&o)));
        }
    }
    Ok(vmis)
}

/// The VMIs that concern `node` by what the summaries or the pods on it say but that are not in
/// `have` (the labels named them).
pub fn missing(
    node: &str,
    have: &BTreeSet<VmiKey>,
    placed: &[(VmiKey, Option<String>)],
    pods: &[Pod],
) -> BTreeSet<VmiKey> {
    let by_summary = placed
        .iter()
        .filter(|(_, n)| n.as_deref() == Some(node))
        .map(|(k, _)| k.clone());
    let by_pod = pods
        .iter()
        .filter(|p| p.is_launcher() && p.node() == Some(node) && p.is_live())
        .filter_map(owner);
    by_summary
        .chain(by_pod)
        .filter(|k| !have.contains(k))
        .collect()
}

/// The VMI a launcher pod belongs to: its owner (virt-controller makes the VMI the pod's
/// controller, pkg/virt-controller/services/template.go), else its `kubevirt.io/domain`
/// annotation (the VMI's name, same file).
fn owner(p: &Pod) -> Option<VmiKey> {
    let name = p
        .metadata
        .owner_references
        .iter()
        .find(|o| o.kind.as_deref() == Some("VirtualMachineInstance"))
        .and_then(|o| o.name.clone())
        .or_else(|| p.metadata.annotations.get(DOMAIN_ANNOTATION).cloned())?;
    Some(VmiKey {
        cluster: String::new(),
        namespace: p.metadata.namespace().to_string(),
        name,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn key(ns: &str, name: &str) -> VmiKey {
        VmiKey {
            cluster: String::new(),
            namespace: ns.into(),
            name: name.into(),
        }
    }

    fn pod(v: serde_json::Value) -> Pod {
        Pod::from_value(&v)
    }

    #[test]
    fn the_labels_cover_what_they_name_and_the_rest_is_read_by_name() {
        let have = BTreeSet::from([key("a", "labelled")]);
        let placed = vec![
            (key("a", "labelled"), Some("n1".to_string())),
            (key("a", "unlabelled"), Some("n1".to_string())),
            (key("a", "elsewhere"), Some("n2".to_string())),
            (key("a", "unscheduled"), None),
        ];
        // A migration target pod on n1 before its hand-off (its VMI still says n2), a
        // finished launcher pod, a target pod named only by its annotation, a non-launcher.
        let pods = vec![
            pod(
                json!({"metadata": {"name": "virt-launcher-t-abc", "namespace": "b",
                "labels": {"kubevirt.io": "virt-launcher", "kubevirt.io/created-by": "u1"},
                "ownerReferences": [{"kind": "VirtualMachineInstance", "name": "target", "uid": "u1"}]},
                "spec": {"nodeName": "n1"}, "status": {"phase": "Running"}}),
            ),
            pod(
                json!({"metadata": {"name": "virt-launcher-old-x", "namespace": "b",
                "labels": {"kubevirt.io/created-by": "u2"},
                "ownerReferences": [{"kind": "VirtualMachineInstance", "name": "gone", "uid": "u2"}]},
                "spec": {"nodeName": "n1"}, "status": {"phase": "Succeeded"}}),
            ),
            pod(
                json!({"metadata": {"name": "virt-launcher-ann-y", "namespace": "c",
                "annotations": {"kubevirt.io/domain": "annotated"}},
                "spec": {"nodeName": "n1"}, "status": {"phase": "Pending"}}),
            ),
            pod(json!({"metadata": {"name": "web", "namespace": "c"},
                "spec": {"nodeName": "n1"}, "status": {"phase": "Running"}})),
        ];
        let got = missing("n1", &have, &placed, &pods);
        assert_eq!(
            got,
            BTreeSet::from([
                key("a", "unlabelled"),
                key("b", "target"),
                key("c", "annotated")
            ])
        );
        assert!(missing("n3", &have, &placed, &pods).is_empty());
    }
}
