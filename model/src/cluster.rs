//! Cluster-level findings of a dump that holds nodes and KubeVirt's own pods (a must-gather, a
//! support bundle, a `kubectl get nodes,pods -A -o yaml` export): nodes that offer no KVM device
//! and nodes whose virt-handler is down.
//!
//! What KubeVirt does, from its source: virt-handler's device plugin advertises
//! [`KVM_RESOURCE`] in a node's allocatable resources; virt-handler (pods labelled
//! `kubevirt.io=virt-handler`) writes the [`HEARTBEAT_ANNOTATION`] on its node regularly, and
//! virt-controller's node controller, when that heartbeat is older than
//! [`HANDLER_HEARTBEAT_TIMEOUT_SECS`], labels the node [`SCHEDULABLE_LABEL`]`=false` and fails
//! the VMIs left on it (reason `NodeUnresponsive`).

use crate::explain::Severity;
use crate::kube::{Node, Pod};
use crate::time::Timestamp;
use serde::{Deserialize, Serialize};

/// The extended resource virt-handler's device plugin offers when the node has `/dev/kvm`.
pub const KVM_RESOURCE: &str = "devices.kubevirt.io/kvm";
pub use crate::kube::node::{HEARTBEAT_ANNOTATION, SCHEDULABLE_LABEL};
/// The label of virt-handler's pods (`kubevirt.io: virt-handler`).
pub const HANDLER_LABEL: (&str, &str) = ("kubevirt.io", "virt-handler");
pub use crate::thresholds::HANDLER_HEARTBEAT_TIMEOUT_SECS;

/// What a cluster-level finding is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClusterIssue {
    /// The node offers no `devices.kubevirt.io/kvm` (0 or absent): VMIs cannot be scheduled
    /// there unless software emulation is on.
    NoKvm,
    /// A virt-handler pod is not Running and Ready.
    HandlerPodDown,
    /// The node's virt-handler heartbeat is older than the node controller's timeout.
    HandlerHeartbeatStale,
    /// The node is labelled `kubevirt.io/schedulable=false`.
    HandlerUnschedulable,
}

/// One cluster-level finding, about a node or a virt-handler pod.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClusterFinding {
    pub issue: ClusterIssue,
    pub severity: Severity,
    /// The node it is about (for a pod: the node it runs on, when known).
    pub node: Option<String>,
    /// The pod it is about (`namespace/name`), for a virt-handler pod.
    pub pod: Option<String>,
    pub title: String,
    /// What was read, in the words of the object.
    pub detail: String,
    pub next_step: String,
}

/// The cluster findings of a set of nodes and pods, ages judged against `now` (no heartbeat is
/// judged without it).
pub fn cluster_findings(
    nodes: &[Node],
    pods: &[Pod],
    now: Option<Timestamp>,
) -> Vec<ClusterFinding> {
    let mut out = Vec::new();
    for n in nodes {
        out.extend(no_kvm(n));
        out.extend(unschedulable(n));
        out.extend(stale_heartbeat(n, now));
    }
    out.extend(
        pods.iter()
            .filter(|p| is_handler(p))
            .filter_map(handler_pod_down),
    );
    out
}

/// A virt-handler pod (by its `kubevirt.io` label).
pub fn is_handler(p: &Pod) -> bool {
    p.metadata.labels.get(HANDLER_LABEL.0).map(String::as_str) == Some(HANDLER_LABEL.1)
}

/// `"0"`, `"0k"` and the like: a zero quantity.
fn zero_quantity(q: &str) -> bool {
    let digits = q.trim().trim_end_matches(|c: char| c.is_ascii_alphabetic());
    !digits.is_empty() && digits.parse::<f64>().is_ok_and(|v| v == 0.0)
}

fn no_kvm(n: &Node) -> Option<ClusterFinding> {
    let name = n.metadata.name();
    let detail = match n.status.allocatable.get(KVM_RESOURCE) {
        Some(q) if zero_quantity(q) => {
            let cap = n.status.capacity.get(KVM_RESOURCE);
            format!(
                "allocatable {KVM_RESOURCE}: {q}{}",
                cap.map(|c| format!(" (capacity {c})")).unwrap_or_default()
            )
        }
        Some(_) => return None,
        // Nothing about resources at all (a trimmed node): no evidence either way.
        None if n.status.allocatable.is_empty() => return None,
        None => format!("no {KVM_RESOURCE} in allocatable"),
    };
    Some(ClusterFinding {
        issue: ClusterIssue::NoKvm,
        severity: Severity::Error,
        node: Some(name.to_string()),
        pod: None,
        title: format!("Node {name} offers no KVM device"),
        detail,
        next_step: "Check that the node has /dev/kvm (virtualization enabled in the firmware, \
            the kvm module loaded, nested virtualization on a cloud VM) and that virt-handler \
            runs there; VMIs cannot be scheduled on it otherwise"
            .into(),
    })
}

fn unschedulable(n: &Node) -> Option<ClusterFinding> {
    let name = n.metadata.name();
    let value = n.handler_schedulable()?;
    (value == "false").then(|| ClusterFinding {
        issue: ClusterIssue::HandlerUnschedulable,
        severity: Severity::Error,
        node: Some(name.to_string()),
        pod: None,
        title: format!("Node {name} is marked unschedulable for VMIs"),
        detail: format!("label {SCHEDULABLE_LABEL}=false"),
        next_step: "virt-controller sets this when virt-handler stops answering (or virt-handler \
            itself when the node cannot run VMIs): check the virt-handler pod on this node and \
            its log"
            .into(),
    })
}

fn stale_heartbeat(n: &Node, now: Option<Timestamp>) -> Option<ClusterFinding> {
    let name = n.metadata.name();
    let raw = n.metadata.annotations.get(HEARTBEAT_ANNOTATION)?;
    let beat = n.handler_heartbeat()?;
    let age = beat.seconds_until(now?);
    (age > HANDLER_HEARTBEAT_TIMEOUT_SECS).then(|| ClusterFinding {
        issue: ClusterIssue::HandlerHeartbeatStale,
        severity: Severity::Error,
        node: Some(name.to_string()),
        pod: None,
        title: format!("virt-handler on node {name} has stopped its heartbeat"),
        detail: format!(
            "annotation {HEARTBEAT_ANNOTATION}: {raw}, {} before the dump's time",
            crate::time::format_duration(age)
        ),
        next_step: "virt-controller treats the node as unresponsive after 5 minutes and fails \
            its VMIs (reason NodeUnresponsive): check that virt-handler runs on the node"
            .into(),
    })
}

fn handler_pod_down(p: &Pod) -> Option<ClusterFinding> {
    let phase = p.phase();
    let ready = p.condition("Ready").is_some_and(|c| c.is_true());
    if phase == "Running" && ready {
        return None;
    }
    let waiting = p
        .status
        .container_statuses
        .iter()
        .filter_map(|c| c.state_summary())
        .map(|(state, reason)| match reason {
            Some(r) => format!("{state} ({r})"),
            None => state.to_string(),
        })
        .collect::<Vec<_>>()
        .join(", ");
    let name = format!("{}/{}", p.metadata.namespace(), p.metadata.name());
    let node = p.node().map(str::to_string);
    let phase = if phase.is_empty() { "unknown" } else { phase };
    let mut detail = format!(
        "phase {phase}, Ready {}",
        if ready { "True" } else { "not True" }
    );
    if !waiting.is_empty() {
        detail.push_str(&format!(", containers: {waiting}"));
    }
    Some(ClusterFinding {
        issue: ClusterIssue::HandlerPodDown,
        severity: Severity::Error,
        title: format!(
            "virt-handler pod {name} is down{}",
            node.as_deref()
                .map(|n| format!(" on node {n}"))
                .unwrap_or_default()
        ),
        node,
        pod: Some(name),
        detail,
        next_step: "Without virt-handler no VMI on that node starts, migrates or reports its \
            state: read the pod's events and its log (kubectl -n <namespace> logs <pod>)"
            .into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(yaml: &str) -> Node {
        let v: serde_json::Value = serde_saphyr::from_str(yaml).unwrap();
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn zero_or_absent_kvm_is_found_and_a_trimmed_node_is_not_judged() {
        let zero = node(
            "metadata: {name: a}\nstatus: {allocatable: {devices.kubevirt.io/kvm: \"0\", cpu: \"4\"}, capacity: {devices.kubevirt.io/kvm: 1k}}",
        );
        let absent = node("metadata: {name: b}\nstatus: {allocatable: {cpu: \"4\"}}");
        let fine =
            node("metadata: {name: c}\nstatus: {allocatable: {devices.kubevirt.io/kvm: 1k}}");
        let trimmed = node("metadata: {name: d}");
        let f = cluster_findings(&[zero, absent, fine, trimmed], &[], None);
        assert_eq!(f.len(), 2, "{f:?}");
        assert_eq!(f[0].issue, ClusterIssue::NoKvm);
        assert_eq!(
            f[0].detail,
            "allocatable devices.kubevirt.io/kvm: 0 (capacity 1k)"
        );
        assert_eq!(f[1].node.as_deref(), Some("b"));
    }

    #[test]
    fn stale_heartbeat_and_unschedulable_label() {
        let n = node(
            "metadata: {name: w, labels: {kubevirt.io/schedulable: \"false\"}, annotations: {kubevirt.io/heartbeat: \"2026-11-30T08:00:00Z\"}}",
        );
        let now = Timestamp::parse("2026-11-30T08:10:00Z");
        let f = cluster_findings(std::slice::from_ref(&n), &[], now);
        let issues: Vec<_> = f.iter().map(|f| f.issue).collect();
        assert_eq!(
            issues,
            [
                ClusterIssue::HandlerUnschedulable,
                ClusterIssue::HandlerHeartbeatStale
            ]
        );
        let fresh = Timestamp::parse("2026-11-30T08:04:00Z");
        assert_eq!(cluster_findings(&[n], &[], fresh).len(), 1);
    }

    #[test]
    fn a_handler_pod_not_ready_is_down_and_other_pods_are_not_judged() {
        let pod = |yaml: &str| -> Pod {
            let v: serde_json::Value = serde_saphyr::from_str(yaml).unwrap();
            serde_json::from_value(v).unwrap()
        };
        let down = pod(
            "metadata: {name: virt-handler-x, namespace: kubevirt, labels: {kubevirt.io: virt-handler}}\nspec: {nodeName: w}\nstatus: {phase: Running, conditions: [{type: Ready, status: \"False\"}], containerStatuses: [{name: virt-handler, state: {waiting: {reason: CrashLoopBackOff}}}]}",
        );
        let up = pod(
            "metadata: {name: virt-handler-y, labels: {kubevirt.io: virt-handler}}\nstatus: {phase: Running, conditions: [{type: Ready, status: \"True\"}]}",
        );
        let other = pod("metadata: {name: web}\nstatus: {phase: Pending}");
        let f = cluster_findings(&[], &[down, up, other], None);
        assert_eq!(f.len(), 1);
        assert_eq!(
            f[0].title,
            "virt-handler pod kubevirt/virt-handler-x is down on node w"
        );
        assert!(f[0].detail.contains("CrashLoopBackOff"), "{}", f[0].detail);
    }
}
