//! Open things per client: at most `max` at once for each key, each held by a [`Slot`] until it
//! is dropped. The server loop counts connections per client address with it, the push stream
//! its streams per user or address ([`crate::routes::stream::caps`]). Hand-written: a counted
//! map with a drop guard is all it is, and no crate offers that shape.

use parking_lot::Mutex;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Arc;

/// Open slots per key.
#[derive(Debug)]
pub struct Caps<K: Eq + Hash + Clone> {
    max: usize,
    open: Mutex<HashMap<K, usize>>,
}

/// One open slot of `key`; counted until dropped.
#[derive(Debug)]
pub struct Slot<K: Eq + Hash + Clone> {
    caps: Arc<Caps<K>>,
    key: K,
}

impl<K: Eq + Hash + Clone> Caps<K> {
    pub fn new(max: usize) -> Arc<Caps<K>> {
        Arc::new(Caps {
            max: max.max(1),
            open: Mutex::new(HashMap::new()),
        })
    }

    /// A slot for `key`, or `None` when it has the maximum open.
    pub fn acquire(self: &Arc<Self>, key: K) -> Option<Slot<K>> {
        let mut open = self.open.lock();
        let n = open.entry(key.clone()).or_insert(0);
        if *n >= self.max {
            return None;
        }
        *n += 1;
        Some(Slot {
            caps: self.clone(),
            key,
        })
    }

    /// Open slots of `key`.
    pub fn open(&self, key: &K) -> usize {
        self.open.lock().get(key).copied().unwrap_or(0)
    }

    /// The most slots one key may hold.
    pub fn max(&self) -> usize {
        self.max
    }
}

impl<K: Eq + Hash + Clone> Drop for Slot<K> {
    fn drop(&mut self) {
        let mut open = self.caps.open.lock();
        if let Some(n) = open.get_mut(&self.key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.remove(&self.key);
            }
        }
    }
}
