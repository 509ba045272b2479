//! The wire protocol between backend and browser: one server-sent-events stream per tab.
//!
//! Every SSE message carries an `id` (a sequence number of the backend's store) and one
//! [`StreamMsg`] as JSON in `data`. A client first gets a [`StreamMsg::Snapshot`], then
//! [`StreamMsg::Upsert`] and [`StreamMsg::Delete`] in order. After a reconnect with
//! `Last-Event-ID`, it gets the missed changes, or a new snapshot when they are no longer kept.

use crate::summary::{VmiKey, VmiSummary};
use serde::{Deserialize, Serialize};

/// The SSE `event` name used for every message.
pub const EVENT_NAME: &str = "vmi";

/// One message on the stream, externally tagged: `{"upsert":{"item":…}}`. (An internally tagged
/// enum would make every browser read buffer the message first, and costs the bundle serde's
/// buffering code.)
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StreamMsg {
    /// The whole current state; replaces whatever the client had.
    Snapshot {
        items: Vec<VmiSummary>,
        /// True once the backend's caches have synced with the cluster.
        synced: bool,
    },
    /// A VMI was added or changed.
    Upsert { item: VmiSummary },
    /// A VMI is gone.
    Delete { key: VmiKey },
    /// Several of the messages above, in order: a burst of changes already waiting for a stream
    /// goes out as one SSE event (its `id` is that of the last). The store never publishes one;
    /// each stream builds them after filtering.
    Batch { msgs: Vec<StreamMsg> },
}

impl StreamMsg {
    /// Applies this message to a client-side list kept sorted by key.
    pub fn apply(self, list: &mut Vec<VmiSummary>) {
        match self {
            StreamMsg::Snapshot { mut items, .. } => {
                items.sort_by(|a, b| a.key.cmp(&b.key));
                *list = items;
            }
            StreamMsg::Upsert { item } => match list.binary_search_by(|s| s.key.cmp(&item.key)) {
                Ok(i) => list[i] = item,
                Err(i) => list.insert(i, item),
            },
            StreamMsg::Delete { key } => {
                if let Ok(i) = list.binary_search_by(|s| s.key.cmp(&key)) {
                    list.remove(i);
                }
            }
            StreamMsg::Batch { msgs } => {
                for m in msgs {
                    m.apply(list);
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
        VmiSummary::from_vmi(&crate::vmi::Vmi::from_value(&serde_json::json!({
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
    fn json_shape_is_tagged() {
        let j = serde_json::to_value(StreamMsg::Delete {
            key: VmiKey {
                namespace: "n".into(),
                name: "v".into(),
            },
        })
        .unwrap();
        assert_eq!(j["delete"]["key"]["name"], "v");
    }
}
