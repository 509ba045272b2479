//! The control-plane layer: virt-controller's view of the VMI (phase, scheduling, sync errors,
//! provisioning, DataVolumes, the VM's printableStatus).

use super::ctx::{Ctx, cond_cite, quoted, sentences};
use crate::explain::{Severity, Topic};
use crate::kube::Vmi;
use crate::kube::node::SCHEDULABLE_LABEL;
use crate::thresholds::{InPhase, handler_beat, in_phase};
use crate::time::format_duration;
use crate::verdict::{Finding, Health, Layer, Standing};

/// A finding about the ControlPlane layer.
fn finding(health: Health, severity: Severity, title: impl Into<String>) -> Finding {
    Finding::new(Layer::ControlPlane, health, severity, title)
}

/// The control plane: is the VMI processed by virt-controller, scheduled, synchronized?
pub(super) fn control_plane(cx: &mut Ctx<'_>) {
    let Some(vmi) = cx.vmi else {
        if cx.e.vm.is_some() {
            lone_vm(cx);
            return;
        }
        // What named the VMI when its object is not in the evidence: a migration, or (a pasted
        // log) only log lines.
        let from_kubectl = cx.e.signals.iter().any(|s| s.from.starts_with("a kubectl"));
        let named_by = if !cx.e.migrations.is_empty() {
            "a migration names"
        } else if from_kubectl {
            "kubectl output names"
        } else if !cx.e.signals.is_empty() {
            "log lines name"
        } else {
            "other objects or kubectl output name"
        };
        cx.missing
            .push(format!("the VMI itself (only {named_by} it)"));
        cx.push(
            finding(
                Health::Unknown,
                Severity::Warning,
                "VMI not in the evidence",
            )
            .explained(format!(
                "Only {named_by} this VMI; its own status is not known."
            ))
            .steps(vec![cx.steps(Topic::VmiPhase, "Running").swap_remove(0)]),
        );
        return;
    };
    let phase = vmi.phase();
    let pcite = vec![format!(
        "status.phase = {}",
        if phase.is_empty() { "\"\"" } else { phase }
    )];
    conditions(cx, vmi);
    vm_status(cx);
    phase_finding(cx, vmi, phase, pcite);
}

/// Deletion and the conditions virt-controller sets.
/// kube-scheduler's words for a node the pod's own required pod anti-affinity excludes
/// (`ErrReasonAntiAffinityRulesNotMatch`, `pkg/scheduler/framework/plugins/interpodaffinity/
/// filtering.go`). KubeVirt gives that anti-affinity to a migration's target pod, against the
/// pods of the same VMI (`createMigrationPodAntiAffinityRule`,
/// `pkg/virt-controller/watch/migration/migration.go`): a pod turned away by it is the target, so
/// the migration's finding about that pod, when the paste has one, explains this one.
const TARGET_ANTI_AFFINITY: &str = "didn't match pod anti-affinity rules";

fn conditions(cx: &mut Ctx<'_>, vmi: &Vmi) {
    if vmi.metadata.deletion_timestamp.is_some() {
        cx.push(
            finding(Health::Degraded, Severity::Info, "VMI is being deleted")
                .explained("metadata.deletionTimestamp is set.")
                .cite(vec![format!(
                    "metadata.deletionTimestamp = {}",
                    vmi.metadata.deletion_timestamp.as_deref().unwrap_or("")
                )])
                .remedy(crate::remedy::render(
                    crate::remedy::control_plane::DELETING,
                    &cx.subject,
                )),
        );
    }
    if let Some(c) = vmi.condition("PodScheduled").filter(|c| c.is_false()) {
        let x = cx.explain(Topic::Reason, c.reason());
        let mut detail = quoted(c.message(), &x.implies);
        let mut cites = cond_cite(c);
        if let Some((why, nodes)) = schedulable_selector(cx, c.message()) {
            detail = sentences(&detail, &why);
            cites.extend(nodes);
        }
        // No node fitting is the nodes'; the scheduler's own error or gate is the control
        // plane's: one rule with the paste readers (`crate::scheduling`).
        let mut f = Finding::new(
            crate::scheduling::pod_scheduled_false(c.reason()),
            Health::Broken,
            Severity::Error,
            format!("Launcher pod cannot be scheduled ({})", c.reason()),
        )
        .explained(detail)
        .cite(cites)
        .steps(x.next_steps)
        .remedy(cx.remedy(x.topic, &x.value));
        if c.message().contains(TARGET_ANTI_AFFINITY) {
            f.standing = Standing::Symptom(&[Layer::Migration]);
        }
        cx.push(f);
    }
    if let Some(c) = vmi.condition("Synchronized").filter(|c| !c.is_true())
        && c.reason().trim() != "Synchronizing with the Domain failed."
    {
        let x = cx.explain(Topic::Reason, c.reason());
        // Two sync "errors" are waits (`pkg/virt-controller/watch/vmi/lifecycle.go`, turned into
        // Synchronized=False by `CheckFailure`): an old migration still active, backend storage
        // pending.
        let wait = (c.reason() == "FailedCreate"
            && c.message().contains("active migration exists"))
            || c.reason() == "BackendStorageNotReady";
        let (health, severity, title) = if wait {
            (
                Health::Degraded,
                Severity::Info,
                format!("virt-controller waiting: {}", x.title),
            )
        } else {
            (
                Health::Broken,
                Severity::Error,
                format!("virt-controller sync error: {}", x.title),
            )
        };
        let mut f = finding(health, severity, title)
            .explained(quoted(c.message(), &x.meaning))
            .cite(cond_cite(c))
            .steps(x.next_steps)
            .remedy(cx.remedy(x.topic, &x.value));
        // FailedCreate relays the error of the launcher pod's rendering or creation
        // (`lifecycle.go`: "failed to render launch manifest: %v"): a known cause of another
        // layer in that error explains it (`diagnosis::causal`, RELAYS).
        if !wait && c.reason() == "FailedCreate" {
            f.standing = Standing::Symptom(super::causal::RELAYED_CAUSES);
        }
        cx.push(f);
    }
    if let Some(c) = vmi.condition("Provisioning").filter(|c| c.is_true()) {
        let x = cx.explain(Topic::ConditionType, "Provisioning");
        cx.push(
            finding(Health::Degraded, Severity::Info, x.title)
                .explained(x.meaning)
                .cite(cond_cite(c))
                .steps(x.next_steps)
                .remedy(cx.remedy(x.topic, &x.value)),
        );
    }
    if let Some(c) = vmi.condition("DataVolumesReady").filter(|c| c.is_false()) {
        let x = cx.explain(Topic::Reason, c.reason());
        cx.push(
            finding(Health::Degraded, Severity::Warning, "DataVolumes not ready")
                .explained(x.meaning)
                .cite(cond_cite(c))
                .steps(x.next_steps)
                .remedy(cx.remedy(x.topic, &x.value)),
        );
    }
    if let Some(c) = vmi.condition("MigrationRequired") {
        let x = cx.explain(Topic::ConditionType, "MigrationRequired");
        cx.push(
            finding(Health::Degraded, Severity::Warning, x.title)
                .explained(x.meaning)
                .cite(cond_cite(c))
                .steps(x.next_steps)
                .remedy(cx.remedy(x.topic, &x.value)),
        );
    }
    if let Some(c) = vmi.condition("HotMemoryChange").filter(|c| c.is_false()) {
        cx.push(
            finding(Health::Degraded, Severity::Warning, "Memory hotplug failed")
                .explained(c.message().to_string())
                .cite(cond_cite(c)),
        );
    }
}

/// A scheduler message saying nodes failed the launcher pod's node selector: every launcher pod
/// selects `kubevirt.io/schedulable=true` (`pkg/virt-controller/services/nodeselectorrenderer.go`),
/// which virt-handler sets false while its device plugins are not ready or as it shuts down
/// (`pkg/virt-handler/heartbeat/heartbeat.go`), and virt-controller after a stale heartbeat
/// (`markNodeAsUnresponsive`, `pkg/virt-controller/watch/node/node.go`). The sentence to add, and
/// the label and heartbeat of the nodes in the evidence.
pub(super) fn schedulable_selector(cx: &Ctx<'_>, message: &str) -> Option<(String, Vec<String>)> {
    let mismatch = [
        "didn't match Pod's node affinity/selector",
        "didn't match node selector",
    ]
    .iter()
    .any(|m| message.contains(m));
    if !mismatch {
        return None;
    }
    let mut cites = Vec::new();
    let mut off = Vec::new();
    for n in cx.e.nodes.iter().map(|o| &o.value) {
        let name = n.metadata.name();
        let beat = handler_beat(n, cx.now);
        let label = n.handler_schedulable();
        let mut c = format!(
            "node {name}: label {SCHEDULABLE_LABEL} = {}",
            label.unwrap_or("(absent)")
        );
        if let Some(b) = beat {
            c.push_str(&format!(", heartbeat {}", b.describe()));
        }
        cites.push(c);
        if label != Some("true") {
            let who = match beat {
                Some(b) if b.stale => "virt-controller marked it after a stale heartbeat",
                Some(b) if b.fresh() => "virt-handler there is starting or shutting down",
                _ if label.is_none() => "virt-handler does not run there",
                _ => "virt-handler or virt-controller set it",
            };
            off.push(format!("{name} ({who})"));
        }
    }
    let mut why = "The launcher pod's node selector includes kubevirt.io/schedulable=true, which \
        every launcher carries: a node labelled false has a virt-handler that is starting or \
        shutting down (device plugins not ready), or one whose heartbeat went stale \
        (virt-controller's markNodeAsUnresponsive). The VMI's own nodeSelector and affinity \
        count too."
        .to_string();
    if !off.is_empty() {
        why.push_str(&format!(
            " Not schedulable for VMIs here: {}.",
            off.join(", ")
        ));
    }
    Some((why, cites))
}

/// A VM whose VMI is not in the evidence: its printableStatus says what is known (the input
/// reads the same value as a signal with its layer, `input::vm_alone`; here it is named).
fn lone_vm(cx: &mut Ctx<'_>) {
    let ps =
        cx.e.vm
            .as_ref()
            .and_then(|o| o.value.status.printable_status.clone())
            .unwrap_or_default();
    cx.missing
        .push("the VMI itself (only its VirtualMachine is in the evidence)".into());
    let (title, detail, cite, steps) = if ps.is_empty() {
        (
            "VM without a status; its VMI is not in the evidence".to_string(),
            "The VirtualMachine has no printableStatus and its VMI is not in the paste.".into(),
            vec![],
            vec![cx.steps(Topic::VmiPhase, "Running").swap_remove(0)],
        )
    } else {
        let x = cx.explain(Topic::VmPrintableStatus, &ps);
        (
            format!("VM status {ps}; its VMI is not in the evidence"),
            format!(
                "The VM's status says: {} Its VMI is not in the paste, so the VMI's own phase and \
                 conditions are not known.",
                x.meaning
            ),
            vec![format!("vm.status.printableStatus = {ps}")],
            x.next_steps,
        )
    };
    cx.push(
        finding(Health::Unknown, Severity::Info, title)
            .explained(detail)
            .cite(cite)
            .steps(steps),
    );
}

/// The VM's printableStatus, when it says something is wrong.
fn vm_status(cx: &mut Ctx<'_>) {
    if let Some(vm) = cx.e.vm.as_ref().map(|o| &o.value)
        && let Some(ps) = vm.status.printable_status.as_deref()
    {
        // Most VMs say nothing wrong: their explanation is written only when one does.
        if crate::explain::severity(Topic::VmPrintableStatus, ps, &cx.subject) >= Severity::Error {
            let x = cx.explain(Topic::VmPrintableStatus, ps);
            // ErrorUnschedulable is the launcher's PodScheduled False (Unschedulable): the
            // layer of no node fitting (`crate::scheduling`), as the paste readers read it.
            let layer = if ps == "ErrorUnschedulable" {
                crate::scheduling::NO_NODE_FITS
            } else {
                Layer::ControlPlane
            };
            cx.push(
                Finding::new(
                    layer,
                    Health::Broken,
                    Severity::Error,
                    format!("VM status {ps}"),
                )
                .explained(x.meaning)
                .cite(vec![format!("vm.status.printableStatus = {ps}")])
                .steps(x.next_steps)
                .remedy(cx.remedy(x.topic, &x.value)),
            );
        }
    }
}

/// The phase: starting, stuck starting, processed, or an unexpected value.
fn phase_finding(cx: &mut Ctx<'_>, vmi: &Vmi, phase: &str, pcite: Vec<String>) {
    let since = vmi.phase_entered(phase).or_else(|| vmi.metadata.created());
    let InPhase {
        secs: waited,
        stuck,
    } = in_phase(since, cx.now);
    match phase {
        "" | "Pending" | "Scheduling" | "Scheduled" => {
            // The phase's explanation, looked up only where a finding quotes it.
            let px = cx.explain(Topic::VmiPhase, phase);
            let long = stuck;
            let health = if long {
                Health::Degraded
            } else {
                Health::Healthy
            };
            let detail = format!(
                "{}{}",
                px.meaning,
                waited
                    .map(|w| format!(" In this phase for {}.", format_duration(w)))
                    .unwrap_or_default()
            );
            let title = if long {
                format!(
                    "Stuck in {} for {}",
                    if phase.is_empty() {
                        "an unset phase"
                    } else {
                        phase
                    },
                    format_duration(waited.unwrap_or(0.0))
                )
            } else {
                format!("Starting: {}", px.title)
            };
            cx.push(
                finding(
                    health,
                    if long {
                        Severity::Warning
                    } else {
                        Severity::Info
                    },
                    title,
                )
                .explained(detail)
                .cite(pcite)
                .steps(px.next_steps)
                .remedy(cx.remedy(px.topic, &px.value)),
            );
        }
        "Running" | "Succeeded" | "Failed" | "Unknown" | "WaitingForSync" => {
            cx.push(
                finding(
                    Health::Healthy,
                    Severity::Info,
                    "Processed by the controllers",
                )
                .explained(format!("The VMI reached phase {phase}."))
                .cite(pcite),
            );
        }
        _ => {
            let px = cx.explain(Topic::VmiPhase, phase);
            cx.push(
                finding(Health::Degraded, Severity::Warning, px.title)
                    .explained(px.meaning)
                    .cite(pcite)
                    .steps(px.next_steps)
                    .remedy(cx.remedy(px.topic, &px.value)),
            )
        }
    }
}
