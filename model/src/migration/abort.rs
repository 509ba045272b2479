//! The abort state machine: NotRequested → Requested → Aborting → Succeeded | Failed, from
//! `migrationState.abortStatus` / `abortRequested`, the `migrationAbortRequested` condition and a
//! deleted VMIM; and whether a user asked for the abort at all.
//!
//! KubeVirt's progress and completion timeouts abort through the same path
//! (`pkg/virt-launcher/virtwrap/live-migration-source.go`): up to v1.8 the monitor calls
//! `AbortJob` and sets `abortStatus: Succeeded` with "Live migration stuck for %d seconds and has
//! been aborted" / "Live migration is not completed after %d seconds and has been aborted"; from
//! v1.9 it calls `cancelMigration`, exactly like a user abort, and the failure reads "Live
//! migration has been aborted". So `abortStatus: Succeeded` alone does not prove a user abort.

use super::report::AbortState;
use super::seen::Seen;

/// Where the abort of this migration stands.
pub(super) fn abort_state(s: &Seen<'_>) -> AbortState {
    match s.ms.and_then(|m| m.abort_status.as_deref()) {
        Some("Succeeded") => AbortState::Succeeded,
        Some("Failed") => AbortState::Failed,
        Some("Aborting") => AbortState::Aborting,
        _ if requested(s) => AbortState::Requested,
        _ => AbortState::NotRequested,
    }
}

/// The one "abort requested" rule, on the objects themselves: `migrationState.abortRequested`,
/// the VMIM condition `migrationAbortRequested`=True, or a `deletionTimestamp` on a VMIM not yet
/// final. `updateStatus` in `pkg/virt-controller/watch/migration/migration.go` adds the
/// condition only for a deletion before the migration is final (`!migration.IsFinal()`), and the
/// controller garbage-collects finalized migrations itself (`garbageCollectFinalizedMigrations`),
/// so a deleted final VMIM is clean-up, not an abort.
fn requested(s: &Seen<'_>) -> bool {
    let (vmim, ms) = (s.vmim, s.ms);
    ms.is_some_and(|m| m.abort_requested == Some(true))
        || vmim
            .and_then(|m| m.condition("migrationAbortRequested"))
            .is_some_and(|c| c.is_true())
        || (vmim.is_some_and(|m| m.metadata.deletion_timestamp.is_some()) && !s.is_final_phase)
}

/// Proof that a user (or a tool) asked for the abort: the abort was [`requested`] on the
/// objects, or the controller's Warning `FailedMigration` "Migration failed due to being
/// canceled", or the v1.0 to v1.8 user abort failure text (libvirt's "canceled by client").
pub(super) fn user_abort(s: &Seen<'_>) -> bool {
    requested(s)
        || s.ctx.events.iter().any(|e| {
            e.reason() == "FailedMigration"
                && e.message()
                    .contains("Migration failed due to being canceled")
        })
        || s.ms
            .and_then(|m| m.failure_reason.as_deref())
            .is_some_and(|r| r.contains("canceled by client"))
}
