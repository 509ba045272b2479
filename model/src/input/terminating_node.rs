//! Pods of any workload printed `Terminating` on one node while pods on other nodes run: the
//! node does not confirm their deletion. kubectl prints `Terminating` for a pod with a
//! deletionTimestamp (`pkg/printers/internalversion/printers.go`, printPod); the pod object goes
//! away only when the kubelet on its node reports its containers stopped
//! (`pkg/kubelet/status/status_manager.go`) or someone force-deletes it; a node that stopped
//! answering leaves its pods Terminating (the taint manager and the pod garbage collector mark
//! them, nothing on the node finishes them). Replacements running elsewhere show the cluster
//! works. A launcher pod alone is read by `sightings` (`terminating_launcher`); this reads every
//! pod by its NODE column, so a storage or system pod stuck the same way names its node.
//!
//! A replacement shows the same: a workload controller creates a new pod for one being deleted
//! (`pkg/controller/replicaset/replica_set.go` counts a terminating pod as gone), named from its
//! owner with a random suffix (`GenerateName: <owner>-`, `k8s.io/apiserver/pkg/storage/names`),
//! so a pod of the same owner elsewhere or not yet placed (`Pending`, no node) is the deletion
//! requested by the cluster and never confirmed by the node.

use super::read::ReadPaste;
use super::vocab::Kind;
use crate::evidence::Signal;
use crate::verdict::{Health, Layer};
use std::collections::BTreeMap;

/// At least this many pods stuck on one node (one may be a slow shutdown).
const AT_LEAST: usize = 2;

/// Adds one node signal per node whose pods are stuck Terminating while other nodes run pods.
pub fn settle(out: &mut ReadPaste) {
    let mut terminating: BTreeMap<&str, Vec<(usize, &str)>> = BTreeMap::new();
    let mut running_elsewhere: BTreeMap<&str, usize> = BTreeMap::new();
    // Every pod's owner prefix and node (`""` when not placed).
    let mut owners: Vec<(&str, &str, &str)> = Vec::new();
    for s in out.sightings.all().filter(|s| s.kind == Kind::Pod) {
        let placed = !(s.node.is_empty() || s.node == "<none>");
        if let Some(owner) = generated_owner(&s.name) {
            owners.push((owner, s.name.as_str(), if placed { &s.node } else { "" }));
        }
        if !placed {
            continue;
        }
        match s.status.as_str() {
            "Terminating" => terminating
                .entry(s.node.as_str())
                .or_default()
                .push((s.line, s.name.as_str())),
            "Running" => *running_elsewhere.entry(s.node.as_str()).or_default() += 1,
            _ => {}
        }
    }
    let mut signals = Vec::new();
    for (node, pods) in &terminating {
        let others_run = running_elsewhere.iter().any(|(n, c)| n != node && *c > 0);
        let replaced = pods.iter().all(|(_, name)| {
            let owner = generated_owner(name);
            owners
                .iter()
                .any(|(o, n, at)| Some(*o) == owner && n != name && at != node)
        });
        if pods.len() < AT_LEAST || !(others_run || replaced) {
            continue;
        }
        let (line, _) = pods[0];
        let names: Vec<&str> = pods.iter().map(|(_, n)| *n).take(4).collect();
        signals.push(Signal {
            signature: Some("pods-stuck-terminating-on-node".into()),
            layer: Some(Layer::Node),
            plane: None,
            health: Health::Degraded,
            title: format!(
                "node {node}: {} pods stuck Terminating while {}",
                pods.len(),
                if others_run {
                    "other nodes run theirs"
                } else {
                    "their replacements wait elsewhere"
                }
            ),
            cause: format!(
                "the pods on node {node} ({}) are being deleted and stay Terminating, while pods \
                 on other nodes run: the node does not confirm the deletions (its kubelet or the \
                 node itself is down or unreachable)",
                names.join(", ")
            ),
            next_steps: vec![
                format!("kubectl get node {node}; kubectl describe node {node} (conditions)"),
                "on the node: systemctl status kubelet; journalctl -u kubelet".into(),
            ],
            source: "k8s.io/kubernetes pkg/printers/internalversion/printers.go (Terminating); \
                pkg/kubelet/status/status_manager.go"
                .into(),
            line,
            from: "a kubectl get pods table (NODE column)".into(),
            excerpt: format!("{node}: {}", names.join(", ")),
        });
    }
    out.signals.extend(signals);
}

/// The owner prefix of a pod named by GenerateName (`<owner>-<5 random chars>`, the alphabet of
/// `rand.SafeEncodeString` in k8s.io/apimachinery/pkg/util/rand): a ReplicaSet's or DaemonSet's
/// pod. A StatefulSet's (`<name>-<ordinal>`) keeps its name and has no replacement by another.
fn generated_owner(name: &str) -> Option<&str> {
    const SAFE: &str = "bcdfghjklmnpqrstvwxz2456789";
    let (owner, suffix) = name.rsplit_once('-')?;
    (suffix.len() == 5 && suffix.chars().all(|c| SAFE.contains(c)) && !owner.is_empty())
        .then_some(owner)
}
