//! Cluster-level findings of a dump that holds nodes and KubeVirt's own pods (a must-gather, a
//! support bundle, a `kubectl get nodes,pods -A -o yaml` export): nodes that offer no KVM device
//! and nodes whose virt-handler is down.
//!
//! What KubeVirt does, from its source: virt-handler's device plugin advertises
//! [`KVM_RESOURCE`] in a node's allocatable resources; virt-handler (pods labelled
//! `kubevirt.io=virt-handler`) writes the [`HEARTBEAT_ANNOTATION`] on its node regularly, and
//! virt-controller's node controller, when that heartbeat is older than
//! [`HANDLER_HEARTBEAT_TIMEOUT_SECS`], labels the node [`SCHEDULABLE_LABEL`]`=false` and fails
//! the VMIs left on it (reason `NodeUnresponsive`); that age is judged by
//! [`crate::thresholds::handler_beat`], the one heartbeat rule.
//!
//! Not every node runs virt-handler: its DaemonSet takes the placement of
//! `spec.workloads.nodePlacement`, with no toleration of its own (default `AnyNode`,
//! `pkg/virt-operator/resource/apply/apps.go` and `pkg/virt-operator/resource/placement/placement.go`),
//! so a node tainted `node-role.kubernetes.io/control-plane:NoSchedule` gets none. Such a node
//! carries no heartbeat, no `kubevirt.io/schedulable` label and no `devices.kubevirt.io/*`
//! resource, by design: it is not judged (see [`handler_placed`]).

use crate::explain::Severity;
use crate::kube::{Node, Pod};
use crate::thresholds::{HandlerBeat, handler_beat};
use crate::time::{Timestamp, format_duration};
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
    for n in nodes.iter().filter(|n| handler_placed(n)) {
        out.extend(no_kvm(n));
        out.extend(unschedulable(n, now));
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

/// Whether virt-handler runs, or ran, on this node: it left its heartbeat annotation, its
/// `kubevirt.io/schedulable` label or its device plugins' `devices.kubevirt.io/*` resources. A
/// node with none of them is outside virt-handler's placement (a control-plane node, a node
/// `spec.workloads.nodePlacement` excludes): no KVM and no virt-handler there is by design.
pub fn handler_placed(n: &Node) -> bool {
    n.metadata.annotations.contains_key(HEARTBEAT_ANNOTATION)
        || n.metadata.labels.contains_key(SCHEDULABLE_LABEL)
        || n.status
            .allocatable
            .keys()
            .chain(n.status.capacity.keys())
            .any(|k| k.starts_with("devices.kubevirt.io/"))
}

/// Taints a DaemonSet pod does not tolerate unless told to: the DaemonSet controller adds
/// tolerations for the `node.kubernetes.io/*` condition taints only, and virt-handler's
/// default placement adds none.
fn untolerated_taints(n: &Node) -> Vec<String> {
    n.spec
        .taints
        .iter()
        .filter(|t| matches!(t.effect.as_deref(), Some("NoSchedule" | "NoExecute")))
        .filter_map(|t| t.key.clone())
        .filter(|k| !k.starts_with("node.kubernetes.io/"))
        .collect()
}

/// Why virt-handler does not run on `n`, when it does not (see [`handler_placed`]); `None` when
/// it does or when the node says nothing about its resources (a trimmed node).
pub fn not_placed_reason(n: &Node) -> Option<String> {
    if handler_placed(n) || n.status.allocatable.is_empty() {
        return None;
    }
    let taints = untolerated_taints(n);
    let why = if !taints.is_empty() {
        format!(
            "its taint {} is not tolerated by virt-handler's DaemonSet",
            taints.join(", ")
        )
    } else if n.metadata.labels.keys().any(|k| {
        matches!(
            k.as_str(),
            "node-role.kubernetes.io/control-plane" | "node-role.kubernetes.io/master"
        )
    }) {
        "it is a control-plane node outside virt-handler's placement".into()
    } else {
        "virt-handler's placement (spec.workloads.nodePlacement) does not select it".into()
    };
    Some(format!(
        "virt-handler does not run on this node ({why}): no {HEARTBEAT_ANNOTATION}, no \
            {SCHEDULABLE_LABEL} label and no devices.kubevirt.io/* resources, by design; VMIs do \
            not run here"
    ))
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

/// Who set `kubevirt.io/schedulable=false`, from the heartbeat next to it.
fn unschedulable_why(beat: Option<HandlerBeat>) -> &'static str {
    match beat {
        // `heartbeat.go`: `do` writes false while the device plugins are not initialised, and
        // `Run` ends with `labelNodeUnschedulable` when virt-handler shuts down; both write a
        // fresh heartbeat with it.
        Some(b) if b.fresh() => {
            "virt-handler wrote it with a fresh heartbeat: it is starting (its device plugins \
                are not initialised yet) or shutting down (it marks its node unschedulable as \
                it stops); check the virt-handler pod on this node and its log"
        }
        // `node.go`: `markNodeAsUnresponsive` once the heartbeat is older than the timeout.
        Some(b) if b.stale => {
            "virt-controller's node controller set it because virt-handler's heartbeat is \
                older than its timeout (markNodeAsUnresponsive): check that virt-handler runs on \
                this node"
        }
        _ => {
            "virt-handler sets it while its device plugins are not initialised or as it shuts \
                down, virt-controller when virt-handler's heartbeat goes stale: check the \
                virt-handler pod on this node and its log"
        }
    }
}

fn unschedulable(n: &Node, now: Option<Timestamp>) -> Option<ClusterFinding> {
    let name = n.metadata.name();
    let value = n.handler_schedulable()?;
    let beat = handler_beat(n, now);
    (value == "false").then(|| ClusterFinding {
        issue: ClusterIssue::HandlerUnschedulable,
        severity: Severity::Error,
        node: Some(name.to_string()),
        pod: None,
        title: format!("Node {name} is marked unschedulable for VMIs"),
        detail: format!(
            "label {SCHEDULABLE_LABEL}=false{}",
            beat.map(|b| format!(", heartbeat {}", b.describe()))
                .unwrap_or_default()
        ),
        next_step: unschedulable_why(beat).into(),
    })
}

fn stale_heartbeat(n: &Node, now: Option<Timestamp>) -> Option<ClusterFinding> {
    let name = n.metadata.name();
    let raw = n.metadata.annotations.get(HEARTBEAT_ANNOTATION)?;
    let beat = handler_beat(n, now)?;
    beat.stale.then(|| ClusterFinding {
        issue: ClusterIssue::HandlerHeartbeatStale,
        severity: Severity::Error,
        node: Some(name.to_string()),
        pod: None,
        title: format!("virt-handler on node {name} has stopped its heartbeat"),
        detail: format!(
            "annotation {HEARTBEAT_ANNOTATION}: {raw}, {} before the dump's time",
            format_duration(beat.age_secs.unwrap_or_default())
        ),
        next_step: format!(
            "virt-controller treats the node as unresponsive after {} (heartBeatTimeout, \
                pkg/virt-controller/watch/node/node.go), labels it {SCHEDULABLE_LABEL}=false and \
                fails its VMIs without a live launcher pod (reason NodeUnresponsive): check that \
                virt-handler runs on the node",
            format_duration(HANDLER_HEARTBEAT_TIMEOUT_SECS)
        ),
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
        let absent = node(
            "metadata: {name: b, labels: {kubevirt.io/schedulable: \"true\"}}\nstatus: {allocatable: {cpu: \"4\"}}",
        );
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
    fn a_node_outside_virt_handlers_placement_is_not_judged() {
        // A control-plane node: virt-handler's DaemonSet does not tolerate its taint
        // (`placement.go`, `AnyNode`), so it has no heartbeat, label or KVM resource.
        let master = node(
            "metadata: {name: m, labels: {node-role.kubernetes.io/control-plane: \"\"}}\nspec: {taints: [{key: node-role.kubernetes.io/control-plane, effect: NoSchedule}]}\nstatus: {allocatable: {cpu: \"4\"}}",
        );
        assert!(!handler_placed(&master));
        assert!(cluster_findings(std::slice::from_ref(&master), &[], None).is_empty());
        let why = not_placed_reason(&master).unwrap();
        assert!(
            why.contains("node-role.kubernetes.io/control-plane is not tolerated"),
            "{why}"
        );
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
