//! The recorder: turns the summary store's broadcast into history rows, off the hot path.
//!
//! * [`Observer`] diffs each summary against the last one seen for its VMI: a change of a
//!   layer's verdict (every layer of the diagnosis: control plane, node, guest, network,
//!   migration), of the headline or of the phase becomes a
//!   [`super::Transition`]; a verdict or headline change also asks for the page's detail. A first
//!   sight is a baseline, written later with its page in bounded rounds once the store has
//!   synced (so a start with many VMIs neither floods the queues nor competes with the start).
//! * Records go through a bounded channel to one writer task that writes whatever is waiting
//!   as one batch (one transaction). When the channel is full a record is dropped and counted,
//!   so neither the watchers nor the streams ever wait for the disk.
//! * Details are built by a separate task (the VMI and its pods are fetched, as for the page)
//!   from its own bounded queue, also drop-and-count, and kept as that evidence
//!   ([`Snapshot`]), so that reading them cuts them as the live page is cut.
//! * Every row carries the VMI's UID ([`VmiId`]): a summary with another UID under a key seen
//!   before is another VMI (deleted and created again), so the old one's history ends
//!   (`Deleted`) and the new one's starts with a baseline.
//! * Every cluster of a fleet is recorded ([`Recorder::start_fleet`]): an observer per cluster
//!   ([`Observers`]), its rows naming the cluster; a page is built with its cluster's client
//!   and caches; the sweep reads each cluster's caches. The queues and rounds are one for the
//!   fleet, bounded as for one cluster.
//! * A failing store (disk full, database unusable) sets the error the API reports as "history
//!   is off"; the live console is unaffected, the writer backs off ([`super::writer`]), and the
//!   next batch that succeeds clears it.

pub use super::observer::{Met, Observer};
pub use super::observers::Observers;
pub use super::queue::{BATCH, DETAIL_QUEUE, QUEUE, Shared, record};
use super::{DynStore, Record, Snapshot, VmiId, now_ms, retention, sweep};
use crate::store::Store;
use crate::watch::Caches;
use model::wire::StreamMsg;
use parking_lot::Mutex;
use serde::Serialize;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use tokio::sync::{broadcast, mpsc};
use tokio::task::JoinHandle;

/// `GET /api/v1/history`: whether history is being recorded, and why not.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Status {
    pub enabled: bool,
    /// Why history is off (or the last write failed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// `sqlite` or `postgres`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub backend: Option<&'static str>,
    /// Records written.
    pub written: u64,
    /// Records dropped because the writer's queue was full.
    pub dropped: u64,
    /// Detail snapshots dropped because their queue was full.
    pub details_dropped: u64,
    /// Batches the store refused.
    pub failed_batches: u64,
    /// This replica records; `false`: another replica sharing the store does (this one
    /// answers reads and takes over when that one goes).
    pub writer: bool,
    /// Records left to the recording replica.
    pub standby_skipped: u64,
}

/// The recorder as the rest of the backend sees it: the store to query, the status, and the
/// queue to record into. Its tasks stop when it is dropped.
pub struct HistoryHandle {
    store: Option<DynStore>,
    bounds: retention::Bounds,
    tx: Option<mpsc::Sender<Record>>,
    shared: Arc<Shared>,
    tasks: Mutex<Vec<JoinHandle<()>>>,
}

impl Drop for HistoryHandle {
    fn drop(&mut self) {
        for t in self.tasks.lock().iter() {
            t.abort();
        }
    }
}

impl HistoryHandle {
    /// History is off, for `reason`.
    pub fn off(reason: impl Into<String>) -> Arc<HistoryHandle> {
        let shared = Shared::default();
        shared.set_error(Some(reason.into()));
        Arc::new(HistoryHandle {
            store: None,
            bounds: retention::Bounds::default(),
            tx: None,
            shared: Arc::new(shared),
            tasks: Mutex::new(Vec::new()),
        })
    }

    /// A store with its writer task (and nothing feeding it yet), to be kept within `bounds`.
    pub fn with_store(store: DynStore, bounds: retention::Bounds) -> Arc<HistoryHandle> {
        let (tx, rx) = mpsc::channel(QUEUE);
        let shared = Arc::new(Shared::default());
        let writer = tokio::spawn(super::writer::write_loop(store.clone(), rx, shared.clone()));
        Arc::new(HistoryHandle {
            store: Some(store),
            bounds,
            tx: Some(tx),
            shared,
            tasks: Mutex::new(vec![writer]),
        })
    }

    /// The store, to query (also while writes fail: reads may still work).
    pub fn store(&self) -> Option<&DynStore> {
        self.store.as_ref()
    }

    pub fn shared(&self) -> &Arc<Shared> {
        &self.shared
    }

    /// Queues `r` for the writer; a full queue drops it (counted).
    pub fn record(&self, r: Record) {
        if let Some(tx) = &self.tx {
            record(tx, &self.shared, r);
        }
    }

    /// Keeps `task` running as long as the handle lives.
    pub fn adopt(&self, task: JoinHandle<()>) {
        self.tasks.lock().push(task);
    }

    pub fn status(&self) -> Status {
        let n = |a: &AtomicU64| a.load(Ordering::Relaxed);
        let error = self.shared.error();
        Status {
            enabled: self.store.is_some() && error.is_none(),
            error,
            backend: self.store.as_ref().map(|s| s.backend()),
            written: n(&self.shared.written),
            dropped: n(&self.shared.dropped),
            details_dropped: n(&self.shared.details_dropped),
            failed_batches: n(&self.shared.failed_batches),
            writer: self.store.is_some() && self.shared.writer.load(Ordering::Relaxed),
            standby_skipped: n(&self.shared.standby_skipped),
        }
    }

    /// The reason history is off, if it is.
    pub fn error(&self) -> Option<String> {
        self.shared.error()
    }
}

/// One watched cluster as the recorder reads it: its handle on the summary store, its caches
/// and the client its pages are fetched with.
#[derive(Clone)]
pub struct Source {
    pub store: Arc<Store>,
    pub caches: Arc<Caches>,
    pub client: kube::Client,
}

/// Starts recording: the observers of every cluster's summaries, the detail builder, the event
/// and migration sweep over each cluster's caches, and the retention task.
pub struct Recorder;

impl Recorder {
    /// Records one cluster (a one-cluster console, or a fleet's first alone).
    pub fn start(
        handle: &Arc<HistoryHandle>,
        summaries: Arc<Store>,
        caches: Arc<Caches>,
        client: kube::Client,
    ) {
        let one = Source {
            store: summaries,
            caches,
            client,
        };
        Recorder::start_fleet(handle, vec![one]);
    }

    /// Records every cluster of `sources` (the first cluster first) into the one history, each
    /// row naming its VMI's cluster: one writer queue, one detail queue and one round of
    /// baselines for them all, so the bounds are a one-cluster recorder's.
    pub fn start_fleet(handle: &Arc<HistoryHandle>, sources: Vec<Source>) {
        let (Some(store), Some(tx)) = (handle.store.clone(), handle.tx.clone()) else {
            return;
        };
        if sources.is_empty() {
            return;
        }
        let shared = handle.shared.clone();
        let (dtx, drx) = mpsc::channel(DETAIL_QUEUE);
        handle.adopt(tokio::spawn(detail_loop(
            drx,
            sources.clone(),
            tx.clone(),
            shared.clone(),
        )));
        let stores = sources.iter().map(|s| s.store.clone()).collect();
        handle.adopt(tokio::spawn(observe_loop(
            Observers::new(stores),
            tx.clone(),
            dtx,
            shared.clone(),
        )));
        let swept = sources.into_iter().map(|s| (s.store, s.caches)).collect();
        handle.adopt(sweep::spawn(swept, tx, shared));
        handle.adopt(retention::spawn(store, handle.bounds));
    }
}

/// VMIs whose baseline one round writes, at most.
pub const BASELINE_BATCH: usize = 256;
/// How often a round of baselines is written while some wait (and the store has synced).
pub const BASELINE_EVERY: std::time::Duration = std::time::Duration::from_millis(100);

/// How long after the recorder starts an observer that lagged waits for every cluster's first
/// list before starting again ([`Observers::all_listed_or`]): a cluster that cannot be reached
/// is not waited for longer.
pub const FLEET_LISTED_WAIT: std::time::Duration = std::time::Duration::from_secs(60);

/// Rows of one round of baselines, at most (phase, five verdicts, headline per VMI).
pub const ROUND_ROWS: usize = BASELINE_BATCH * 7;

/// Whether a round of baselines may be queued when the writer's queue has room for `capacity`
/// more records: only once at most one round's rows wait, so at most two rounds of rows (the
/// one being written and the next) are in memory at a time, not [`BATCH`] and more.
pub fn room_for_round(capacity: usize) -> bool {
    capacity + ROUND_ROWS >= QUEUE
}

/// Rounds of baselines between two trims of the allocator while baselines wait.
pub const TRIM_ROUNDS: usize = 10;

/// Whether the allocator is trimmed after the `rounds`-th round of baselines, which left `left`
/// waiting: every [`TRIM_ROUNDS`] rounds (a start with 10,000 VMIs writes 70,000 rows, freed
/// as they are written, over 40 rounds) and once none waits.
pub fn trim_after(rounds: usize, left: usize) -> bool {
    left == 0 || rounds.is_multiple_of(TRIM_ROUNDS)
}

/// Follows the store's broadcast; at the start and after a lag, starts again from the store's
/// state, visited under its lock rather than copied ([`Store::subscribe_visiting`]) and diffed,
/// so nothing is recorded twice. Between messages, once the store has synced, writes the
/// waiting baselines in rounds of [`BASELINE_BATCH`] while the writer has caught up (at most
/// one round's rows wait, [`room_for_round`]) and the detail builder has room, so first sights never crowd out
/// live changes nor overflow a queue, few of their rows are in memory at once, and the start
/// itself writes nothing.
async fn observe_loop(
    mut obs: Observers,
    tx: mpsc::Sender<Record>,
    details: mpsc::Sender<(VmiId, i64)>,
    shared: Arc<Shared>,
) {
    let mut out = Vec::new();
    let mut keys = Vec::new();
    let mut first_keys = Vec::new();
    let send = |out: &mut Vec<Record>| {
        for r in out.drain(..) {
            record(&tx, &shared, r);
        }
    };
    let ask = |key: VmiId, at: i64| {
        if details.try_send((key, at)).is_err() {
            shared.details_dropped.fetch_add(1, Ordering::Relaxed);
        }
    };
    let mut round = tokio::time::interval(BASELINE_EVERY);
    let mut rounds = 0;
    round.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let start_ends = tokio::time::Instant::now() + FLEET_LISTED_WAIT;
    let mut lagged = false;
    loop {
        if lagged {
            // Behind a cluster's first list: after the others' ([`Observers::all_listed_or`]).
            obs.all_listed_or(start_ends).await;
        }
        // The store's state without a copy of it: each summary is diffed under its read lock.
        let at = now_ms();
        let Some(mut rx) = obs.start(at, &mut out, &mut keys) else {
            return;
        };
        send(&mut out);
        keys.drain(..).for_each(|k| ask(k, at));
        // A full pass over 10,000 VMIs grows these to 10,000 entries: not kept for later.
        release(&mut out);
        release(&mut keys);
        loop {
            tokio::select! {
                got = rx.recv() => match got {
                    Ok((_, msg)) => {
                        let at = now_ms();
                        // Each cluster's part to its own observer.
                        obs.apply(&msg, at, &mut out, &mut keys);
                        send(&mut out);
                        keys.drain(..).for_each(|k| ask(k, at));
                        if matches!(*msg, StreamMsg::Snapshot { .. }) {
                            // The first sync's snapshot, a copy of every summary, is freed when
                            // its last reader drops it, often after the watcher's own trim.
                            drop(msg);
                            tokio::task::spawn_blocking(crate::memory::trim);
                        }
                    }
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        lagged = true;
                        break;
                    }
                    Err(broadcast::error::RecvError::Closed) => return,
                },
                _ = round.tick(), if obs.waiting() => {
                    if room_for_round(tx.capacity()) {
                        let max_details = details.capacity();
                        let left = obs.baselines(BASELINE_BATCH, max_details, &mut out, &mut first_keys);
                        send(&mut out);
                        first_keys.drain(..).for_each(|(k, at)| ask(k, at));
                        rounds += 1;
                        // A round's rows (`ROUND_ROWS`, about 0.5 MB) are not kept until the
                        // next round, 100 ms later.
                        release(&mut out);
                        release(&mut first_keys);
                        if trim_after(rounds, left) {
                            // The rows written meanwhile are freed: give their pages back.
                            tokio::task::spawn_blocking(crate::memory::trim);
                        }
                    }
                }
            }
        }
    }
}

/// Entries a reused buffer keeps room for between uses.
const KEEP: usize = 64;

/// Frees the room of an emptied buffer that a burst grew past [`KEEP`] entries.
fn release<T>(v: &mut Vec<T>) {
    if v.is_empty() && v.capacity() > KEEP {
        *v = Vec::new();
    }
}

/// Builds and records the page of each queued VMI, as of when it changed: the evidence it is
/// diagnosed from ([`Snapshot`]), fetched with its cluster's client and read from its cluster's
/// caches (the source whose store handle names the key's cluster). A VMI that is gone, or is
/// another object by now, is skipped.
async fn detail_loop(
    mut rx: mpsc::Receiver<(VmiId, i64)>,
    sources: Vec<Source>,
    tx: mpsc::Sender<Record>,
    shared: Arc<Shared>,
) {
    // Pages are built from the watches' caches: the VMs and events are listed after the VMIs
    // (`watch::AFTER_VMIS`), so wait for them (bounded, once per cluster, when its first page
    // is asked for) rather than fetch them page by page meanwhile. The baselines wait with the
    // queue: a round queues no more than it has room for.
    let mut settled = vec![false; sources.len()];
    while let Some((id, at)) = rx.recv().await {
        let Some(i) = sources
            .iter()
            .position(|s| s.store.cluster() == id.key.cluster)
        else {
            continue;
        };
        let source = &sources[i];
        if !settled[i] {
            let after = crate::watch::AFTER_VMIS;
            crate::watch::kinds_settled(&source.caches, &after, crate::watch::AFTER_VMIS_WAIT)
                .await;
            settled[i] = true;
        }
        let (ns, name) = (&id.key.namespace, &id.key.name);
        let collected = crate::evidence::collect(&source.client, &source.caches, ns, name).await;
        let Ok(Some(evidence)) = collected else {
            continue;
        };
        let uid = evidence.vmi().and_then(|v| v.metadata.uid.as_deref());
        if uid.unwrap_or_default() != id.uid {
            continue;
        }
        let snapshot = Snapshot {
            now: Some(crate::evidence::now(&source.caches)),
            evidence,
        };
        record(&tx, &shared, Record::Detail(id, at, snapshot.compress()));
    }
}
