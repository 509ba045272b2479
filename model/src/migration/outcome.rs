//! Where a migration stands (pending, in progress, succeeded, failed, aborted) and the one-line
//! headline that says so.

use super::failure::Failed;
use super::report::{AbortState, Outcome, Progress};
use super::seen::Seen;
use crate::kube::vmi::MigrationState;

/// The outcome from the VMIM phase, the migration state and the abort.
///
/// An abort that succeeded is `Aborted` only with proof of a user abort ([`super::abort::user_abort`]):
/// without it, it is the progress/completion timeout, and the migration `Failed`.
pub(super) fn outcome(s: &Seen<'_>, abort: AbortState, failed: bool) -> Outcome {
    let (vmim, ms, phase) = (s.vmim, s.ms, s.phase.as_str());
    let in_progress = ms.is_some_and(|m| m.is_in_progress(s.ctx.now));
    if abort == AbortState::Succeeded && (super::abort::user_abort(s) || !failed) {
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
        phase,
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
    }
}

/// `<name>: <where it stands>`, e.g. `mig-1: in progress 40% (PostCopy)`.
pub(super) fn headline(
    name: &str,
    s: &Seen<'_>,
    outcome: Outcome,
    failed: &Failed,
    progress: Option<&Progress>,
) -> String {
    let phase = &s.phase;
    let failure = &failed.failure;
    match outcome {
        Outcome::Succeeded => format!("{name}: succeeded"),
        Outcome::Aborted => format!("{name}: aborted"),
        Outcome::Failed if failed.irrecoverable => {
            format!("{name}: FAILED in post-copy — VM lost")
        }
        Outcome::Failed => format!(
            "{name}: failed — {}",
            failure
                .as_ref()
                .map(|f| f.reason.as_str())
                .unwrap_or("no reason recorded")
        ),
        Outcome::InProgress => {
            let pct = progress
                .and_then(|p| p.percent)
                .map(|p| format!(" {p:.0}%"))
                .unwrap_or_default();
            let mode = s
                .mode
                .as_deref()
                .map(|m| format!(" ({m})"))
                .unwrap_or_default();
            format!("{name}: in progress{pct}{mode}")
        }
        Outcome::Pending => match failure {
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
                phase
            }
        ),
    }
}
