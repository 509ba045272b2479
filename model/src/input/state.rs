//! Readings of *state*: a paste with no line that states a failure, whose objects' state is the
//! fault because of how long it has lasted. Read only when nothing else in the paste blames a
//! layer (`pipeline`), degraded, weighing least.
//!
//! A DataVolume's steps that move no data. CDI's `DataVolumePhase` values
//! (`staging/src/kubevirt.io/containerized-data-importer-api/pkg/apis/core/v1beta1/types.go`)
//! only move forward, and CDI's datavolume controller records an event on entering each, its
//! reason the phase's name (the event reasons the import, clone and upload controllers of
//! `pkg/controller/datavolume/` declare: `ImportScheduled`, `CloneScheduled`,
//! `SnapshotForSmartCloneInProgress`, `CSICloneInProgress`, …). Some steps transfer the data
//! and may rightly last long (`ImportInProgress`, a host-assisted `CloneInProgress`, an
//! `UploadReady` waiting for the user's upload); the others wait for a pod to be scheduled or
//! for the storage to make a snapshot, a claim or an expansion, and end within the controller's
//! requeues. A describe's `Events:` whose newest event is one of them, no Warning among them,
//! and no newer event for longer than the "stuck in a phase" limit
//! (`thresholds::STUCK_IN_PHASE_SECS`) shows the DataVolume stuck in that step: describe's
//! event ages are against the time the describe was taken, so the newest event's age is how
//! long nothing happened. The same steps are what `sightings` calls a DataVolume row stuck
//! before its population by its AGE.

use super::age::parse_interval;
use super::cells::spans;
use crate::evidence::Signal;
use crate::verdict::{Health, Layer};

/// The DataVolume phases (and the event reasons CDI records on entering them) that transfer no
/// data: scheduling the populating pod, or the storage's own snapshot, claim, expansion or
/// rebinding steps.
pub const DV_STEPS_WITHOUT_TRANSFER: &[&str] = &[
    "PVCBound",
    "ImportScheduled",
    "CloneScheduled",
    "UploadScheduled",
    "SnapshotForSmartCloneInProgress",
    "SmartClonePVCInProgress",
    "CloneFromSnapshotSourceInProgress",
    "CSICloneInProgress",
    "ExpansionInProgress",
    "NamespaceTransferInProgress",
    "PrepClaimInProgress",
    "RebindInProgress",
];

/// One describe event row: its line, whether it is a Warning, its reason and last-seen age.
struct Row<'a> {
    line: usize,
    warning: bool,
    reason: &'a str,
    age: u64,
}

/// `Normal|Warning  Reason  Age  From  Message` (the From cell may be cut away).
fn row(n: usize, line: &str) -> Option<Row<'_>> {
    let sp = spans(line.trim_start_matches('>').trim());
    if sp.len() < 4 {
        return None;
    }
    let warning = match sp[0].1 {
        "Warning" => true,
        "Normal" => false,
        _ => return None,
    };
    let reason = sp[1].1;
    if reason.contains(' ') {
        return None;
    }
    let age = parse_interval(sp[2].1)?.last?.secs();
    Some(Row {
        line: n,
        warning,
        reason,
        age,
    })
}

/// A signal for a DataVolume stuck in a step that moves no data, read from its events.
pub fn read(input: &str) -> Option<Signal> {
    let rows: Vec<Row> = input
        .lines()
        .enumerate()
        .filter_map(|(i, l)| row(i + 1, l))
        .collect();
    if rows.iter().any(|r| r.warning) {
        return None;
    }
    let newest = rows.iter().map(|r| r.age).min()?;
    let latest: Vec<&Row> = rows.iter().filter(|r| r.age == newest).collect();
    if newest as f64 <= crate::thresholds::STUCK_IN_PHASE_SECS
        || !latest
            .iter()
            .all(|r| DV_STEPS_WITHOUT_TRANSFER.contains(&r.reason))
    {
        return None;
    }
    let at = latest.last()?;
    let text = input.lines().nth(at.line - 1).unwrap_or_default();
    Some(Signal {
        signature: Some(format!("dv-stuck-step:{}", at.reason)),
        layer: Some(Layer::ControlPlane),
        plane: None,
        health: Health::Degraded,
        title: "a DataVolume has stayed in a step that moves no data, with nothing recorded since"
            .into(),
        cause: "CDI records an event on entering each phase of a DataVolume; the newest one \
            here is a step that only waits for its populating pod to be scheduled or for the \
            storage to make a snapshot, a claim or an expansion, and no event followed it for \
            longer than such a step takes, so the population is stuck there and the VM's disk \
            is not provisioned"
            .into(),
        next_steps: vec![
            "kubectl get dv,pvc,volumesnapshot -n <ns> (the DataVolume's phase and conditions, its claims and snapshots)".into(),
            "kubectl logs -n <cdi namespace> deploy/cdi-deployment (CDI's controller: why the step does not end)".into(),
        ],
        source: "CDI staging/src/kubevirt.io/containerized-data-importer-api/pkg/apis/core/\
            v1beta1/types.go (DataVolumePhase), pkg/controller/datavolume (its events)"
            .into(),
        line: at.line,
        from: "a describe's events".into(),
        excerpt: text.trim().chars().take(160).collect(),
    })
}
