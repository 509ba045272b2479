//! The failure plane and kind: why a migration failed or is blocked, from the VMIM's blocking
//! conditions, the target pod's scheduling, `migrationState.failureReason`, failure events, and
//! the irrecoverable post-copy case.

use super::report::{Failure, FailureKind, Plane};
use super::seen::Seen;
use crate::kube::Event;

/// The exact irrecoverable message virt-handler writes.
pub const IRRECOVERABLE_MESSAGE: &str = "VMI is irrecoverable due to failed post-copy migration";

/// A component's own words as a failure's reason: quoted (“…”), as the diagnosis quotes a
/// component's message, so a reader and the translation tell KubeVirt's, libvirt's or the
/// scheduler's text from Strata's (which a reason of Strata's own is, unquoted).
fn said(text: &str) -> String {
    let t = text.trim();
    if t.is_empty() {
        String::new()
    } else {
        format!("“{t}”")
    }
}

/// What went wrong, if anything.
pub(super) struct Failed {
    pub failure: Option<Failure>,
    /// The VMIM phase is Failed or the migration state says failed.
    pub failed: bool,
    /// Failed in post-copy: the guest was lost.
    pub irrecoverable: bool,
    /// `abortStatus: Succeeded` without proof of a user abort: the progress or completion
    /// timeout aborted it.
    pub timeout_abort: bool,
    /// KubeVirt deleted the target pod after it stayed unschedulable (or pending) too long
    /// (`handlePendingPodTimeout`): the deletion message.
    pub pending_timeout: Option<String>,
}

fn lc(s: &str) -> String {
    s.to_ascii_lowercase()
}

/// The reason part of a pre-v1.3 Warning `Migrated` event ("VirtualMachineInstance migration uid
/// \<uid\> failed. reason:\<r\>"), or the whole message for any other event.
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
    if has("migrated to unknown host")
        || has("domain was never observed on the target")
        || has("decentralized migration failed due to the source vmi being failed")
    {
        // `pkg/virt-handler/migration-source.go`: each of these sets the VMI phase Failed.
        (Plane::DataPlane, FailureKind::VmiLost)
    } else if has("exceeded quota") {
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
        // "Target pod is down" / "…removed during active migration": the plane depends on the
        // VMIM phase it failed in (see `plane_from_history`).
        (Plane::Unknown, FailureKind::TargetPodGone)
    } else if has("target") && (has("domain") || has("timed out") || has("timeout")) {
        (Plane::DataPlane, FailureKind::TargetDomainSlow)
    } else if has("vmi does not exist") || has("vmi shutdown") {
        (Plane::Unknown, FailureKind::VmiGone)
    } else {
        (Plane::Unknown, FailureKind::Other)
    }
}

/// Why the migration failed or is blocked, and whether the guest was lost.
pub(super) fn failure(s: &Seen<'_>) -> Failed {
    let mut failure = blocking_condition(s).or_else(|| target_unschedulable(s));
    let failed = s.phase == "Failed" || s.ms_failed();
    if failure.is_none() {
        failure = from_reason_or_event(s, failed);
    }
    let mode = s.mode.as_deref();
    let irrecoverable = failed && mode == Some("PostCopy")
        || s.ctx.vmi.is_some_and(|v| {
            v.condition("Synchronized")
                .is_some_and(|c| c.message().contains(IRRECOVERABLE_MESSAGE))
                && mode == Some("PostCopy")
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
                    reason: said(IRRECOVERABLE_MESSAGE),
                    evidence: vec![s.cite("mode", "PostCopy"), s.cite("failed", true)],
                })
            }
        }
    }
    let timeout_abort = failed
        && s.ms.and_then(|m| m.abort_status.as_deref()) == Some("Succeeded")
        && !super::abort::user_abort(s);
    if timeout_abort && !irrecoverable {
        let reason =
            s.ms.and_then(|m| m.failure_reason.clone())
                .unwrap_or_default();
        failure = Some(Failure {
            plane: Plane::DataPlane,
            kind: FailureKind::NoConvergence,
            reason: if reason.is_empty() {
                "aborted by the progress/completion timeout".into()
            } else {
                said(&reason)
            },
            evidence: vec![
                s.cite("abortStatus", "Succeeded"),
                s.cite("failed", true),
                "no abortRequested, no migrationAbortRequested condition, VMIM not deleted".into(),
            ],
        });
    }
    let pending_timeout = pending_timeout(s);
    if let Some(f) = &mut failure
        && failed
        && !irrecoverable
    {
        // The history only fills in a plane the reason left open: a libvirt or proxy error
        // is data plane whatever phase the VMIM was last seen in.
        if f.plane == Plane::Unknown
            && f.kind != FailureKind::Aborted
            && let Some(plane) = plane_from_history(s)
        {
            f.plane = plane;
        }
        if pending_timeout.is_some()
            && matches!(f.kind, FailureKind::TargetPodGone | FailureKind::Other)
        {
            f.kind = FailureKind::TargetUnschedulable;
            f.plane = Plane::ControlPlane;
        }
    }
    if failed && failure.is_none() {
        failure = Some(Failure {
            plane: Plane::Unknown,
            kind: FailureKind::Other,
            reason: concat!(
                "no reason recorded (before v1.3 the reason is only in a Warning event ",
                "`Migrated` on the VMI)"
            )
            .into(),
            evidence: vec![if s.phase == "Failed" {
                "vmim.status.phase = Failed".into()
            } else {
                s.cite("failed", true)
            }],
        });
    }
    Failed {
        failure,
        failed,
        irrecoverable,
        timeout_abort,
        pending_timeout,
    }
}

/// The VMIM phases in which no data can have moved (`types.go`): the target pod is not Ready
/// yet (`processMigrationPhase` leaves Scheduling only then), or the decentralized sync. A
/// failure in one of them is control plane.
const BEFORE_DATA: &[&str] = &[
    "",
    "Pending",
    "Scheduling",
    "Scheduled",
    "WaitingForSync",
    "Synchronizing",
];

/// The phases that say nothing about the plane: the source may have started and failed the
/// transfer before virt-controller saw `Running`. The launcher writes the start time and the
/// failure in one metadata update and virt-handler copies both at once
/// (`pkg/virt-handler/migration-source.go`); `updateStatus`
/// (`pkg/virt-controller/watch/migration/migration.go`) then fails the VMIM from TargetReady (or
/// PreparingTarget, when the target's address and the failure arrive in one resync).
const PLANE_OPEN: &[&str] = &["PreparingTarget", "TargetReady"];

/// The plane from the VMIM phase before `Failed` in `phaseTransitionTimestamps`, else from
/// `startTimestamp == endTimestamp` (`handleMarkMigrationFailedOnVMI` sets the start when it
/// was never set, so equal times mean the migration never started).
fn plane_from_history(s: &Seen<'_>) -> Option<Plane> {
    let mut steps: Vec<(Option<crate::time::Timestamp>, &str)> = s
        .vmim
        .map(|m| {
            m.status
                .phase_transition_timestamps
                .iter()
                .map(|p| {
                    (
                        p.phase_transition_timestamp
                            .as_deref()
                            .and_then(crate::time::Timestamp::parse),
                        p.phase.as_deref().unwrap_or(""),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    steps.sort_by_key(|(t, _)| *t);
    let failed_at = steps.iter().position(|(_, p)| *p == "Failed");
    if let Some(i) = failed_at.filter(|i| *i > 0) {
        let before = steps[i - 1].1;
        if BEFORE_DATA.contains(&before) {
            return Some(Plane::ControlPlane);
        }
        if !PLANE_OPEN.contains(&before) {
            return Some(Plane::DataPlane);
        }
    }
    let ms = s.ms?;
    (ms.started().is_some() && ms.started() == ms.ended()).then_some(Plane::ControlPlane)
}

/// KubeVirt's deletion of a target pod that stayed unschedulable (5 min) or pending (15 min):
/// Normal `SuccessfulDelete` "unschedulable pod %s/%s timeout period exceeded" / "pending pod
/// …" (`deleteTimedOutTargetPod`, `pkg/virt-controller/watch/migration/migration.go`).
fn pending_timeout(s: &Seen<'_>) -> Option<String> {
    s.ctx
        .events
        .iter()
        .find(|e| {
            e.reason() == "SuccessfulDelete" && e.message().contains("timeout period exceeded")
        })
        .map(|e| e.message().to_string())
}

/// The first VMIM condition that blocks the migration before any data moves.
fn blocking_condition(s: &Seen<'_>) -> Option<Failure> {
    let m = s.vmim?;
    let vmim_cite = |c: &str, r: &str| format!("vmim.status.conditions[{c}].reason = {r}");
    [
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
    ]
    .into_iter()
    .find_map(|(cond, kind)| {
        let c = m.condition(cond).filter(|c| !c.is_false())?;
        Some(Failure {
            plane: Plane::ControlPlane,
            kind,
            reason: if c.message().is_empty() {
                cond.to_string()
            } else {
                said(c.message())
            },
            evidence: vec![vmim_cite(
                cond,
                if c.reason().is_empty() {
                    c.status.as_deref().unwrap_or("")
                } else {
                    c.reason()
                },
            )],
        })
    })
}

/// Whether `p` is this migration's target pod.
fn is_target_pod(s: &Seen<'_>, p: &crate::kube::Pod) -> bool {
    // `listMatchingTargetPods` (`pkg/virt-controller/watch/migration/migration.go`): label
    // `kubevirt.io/migrationJobUID` plus `kubevirt.io: virt-launcher` (target attachment pods
    // carry the job labels, with `kubevirt.io: hotplug-disk`); the annotation
    // `kubevirt.io/migrationJobName` names the VMIM. (`kubevirt.io/migrationName` is a
    // backend-storage PVC label, never a pod's.) A dump without the label still counts
    // (tolerant); another value never does.
    let target_pod_name = s.ms.and_then(|m| m.target_pod.as_deref());
    let launcher = p
        .metadata
        .labels
        .get("kubevirt.io")
        .is_none_or(|v| v == "virt-launcher");
    target_pod_name == Some(p.metadata.name())
        || launcher
            && (p.migration_job_uid().is_some_and(|u| Some(u) == s.vmim_uid)
                || p.migration_job_name() == Some(s.name.as_str()))
}

/// Container waiting reasons that do not end by themselves: the target pod never gets Ready.
const STUCK_WAITING: &[&str] = &[
    "ImagePullBackOff",
    "ErrImagePull",
    "InvalidImageName",
    "CrashLoopBackOff",
    "CreateContainerConfigError",
    "CreateContainerError",
    "RunContainerError",
];

/// The target pod's containers that are not ready, as `name: state (reason)`.
pub(super) fn target_pod_waits(s: &Seen<'_>) -> Option<(String, Vec<(String, String)>)> {
    if s.is_final_phase {
        return None;
    }
    let p = s
        .ctx
        .pods
        .iter()
        .find(|p| is_target_pod(s, p) && p.is_live())?;
    if p.condition("PodScheduled").is_some_and(|c| c.is_false())
        || p.condition("Ready").is_some_and(|c| c.is_true())
    {
        return None;
    }
    let waits = p
        .status
        .container_statuses
        .iter()
        .filter(|c| c.ready != Some(true))
        .filter_map(|c| {
            let (state, reason) = c.state_summary()?;
            (state != "running").then(|| {
                (
                    c.name.clone().unwrap_or_default(),
                    reason.unwrap_or(state).to_string(),
                )
            })
        })
        .collect();
    Some((p.metadata.name().to_string(), waits))
}

/// The target pod of this migration, when it cannot be scheduled, or when it is scheduled but
/// stuck before Ready: the migration stays in Scheduling until the target pod is Ready
/// (`processMigrationPhase`, `pkg/virt-controller/watch/migration/migration.go`), so an image
/// that cannot be pulled or a crashing container holds it there until the pending-pod timeout.
fn target_unschedulable(s: &Seen<'_>) -> Option<Failure> {
    let unschedulable = s.ctx.pods.iter().find_map(|p| {
        let c = p.condition("PodScheduled").filter(|c| c.is_false())?;
        is_target_pod(s, p).then(|| Failure {
            plane: Plane::ControlPlane,
            kind: FailureKind::TargetUnschedulable,
            reason: said(c.message()),
            evidence: vec![format!(
                "pod {}: status.conditions[PodScheduled].reason = {}",
                p.metadata.name(),
                c.reason()
            )],
        })
    });
    unschedulable.or_else(|| {
        let (pod, waits) = target_pod_waits(s)?;
        let stuck: Vec<&(String, String)> = waits
            .iter()
            .filter(|(_, r)| STUCK_WAITING.contains(&r.as_str()))
            .collect();
        let (container, reason) = stuck.first()?;
        Some(Failure {
            plane: Plane::ControlPlane,
            kind: FailureKind::TargetNotReady,
            reason: format!(
                "target pod {pod} is scheduled but not Ready: container {container} is \
                    waiting ({reason}); the migration stays in Scheduling until it is Ready"
            ),
            evidence: stuck
                .iter()
                .map(|(c, r)| {
                    format!("pod {pod}: containerStatuses[{c}].state.waiting.reason = {r}")
                })
                .collect(),
        })
    })
}

/// The first event that says the migration failed or cannot start.
fn failure_event<'a>(s: &Seen<'a>) -> Option<&'a Event> {
    s.ctx.events.iter().copied().find(|e| {
        matches!(
            e.reason(),
            "migrationTargetPodUnschedulable"
                | "FailedMigration"
                | "MigrationBackoff"
                | "NoSuitableNodesForHostModelMigration"
                | "FailedCreate"
        ) || (e.reason() == "Migrated" && e.is_warning())
            || (e.reason() == "SyncFailed" && e.message().contains(IRRECOVERABLE_MESSAGE))
    })
}

/// `migrationState.failureReason`, or else a failure event (a data-plane event only once the
/// migration failed).
fn from_reason_or_event(s: &Seen<'_>, failed: bool) -> Option<Failure> {
    let failure_reason =
        s.ms.and_then(|m| m.failure_reason.clone())
            .filter(|r| !r.is_empty());
    if let Some(r) = failure_reason {
        let (plane, kind) = classify_failure_text(&r);
        return Some(Failure {
            plane,
            kind,
            evidence: vec![s.cite("failureReason", &r)],
            reason: said(&r),
        });
    }
    let e = failure_event(s)?;
    let (plane, kind) = match e.reason() {
        "migrationTargetPodUnschedulable" => {
            (Plane::ControlPlane, FailureKind::TargetUnschedulable)
        }
        "MigrationBackoff" => (Plane::ControlPlane, FailureKind::Backoff),
        "NoSuitableNodesForHostModelMigration" => {
            (Plane::ControlPlane, FailureKind::TargetUnschedulable)
        }
        _ => classify_failure_text(event_reason_text(e.message())),
    };
    (failed || plane == Plane::ControlPlane).then(|| Failure {
        plane,
        kind,
        reason: said(event_reason_text(e.message())),
        evidence: vec![format!(
            "event {} ({}): {}",
            e.reason(),
            e.type_.as_deref().unwrap_or("?"),
            e.message()
        )],
    })
}
