//! The versioned object store.
//!
//! Every change gets the next cluster-wide `resourceVersion`, is written into the object's
//! `metadata.resourceVersion`, kept in a bounded history and broadcast to watchers. A watch that
//! asks for a version older than the history answers `410 Gone`, like an API server whose etcd
//! compacted.

use serde_json::{Value, json};
use std::collections::{BTreeMap, VecDeque};
use std::sync::Mutex;
use tokio::sync::broadcast;

/// A kind of object the simulator serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Resource {
    /// API group; empty for the core group.
    pub group: &'static str,
    pub version: &'static str,
    pub plural: &'static str,
    pub kind: &'static str,
    pub namespaced: bool,
}

impl Resource {
    pub fn api_version(&self) -> String {
        if self.group.is_empty() {
            self.version.to_string()
        } else {
            format!("{}/{}", self.group, self.version)
        }
    }
}

pub const VMI: Resource = Resource {
    group: "kubevirt.io",
    version: "v1",
    plural: "virtualmachineinstances",
    kind: "VirtualMachineInstance",
    namespaced: true,
};
pub const NAMESPACE: Resource =
    Resource { group: "", version: "v1", plural: "namespaces", kind: "Namespace", namespaced: false };

/// Every resource the simulator knows.
pub const RESOURCES: &[Resource] = &[VMI, NAMESPACE];

/// Looks a resource up by group, version and plural.
pub fn resource(group: &str, version: &str, plural: &str) -> Option<Resource> {
    RESOURCES
        .iter()
        .copied()
        .find(|r| r.group == group && r.version == version && r.plural == plural)
}

fn resource_of(obj: &Value) -> Option<Resource> {
    let api_version = obj.get("apiVersion")?.as_str()?;
    let kind = obj.get("kind")?.as_str()?;
    RESOURCES.iter().copied().find(|r| r.api_version() == api_version && r.kind == kind)
}

/// One change, as a watch would report it.
#[derive(Debug, Clone)]
pub struct Change {
    pub rv: u64,
    pub resource: Resource,
    /// `ADDED`, `MODIFIED` or `DELETED`.
    pub kind: &'static str,
    pub object: Value,
}

type Key = (Resource, String, String);

struct Inner {
    rv: u64,
    objects: BTreeMap<Key, Value>,
    history: VecDeque<Change>,
}

impl Inner {
    fn items(&self, resource: &Resource, namespace: Option<&str>) -> Vec<Value> {
        self.objects
            .iter()
            .filter(|((r, ns, _), _)| r == resource && namespace.is_none_or(|n| n == ns))
            .map(|(_, v)| v.clone())
            .collect()
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

impl Store {
    pub fn new() -> Store {
        let (tx, _) = broadcast::channel(4096);
        Store {
            inner: Mutex::new(Inner { rv: 1000, objects: BTreeMap::new(), history: VecDeque::new() }),
            tx,
            history_len: 10_000,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The current cluster-wide resourceVersion.
    pub fn resource_version(&self) -> u64 {
        self.lock().rv
    }

    fn commit(&self, inner: &mut Inner, resource: Resource, kind: &'static str, object: Value) {
        let change = Change { rv: inner.rv, resource, kind, object };
        inner.history.push_back(change.clone());
        while inner.history.len() > self.history_len {
            inner.history.pop_front();
        }
        let _ = self.tx.send(change);
    }

    /// Creates or replaces an object (its `apiVersion` and `kind` pick the resource).
    pub fn upsert(&self, mut obj: Value) -> Option<Value> {
        let resource = resource_of(&obj)?;
        let name = obj["metadata"]["name"].as_str()?.to_string();
        let ns = obj["metadata"]["namespace"].as_str().unwrap_or_default().to_string();
        let mut inner = self.lock();
        inner.rv += 1;
        let rv = inner.rv;
        obj["metadata"]["resourceVersion"] = json!(rv.to_string());
        if obj["metadata"]["uid"].is_null() {
            obj["metadata"]["uid"] = json!(format!("{:08x}-0000-4000-8000-{:012x}", rv, rv));
        }
        let key = (resource, ns, name);
        let kind = if inner.objects.contains_key(&key) { "MODIFIED" } else { "ADDED" };
        inner.objects.insert(key, obj.clone());
        self.commit(&mut inner, resource, kind, obj.clone());
        Some(obj)
    }

    /// Changes an object in place; returns the new object, or None when it does not exist.
    pub fn modify(
        &self,
        resource: &Resource,
        namespace: Option<&str>,
        name: &str,
        f: impl FnOnce(&mut Value),
    ) -> Option<Value> {
        let mut inner = self.lock();
        let key = (*resource, namespace.unwrap_or_default().to_string(), name.to_string());
        let mut obj = inner.objects.get(&key)?.clone();
        f(&mut obj);
        inner.rv += 1;
        obj["metadata"]["resourceVersion"] = json!(inner.rv.to_string());
        inner.objects.insert(key, obj.clone());
        self.commit(&mut inner, *resource, "MODIFIED", obj.clone());
        Some(obj)
    }

    /// Deletes an object; returns it, or None when it did not exist.
    pub fn delete(&self, resource: &Resource, namespace: Option<&str>, name: &str) -> Option<Value> {
        let mut inner = self.lock();
        let key = (*resource, namespace.unwrap_or_default().to_string(), name.to_string());
        let mut obj = inner.objects.remove(&key)?;
        inner.rv += 1;
        obj["metadata"]["resourceVersion"] = json!(inner.rv.to_string());
        self.commit(&mut inner, *resource, "DELETED", obj.clone());
        Some(obj)
    }

    /// One object.
    pub fn get(&self, resource: &Resource, namespace: Option<&str>, name: &str) -> Option<Value> {
        let key = (*resource, namespace.unwrap_or_default().to_string(), name.to_string());
        self.lock().objects.get(&key).cloned()
    }

    /// All objects of a resource (in one namespace when given), with the store's version.
    pub fn list(&self, resource: &Resource, namespace: Option<&str>) -> (u64, Vec<Value>) {
        let inner = self.lock();
        let items = inner.items(resource, namespace);
        (inner.rv, items)
    }

    /// The current objects of a resource and a receiver for every change after them, atomically.
    pub fn list_and_subscribe(
        &self,
        resource: &Resource,
        namespace: Option<&str>,
    ) -> (u64, Vec<Value>, broadcast::Receiver<Change>) {
        let inner = self.lock();
        let rx = self.tx.subscribe();
        let items = inner.items(resource, namespace);
        (inner.rv, items, rx)
    }

    /// Starts a watch from `since` (exclusive). Returns the changes already past `since` and a
    /// receiver for the live ones, or `Err(())` when `since` is older than the kept history.
    #[allow(clippy::result_unit_err)]
    pub fn watch_from(&self, since: u64) -> Result<(Vec<Change>, broadcast::Receiver<Change>), ()> {
        let inner = self.lock();
        let rx = self.tx.subscribe();
        let oldest = inner.history.front().map(|c| c.rv).unwrap_or(inner.rv + 1);
        if since.saturating_add(1) < oldest && since < inner.rv {
            return Err(());
        }
        let past = inner.history.iter().filter(|c| c.rv > since).cloned().collect();
        Ok((past, rx))
    }

    /// Forgets the change history, so any watch resuming from an older version gets `410 Gone`.
    pub fn compact(&self) {
        self.lock().history.clear();
    }
}
