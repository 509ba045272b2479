//! Migration interpretation: from a VMIM (with the VMI's `migrationState`, events and migration
//! metrics) to a phase timeline with durations, mode changes, the abort state, the failure plane
//! and kind, progress, transfer versus dirty rate, an ETA when one can honestly be given, and
//! what triggered the migration.

use crate::explain::{Severity, Subject, Topic, explain};
use crate::kube::vmi::{MigrationState, Vmi};
use crate::kube::{Event, MetricSample, MigrationMetric, Pod, Vmim};
use crate::time::{Timestamp, format_duration};
// Transitional paths for the other crates (`model::migration::{human_bytes, human_rate}`); removed
// after they move to `model::view::format`.
pub use crate::units::{human_bytes, human_rate};
use crate::verdict::{Finding, Health, Layer};
use serde::{Deserialize, Serialize};

/// Annotation on evacuation migrations (value: the source node).
pub const EVACUATION_ANNOTATION: &str = "kubevirt.io/evacuationMigration";
/// Annotation on workload-update migrations.
pub const WORKLOAD_UPDATE_ANNOTATION: &str = "kubevirt.io/workloadUpdateMigration";
/// The exact irrecoverable message virt-handler writes.
pub const IRRECOVERABLE_MESSAGE: &str = "VMI is irrecoverable due to failed post-copy migration";

/// What started a migration. Externally tagged (`"user"`, `{"evacuation":{"node":…}}`): the
/// browser then reads it without serde's buffering of internally tagged enums.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// A node drain/eviction: the evacuation controller created it for `node`.
    Evacuation { node: Option<String> },
    /// The workload updater (new virt-launcher image).
    WorkloadUpdate,
    /// Created by a user or a tool (`virtctl migrate`, a descheduler, …).
    User,
    /// Only a VMI `migrationState` is known; the VMIM is not.
    Unknown,
}

/// One phase of the timeline.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TimelineStep {
    pub phase: String,
    pub at: Option<Timestamp>,
    /// Time spent in this phase (until the next one, or until `now` for the current one).
    pub duration_secs: Option<f64>,
}

/// A change of migration mode.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModeChange {
    pub from: String,
    pub to: String,
    pub at: Option<Timestamp>,
    pub evidence: String,
}

/// The abort state machine: NotRequested → Requested → Aborting → Succeeded | Failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AbortState {
    NotRequested,
    Requested,
    Aborting,
    Succeeded,
    Failed,
}

/// Which side of KubeVirt a failure belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Plane {
    /// Before data moves: scheduling, quota, policy, utility volumes, backup.
    ControlPlane,
    /// While data moves: convergence, post-copy, proxy/socket, the target domain.
    DataPlane,
    Unknown,
}

/// What kind of failure (or blocker).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FailureKind {
    TargetUnschedulable,
    ResourceQuota,
    Policy,
    UtilityVolumes,
    Backup,
    NoConvergence,
    PostCopyBroken,
    ProxyOrSocket,
    TargetDomainSlow,
    TargetPodGone,
    Aborted,
    VmiGone,
    Other,
}

/// Why a migration failed or is blocked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Failure {
    pub plane: Plane,
    pub kind: FailureKind,
    /// The reason text as found (failure reason, event message or condition message).
    pub reason: String,
    pub evidence: Vec<String>,
}

/// Where the migration stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Pending,
    InProgress,
    Succeeded,
    Failed,
    Aborted,
    Unknown,
}

/// Progress from the migration metrics.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    pub percent: Option<f64>,
    pub data_total_bytes: Option<f64>,
    pub data_processed_bytes: Option<f64>,
    pub data_remaining_bytes: Option<f64>,
    pub transfer_rate_bytes_per_sec: Option<f64>,
    pub dirty_rate_bytes_per_sec: Option<f64>,
    /// `Some(false)` when memory is dirtied at least as fast as it is sent.
    pub converging: Option<bool>,
    /// Only when the rates say it converges.
    pub eta_secs: Option<f64>,
    pub sampled_at: Option<Timestamp>,
}

/// The interpretation of one migration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MigrationReport {
    /// The VMIM name, or the `migrationUid` when only the VMI's state is known.
    pub name: String,
    pub namespace: String,
    pub vmi_name: String,
    pub phase: String,
    pub outcome: Outcome,
    pub trigger: Trigger,
    pub source_node: Option<String>,
    pub target_node: Option<String>,
    pub target_pod: Option<String>,
    pub mode: Option<String>,
    pub timeline: Vec<TimelineStep>,
    pub mode_changes: Vec<ModeChange>,
    pub abort: AbortState,
    pub failure: Option<Failure>,
    pub progress: Option<Progress>,
    /// Failed in post-copy: the guest was lost.
    pub irrecoverable: bool,
    pub health: Health,
    pub findings: Vec<Finding>,
    pub headline: String,
}

/// What [`interpret`] looks at besides the VMIM.
#[derive(Debug, Clone, Copy, Default)]
pub struct MigrationContext<'a> {
    pub vmi: Option<&'a Vmi>,
    pub events: &'a [&'a Event],
    pub pods: &'a [&'a Pod],
    pub metrics: &'a [MetricSample],
    pub now: Option<Timestamp>,
}

fn lc(s: &str) -> String {
    s.to_ascii_lowercase()
}

/// The reason part of a pre-v1.3 Warning `Migrated` event ("VirtualMachineInstance migration uid
/// <uid> failed. reason:<r>"), or the whole message for any other event.
pub fn event_reason_text(message: &str) -> &str {
    match message.split_once("failed. reason:") {
        Some((_, r)) if !r.trim().is_empty() => r.trim(),
        _ => message,
    }
}

/// Classifies a free-text failure reason (libvirt error, event message).
pub fn classify_failure_text(text: &str) -> (Plane, FailureKind) {
    let t = lc(text);
    let has = |w: &str| t.contains(w);
    if has("exceeded quota") {
        (Plane::ControlPlane, FailureKind::ResourceQuota)
    } else if has("unschedulable")
        || has("didn't match")
        || has("insufficient ")
        || has("no nodes available")
    {
        (Plane::ControlPlane, FailureKind::TargetUnschedulable)
    } else if has("utility volume") {
        (Plane::ControlPlane, FailureKind::UtilityVolumes)
    } else if has("backup") {
        (Plane::ControlPlane, FailureKind::Backup)
    } else if has("destination volume is smaller") || has("policy") {
        (Plane::ControlPlane, FailureKind::Policy)
    } else if has("post-copy") || has("postcopy") || has("post copy") {
        (Plane::DataPlane, FailureKind::PostCopyBroken)
    } else if has("has been aborted")
        && (has("stuck") || has("not completed after") || has("progress"))
        || has("converge")
        || has("timed out") && has("migration")
        || has("completion timeout")
        || has("progress timeout")
    {
        (Plane::DataPlane, FailureKind::NoConvergence)
    } else if has("aborted") || has("canceled") || has("cancelled") {
        (Plane::Unknown, FailureKind::Aborted)
    } else if has("proxy")
        || has("socket")
        || has("connection refused")
        || has("broken pipe")
        || has("connection reset")
        || has("dial ")
    {
        (Plane::DataPlane, FailureKind::ProxyOrSocket)
    } else if has("target pod") || has("target attachment pod") {
        (Plane::DataPlane, FailureKind::TargetPodGone)
    } else if has("target") && (has("domain") || has("timed out") || has("timeout")) {
        (Plane::DataPlane, FailureKind::TargetDomainSlow)
    } else if has("vmi does not exist") || has("vmi shutdown") {
        (Plane::Unknown, FailureKind::VmiGone)
    } else {
        (Plane::Unknown, FailureKind::Other)
    }
}

fn trigger_of(vmim: &Vmim) -> Trigger {
    let a = &vmim.metadata.annotations;
    if let Some(node) = a.get(EVACUATION_ANNOTATION) {
        Trigger::Evacuation {
            node: Some(node.clone()).filter(|n| !n.is_empty()),
        }
    } else if a.contains_key(WORKLOAD_UPDATE_ANNOTATION) {
        Trigger::WorkloadUpdate
    } else if vmim.metadata.generate_name.as_deref() == Some("kubevirt-evacuation-")
        || vmim.metadata.name().starts_with("kubevirt-evacuation-")
    {
        Trigger::Evacuation { node: None }
    } else if vmim.metadata.generate_name.as_deref() == Some("kubevirt-workload-update-")
        || vmim
            .metadata
            .name()
            .starts_with("kubevirt-workload-update-")
    {
        Trigger::WorkloadUpdate
    } else {
        Trigger::User
    }
}

/// Progress from the migration samples of one VMI (old or new metric names).
pub fn progress_from_metrics(samples: &[MetricSample], now: Option<Timestamp>) -> Option<Progress> {
    let mine: Vec<(&MetricSample, MigrationMetric)> = samples
        .iter()
        .filter_map(|s| s.migration_metric().map(|m| (s, m)))
        .collect();
    if mine.is_empty() {
        return None;
    }
    let latest = |m: MigrationMetric| {
        mine.iter()
            .filter(|(_, k)| *k == m)
            .max_by_key(|(s, _)| s.timestamp)
            .map(|(s, _)| (s.value, s.timestamp))
    };
    let mut p = Progress::default();
    let total = latest(MigrationMetric::DataTotal);
    let processed = latest(MigrationMetric::DataProcessed);
    let remaining = latest(MigrationMetric::DataRemaining);
    p.data_total_bytes = total.map(|t| t.0);
    p.data_processed_bytes = processed.map(|t| t.0);
    p.data_remaining_bytes = remaining.map(|t| t.0);
    p.transfer_rate_bytes_per_sec = latest(MigrationMetric::TransferRate).map(|t| t.0);
    p.dirty_rate_bytes_per_sec = latest(MigrationMetric::DirtyRate).map(|t| t.0);
    p.sampled_at = [total, processed, remaining]
        .iter()
        .flatten()
        .filter_map(|t| t.1)
        .max();
    if let Some(total) = p.data_total_bytes.filter(|t| *t > 0.0) {
        let done = p
            .data_remaining_bytes
            .map(|r| total - r)
            .or(p.data_processed_bytes);
        p.percent = done.map(|d| (d / total * 100.0).clamp(0.0, 100.0));
    }
    // Remaining over time, when several samples exist: its slope is the honest net rate.
    let mut rem: Vec<(Timestamp, f64)> = mine
        .iter()
        .filter(|(_, k)| *k == MigrationMetric::DataRemaining)
        .filter_map(|(s, _)| s.timestamp.map(|t| (t, s.value)))
        .collect();
    rem.sort_by_key(|r| r.0);
    let slope = if rem.len() >= 2 {
        let (a, b) = (rem[0], rem[rem.len() - 1]);
        let dt = a.0.seconds_until(b.0);
        (dt > 0.0).then(|| (b.1 - a.1) / dt)
    } else {
        None
    };
    match (p.transfer_rate_bytes_per_sec, p.dirty_rate_bytes_per_sec) {
        (Some(tr), Some(dr)) => {
            p.converging = Some(tr > dr);
            if tr > dr
                && let Some(r) = p.data_remaining_bytes
            {
                p.eta_secs = Some(r / (tr - dr));
            }
        }
        _ => {
            if let Some(s) = slope {
                p.converging = Some(s < 0.0);
                if s < 0.0
                    && let Some(r) = p.data_remaining_bytes
                {
                    p.eta_secs = Some(r / -s);
                }
            }
        }
    }
    // A sample much older than now cannot give an ETA.
    if let (Some(now), Some(at)) = (now, p.sampled_at)
        && at.seconds_until(now) > 60.0
    {
        p.eta_secs = None;
    }
    Some(p)
}

fn cite_ms(prefix: &str, field: &str, value: impl std::fmt::Display) -> String {
    format!("{prefix}.migrationState.{field} = {value}")
}

/// Interprets a migration. `vmim` may be `None` when only the VMI's `migrationState` is known.
pub fn interpret(vmim: Option<&Vmim>, ctx: &MigrationContext<'_>) -> MigrationReport {
    let vmi_ms = ctx.vmi.and_then(|v| v.status.migration_state.as_ref());
    let vmim_uid = vmim.and_then(|m| m.metadata.uid.as_deref());
    // The VMI's migrationState belongs to this VMIM only when the UIDs match (or nothing says otherwise).
    let vmi_ms_matches = match (vmi_ms, vmim_uid) {
        (Some(ms), Some(uid)) => ms.migration_uid.as_deref().is_none_or(|u| u == uid),
        (Some(_), None) => vmim.is_none(),
        _ => false,
    };
    let (ms, ms_prefix): (Option<&MigrationState>, &str) = if vmi_ms_matches {
        (vmi_ms, "vmi.status")
    } else {
        (
            vmim.and_then(|m| m.status.migration_state.as_ref()),
            "vmim.status",
        )
    };
    let namespace = vmim
        .map(|m| m.metadata.namespace().to_string())
        .or_else(|| ctx.vmi.map(|v| v.metadata.namespace().to_string()))
        .unwrap_or_default();
    let vmi_name = vmim
        .and_then(|m| m.spec.vmi_name.clone())
        .or_else(|| ctx.vmi.map(|v| v.metadata.name().to_string()))
        .unwrap_or_default();
    let name = vmim
        .map(|m| m.metadata.name().to_string())
        .or_else(|| ms.and_then(|m| m.migration_uid.clone()))
        .unwrap_or_default();
    let phase = vmim.map(|m| m.phase().to_string()).unwrap_or_default();
    let subject = Subject {
        namespace: namespace.clone(),
        name: vmi_name.clone(),
        node: ms.and_then(|m| m.source_node.clone()),
        uid: ctx.vmi.and_then(|v| v.metadata.uid.clone()),
        migration: Some(name.clone()).filter(|n| !n.is_empty()),
        pod: ms.and_then(|m| m.source_pod.clone()),
    };
    let mut findings: Vec<Finding> = Vec::new();
    let mut add = |health: Health,
                   severity: Severity,
                   title: String,
                   detail: String,
                   evidence: Vec<String>,
                   steps: Vec<String>| {
        findings.push(
            Finding::new(Layer::Migration, health, severity, title)
                .explained(detail)
                .cite(evidence)
                .steps(steps),
        );
    };

    // Timeline.
    let mut steps: Vec<(String, Option<Timestamp>)> = vmim
        .map(|m| {
            m.status
                .phase_transition_timestamps
                .iter()
                .map(|p| {
                    (
                        p.phase.clone().unwrap_or_default(),
                        p.phase_transition_timestamp
                            .as_deref()
                            .and_then(Timestamp::parse),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    steps.sort_by_key(|s| s.1);
    let is_final_phase = matches!(phase.as_str(), "Succeeded" | "Failed");
    let timeline: Vec<TimelineStep> = steps
        .iter()
        .enumerate()
        .map(|(i, (p, at))| {
            let next =
                steps
                    .get(i + 1)
                    .and_then(|n| n.1)
                    .or(if is_final_phase { None } else { ctx.now });
            let duration_secs = match (at, next) {
                (Some(a), Some(b)) if i + 1 < steps.len() || !is_final_phase => {
                    Some(a.seconds_until(b))
                }
                _ => None,
            };
            TimelineStep {
                phase: p.clone(),
                at: *at,
                duration_secs,
            }
        })
        .collect();

    // Mode changes: every migration starts in pre-copy.
    let mode = ms.and_then(|m| m.mode.clone()).filter(|m| !m.is_empty());
    let mut mode_changes = Vec::new();
    if let Some(m) = &mode
        && m != "PreCopy"
    {
        let at = if m == "Paused" {
            ctx.vmi
                .and_then(|v| v.condition("Paused"))
                .filter(|c| c.reason() == "PausedByMigrationMonitor")
                .and_then(|c| c.last_transition_time.as_deref().and_then(Timestamp::parse))
        } else {
            None
        };
        mode_changes.push(ModeChange {
            from: "PreCopy".into(),
            to: m.clone(),
            at,
            evidence: cite_ms(ms_prefix, "mode", m),
        });
    }

    // Abort state.
    let abort_cond = vmim
        .and_then(|m| m.condition("migrationAbortRequested"))
        .filter(|c| c.is_true());
    let abort = match ms.and_then(|m| m.abort_status.as_deref()) {
        Some("Succeeded") => AbortState::Succeeded,
        Some("Failed") => AbortState::Failed,
        Some("Aborting") => AbortState::Aborting,
        _ if ms.is_some_and(|m| m.abort_requested == Some(true)) || abort_cond.is_some() => {
            AbortState::Requested
        }
        _ if vmim.is_some_and(|m| m.metadata.deletion_timestamp.is_some()) && !is_final_phase => {
            AbortState::Requested
        }
        _ => AbortState::NotRequested,
    };

    // Progress.
    let progress = progress_from_metrics(ctx.metrics, ctx.now);

    // Failure / blockers.
    let mut failure: Option<Failure> = None;
    let vmim_cite = |c: &str, r: &str| format!("vmim.status.conditions[{c}].reason = {r}");
    if let Some(m) = vmim {
        for (cond, kind) in [
            (
                "migrationRejectedByResourceQuota",
                FailureKind::ResourceQuota,
            ),
            (
                "migrationBlockedByUtilityVolumes",
                FailureKind::UtilityVolumes,
            ),
            ("migrationBlockedByBackup", FailureKind::Backup),
            ("decentralizedMigrationBlocked", FailureKind::Policy),
        ] {
            if let Some(c) = m.condition(cond).filter(|c| !c.is_false()) {
                failure.get_or_insert(Failure {
                    plane: Plane::ControlPlane,
                    kind,
                    reason: if c.message().is_empty() {
                        cond.to_string()
                    } else {
                        c.message().to_string()
                    },
                    evidence: vec![vmim_cite(
                        cond,
                        if c.reason().is_empty() {
                            c.status.as_deref().unwrap_or("")
                        } else {
                            c.reason()
                        },
                    )],
                });
            }
        }
    }
    // Target pod unschedulable.
    let target_pod_name = ms.and_then(|m| m.target_pod.clone());
    for p in ctx.pods {
        let is_target = target_pod_name.as_deref() == Some(p.metadata.name())
            || p.metadata
                .labels
                .get("kubevirt.io/migrationJobUID")
                .is_some_and(|u| Some(u.as_str()) == vmim_uid)
            || p.metadata
                .annotations
                .get("kubevirt.io/migrationName")
                .is_some_and(|n| *n == name)
            || p.metadata
                .labels
                .get("kubevirt.io/migrationName")
                .is_some_and(|n| *n == name);
        if is_target && let Some(c) = p.condition("PodScheduled").filter(|c| c.is_false()) {
            failure.get_or_insert(Failure {
                plane: Plane::ControlPlane,
                kind: FailureKind::TargetUnschedulable,
                reason: c.message().to_string(),
                evidence: vec![format!(
                    "pod {}: status.conditions[PodScheduled].reason = {}",
                    p.metadata.name(),
                    c.reason()
                )],
            });
        }
    }
    let ev_fail = ctx.events.iter().find(|e| {
        matches!(
            e.reason(),
            "migrationTargetPodUnschedulable"
                | "FailedMigration"
                | "MigrationBackoff"
                | "NoSuitableNodesForHostModelMigration"
                | "FailedCreate"
        ) || (e.reason() == "Migrated" && e.is_warning())
            || (e.reason() == "SyncFailed" && e.message().contains(IRRECOVERABLE_MESSAGE))
    });
    let failure_reason = ms
        .and_then(|m| m.failure_reason.clone())
        .filter(|r| !r.is_empty());
    let ms_failed = ms.is_some_and(MigrationState::is_failed);
    let failed = phase == "Failed" || ms_failed;
    if failure.is_none() {
        if let Some(r) = &failure_reason {
            let (plane, kind) = classify_failure_text(r);
            failure = Some(Failure {
                plane,
                kind,
                reason: r.clone(),
                evidence: vec![cite_ms(ms_prefix, "failureReason", r)],
            });
        } else if let Some(e) = ev_fail {
            let (plane, kind) = match e.reason() {
                "migrationTargetPodUnschedulable" => {
                    (Plane::ControlPlane, FailureKind::TargetUnschedulable)
                }
                "MigrationBackoff" => (Plane::ControlPlane, FailureKind::Policy),
                "NoSuitableNodesForHostModelMigration" => {
                    (Plane::ControlPlane, FailureKind::TargetUnschedulable)
                }
                _ => classify_failure_text(event_reason_text(e.message())),
            };
            if failed || plane == Plane::ControlPlane {
                failure = Some(Failure {
                    plane,
                    kind,
                    reason: event_reason_text(e.message()).to_string(),
                    evidence: vec![format!(
                        "event {} ({}): {}",
                        e.reason(),
                        e.type_.as_deref().unwrap_or("?"),
                        e.message()
                    )],
                });
            }
        }
    }
    let irrecoverable = failed && mode.as_deref() == Some("PostCopy")
        || ctx.vmi.is_some_and(|v| {
            v.condition("Synchronized")
                .is_some_and(|c| c.message().contains(IRRECOVERABLE_MESSAGE))
                && mode.as_deref() == Some("PostCopy")
        });
    if irrecoverable {
        match &mut failure {
            Some(f) => {
                f.plane = Plane::DataPlane;
                f.kind = FailureKind::PostCopyBroken;
            }
            None => {
                failure = Some(Failure {
                    plane: Plane::DataPlane,
                    kind: FailureKind::PostCopyBroken,
                    reason: IRRECOVERABLE_MESSAGE.into(),
                    evidence: vec![
                        cite_ms(ms_prefix, "mode", "PostCopy"),
                        cite_ms(ms_prefix, "failed", true),
                    ],
                })
            }
        }
    }
    if failed && failure.is_none() {
        failure = Some(Failure {
            plane: Plane::Unknown,
            kind: FailureKind::Other,
            reason: "no reason recorded (before v1.3 the reason is only in a Warning event `Migrated` on the VMI)".into(),
            evidence: vec![if phase == "Failed" { "vmim.status.phase = Failed".into() } else { cite_ms(ms_prefix, "failed", true) }],
        });
    }

    // Outcome.
    let in_progress = ms.is_some_and(|m| m.is_in_progress(ctx.now));
    let outcome = if abort == AbortState::Succeeded {
        Outcome::Aborted
    } else if phase == "Succeeded"
        || (vmim.is_none() && ms.is_some_and(MigrationState::is_succeeded))
    {
        Outcome::Succeeded
    } else if failed {
        Outcome::Failed
    } else if phase == "Running" || in_progress {
        Outcome::InProgress
    } else if matches!(
        phase.as_str(),
        "" | "Pending"
            | "Scheduling"
            | "Scheduled"
            | "PreparingTarget"
            | "TargetReady"
            | "WaitingForSync"
            | "Synchronizing"
    ) && vmim.is_some()
    {
        Outcome::Pending
    } else {
        Outcome::Unknown
    };

    // Findings.
    let phase_x = explain(Topic::VmimPhase, &phase, &subject);
    if ms.is_some_and(|m| m.is_completed() && m.is_failed()) && abort != AbortState::Succeeded {
        add(
            Health::Degraded,
            Severity::Warning,
            "completed=true together with failed=true: the migration failed".into(),
            "`completed` only says the migration ended; `failed` says it did not succeed.".into(),
            vec![
                cite_ms(ms_prefix, "completed", true),
                cite_ms(ms_prefix, "failed", true),
            ],
            vec![],
        );
    }
    if irrecoverable {
        add(
            Health::Broken,
            Severity::Critical,
            "Post-copy migration failed: the VM is irrecoverable".into(),
            "The guest had already switched to the target when the migration broke; its memory was split between nodes, so virt-handler destroyed it and the VMI went to Failed. The run strategy decides whether it is restarted.".into(),
            failure.as_ref().map(|f| f.evidence.clone()).unwrap_or_default(),
            explain(Topic::MigrationMode, "PostCopy", &subject).next_steps,
        );
    } else if let Some(f) = failure.as_ref().filter(|_| outcome != Outcome::Aborted) {
        let health = match outcome {
            Outcome::Failed => Health::Degraded,
            Outcome::Pending | Outcome::InProgress | Outcome::Unknown => Health::Broken,
            _ => Health::Degraded,
        };
        let title = match f.kind {
            FailureKind::ResourceQuota => "Migration rejected by ResourceQuota",
            FailureKind::TargetUnschedulable => "Migration target pod unschedulable",
            FailureKind::UtilityVolumes => "Migration blocked by utility volumes",
            FailureKind::Backup => "Migration blocked by a backup",
            FailureKind::Policy => "Migration blocked by policy or back-off",
            FailureKind::NoConvergence => "Migration did not converge",
            FailureKind::PostCopyBroken => "Post-copy migration broke",
            FailureKind::ProxyOrSocket => "Migration connection (proxy/socket) failed",
            FailureKind::TargetDomainSlow => "Target domain did not come up in time",
            FailureKind::TargetPodGone => "Target pod went away",
            FailureKind::Aborted => "Migration aborted",
            FailureKind::VmiGone => "VMI went away during the migration",
            FailureKind::Other => "Migration failed",
        };
        let plane = match f.plane {
            Plane::ControlPlane => "control plane (before any data moved)",
            Plane::DataPlane => "data plane (while transferring)",
            Plane::Unknown => "unknown plane",
        };
        let title = if outcome == Outcome::Failed && !title.contains("fail") {
            format!("{title} (migration failed)")
        } else {
            title.to_string()
        };
        add(
            health,
            if health == Health::Broken {
                Severity::Error
            } else {
                Severity::Warning
            },
            title,
            format!("{}; {plane}.", f.reason),
            f.evidence.clone(),
            phase_x.next_steps.clone(),
        );
    }
    if let Some(p) = &progress
        && matches!(outcome, Outcome::InProgress)
    {
        if p.converging == Some(false) {
            let rates = match (p.transfer_rate_bytes_per_sec, p.dirty_rate_bytes_per_sec) {
                (Some(t), Some(d)) => format!(
                    "dirty rate {} ≥ transfer rate {}",
                    human_rate(d),
                    human_rate(t)
                ),
                _ => "data remaining does not shrink".into(),
            };
            let allow_post = ms
                .and_then(|m| m.configuration())
                .and_then(|c| c.allow_post_copy)
                == Some(true);
            add(
                Health::Degraded,
                Severity::Warning,
                "Migration is not converging".into(),
                format!(
                    "{rates}: the guest writes memory faster than it can be copied. {}",
                    if allow_post {
                        "Post-copy is allowed, so KubeVirt can switch to PostCopy."
                    } else {
                        "Without post-copy or auto-converge it will hit the progress/completion timeout and be aborted."
                    }
                ),
                vec![
                    "kubevirt_vmi_migration_dirty_memory_rate_bytes".into(),
                    "kubevirt_vmi_migration_memory_transfer_rate_bytes".into(),
                ],
                phase_x.next_steps.clone(),
            );
        } else {
            add(
                Health::Healthy,
                Severity::Info,
                "Migration progressing".into(),
                describe_progress(p),
                vec!["kubevirt_vmi_migration_data_remaining_bytes".into()],
                vec![],
            );
        }
    }
    match mode.as_deref() {
        Some("PostCopy") if outcome == Outcome::InProgress => add(
            Health::Degraded,
            Severity::Warning,
            "Running in post-copy".into(),
            "The guest runs on the target and fetches missing pages from the source; a network or node failure now loses the VM.".into(),
            vec![cite_ms(ms_prefix, "mode", "PostCopy")],
            vec![],
        ),
        Some("Paused") if outcome == Outcome::InProgress => add(
            Health::Degraded,
            Severity::Warning,
            "Guest paused to let the migration converge".into(),
            "The migration monitor paused the guest on the source (mode Paused).".into(),
            vec![cite_ms(ms_prefix, "mode", "Paused")],
            vec![],
        ),
        _ => {}
    }
    match abort {
        AbortState::Failed => add(
            Health::Degraded,
            Severity::Error,
            "Abort failed".into(),
            "An abort was requested but did not take effect; the migration may still complete or fail by itself.".into(),
            vec![cite_ms(ms_prefix, "abortStatus", "Failed")],
            explain(Topic::AbortStatus, "Failed", &subject).next_steps,
        ),
        AbortState::Succeeded => add(
            Health::Healthy,
            Severity::Info,
            "Migration aborted as requested".into(),
            "The VM stays on the source node.".into(),
            vec![cite_ms(ms_prefix, "abortStatus", "Succeeded")],
            vec![],
        ),
        AbortState::Aborting | AbortState::Requested => add(
            Health::Degraded,
            Severity::Info,
            "Abort in progress".into(),
            "An abort was requested; the migration should stop soon.".into(),
            vec![if abort == AbortState::Aborting { cite_ms(ms_prefix, "abortStatus", "Aborting") } else { "abort requested (abortRequested / migrationAbortRequested / VMIM deleted)".into() }],
            vec![],
        ),
        AbortState::NotRequested => {}
    }
    if outcome == Outcome::Succeeded {
        add(
            Health::Healthy,
            Severity::Info,
            "Migration succeeded".into(),
            format!(
                "The VM moved to {}.",
                ms.and_then(|m| m.target_node.as_deref())
                    .unwrap_or("the target node")
            ),
            vec![if vmim.is_some() {
                "vmim.status.phase = Succeeded".into()
            } else {
                cite_ms(ms_prefix, "completed", true)
            }],
            vec![],
        );
    }
    if outcome == Outcome::Pending && failure.is_none() {
        let since = vmim.and_then(|m| m.phase_entered(&phase).or(m.metadata.created()));
        let waited = since.zip(ctx.now).map(|(a, b)| a.seconds_until(b));
        let long = waited.is_some_and(|w| w > 300.0);
        add(
            if long {
                Health::Degraded
            } else {
                Health::Healthy
            },
            if long {
                Severity::Warning
            } else {
                Severity::Info
            },
            format!("Migration {}", phase_x.title.to_lowercase()),
            format!(
                "{}{}",
                phase_x.meaning,
                waited
                    .map(|w| format!(" For {}.", format_duration(w)))
                    .unwrap_or_default()
            ),
            vec![format!(
                "vmim.status.phase = {}",
                if phase.is_empty() { "\"\"" } else { &phase }
            )],
            phase_x.next_steps.clone(),
        );
    }
    if outcome == Outcome::InProgress
        && progress.is_none()
        && mode.as_deref().is_none_or(|m| m == "PreCopy")
    {
        add(
            Health::Healthy,
            Severity::Info,
            "Migration in progress".into(),
            "No migration metrics were given, so progress and ETA are unknown.".into(),
            vec![format!("vmim.status.phase = {phase}")],
            vec![],
        );
    }
    if !phase_x.known && vmim.is_some() {
        add(
            Health::Unknown,
            Severity::Warning,
            phase_x.title.clone(),
            phase_x.meaning.clone(),
            vec![format!("vmim.status.phase = {phase}")],
            phase_x.next_steps.clone(),
        );
    }

    let health = crate::verdict::combine(&findings);
    // Without a VMIM (only the VMI's migrationState), the migration has no name of its own.
    let name = if name.is_empty() {
        "last migration".to_string()
    } else {
        name
    };
    let headline = match outcome {
        Outcome::Succeeded => format!("{name}: succeeded"),
        Outcome::Aborted => format!("{name}: aborted"),
        Outcome::Failed if irrecoverable => format!("{name}: FAILED in post-copy — VM lost"),
        Outcome::Failed => format!(
            "{name}: failed — {}",
            failure
                .as_ref()
                .map(|f| f.reason.as_str())
                .unwrap_or("no reason recorded")
        ),
        Outcome::InProgress => {
            let pct = progress
                .as_ref()
                .and_then(|p| p.percent)
                .map(|p| format!(" {p:.0}%"))
                .unwrap_or_default();
            format!(
                "{name}: in progress{pct}{}",
                mode.as_deref()
                    .map(|m| format!(" ({m})"))
                    .unwrap_or_default()
            )
        }
        Outcome::Pending => match &failure {
            Some(f) => format!("{name}: blocked — {}", f.reason),
            None => format!(
                "{name}: {}",
                if phase.is_empty() {
                    "not processed yet".into()
                } else {
                    phase.to_lowercase()
                }
            ),
        },
        Outcome::Unknown => format!(
            "{name}: {}",
            if phase.is_empty() {
                "state unknown"
            } else {
                &phase
            }
        ),
    };
    MigrationReport {
        name,
        namespace,
        vmi_name,
        phase,
        outcome,
        trigger: vmim.map(trigger_of).unwrap_or(Trigger::Unknown),
        source_node: ms.and_then(|m| m.source_node.clone()),
        target_node: ms.and_then(|m| m.target_node.clone()),
        target_pod: ms.and_then(|m| m.target_pod.clone()),
        mode,
        timeline,
        mode_changes,
        abort,
        failure,
        progress,
        irrecoverable,
        health,
        findings,
        headline,
    }
}

fn describe_progress(p: &Progress) -> String {
    let mut parts = Vec::new();
    if let Some(pc) = p.percent {
        parts.push(format!("{pc:.0}% done"));
    }
    if let Some(r) = p.data_remaining_bytes {
        parts.push(format!("{} remaining", human_bytes(r)));
    }
    if let Some(t) = p.transfer_rate_bytes_per_sec {
        parts.push(format!("transfer {}", human_rate(t)));
    }
    if let Some(d) = p.dirty_rate_bytes_per_sec {
        parts.push(format!("dirty {}", human_rate(d)));
    }
    match p.eta_secs {
        Some(e) => parts.push(format!("ETA about {}", format_duration(e))),
        None => parts.push("no honest ETA".into()),
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn sample(name: &str, v: f64, t: i64) -> MetricSample {
        MetricSample {
            name: name.into(),
            labels: BTreeMap::new(),
            value: v,
            timestamp: Some(Timestamp(t * 1000)),
        }
    }

    #[test]
    fn eta_only_when_converging() {
        let s = vec![
            sample("kubevirt_vmi_migration_data_bytes_total", 1000.0, 10),
            sample("kubevirt_vmi_migration_data_remaining_bytes", 400.0, 10),
            sample(
                "kubevirt_vmi_migration_memory_transfer_rate_bytes",
                100.0,
                10,
            ),
            sample("kubevirt_vmi_migration_dirty_memory_rate_bytes", 50.0, 10),
        ];
        let p = progress_from_metrics(&s, Some(Timestamp(12_000))).unwrap();
        assert_eq!(p.percent, Some(60.0));
        assert_eq!(p.converging, Some(true));
        assert_eq!(p.eta_secs, Some(8.0));
        let mut s2 = s.clone();
        s2[3].value = 150.0;
        let p = progress_from_metrics(&s2, None).unwrap();
        assert_eq!(p.converging, Some(false));
        assert_eq!(p.eta_secs, None);
        // stale sample: no ETA
        let p = progress_from_metrics(&s, Some(Timestamp(1_000_000))).unwrap();
        assert_eq!(p.eta_secs, None);
    }

    #[test]
    fn slope_from_old_metric_names() {
        let s = vec![
            sample("kubevirt_migrate_vmi_data_remaining_bytes", 500.0, 0),
            sample("kubevirt_migrate_vmi_data_remaining_bytes", 300.0, 10),
        ];
        let p = progress_from_metrics(&s, None).unwrap();
        assert_eq!(p.converging, Some(true));
        assert_eq!(p.eta_secs, Some(15.0));
    }

    #[test]
    fn reason_from_an_old_migrated_event() {
        let msg = "VirtualMachineInstance migration uid 1234 failed. reason:Live migration stuck for 150 sec and has been aborted";
        assert_eq!(
            event_reason_text(msg),
            "Live migration stuck for 150 sec and has been aborted"
        );
        assert_eq!(event_reason_text("other text"), "other text");
        // A VMI of ~v1.2 without failureReason: the reason comes from the event.
        let vmi = Vmi::from_value(
            &serde_json::json!({"metadata": {"name": "a", "namespace": "n"}, "status": {"phase": "Running",
            "migrationState": {"completed": true, "failed": true, "mode": "PreCopy", "startTimestamp": "2024-01-01T00:00:00Z",
                               "endTimestamp": "2024-01-01T00:05:00Z", "migrationUid": "1234"}}}),
        );
        let ev = Event::from_value(
            &serde_json::json!({"reason": "Migrated", "type": "Warning", "message": msg,
            "involvedObject": {"kind": "VirtualMachineInstance", "name": "a"}}),
        );
        let r = interpret(
            None,
            &MigrationContext {
                vmi: Some(&vmi),
                events: &[&ev],
                ..Default::default()
            },
        );
        assert_eq!(r.outcome, Outcome::Failed);
        let f = r.failure.unwrap();
        assert_eq!(
            (f.plane, f.kind),
            (Plane::DataPlane, FailureKind::NoConvergence)
        );
    }

    #[test]
    fn failure_texts() {
        assert_eq!(
            classify_failure_text("pods \"x\" is forbidden: exceeded quota: q").1,
            FailureKind::ResourceQuota
        );
        assert_eq!(
            classify_failure_text("Live migration stuck for 150 sec and has been aborted").1,
            FailureKind::NoConvergence
        );
        assert_eq!(
            classify_failure_text("Live migration has been aborted").1,
            FailureKind::Aborted
        );
        assert_eq!(
            classify_failure_text(
                "internal error: qemu unexpectedly closed the monitor: post-copy failed"
            )
            .1,
            FailureKind::PostCopyBroken
        );
        assert_eq!(classify_failure_text("unable to connect to server: dial unix /var/run/kubevirt/migrationproxy/x.sock: connect: connection refused").0, Plane::DataPlane);
        assert_eq!(
            classify_failure_text("something else").1,
            FailureKind::Other
        );
    }
}
