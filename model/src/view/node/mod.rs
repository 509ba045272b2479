//! The node page and the nodes list: what a Node, the pods on it (virt-handler, launchers,
//! hot-plug attachment pods, migration targets), the VMI summaries on it and its drain report
//! say, judged here so the page only renders.
//!
//! KubeVirt's behaviour it follows: virt-handler refreshes the `kubevirt.io/heartbeat`
//! annotation and `kubevirt.io/schedulable` label (`pkg/virt-handler/heartbeat/heartbeat.go`);
//! virt-controller's node controller treats a heartbeat older than
//! [`crate::thresholds::HANDLER_HEARTBEAT_TIMEOUT_SECS`] as an unresponsive node
//! (`pkg/virt-controller/watch/node/node.go`; judged by [`crate::thresholds::handler_beat`]);
//! a node outside virt-handler's DaemonSet placement (a control-plane node) has no virt-handler
//! and no KVM by design ([`crate::cluster::handler_placed`]) and is not degraded for it; the
//! device plugins advertise
//! `devices.kubevirt.io/*` in the node's allocatable resources; the evacuation controller acts on
//! the drain taint (`pkg/virt-controller/watch/drain/evacuation/evacuation.go`). The node
//! findings themselves come from [`crate::cluster::cluster_findings`].

use crate::cluster::{ClusterIssue, cluster_findings, is_handler, not_placed_reason};
use crate::drain::{DrainAction, DrainOutcome, DrainReport};
use crate::kube::{Node, Pod, VmiKey};
use crate::time::Timestamp;
use crate::verdict::Health;
use crate::view::summary::VmiSummary;
use serde::{Deserialize, Serialize};

/// Node conditions whose `True` means trouble (the kubelet's pressure conditions).
const BAD_WHEN_TRUE: [&str; 4] = [
    "MemoryPressure",
    "DiskPressure",
    "PIDPressure",
    "NetworkUnavailable",
];

/// One node condition as the page shows it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct NodeCondition {
    pub type_: String,
    pub status: String,
    pub reason: String,
    pub message: String,
    pub since: Option<Timestamp>,
    /// This condition's status is a problem (Ready not True, a pressure True).
    pub bad: bool,
}

/// The virt-handler pod of the node.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct HandlerPod {
    /// `namespace/name`.
    pub name: String,
    pub phase: String,
    pub ready: bool,
    pub restarts: i64,
}

/// What is known of virt-handler's presence on the node, from its pod and its heartbeat.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HandlerPresence {
    /// Its pod is among the pods read (see [`HandlerHealth::pod`]).
    Pod,
    /// The pods on the node were not read.
    #[default]
    PodsNotRead,
    /// No virt-handler pod among the pods read, but its heartbeat is fresh: virt-handler runs
    /// there; its pod is only not in view.
    NotInViewBeating,
    /// No virt-handler pod among the pods read, and no fresh heartbeat.
    NoPod,
    /// virt-handler does not run here by design: the node is outside its DaemonSet's placement
    /// (no heartbeat, no `kubevirt.io/schedulable`, no `devices.kubevirt.io/*`).
    NotPlaced,
}

/// virt-handler's health on the node.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct HandlerHealth {
    /// The `kubevirt.io/heartbeat` annotation, parsed.
    pub heartbeat: Option<Timestamp>,
    /// Its age against now.
    pub heartbeat_age_secs: Option<f64>,
    /// Older than virt-controller's timeout.
    pub stale: bool,
    /// The `kubevirt.io/schedulable` label's value, verbatim.
    pub schedulable: Option<String>,
    /// `None` when the pods of the node were not read or none is virt-handler's.
    pub pod: Option<HandlerPod>,
    /// Whether the pods on the node were read at all (else `pod: None` says nothing).
    pub pods_known: bool,
    /// What is known of virt-handler's presence, from its pod and its heartbeat.
    #[serde(default)]
    pub presence: HandlerPresence,
    /// Why virt-handler does not run here, when the node is outside its placement.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_placed: Option<String>,
}

/// An allocatable resource of the node (KubeVirt's devices, then cpu and memory).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct NodeResource {
    pub name: String,
    pub allocatable: Option<String>,
    pub capacity: Option<String>,
}

/// A VMI on the node with its verdict and what a drain does to it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NodeVmi {
    pub key: VmiKey,
    pub phase: String,
    pub health: Health,
    pub headline: String,
    pub drain: Option<DrainOutcome>,
}

/// Everything the node page shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NodeView {
    pub name: String,
    pub health: Health,
    /// Why the node is not healthy, one sentence each.
    pub problems: Vec<String>,
    pub conditions: Vec<NodeCondition>,
    pub cordoned: bool,
    /// `key=value:Effect` of each taint.
    pub taints: Vec<String>,
    pub handler: HandlerHealth,
    pub resources: Vec<NodeResource>,
    pub vmis: Vec<NodeVmi>,
    pub drain: DrainReport,
    /// Drain facts that apply to every VMI (PDBs, the drain taint), one sentence each.
    pub drain_notes: Vec<String>,
}

/// One row of the nodes list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NodeRow {
    pub name: String,
    pub health: Health,
    pub problems: Vec<String>,
    /// The `Ready` condition's status, verbatim (`None`: absent).
    pub ready: Option<String>,
    pub cordoned: bool,
    pub taints: Vec<String>,
    pub handler: HandlerHealth,
    /// `devices.kubevirt.io/kvm` allocatable, verbatim.
    pub kvm: Option<String>,
    pub vmis: usize,
    /// VMIs on the node whose verdict is Broken or Degraded.
    pub unhealthy_vmis: usize,
}

fn conditions(n: &Node) -> Vec<NodeCondition> {
    n.status
        .conditions
        .iter()
        .map(|c| {
            let type_ = c.type_.clone().unwrap_or_default();
            let status = c.status.clone().unwrap_or_default();
            let bad = if type_ == "Ready" {
                status != "True"
            } else {
                BAD_WHEN_TRUE.contains(&type_.as_str()) && status == "True"
            };
            NodeCondition {
                since: c.last_transition_time.as_deref().and_then(Timestamp::parse),
                reason: c.reason().to_string(),
                message: c.message().to_string(),
                type_,
                status,
                bad,
            }
        })
        .collect()
}

fn taints(n: &Node) -> Vec<String> {
    n.spec
        .taints
        .iter()
        .map(|t| {
            let v = t.value.as_deref().filter(|v| !v.is_empty());
            format!(
                "{}{}:{}",
                t.key.as_deref().unwrap_or(""),
                v.map(|v| format!("={v}")).unwrap_or_default(),
                t.effect.as_deref().unwrap_or("")
            )
        })
        .collect()
}

/// The virt-handler health; `pods` are the pods on the node, `None` when not read.
fn handler(n: &Node, pods: Option<&[Pod]>, now: Option<Timestamp>) -> HandlerHealth {
    let beat = crate::thresholds::handler_beat(n, now);
    let pod = pods.and_then(|ps| {
        ps.iter()
            .find(|p| is_handler(p) && p.node() == Some(n.metadata.name()))
    });
    let not_placed = not_placed_reason(n);
    let presence = match (pod, pods) {
        (Some(_), _) => HandlerPresence::Pod,
        _ if not_placed.is_some() => HandlerPresence::NotPlaced,
        (None, None) => HandlerPresence::PodsNotRead,
        (None, Some(_)) if beat.is_some_and(|b| b.fresh()) => HandlerPresence::NotInViewBeating,
        (None, Some(_)) => HandlerPresence::NoPod,
    };
    HandlerHealth {
        heartbeat: beat.map(|b| b.at),
        heartbeat_age_secs: beat.and_then(|b| b.age_secs),
        stale: beat.is_some_and(|b| b.stale),
        schedulable: n.handler_schedulable().map(str::to_string),
        pod: pod.map(|p| HandlerPod {
            name: format!("{}/{}", p.metadata.namespace(), p.metadata.name()),
            phase: p.phase().to_string(),
            ready: p.condition("Ready").is_some_and(|c| c.is_true()),
            restarts: p
                .status
                .container_statuses
                .iter()
                .filter_map(|c| c.restart_count)
                .sum(),
        }),
        pods_known: pods.is_some(),
        presence,
        not_placed,
    }
}

fn resources(n: &Node) -> Vec<NodeResource> {
    let mut names: Vec<&String> = n
        .status
        .allocatable
        .keys()
        .chain(n.status.capacity.keys())
        .filter(|k| k.starts_with("devices.kubevirt.io/") || *k == "cpu" || *k == "memory")
        .collect();
    names.sort_by_key(|k| (!k.starts_with("devices.kubevirt.io/"), k.as_str()));
    names.dedup();
    names
        .into_iter()
        .map(|k| NodeResource {
            name: k.clone(),
            allocatable: n.status.allocatable.get(k).cloned(),
            capacity: n.status.capacity.get(k).cloned(),
        })
        .collect()
}

/// The node's health and the sentences that explain it.
fn judge(
    n: &Node,
    conds: &[NodeCondition],
    pods: Option<&[Pod]>,
    now: Option<Timestamp>,
) -> (Health, Vec<String>) {
    let mut health = if n.ready().is_some() {
        Health::Healthy
    } else {
        Health::Unknown
    };
    let mut problems = Vec::new();
    for c in conds.iter().filter(|c| c.bad) {
        let h = if c.type_ == "Ready" {
            Health::Broken
        } else {
            Health::Degraded
        };
        health = health.worse(h);
        let why = [c.reason.as_str(), c.message.as_str()]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(": ");
        problems.push(format!("{} is {}{}", c.type_, c.status, paren(&why)));
    }
    let handler_pods: Vec<Pod> = pods
        .unwrap_or_default()
        .iter()
        .filter(|p| is_handler(p) && p.node() == Some(n.metadata.name()))
        .cloned()
        .collect();
    for f in cluster_findings(std::slice::from_ref(n), &handler_pods, now) {
        // virt-handler gone (stale heartbeat, pod down) breaks the VMIs there; a node it marks
        // unschedulable for VMIs, or without KVM, only takes no new ones.
        health = health.worse(match f.issue {
            ClusterIssue::HandlerHeartbeatStale | ClusterIssue::HandlerPodDown => Health::Broken,
            ClusterIssue::HandlerUnschedulable | ClusterIssue::NoKvm => Health::Degraded,
        });
        problems.push(format!("{} ({})", f.title, f.detail));
    }
    if n.is_cordoned() {
        health = health.worse(Health::Degraded);
        problems.push("cordoned (spec.unschedulable = true): no new pods are scheduled".into());
    }
    (health, problems)
}

fn paren(s: &str) -> String {
    if s.is_empty() {
        String::new()
    } else {
        format!(" ({s})")
    }
}

/// The VMI summaries on `node` (by `status.nodeName`).
fn on_node<'a>(node: &'a str, vmis: &'a [VmiSummary]) -> impl Iterator<Item = &'a VmiSummary> {
    vmis.iter().filter(move |s| s.node.as_deref() == Some(node))
}

/// The nodes list: one row per node, unhealthy first, then by name. `pods` are the pods read
/// (virt-handler's among them), `None` when not read.
pub fn node_rows(
    nodes: &[Node],
    pods: Option<&[Pod]>,
    vmis: &[VmiSummary],
    now: Option<Timestamp>,
) -> Vec<NodeRow> {
    let mut rows: Vec<NodeRow> = nodes
        .iter()
        .map(|n| {
            let conds = conditions(n);
            let (health, problems) = judge(n, &conds, pods, now);
            let name = n.metadata.name().to_string();
            let here: Vec<&VmiSummary> = on_node(&name, vmis).collect();
            NodeRow {
                health,
                problems,
                ready: n.ready().and_then(|c| c.status.clone()),
                cordoned: n.is_cordoned(),
                taints: taints(n),
                handler: handler(n, pods, now),
                kvm: n
                    .status
                    .allocatable
                    .get(crate::cluster::KVM_RESOURCE)
                    .cloned(),
                vmis: here.len(),
                unhealthy_vmis: here
                    .iter()
                    .filter(|s| matches!(s.layers.worst(), Health::Broken | Health::Degraded))
                    .count(),
                name,
            }
        })
        .collect();
    rows.sort_by(|a, b| {
        (a.health.unhealthy_first(), &a.name).cmp(&(b.health.unhealthy_first(), &b.name))
    });
    rows
}

/// Drain facts that hold for the node as a whole.
fn drain_notes(n: &Node, drain: &DrainReport) -> Vec<String> {
    let mut notes = Vec::new();
    // `pkg/virt-controller/watch/drain/evacuation/evacuation.go`: the controller migrates the
    // VMIs of a node tainted with the drain taint key (`kubevirt.io/drain` by default,
    // `migrations.nodeDrainTaintKey`), NoSchedule.
    if n.spec
        .taints
        .iter()
        .any(|t| t.key.as_deref() == Some("kubevirt.io/drain"))
    {
        notes.push(
            "The node carries the kubevirt.io/drain taint: the evacuation controller migrates \
                its VMIs with an eviction strategy."
                .into(),
        );
    }
    // `pkg/virt-controller/watch/drain/disruptionbudget/disruptionbudget.go` only deletes the
    // `kubevirt-disruption-budget-*` PDBs older releases created: protection is the eviction
    // webhook's denial (`pod-eviction-admitter.go`), not a PDB.
    notes.push(
        "KubeVirt protects a VMI by denying the eviction of its launcher pod in its webhook, not \
            with a PodDisruptionBudget (current releases delete the old \
            kubevirt-disruption-budget-* PDBs); a PDB of your own that selects a launcher pod \
            can still hold the drain, and Strata does not read PDBs."
            .into(),
    );
    if drain.blocking > 0 {
        notes.push(format!(
            "{} VMI(s) block the drain: kubectl drain retries their evictions until they are \
                stopped, made migratable, or their migration ends.",
            drain.blocking
        ));
    }
    notes
}

/// The node page: `node`, the pods on it (`None` when not read), the VMI summaries (any node;
/// those on this one are kept) and its drain report.
pub fn node_view(
    node: &Node,
    pods: Option<&[Pod]>,
    vmis: &[VmiSummary],
    drain: DrainReport,
    now: Option<Timestamp>,
) -> NodeView {
    let name = node.metadata.name().to_string();
    let conds = conditions(node);
    let (health, problems) = judge(node, &conds, pods, now);
    let mut list: Vec<NodeVmi> = on_node(&name, vmis)
        .map(|s| NodeVmi {
            key: s.key.clone(),
            phase: s.phase.clone(),
            health: s.layers.worst(),
            headline: s.headline.clone(),
            drain: drain.outcomes.iter().find(|o| o.key == s.key).cloned(),
        })
        .collect();
    // A VMI the drain names that is not on the node by `status.nodeName` (a migration target
    // pod here): listed too, with its drain outcome.
    for o in &drain.outcomes {
        if !list.iter().any(|v| v.key == o.key) {
            let s = vmis.iter().find(|s| s.key == o.key);
            list.push(NodeVmi {
                key: o.key.clone(),
                phase: s.map(|s| s.phase.clone()).unwrap_or_default(),
                health: s.map(|s| s.layers.worst()).unwrap_or_default(),
                headline: s.map(|s| s.headline.clone()).unwrap_or_default(),
                drain: Some(o.clone()),
            });
        }
    }
    // Those that block the drain first, then by verdict, then by key.
    let block_rank = |v: &NodeVmi| match v.drain.as_ref().map(|d| d.action) {
        Some(DrainAction::BlockDrain) => 0,
        Some(DrainAction::ShutDown) | Some(DrainAction::Unknown) => 1,
        _ => 2,
    };
    list.sort_by(|a, b| {
        (block_rank(a), a.health.unhealthy_first(), &a.key).cmp(&(
            block_rank(b),
            b.health.unhealthy_first(),
            &b.key,
        ))
    });
    NodeView {
        health,
        problems,
        conditions: conds,
        cordoned: node.is_cordoned(),
        taints: taints(node),
        handler: handler(node, pods, now),
        resources: resources(node),
        vmis: list,
        drain_notes: drain_notes(node, &drain),
        drain,
        name,
    }
}

#[cfg(test)]
mod tests;
