//! What a migration row shows beyond the report's own fields: stable keys for the trigger and
//! the outcome (the URL's values), how long the migration ran, how old it is, and its nodes.

use model::api::MigrationRow;
use model::time::Timestamp;
use model::view::{Outcome, Trigger};

/// The URL value of a trigger: `user`, `evacuation`, `workload_update`, `descheduler`,
/// `unknown`.
pub fn trigger_key(t: &Trigger) -> &'static str {
    match t {
        Trigger::User => "user",
        Trigger::Evacuation { .. } => "evacuation",
        Trigger::WorkloadUpdate => "workload_update",
        Trigger::Descheduler { .. } => "descheduler",
        Trigger::Unknown => "unknown",
    }
}

/// Every trigger key, in the select's order.
pub const TRIGGERS: [&str; 5] = [
    "user",
    "evacuation",
    "workload_update",
    "descheduler",
    "unknown",
];

/// The URL value of an outcome (its serde name).
pub fn outcome_key(o: Outcome) -> &'static str {
    match o {
        Outcome::Pending => "pending",
        Outcome::InProgress => "in_progress",
        Outcome::Succeeded => "succeeded",
        Outcome::Failed => "failed",
        Outcome::Aborted => "aborted",
        Outcome::Unknown => "unknown",
    }
}

/// Every outcome key, in the select's order.
pub const OUTCOMES: [&str; 6] = [
    "pending",
    "in_progress",
    "succeeded",
    "failed",
    "aborted",
    "unknown",
];

/// When it started: the first phase transition, else its creation.
pub fn started(r: &MigrationRow) -> Option<Timestamp> {
    r.report
        .timeline
        .iter()
        .filter_map(|s| s.at)
        .min()
        .or(r.created)
}

/// How long it ran: from its start to its last phase transition when it is over, to `now` while
/// it runs. `None` without times.
pub fn duration_secs(r: &MigrationRow, now: Timestamp) -> Option<f64> {
    let start = started(r)?;
    let over = matches!(
        r.report.outcome,
        Outcome::Succeeded | Outcome::Failed | Outcome::Aborted
    );
    let end = if over {
        r.report.timeline.iter().filter_map(|s| s.at).max()?
    } else {
        now
    };
    Some(start.seconds_until(end).max(0.0))
}

/// How old it is (since its creation, else its start), against `now`.
pub fn age_secs(r: &MigrationRow, now: Timestamp) -> Option<f64> {
    r.created
        .or_else(|| started(r))
        .map(|c| c.seconds_until(now).max(0.0))
}

/// Its source and target nodes, as this migration's own state names them; the source of an
/// evacuation without a state is the node its annotation names.
pub fn nodes_of(r: &MigrationRow) -> (Option<&str>, Option<&str>) {
    let evacuated = match &r.report.trigger {
        Trigger::Evacuation { node } | Trigger::Descheduler { node } => node.as_deref(),
        _ => None,
    };
    (
        r.report.source_node.as_deref().or(evacuated),
        r.report.target_node.as_deref(),
    )
}
