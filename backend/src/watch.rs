//! kube-rs watchers and their caches: one watcher per resource for the whole process, however
//! many browsers are connected.
//!
//! Each [`Watched`] resource is a kube-rs `watcher` (list, then watch; after any error it backs
//! off and starts again, resuming from the last resourceVersion or re-listing after `410 Gone`)
//! feeding a kube-rs `reflector` store. Objects are trimmed (`managedFields`, the
//! last-applied annotation) and filtered (only virt-launcher pods, only events about KubeVirt
//! objects, launcher pods and nodes) before they are cached, so memory follows what Strata shows.
//!
//! VMI changes are also projected through [`model::VmiSummary`] into the [`Store`] that feeds the
//! browser streams. A re-list is buffered between `Init` and `InitDone` and applied as a diff, so
//! browsers see no gap and no flicker.
//!
//! Every resource keeps a [`KindState`]: synced or not, the last error, the number of restarts.
//! A resource that the cluster does not serve or that Strata may not read stays unsynced, and the
//! evidence endpoint says so (`coverage`) instead of pretending that nothing exists.

use crate::metrics::Metrics;
use crate::store::Store;
use futures::StreamExt;
use kube::api::{Api, ApiResource, DynamicObject, GroupVersionKind};
use kube::runtime::reflector::store::Writer;
use kube::runtime::reflector::{self, ObjectRef};
use kube::runtime::{WatchStreamExt, watcher};
use model::VmiSummary;
use model::vmi::Vmi;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The label every virt-launcher pod carries (`kubevirt.io=virt-launcher`).
pub const LAUNCHER_SELECTOR: &str = "kubevirt.io=virt-launcher";

/// The kinds Strata watches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Vmi,
    Vm,
    Vmim,
    Pod,
    Node,
    Event,
}

impl Kind {
    pub const ALL: [Kind; 6] = [
        Kind::Vmi,
        Kind::Vm,
        Kind::Vmim,
        Kind::Pod,
        Kind::Node,
        Kind::Event,
    ];

    /// The short name used in logs, `/readyz` and `/metrics`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Vmi => "virtualmachineinstances",
            Kind::Vm => "virtualmachines",
            Kind::Vmim => "virtualmachineinstancemigrations",
            Kind::Pod => "pods",
            Kind::Node => "nodes",
            Kind::Event => "events",
        }
    }

    /// Group, version, kind and plural.
    pub fn resource(self) -> ApiResource {
        let (g, v, k) = match self {
            Kind::Vmi => ("kubevirt.io", "v1", "VirtualMachineInstance"),
            Kind::Vm => ("kubevirt.io", "v1", "VirtualMachine"),
            Kind::Vmim => ("kubevirt.io", "v1", "VirtualMachineInstanceMigration"),
            Kind::Pod => ("", "v1", "Pod"),
            Kind::Node => ("", "v1", "Node"),
            Kind::Event => ("", "v1", "Event"),
        };
        ApiResource::from_gvk_with_plural(&GroupVersionKind::gvk(g, v, k), self.name())
    }

    fn config(self) -> watcher::Config {
        match self {
            Kind::Pod => watcher::Config::default().labels(LAUNCHER_SELECTOR),
            _ => watcher::Config::default(),
        }
    }

    /// Whether an object of this kind is worth caching.
    fn keep(self, obj: &DynamicObject) -> bool {
        match self {
            Kind::Event => event_is_relevant(&obj.data),
            _ => true,
        }
    }
}

/// The `kubevirt.io/v1` VirtualMachineInstance resource.
pub fn vmi_resource() -> ApiResource {
    Kind::Vmi.resource()
}

/// Events Strata keeps: about KubeVirt objects, virt-launcher pods and nodes.
pub fn event_is_relevant(event: &serde_json::Value) -> bool {
    let io = &event["involvedObject"];
    let kind = io["kind"].as_str().unwrap_or("");
    let name = io["name"].as_str().unwrap_or("");
    match kind {
        "VirtualMachineInstance" | "VirtualMachine" | "VirtualMachineInstanceMigration" => true,
        "Node" => true,
        "Pod" => name.starts_with("virt-launcher-"),
        _ => false,
    }
}

/// Health of one watched resource.
#[derive(Default)]
pub struct KindState {
    synced: AtomicBool,
    healthy: AtomicBool,
    restarts: AtomicU64,
    last_error: Mutex<Option<String>>,
}

impl KindState {
    /// True once a full list has been applied (and stays true across later re-lists).
    pub fn synced(&self) -> bool {
        self.synced.load(Ordering::Relaxed)
    }
    /// False after an error until the watch delivers again.
    pub fn healthy(&self) -> bool {
        self.healthy.load(Ordering::Relaxed)
    }
    /// How many times the watch failed or had to re-list.
    pub fn restarts(&self) -> u64 {
        self.restarts.load(Ordering::Relaxed)
    }
    /// The last error, if the watch is failing now.
    pub fn last_error(&self) -> Option<String> {
        self.last_error
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }
    fn ok(&self) {
        self.healthy.store(true, Ordering::Relaxed);
        *self.last_error.lock().unwrap_or_else(|p| p.into_inner()) = None;
    }
    fn failed(&self, error: String) {
        self.healthy.store(false, Ordering::Relaxed);
        self.restarts.fetch_add(1, Ordering::Relaxed);
        *self.last_error.lock().unwrap_or_else(|p| p.into_inner()) = Some(error);
    }
}

/// One watched resource: its reflector store and its state.
pub struct Watched {
    pub kind: Kind,
    pub store: reflector::Store<DynamicObject>,
    pub state: KindState,
    writer: Mutex<Option<Writer<DynamicObject>>>,
}

impl Watched {
    fn new(kind: Kind) -> Watched {
        let writer = Writer::new(kind.resource());
        Watched {
            kind,
            store: writer.as_reader(),
            state: KindState::default(),
            writer: Mutex::new(Some(writer)),
        }
    }

    /// Every cached object.
    pub fn all(&self) -> Vec<Arc<DynamicObject>> {
        self.store.state()
    }

    /// The cached objects in `namespace`.
    pub fn in_namespace(&self, namespace: &str) -> Vec<Arc<DynamicObject>> {
        self.store
            .state_filter(|o| o.metadata.namespace.as_deref() == Some(namespace))
    }

    /// One object by namespace (empty for cluster-scoped kinds) and name.
    pub fn get(&self, namespace: &str, name: &str) -> Option<Arc<DynamicObject>> {
        let mut r = ObjectRef::new_with(name, self.kind.resource());
        if !namespace.is_empty() {
            r = r.within(namespace);
        }
        self.store.get(&r)
    }
}

/// The caches of every watched resource.
pub struct Caches {
    pub vmis: Watched,
    pub vms: Watched,
    pub vmims: Watched,
    pub pods: Watched,
    pub nodes: Watched,
    pub events: Watched,
}

impl Default for Caches {
    fn default() -> Self {
        Self::new()
    }
}

impl Caches {
    pub fn new() -> Caches {
        Caches {
            vmis: Watched::new(Kind::Vmi),
            vms: Watched::new(Kind::Vm),
            vmims: Watched::new(Kind::Vmim),
            pods: Watched::new(Kind::Pod),
            nodes: Watched::new(Kind::Node),
            events: Watched::new(Kind::Event),
        }
    }

    pub fn get(&self, kind: Kind) -> &Watched {
        match kind {
            Kind::Vmi => &self.vmis,
            Kind::Vm => &self.vms,
            Kind::Vmim => &self.vmims,
            Kind::Pod => &self.pods,
            Kind::Node => &self.nodes,
            Kind::Event => &self.events,
        }
    }
}

/// Drops what Strata never reads: `managedFields` and the last-applied annotation.
fn trim(obj: &mut DynamicObject) {
    obj.metadata.managed_fields = None;
    if let Some(a) = obj.metadata.annotations.as_mut() {
        a.remove("kubectl.kubernetes.io/last-applied-configuration");
    }
}

/// Projects a VMI object into its overview summary.
pub fn summarize(obj: &DynamicObject) -> VmiSummary {
    let value = serde_json::to_value(obj).unwrap_or_default();
    VmiSummary::from_vmi(&Vmi::from_value(&value))
}

/// Starts one watcher task per kind. Returns their handles.
pub fn start_all(
    client: kube::Client,
    caches: Arc<Caches>,
    store: Arc<Store>,
    metrics: Arc<Metrics>,
) -> Vec<tokio::task::JoinHandle<()>> {
    Kind::ALL
        .iter()
        .map(|&kind| {
            tokio::spawn(watch_kind(
                client.clone(),
                caches.clone(),
                kind,
                store.clone(),
                metrics.clone(),
            ))
        })
        .collect()
}

/// Watches one kind until the process ends.
pub async fn watch_kind(
    client: kube::Client,
    caches: Arc<Caches>,
    kind: Kind,
    store: Arc<Store>,
    metrics: Arc<Metrics>,
) {
    let watched = caches.get(kind);
    let Some(mut writer) = watched
        .writer
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .take()
    else {
        tracing::error!(kind = kind.name(), "a watcher for this kind already runs");
        return;
    };
    let api: Api<DynamicObject> = Api::all_with(client, &kind.resource());
    let stream = watcher(api, kind.config()).default_backoff().modify(trim);
    futures::pin_mut!(stream);
    let mut buffer: Vec<VmiSummary> = Vec::new();
    while let Some(event) = stream.next().await {
        let event = match event {
            Ok(e) => e,
            Err(e) => {
                tracing::warn!(kind = kind.name(), error = %e, "watch failed; retrying with backoff");
                watched.state.failed(e.to_string());
                metrics.watch_restart(kind);
                continue;
            }
        };
        watched.state.ok();
        let keep = match &event {
            watcher::Event::Apply(o) | watcher::Event::InitApply(o) => kind.keep(o),
            _ => true,
        };
        if !keep {
            continue;
        }
        if matches!(event, watcher::Event::Init) && watched.state.synced() {
            // A re-list after the first sync (e.g. after `410 Gone`).
            watched.state.restarts.fetch_add(1, Ordering::Relaxed);
            metrics.watch_restart(kind);
        }
        writer.apply_watcher_event(&event);
        if matches!(event, watcher::Event::InitDone) {
            watched.state.synced.store(true, Ordering::Relaxed);
        }
        if kind == Kind::Vmi {
            match event {
                watcher::Event::Init => buffer.clear(),
                watcher::Event::InitApply(obj) => buffer.push(summarize(&obj)),
                watcher::Event::InitDone => store.replace_all(std::mem::take(&mut buffer)),
                watcher::Event::Apply(obj) => store.upsert(summarize(&obj)),
                watcher::Event::Delete(obj) => store.delete(&summarize(&obj).key),
            }
        }
    }
}

/// Watches only VMIs into `store` (kept for callers that need nothing else).
pub async fn watch_vmis(client: kube::Client, store: Arc<Store>) {
    watch_kind(
        client,
        Arc::new(Caches::new()),
        Kind::Vmi,
        store,
        Arc::new(Metrics::default()),
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_kubevirt_launcher_and_node_events_are_kept() {
        let ev = |kind: &str, name: &str| json!({"involvedObject": {"kind": kind, "name": name}});
        assert!(event_is_relevant(&ev("VirtualMachineInstance", "web")));
        assert!(event_is_relevant(&ev(
            "VirtualMachineInstanceMigration",
            "m"
        )));
        assert!(event_is_relevant(&ev("Pod", "virt-launcher-web-abcde")));
        assert!(event_is_relevant(&ev("Node", "worker-a")));
        assert!(!event_is_relevant(&ev("Pod", "nginx-123")));
        assert!(!event_is_relevant(&ev("Secret", "x")));
        assert!(!event_is_relevant(&json!({})));
    }

    #[test]
    fn trimming_drops_managed_fields_and_last_applied() {
        let mut obj: DynamicObject = serde_json::from_value(json!({
            "apiVersion": "v1", "kind": "Pod",
            "metadata": {"name": "p", "managedFields": [{"manager": "kubectl"}],
                "annotations": {"kubectl.kubernetes.io/last-applied-configuration": "{}", "keep": "me"}}
        }))
        .unwrap();
        trim(&mut obj);
        assert!(obj.metadata.managed_fields.is_none());
        let a = obj.metadata.annotations.unwrap();
        assert_eq!(a.len(), 1);
        assert_eq!(a["keep"], "me");
    }
}
