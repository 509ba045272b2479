//! The abort state machine: NotRequested → Requested → Aborting → Succeeded | Failed, from
//! `migrationState.abortStatus` / `abortRequested`, the `migrationAbortRequested` condition and a
//! deleted VMIM.

use super::report::AbortState;
use super::seen::Seen;

/// Where the abort of this migration stands.
pub(super) fn abort_state(s: &Seen<'_>) -> AbortState {
    let (vmim, ms) = (s.vmim, s.ms);
    let abort_cond = vmim
        .and_then(|m| m.condition("migrationAbortRequested"))
        .filter(|c| c.is_true());
    match ms.and_then(|m| m.abort_status.as_deref()) {
        Some("Succeeded") => AbortState::Succeeded,
        Some("Failed") => AbortState::Failed,
        Some("Aborting") => AbortState::Aborting,
        _ if ms.is_some_and(|m| m.abort_requested == Some(true)) || abort_cond.is_some() => {
            AbortState::Requested
        }
        _ if vmim.is_some_and(|m| m.metadata.deletion_timestamp.is_some()) && !s.is_final_phase => {
            AbortState::Requested
        }
        _ => AbortState::NotRequested,
    }
}
