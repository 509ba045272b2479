//! Shared copies of small values that thousands of kept records repeat whole: the state of a VM
//! (run strategy, printable status, ready...), a condition's type, status and reason, what the
//! flight recorder follows of a summary. [`crate::intern`] does the same for single strings.
//!
//! A [`Pool`] hands out one `Arc` per distinct value: a record then holds a thin pointer, 8
//! bytes, instead of the fields (16 bytes each for interned strings). Bounded whatever the
//! cluster holds: at most [`MAX`] values are shared; when full, the values only the pool still
//! holds are forgotten first, and past that a value gets its own allocation, which is correct,
//! only not shared.
//!
//! A type with one process-wide pool implements [`Pooled`]; [`shared`] is its pool's copy, and
//! the `serde` helper [`serde`] writes the value and shares it again when read (the caches'
//! repacking serializes and reads back).

use parking_lot::Mutex;
use std::collections::HashSet;
use std::hash::Hash;
use std::sync::Arc;

/// Distinct values a pool shares at most.
pub const MAX: usize = 4096;

/// Shared copies of values of one type (see the module documentation); `Pool<str>` is
/// [`crate::intern`]'s.
pub struct Pool<T: ?Sized>(HashSet<Arc<T>>);

impl<T: ?Sized> Default for Pool<T> {
    fn default() -> Self {
        Pool(HashSet::new())
    }
}

impl<T: Hash + Eq> Pool<T> {
    /// The shared copy of `value`.
    pub fn get(&mut self, value: T) -> Arc<T> {
        match self.0.get(&value) {
            Some(v) => v.clone(),
            None => self.keep(Arc::new(value)),
        }
    }
}

impl<T: Hash + Eq + ?Sized> Pool<T> {
    /// The shared copy of `value`, copied into an `Arc` only when none is shared yet (a `str`).
    pub fn get_ref(&mut self, value: &T) -> Arc<T>
    where
        for<'a> Arc<T>: From<&'a T>,
    {
        match self.0.get(value) {
            Some(v) => v.clone(),
            None => self.keep(Arc::from(value)),
        }
    }

    /// Shares `v`, a value not shared yet: when the pool is full, the values only it still
    /// holds are forgotten first; past that, `v` stays its own.
    fn keep(&mut self, v: Arc<T>) -> Arc<T> {
        if self.0.len() >= MAX {
            self.prune();
        }
        if self.0.len() < MAX {
            self.0.insert(v.clone());
        }
        v
    }

    /// Forgets the values only the pool still holds.
    pub fn prune(&mut self) {
        self.0.retain(|v| Arc::strong_count(v) > 1);
        self.0.shrink_to_fit();
    }

    /// How many values are shared now.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether `value` is shared now.
    pub fn contains(&self, value: &T) -> bool {
        self.0.contains(value)
    }
}

/// A type with one pool for the whole process.
pub trait Pooled: Hash + Eq + Sized + 'static {
    fn pool() -> &'static Mutex<Pool<Self>>;
}

/// The process-wide shared copy of `value`.
pub fn shared<T: Pooled>(value: T) -> Arc<T> {
    T::pool().lock().get(value)
}

/// `#[serde(with = "crate::pool::serde")]` for an `Arc<T>` field of a [`Pooled`] `T`.
pub mod serde {
    use super::{Pooled, shared};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use std::sync::Arc;

    pub fn serialize<T: Pooled + Serialize, S: Serializer>(
        v: &Arc<T>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        T::serialize(v, s)
    }

    pub fn deserialize<'de, T, D>(d: D) -> Result<Arc<T>, D::Error>
    where
        T: Pooled + Deserialize<'de>,
        D: Deserializer<'de>,
    {
        Ok(shared(T::deserialize(d)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_values_are_shared_and_the_pool_stays_bounded() {
        let mut pool = Pool::default();
        let a = pool.get(("Running", 1));
        assert!(Arc::ptr_eq(&a, &pool.get(("Running", 1))));
        assert!(!Arc::ptr_eq(&a, &pool.get(("Running", 2))));
        // Full of held values: the ones nobody holds were forgotten first, then a value past
        // the bound is its own.
        let held: Vec<Arc<(&str, usize)>> = (10..10 + MAX).map(|i| pool.get(("x", i))).collect();
        assert_eq!(pool.len(), MAX);
        assert!(!pool.contains(&("Running", 2)), "nobody held it");
        let past = pool.get(("past the bound", 0));
        assert_eq!(*past, ("past the bound", 0));
        assert!(!pool.contains(&past) && pool.len() == MAX);
        assert!(Arc::ptr_eq(&held[7], &pool.get(("x", 17))));
        drop(held);
        pool.prune();
        assert_eq!(pool.len(), 1, "only the value still held");
        assert!(Arc::ptr_eq(&a, &pool.get(("Running", 1))));
    }
}
