//! The node/launcher layer: the node (Ready, heartbeat, cordon), virt-handler's sync errors and
//! I/O errors, the virt-launcher pod and its containers. virt-handler's own liveness (its
//! heartbeat, a stale VMI status) is judged apart from the kubelet's, in `handler`.

use super::control_plane::schedulable_selector;
use super::ctx::{Ctx, cond_cite, quoted, sentences};
use super::handler::{beside_kubelet_down, handler_heartbeat};
use crate::explain::{Severity, Topic};
use crate::kube::{Node, Pod, Vmi};
use crate::migration::IRRECOVERABLE_MESSAGE;
use crate::thresholds::{NODE_HEARTBEAT_STALE_SECS, SCHEDULED_WITHOUT_DOMAIN_SECS};
use crate::time::format_duration;
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
    let node_name = vmi.status.node_name.as_deref().filter(|n| !n.is_empty());
    node_state(cx, node, node_name);
    vmi_signals(cx, vmi);
    match pod {
        Some(p) => {
            launcher_phase(cx, vmi, p, node);
            launcher_problems(cx, vmi, p);
        }
        None => no_launcher(cx, vmi, node, stale),
    }
}

fn pcite(p: &Pod, what: String) -> String {
    format!("pod {}: {what}", p.metadata.name())
}

/// `pod <name>: status.phase = <phase>`, written at once (every launcher pod is cited so).
fn phase_pcite(p: &Pod, phase: &str) -> String {
    let name = p.metadata.name();
    let mut s = String::with_capacity(name.len() + phase.len() + 24);
    for part in ["pod ", name, ": status.phase = ", phase] {
        s.push_str(part);
    }
    s
}

/// The node: Ready, heartbeat, cordon.
fn node_state(cx: &mut Ctx<'_>, node: Option<&Node>, node_name: Option<&str>) {
    match node {
        Some(n) => {
            let name = n.metadata.name();
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
                    // The kubelet's Ready says nothing about virt-handler, which writes its
                    // own heartbeat: with a fresh one the VMI is still managed.
                    let (beside, handler_up) = beside_kubelet_down(cx, n);
                    let mut steps = vec![format!("kubectl describe node {name}")];
                    if handler_up == Some(true) {
                        steps.push(format!(
                            "virtctl migrate {} -n {}",
                            cx.e.key.name, cx.e.key.namespace
                        ));
                    }
                    cx.push(
                        finding(
                            if handler_up == Some(true) {
                                Health::Degraded
                            } else {
                                Health::Broken
                            },
                            Severity::Error,
                            format!("Node {name} NotReady"),
                        )
                        .explained(quoted(r.message(), &beside))
                        .cite(ev)
                        .steps(steps)
                        .remedy(crate::remedy::render(
                            crate::remedy::node::NODE_DOWN,
                            &cx.subject,
                        )),
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
            if let Some(name) = node_name {
                cx.missing.push(format!("node {name}"));
            }
        }
    }
}

/// What virt-handler reports on the VMI: phase Unknown, a reason, sync errors, I/O errors.
fn vmi_signals(cx: &mut Ctx<'_>, vmi: &Vmi) {
    let phase = vmi.phase();
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
            .steps(x.next_steps)
            .remedy(cx.remedy(x.topic, &x.value)),
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
            .steps(x.next_steps)
            .remedy(cx.remedy(x.topic, &x.value)),
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
                .explained(quoted(c.message(), &x.implies))
                .cite(cond_cite(c))
                .steps(x.next_steps)
                .remedy(cx.remedy(x.topic, &x.value)),
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
            .steps(x.next_steps)
            .remedy(cx.remedy(x.topic, &x.value)),
        );
    }
}

/// The launcher pod's phase against the VMI's.
fn launcher_phase(cx: &mut Ctx<'_>, vmi: &Vmi, p: &Pod, node: Option<&Node>) {
    let phase = vmi.phase();
    let pp = p.phase();
    let cites = vec![phase_pcite(p, pp)];
    match pp {
        "Running" => launcher_running(cx, vmi, p, node, cites),
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
                    .steps(cx.steps(Topic::EventReason, "Stopped"))
                    .remedy(cx.remedy(Topic::EventReason, "Stopped")),
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

/// Why a Running launcher pod is not Ready, from what the evidence shows: the readiness gate
/// `kubevirt.io/virtual-machine-unpaused` of a paused guest (`lifecycle.go`
/// `syncPausedConditionToPod`, gate from `pkg/virt-controller/services/template.go`), the node
/// lifecycle controller that marks the pods of a NotReady node not Ready, or a failing readiness
/// probe (the VMI's `spec.readinessProbe` is the compute container's, `rendercontainer.go`).
fn not_ready_why(vmi: &Vmi, p: &Pod, node: Option<&Node>) -> String {
    let gate = p
        .condition("kubevirt.io/virtual-machine-unpaused")
        .is_some_and(|c| c.is_false());
    if gate || vmi.is_paused() {
        return "not Ready: the guest is paused, and a paused guest fails the readiness gate \
            kubevirt.io/virtual-machine-unpaused"
            .into();
    }
    if let Some(n) = node.filter(|n| n.ready().is_some_and(|r| !r.is_true())) {
        return format!(
            "not Ready: its node {} is NotReady, and the node lifecycle controller marks the \
                pods of a NotReady node not Ready",
            n.metadata.name()
        );
    }
    let unready: Vec<&str> = p
        .status
        .container_statuses
        .iter()
        .filter(|c| c.ready == Some(false))
        .filter_map(|c| c.name.as_deref())
        .collect();
    if !unready.is_empty() {
        return format!(
            "not Ready: container {} is not ready (starting, or its readiness probe fails; the \
                VMI's spec.readinessProbe runs in the compute container)",
            unready.join(", ")
        );
    }
    "not Ready: a paused guest (readiness gate), a NotReady node (node lifecycle controller) \
        or a failing readiness probe"
        .into()
}

/// A running launcher pod against the VMI's phase. `lifecycle.go` (`updateStatus`) keeps the
/// VMI Scheduling while its pod runs but is not Ready and sets Scheduled when the pod is Ready;
/// virt-handler then starts the domain and sets Running. Neither is a contradiction.
fn launcher_running(cx: &mut Ctx<'_>, vmi: &Vmi, p: &Pod, node: Option<&Node>, cites: Vec<String>) {
    let phase = vmi.phase();
    let ready = p.condition("Ready").is_some_and(|c| c.is_true());
    // The pod's citations and the VMI's phase, written only by the arms that cite both (not
    // for a Running VMI, the common case).
    let with_phase = |cites: &[String]| {
        let mut v = cites.to_vec();
        v.push(format!("status.phase = {phase}"));
        v
    };
    match phase {
        "Running" => {
            let detail = if ready {
                "The virt-launcher pod runs and is Ready.".to_string()
            } else {
                format!(
                    "The virt-launcher pod runs ({}).",
                    not_ready_why(vmi, p, node)
                )
            };
            cx.push(
                finding(Health::Healthy, Severity::Info, "Launcher pod Running")
                    .explained(detail)
                    .cite(cites),
            );
        }
        "Failed" | "Succeeded" if p.metadata.deletion_timestamp.is_some() => {
            // The VMI ended; its launcher pod is being torn down (`lifecycle.go`).
            cx.push(
                finding(
                    Health::Healthy,
                    Severity::Info,
                    format!("Launcher pod terminating after the VMI {phase}"),
                )
                .explained("The teardown of an ended VMI: its pod is on its way out.")
                .cite(with_phase(&cites)),
            );
        }
        "Failed" | "Succeeded" => cx.push(
            contradiction(
                Health::Degraded,
                format!("Launcher pod Running but the VMI is {phase}"),
            )
            .explained(
                "The pod should terminate when the VMI is final; it may be \
                    stuck terminating or its status is stale.",
            )
            .cite(with_phase(&cites))
            .steps(cx.steps(Topic::VmiPhase, phase))
            .remedy(cx.remedy(Topic::VmiPhase, phase)),
        ),
        "Scheduling" => {
            let detail = if ready {
                "The pod is Ready: virt-controller hands the VMI over to virt-handler \
                    (phase Scheduled) at its next sync."
                    .to_string()
            } else {
                format!(
                    "The pod runs but is {}; the VMI stays Scheduling until it is Ready.",
                    not_ready_why(vmi, p, node)
                )
            };
            cx.push(
                finding(
                    Health::Healthy,
                    Severity::Info,
                    "Launcher pod Running, the VMI Scheduling",
                )
                .explained(detail)
                .cite(with_phase(&cites)),
            );
        }
        "Scheduled" => {
            let waited = vmi
                .phase_entered("Scheduled")
                .zip(cx.now)
                .map(|(a, b)| a.seconds_until(b));
            match waited.filter(|w| *w > SCHEDULED_WITHOUT_DOMAIN_SECS) {
                Some(w) => cx.push(
                    finding(
                        Health::Broken,
                        Severity::Error,
                        format!(
                            "virt-handler has not started the domain in {}",
                            format_duration(w)
                        ),
                    )
                    .explained(
                        "The launcher pod is Ready and the VMI Scheduled, but virt-handler has \
                            not reported the guest running: it cannot start the domain or does \
                            not run.",
                    )
                    .cite(with_phase(&cites))
                    .steps(cx.steps(Topic::VmiPhase, "Scheduled"))
                    .remedy(cx.remedy(Topic::VmiPhase, "Scheduled")),
                ),
                None => cx.push(
                    finding(
                        Health::Healthy,
                        Severity::Info,
                        "Launcher pod Running, the VMI Scheduled",
                    )
                    .explained(
                        "The pod is Ready and virt-handler is starting the domain; the VMI \
                            turns Running when it runs.",
                    )
                    .cite(with_phase(&cites)),
                ),
            }
        }
        _ => cx.push(
            contradiction(Health::Degraded, "Launcher pod Running but the VMI is not")
                .explained(format!(
                    "The VMI is in phase {}.",
                    if phase.is_empty() { "(unset)" } else { phase }
                ))
                .cite(with_phase(&cites)),
        ),
    }
}

/// A pending launcher pod: unschedulable, or waiting, and a contradiction with a running VMI.
fn launcher_pending(cx: &mut Ctx<'_>, vmi: &Vmi, p: &Pod, cites: Vec<String>) {
    let phase = vmi.phase().to_string();
    if let Some(c) = p.condition("PodScheduled").filter(|c| c.is_false()) {
        // No node fitting is the nodes', the scheduler's own error the control plane's
        // (`crate::scheduling`, shared with the paste readers); the VMI usually carries it too.
        if vmi.condition("PodScheduled").is_none_or(|v| !v.is_false()) {
            let mut why = String::new();
            let mut cites = vec![pcite(
                p,
                format!("status.conditions[PodScheduled].reason = {}", c.reason()),
            )];
            if let Some((w, nodes)) = schedulable_selector(cx, c.message()) {
                why = w;
                cites.extend(nodes);
            }
            // The scheduler's own message, quoted, then what Strata reads into it.
            let detail = quoted(c.message(), &why);
            cx.push(
                Finding::new(
                    crate::scheduling::pod_scheduled_false(c.reason()),
                    Health::Broken,
                    Severity::Error,
                    "Launcher pod unschedulable",
                )
                .explained(detail)
                .cite(cites)
                .steps(cx.steps(Topic::Reason, "Unschedulable"))
                .remedy(cx.remedy(Topic::Reason, "Unschedulable")),
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
            finding(Health::Degraded, Severity::Info, "Launcher pod Pending")
                .cite(cites.clone())
                .remedy(crate::remedy::render(
                    crate::remedy::node::LAUNCHER_PENDING,
                    &cx.subject,
                )),
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

/// A terminating launcher pod and failing or restarting containers. The pod of an ended VMI
/// terminating is its teardown, said by [`launcher_running`] or the pod's own final phase.
fn launcher_problems(cx: &mut Ctx<'_>, vmi: &Vmi, p: &Pod) {
    let ended = matches!(vmi.phase(), "Failed" | "Succeeded");
    if p.metadata.deletion_timestamp.is_some() && !ended {
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
            .steps(vec![cx.steps(Topic::VmiPhase, "Scheduling").swap_remove(0)]),
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
                    .steps(vec![cx.steps(Topic::VmiPhase, "Scheduling").swap_remove(0)]),
                );
            }
        }
    }
}
