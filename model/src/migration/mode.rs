//! Mode changes: every migration starts in pre-copy; `migrationState.mode` says where it went
//! (PostCopy, or Paused by the migration monitor).

use super::report::ModeChange;
use super::seen::Seen;
use crate::time::Timestamp;

/// The change from pre-copy to the current mode, if the mode is another one.
pub(super) fn mode_changes(s: &Seen<'_>) -> Vec<ModeChange> {
    let mut mode_changes = Vec::new();
    if let Some(m) = &s.mode
        && m != "PreCopy"
    {
        let at = if m == "Paused" {
            s.ctx
                .vmi
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
            evidence: s.cite("mode", m),
        });
    }
    mode_changes
}
