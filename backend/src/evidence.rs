//! Collecting one VMI's evidence bundle from the watch caches.
//!
//! The candidates (the VMI, its VM, the namespace's launcher pods, migrations and events, every
//! node) are handed to [`model::evidence::group`], which decides what belongs to the VMI
//! (`activePods`, labels, annotations, `migrationState`, `involvedObject`); the backend only
//! collects. `coverage` says which kinds were actually watched and synced, so a missing pod means
//! "no pod" only when pods were visible at all.

use crate::watch::Caches;
use kube::api::DynamicObject;
use model::evidence::{Coverage, Evidence};
use model::objects::{Event, Node, Pod, Vm, Vmim};
use model::parse::Object;
use model::time::Timestamp;
use model::vmi::Vmi;
use std::sync::Arc;

/// Now, as a model timestamp.
pub fn now() -> Timestamp {
    let ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0);
    Timestamp(ms)
}

/// The JSON of a cached object.
pub fn value(obj: &DynamicObject) -> serde_json::Value {
    serde_json::to_value(obj).unwrap_or_default()
}

fn values(objs: &[Arc<DynamicObject>]) -> impl Iterator<Item = serde_json::Value> + '_ {
    objs.iter().map(|o| value(o))
}

/// At most this many events per bundle (the newest).
pub const MAX_EVENTS: usize = 100;

/// The evidence bundle of `namespace/name` from the caches, or `None` when neither the VMI nor
/// a migration naming it is known.
pub fn collect(caches: &Caches, namespace: &str, name: &str, at: Timestamp) -> Option<Evidence> {
    let mut objects: Vec<Object> = Vec::new();
    if let Some(vmi) = caches.vmis.get(namespace, name) {
        objects.push(Object::Vmi(Box::new(Vmi::from_value(&value(&vmi)))));
    }
    if let Some(vm) = caches.vms.get(namespace, name) {
        objects.push(Object::Vm(Box::new(Vm::from_value(&value(&vm)))));
    }
    objects.extend(
        values(&caches.vmims.in_namespace(namespace))
            .map(|v| Object::Vmim(Box::new(Vmim::from_value(&v)))),
    );
    objects.extend(
        values(&caches.pods.in_namespace(namespace))
            .map(|v| Object::Pod(Box::new(Pod::from_value(&v)))),
    );
    objects.extend(
        values(&caches.events.in_namespace(namespace))
            .map(|v| Object::Event(Box::new(Event::from_value(&v)))),
    );
    objects
        .extend(values(&caches.nodes.all()).map(|v| Object::Node(Box::new(Node::from_value(&v)))));
    let dump = model::evidence::group(objects, Some(at));
    let mut bundle = dump
        .bundles
        .into_iter()
        .find(|b| b.key.namespace == namespace && b.key.name == name)?;
    bundle.coverage = Coverage {
        pods: caches.pods.state.synced(),
        migrations: caches.vmims.state.synced(),
        events: caches.events.state.synced(),
        nodes: caches.nodes.state.synced(),
    };
    bundle
        .events
        .sort_by_key(|e| std::cmp::Reverse(e.value.time()));
    bundle.events.truncate(MAX_EVENTS);
    bundle.events.reverse();
    Some(bundle)
}
