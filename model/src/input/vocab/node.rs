//! A node's STATUS column as kubectl prints it: `printNode` in Kubernetes'
//! `pkg/printers/internalversion/printers.go` prints `Ready` when the Ready condition is True,
//! `NotReady` when it is False or Unknown, `Unknown` when the node has no Ready condition at
//! all, then `SchedulingDisabled` when `spec.unschedulable`, joined by commas.
//!
//! A cordon alone is an administrator's intent, not a fault: nothing KubeVirt runs there stops
//! (`pkg/virt-controller/watch/node.go` judges a node by virt-handler's heartbeat and the Ready
//! condition only, and the drain's evacuation controller, `pkg/virt-controller/watch/drain/`,
//! migrates VMIs off a node tainted for draining as ordinary work). Whatever a cordon keeps from
//! starting (a VMI or pod Pending with every node cordoned) is said by that object's own state.

use super::{Meaning, m};
use crate::verdict::{Health::*, Layer::*};

pub(super) const SOURCE: &str = "Kubernetes pkg/printers/internalversion/printers.go (printNode)";

/// One entry per value, one line each.
#[rustfmt::skip]
pub(super) const STATUSES: &[Meaning] = &[
    m("Ready", None, Healthy, "The kubelet reports the node Ready."),
    m("NotReady", Some(Node), Broken, "The node's Ready condition is False (the kubelet reports it cannot run pods) or Unknown (the kubelet stopped reporting: the node is unreachable)."),
    m("Unknown", Some(Node), Broken, "The node has no Ready condition at all: its kubelet never reported."),
    m("SchedulingDisabled", None, Healthy, "The node is cordoned (spec.unschedulable): nothing new is scheduled there, what runs keeps running; an administrator's intent (often a drain), not a fault."),
];

/// `Ready,SchedulingDisabled`, `NotReady,SchedulingDisabled`: the worst of the parts.
pub(super) fn combined(value: &str) -> Option<Meaning> {
    let parts: Vec<Meaning> = value
        .split(',')
        .map(|p| STATUSES.iter().find(|e| e.value == p.trim()).copied())
        .collect::<Option<_>>()?;
    parts.into_iter().max_by_key(|e| e.health.rank())
}
