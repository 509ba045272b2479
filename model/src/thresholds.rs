//! Every limit a rule judges against, in one place, each with what it means; the one "stuck in
//! a phase" rule and the one virt-handler heartbeat rule. It reads only `time` and `kube`: the
//! diagnosis, the migration interpretation, the cluster findings and the node pages read it.

use crate::kube::Node;
use crate::time::{Timestamp, format_duration};

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

/// virt-controller's `heartBeatTimeout` (`pkg/virt-controller/watch/node/node.go`,
/// `NewController`: `5 * time.Minute`): a virt-handler whose `kubevirt.io/heartbeat` annotation
/// is older is unresponsive (`isNodeUnresponsive`).
pub const HANDLER_HEARTBEAT_TIMEOUT_SECS: f64 = 300.0;

/// The longest wait between two heartbeats of a live virt-handler
/// (`pkg/virt-handler/heartbeat/heartbeat.go`: every minute through `wait.JitterUntil` with a
/// 1.2 jitter, so up to 2m12s).
pub const HANDLER_HEARTBEAT_INTERVAL_MAX_SECS: f64 = 132.0;

/// virt-handler's heartbeat on a node, judged as virt-controller's node controller judges it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HandlerBeat {
    /// The `kubevirt.io/heartbeat` annotation, parsed.
    pub at: Timestamp,
    /// Its age against now, when now is known.
    pub age_secs: Option<f64>,
    /// Older than [`HANDLER_HEARTBEAT_TIMEOUT_SECS`]: virt-controller treats virt-handler there
    /// as unresponsive. Never true without now.
    pub stale: bool,
}

/// The one heartbeat rule (`isNodeUnresponsive`, `pkg/virt-controller/watch/node/node.go`): a
/// node without the annotation, or with one that does not parse, is not judged (`None`);
/// otherwise the heartbeat is stale once older than [`HANDLER_HEARTBEAT_TIMEOUT_SECS`].
pub fn handler_beat(node: &Node, now: Option<Timestamp>) -> Option<HandlerBeat> {
    let at = node.handler_heartbeat()?;
    let age_secs = now.map(|n| at.seconds_until(n));
    Some(HandlerBeat {
        at,
        age_secs,
        stale: age_secs.is_some_and(|a| a > HANDLER_HEARTBEAT_TIMEOUT_SECS),
    })
}

impl HandlerBeat {
    /// Fresh: its age is known and within the timeout.
    pub fn fresh(&self) -> bool {
        self.age_secs.is_some() && !self.stale
    }
    /// Older than the longest wait between two heartbeats but not yet stale: virt-handler has
    /// missed beats, though virt-controller does not act on it yet.
    pub fn missed(&self) -> bool {
        !self.stale
            && self
                .age_secs
                .is_some_and(|a| a > HANDLER_HEARTBEAT_INTERVAL_MAX_SECS)
    }
    /// "56s old" or "12m03s old, older than virt-controller's 5m00s timeout".
    pub fn describe(&self) -> String {
        match self.age_secs {
            Some(a) if self.stale => format!(
                "{} old, older than virt-controller's {} timeout",
                format_duration(a),
                format_duration(HANDLER_HEARTBEAT_TIMEOUT_SECS)
            ),
            Some(a) => format!(
                "{} old, within virt-controller's {} timeout",
                format_duration(a),
                format_duration(HANDLER_HEARTBEAT_TIMEOUT_SECS)
            ),
            None => format!("written at {}", self.at),
        }
    }
}
