//! The wire protocol between backend and browser: one server-sent-events stream per tab.
//!
//! Every SSE message carries an `id` (a sequence number of the backend's store) and one
//! [`StreamMsg`] as JSON in `data`. A client first gets a [`StreamMsg::Snapshot`], then
//! [`StreamMsg::Upsert`] and [`StreamMsg::Delete`] in order. After a reconnect with
//! `Last-Event-ID`, it gets the missed changes, or a new snapshot when they are no longer kept.
//! Summaries travel in their [`compact`] form.

use crate::kube::VmiKey;
use crate::view::summary::VmiSummary;
use rustc_hash::{FxHashMap, FxHasher};
use serde::{Deserialize, Serialize};
use std::hash::{Hash, Hasher};

pub mod compact;
pub mod lang;
pub mod paths;

/// The SSE `event` name used for every message.
pub const EVENT_NAME: &str = "vmi";

/// The SSE `event` name of the backend's keep-alive, sent when nothing else went out for
/// [`KEEP_ALIVE_SECS`]. An event, not an SSE comment: `EventSource` reports no comment, and a
/// browser must tell a quiet stream (keep-alives arrive) from a hung one (nothing arrives).
pub const KEEP_ALIVE_EVENT: &str = "alive";

/// The longest the backend stays silent on an open stream, in seconds.
pub const KEEP_ALIVE_SECS: u64 = 15;

/// One message on the stream, externally tagged: `{"upsert":{"item":…}}`. (An internally tagged
/// enum would make every browser read buffer the message first, and costs the bundle serde's
/// buffering code.)
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
// Upserts are nearly every message and each is held once, behind the store's `Arc`: boxing the
// summary would add an allocation per VMI to save bytes only on the rare other messages.
#[allow(clippy::large_enum_variant)]
pub enum StreamMsg {
    /// The whole current state; replaces whatever the client had.
    Snapshot {
        #[serde(with = "compact::list")]
        items: Vec<VmiSummary>,
        /// True once the backend's caches have synced with the cluster.
        synced: bool,
    },
    /// A VMI was added or changed.
    Upsert {
        #[serde(with = "compact")]
        item: VmiSummary,
    },
    /// A VMI is gone.
    Delete { key: VmiKey },
    /// Several of the messages above, in order: a burst of changes already waiting for a stream
    /// goes out as one SSE event (its `id` is that of the last). The store never publishes one;
    /// each stream builds them after filtering.
    Batch { msgs: Vec<StreamMsg> },
}

/// What applying messages did to a client-side list, so a view can update in proportion to the
/// change instead of recomputing everything.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Applied {
    /// Items were added or removed, or the list was replaced: positions moved, and
    /// [`Applied::replaced`] is left empty.
    pub moved: bool,
    /// Otherwise, the positions whose item was replaced, each once, with the item it had before
    /// (the new one is in the list at that position).
    pub replaced: Vec<(usize, VmiSummary)>,
}

impl Applied {
    /// True when nothing changed.
    pub fn is_empty(&self) -> bool {
        !self.moved && self.replaced.is_empty()
    }

    fn set_moved(&mut self) {
        self.moved = true;
        self.replaced = Vec::new();
    }

    /// Orders [`Applied::replaced`] by position and keeps, for a position replaced more than
    /// once, the item it had first.
    fn settle(&mut self) {
        self.replaced.sort_by_key(|(i, _)| *i);
        self.replaced.dedup_by_key(|(i, _)| *i);
    }
}

/// Where the keys are in a client-side list kept sorted by key, so that applying an upsert to
/// 10,000 summaries finds its place without comparing strings along a binary search. Keyed by
/// a hash of the key; every hit is checked against the list, and a miss falls back to the
/// binary search, so a stale or colliding entry costs time, never correctness. The hashes are
/// Fx (`rustc-hash`), not SipHash: a burst looks up 1,000 keys in the browser, and the keys
/// come from our own backend, so there is no flooding to resist.
#[derive(Debug, Clone, Default)]
pub struct KeyIndex(FxHashMap<u64, usize>);

impl KeyIndex {
    fn hash(key: &VmiKey) -> u64 {
        let mut h = FxHasher::default();
        key.hash(&mut h);
        h.finish()
    }

    /// Like `binary_search`: `Ok(position)` of `key`, or `Err(where it would go)`.
    fn position(&mut self, list: &[VmiSummary], key: &VmiKey) -> Result<usize, usize> {
        let h = Self::hash(key);
        if let Some(&i) = self.0.get(&h)
            && list.get(i).is_some_and(|s| s.key == *key)
        {
            return Ok(i);
        }
        let found = list.binary_search_by(|s| s.key.cmp(key));
        if let Ok(i) = found {
            self.0.insert(h, i);
        }
        found
    }

    fn rebuild(&mut self, list: &[VmiSummary]) {
        self.0.clear();
        self.0.extend(
            list.iter()
                .enumerate()
                .map(|(i, s)| (Self::hash(&s.key), i)),
        );
    }

    fn inserted(&mut self, at: usize, key: &VmiKey) {
        for i in self.0.values_mut().filter(|i| **i >= at) {
            *i += 1;
        }
        self.0.insert(Self::hash(key), at);
    }

    fn removed(&mut self, at: usize, key: &VmiKey) {
        self.0.remove(&Self::hash(key));
        for i in self.0.values_mut().filter(|i| **i > at) {
            *i -= 1;
        }
    }
}

impl StreamMsg {
    /// Applies this message to a client-side list kept sorted by key.
    pub fn apply(self, list: &mut Vec<VmiSummary>) {
        let mut applied = Applied::default();
        self.apply_noting(list, &mut KeyIndex::default(), &mut applied);
    }

    /// Applies messages in order to a list kept sorted by key, whose positions `index` keeps;
    /// says what changed.
    pub fn apply_all(
        msgs: Vec<StreamMsg>,
        list: &mut Vec<VmiSummary>,
        index: &mut KeyIndex,
    ) -> Applied {
        let mut applied = Applied::default();
        for m in msgs {
            m.apply_noting(list, index, &mut applied);
        }
        applied.settle();
        applied
    }

    fn apply_noting(self, list: &mut Vec<VmiSummary>, index: &mut KeyIndex, applied: &mut Applied) {
        match self {
            StreamMsg::Snapshot { mut items, .. } => {
                items.sort_by(|a, b| a.key.cmp(&b.key));
                *list = items;
                index.rebuild(list);
                applied.set_moved();
            }
            StreamMsg::Upsert { item } => match index.position(list, &item.key) {
                Ok(i) => {
                    let old = std::mem::replace(&mut list[i], item);
                    if !applied.moved {
                        applied.replaced.push((i, old));
                    }
                }
                Err(i) => {
                    index.inserted(i, &item.key);
                    list.insert(i, item);
                    applied.set_moved();
                }
            },
            StreamMsg::Delete { key } => {
                if let Ok(i) = index.position(list, &key) {
                    list.remove(i);
                    index.removed(i, &key);
                    applied.set_moved();
                }
            }
            StreamMsg::Batch { msgs } => {
                for m in msgs {
                    m.apply_noting(list, index, applied);
                }
            }
        }
    }

    /// The plain messages this one stands for (a batch's, in order; itself otherwise).
    pub fn into_messages(self) -> Vec<StreamMsg> {
        match self {
            StreamMsg::Batch { msgs } => msgs
                .into_iter()
                .flat_map(StreamMsg::into_messages)
                .collect(),
            m => vec![m],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_applies_in_order_and_flattens() {
        let mut list = vec![];
        let batch = StreamMsg::Batch {
            msgs: vec![
                StreamMsg::Upsert {
                    item: s("a", "x", "Pending"),
                },
                StreamMsg::Upsert {
                    item: s("a", "x", "Running"),
                },
                StreamMsg::Upsert {
                    item: s("a", "y", "Running"),
                },
                StreamMsg::Delete {
                    key: s("a", "y", "").key,
                },
            ],
        };
        let json = serde_json::to_value(&batch).unwrap();
        assert_eq!(json["batch"]["msgs"].as_array().map(Vec::len), Some(4));
        assert_eq!(batch.clone().into_messages().len(), 4);
        batch.apply(&mut list);
        assert_eq!(list.len(), 1);
        assert_eq!(list[0].phase, "Running");
    }

    fn s(ns: &str, name: &str, phase: &str) -> VmiSummary {
        VmiSummary::from_vmi(&crate::kube::vmi::Vmi::from_value(&serde_json::json!({
            "metadata": {"namespace": ns, "name": name},
            "status": {"phase": phase}
        })))
    }

    #[test]
    fn apply_keeps_list_sorted_and_replaces() {
        let mut list = vec![];
        StreamMsg::Snapshot {
            items: vec![s("b", "x", "Running"), s("a", "y", "Pending")],
            synced: true,
        }
        .apply(&mut list);
        assert_eq!(list[0].key.namespace, "a");
        StreamMsg::Upsert {
            item: s("a", "y", "Running"),
        }
        .apply(&mut list);
        assert_eq!(list[0].phase, "Running");
        StreamMsg::Upsert {
            item: s("a", "z", "Running"),
        }
        .apply(&mut list);
        assert_eq!(
            list.iter().map(|s| s.key.name.as_str()).collect::<Vec<_>>(),
            ["y", "z", "x"]
        );
        StreamMsg::Delete {
            key: list[1].key.clone(),
        }
        .apply(&mut list);
        assert_eq!(list.len(), 2);
    }

    #[test]
    fn apply_all_says_what_changed() {
        let mut list = vec![];
        let index = &mut KeyIndex::default();
        let applied = StreamMsg::apply_all(
            vec![StreamMsg::Snapshot {
                items: vec![s("a", "x", "Running"), s("a", "y", "Running")],
                synced: true,
            }],
            &mut list,
            index,
        );
        assert!(applied.moved && applied.replaced.is_empty());
        // Replacements only: each position once, with the item it had before the batch.
        let applied = StreamMsg::apply_all(
            vec![
                StreamMsg::Upsert {
                    item: s("a", "y", "Failed"),
                },
                StreamMsg::Upsert {
                    item: s("a", "x", "Pending"),
                },
                StreamMsg::Upsert {
                    item: s("a", "y", "Scheduling"),
                },
            ],
            &mut list,
            index,
        );
        assert!(!applied.moved);
        let before: Vec<_> = applied
            .replaced
            .iter()
            .map(|(i, old)| (*i, old.phase.as_str()))
            .collect();
        assert_eq!(before, [(0, "Running"), (1, "Running")]);
        assert_eq!(list[1].phase, "Scheduling");
        // An insertion or a deletion moves positions.
        let applied = StreamMsg::apply_all(
            vec![
                StreamMsg::Upsert {
                    item: s("a", "x", "Running"),
                },
                StreamMsg::Upsert {
                    item: s("a", "w", "Running"),
                },
            ],
            &mut list,
            index,
        );
        assert!(applied.moved && applied.replaced.is_empty());
        let applied = StreamMsg::apply_all(
            vec![StreamMsg::Delete {
                key: s("a", "nope", "").key,
            }],
            &mut list,
            index,
        );
        assert!(applied.is_empty());
        let applied = StreamMsg::apply_all(
            vec![StreamMsg::Delete {
                key: s("a", "w", "").key,
            }],
            &mut list,
            index,
        );
        assert!(applied.moved);
        assert_eq!(list.len(), 2);
        // The index follows insertions and deletions, and survives a list changed behind it.
        for (i, s) in list.clone().iter().enumerate() {
            assert_eq!(index.position(&list, &s.key), Ok(i));
        }
        list.insert(0, s("a", "a", "Running"));
        assert_eq!(index.position(&list, &s("a", "x", "").key), Ok(1));
        assert_eq!(index.position(&list, &s("a", "b", "").key), Err(1));
    }

    #[test]
    fn json_shape_is_tagged() {
        let j = serde_json::to_value(StreamMsg::Delete {
            key: VmiKey {
                cluster: String::new(),
                namespace: "n".into(),
                name: "v".into(),
            },
        })
        .unwrap();
        assert_eq!(j["delete"]["key"]["name"], "v");
    }
}
