//! The phase timeline of a VMIM: each phase with when it was entered and how long it lasted (the
//! current phase until now, unless the migration is over).

use super::report::TimelineStep;
use super::seen::Seen;
use crate::time::Timestamp;

/// The VMIM's phase transitions, oldest first, with durations.
pub(super) fn timeline(s: &Seen<'_>) -> Vec<TimelineStep> {
    let mut steps: Vec<(String, Option<Timestamp>)> = s
        .vmim
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
    let is_final_phase = s.is_final_phase;
    let now = if is_final_phase { None } else { s.ctx.now };
    steps
        .iter()
        .enumerate()
        .map(|(i, (p, at))| {
            let next = steps.get(i + 1).and_then(|n| n.1).or(now);
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
        .collect()
}
