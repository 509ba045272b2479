//! What a migration's progress cell says when it shows no figure: a finished migration is
//! complete; otherwise the progress is unknown, and the cell says why (not sending memory yet,
//! ended, or no metrics), never an empty cell or a 0 % bar.

use model::view::{MigrationReport, Outcome};

/// Why a row shows no progress figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gap {
    /// It succeeded: every page was sent.
    Complete,
    /// Memory is sent from the Running phase on; before it there is nothing to measure.
    /// The phases follow KubeVirt's `MigrationPhase` (staging/src/kubevirt.io/api/core/v1/types.go).
    NotSending,
    /// It failed or was aborted: the backend reads progress only while a migration runs.
    Ended,
    /// It runs, and Prometheus gave no migration series (none configured, or none yet).
    NoMetrics,
}

/// The phases before KubeVirt starts sending memory.
const BEFORE_SENDING: [&str; 5] = [
    "Pending",
    "Scheduling",
    "Scheduled",
    "PreparingTarget",
    "TargetReady",
];

/// `None` when the report carries any progress figure (a percent, data or a rate).
pub fn gap(r: &MigrationReport) -> Option<Gap> {
    let known = r.progress.as_ref().is_some_and(|p| {
        [
            p.percent,
            p.data_processed_bytes,
            p.data_remaining_bytes,
            p.transfer_rate_bytes_per_sec,
            p.dirty_rate_bytes_per_sec,
        ]
        .iter()
        .any(Option::is_some)
    });
    if known {
        return None;
    }
    Some(match r.outcome {
        Outcome::Succeeded => Gap::Complete,
        Outcome::Failed | Outcome::Aborted => Gap::Ended,
        _ if r.phase.is_empty() || BEFORE_SENDING.contains(&r.phase.as_str()) => Gap::NotSending,
        _ => Gap::NoMetrics,
    })
}
