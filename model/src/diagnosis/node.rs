//! The node/launcher layer: the node (Ready, heartbeat, cordon), virt-handler's sync errors and
//! I/O errors, the virt-launcher pod and its containers, and a stale VMI status on a NotReady node.

use super::ctx::{Ctx, cond_cite, sentences};
use crate::explain::{Severity, Topic};
use crate::kube::{Condition, Node, Pod, Vmi};
use crate::migration::IRRECOVERABLE_MESSAGE;
use crate::thresholds::{
    HANDLER_HEARTBEAT_TIMEOUT_SECS, NODE_HEARTBEAT_STALE_SECS, SCHEDULED_WITHOUT_DOMAIN_SECS,
};
use crate::time::{Timestamp, format_duration};
use crate::verdict::{Finding, Health, Layer};

/// A finding about the Node layer.
fn finding(health: Health, severity: Severity, title: impl Into<String>) -> Finding {
    Finding::new(Layer::Node, health, severity, title)
}

/// A contradiction found in the Node layer.
fn contradiction(health: Health, title: impl Into<String>) -> Finding {
    Finding::contradiction(Layer::Node, health, title)
}

/// The node and launcher layer: the node, virt-handler's signals on the VMI, the launcher pod.
pub(super) fn node_layer(cx: &mut Ctx<'_>, pod: Option<&Pod>, node: Option<&Node>, stale: bool) {
    let Some(vmi) = cx.vmi else { return };
    let node_name = vmi.status.node_name.clone().filter(|n| !n.is_empty());
    node_state(cx, node, node_name);
    vmi_signals(cx, vmi);
    match pod {
        Some(p) => {
            launcher_phase(cx, vmi, p);
            launcher_problems(cx, p);
        }
        None => no_launcher(cx, vmi, node, stale),
    }
}

fn pcite(p: &Pod, what: String) -> String {
    format!("pod {}: {what}", p.metadata.name())
}

/// The node: Ready, heartbeat, cordon.
fn node_state(cx: &mut Ctx<'_>, node: Option<&Node>, node_name: Option<String>) {
    match node {
        Some(n) => {
            let name = n.metadata.name().to_string();
            match n.ready() {
                Some(r) if r.is_true() => {
                    cx.push(
                        finding(
                            Health::Healthy,
                            Severity::Info,
                            format!("Node {name} Ready"),
                        )
                        .cite(vec![format!(
                            "node {name}: status.conditions[Ready].status = True"
                        )]),
                    );
                    if let (Some(hb), Some(now)) = (n.last_heartbeat(), cx.now)
                        && hb.seconds_until(now) > NODE_HEARTBEAT_STALE_SECS
                    {
                        cx.push(
                            finding(
                                Health::Degraded,
                                Severity::Warning,
                                format!(
                                    "Node {name} heartbeat is {} old",
                                    format_duration(hb.seconds_until(now))
                                ),
                            )
                            .explained(
                                "The node status has not been refreshed for a long time; \
                                    this view of it may be stale.",
                            )
                            .cite(vec![format!("node {name}: lastHeartbeatTime = {hb}")])
                            .steps(vec![format!("kubectl describe node {name}")]),
                        );
                    }
                }
                Some(r) => {
                    let mut ev: Vec<String> = cond_cite(r)
                        .into_iter()
                        .map(|c| format!("node {name}: {c}"))
                        .collect();
                    if let Some(hb) = n.last_heartbeat() {
                        ev.push(format!("node {name}: lastHeartbeatTime = {hb}"));
                    }
                    cx.push(
                        finding(
                            Health::Broken,
                            Severity::Error,
                            format!("Node {name} NotReady"),
                        )
                        .explained(format!(
                            "{} The kubelet (and so virt-handler's view) on this node is \
                                not reporting.",
                            r.message()
                        ))
                        .cite(ev)
                        .steps(vec![format!("kubectl describe node {name}")]),
                    );
                }
                None => cx.push(finding(
                    Health::Unknown,
                    Severity::Info,
                    format!("Node {name} has no Ready condition"),
                )),
            }
            handler_heartbeat(cx, n);
            if n.is_cordoned() {
                cx.push(
                    finding(
                        Health::Healthy,
                        Severity::Info,
                        format!("Node {name} cordoned"),
                    )
                    .explained(
                        "spec.unschedulable is true: no new pods go there; a drain \
                            is likely in progress. Running VMs are not affected by the \
                            cordon itself.",
                    )
                    .cite(vec![format!("node {name}: spec.unschedulable = true")]),
                );
            }
        }
        None => {
            if node_name.is_some() {
                cx.missing
                    .push(format!("node {}", node_name.clone().unwrap_or_default()));
            }
        }
    }
}

/// What virt-handler reports on the VMI: phase Unknown, a reason, sync errors, I/O errors.
fn vmi_signals(cx: &mut Ctx<'_>, vmi: &Vmi) {
    let phase = vmi.phase().to_string();
    if phase == "Unknown" {
        let x = cx.explain(Topic::VmiPhase, "Unknown");
        cx.push(
            finding(
                Health::Unknown,
                Severity::Warning,
                "Phase Unknown (not set by KubeVirt v1.0+)",
            )
            .explained(x.meaning)
            .cite(vec!["status.phase = Unknown".into()])
            .steps(x.next_steps),
        );
    }
    if let Some(r) = vmi.status.reason.as_deref().filter(|r| !r.is_empty()) {
        let x = cx.explain(Topic::Reason, r);
        let title = if r == "NodeUnresponsive" && phase == "Failed" {
            format!(
                "virt-handler on {} stopped heartbeating; KubeVirt marked the VMI Failed",
                vmi.status.node_name.as_deref().unwrap_or("its node")
            )
        } else {
            x.title
        };
        cx.push(
            finding(
                if x.severity >= Severity::Error {
                    Health::Broken
                } else {
                    Health::Degraded
                },
                x.severity,
                title,
            )
            .explained(sentences(&x.meaning, &x.implies))
            .cite(vec![format!("status.reason = {r}")])
            .steps(x.next_steps),
        );
    }
    // virt-handler sync errors.
    if let Some(c) = vmi.condition("Synchronized").filter(|c| !c.is_true())
        && c.reason().trim() == "Synchronizing with the Domain failed."
    {
        let x = cx.explain(Topic::Reason, c.reason());
        let irrecoverable = c.message().contains(IRRECOVERABLE_MESSAGE);
        let title = if irrecoverable {
            "virt-handler destroyed the domain after a failed post-copy migration"
        } else {
            "virt-handler cannot sync the domain"
        };
        cx.push(
            finding(Health::Broken, Severity::Error, title)
                .explained(sentences(c.message(), &x.implies))
                .cite(cond_cite(c))
                .steps(x.next_steps),
        );
    } else if phase != "Failed" {
        let sync_failed = cx.warning_events("SyncFailed");
        if let Some(ev) = sync_failed.last() {
            cx.push(
                finding(
                    Health::Degraded,
                    Severity::Warning,
                    "virt-handler reported a sync failure",
                )
                .explained(ev.message().to_string())
                .cite(vec![format!("event SyncFailed: {}", ev.message())]),
            );
        }
    }
    if let Some(c) = vmi
        .condition("Paused")
        .filter(|c| c.is_true() && c.reason() == "PausedIOError")
    {
        let x = cx.explain(Topic::Reason, "PausedIOError");
        cx.push(
            finding(
                Health::Broken,
                Severity::Error,
                "Storage I/O error paused the guest",
            )
            .explained(x.meaning)
            .cite(cond_cite(c))
            .steps(x.next_steps),
        );
    }
}

/// The launcher pod's phase against the VMI's.
fn launcher_phase(cx: &mut Ctx<'_>, vmi: &Vmi, p: &Pod) {
    let phase = vmi.phase().to_string();
    let pp = p.phase().to_string();
    let ready = p.condition("Ready");
    let cites = vec![pcite(p, format!("status.phase = {pp}"))];
    match pp.as_str() {
        "Running" => launcher_running(cx, vmi, ready, cites),
        "Pending" => launcher_pending(cx, vmi, p, cites),
        "Failed" | "Succeeded" => {
            if phase == "Running" {
                cx.push(
                    contradiction(
                        Health::Broken,
                        format!("VMI Running but its launcher pod {pp}"),
                    )
                    .explained(
                        "The process that runs the guest has ended, yet the VMI \
                            still says Running: its status is stale or the guest is \
                            gone.",
                    )
                    .cite([cites.clone(), vec!["status.phase = Running".into()]].concat())
                    .steps(cx.explain(Topic::EventReason, "Stopped").next_steps),
                );
            } else {
                cx.push(
                    finding(
                        Health::Degraded,
                        Severity::Info,
                        format!("Launcher pod {pp}"),
                    )
                    .cite(cites.clone()),
                );
            }
        }
        other => cx.push(
            finding(
                Health::Unknown,
                Severity::Info,
                format!(
                    "Launcher pod phase {}",
                    if other.is_empty() { "unknown" } else { other }
                ),
            )
            .cite(cites.clone()),
        ),
    }
}

/// A running launcher pod: healthy with a running VMI, a contradiction otherwise.
fn launcher_running(cx: &mut Ctx<'_>, vmi: &Vmi, ready: Option<&Condition>, cites: Vec<String>) {
    let phase = vmi.phase().to_string();
    let vmi_running = phase == "Running";
    if vmi_running {
        let detail = if ready.is_some_and(Condition::is_true) {
            "The virt-launcher pod runs and is Ready."
        } else {
            "The virt-launcher pod runs (not Ready: paused guests fail the readiness gate)."
        };
        cx.push(
            finding(Health::Healthy, Severity::Info, "Launcher pod Running")
                .explained(detail)
                .cite(cites.clone()),
        );
    } else if matches!(phase.as_str(), "Failed" | "Succeeded") {
        cx.push(
            contradiction(
                Health::Degraded,
                format!("Launcher pod Running but the VMI is {phase}"),
            )
            .explained(
                "The pod should terminate when the VMI is final; it may be \
                    stuck terminating or its status is stale.",
            )
            .cite([cites.clone(), vec![format!("status.phase = {phase}")]].concat())
            .steps(cx.explain(Topic::VmiPhase, &phase).next_steps),
        );
    } else if phase == "Scheduled" {
        let long = vmi
            .phase_entered("Scheduled")
            .zip(cx.now)
            .is_some_and(|(a, b)| a.seconds_until(b) > SCHEDULED_WITHOUT_DOMAIN_SECS);
        let h = if long {
            Health::Broken
        } else {
            Health::Degraded
        };
        cx.push(
            contradiction(h, "Launcher pod Running but the VMI is not")
                .explained(
                    "The pod runs but the guest was not reported as running; \
                        virt-handler has not started the domain yet or cannot.",
                )
                .cite([cites.clone(), vec!["status.phase = Scheduled".into()]].concat())
                .steps(cx.explain(Topic::VmiPhase, "Scheduled").next_steps),
        );
    } else {
        cx.push(
            contradiction(Health::Degraded, "Launcher pod Running but the VMI is not")
                .explained(format!(
                    "The VMI is in phase {}.",
                    if phase.is_empty() { "(unset)" } else { &phase }
                ))
                .cite([cites.clone(), vec![format!("status.phase = {phase}")]].concat()),
        );
    }
}

/// A pending launcher pod: unschedulable, or waiting, and a contradiction with a running VMI.
fn launcher_pending(cx: &mut Ctx<'_>, vmi: &Vmi, p: &Pod, cites: Vec<String>) {
    let phase = vmi.phase().to_string();
    if let Some(c) = p.condition("PodScheduled").filter(|c| c.is_false()) {
        // Scheduling belongs to the control plane; the VMI usually carries it too.
        if vmi.condition("PodScheduled").is_none_or(|v| !v.is_false()) {
            cx.push(
                Finding::new(
                    Layer::ControlPlane,
                    Health::Broken,
                    Severity::Error,
                    "Launcher pod unschedulable",
                )
                .explained(c.message().to_string())
                .cite(vec![pcite(
                    p,
                    format!("status.conditions[PodScheduled].reason = {}", c.reason()),
                )])
                .steps(cx.explain(Topic::Reason, "Unschedulable").next_steps),
            );
        }
        cx.push(
            finding(
                Health::Unknown,
                Severity::Info,
                "No node yet: the launcher pod is not scheduled",
            )
            .cite(vec![pcite(p, "spec.nodeName unset".into())]),
        );
    } else {
        cx.push(
            finding(Health::Degraded, Severity::Info, "Launcher pod Pending").cite(cites.clone()),
        );
    }
    if phase == "Running" {
        cx.push(
            contradiction(
                Health::Broken,
                "VMI Running but its launcher pod is Pending",
            )
            .cite([cites.clone(), vec!["status.phase = Running".into()]].concat()),
        );
    }
}

/// A terminating launcher pod and failing or restarting containers.
fn launcher_problems(cx: &mut Ctx<'_>, p: &Pod) {
    if p.metadata.deletion_timestamp.is_some() {
        cx.push(
            finding(
                Health::Degraded,
                Severity::Warning,
                "Launcher pod terminating",
            )
            .cite(vec![pcite(p, "metadata.deletionTimestamp is set".into())]),
        );
    }
    for cs in &p.status.container_statuses {
        let cname = cs.name.as_deref().unwrap_or("?");
        if let Some(("waiting", Some(reason))) = cs.state_summary() {
            let bad = matches!(
                reason,
                "CrashLoopBackOff"
                    | "ErrImagePull"
                    | "ImagePullBackOff"
                    | "CreateContainerConfigError"
                    | "CreateContainerError"
                    | "InvalidImageName"
            );
            if bad {
                cx.push(
                    finding(
                        Health::Broken,
                        Severity::Error,
                        format!("Container {cname}: {reason}"),
                    )
                    .cite(vec![pcite(
                        p,
                        format!(
                            "status.containerStatuses[{cname}].state.waiting.reason = {reason}"
                        ),
                    )]),
                );
            }
        }
        if cname == "compute" && cs.restart_count.unwrap_or(0) > 0 {
            cx.push(
                finding(
                    Health::Degraded,
                    Severity::Warning,
                    format!(
                        "compute container restarted {} times",
                        cs.restart_count.unwrap_or(0)
                    ),
                )
                .cite(vec![pcite(
                    p,
                    format!(
                        "status.containerStatuses[compute].restartCount = {}",
                        cs.restart_count.unwrap_or(0)
                    ),
                )]),
            );
        }
    }
}

/// No launcher pod seen: missing evidence, or the VMI's Ready condition as a stand-in.
fn no_launcher(cx: &mut Ctx<'_>, vmi: &Vmi, node: Option<&Node>, stale: bool) {
    let phase = vmi.phase().to_string();
    let running = phase == "Running";
    if cx.e.coverage.pods && running && !stale {
        // Pods were given but not this VMI's: the dump may be partial, so this is missing
        // evidence rather than proof that the pod is gone.
        cx.push(
            finding(
                Health::Unknown,
                Severity::Info,
                "The VMI's launcher pod is not among the pods given",
            )
            .explained("Pods were included in the evidence but none is this VMI's active pod.")
            .cite(vec![format!(
                "status.activePods = {:?}",
                vmi.status.active_pods
            )])
            .steps(vec![
                cx.explain(Topic::VmiPhase, "Scheduling").next_steps[0].clone(),
            ]),
        );
    }
    {
        cx.missing.push("the virt-launcher pod".into());
        if running && !stale {
            if let Some(r) = vmi.condition("Ready").filter(|r| r.is_true()) {
                cx.push(
                    finding(
                        Health::Healthy,
                        Severity::Info,
                        "Launcher pod Ready (from the VMI's Ready condition)",
                    )
                    .explained(
                        "The pod itself was not seen; the VMI's Ready condition is copied from it.",
                    )
                    .cite(cond_cite(r)),
                );
            } else if node.is_none() {
                cx.push(
                    finding(
                        Health::Unknown,
                        Severity::Info,
                        "Launcher pod and node not seen",
                    )
                    .steps(vec![
                        cx.explain(Topic::VmiPhase, "Scheduling").next_steps[0].clone(),
                    ]),
                );
            }
        }
    }
}

/// Node NotReady (or unreachable) while the VMI still claims to run: the VMI status is stale.
pub(super) fn node_stale(cx: &mut Ctx<'_>, node: Option<&Node>) -> bool {
    let (Some(vmi), Some(node)) = (cx.vmi, node) else {
        return false;
    };
    let Some(ready) = node.ready() else {
        return false;
    };
    if ready.is_true() || !matches!(vmi.phase(), "Running" | "Scheduled") {
        return false;
    }
    let since = ready
        .last_transition_time
        .as_deref()
        .and_then(Timestamp::parse);
    let newest = vmi.newest_status_time();
    let mut evidence = cond_cite(ready)
        .into_iter()
        .map(|c| format!("node {}: {c}", node.metadata.name()))
        .collect::<Vec<_>>();
    evidence.push(format!("status.phase = {}", vmi.phase()));
    let older = match (newest, since) {
        (Some(n), Some(s)) if n < s => {
            evidence.push(format!(
                "newest VMI status time {n} is older than the node going NotReady at {s}"
            ));
            true
        }
        _ => false,
    };
    let hb = node.last_heartbeat();
    if let Some(h) = hb {
        evidence.push(format!("node {}: last heartbeat {h}", node.metadata.name()));
    }
    cx.push(
        Finding::contradiction(
            Layer::Guest,
            Health::Unknown,
            "VMI status is stale: its node is NotReady",
        )
        .explained(format!(
            "The VMI says {} but its node has been NotReady{}{}; \
                virt-handler there cannot update the status, so the guest's \
                real state is unknown.",
            vmi.phase(),
            since.map(|s| format!(" since {s}")).unwrap_or_default(),
            if older {
                " and the VMI status was last written before that"
            } else {
                ""
            }
        ))
        .cite(evidence)
        .steps(vec![format!(
            "kubectl describe node {}",
            node.metadata.name()
        )]),
    );
    true
}

/// virt-handler's own liveness on the node (`pkg/virt-handler/heartbeat/heartbeat.go`): the
/// annotation `kubevirt.io/heartbeat`, refreshed every minute, and the label
/// `kubevirt.io/schedulable`. virt-controller treats a heartbeat older than 5 min as an
/// unresponsive virt-handler (`isNodeUnresponsive`, `pkg/virt-controller/watch/node/node.go`).
fn handler_heartbeat(cx: &mut Ctx<'_>, n: &Node) {
    let name = n.metadata.name().to_string();
    let hb = n.handler_heartbeat();
    let schedulable = n.handler_schedulable().map(str::to_string);
    let (Some(hb), Some(now)) = (hb, cx.now) else {
        return;
    };
    let age = hb.seconds_until(now);
    let running = cx.vmi.is_some_and(|v| v.phase() == "Running");
    let mut cite = vec![format!(
        "node {name}: annotation kubevirt.io/heartbeat = {hb}"
    )];
    if let Some(s) = &schedulable {
        cite.push(format!("node {name}: label kubevirt.io/schedulable = {s}"));
    }
    if age > HANDLER_HEARTBEAT_TIMEOUT_SECS && running {
        cx.push(
            finding(
                Health::Broken,
                Severity::Error,
                format!(
                    "virt-handler on {name} stopped heartbeating {} ago: the VMI status is stale",
                    format_duration(age)
                ),
            )
            .explained(
                "The VMI keeps phase Running while its launcher pod is alive, but no \
                    virt-handler updates its status (alert OrphanedVirtualMachineInstances); \
                    new VMIs are not scheduled there (their launcher needs \
                    kubevirt.io/schedulable=true).",
            )
            .cite(cite)
            .steps(vec![format!(
                "kubectl get pods -n kubevirt -l kubevirt.io=virt-handler \
                    --field-selector spec.nodeName={name}"
            )]),
        );
    } else if age <= HANDLER_HEARTBEAT_TIMEOUT_SECS && schedulable.as_deref() == Some("false") {
        cx.push(
            finding(
                Health::Degraded,
                Severity::Info,
                format!("virt-handler on {name} is starting (kubevirt.io/schedulable=false)"),
            )
            .explained("Its device plugins are not initialised yet: a wait; no new VMIs go there.")
            .cite(cite),
        );
    }
}
