//! Pods of any workload printed `Terminating` on one node while pods on other nodes run: the
//! node does not confirm their deletion. kubectl prints `Terminating` for a pod with a
//! deletionTimestamp (`pkg/printers/internalversion/printers.go`, printPod); the pod object goes
//! away only when the kubelet on its node reports its containers stopped
//! (`pkg/kubelet/status/status_manager.go`) or someone force-deletes it; a node that stopped
//! answering leaves its pods Terminating (the taint manager and the pod garbage collector mark
//! them, nothing on the node finishes them). Replacements running elsewhere show the cluster
//! works. A launcher pod alone is read by `sightings` (`terminating_launcher`); this reads every
//! pod by its NODE column, so a storage or system pod stuck the same way names its node.

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
    for s in out.sightings.all().filter(|s| s.kind == Kind::Pod) {
        if s.node.is_empty() || s.node == "<none>" {
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
        if pods.len() < AT_LEAST || !others_run {
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
                "node {node}: {} pods stuck Terminating while other nodes run theirs",
                pods.len()
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
