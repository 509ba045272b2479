//! The writer's queue: its bounds, the state the recorder's tasks and the API share (counters and
//! the store's last error), and the drop-and-count send. Apart from the recorder so that its
//! producers (the observer, the sweeps) and its consumer (the writer) depend on it and not on
//! each other.

use super::Record;
use parking_lot::RwLock;
use std::sync::atomic::{AtomicU64, Ordering};
use tokio::sync::mpsc;

/// Records waiting for the writer, at most.
pub const QUEUE: usize = 16_384;
/// Records written per transaction, at most.
pub const BATCH: usize = 4096;
/// Details waiting to be built, at most.
pub const DETAIL_QUEUE: usize = 256;

/// State shared by the recorder's tasks and the API.
#[derive(Default)]
pub struct Shared {
    error: RwLock<Option<String>>,
    pub written: AtomicU64,
    pub dropped: AtomicU64,
    pub details_dropped: AtomicU64,
    pub failed_batches: AtomicU64,
    pub standby_skipped: AtomicU64,
    /// Whether the last claim made this replica the writer.
    pub writer: std::sync::atomic::AtomicBool,
}

impl Shared {
    /// Why history is off, if it is.
    pub fn error(&self) -> Option<String> {
        self.error.read().clone()
    }

    /// Whether writes work (no error since the last successful batch).
    pub fn enabled(&self) -> bool {
        self.error.read().is_none()
    }

    /// Sets (or clears) why history is off.
    pub(super) fn set_error(&self, e: Option<String>) {
        if *self.error.read() != e {
            *self.error.write() = e;
        }
    }

    /// The `strata_history_*` series of `/metrics`.
    pub fn register(&self, r: &mut prometheus_client::registry::Registry) {
        use prometheus_client::metrics::{counter::Counter, gauge::Gauge};
        let counter = |a: &AtomicU64| {
            let c: Counter = Counter::default();
            c.inc_by(a.load(Ordering::Relaxed));
            c
        };
        let enabled: Gauge = Gauge::default();
        enabled.set(i64::from(self.enabled()));
        r.register(
            "strata_history_enabled",
            "Whether history is recorded (1) or off (0, see /api/v1/history)",
            enabled,
        );
        r.register(
            "strata_history_written",
            "History records written",
            counter(&self.written),
        );
        r.register(
            "strata_history_dropped",
            "History records dropped: the writer's queue was full or the store refused them",
            counter(&self.dropped),
        );
        r.register(
            "strata_history_details_dropped",
            "Detail snapshots dropped because their queue was full",
            counter(&self.details_dropped),
        );
        r.register(
            "strata_history_failed_batches",
            "History batches the store refused",
            counter(&self.failed_batches),
        );
    }
}

/// Queues `r`; a full queue drops it and counts.
pub fn record(tx: &mpsc::Sender<Record>, shared: &Shared, r: Record) {
    if tx.try_send(r).is_err() {
        shared.dropped.fetch_add(1, Ordering::Relaxed);
    }
}
