//! Repacking the store's summaries into fresh allocations ([`Store::compact`]) without holding
//! its write lock while they are copied: the copy is built beside the live set (under a read
//! lock) and swapped in under a short write lock, keeping whatever changed meanwhile.

use super::kept::Kept;
use super::place::Place;
use super::{Entry, Inner, Logged, Store};
use model::wire::StreamMsg;
use std::collections::{BTreeSet, HashSet};
use std::sync::Arc;
use std::sync::atomic::Ordering;

/// A repacked copy of the summaries as they were at sequence number `seq`.
pub(super) struct Copy {
    seq: u64,
    items: BTreeSet<Entry>,
}

impl Store {
    /// Moves every summary into fresh allocations. After a list, the summaries sit scattered
    /// among the freed pages of the listed objects and keep them resident. They are copied into
    /// a new set (under the read lock: readers go on, writers wait for the copy only; the
    /// interned strings they share are not copied), and the new set replaces the old one under a
    /// short write lock; a summary that changed meanwhile keeps its newer value. The old
    /// summaries are dropped outside the lock, then `between` runs (it returns freed pages to
    /// the system). Log entries that are the current upsert of their VMI move along.
    pub fn compact(&self, between: impl FnOnce()) {
        let old = self.swap_in(self.compact_copy());
        drop(old);
        self.hub.compactions.fetch_add(1, Ordering::Relaxed);
        between();
    }

    /// How many compactions ran (for `/metrics` and tests).
    pub fn compactions(&self) -> u64 {
        self.hub.compactions.load(Ordering::Relaxed)
    }

    /// The summaries, copied under the read lock into fresh allocations.
    pub(super) fn compact_copy(&self) -> Copy {
        let inner = self.read();
        // Collected, not inserted one by one: built from sorted entries, the set's nodes come
        // out full.
        let items = inner
            .items
            .iter()
            .map(|e| Entry {
                kept: std::sync::Arc::new(Kept::clone(&e.kept)),
                version: e.version,
            })
            .collect();
        Copy {
            seq: inner.seq,
            items,
        }
    }

    /// Puts `copy` in place of the live summaries, except those changed since it was taken (their
    /// live entry stays). Returns what it replaced, to be dropped outside the lock. When the log
    /// no longer tells what changed since (a snapshot cleared it, or it overflowed), the copy is
    /// dropped and nothing is replaced.
    pub(super) fn swap_in(&self, copy: Copy) -> Option<BTreeSet<Entry>> {
        let mut inner = self.write();
        let touched = touched_since(&inner, copy.seq)?;
        let old = std::mem::take(&mut inner.items);
        let mut copied = copy.items;
        // In key order, as `old` is: collected into the set at the end, whose nodes then come
        // out full (inserted one by one in order, they were left about half full).
        let mut items = Vec::with_capacity(old.len());
        let mut repoint = Vec::new();
        for live in old.iter() {
            let key = live.key();
            match copied.take(key) {
                Some(mut fresh) if !touched.contains(key) => {
                    // A version-only update publishes nothing: the live version is the one.
                    fresh.version = live.version;
                    repoint.push((live.kept.clone(), fresh.kept.clone()));
                    items.push(fresh);
                }
                _ => {
                    items.push(Entry {
                        kept: live.kept.clone(),
                        version: live.version,
                    });
                }
            }
        }
        inner.items = items.into_iter().collect();
        repoint_log(&mut inner, &repoint);
        Some(old)
    }
}

/// The keys of the messages published after `seq`, or `None` when the log does not hold all of
/// them.
fn touched_since(inner: &Inner, seq: u64) -> Option<HashSet<Place>> {
    if inner.seq == seq {
        return Some(HashSet::new());
    }
    // The log holds consecutive sequence numbers up to `inner.seq`; it must start right after
    // `seq` or earlier.
    let first = inner.log.front()?.0;
    if first > seq + 1 {
        return None;
    }
    let mut keys = HashSet::new();
    for (n, m) in &inner.log {
        if *n <= seq {
            continue;
        }
        match m {
            Logged::Upsert(k) => keys.insert(k.key.clone()),
            Logged::Msg(m) => match &**m {
                StreamMsg::Delete { key } => {
                    keys.insert(Place::new(&key.cluster.as_str().into(), key))
                }
                _ => return None,
            },
        };
    }
    Some(keys)
}

/// Points the log entries that held a replaced entry's summary at its fresh copy, so the old
/// summaries are freed.
fn repoint_log(inner: &mut Inner, repoint: &[(Arc<Kept>, Arc<Kept>)]) {
    if repoint.is_empty() || inner.log.is_empty() {
        return;
    }
    let by_ptr: std::collections::HashMap<*const Kept, &Arc<Kept>> = repoint
        .iter()
        .map(|(old, fresh)| (Arc::as_ptr(old), fresh))
        .collect();
    for (_, m) in inner.log.iter_mut() {
        if let Logged::Upsert(k) = m
            && let Some(fresh) = by_ptr.get(&Arc::as_ptr(k))
        {
            *k = (*fresh).clone();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::s;
    use super::*;
    use crate::store::Start;

    fn phases(st: &Store) -> Vec<(String, String)> {
        st.items()
            .into_iter()
            .map(|i| (i.key.name, i.phase))
            .collect()
    }

    #[test]
    fn the_write_lock_is_free_while_freed_pages_are_returned() {
        let store = Store::new(100, 16);
        store.replace_all(vec![s("a", "Running"), s("b", "Pending")]);
        let mut free = None;
        store.compact(|| free = Some(store.hub.inner.try_write().is_some()));
        assert_eq!(free, Some(true), "between runs with the store unlocked");
        assert_eq!(store.compactions(), 1);
        assert_eq!(phases(&store).len(), 2);
    }

    #[test]
    fn changes_made_while_the_copy_was_built_are_kept() {
        let store = Store::new(100, 16);
        store.replace_all_versions(vec![
            (s("a", "Running"), Some(1)),
            (s("b", "Pending"), Some(1)),
            (s("c", "Pending"), Some(1)),
        ]);
        let seq = store.snapshot().0;
        store.upsert_version(s("c", "Failed"), Some(2));
        let copy = store.compact_copy();
        // Meanwhile: b changes, c goes, d comes, a's version moves without a change.
        store.upsert_version(s("b", "Running"), Some(3));
        store.delete(&s("c", "Pending").key);
        store.upsert_version(s("d", "Running"), Some(4));
        store.upsert_version(s("a", "Running"), Some(5));
        let old = store.swap_in(copy).expect("the log covers the changes");
        assert_eq!(old.len(), 3);
        let want = [("a", "Running"), ("b", "Running"), ("d", "Running")]
            .map(|(n, p)| (n.to_string(), p.to_string()));
        assert_eq!(phases(&store), want);
        assert!(
            !store.refresh(s("a", "Failed"), Some(4)),
            "a's live version"
        );
        // The log still resumes, c's upsert pointing at nothing stale.
        match store.subscribe(Some(seq)).0 {
            Start::Resume(m) => assert_eq!(m.len(), 4),
            Start::Snapshot(_) => panic!("expected a resume"),
        }
    }

    #[test]
    fn a_copy_older_than_the_log_is_dropped() {
        let store = Store::new(2, 16);
        store.replace_all(vec![s("a", "Running")]);
        let copy = store.compact_copy();
        for p in ["Pending", "Running", "Failed"] {
            store.upsert(s("b", p));
        }
        assert!(store.swap_in(copy).is_none(), "the log lost a change");
        assert_eq!(phases(&store).len(), 2);
    }
}
