//! The migration layer's findings: a failure or blocker, convergence, post-copy and paused modes,
//! the abort, success, a long wait in a pending phase, and an unknown phase.

use super::failure::{Failed, target_pod_waits};
use super::progress::describe_progress;
use super::report::{AbortState, FailureKind, Outcome, Plane, Progress};
use super::seen::Seen;
use crate::explain::{Explanation, Severity, Topic, explain};
use crate::thresholds::{InPhase, in_phase};
use crate::time::format_duration;
use crate::units::human_rate;
use crate::verdict::{Finding, Health, Layer};

/// What the interpretation found, for the findings to speak about.
pub(super) struct Found<'a> {
    pub abort: AbortState,
    pub progress: Option<&'a Progress>,
    pub failed: &'a Failed,
    pub outcome: Outcome,
}

fn finding(health: Health, severity: Severity, title: impl Into<String>) -> Finding {
    Finding::new(Layer::Migration, health, severity, title)
}

/// Every finding about this migration, in report order.
pub(super) fn findings(s: &Seen<'_>, f: &Found<'_>) -> Vec<Finding> {
    let phase_x = explain(Topic::VmimPhase, &s.phase, &s.subject);
    let mut out = Vec::new();
    // The cause first: `completed` with `failed` is how KubeVirt records any failure, a note
    // next to a known cause.
    out.extend(failure(s, f, &phase_x));
    out.extend(completed_and_failed(s, f));
    out.extend(convergence(s, f, &phase_x));
    out.extend(mode(s, f));
    out.extend(abort(s, f));
    out.extend(succeeded(s, f));
    out.extend(pending(s, f, &phase_x));
    out.extend(in_progress_without_metrics(s, f));
    if !phase_x.known && s.vmim.is_some() {
        out.push(
            finding(Health::Unknown, Severity::Warning, phase_x.title.clone())
                .explained(phase_x.meaning.clone())
                .cite(vec![format!("vmim.status.phase = {}", s.phase)])
                .steps(phase_x.next_steps.clone()),
        );
    }
    out
}

fn completed_and_failed(s: &Seen<'_>, f: &Found<'_>) -> Option<Finding> {
    let both = s.ms.is_some_and(|m| m.is_completed() && m.is_failed());
    let cause_known = f.failed.failure.is_some();
    (both && f.outcome != Outcome::Aborted).then(|| {
        let (health, severity) = if cause_known {
            (Health::Healthy, Severity::Info)
        } else {
            (Health::Degraded, Severity::Warning)
        };
        finding(
            health,
            severity,
            "completed=true together with failed=true: the migration failed",
        )
        .explained("`completed` only says the migration ended; `failed` says it did not succeed.")
        .cite(vec![s.cite("completed", true), s.cite("failed", true)])
    })
}

fn failure_title(kind: &FailureKind) -> &'static str {
    match kind {
        FailureKind::ResourceQuota => "Migration rejected by ResourceQuota",
        FailureKind::TargetUnschedulable => "Migration target pod unschedulable",
        FailureKind::UtilityVolumes => "Migration blocked by utility volumes",
        FailureKind::Backup => "Migration blocked by a backup",
        FailureKind::Policy => "Migration blocked by policy",
        FailureKind::Backoff => "Migration waiting out the back-off after failed migrations",
        FailureKind::TargetNotReady => "Migration target pod not Ready",
        FailureKind::NoConvergence => "Migration did not converge",
        FailureKind::PostCopyBroken => "Post-copy migration broke",
        FailureKind::ProxyOrSocket => "Migration connection (proxy/socket) failed",
        FailureKind::TargetDomainSlow => "Target domain did not come up in time",
        FailureKind::TargetPodGone => "Target pod went away",
        FailureKind::Aborted => "Migration aborted",
        FailureKind::VmiGone => "VMI went away during the migration",
        FailureKind::VmiLost => "VM lost during the migration",
        FailureKind::Other => "Migration failed",
    }
}

fn failure(s: &Seen<'_>, f: &Found<'_>, phase_x: &Explanation) -> Option<Finding> {
    let failure = &f.failed.failure;
    if f.failed.irrecoverable {
        return Some(
            finding(
                Health::Broken,
                Severity::Critical,
                "Post-copy migration failed: the VM is irrecoverable",
            )
            .explained(concat!(
                "The guest had already switched to the target when the migration broke; its ",
                "memory was split between nodes, so virt-handler destroyed it and the VMI went ",
                "to Failed. The run strategy decides whether it is restarted."
            ))
            .cite(
                failure
                    .as_ref()
                    .map(|f| f.evidence.clone())
                    .unwrap_or_default(),
            )
            .steps(explain(Topic::MigrationMode, "PostCopy", &s.subject).next_steps)
            .remedy(crate::remedy::migration::for_cause(
                "irrecoverable",
                &s.subject,
            )),
        );
    }
    let fail = failure.as_ref().filter(|_| f.outcome != Outcome::Aborted)?;
    let health = match f.outcome {
        // A back-off is a wait (20 s, doubling), not a block.
        _ if fail.kind == FailureKind::Backoff => Health::Degraded,
        Outcome::Failed if fail.kind == FailureKind::VmiLost => Health::Broken,
        Outcome::Failed => Health::Degraded,
        Outcome::Pending | Outcome::InProgress | Outcome::Unknown => Health::Broken,
        _ => Health::Degraded,
    };
    let title = if f.failed.timeout_abort {
        "Migration did not converge: aborted by the progress/completion timeout"
    } else if f
        .failed
        .pending_timeout
        .as_deref()
        .is_some_and(|m| m.starts_with("pending"))
    {
        "Target pod pending for 15 min; KubeVirt deleted it (migration failed)"
    } else if f.failed.pending_timeout.is_some() && fail.kind == FailureKind::TargetUnschedulable {
        "Target pod unschedulable for 5 min; KubeVirt deleted it (migration failed)"
    } else {
        failure_title(&fail.kind)
    };
    let plane = match fail.plane {
        Plane::ControlPlane => "control plane (before any data moved)",
        Plane::DataPlane => "data plane (while transferring)",
        Plane::Unknown => "unknown plane",
    };
    let title = if f.outcome == Outcome::Failed && !title.contains("fail") {
        format!("{title} (migration failed)")
    } else {
        title.to_string()
    };
    let severity = if health == Health::Broken {
        Severity::Error
    } else {
        Severity::Warning
    };
    Some(
        finding(health, severity, title)
            .explained(format!("{}; {plane}.", fail.reason))
            .cite(fail.evidence.clone())
            .steps(phase_x.next_steps.clone())
            .remedy(crate::remedy::migration::for_cause(
                if f.failed.timeout_abort {
                    "timeout_abort"
                } else {
                    fail.kind.as_str()
                },
                &s.subject,
            )),
    )
}

fn convergence(s: &Seen<'_>, f: &Found<'_>, phase_x: &Explanation) -> Option<Finding> {
    let p = f.progress.filter(|_| f.outcome == Outcome::InProgress)?;
    if p.converging != Some(false) {
        return Some(
            finding(Health::Healthy, Severity::Info, "Migration progressing")
                .explained(describe_progress(p))
                .cite(vec!["kubevirt_vmi_migration_data_remaining_bytes".into()]),
        );
    }
    let rates = match (p.transfer_rate_bytes_per_sec, p.dirty_rate_bytes_per_sec) {
        (Some(t), Some(d)) => format!(
            "dirty rate {} ≥ transfer rate {}",
            human_rate(d),
            human_rate(t)
        ),
        _ => "data remaining does not shrink".into(),
    };
    let allow_post =
        s.ms.and_then(|m| m.configuration())
            .and_then(|c| c.allow_post_copy)
            == Some(true);
    let then = if allow_post {
        "Post-copy is allowed, so KubeVirt can switch to PostCopy."
    } else {
        concat!(
            "Without post-copy or auto-converge it will hit the progress/completion timeout ",
            "and be aborted."
        )
    };
    Some(
        finding(
            Health::Degraded,
            Severity::Warning,
            "Migration is not converging",
        )
        .explained(format!(
            "{rates}: the guest writes memory faster than it can be copied. {then}"
        ))
        .cite(vec![
            "kubevirt_vmi_migration_dirty_memory_rate_bytes".into(),
            "kubevirt_vmi_migration_memory_transfer_rate_bytes".into(),
        ])
        .steps(phase_x.next_steps.clone())
        .remedy(crate::remedy::migration::for_cause(
            "not_converging",
            &s.subject,
        )),
    )
}

fn mode(s: &Seen<'_>, f: &Found<'_>) -> Option<Finding> {
    if f.outcome != Outcome::InProgress {
        return None;
    }
    match s.mode.as_deref() {
        Some("PostCopy") => Some(
            finding(Health::Degraded, Severity::Warning, "Running in post-copy")
                .explained(concat!(
                    "The guest runs on the target and fetches missing pages from the source; a ",
                    "network or node failure now loses the VM."
                ))
                .cite(vec![s.cite("mode", "PostCopy")])
                .remedy(crate::remedy::migration::for_cause("post_copy", &s.subject)),
        ),
        Some("Paused") => Some(
            finding(
                Health::Degraded,
                Severity::Warning,
                "Guest paused to let the migration converge",
            )
            .explained("The migration monitor paused the guest on the source (mode Paused).")
            .cite(vec![s.cite("mode", "Paused")])
            .remedy(crate::remedy::migration::for_cause("paused", &s.subject)),
        ),
        _ => None,
    }
}

fn abort(s: &Seen<'_>, f: &Found<'_>) -> Option<Finding> {
    match f.abort {
        AbortState::Failed => Some(
            finding(Health::Degraded, Severity::Error, "Abort failed")
                .explained(concat!(
                    "An abort was requested but did not take effect; the migration may still ",
                    "complete or fail by itself."
                ))
                .cite(vec![s.cite("abortStatus", "Failed")])
                .steps(explain(Topic::AbortStatus, "Failed", &s.subject).next_steps)
                .remedy(crate::remedy::migration::for_cause(
                    "abort_failed",
                    &s.subject,
                )),
        ),
        AbortState::Succeeded if f.outcome != Outcome::Aborted => None,
        AbortState::Succeeded => Some(
            finding(
                Health::Healthy,
                Severity::Info,
                "Migration aborted as requested",
            )
            .explained("The VM stays on the source node.")
            .cite(vec![s.cite("abortStatus", "Succeeded")]),
        ),
        AbortState::Aborting | AbortState::Requested => {
            let cite = if f.abort == AbortState::Aborting {
                s.cite("abortStatus", "Aborting")
            } else {
                "abort requested (abortRequested / migrationAbortRequested / VMIM deleted)".into()
            };
            Some(
                finding(Health::Degraded, Severity::Info, "Abort in progress")
                    .explained("An abort was requested; the migration should stop soon.")
                    .cite(vec![cite]),
            )
        }
        AbortState::NotRequested => None,
    }
}

fn succeeded(s: &Seen<'_>, f: &Found<'_>) -> Option<Finding> {
    (f.outcome == Outcome::Succeeded).then(|| {
        let target =
            s.ms.and_then(|m| m.target_node.as_deref())
                .unwrap_or("the target node");
        finding(Health::Healthy, Severity::Info, "Migration succeeded")
            .explained(format!("The VM moved to {target}."))
            .cite(vec![if s.vmim.is_some() {
                "vmim.status.phase = Succeeded".into()
            } else {
                s.cite("completed", true)
            }])
    })
}

fn pending(s: &Seen<'_>, f: &Found<'_>, phase_x: &Explanation) -> Option<Finding> {
    if f.outcome != Outcome::Pending || f.failed.failure.is_some() {
        return None;
    }
    let phase = &s.phase;
    let since = s
        .vmim
        .and_then(|m| m.phase_entered(phase).or(m.metadata.created()));
    let InPhase {
        secs: waited,
        stuck: long,
    } = in_phase(since, s.ctx.now);
    let (health, severity) = if long {
        (Health::Degraded, Severity::Warning)
    } else {
        (Health::Healthy, Severity::Info)
    };
    let waited = waited
        .map(|w| format!(" For {}.", format_duration(w)))
        .unwrap_or_default();
    // Scheduling lasts until the target pod is Ready: say what it waits for.
    let target = target_pod_waits(s)
        .map(|(pod, waits)| {
            let w: Vec<String> = waits.iter().map(|(c, r)| format!("{c}: {r}")).collect();
            if w.is_empty() {
                format!(" Target pod {pod} is scheduled, not Ready yet.")
            } else {
                format!(" Target pod {pod} is not Ready yet ({}).", w.join(", "))
            }
        })
        .unwrap_or_default();
    let shown = if phase.is_empty() { "\"\"" } else { phase };
    Some(
        finding(
            health,
            severity,
            format!("Migration {}", phase_x.title.to_lowercase()),
        )
        .explained(format!("{}{waited}{target}", phase_x.meaning))
        .cite(vec![format!("vmim.status.phase = {shown}")])
        .steps(phase_x.next_steps.clone()),
    )
}

fn in_progress_without_metrics(s: &Seen<'_>, f: &Found<'_>) -> Option<Finding> {
    let pre_copy = s.mode.as_deref().is_none_or(|m| m == "PreCopy");
    (f.outcome == Outcome::InProgress && f.progress.is_none() && pre_copy).then(|| {
        finding(Health::Healthy, Severity::Info, "Migration in progress")
            .explained("No migration metrics were given, so progress and ETA are unknown.")
            .cite(vec![format!("vmim.status.phase = {}", s.phase)])
    })
}
