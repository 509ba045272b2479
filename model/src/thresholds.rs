//! Every limit a rule judges against, in one place, each with what it means; and the one
//! "stuck in a phase" rule. A leaf: the diagnosis and the migration interpretation both read it.

use crate::time::Timestamp;

/// An observation (VMI, pod, node, migration, agent answer) older than this, against now, lowers
/// the confidence of the verdicts and is named as missing fresh evidence.
pub const OLD_OBSERVATION_SECS: f64 = 300.0;

/// A VMI in a starting phase (unset, Pending, Scheduling, Scheduled) or a migration in a pending
/// phase longer than this is stuck: degraded rather than healthy.
pub const STUCK_IN_PHASE_SECS: f64 = 300.0;

/// A Ready node whose last heartbeat is older than this, against now, may be a stale view.
pub const NODE_HEARTBEAT_STALE_SECS: f64 = 600.0;

/// A VMI Scheduled longer than this while its launcher pod runs: virt-handler cannot start the
/// domain (broken rather than degraded).
pub const SCHEDULED_WITHOUT_DOMAIN_SECS: f64 = 180.0;

/// A sample of the migration metrics older than this, against now, gives no ETA.
pub const PROGRESS_SAMPLE_MAX_AGE_SECS: f64 = 60.0;

/// A guest filesystem more than this fraction full is degraded.
pub const GUEST_FS_FULL_RATIO: f64 = 0.95;

/// How long something has been in its phase.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct InPhase {
    /// Seconds since the phase was entered, when both times are known.
    pub secs: Option<f64>,
    /// Longer than [`STUCK_IN_PHASE_SECS`].
    pub stuck: bool,
}

/// The "stuck in phase" rule: in the phase since `since`, judged against `now`.
pub fn in_phase(since: Option<Timestamp>, now: Option<Timestamp>) -> InPhase {
    let secs = since.zip(now).map(|(a, b)| a.seconds_until(b));
    InPhase {
        secs,
        stuck: secs.is_some_and(|w| w > STUCK_IN_PHASE_SECS),
    }
}

/// virt-controller's `heartBeatTimeout` (`pkg/virt-controller/watch/node/node.go`): a
/// virt-handler whose `kubevirt.io/heartbeat` annotation is older is unresponsive.
pub const HANDLER_HEARTBEAT_TIMEOUT_SECS: f64 = 300.0;
