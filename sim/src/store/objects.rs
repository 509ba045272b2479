//! One resource's objects in key order ([`Objects`]), each kept with its JSON ([`Stored`]), and
//! how many keys follow a page's last one (a list's `remainingItemCount`).
//!
//! Issue 32: answering a fleet's lists, the simulator spent most of its CPU serializing the
//! stored `Value`s, and counting the keys after each page walked the rest of the resource
//! (quadratic in a list's pages). An object is serialized once, when it is written (as an API
//! server's storage holds each object's encoded bytes), and shared by every list page and watch
//! event that carries it; a page's count is a binary search in the keys' order, which only an
//! added or removed key invalidates (a changed object keeps its key).

use super::Key;
use bytes::Bytes;
use serde_json::Value;
use std::collections::BTreeMap;
use std::ops::Bound;
use std::sync::{Arc, OnceLock};

/// A stored object and its JSON, serialized on first use and then shared. An object is never
/// changed in place (a change stores a new one), so the bytes never go stale.
#[derive(Debug, Clone)]
pub struct Stored {
    pub object: Arc<Value>,
    encoded: Arc<OnceLock<Bytes>>,
}

impl Stored {
    pub fn new(object: Arc<Value>) -> Stored {
        Stored {
            object,
            encoded: Arc::default(),
        }
    }

    /// The object as JSON (serialized on first use, then shared).
    pub fn encoded(&self) -> Bytes {
        self.encoded
            .get_or_init(|| serde_json::to_vec(&*self.object).unwrap_or_default().into())
            .clone()
    }
}

/// The objects of one resource by namespace and name.
#[derive(Default)]
pub(super) struct Objects {
    map: BTreeMap<Key, Stored>,
    /// Every key in order, built when a page counts what follows it and kept until a key is
    /// added or removed.
    order: Option<Vec<Key>>,
}

impl Objects {
    pub fn get(&self, key: &Key) -> Option<&Stored> {
        self.map.get(key)
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn values(&self) -> impl Iterator<Item = &Stored> {
        self.map.values()
    }

    /// The objects from `start` on, in key order.
    pub fn from(&self, start: Bound<Key>) -> impl Iterator<Item = (&Key, &Stored)> {
        self.map.range((start, Bound::Unbounded))
    }

    /// Stores `value` under `key`; returns what was there.
    pub fn insert(&mut self, key: Key, value: Stored) -> Option<Stored> {
        let old = self.map.insert(key, value);
        if old.is_none() {
            self.order = None;
        }
        old
    }

    pub fn remove(&mut self, key: &Key) -> Option<Stored> {
        let old = self.map.remove(key);
        if old.is_some() {
            self.order = None;
        }
        old
    }

    /// How many keys follow `key` (in `namespace` when given): without reading an object, and
    /// in logarithmic time once the keys' order is built.
    pub fn count_after(&mut self, key: &Key, namespace: Option<&str>) -> usize {
        let map = &self.map;
        let order = self
            .order
            .get_or_insert_with(|| map.keys().cloned().collect());
        let from = order.partition_point(|k| k <= key);
        let to = match namespace {
            Some(ns) => order.partition_point(|(n, _)| n.as_str() <= ns),
            None => order.len(),
        };
        to.saturating_sub(from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(ns: &str, name: &str) -> Key {
        (ns.to_string(), name.to_string())
    }

    fn stored() -> Stored {
        Stored::new(Arc::new(Value::Null))
    }

    #[test]
    fn counts_follow_added_and_removed_keys() {
        let mut o = Objects::default();
        for (ns, name) in [("a", "1"), ("a", "2"), ("b", "1"), ("c", "1")] {
            o.insert(key(ns, name), stored());
        }
        assert_eq!(o.count_after(&key("a", "1"), None), 3);
        assert_eq!(o.count_after(&key("a", "1"), Some("a")), 1);
        assert_eq!(o.count_after(&key("b", "1"), Some("b")), 0);
        // A key that is not stored counts from where it would be.
        assert_eq!(o.count_after(&key("a", "15"), None), 3);
        // A replaced object keeps the order; an added or removed key is counted.
        o.insert(key("a", "2"), stored());
        assert_eq!(o.count_after(&key("a", "1"), None), 3);
        o.insert(key("a", "3"), stored());
        assert_eq!(o.count_after(&key("a", "1"), None), 4);
        assert_eq!(o.count_after(&key("a", "1"), Some("a")), 2);
        o.remove(&key("c", "1"));
        assert_eq!(o.count_after(&key("a", "1"), None), 3);
        o.remove(&key("c", "9"));
        assert_eq!(o.count_after(&key("b", "0"), None), 1);
    }

    #[test]
    fn an_object_is_serialized_once_and_shared() {
        let s = Stored::new(Arc::new(serde_json::json!({"metadata": {"name": "a"}})));
        let copy = s.clone();
        let (a, b) = (s.encoded(), copy.encoded());
        assert_eq!(&a[..], br#"{"metadata":{"name":"a"}}"#);
        // The same buffer, not a second serialization.
        assert_eq!(a.as_ptr(), b.as_ptr());
    }
}
