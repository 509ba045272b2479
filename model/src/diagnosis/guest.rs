//! The guest layer: phase, pause, readiness, the guest agent (connection, version, commands,
//! filesystems), access credentials and guest panics.

use super::ctx::{Ctx, cond_cite};
use crate::explain::{Severity, Topic};
use crate::kube::{GuestAgentAnswer, Pod, Vmi};
use crate::thresholds::GUEST_FS_FULL_RATIO;
use crate::verdict::{Finding, Health, Layer};

/// A finding about the Guest layer.
fn finding(health: Health, severity: Severity, title: impl Into<String>) -> Finding {
    Finding::new(Layer::Guest, health, severity, title)
}

/// A contradiction found in the Guest layer.
fn contradiction(health: Health, title: impl Into<String>) -> Finding {
    Finding::contradiction(Layer::Guest, health, title)
}

/// The guest layer: is the guest running, paused, Ready, and does its agent answer?
pub(super) fn guest(cx: &mut Ctx<'_>, pod: Option<&Pod>, stale: bool) {
    let Some(vmi) = cx.vmi else { return };
    let phase = vmi.phase();
    // The phase's citation, written only by a rule that cites it (not for a running guest).
    let pcite = || vec![format!("status.phase = {phase}")];
    if not_running(cx, vmi, phase, &pcite) || stale || paused(cx, vmi, pod, &pcite) {
        return;
    }
    if let Some(r) = vmi.condition("Ready").filter(|r| r.is_false()) {
        let x = cx.explain(Topic::Reason, r.reason());
        let (layer, whose) = not_ready_layer(r.reason());
        cx.push(
            Finding::new(
                layer,
                Health::Degraded,
                Severity::Warning,
                format!(
                    "Running but not Ready ({})",
                    if r.reason().is_empty() {
                        "no reason"
                    } else {
                        r.reason()
                    }
                ),
            )
            .explained(if x.meaning.is_empty() {
                whose.to_string()
            } else {
                format!("{} {whose}", x.meaning)
            })
            .cite(cond_cite(r))
            .steps(x.next_steps)
            .remedy(cx.remedy(x.topic, &x.value)),
        );
    }
    agent_connection(cx, vmi);
    agent_support(cx, vmi);
    other_signals(cx, vmi);
}

/// Whose fault a Running VMI's `Ready: False` is, by its reason. virt-controller sets the VMI's
/// Ready condition (`pkg/virt-controller/watch/vmi/lifecycle.go`, reasons from
/// `staging/src/kubevirt.io/api/core/v1/types.go`): `PodNotExists` when the launcher pod is
/// missing (the controllers have not (re)created it), `PodTerminating` when the pod is down or
/// going down, `GuestNotRunning` when the guest is not reported running; otherwise it copies the
/// launcher pod's own Ready condition (the kubelet's `ContainersNotReady`, `PodCompleted`, a
/// failing readiness probe): the launcher on its node.
fn not_ready_layer(reason: &str) -> (Layer, &'static str) {
    match reason {
        "PodNotExists" => (
            Layer::ControlPlane,
            "The launcher pod does not exist: the controllers have not (re)created it.",
        ),
        "GuestNotRunning" | "" => (Layer::Guest, "The guest is not reported running."),
        _ => (
            Layer::Node,
            "The launcher pod on the node is not Ready (its own Ready condition, copied).",
        ),
    }
}

pub(super) fn agent_was_there(vmi: &Vmi) -> Option<String> {
    if vmi.status.guest_os_info.is_filled() {
        return Some(format!(
            "status.guestOSInfo.name = {}",
            vmi.status
                .guest_os_info
                .name
                .as_deref()
                .or(vmi.status.guest_os_info.pretty_name.as_deref())
                .unwrap_or("(set)")
        ));
    }
    vmi.status
        .interfaces
        .iter()
        .find(|i| i.info_sources().contains(&"guest-agent"))
        .map(|i| {
            format!(
                "status.interfaces[{}].infoSource = {}",
                i.name.as_deref().unwrap_or(""),
                i.info_source.as_deref().unwrap_or("")
            )
        })
}

/// A guest that is not running: gone, unreachable, shut down or not started. True when it said so.
fn not_running(cx: &mut Ctx<'_>, vmi: &Vmi, phase: &str, pcite: &dyn Fn() -> Vec<String>) -> bool {
    // The citations are copied only by the arms that write a finding (not for Running).
    match phase {
        "Failed" => {
            let x = cx.explain(Topic::VmiPhase, "Failed");
            let crashed = cx
                .warning_events("Stopped")
                .first()
                .map(|e| e.message().to_string());
            let mut ev = pcite();
            if let Some(m) = &crashed {
                ev.push(format!("event Stopped (Warning): {m}"));
            }
            // virt-controller's node controller writes `status.reason = NodeUnresponsive` when
            // it fails the VMIs of a node whose virt-handler stopped heartbeating
            // (pkg/virt-controller/watch/node/node.go): the node is the cause, the guest's loss
            // its consequence (the node layer says so).
            let by_node = vmi.status.reason.as_deref() == Some("NodeUnresponsive");
            let (health, severity, title) = if by_node {
                (
                    Health::Degraded,
                    Severity::Warning,
                    "Guest is gone with its unresponsive node (phase Failed)",
                )
            } else {
                (
                    Health::Broken,
                    Severity::Critical,
                    "Guest is gone (phase Failed)",
                )
            };
            if by_node {
                ev.push("status.reason = NodeUnresponsive".into());
            }
            cx.push(
                finding(health, severity, title)
                    .explained(crate::explain::failed_case(vmi, crashed.as_deref()))
                    .cite(ev)
                    .steps(x.next_steps)
                    .remedy(cx.remedy(x.topic, &x.value)),
            );
            true
        }
        "Unknown" => {
            cx.push(
                finding(
                    Health::Unknown,
                    Severity::Warning,
                    "Guest state unknown: its host cannot be reached",
                )
                .explained("The guest may still run on the unreachable node or may be gone.")
                .cite(pcite()),
            );
            true
        }
        "Succeeded" if moved_to_other_cluster(vmi) => {
            cx.push(
                finding(
                    Health::Healthy,
                    Severity::Info,
                    "Moved to another cluster (decentralized migration completed)",
                )
                .explained(
                    "virt-handler marks the source VMI of a completed decentralized migration \
                        Succeeded (`migration-source.go`); the guest runs in the target cluster.",
                )
                .cite(
                    [
                        pcite(),
                        vec!["status.migrationState.completed = true".into()],
                    ]
                    .concat(),
                ),
            );
            true
        }
        "Succeeded" => {
            cx.push(
                finding(
                    Health::Unknown,
                    Severity::Info,
                    "Guest shut down (phase Succeeded)",
                )
                .explained(succeeded_restart(cx))
                .cite(pcite()),
            );
            true
        }
        "Running" => false,
        _ => {
            if vmi.is_paused() {
                let c = vmi.condition("Paused").cloned().unwrap_or_default();
                cx.push(
                    contradiction(
                        Health::Degraded,
                        format!(
                            "Paused while the phase is {}",
                            if phase.is_empty() { "unset" } else { phase }
                        ),
                    )
                    .explained("Pause is only set on running guests.")
                    .cite([cond_cite(&c), pcite()].concat()),
                );
            }
            cx.push(
                finding(
                    Health::Unknown,
                    Severity::Info,
                    format!(
                        "Guest not running yet (phase {})",
                        if phase.is_empty() { "unset" } else { phase }
                    ),
                )
                .cite(pcite()),
            );
            true
        }
    }
}

/// A paused guest, with the contradictions a pause creates. True when paused.
fn paused(cx: &mut Ctx<'_>, vmi: &Vmi, pod: Option<&Pod>, pcite: &dyn Fn() -> Vec<String>) -> bool {
    if let Some(c) = vmi.condition("Paused").filter(|c| c.is_true()) {
        let x = cx.explain(Topic::Reason, c.reason());
        // `pkg/virt-handler/vm.go`: a paused domain keeps phase Running; a user's pause is the
        // user's wish, and the migration monitor's pause is part of a migration in mode Paused.
        // Ready=False (ReadinessGatesNotReady) follows from either.
        let migrating_paused = c.reason() == "PausedByMigrationMonitor"
            && vmi
                .status
                .migration_state
                .as_ref()
                .is_some_and(|m| m.mode.as_deref() == Some("Paused"));
        if c.reason() == "PausedByUser" || migrating_paused {
            let title = if migrating_paused {
                "Paused by the migration monitor (migration mode Paused)".to_string()
            } else {
                "Paused by a user (intended)".to_string()
            };
            cx.push(
                finding(Health::Healthy, Severity::Info, title)
                    .explained(format!(
                        "{} The phase stays Running and Ready is False through the readiness \
                            gate kubevirt.io/virtual-machine-unpaused: both expected.",
                        x.meaning
                    ))
                    .cite([pcite(), cond_cite(c)].concat())
                    .steps(x.next_steps.clone())
                    .remedy(cx.remedy(x.topic, &x.value)),
            );
            return true;
        }
        if c.reason() == "PausedIOError" {
            // The I/O error is the node/launcher layer's finding (its storage); here only what
            // it does to the guest, without repeating its explanation and next steps.
            cx.push(
                finding(
                    Health::Broken,
                    Severity::Error,
                    "Guest paused by a storage I/O error (see node/launcher)",
                )
                .cite(cond_cite(c))
                .remedy(cx.remedy(Topic::Reason, "PausedIOError")),
            );
            return true;
        }
        let health = Health::Degraded;
        cx.push(
            finding(health, x.severity.max(Severity::Warning), x.title.clone())
                .explained(x.meaning.clone())
                .cite(cond_cite(&c.clone()))
                .steps(x.next_steps.clone())
                .remedy(cx.remedy(x.topic, &x.value)),
        );
        // The launcher pod keeps running (Ready=False through the readiness gate) for every
        // pause: no contradiction.
        let _ = pod;
        return true;
    }
    false
}

/// Whether the guest agent is connected or answered.
fn agent_connection(cx: &mut Ctx<'_>, vmi: &Vmi) {
    let agent = vmi.condition("AgentConnected").filter(|c| c.is_true());
    let answer = cx.e.guest_agent.as_ref().map(|o| &o.value);
    match (agent, answer) {
        (Some(c), _) => {
            cx.push(
                finding(Health::Healthy, Severity::Info, "Guest agent connected")
                    .explained(match vmi.status.guest_os_info.pretty_name.as_deref() {
                        // The guest's own name of its OS: a hole of its own, kept as data.
                        Some(n) => format!("The guest OS is up and its agent answers ({n})."),
                        None => "The guest OS is up and its agent answers.".to_string(),
                    })
                    .cite(cond_cite(c)),
            );
        }
        (None, Some(GuestAgentAnswer::Info(i)))
            if i.guest_agent_version.is_some() || !i.supported_commands.is_empty() =>
        {
            cx.push(
                finding(Health::Healthy, Severity::Info, "Guest agent answered")
                    .explained("The guestosinfo subresource returned data.")
                    .cite(vec![format!(
                        "guestosinfo.guestAgentVersion = {}",
                        i.guest_agent_version.as_deref().unwrap_or("?")
                    )]),
            );
        }
        _ => {
            let steps = cx.steps(Topic::ConditionType, "AgentConnected");
            if let Some(was) = agent_was_there(vmi) {
                cx.push(
                    contradiction(Health::Degraded, "Guest agent gone while the domain runs")
                        .explained(
                            "The agent reported earlier but AgentConnected is absent \
                            now: the guest may be hung, rebooting, or the agent stopped.",
                        )
                        .cite(vec![
                            "status.conditions[AgentConnected] absent".into(),
                            was,
                            "status.phase = Running".into(),
                        ])
                        .steps(steps),
                );
            } else {
                cx.push(
                    finding(
                        Health::Unknown,
                        Severity::Info,
                        "No guest agent: the guest OS cannot be observed",
                    )
                    .explained(
                        "Without qemu-guest-agent KubeVirt cannot tell whether the \
                            OS inside booted; guest IPs, OS info and users are missing.",
                    )
                    .cite(vec!["status.conditions[AgentConnected] absent".into()])
                    .steps(steps),
                );
            }
            if let Some(GuestAgentAnswer::NotConnected) = answer {
                cx.push(
                    finding(
                        Health::Unknown,
                        Severity::Info,
                        "guestosinfo: VMI does not have guest agent connected",
                    )
                    .cite(vec!["guestosinfo answered 409".into()]),
                );
            }
        }
    }
}

/// Whether the agent is supported, has the required commands, and the guest's filesystems.
fn agent_support(cx: &mut Ctx<'_>, vmi: &Vmi) {
    let answer = cx.e.guest_agent.as_ref().map(|o| &o.value);
    if let Some(c) = vmi
        .condition("AgentVersionNotSupported")
        .filter(|c| c.is_true())
    {
        let x = cx.explain(Topic::Reason, c.reason());
        let title = if x.known {
            x.title.clone()
        } else {
            "Guest agent not supported".to_string()
        };
        cx.push(
            finding(Health::Degraded, Severity::Warning, title)
                .explained(if x.known {
                    x.meaning
                } else {
                    c.reason().to_string()
                })
                .cite(cond_cite(c))
                .steps(x.next_steps)
                .remedy(cx.remedy(x.topic, &x.value)),
        );
    }
    if let Some(GuestAgentAnswer::Info(i)) = answer {
        let missing = i.missing_required_commands();
        if !missing.is_empty() {
            cx.push(
                finding(
                    Health::Degraded,
                    Severity::Warning,
                    "Guest agent lacks required commands",
                )
                .explained(missing.join(", "))
                .cite(vec!["guestosinfo.supportedCommands".into()])
                .remedy(crate::remedy::render(
                    crate::remedy::guest::AGENT,
                    &cx.subject,
                )),
            );
        }
        for fs in &i.fs_info.disks {
            if let (Some(u), Some(t)) = (fs.used_bytes, fs.total_bytes)
                && t > 0.0
                && u / t > GUEST_FS_FULL_RATIO
            {
                let mp = fs.mount_point.as_deref().unwrap_or("?");
                cx.push(
                    finding(
                        Health::Degraded,
                        Severity::Warning,
                        format!("Guest filesystem {mp} {:.0}% full", u / t * 100.0),
                    )
                    .cite(vec![format!(
                        "guestosinfo.fsInfo.disks[{mp}].usedBytes = {u}"
                    )])
                    .remedy(crate::remedy::alerts::for_alert(
                        "GuestFilesystemAlmostOutOfSpace",
                        &cx.subject,
                    )),
                );
            }
        }
    }
}

/// Access credentials and guest panics.
fn other_signals(cx: &mut Ctx<'_>, vmi: &Vmi) {
    if let Some(c) = vmi
        .condition("AccessCredentialsSynchronized")
        .filter(|c| c.is_false())
    {
        cx.push(
            finding(
                Health::Degraded,
                Severity::Warning,
                "Access credentials not applied",
            )
            .explained(c.message().to_string())
            .cite(cond_cite(c))
            .remedy(crate::remedy::render(
                crate::remedy::guest::ACCESS_CREDENTIALS,
                &cx.subject,
            )),
        );
    }
    let panics: f64 =
        cx.e.metrics
            .iter()
            .filter(|s| s.name == "kubevirt_vmi_guest_os_panic_total")
            .map(|s| s.value)
            .sum();
    if panics > 0.0 {
        cx.push(
            finding(
                Health::Degraded,
                Severity::Warning,
                format!("Guest OS panicked ({panics:.0})"),
            )
            .cite(vec![format!(
                "kubevirt_vmi_guest_os_panic_total = {panics}"
            )])
            .remedy(crate::remedy::alerts::for_alert(
                "VMNonRecoverableOSPanic",
                &cx.subject,
            )),
        );
    }
}

/// What follows a Succeeded VMI, by the VM's run strategy (`pkg/virt-controller/watch/vm/vm.go`:
/// RerunOnFailure restarts only a Failed VMI).
fn succeeded_restart(cx: &Ctx<'_>) -> String {
    let rs = cx.e.vm.as_ref().and_then(|o| o.value.run_strategy());
    match rs.as_deref() {
        Some("RerunOnFailure") => "The guest stopped normally. Run strategy RerunOnFailure: it \
            will not restart (only a Failed VMI is restarted)."
            .into(),
        Some("Always") => {
            "The guest stopped normally. Run strategy Always starts a new VMI.".into()
        }
        Some(r) => format!("The guest stopped normally. Run strategy {r}: it stays stopped."),
        None => "The guest stopped normally.".into(),
    }
}

/// The source VMI of a completed, not failed decentralized migration.
fn moved_to_other_cluster(vmi: &Vmi) -> bool {
    vmi.status
        .migration_state
        .as_ref()
        .is_some_and(|m| m.is_decentralized() && m.is_completed() && !m.is_failed())
}
