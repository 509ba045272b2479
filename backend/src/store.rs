//! The backend's store of VMI summaries, the single source for every browser stream.
//!
//! Watchers write; streams read. Each change gets the next sequence number, is kept in a bounded
//! log (so a reconnecting browser can resume with `Last-Event-ID`) and is broadcast. Broadcasting
//! never waits for a reader: a reader that falls behind learns it lagged and resyncs from a
//! snapshot, so one slow browser never stalls the watchers or other browsers.

use model::wire::StreamMsg;
use model::{VmiKey, VmiSummary};
use std::collections::{BTreeMap, VecDeque};
use std::sync::{Arc, RwLock};
use tokio::sync::broadcast;

/// A message with its sequence number.
pub type Sequenced = (u64, Arc<StreamMsg>);

struct Inner {
    seq: u64,
    items: BTreeMap<VmiKey, VmiSummary>,
    log: VecDeque<Sequenced>,
    synced: bool,
}

/// What a new stream starts from.
pub enum Start {
    /// The messages after the client's `Last-Event-ID`.
    Resume(Vec<Sequenced>),
    /// A full snapshot, with the sequence number it reflects.
    Snapshot(Sequenced),
}

pub struct Store {
    inner: RwLock<Inner>,
    tx: broadcast::Sender<Sequenced>,
    log_len: usize,
}

impl Store {
    /// `log_len` bounds how many changes are kept for resume; `channel` bounds how far a stream
    /// may fall behind before it is cut to a resync.
    pub fn new(log_len: usize, channel: usize) -> Store {
        let (tx, _) = broadcast::channel(channel.max(1));
        Store {
            inner: RwLock::new(Inner {
                seq: 0,
                items: BTreeMap::new(),
                log: VecDeque::new(),
                synced: false,
            }),
            tx,
            log_len,
        }
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, Inner> {
        self.inner.write().unwrap_or_else(|p| p.into_inner())
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, Inner> {
        self.inner.read().unwrap_or_else(|p| p.into_inner())
    }

    fn publish(&self, inner: &mut Inner, msg: StreamMsg) {
        inner.seq += 1;
        let m = (inner.seq, Arc::new(msg));
        inner.log.push_back(m.clone());
        while inner.log.len() > self.log_len {
            inner.log.pop_front();
        }
        let _ = self.tx.send(m);
    }

    /// Adds or changes a VMI. An unchanged summary publishes nothing.
    pub fn upsert(&self, item: VmiSummary) {
        let mut inner = self.write();
        if inner.items.get(&item.key) == Some(&item) {
            return;
        }
        inner.items.insert(item.key.clone(), item.clone());
        self.publish(&mut inner, StreamMsg::Upsert { item });
    }

    /// Removes a VMI.
    pub fn delete(&self, key: &VmiKey) {
        let mut inner = self.write();
        if inner.items.remove(key).is_some() {
            self.publish(&mut inner, StreamMsg::Delete { key: key.clone() });
        }
    }

    /// Replaces the whole state after a (re)list, publishing only the differences, and marks the
    /// store synced.
    pub fn replace_all(&self, items: Vec<VmiSummary>) {
        let mut inner = self.write();
        let fresh: BTreeMap<VmiKey, VmiSummary> =
            items.into_iter().map(|s| (s.key.clone(), s)).collect();
        let gone: Vec<VmiKey> = inner
            .items
            .keys()
            .filter(|k| !fresh.contains_key(*k))
            .cloned()
            .collect();
        for key in gone {
            inner.items.remove(&key);
            self.publish(&mut inner, StreamMsg::Delete { key });
        }
        for (key, item) in fresh {
            if inner.items.get(&key) != Some(&item) {
                inner.items.insert(key, item.clone());
                self.publish(&mut inner, StreamMsg::Upsert { item });
            }
        }
        if !inner.synced {
            inner.synced = true;
            // Streams opened before the first sync got an empty, unsynced snapshot; tell them.
            let snapshot = StreamMsg::Snapshot {
                items: inner.items.values().cloned().collect(),
                synced: true,
            };
            self.publish(&mut inner, snapshot);
        }
    }

    pub fn synced(&self) -> bool {
        self.read().synced
    }

    /// All summaries, sorted by key.
    pub fn items(&self) -> Vec<VmiSummary> {
        self.read().items.values().cloned().collect()
    }

    /// Subscribes a new stream. With `last_seen`, it resumes when the log still covers it.
    pub fn subscribe(&self, last_seen: Option<u64>) -> (Start, broadcast::Receiver<Sequenced>) {
        let inner = self.read();
        let rx = self.tx.subscribe();
        if let Some(last) = last_seen {
            let covered =
                last == inner.seq || inner.log.front().is_some_and(|(s, _)| *s <= last + 1);
            if covered && last <= inner.seq {
                let missed = inner
                    .log
                    .iter()
                    .filter(|(s, _)| *s > last)
                    .cloned()
                    .collect();
                return (Start::Resume(missed), rx);
            }
        }
        (Start::Snapshot(Self::snapshot_of(&inner)), rx)
    }

    /// A snapshot of the current state.
    pub fn snapshot(&self) -> Sequenced {
        Self::snapshot_of(&self.read())
    }

    fn snapshot_of(inner: &Inner) -> Sequenced {
        let items = inner.items.values().cloned().collect();
        (
            inner.seq,
            Arc::new(StreamMsg::Snapshot {
                items,
                synced: inner.synced,
            }),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(name: &str, phase: &str) -> VmiSummary {
        let vmi = model::vmi::Vmi::from_value(&serde_json::json!({
            "metadata": {"name": name, "namespace": "ns"}, "status": {"phase": phase}
        }));
        VmiSummary::from_vmi(&vmi)
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
            });
        }
        assert_eq!(kinds, ["up a", "up b", "snap 2 true"]);
        store.replace_all(vec![s("b", "Pending")]);
        assert_eq!(store.items().len(), 1);
        assert!(store.synced());
    }
}
