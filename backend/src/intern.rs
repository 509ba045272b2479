//! Shared copies of the short strings that thousands of kept projections repeat: the phases,
//! nodes, headlines and not-migratable reasons of the store's summaries, events' types and
//! reasons. (Values repeated as a whole, a VM's state say, are pooled: [`crate::pool`].)
//!
//! [`intern`] returns one `Arc<str>` per distinct value, so 10,000 VMIs on 100 nodes hold 100
//! node names, not 10,000 (each small string would otherwise cost a 32-byte heap chunk). Only
//! fields whose values come mostly from a small vocabulary are interned; names, uids and
//! messages are not.
//!
//! Bounded whatever the cluster holds: at most [`MAX`] distinct values are shared (a
//! [`crate::pool::Pool`] of `str`: when full, the values nobody holds are forgotten first); past
//! that a value gets its own allocation, which is correct, only not shared. [`prune`] forgets the
//! values no projection holds any more (the watchers call it after a (re)list).
//!
//! The `serde` helpers write an interned string as a plain string and intern it again when
//! read, so projections that are serialized and read back (see `Caches::compact`) keep sharing.

use crate::pool::Pool;
use parking_lot::{Mutex, MutexGuard};
use std::sync::{Arc, LazyLock};

/// Distinct values shared at most.
pub const MAX: usize = crate::pool::MAX;

static STRINGS: LazyLock<Mutex<Pool<str>>> = LazyLock::new(Mutex::default);

fn strings() -> MutexGuard<'static, Pool<str>> {
    STRINGS.lock()
}

/// The shared copy of `s`.
pub fn intern(s: &str) -> Arc<str> {
    strings().get_ref(s)
}

/// [`intern`] for an optional string.
pub fn intern_opt(s: Option<&str>) -> Option<Arc<str>> {
    s.map(intern)
}

/// Forgets the values that only the interner still holds.
pub fn prune() {
    strings().prune();
}

/// How many distinct values are shared now.
pub fn len() -> usize {
    strings().len()
}

/// `#[serde(with = "crate::intern::string")]` for an `Arc<str>` field.
pub mod string {
    use serde::{Deserialize, Deserializer, Serializer};
    use std::sync::Arc;

    pub fn serialize<S: Serializer>(v: &Arc<str>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(v)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Arc<str>, D::Error> {
        let s = std::borrow::Cow::<'de, str>::deserialize(d)?;
        Ok(super::intern(&s))
    }
}

/// `#[serde(with = "crate::intern::option")]` for an `Option<Arc<str>>` field.
pub mod option {
    use serde::{Deserialize, Deserializer, Serializer};
    use std::sync::Arc;

    pub fn serialize<S: Serializer>(v: &Option<Arc<str>>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(v) => s.serialize_some(&**v),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Arc<str>>, D::Error> {
        let s = Option::<std::borrow::Cow<'de, str>>::deserialize(d)?;
        Ok(s.as_deref().map(super::intern))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_values_share_one_allocation_and_survive_a_round_trip() {
        let a = intern("Running-intern-test");
        let b = intern(&String::from("Running-intern-test"));
        assert!(Arc::ptr_eq(&a, &b));
        #[derive(serde::Serialize, serde::Deserialize)]
        struct T {
            #[serde(with = "string")]
            s: Arc<str>,
            #[serde(with = "option")]
            o: Option<Arc<str>>,
            #[serde(with = "option")]
            n: Option<Arc<str>>,
        }
        let t = T {
            s: a.clone(),
            o: Some(a.clone()),
            n: None,
        };
        let back: T = serde_json::from_str(&serde_json::to_string(&t).unwrap()).unwrap();
        assert!(Arc::ptr_eq(&back.s, &a) && Arc::ptr_eq(back.o.as_ref().unwrap(), &a));
        assert!(back.n.is_none());
    }

    #[test]
    fn pruning_forgets_values_nobody_holds() {
        let kept = intern("kept-intern-test");
        drop(intern("dropped-intern-test"));
        prune();
        let set = strings();
        assert!(set.contains("kept-intern-test"));
        assert!(!set.contains("dropped-intern-test"));
        drop(set);
        drop(kept);
    }
}
