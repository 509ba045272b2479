//! The watch loop: ONE generic loop (`run`) over a kube-rs `watcher` stream, and one small
//! [`WatchedKind`] per kind saying what its objects become as they arrive
//! ([`WatchedKind::Projection`]) and where that goes (the store for VMIs, an index of
//! [`Caches`] for the others).
//!
//! The loop keeps each kind's [`super::KindState`]: an error marks it failing (the watcher
//! backs off and retries, [`super::backoff`]), any event but `Init` (sent before the list is asked for) or any successful answer to the watcher's requests
//! ([`super::observed`]: a resumed watch yields no event) marks it healthy, a re-list after the first sync counts
//! as a restart. A (re)list (`Init`, `InitApply`…, `InitDone`) is buffered as projections and
//! applied as one `Replace`, so browsers see no gap and no flicker; then the kind is synced and,
//! after a re-list or once the start's compaction ran, memory is released (`release_memory`).

use super::backoff::AnswerBackoff;
use super::caches::{Applied, Caches};
use super::kind::Kind;
use super::launcher::Launcher;
use super::project::{event_is_relevant, typed};
use super::raw::Raw;
use super::release::release_memory;
use super::typed::Typed;
use super::vm_record::VmRecord;
use crate::key::Key;
use crate::store::Store;
use futures::StreamExt;
use kube::api::Api;
use kube::runtime::{WatchStreamExt, watcher};
use model::kube::{Event, Node, Pod, Vm, Vmi, Vmim};
use model::{VmiKey, VmiSummary};
use std::sync::Arc;

/// Where a watcher reports its failures and re-lists besides the kind's own state (the
/// `/metrics` counters implement it).
pub trait OnRestart: Send + Sync + 'static {
    fn watch_restart(&self, kind: Kind);
}

/// One watched kind: what its objects become as soon as they arrive, and where that goes.
pub trait WatchedKind: Send {
    const KIND: Kind;
    /// What an object is read off the wire as: its model type ([`Typed`]), or for events a
    /// [`Raw`] object.
    type Object: kube::Resource<DynamicType = kube::core::ApiResource>
        + serde::de::DeserializeOwned
        + Clone
        + std::fmt::Debug
        + Send
        + 'static;
    /// What an object is read into at once (a (re)list buffers these, never raw objects).
    type Projection: Send;
    /// What a deleted object becomes: what its index needs to drop it.
    type Gone: Send;
    /// `None`: the object is not kept (an event Strata does not show, a pod of no VMI). The
    /// object is consumed.
    fn project(&self, obj: Self::Object) -> Option<Self::Projection>;
    fn gone(&self, obj: &Self::Object) -> Option<Self::Gone>;
    /// A (re)list starts.
    fn listing(&mut self) {}
    fn apply(&mut self, change: Applied<Self::Projection, Self::Gone>);
}

/// VMIs: their overview summaries, into the store.
pub(crate) struct Vmis {
    caches: Arc<Caches>,
    store: Arc<Store>,
    /// The caches' generation when the list started.
    generation: u64,
}

impl WatchedKind for Vmis {
    const KIND: Kind = Kind::Vmi;
    type Object = Typed<Vmi>;
    type Projection = (VmiSummary, Option<u64>);
    type Gone = VmiKey;
    fn project(&self, obj: Typed<Vmi>) -> Option<Self::Projection> {
        let v = obj.version_number();
        Some((self.caches.summarize(obj.object), v))
    }
    fn gone(&self, obj: &Typed<Vmi>) -> Option<VmiKey> {
        Some(obj.object.key())
    }
    fn listing(&mut self) {
        self.generation = self.caches.generation();
    }
    fn apply(&mut self, change: Applied<Self::Projection, VmiKey>) {
        match change {
            Applied::Upsert((summary, v)) => self.store.upsert_version(summary, v),
            Applied::Delete(key) => self.store.delete(&key),
            Applied::Replace(list) => {
                self.store.replace_all_versions(list);
                // Pods, nodes or migrations changed while the list was read.
                if self.caches.generation() != self.generation {
                    self.caches.refresh_everything();
                }
            }
        }
    }
}

/// A kind kept in an index of [`Caches`] (applied by `$apply`), read as `$object`, projected
/// by `$project`; a deletion carries the same projection.
macro_rules! indexed {
    ($name:ident, $kind:expr, $object:ty, $projection:ty, $project:ident, $apply:ident) => {
        pub(crate) struct $name(pub(crate) Arc<Caches>);

        impl WatchedKind for $name {
            const KIND: Kind = $kind;
            type Object = $object;
            type Projection = $projection;
            type Gone = $projection;
            fn project(&self, obj: $object) -> Option<$projection> {
                $project(obj)
            }
            fn gone(&self, obj: &$object) -> Option<$projection> {
                $project(obj.clone())
            }
            fn apply(&mut self, change: Applied<$projection>) {
                self.0.$apply(change)
            }
        }
    };
}

indexed!(
    LauncherPods,
    Kind::Pod,
    Typed<Pod>,
    (Key, Launcher),
    launcher,
    apply_pod
);
indexed!(
    Migrations,
    Kind::Vmim,
    Typed<Vmim>,
    Vmim,
    migration,
    apply_vmim
);
indexed!(Nodes, Kind::Node, Typed<Node>, Node, node, apply_node);
indexed!(Vms, Kind::Vm, Typed<Vm>, (Key, VmRecord), vm, apply_vm);
indexed!(Events, Kind::Event, Raw, Event, event, apply_event);

/// A virt-launcher pod's projection, keyed by its VMI (`None`: it names no VMI).
fn launcher(obj: Typed<Pod>) -> Option<(Key, Launcher)> {
    Launcher::project(&obj.object)
}

fn migration(obj: Typed<Vmim>) -> Option<Vmim> {
    Some(obj.object)
}

/// A node, without its annotations (they are large) but virt-handler's heartbeat, which the
/// node layer and the node pages read (`model::kube::node::HEARTBEAT_ANNOTATION`).
fn node(obj: Typed<Node>) -> Option<Node> {
    let mut n = obj.object;
    n.metadata
        .annotations
        .retain(|k, _| k == model::kube::node::HEARTBEAT_ANNOTATION);
    Some(n)
}

fn vm(obj: Typed<Vm>) -> Option<(Key, VmRecord)> {
    Some(VmRecord::project(&obj.object))
}

/// An event, when it is one Strata shows ([`event_is_relevant`]). Events are read as [`Raw`]
/// objects: their reader reads `events.k8s.io/v1` fields from the `Value`, and they are few
/// beside the other kinds and listed after readiness.
fn event(obj: Raw) -> Option<Event> {
    event_is_relevant(&obj.json).then(|| typed(obj))
}

/// Watches one kind until the process ends. `restarts` hears of every failure and re-list.
pub async fn watch_kind<R: OnRestart + ?Sized>(
    client: kube::Client,
    caches: Arc<Caches>,
    kind: Kind,
    store: Arc<Store>,
    restarts: Arc<R>,
) {
    if !kind.watched() || !caches.get(kind).start() {
        tracing::error!(
            kind = kind.name(),
            "this kind is not watched, or its watcher already runs"
        );
        return;
    }
    let client = super::observed::observed(client, caches.clone(), kind);
    let (c, s, r) = (&caches, &store, &*restarts);
    match kind {
        Kind::Vmi => {
            let vmis = Vmis {
                caches: c.clone(),
                store: s.clone(),
                generation: 0,
            };
            run(client, c, s, r, vmis).await
        }
        Kind::Vm => run(client, c, s, r, Vms(c.clone())).await,
        Kind::Vmim => run(client, c, s, r, Migrations(c.clone())).await,
        Kind::Pod => run(client, c, s, r, LauncherPods(c.clone())).await,
        Kind::Node => run(client, c, s, r, Nodes(c.clone())).await,
        Kind::Event => run(client, c, s, r, Events(c.clone())).await,
    }
}

/// The loop: reads `W::KIND`'s watcher stream into `w`, keeping the kind's state.
async fn run<W: WatchedKind, R: OnRestart + ?Sized>(
    client: kube::Client,
    caches: &Arc<Caches>,
    store: &Store,
    restarts: &R,
    mut w: W,
) {
    let kind = W::KIND;
    let state = &caches.get(kind).state;
    // Objects are read into what is kept of them as they are read ([`Typed`], [`Raw`]).
    let api: Api<W::Object> = Api::all_with(client, &kind.resource());
    let answered = {
        let caches = caches.clone();
        move || caches.get(kind).state.healthy()
    };
    let stream = watcher(api, kind.config()).backoff(AnswerBackoff::new(answered));
    futures::pin_mut!(stream);
    let mut buffer: Vec<W::Projection> = Vec::new();
    // Whether this list comes after the kind's first sync.
    let mut relisting = false;
    while let Some(event) = stream.next().await {
        let event = match event {
            Ok(e) => e,
            Err(e) => {
                tracing::warn!(kind = kind.name(), error = %e, "watch failed; retrying with backoff");
                state.failed_because(e.to_string(), super::cause::Cause::of(&e));
                restarts.watch_restart(kind);
                continue;
            }
        };
        // `Init` comes before the list is asked for: not an answer ([`super::backoff`]).
        if !matches!(event, watcher::Event::Init) {
            state.ok();
        }
        match event {
            watcher::Event::Init => {
                relisting = state.synced();
                if relisting {
                    // A re-list after the first sync (e.g. after `410 Gone`).
                    state.relisted();
                    restarts.watch_restart(kind);
                }
                buffer.clear();
                w.listing();
            }
            watcher::Event::InitApply(obj) => buffer.extend(w.project(obj)),
            watcher::Event::InitDone => {
                w.apply(Applied::Replace(std::mem::take(&mut buffer)));
                state.set_synced();
                // The start's first lists are compacted once, when all are done
                // ([`super::release::after_start`]); a later list on its own.
                if relisting || store.compactions() > 0 {
                    release_memory(caches, store);
                }
            }
            watcher::Event::Apply(obj) => {
                if let Some(p) = w.project(obj) {
                    w.apply(Applied::Upsert(p));
                }
            }
            watcher::Event::Delete(obj) => {
                if let Some(g) = w.gone(&obj) {
                    w.apply(Applied::Delete(g));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event_cache::Involved;
    use serde_json::json;

    #[test]
    fn irrelevant_events_are_not_projected() {
        let obj = |kind: &str, name: &str| -> Raw {
            serde_json::from_value(json!({
                "apiVersion": "v1", "kind": "Event",
                "metadata": {"name": "e", "namespace": "prod"},
                "involvedObject": {"kind": kind, "name": name, "namespace": "prod"},
                "reason": "Started"
            }))
            .unwrap()
        };
        let caches = Arc::new(Caches::new());
        let mut events = Events(caches.clone());
        assert!(events.project(obj("Pod", "nginx-1")).is_none());
        for o in [obj("Pod", "nginx-1"), obj("Pod", "virt-launcher-web-x")] {
            if let Some(e) = events.project(o) {
                events.apply(Applied::Upsert(e));
            }
        }
        assert_eq!(caches.len(Kind::Event), Some(1));
        let about = Involved::new("Pod", "prod", "virt-launcher-web-x");
        assert_eq!(caches.events_about(&about)[0].reason(), "Started");
    }
}
