//! The versioned object store.
//!
//! Every change gets the next cluster-wide `resourceVersion`, is written into the object's
//! `metadata.resourceVersion`, kept in a bounded history and broadcast to watchers. A watch that
//! asks for a version older than the history answers `410 Gone`, like an API server whose etcd
//! compacted. Objects are kept as `Arc<Value>` so that lists, history and watch fan-out share
//! one copy; each change also carries its previous object so that watches with selectors can
//! turn "stopped matching" into `DELETED` and "started matching" into `ADDED`. Each object's
//! JSON is serialized once, when it is written, and shared by the lists and watch events that
//! carry it ([`objects`]).

mod objects;

pub use crate::resources::*;
use objects::Objects;
pub use objects::Stored;
use parking_lot::{Mutex, MutexGuard};
use serde_json::{Value, json};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use tokio::sync::broadcast;

/// One change, as a watch would report it.
#[derive(Debug, Clone)]
pub struct Change {
    pub rv: u64,
    pub resource: Resource,
    /// `ADDED`, `MODIFIED` or `DELETED`.
    pub kind: &'static str,
    pub object: Arc<Value>,
    /// The object before a `MODIFIED` change.
    pub old: Option<Arc<Value>>,
    /// The object with its JSON, serialized once for every watcher (and, for a stored object,
    /// shared with the lists that carry it).
    stored: Stored,
}

impl Change {
    fn new(
        rv: u64,
        resource: Resource,
        kind: &'static str,
        object: Arc<Value>,
        old: Option<Arc<Value>>,
    ) -> Change {
        Change::stored(rv, resource, kind, &Stored::new(object), old)
    }

    /// The change that stored `stored`: its JSON is the stored object's, serialized once.
    fn stored(
        rv: u64,
        resource: Resource,
        kind: &'static str,
        stored: &Stored,
        old: Option<Arc<Value>>,
    ) -> Change {
        Change {
            rv,
            resource,
            kind,
            object: stored.object.clone(),
            old,
            stored: stored.clone(),
        }
    }

    /// The object as JSON (serialized on first use, then shared).
    pub fn encoded(&self) -> bytes::Bytes {
        self.stored.encoded()
    }
}

/// Namespace and name.
pub type Key = (String, String);

struct Inner {
    rv: u64,
    objects: HashMap<Resource, Objects>,
    history: VecDeque<Change>,
    /// Watches from a version below this one get `410 Gone`.
    oldest_resumable: u64,
    uid_counter: u64,
}

impl Inner {
    fn items(&self, resource: &Resource, namespace: Option<&str>) -> Vec<Arc<Value>> {
        let Some(map) = self.objects.get(resource) else {
            return Vec::new();
        };
        match namespace {
            None => map.values().map(|s| s.object.clone()).collect(),
            Some(ns) => map
                .from(std::ops::Bound::Included((ns.to_string(), String::new())))
                .take_while(|((n, _), _)| n == ns)
                .map(|(_, v)| v.object.clone())
                .collect(),
        }
    }
}

/// What follows a page of a list ([`Store::page`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rest {
    /// An unfiltered list: how many objects follow.
    Count(usize),
    /// A filtered list: whether any accepted object follows. As the API server, which counts
    /// what follows only for a list without selectors (counting through a selector would read
    /// every remaining object for every page): `staging/src/k8s.io/apiserver/pkg/storage/etcd3/
    /// store.go` in kubernetes/kubernetes sets `remainingItemCount` only when the predicate is
    /// empty.
    More(bool),
}

impl Rest {
    /// Whether anything follows the page.
    pub fn any(self) -> bool {
        match self {
            Rest::Count(n) => n > 0,
            Rest::More(more) => more,
        }
    }
}

/// The store. Cheap to share behind an `Arc`.
pub struct Store {
    inner: Mutex<Inner>,
    tx: broadcast::Sender<Change>,
    history_len: usize,
}

impl Default for Store {
    fn default() -> Self {
        Self::new()
    }
}

fn key_of(obj: &Value) -> Option<Key> {
    let name = obj["metadata"]["name"].as_str()?.to_string();
    let ns = obj["metadata"]["namespace"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    Some((ns, name))
}

impl Store {
    pub fn new() -> Store {
        Store::with_history(10_000)
    }

    /// A store keeping the last `history_len` changes for watch resume.
    pub fn with_history(history_len: usize) -> Store {
        let (tx, _) = broadcast::channel(1 << 15);
        Store {
            inner: Mutex::new(Inner {
                rv: 1000,
                objects: HashMap::new(),
                history: VecDeque::new(),
                oldest_resumable: 0,
                uid_counter: 0,
            }),
            tx,
            history_len,
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock()
    }

    /// The current cluster-wide resourceVersion.
    pub fn resource_version(&self) -> u64 {
        self.lock().rv
    }

    fn commit(&self, inner: &mut Inner, change: Change) {
        // History keeps only the new object (not the previous one) to bound memory.
        inner.history.push_back(Change {
            old: None,
            ..change.clone()
        });
        while inner.history.len() > self.history_len {
            if let Some(c) = inner.history.pop_front() {
                inner.oldest_resumable = c.rv;
            }
        }
        let _ = self.tx.send(change);
    }

    /// Creates or replaces an object (its `apiVersion` and `kind` pick the resource). A
    /// replacement whose content equals the stored object is not a change and keeps its version.
    pub fn upsert(&self, mut obj: Value) -> Option<Arc<Value>> {
        let resource = resource_of(&obj)?;
        let key = key_of(&obj)?;
        let mut inner = self.lock();
        let old = inner
            .objects
            .get(&resource)
            .and_then(|m| m.get(&key))
            .map(|s| s.object.clone());
        if let Some(old) = &old {
            obj["metadata"]["resourceVersion"] = old["metadata"]["resourceVersion"].clone();
            if obj["metadata"]["uid"].is_null() {
                obj["metadata"]["uid"] = old["metadata"]["uid"].clone();
            }
            if obj["metadata"]["creationTimestamp"].is_null() {
                obj["metadata"]["creationTimestamp"] = old["metadata"]["creationTimestamp"].clone();
            }
            if **old == obj {
                return Some(old.clone());
            }
        }
        inner.rv += 1;
        let rv = inner.rv;
        obj["metadata"]["resourceVersion"] = json!(rv.to_string());
        if obj["metadata"]["uid"].is_null() {
            inner.uid_counter += 1;
            let n = inner.uid_counter;
            obj["metadata"]["uid"] = json!(format!("{:08x}-0000-4000-8000-{:012x}", n, rv));
        }
        let stored = Stored::new(Arc::new(obj));
        inner
            .objects
            .entry(resource)
            .or_default()
            .insert(key, stored.clone());
        let kind = if old.is_some() { "MODIFIED" } else { "ADDED" };
        self.commit(&mut inner, Change::stored(rv, resource, kind, &stored, old));
        drop(inner);
        // Serialized now, outside the lock, once for every list and watch that carries it.
        stored.encoded();
        Some(stored.object)
    }

    /// Changes an object in place; returns the new object, or None when it does not exist.
    pub fn modify(
        &self,
        resource: &Resource,
        namespace: Option<&str>,
        name: &str,
        f: impl FnOnce(&mut Value),
    ) -> Option<Arc<Value>> {
        let key = (namespace.unwrap_or_default().to_string(), name.to_string());
        let mut obj = {
            let inner = self.lock();
            (*inner.objects.get(resource)?.get(&key)?.object).clone()
        };
        f(&mut obj);
        self.upsert(obj)
    }

    /// Deletes an object; returns it, or None when it did not exist.
    pub fn delete(
        &self,
        resource: &Resource,
        namespace: Option<&str>,
        name: &str,
    ) -> Option<Arc<Value>> {
        let mut inner = self.lock();
        let key = (namespace.unwrap_or_default().to_string(), name.to_string());
        let old = inner.objects.get_mut(resource)?.remove(&key)?.object;
        inner.rv += 1;
        let mut obj = (*old).clone();
        obj["metadata"]["resourceVersion"] = json!(inner.rv.to_string());
        let obj = Arc::new(obj);
        let rv = inner.rv;
        self.commit(
            &mut inner,
            Change::new(rv, *resource, "DELETED", obj.clone(), Some(old)),
        );
        Some(obj)
    }

    /// One object.
    pub fn get(
        &self,
        resource: &Resource,
        namespace: Option<&str>,
        name: &str,
    ) -> Option<Arc<Value>> {
        let key = (namespace.unwrap_or_default().to_string(), name.to_string());
        self.lock()
            .objects
            .get(resource)?
            .get(&key)
            .map(|s| s.object.clone())
    }

    /// All objects of a resource (in one namespace when given), sorted by namespace and name,
    /// with the store's version.
    pub fn list(&self, resource: &Resource, namespace: Option<&str>) -> (u64, Vec<Arc<Value>>) {
        let inner = self.lock();
        let items = inner.items(resource, namespace);
        (inner.rv, items)
    }

    /// One page of a list: up to `limit` objects of `resource` (in `namespace` when given) that
    /// `keep` accepts (every object without it), in key order, after the key `after`
    /// (exclusive) when given; with the store's version and what follows the page
    /// ([`Rest`]). Walks the objects from the page's start and clones only the page; a filtered
    /// page reads objects only until one more is accepted, so paging through N objects reads
    /// each about once, not N²/limit times; an unfiltered page counts what follows it by the
    /// keys' order ([`Objects::count_after`]), not by walking it.
    pub fn page(
        &self,
        resource: &Resource,
        namespace: Option<&str>,
        after: Option<&Key>,
        limit: usize,
        keep: Option<&dyn Fn(&Value) -> bool>,
    ) -> (u64, Vec<Stored>, Rest) {
        use std::ops::Bound;
        let mut guard = self.lock();
        let inner = &mut *guard;
        let rv = inner.rv;
        let Some(map) = inner.objects.get_mut(resource) else {
            return (rv, Vec::new(), Rest::Count(0));
        };
        let start = match (after, namespace) {
            (Some(k), _) => Bound::Excluded(k.clone()),
            (None, Some(ns)) => Bound::Included((ns.to_string(), String::new())),
            (None, None) => Bound::Unbounded,
        };
        let in_scope = map
            .from(start)
            .skip_while(|((n, _), _)| namespace.is_some_and(|ns| n.as_str() < ns))
            .take_while(|((n, _), _)| namespace.is_none_or(|ns| n == ns));
        let Some(keep) = keep else {
            let (keys, items): (Vec<&Key>, Vec<Stored>) =
                in_scope.take(limit).map(|(k, v)| (k, v.clone())).unzip();
            let last = keys.last().map(|k| (*k).clone());
            let rest = match last {
                Some(last) if items.len() == limit => map.count_after(&last, namespace),
                // The page ended before its limit: nothing follows.
                _ => 0,
            };
            return (rv, items, Rest::Count(rest));
        };
        let mut matching = in_scope.map(|(_, v)| v).filter(|v| keep(&v.object));
        let items: Vec<Stored> = matching.by_ref().take(limit).cloned().collect();
        let more = matching.next().is_some();
        (rv, items, Rest::More(more))
    }

    /// True when a watch or a list continued from `since` can still be served (it is not older
    /// than the kept history).
    pub fn resumable(&self, since: u64) -> bool {
        since >= self.lock().oldest_resumable
    }

    /// How many objects of a resource exist.
    pub fn count(&self, resource: &Resource) -> usize {
        self.lock().objects.get(resource).map_or(0, Objects::len)
    }

    /// The current objects of a resource and a receiver for every change after them, atomically.
    pub fn list_and_subscribe(
        &self,
        resource: &Resource,
        namespace: Option<&str>,
    ) -> (u64, Vec<Arc<Value>>, broadcast::Receiver<Change>) {
        let inner = self.lock();
        let rx = self.tx.subscribe();
        let items = inner.items(resource, namespace);
        (inner.rv, items, rx)
    }

    /// The store's version and a receiver for every change after it, of every kind.
    pub fn subscribe_all(&self) -> (u64, broadcast::Receiver<Change>) {
        let inner = self.lock();
        (inner.rv, self.tx.subscribe())
    }

    /// Starts a watch from `since` (exclusive). Returns the changes already past `since` and a
    /// receiver for the live ones, or `Err(())` when `since` is older than the kept history.
    #[allow(clippy::result_unit_err)]
    pub fn watch_from(&self, since: u64) -> Result<(Vec<Change>, broadcast::Receiver<Change>), ()> {
        let inner = self.lock();
        let rx = self.tx.subscribe();
        if since < inner.oldest_resumable {
            return Err(());
        }
        let past = inner
            .history
            .iter()
            .filter(|c| c.rv > since)
            .cloned()
            .collect();
        Ok((past, rx))
    }

    /// Forgets the change history, so any watch resuming from an older version gets `410 Gone`.
    pub fn compact(&self) {
        let mut inner = self.lock();
        inner.history.clear();
        inner.oldest_resumable = inner.rv;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn vmi(ns: &str, name: &str, label: &str) -> Value {
        json!({
            "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance",
            "metadata": {"namespace": ns, "name": name, "labels": {"l": label}}
        })
    }

    fn names(items: &[Stored]) -> Vec<String> {
        items
            .iter()
            .filter_map(|o| key_of(&o.object))
            .map(|(ns, name)| format!("{ns}/{name}"))
            .collect()
    }

    #[test]
    fn pages_follow_key_order_namespace_and_filter() {
        let store = Store::new();
        for (ns, name, l) in [
            ("a", "1", "x"),
            ("a", "2", "y"),
            ("a", "3", "x"),
            ("b", "1", "x"),
            ("b", "2", "x"),
            ("c", "1", "x"),
        ] {
            store.upsert(vmi(ns, name, l)).expect("stored");
        }
        let (rv, items, rest) = store.page(&VMI, None, None, 2, None);
        assert_eq!(rv, store.list(&VMI, None).0);
        assert_eq!(
            (names(&items), rest),
            (vec!["a/1".into(), "a/2".into()], Rest::Count(4))
        );
        // After a key, exclusive; the last page says nothing follows.
        let after = ("a".to_string(), "2".to_string());
        let (_, items, rest) = store.page(&VMI, None, Some(&after), 10, None);
        assert_eq!(names(&items), ["a/3", "b/1", "b/2", "c/1"]);
        assert_eq!(rest, Rest::Count(0));
        // One namespace, also when continued from a key before it.
        let (_, items, rest) = store.page(&VMI, Some("b"), Some(&after), 1, None);
        assert_eq!((names(&items), rest), (vec!["b/1".into()], Rest::Count(1)));
        let (_, items, _) = store.page(&VMI, Some("b"), None, 10, None);
        assert_eq!(names(&items), ["b/1", "b/2"]);
        // Only what the filter keeps is listed; what follows is whether one more is kept.
        let x = |o: &Value| o["metadata"]["labels"]["l"] == "x";
        let (_, items, rest) = store.page(&VMI, Some("a"), None, 1, Some(&x));
        assert_eq!(
            (names(&items), rest),
            (vec!["a/1".into()], Rest::More(true))
        );
        let (_, items, rest) = store.page(&VMI, Some("a"), Some(&after), 1, Some(&x));
        assert_eq!(
            (names(&items), rest),
            (vec!["a/3".into()], Rest::More(false))
        );
        let (_, items, rest) = store.page(&VMI, None, None, usize::MAX, Some(&x));
        assert_eq!((items.len(), rest), (5, Rest::More(false)));
        assert!(store.page(&POD, None, None, 5, None).1.is_empty());
    }

    /// Paging through a filtered list reads each object about once: a page reads on only
    /// until one more object is kept, instead of counting through everything after it.
    #[test]
    fn paging_through_a_filtered_list_reads_each_object_about_once() {
        let store = Store::new();
        let n = 2_000;
        for i in 0..n {
            // Every other object is kept.
            let l = if i % 2 == 0 { "x" } else { "y" };
            store
                .upsert(vmi("a", &format!("{i:05}"), l))
                .expect("stored");
        }
        let reads = std::cell::Cell::new(0usize);
        let x = |o: &Value| {
            reads.set(reads.get() + 1);
            o["metadata"]["labels"]["l"] == "x"
        };
        let (mut after, mut listed, mut pages) = (None, 0, 0);
        loop {
            let (_, items, rest) = store.page(&VMI, None, after.as_ref(), 50, Some(&x));
            listed += items.len();
            pages += 1;
            if !rest.any() {
                break;
            }
            after = items.last().and_then(|o| key_of(&o.object));
        }
        assert_eq!((listed, pages), (n / 2, n / 2 / 50));
        // Each object once, and per page the few read past its end to find one more.
        assert!(
            reads.get() <= n + 2 * pages,
            "{} reads for {n} objects",
            reads.get()
        );
    }

    #[test]
    fn resumable_until_the_history_is_compacted() {
        let store = Store::new();
        store.upsert(vmi("a", "1", "x"));
        let rv = store.list(&VMI, None).0;
        assert!(store.resumable(rv) && store.resumable(0));
        store.compact();
        assert!(store.resumable(rv));
        assert!(!store.resumable(rv - 1));
    }
}
