//! The backend's store of VMI summaries, the single source for every browser stream.
//!
//! Watchers write; streams read. Each change gets the next sequence number, is kept in a bounded
//! log (so a reconnecting browser can resume with `Last-Event-ID`) and is broadcast. Broadcasting
//! never waits for a reader: a reader that falls behind learns it lagged and resyncs from a
//! snapshot, so one slow browser never stalls the watchers or other browsers.
//!
//! Memory: a summary is held once, in its compact form ([`Kept`]: interned phase, node and
//! headline, inline key, UID and IP). The set keeps it in an `Arc` which the log shares, and is
//! ordered by the key inside it (no second copy of the key); the broadcast carries the summary
//! as it was published, freed once every stream has read it. Snapshots are built on demand and
//! never logged (publishing one clears the log, since resuming from before it means starting
//! over anyway). The log is bounded by `log_len` changes, whatever the number of VMIs.
//! [`compact`] repacks the kept summaries into fresh allocations without holding the write lock
//! while it copies them.
//!
//! Several clusters (issue 32): one store serves the whole fleet — one set ordered by
//! (cluster, namespace, name) ([`Place`]), one sequence, one log, one broadcast, so the push
//! stream, its resume and its snapshot cover every cluster without merging anything at read
//! time. Each cluster writes through a handle of its own ([`Store::for_cluster`]) that stamps
//! its name on every key it writes and keeps its reads (a re-list's differences, lookups,
//! counts, passes over its VMIs) to its own VMIs; only [`Store::subscribe`], [`Store::snapshot`],
//! [`Store::all_items`] and [`Store::compact`] see the whole fleet. A one-cluster backend's
//! handle has the empty name: its keys read and write as before issue 32.

mod compact;
mod kept;
mod place;

use kept::Kept;
use model::wire::StreamMsg;
use model::{VmiKey, VmiSummary};
use parking_lot::{RwLock, RwLockReadGuard, RwLockWriteGuard};
use place::Place;
use std::borrow::Borrow;
use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use tokio::sync::broadcast;

/// A random non-zero epoch.
fn random_epoch() -> u64 {
    u64::from_le_bytes(crate::random::bytes::<8>()).max(1)
}

/// A VMI as a pass over all of them reads it ([`Store::placed_after`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    pub key: VmiKey,
    pub uid: Option<String>,
    pub node: Option<String>,
}

/// A message with its sequence number.
pub type Sequenced = (u64, Arc<StreamMsg>);

/// One VMI: its latest summary (shared with the log) and the resourceVersion it was projected
/// from, if known. Ordered, compared and looked up by the summary's key.
struct Entry {
    kept: Arc<Kept>,
    version: Option<u64>,
}

impl Entry {
    fn new(item: &VmiSummary, cluster: &Arc<str>, version: Option<u64>) -> Entry {
        Entry {
            kept: Arc::new(Kept::new(item, cluster)),
            version,
        }
    }

    fn key(&self) -> &Place {
        &self.kept.key
    }
}

impl Borrow<Place> for Entry {
    fn borrow(&self) -> &Place {
        self.key()
    }
}

impl PartialEq for Entry {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}

impl Eq for Entry {}

impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Entry {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(other.key())
    }
}

/// A logged change: an upsert shares the set's [`Kept`] summary (it is published again as a
/// message when a stream resumes from before it).
enum Logged {
    Upsert(Arc<Kept>),
    Msg(Arc<StreamMsg>),
}

impl Logged {
    fn msg(&self) -> Arc<StreamMsg> {
        match self {
            Logged::Upsert(k) => Arc::new(StreamMsg::Upsert { item: k.summary() }),
            Logged::Msg(m) => m.clone(),
        }
    }
}

struct Inner {
    seq: u64,
    items: BTreeSet<Entry>,
    log: VecDeque<(u64, Logged)>,
    /// The clusters whose VMIs were listed at least once.
    synced: BTreeSet<Arc<str>>,
}

/// What a new stream starts from.
pub enum Start {
    /// The messages after the client's `Last-Event-ID`.
    Resume(Vec<Sequenced>),
    /// A full snapshot, with the sequence number it reflects.
    Snapshot(Sequenced),
}

/// Changes kept for `Last-Event-ID` resume: enough for a browser that reconnects after a short
/// outage under steady churn; older ids get a fresh snapshot.
pub const LOG_LEN: usize = 2048;

/// What every cluster's handle shares: the fleet's summaries, log and broadcast.
struct Hub {
    inner: RwLock<Inner>,
    tx: broadcast::Sender<Sequenced>,
    log_len: usize,
    /// Random per store (so per process): sequence numbers of another instance are not ours.
    epoch: u64,
    /// How many compactions ran ([`Store::compact`]).
    compactions: AtomicU64,
}

/// One cluster's handle on the fleet's store (see the module documentation).
pub struct Store {
    hub: Arc<Hub>,
    /// The name stamped on the keys this handle writes; empty for a one-cluster backend.
    cluster: Arc<str>,
}

impl Store {
    /// `log_len` bounds how many changes are kept for resume; `channel` bounds how far a stream
    /// may fall behind before it is cut to a resync. The handle's cluster is the empty name.
    pub fn new(log_len: usize, channel: usize) -> Store {
        let (tx, _) = broadcast::channel(channel.max(1));
        let hub = Hub {
            inner: RwLock::new(Inner {
                seq: 0,
                items: BTreeSet::new(),
                log: VecDeque::new(),
                synced: BTreeSet::new(),
            }),
            tx,
            log_len,
            epoch: random_epoch(),
            compactions: AtomicU64::new(0),
        };
        Store {
            hub: Arc::new(hub),
            cluster: "".into(),
        }
    }

    /// A handle on the same store for the cluster called `name`.
    pub fn for_cluster(&self, name: &str) -> Store {
        Store {
            hub: self.hub.clone(),
            cluster: name.into(),
        }
    }

    /// The name this handle stamps on keys (empty: the one cluster of a one-cluster backend).
    pub fn cluster(&self) -> &str {
        &self.cluster
    }

    /// Where `key` is kept for this handle's cluster (whatever cluster the key names).
    fn place(&self, key: &VmiKey) -> Place {
        Place::new(&self.cluster, key)
    }

    /// This handle's VMIs, in key order.
    fn own<'a>(&self, inner: &'a Inner) -> impl Iterator<Item = &'a Entry> {
        use std::ops::Bound::{Included, Unbounded};
        let from = Place::first_of(&self.cluster);
        let cluster = self.cluster.clone();
        let range = inner.items.range::<Place, _>((Included(from), Unbounded));
        range.take_while(move |e| e.key().cluster == cluster)
    }

    /// The part of `msg` about this handle's cluster (`None`: nothing of it).
    pub fn own_part(&self, msg: &Arc<StreamMsg>) -> Option<Arc<StreamMsg>> {
        let mine = |k: &VmiKey| *k.cluster == *self.cluster;
        match &**msg {
            StreamMsg::Upsert { item } => mine(&item.key).then(|| msg.clone()),
            StreamMsg::Delete { key } => mine(key).then(|| msg.clone()),
            StreamMsg::Snapshot { items, synced } if !items.iter().all(|s| mine(&s.key)) => {
                Some(Arc::new(StreamMsg::Snapshot {
                    items: items.iter().filter(|s| mine(&s.key)).cloned().collect(),
                    synced: *synced,
                }))
            }
            StreamMsg::Snapshot { .. } => Some(msg.clone()),
            StreamMsg::Batch { msgs } => {
                let part: Vec<StreamMsg> = msgs
                    .iter()
                    .filter(|m| match m {
                        StreamMsg::Upsert { item } => mine(&item.key),
                        StreamMsg::Delete { key } => mine(key),
                        _ => true,
                    })
                    .cloned()
                    .collect();
                (!part.is_empty()).then(|| Arc::new(StreamMsg::Batch { msgs: part }))
            }
        }
    }

    /// This store's epoch: stream ids carry it, so a `Last-Event-ID` from an earlier process or
    /// another replica is recognised as foreign (and answered with a snapshot).
    pub fn epoch(&self) -> u64 {
        self.hub.epoch
    }

    fn write(&self) -> RwLockWriteGuard<'_, Inner> {
        self.hub.inner.write()
    }

    fn read(&self) -> RwLockReadGuard<'_, Inner> {
        self.hub.inner.read()
    }

    /// Publishes `msg`, logged as `logged` (a snapshot is not logged: it clears the log).
    fn publish(&self, inner: &mut Inner, msg: Arc<StreamMsg>, logged: Option<Logged>) {
        inner.seq += 1;
        match logged {
            Some(l) => {
                inner.log.push_back((inner.seq, l));
                while inner.log.len() > self.hub.log_len {
                    inner.log.pop_front();
                }
            }
            None => {
                inner.log.clear();
                inner.log.shrink_to_fit();
            }
        }
        let _ = self.hub.tx.send((inner.seq, msg));
    }

    /// Publishes a message that is not an upsert: a delete is logged, a snapshot clears the log.
    fn publish_msg(&self, inner: &mut Inner, msg: StreamMsg) {
        let msg = Arc::new(msg);
        let logged = match *msg {
            StreamMsg::Snapshot { .. } => None,
            _ => Some(Logged::Msg(msg.clone())),
        };
        self.publish(inner, msg, logged)
    }

    /// Stores and publishes `item` under this handle's cluster unless it equals what is
    /// stored.
    fn put(&self, inner: &mut Inner, mut item: VmiSummary, version: Option<u64>) {
        if *item.key.cluster != *self.cluster {
            item.key.cluster = self.cluster.to_string();
        }
        let key = self.place(&item.key);
        if let Some(e) = inner.items.get(&key)
            && e.kept.is(&item)
        {
            if version.is_some_and(|v| e.version != Some(v))
                && let Some(mut e) = inner.items.take(&key)
            {
                e.version = version;
                inner.items.insert(e);
            }
            return;
        }
        let entry = Entry::new(&item, &self.cluster, version);
        let logged = Logged::Upsert(entry.kept.clone());
        // `replace`, not `insert`: an equal (same key) entry must give way.
        inner.items.replace(entry);
        self.publish(inner, Arc::new(StreamMsg::Upsert { item }), Some(logged));
    }

    /// Adds or changes a VMI. An unchanged summary publishes nothing.
    pub fn upsert(&self, item: VmiSummary) {
        self.upsert_version(item, None)
    }

    /// Adds or changes a VMI projected from the object at `version` (its resourceVersion).
    pub fn upsert_version(&self, item: VmiSummary, version: Option<u64>) {
        let mut inner = self.write();
        self.put(&mut inner, item, version);
    }

    /// Re-projects a VMI the store already holds (after its pods, nodes or migrations changed),
    /// unless the store has it from a newer object or no longer has it. Returns whether it
    /// was taken.
    pub fn refresh(&self, item: VmiSummary, version: Option<u64>) -> bool {
        let mut inner = self.write();
        let Some(e) = inner.items.get(&self.place(&item.key)) else {
            return false;
        };
        if let (Some(have), Some(new)) = (e.version, version)
            && new < have
        {
            return false;
        }
        self.put(&mut inner, item, version);
        true
    }

    /// Whether the store holds `key` in this handle's cluster.
    pub fn contains(&self, key: &VmiKey) -> bool {
        self.read().items.contains(&self.place(key))
    }

    /// How many VMIs the store holds for this handle's cluster.
    pub fn len(&self) -> usize {
        self.own(&self.read()).count()
    }

    /// Whether the store holds no VMI.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Removes a VMI of this handle's cluster.
    pub fn delete(&self, key: &VmiKey) {
        let mut inner = self.write();
        let place = self.place(key);
        if inner.items.remove(&place) {
            let key = place.to_vmi_key();
            self.publish_msg(&mut inner, StreamMsg::Delete { key });
        }
    }

    /// Replaces this handle's cluster's VMIs after a (re)list, publishing only the differences,
    /// and marks the cluster synced (the other clusters' VMIs stay as they are).
    pub fn replace_all(&self, items: Vec<VmiSummary>) {
        self.replace_all_versions(items.into_iter().map(|s| (s, None)).collect())
    }

    /// [`Store::replace_all`] with the resourceVersion each summary was projected from.
    pub fn replace_all_versions(&self, items: Vec<(VmiSummary, Option<u64>)>) {
        let mut inner = self.write();
        let fresh: BTreeMap<Place, (VmiSummary, Option<u64>)> = items
            .into_iter()
            .map(|s| (self.place(&s.0.key), s))
            .collect();
        let gone: Vec<Place> = self
            .own(&inner)
            .map(Entry::key)
            .filter(|k| !fresh.contains_key(*k))
            .cloned()
            .collect();
        for key in gone {
            inner.items.remove(&key);
            let key = key.to_vmi_key();
            self.publish_msg(&mut inner, StreamMsg::Delete { key });
        }
        for (item, version) in fresh.into_values() {
            self.put(&mut inner, item, version);
        }
        let first = inner.synced.is_empty();
        inner.synced.insert(self.cluster.clone());
        if first {
            // Streams opened before the first sync got an empty, unsynced snapshot; tell them.
            let snapshot = Self::snapshot_of(&inner).1;
            self.publish(&mut inner, snapshot, None);
        }
    }

    /// Whether this handle's cluster's VMIs were listed.
    pub fn synced(&self) -> bool {
        self.read().synced.contains(&self.cluster)
    }

    /// This handle's cluster's summaries, sorted by key.
    pub fn items(&self) -> Vec<VmiSummary> {
        self.own(&self.read()).map(|e| e.kept.summary()).collect()
    }

    /// Every cluster's summaries, sorted by key (cluster first).
    pub fn all_items(&self) -> Vec<VmiSummary> {
        self.read().items.iter().map(|e| e.kept.summary()).collect()
    }

    /// Every VMI's key and node, sorted by key: what a pass over all VMIs needs, without a copy
    /// of every summary.
    pub fn keys_and_nodes(&self) -> Vec<(VmiKey, Option<String>)> {
        let inner = self.read();
        let items = self.own(&inner).map(|e| &e.kept);
        items.map(|k| (k.key.to_vmi_key(), k.node())).collect()
    }

    /// Calls `f` with every VMI's namespace and layers, in key order, under the read lock and
    /// without a copy of any summary (a cluster's counts per verdict).
    pub fn each_glance(&self, mut f: impl FnMut(&str, model::view::summary::LayerGlance)) {
        for e in self.own(&self.read()) {
            f(e.kept.key.key.namespace(), e.kept.layers());
        }
    }

    /// Like [`Store::keys_and_nodes`] (with the UIDs), at most `max` of them, those after
    /// `after` (from the first without it): a pass over every VMI a chunk at a time.
    pub fn placed_after(&self, after: Option<&VmiKey>, max: usize) -> Vec<Placed> {
        use std::ops::Bound::{Excluded, Included, Unbounded};
        let inner = self.read();
        let from = match after {
            Some(k) => Excluded(self.place(k)),
            None => Included(Place::first_of(&self.cluster)),
        };
        let items = inner.items.range::<Place, _>((from, Unbounded));
        let cluster = self.cluster.clone();
        items
            .take_while(|e| e.key().cluster == cluster)
            .take(max)
            .map(|e| Placed {
                key: e.key().to_vmi_key(),
                uid: e.kept.uid(),
                node: e.kept.node(),
            })
            .collect()
    }

    /// The UID of the VMI held under `key`.
    pub fn uid(&self, key: &VmiKey) -> Option<String> {
        let inner = self.read();
        inner.items.get(&self.place(key)).and_then(|e| e.kept.uid())
    }

    /// The UIDs of the VMIs whose key `keep` accepts.
    pub fn uids(&self, keep: impl Fn(&VmiKey) -> bool) -> Vec<String> {
        let inner = self.read();
        let items = self.own(&inner).map(|e| &e.kept);
        items
            .filter(|k| keep(&k.key.to_vmi_key()))
            .filter_map(|k| k.uid())
            .collect()
    }

    /// Subscribes a new stream. With `last_seen`, it resumes when the log still covers it.
    pub fn subscribe(&self, last_seen: Option<u64>) -> (Start, broadcast::Receiver<Sequenced>) {
        let inner = self.read();
        let rx = self.hub.tx.subscribe();
        if let Some(last) = last_seen {
            let covered = last == inner.seq
                || inner
                    .log
                    .front()
                    .is_some_and(|(s, _)| *s <= last.saturating_add(1));
            if covered && last <= inner.seq {
                let missed = inner
                    .log
                    .iter()
                    .filter(|(s, _)| *s > last)
                    .map(|(s, l)| (*s, l.msg()))
                    .collect();
                return (Start::Resume(missed), rx);
            }
        }
        (Start::Snapshot(Self::snapshot_of(&inner)), rx)
    }

    /// Subscribes a new reader that starts from this handle's cluster's state like a snapshot
    /// does (the messages received are the whole fleet's: [`Store::own_part`]), but
    /// hands each summary to `visit` under the read lock, built from its kept form one at a
    /// time, instead of copying them all (a snapshot of 10,000 VMIs is megabytes, freed at
    /// once): the recorder's (re)start. Writers wait meanwhile, so `visit` must be quick.
    /// Returns the sequence number the state reflects.
    pub fn subscribe_visiting(
        &self,
        mut visit: impl FnMut(&VmiSummary),
    ) -> (u64, broadcast::Receiver<Sequenced>) {
        let inner = self.read();
        let rx = self.hub.tx.subscribe();
        self.own(&inner).for_each(|e| visit(&e.kept.summary()));
        (inner.seq, rx)
    }

    /// [`Store::subscribe_visiting`] over every cluster's VMIs, whichever the handle: the
    /// recorder of a fleet, which observes every cluster from one subscription.
    pub fn subscribe_visiting_all(
        &self,
        mut visit: impl FnMut(&VmiSummary),
    ) -> (u64, broadcast::Receiver<Sequenced>) {
        let inner = self.read();
        let rx = self.hub.tx.subscribe();
        inner.items.iter().for_each(|e| visit(&e.kept.summary()));
        (inner.seq, rx)
    }

    /// A snapshot of every cluster's current state (synced once any cluster was listed).
    pub fn snapshot(&self) -> Sequenced {
        Self::snapshot_of(&self.read())
    }

    fn snapshot_of(inner: &Inner) -> Sequenced {
        let items = inner.items.iter().map(|e| e.kept.summary()).collect();
        (
            inner.seq,
            Arc::new(StreamMsg::Snapshot {
                items,
                synced: !inner.synced.is_empty(),
            }),
        )
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    pub(super) fn s(name: &str, phase: &str) -> VmiSummary {
        let vmi = model::kube::vmi::Vmi::from_value(&serde_json::json!({
            "metadata": {"name": name, "namespace": "ns"}, "status": {"phase": phase}
        }));
        VmiSummary::from_vmi(&vmi)
    }

    #[test]
    fn clusters_share_one_stream_and_never_touch_each_others_vmis() {
        let first = Store::new(100, 16);
        let b = first.for_cluster("b");
        let (_, mut rx) = first.subscribe(None);
        first.replace_all(vec![s("x", "Running"), s("y", "Running")]);
        assert!(first.synced() && !b.synced());
        b.replace_all(vec![s("x", "Failed")]);
        assert!(b.synced());
        // A re-list of one cluster leaves the other's VMIs alone.
        first.replace_all(vec![s("x", "Running")]);
        assert_eq!((first.len(), b.len()), (1, 1));
        let keys = |v: Vec<VmiSummary>| -> Vec<(String, String, String)> {
            v.into_iter()
                .map(|i| (i.key.cluster, i.key.name, i.phase))
                .collect()
        };
        let want = [("", "x", "Running"), ("b", "x", "Failed")]
            .map(|(c, n, p)| (c.to_string(), n.to_string(), p.to_string()));
        assert_eq!(keys(first.all_items()), want);
        assert_eq!(keys(b.items()), want[1..]);
        assert_eq!(b.placed_after(None, 10).len(), 1);
        assert_eq!(b.placed_after(Some(&s("x", "").key), 10).len(), 0);
        // Every change went out on the one channel, under its cluster's key.
        let mut seen = vec![];
        while let Ok((_, m)) = rx.try_recv() {
            seen.push(m);
        }
        let named: Vec<String> = seen
            .iter()
            .filter_map(|m| match &**m {
                StreamMsg::Upsert { item } => Some(format!("up {}", item.key)),
                StreamMsg::Delete { key } => Some(format!("del {key}")),
                _ => None,
            })
            .collect();
        assert_eq!(named, ["up ns/x", "up ns/y", "up b:ns/x", "del ns/y"]);
        // Each handle's part of a message is its cluster's alone.
        let (_, snap) = first.snapshot();
        let part = |st: &Store| match st.own_part(&snap).as_deref() {
            Some(StreamMsg::Snapshot { items, .. }) => keys(items.clone()),
            other => panic!("{other:?}"),
        };
        assert_eq!(
            (part(&first), part(&b)),
            (want[..1].to_vec(), want[1..].to_vec())
        );
        b.delete(&s("x", "").key);
        assert!(first.contains(&s("x", "").key) && !b.contains(&s("x", "").key));
    }

    #[test]
    fn keys_come_a_chunk_at_a_time_in_order() {
        let store = Store::new(100, 16);
        for n in ["c", "a", "d", "b", "e"] {
            store.upsert(s(n, "Running"));
        }
        let names = |v: Vec<Placed>| -> Vec<String> { v.into_iter().map(|p| p.key.name).collect() };
        let first = store.placed_after(None, 2);
        assert_eq!(names(first.clone()), ["a", "b"]);
        let next = store.placed_after(Some(&first[1].key), 2);
        assert_eq!(names(next.clone()), ["c", "d"]);
        let last = store.placed_after(Some(&next[1].key), 2);
        assert_eq!(names(last.clone()), ["e"]);
        assert!(store.placed_after(Some(&last[0].key), 2).is_empty());
    }

    #[test]
    fn a_visiting_subscriber_sees_what_a_snapshot_holds_and_then_every_change() {
        let store = Store::new(100, 16);
        store.upsert(s("b", "Pending"));
        store.upsert(s("a", "Running"));
        let (seq, snapshot) = store.snapshot();
        let StreamMsg::Snapshot { items, .. } = &*snapshot else {
            panic!("a snapshot");
        };
        let mut seen = Vec::new();
        let (at, mut rx) = store.subscribe_visiting(|s| seen.push(s.clone()));
        assert_eq!((at, &seen), (seq, items));
        store.upsert(s("a", "Failed"));
        let (next, m) = rx.try_recv().unwrap();
        assert_eq!(next, seq + 1);
        assert!(matches!(&*m, StreamMsg::Upsert { item } if item.phase == "Failed"));
    }

    #[test]
    fn resume_returns_only_missed_changes() {
        let store = Store::new(100, 16);
        store.upsert(s("a", "Pending"));
        store.upsert(s("b", "Pending"));
        let (_, _rx) = store.subscribe(None);
        store.upsert(s("a", "Running"));
        match store.subscribe(Some(2)).0 {
            Start::Resume(missed) => {
                assert_eq!(missed.len(), 1);
                assert_eq!(missed[0].0, 3);
                assert!(
                    matches!(&*missed[0].1, StreamMsg::Upsert { item } if item.phase == "Running")
                );
            }
            Start::Snapshot(_) => panic!("expected a resume"),
        }
    }

    #[test]
    fn too_old_or_future_ids_get_a_snapshot() {
        let store = Store::new(2, 16);
        for i in 0..5 {
            store.upsert(s(&format!("v{i}"), "Running"));
        }
        assert!(matches!(store.subscribe(Some(1)).0, Start::Snapshot(_)));
        assert!(matches!(store.subscribe(Some(99)).0, Start::Snapshot(_)));
        assert!(matches!(store.subscribe(Some(4)).0, Start::Resume(m) if m.len() == 1));
    }

    #[test]
    fn unchanged_upsert_publishes_nothing_and_replace_diffs() {
        let store = Store::new(100, 16);
        let (_, mut rx) = store.subscribe(None);
        store.upsert(s("a", "Running"));
        store.upsert(s("a", "Running"));
        store.replace_all(vec![s("a", "Running"), s("b", "Pending")]);
        let mut kinds = vec![];
        while let Ok((_, m)) = rx.try_recv() {
            kinds.push(match &*m {
                StreamMsg::Upsert { item } => format!("up {}", item.key.name),
                StreamMsg::Delete { key } => format!("del {}", key.name),
                StreamMsg::Snapshot { items, synced } => format!("snap {} {synced}", items.len()),
                StreamMsg::Batch { .. } => "batch (the store never publishes one)".into(),
            });
        }
        assert_eq!(kinds, ["up a", "up b", "snap 2 true"]);
        store.replace_all(vec![s("b", "Pending")]);
        assert_eq!(store.items().len(), 1);
        assert!(store.synced());
    }

    #[test]
    fn entries_are_found_by_key_and_replaced_not_duplicated() {
        let store = Store::new(100, 16);
        for name in ["c", "a", "b"] {
            store.upsert_version(s(name, "Pending"), Some(1));
        }
        store.upsert_version(s("b", "Running"), Some(2));
        // The same summary from a newer object publishes nothing but keeps the version.
        let seq = store.snapshot().0;
        store.upsert_version(s("b", "Running"), Some(5));
        assert_eq!(store.snapshot().0, seq);
        assert!(!store.refresh(s("b", "Failed"), Some(4)));
        let names = |st: &Store| -> Vec<(String, String)> {
            st.items()
                .into_iter()
                .map(|i| (i.key.name, i.phase))
                .collect()
        };
        let want = [("a", "Pending"), ("b", "Running"), ("c", "Pending")]
            .map(|(n, p)| (n.to_string(), p.to_string()));
        assert_eq!(names(&store), want);
        store.compact(|| ());
        assert_eq!(names(&store), want);
        assert!(store.contains(&s("c", "Pending").key));
        store.delete(&s("c", "Pending").key);
        assert_eq!(store.len(), 2);
        assert!(
            !store.refresh(s("b", "Failed"), Some(4)),
            "versions survive"
        );
    }

    #[test]
    fn snapshots_clear_the_log_and_refresh_never_goes_back() {
        let store = Store::new(100, 16);
        store.upsert(s("a", "Pending"));
        store.replace_all_versions(vec![(s("a", "Running"), Some(7))]);
        let seq = store.snapshot().0;
        // The log held only changes, and the snapshot cleared it: older ids get a snapshot.
        assert!(matches!(store.subscribe(Some(1)).0, Start::Snapshot(_)));
        assert!(matches!(store.subscribe(Some(seq)).0, Start::Resume(m) if m.is_empty()));
        // A re-projection from an older object is ignored; from the same or newer one, taken.
        assert!(!store.refresh(s("a", "Failed"), Some(6)));
        assert_eq!(store.items()[0].phase, "Running");
        assert!(store.refresh(s("a", "Paused"), Some(7)));
        assert_eq!(store.items()[0].phase, "Paused");
        // Only VMIs the store holds are refreshed.
        assert!(!store.refresh(s("b", "Running"), Some(9)));
        assert_eq!(store.len(), 1);
        store.upsert_version(s("a", "Running"), Some(8));
        assert!(!store.refresh(s("a", "Failed"), Some(7)));
        let mut ran = false;
        store.compact(|| ran = true);
        assert!(ran);
        assert_eq!(store.items(), vec![s("a", "Running")]);
        assert!(
            !store.refresh(s("a", "Failed"), Some(7)),
            "versions survive"
        );
        // The logged changes still resume, the last with the current summary.
        match store.subscribe(Some(seq)).0 {
            Start::Resume(m) => {
                assert_eq!(m.len(), 2);
                assert!(matches!(&*m[1].1, StreamMsg::Upsert { item } if item.phase == "Running"));
            }
            Start::Snapshot(_) => panic!("expected a resume"),
        }
    }
}
