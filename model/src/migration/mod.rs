//! Migration interpretation: from a VMIM (with the VMI's `migrationState`, events and migration
//! metrics) to a phase timeline with durations, mode changes, the abort state, the failure plane
//! and kind, progress, transfer versus dirty rate, an ETA when one can honestly be given, and
//! what triggered the migration. One file per concern; [`interpret`] only composes them.

mod abort;
mod failure;
mod findings;
mod mode;
mod outcome;
mod progress;
pub mod report;
mod seen;
mod timeline;
mod trigger;

use crate::kube::vmi::Vmi;
use crate::kube::{Event, MetricSample, Pod, Vmim};
use crate::time::Timestamp;
pub use failure::{IRRECOVERABLE_MESSAGE, classify_failure_text, event_reason_text};
use findings::Found;
pub use progress::{progress_from_metrics, progress_from_series, series_sample_name};
pub use report::{
    AbortState, Failure, FailureKind, MigrationReport, ModeChange, Outcome, Plane, Progress,
    TimelineStep, Trigger,
};
use seen::Seen;
pub use trigger::{EVACUATION_ANNOTATION, WORKLOAD_UPDATE_ANNOTATION};

/// What [`interpret`] looks at besides the VMIM.
#[derive(Debug, Clone, Copy, Default)]
pub struct MigrationContext<'a> {
    pub vmi: Option<&'a Vmi>,
    pub events: &'a [&'a Event],
    pub pods: &'a [&'a Pod],
    pub metrics: &'a [MetricSample],
    pub now: Option<Timestamp>,
}

/// Interprets a migration. `vmim` may be `None` when only the VMI's `migrationState` is known.
pub fn interpret(vmim: Option<&Vmim>, ctx: &MigrationContext<'_>) -> MigrationReport {
    let s = Seen::read(vmim, *ctx);
    let timeline = timeline::timeline(&s);
    let mode_changes = mode::mode_changes(&s);
    let abort = abort::abort_state(&s);
    let progress = progress_from_metrics(ctx.metrics, ctx.now);
    let failed = failure::failure(&s);
    let outcome = outcome::outcome(&s, abort, failed.failed);
    let mut findings = findings::findings(
        &s,
        &Found {
            abort,
            progress: progress.as_ref(),
            failed: &failed,
            outcome,
        },
    );
    crate::remedy::settle(&mut findings);
    let health = crate::verdict::combine(&findings);
    // Without a VMIM (only the VMI's migrationState), the migration has no name of its own.
    let name = if s.name.is_empty() {
        "last migration".to_string()
    } else {
        s.name.clone()
    };
    let headline = outcome::headline(&name, &s, outcome, &failed, progress.as_ref());
    let ms = s.ms;
    MigrationReport {
        name,
        namespace: s.namespace,
        vmi_name: s.vmi_name,
        phase: s.phase,
        outcome,
        trigger: vmim.map(trigger::trigger_of).unwrap_or(Trigger::Unknown),
        source_node: ms.and_then(|m| m.source_node.clone()),
        target_node: ms.and_then(|m| m.target_node.clone()),
        target_pod: ms.and_then(|m| m.target_pod.clone()),
        mode: s.mode,
        timeline,
        mode_changes,
        abort,
        failure: failed.failure,
        progress,
        irrecoverable: failed.irrecoverable,
        health,
        findings,
        headline,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kube::MetricSample;
    use crate::time::Timestamp;
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
        let msg = "VirtualMachineInstance migration uid 1234 failed. \
            reason:Live migration stuck for 150 sec and has been aborted";
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
        assert_eq!(
            classify_failure_text(
                "unable to connect to server: dial unix \
                    /var/run/kubevirt/migrationproxy/x.sock: connect: \
                    connection refused"
            )
            .0,
            Plane::DataPlane
        );
        assert_eq!(
            classify_failure_text("something else").1,
            FailureKind::Other
        );
    }
}
