//! The recorder: turns the summary store's broadcast into history rows, off the hot path.
//!
//! * [`Observer`] diffs each summary against the last one seen for its VMI: a change of a
//!   layer's verdict (every layer of the diagnosis: control plane, node, guest, network,
//!   migration), of the headline or of the phase becomes a
//!   [`Transition`]; a verdict or headline change also asks for the page's detail. A first
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
//! * A failing store (disk full, database unusable) sets the error the API reports as "history
//!   is off"; the live console is unaffected, the writer backs off ([`super::writer`]), and the
//!   next batch that succeeds clears it.

use super::{Change, DynStore, Record, Snapshot, Transition, VmiId, now_ms, retention, sweep};
use crate::store::Store;
use crate::watch::Caches;
use model::view::summary::LayerGlance;
use model::wire::StreamMsg;
use model::{VmiKey, VmiSummary};
use parking_lot::{Mutex, RwLock};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use tokio::sync::{broadcast, mpsc};
use tokio::task::JoinHandle;

/// Records waiting for the writer, at most.
pub const QUEUE: usize = 16_384;
/// Records written per transaction, at most.
pub const BATCH: usize = 4096;
/// Details waiting to be built, at most.
pub const DETAIL_QUEUE: usize = 256;

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
        *shared.error.write() = Some(reason.into());
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
        let error = self.shared.error.read().clone();
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
        self.shared.error.read().clone()
    }
}

/// Queues `r`; a full queue drops it and counts.
pub fn record(tx: &mpsc::Sender<Record>, shared: &Shared, r: Record) {
    if tx.try_send(r).is_err() {
        shared.dropped.fetch_add(1, Ordering::Relaxed);
    }
}

/// What of a summary the history follows: 64 bytes, and the UID on the heap (thousands of VMIs
/// share a few phases and headlines, interned).
#[derive(Debug, Clone, PartialEq)]
struct Seen {
    /// `metadata.uid` (empty when the summary has none).
    uid: Box<str>,
    phase: Arc<str>,
    headline: Arc<str>,
    /// First seen at this time (milliseconds) with its baseline not written yet; [`NO_BASELINE`]
    /// once it is.
    baseline: i64,
    layers: LayerGlance,
}

/// [`Seen::baseline`] once the baseline is written (a plain `i64` keeps `Seen` 8 bytes smaller
/// than an `Option`).
const NO_BASELINE: i64 = i64::MIN;

impl Seen {
    fn same(&self, other: &Seen) -> bool {
        (&self.phase, self.layers, &self.headline) == (&other.phase, other.layers, &other.headline)
    }

    /// When the baseline waits: the time of the first sight.
    fn waiting(&self) -> Option<i64> {
        (self.baseline != NO_BASELINE).then_some(self.baseline)
    }
}

/// A VMI's key as the observer keeps it: `namespace/name` in one allocation (a [`VmiKey`] is two
/// strings, 48 bytes and two heap chunks). A namespace never holds a `/` (it is a DNS label), so
/// the first `/` splits it back.
fn joined(key: &VmiKey, buf: &mut String) {
    buf.clear();
    buf.push_str(&key.namespace);
    buf.push('/');
    buf.push_str(&key.name);
}

/// The [`VmiKey`] of a [`joined`] key.
fn split(k: &str) -> VmiKey {
    let (namespace, name) = k.split_once('/').unwrap_or(("", k));
    VmiKey {
        namespace: namespace.to_string(),
        name: name.to_string(),
    }
}

/// The [`joined`] keys met in a full pass over the store, as 64-bit fingerprints (std's SipHash
/// with fixed keys): 8 bytes a VMI for the pass, not a copy of every key. Two keys sharing one
/// fingerprint (about 1 in 10^11 at 10,000 VMIs) would only keep a deleted VMI's "Deleted" row
/// back until its next pass.
#[derive(Default)]
pub struct Met(std::collections::HashSet<u64>);

fn fingerprint(joined: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::hash::DefaultHasher::new();
    joined.hash(&mut h);
    h.finish()
}

/// Diffs summaries against the last seen per VMI.
///
/// A first sight writes nothing at once: the VMI waits in a queue for its baseline (phase,
/// five verdicts and headline, each from nothing), which [`Observer::baselines`] writes in
/// bounded rounds, so a start with 10,000 VMIs is not 70,000 rows (and their details) at once.
/// A VMI that changes or goes away before its round gets its baseline first, at the time it was
/// first seen, so the order of its rows is kept.
///
/// Per VMI it keeps one [`Seen`] under its [`joined`] key: about 125 bytes at 10,000 VMIs
/// (heaptrack), 140 with the key's allocator overhead, the map's spare room included, measured
/// before the UID was kept (it adds 16 bytes and a 36-byte string on the heap); of the
/// bench's `backend_rss_per_vmi_recorder` (about 500 bytes) the rest is SQLite (its code and
/// page cache) and the baseline rows in flight.
#[derive(Default)]
pub struct Observer {
    seen: HashMap<Box<str>, Seen>,
    /// VMIs whose baseline waits.
    waiting: usize,
    /// The key being looked up, [`joined`] (reused: a lookup allocates nothing).
    buf: String,
}

/// The rows of `key`'s baseline at `at`, as seen in `b`.
fn baseline(key: &VmiKey, b: &Seen, at: i64, out: &mut Vec<Record>) {
    let id = VmiId::new(key.clone(), &*b.uid);
    let t = |change, layer: Option<&str>, new: &str| {
        Record::Transition(
            id.clone(),
            Transition {
                at,
                change,
                layer: layer.map(str::to_string),
                old: String::new(),
                new: new.to_string(),
                title: b.headline.to_string(),
            },
        )
    };
    out.push(t(Change::Phase, None, &b.phase));
    for (layer, h) in b.layers.named() {
        out.push(t(Change::Verdict, Some(layer), h.as_str()));
    }
    out.push(t(Change::Headline, None, &b.headline));
}

impl Observer {
    /// Records what changed in `s` at `at`; returns whether the detail should be recorded (a
    /// verdict or the headline changed). A first sight only queues the VMI's baseline.
    pub fn observe(&mut self, s: &VmiSummary, at: i64, out: &mut Vec<Record>) -> bool {
        let uid = s.uid.as_deref().unwrap_or_default();
        joined(&s.key, &mut self.buf);
        if self
            .seen
            .get(self.buf.as_str())
            .is_some_and(|b| *b.uid != *uid)
        {
            // Another object under the same name: the one seen before went away.
            self.deleted(&s.key, at, out);
            joined(&s.key, &mut self.buf);
        }
        let now = Seen {
            uid: uid.into(),
            phase: crate::intern::intern(&s.phase),
            layers: s.layers,
            headline: crate::intern::intern(&s.headline),
            baseline: NO_BASELINE,
        };
        let Some(before) = self.seen.get_mut(self.buf.as_str()) else {
            self.seen.insert(
                self.buf.as_str().into(),
                Seen {
                    baseline: at,
                    ..now
                },
            );
            self.waiting += 1;
            return false;
        };
        if before.same(&now) {
            return false;
        }
        if let Some(first) = before.waiting() {
            before.baseline = NO_BASELINE;
            self.waiting -= 1;
            baseline(&s.key, before, first, out);
        }
        let id = VmiId::new(s.key.clone(), uid);
        let t = |change, layer: Option<&str>, old: &str, new: &str| {
            Record::Transition(
                id.clone(),
                Transition {
                    at,
                    change,
                    layer: layer.map(str::to_string),
                    old: old.to_string(),
                    new: new.to_string(),
                    title: s.headline.clone(),
                },
            )
        };
        if before.phase != now.phase {
            out.push(t(Change::Phase, None, &before.phase, &now.phase));
        }
        let mut verdict = false;
        for ((layer, old), (_, new)) in before.layers.named().into_iter().zip(now.layers.named()) {
            if old != new {
                verdict = true;
                out.push(t(Change::Verdict, Some(layer), old.as_str(), new.as_str()));
            }
        }
        if before.headline != now.headline {
            verdict = true;
            out.push(t(Change::Headline, None, &before.headline, &now.headline));
        }
        *before = now;
        verdict
    }

    /// Writes the baselines of at most `max` waiting VMIs, and no more than `max_details`: every
    /// first sight keeps its page, healthy or not, so the oldest moment the timeline offers
    /// opens as the others do; the keys whose page to record, with the time, go to `details`.
    /// Returns how many still wait.
    pub fn baselines(
        &mut self,
        max: usize,
        max_details: usize,
        out: &mut Vec<Record>,
        details: &mut Vec<(VmiId, i64)>,
    ) -> usize {
        let mut done = 0;
        for (key, b) in self.seen.iter_mut() {
            if done >= max.min(max_details) {
                // The rest would not fit: they wait for a later round.
                break;
            }
            let Some(at) = b.waiting() else {
                continue;
            };
            b.baseline = NO_BASELINE;
            let key = split(key);
            baseline(&key, b, at, out);
            details.push((VmiId::new(key, &*b.uid), at));
            done += 1;
        }
        self.waiting -= done;
        self.waiting
    }

    /// Whether some VMI waits for its baseline.
    pub fn waiting(&self) -> bool {
        self.waiting > 0
    }

    /// Records that `key` went away (after its baseline, if that still waited).
    pub fn deleted(&mut self, key: &VmiKey, at: i64, out: &mut Vec<Record>) {
        joined(key, &mut self.buf);
        if let Some(b) = self.seen.remove(self.buf.as_str()) {
            if let Some(first) = b.waiting() {
                self.waiting -= 1;
                baseline(key, &b, first, out);
            }
            out.push(Record::Transition(
                VmiId::new(key.clone(), b.uid),
                Transition {
                    at,
                    change: Change::Phase,
                    layer: None,
                    old: b.phase.to_string(),
                    new: "Deleted".into(),
                    title: b.headline.to_string(),
                },
            ));
        }
    }

    /// Applies one store message; pushes the keys whose detail to record into `details`.
    pub fn apply(
        &mut self,
        msg: &StreamMsg,
        at: i64,
        out: &mut Vec<Record>,
        details: &mut Vec<VmiId>,
    ) {
        match msg {
            StreamMsg::Upsert { item } => {
                if self.observe(item, at, out) {
                    details.push(id_of(item));
                }
            }
            StreamMsg::Delete { key } => self.deleted(key, at, out),
            StreamMsg::Snapshot { items, .. } => {
                let mut met = Met::default();
                for s in items {
                    self.observe_met(s, at, out, details, &mut met);
                }
                self.gone_unless(&met, at, out);
            }
            StreamMsg::Batch { msgs } => {
                for m in msgs {
                    self.apply(m, at, out, details);
                }
            }
        }
    }

    /// [`Observer::apply`] of an upsert met in a full pass over the store (a snapshot, or
    /// [`Store::subscribe_visiting`]), whose key `met` collects.
    pub fn observe_met(
        &mut self,
        s: &VmiSummary,
        at: i64,
        out: &mut Vec<Record>,
        details: &mut Vec<VmiId>,
        met: &mut Met,
    ) {
        if self.observe(s, at, out) {
            details.push(id_of(s));
        }
        met.0.insert(fingerprint(&self.buf));
    }

    /// Ends a full pass over the store: every VMI seen before that the pass did not meet went
    /// away (a deletion the observer missed while it lagged).
    pub fn gone_unless(&mut self, met: &Met, at: i64, out: &mut Vec<Record>) {
        let gone: Vec<VmiKey> = self
            .seen
            .keys()
            .filter(|k| !met.0.contains(&fingerprint(k)))
            .map(|k| split(k))
            .collect();
        for k in gone {
            self.deleted(&k, at, out);
        }
    }

    /// The VMIs seen, with their node.
    pub fn len(&self) -> usize {
        self.seen.len()
    }

    pub fn is_empty(&self) -> bool {
        self.seen.is_empty()
    }
}

/// The [`VmiId`] of a summary.
fn id_of(s: &VmiSummary) -> VmiId {
    VmiId::new(s.key.clone(), s.uid.clone().unwrap_or_default())
}

/// Starts recording: the observer of `summaries`, the detail builder, the event and migration
/// sweep over `caches`, and the retention task.
pub struct Recorder;

impl Recorder {
    pub fn start(
        handle: &Arc<HistoryHandle>,
        summaries: Arc<Store>,
        caches: Arc<Caches>,
        client: kube::Client,
    ) {
        let (Some(store), Some(tx)) = (handle.store.clone(), handle.tx.clone()) else {
            return;
        };
        let shared = handle.shared.clone();
        let (dtx, drx) = mpsc::channel(DETAIL_QUEUE);
        handle.adopt(tokio::spawn(detail_loop(
            drx,
            client,
            caches.clone(),
            tx.clone(),
            shared.clone(),
        )));
        handle.adopt(tokio::spawn(observe_loop(
            summaries.clone(),
            tx.clone(),
            dtx,
            shared.clone(),
        )));
        handle.adopt(sweep::spawn(summaries, caches, tx, shared));
        handle.adopt(retention::spawn(store, handle.bounds));
    }
}

/// VMIs whose baseline one round writes, at most.
pub const BASELINE_BATCH: usize = 256;
/// How often a round of baselines is written while some wait (and the store has synced).
pub const BASELINE_EVERY: std::time::Duration = std::time::Duration::from_millis(100);

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
    summaries: Arc<Store>,
    tx: mpsc::Sender<Record>,
    details: mpsc::Sender<(VmiId, i64)>,
    shared: Arc<Shared>,
) {
    let mut obs = Observer::default();
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
    loop {
        // The store's state without a copy of it: each summary is diffed under its read lock.
        let at = now_ms();
        let mut met = Met::default();
        let (_, mut rx) =
            summaries.subscribe_visiting(|s| obs.observe_met(s, at, &mut out, &mut keys, &mut met));
        obs.gone_unless(&met, at, &mut out);
        drop(met);
        send(&mut out);
        keys.drain(..).for_each(|k| ask(k, at));
        loop {
            tokio::select! {
                got = rx.recv() => match got {
                    Ok((_, msg)) => {
                        let at = now_ms();
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
                    Err(broadcast::error::RecvError::Lagged(_)) => break,
                    Err(broadcast::error::RecvError::Closed) => return,
                },
                _ = round.tick(), if obs.waiting() => {
                    if summaries.synced() && room_for_round(tx.capacity()) {
                        let max_details = details.capacity();
                        let left = obs.baselines(BASELINE_BATCH, max_details, &mut out, &mut first_keys);
                        send(&mut out);
                        first_keys.drain(..).for_each(|(k, at)| ask(k, at));
                        rounds += 1;
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

/// Builds and records the page of each queued VMI, as of when it changed: the evidence it is
/// diagnosed from ([`Snapshot`]). A VMI that is gone, or is another object by now, is skipped.
async fn detail_loop(
    mut rx: mpsc::Receiver<(VmiId, i64)>,
    client: kube::Client,
    caches: Arc<Caches>,
    tx: mpsc::Sender<Record>,
    shared: Arc<Shared>,
) {
    while let Some((id, at)) = rx.recv().await {
        let (ns, name) = (&id.key.namespace, &id.key.name);
        let Ok(Some(evidence)) = crate::evidence::collect(&client, &caches, ns, name).await else {
            continue;
        };
        let uid = evidence.vmi().and_then(|v| v.metadata.uid.as_deref());
        if uid.unwrap_or_default() != id.uid {
            continue;
        }
        let snapshot = Snapshot {
            now: Some(crate::evidence::now()),
            evidence,
        };
        record(&tx, &shared, Record::Detail(id, at, snapshot.compress()));
    }
}
