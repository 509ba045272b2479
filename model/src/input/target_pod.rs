//! Which pod is a migration's target, from what KubeVirt marks it with, not from the scheduler's
//! words alone.
//!
//! The migration controller creates the target launcher pod (`RenderMigrationManifest`,
//! `pkg/virt-controller/watch/migration/migration.go`) with the label
//! `kubevirt.io/migrationJobUID` set to the migration's UID (`MigrationJobLabel`,
//! `staging/src/kubevirt.io/api/core/v1/types.go`), and like every launcher pod it is named
//! `virt-launcher-<vmi>-<5 chars>` (`pkg/virt-controller/services/template.go`). So:
//! - a described launcher pod carrying that label and not yet placed on a node (`Node:
//!   <none>`, as `kubectl describe pod` prints an unscheduled pod) is a migration's target that
//!   the scheduler has not placed: the migration's control plane;
//! - the scheduler's messages that the migration signatures read as a target pod's (pod
//!   anti-affinity against the source, a node selector such as a copied CPU model label) are
//!   a target's only when the pod is a launcher: when the paste names the pod and it is some
//!   other pod (an operator's, a platform's), it is that pod's scheduling failure
//!   (kube-scheduler's `FailedScheduling`, the node's resources and taints), not a migration's;
//! - the node selector's words alone (`didn't match Pod's node affinity/selector`, kube-scheduler
//!   `pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go` ErrReasonPod) are every
//!   launcher pod's: the VM's own nodeSelector, affinity, dedicated CPUs or `kubevirt.io/
//!   schedulable` (`pkg/virt-controller/services/nodeselectorrenderer.go`) leave no node. They
//!   are a target's (`createTargetPod` adds a pod anti-affinity against the source's
//!   `kubevirt.io/created-by`, or a node affinity excluding the source node) only when the
//!   paste shows a migration: its anti-affinity, the target's label, a migration object or the
//!   word; otherwise they are the pod's scheduling failure, the nodes' (`no-node-fits`).

use super::read::ReadPaste;
use super::sightings::launcher_vmi;
use super::vocab::Kind;
use crate::evidence::{Signal, SignalPlane};
use crate::verdict::{Health, Layer};

/// The migration signatures that read the scheduler's words as a target pod's.
const TARGET_SCHEDULING: &[&str] = &["target-pod-unschedulable", "target-node-selector"];

const LABEL: &str = "kubevirt.io/migrationJobUID";

/// Settles both readings once the paste is read.
pub fn settle(out: &mut ReadPaste, input: &str) {
    not_a_launcher(out, input);
    no_migration_in_sight(out, input);
    if let Some(s) = unplaced_target(input) {
        // The pod is not merely unscheduled: it is the migration's target (`super::unscheduled`
        // reads any unplaced pod as the nodes' matter).
        out.signals
            .retain(|x| x.signature.as_deref() != Some(super::unscheduled::SIGNATURE));
        out.signals.push(s);
    }
}

/// The pods the paste names: sighted ones, and those a `kubectl describe pod` command names.
fn named_pods(out: &ReadPaste, input: &str) -> Vec<String> {
    let mut names: Vec<String> = out
        .sightings
        .all()
        .filter(|s| s.kind == Kind::Pod)
        .map(|s| s.name.clone())
        .collect();
    for line in input.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(i) = words.iter().position(|w| *w == "describe") else {
            continue;
        };
        let Some(kind) = words.get(i + 1) else {
            continue;
        };
        let kind = kind.split('/').next().unwrap_or("");
        if !matches!(kind, "pod" | "pods" | "po") {
            continue;
        }
        let mut skip = false;
        for w in &words[i + 1..] {
            if skip {
                skip = false;
            } else if matches!(*w, "-n" | "--namespace" | "-l" | "--selector" | "--context") {
                skip = true;
            } else if let Some(name) = w.strip_prefix("pod/").or(w.strip_prefix("pods/")) {
                names.push(name.to_string());
            } else if !w.starts_with('-') && !matches!(*w, "pod" | "pods" | "po") {
                names.push((*w).to_string());
            }
        }
    }
    names
}

/// The scheduler's target-pod words on a paste that names only pods other than launchers.
fn not_a_launcher(out: &mut ReadPaste, input: &str) {
    if input.contains("virt-launcher") || !out.signals.iter().any(is_target_scheduling) {
        return;
    }
    let pods = named_pods(out, input);
    let Some(pod) = pods.iter().find(|p| launcher_vmi(p).is_none()) else {
        return;
    };
    for x in out.signals.iter_mut().filter(|x| is_target_scheduling(x)) {
        x.layer = Some(Layer::Node);
        x.plane = None;
        x.title = format!("pod {pod} cannot be scheduled (the scheduler's constraints)");
        x.cause = format!(
            "kube-scheduler finds no node for pod {pod}: its affinity, node selector or the \
             nodes' taints leave none. It is not a virt-launcher pod, so not a migration's \
             target: the nodes' capacity, labels and taints decide"
        );
        x.signature = Some("pod-unschedulable-not-launcher".into());
        x.source = "kube-scheduler (FailedScheduling); KubeVirt pkg/virt-controller/services/\
            template.go (launcher pod names)"
            .into();
    }
}

/// The words a migration leaves in a paste (`createTargetPod`'s anti-affinity, the target's
/// label, `VirtualMachineInstanceMigration` and its short names, a migrate command or state).
const MIGRATION_MARKS: &[&str] = &["anti-affinity", "migrat", "vmim", "target pod"];

/// The node selector's words, with nothing in the paste saying a migration is under way: the
/// launcher pod's own scheduling failure, read as the scheduler's summary is read.
fn no_migration_in_sight(out: &mut ReadPaste, input: &str) {
    let lower = input.to_ascii_lowercase();
    if MIGRATION_MARKS.iter().any(|m| lower.contains(m)) {
        return;
    }
    let Some(generic) = crate::signatures::by_id("no-node-fits") else {
        return;
    };
    for x in out.signals.iter_mut() {
        if x.signature.as_deref() == Some("target-node-selector") {
            super::component::take(x, generic);
        }
    }
}

fn is_target_scheduling(s: &Signal) -> bool {
    s.signature
        .as_deref()
        .is_some_and(|id| TARGET_SCHEDULING.contains(&id))
}

/// A described launcher pod labelled as a migration's target and not placed on a node.
fn unplaced_target(input: &str) -> Option<Signal> {
    if !input.contains(LABEL) {
        return None;
    }
    let mut name: Option<&str> = None;
    let mut unplaced = false;
    for (i, line) in input.lines().enumerate() {
        let t = line.trim_start_matches(['>', ' ']);
        if let Some(v) = t.strip_prefix("Name:") {
            name = Some(v.trim());
            unplaced = false;
        } else if let Some(v) = t.strip_prefix("Node:") {
            unplaced = v.trim() == "<none>";
        } else if t.contains(&format!("{LABEL}="))
            && unplaced
            && let Some(pod) = name.filter(|n| launcher_vmi(n).is_some())
        {
            return Some(signal(pod, i + 1, line));
        }
    }
    None
}

fn signal(pod: &str, line: usize, text: &str) -> Signal {
    Signal {
        signature: Some("describe:migration-target-unplaced".into()),
        layer: Some(Layer::Migration),
        plane: Some(SignalPlane::Control),
        health: Health::Degraded,
        title: format!("the migration target pod {pod} is not placed on a node"),
        cause: format!(
            "{pod} carries {LABEL}: the migration controller created it as a migration's \
             target. Its Node is <none>: the scheduler has not placed it (no node passes its \
             affinity against the source pod, its node selectors or the nodes' resources), so \
             the migration cannot go on"
        ),
        next_steps: vec![format!(
            "kubectl describe pod {pod} (Events: FailedScheduling)"
        )],
        source: "KubeVirt staging/src/kubevirt.io/api/core/v1/types.go (MigrationJobLabel), \
            pkg/virt-controller/watch/migration/migration.go (the target pod)"
            .into(),
        line,
        from: "a kubectl describe pod".into(),
        excerpt: super::excerpt::excerpt(text),
    }
}
