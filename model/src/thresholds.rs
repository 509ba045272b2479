//! Every time limit a rule judges against, in one place, each with what it means. A leaf: the
//! diagnosis and the migration interpretation both read it.

/// An observation (VMI, pod, node status) older than this lowers the confidence of its layer.
pub const OLD_OBSERVATION_SECS: f64 = 300.0;

/// A migration waiting longer than this in a pending phase (Pending, Scheduling, …) without a
/// blocker is degraded rather than healthy.
pub const MIGRATION_PENDING_SECS: f64 = 300.0;

/// A sample of the migration metrics older than this (against now) gives no ETA.
pub const PROGRESS_SAMPLE_MAX_AGE_SECS: f64 = 60.0;
