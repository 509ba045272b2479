//! kube-rs watchers and the compact state they keep: one watcher per watched resource for the
//! whole process, however many browsers are connected.
//!
//! Each watcher is a kube-rs `watcher` (list in pages, then watch; after any error it backs off
//! and starts again, resuming from the last resourceVersion or re-listing after `410 Gone`).
//! No raw object is kept: every object is projected at once into what Strata shows, and
//! dropped, so memory follows what is shown rather than what the cluster stores.
//!
//! * VMIs become their overview summary in the [`Store`], through
//!   [`model::VmiSummary::from_evidence`] over the VMI plus the compact launcher, node and
//!   migration state below. The full VMI is fetched when a page asks ([`crate::evidence`]).
//! * virt-launcher pods become a [`Launcher`] (name, uid, phase, Ready, node, reason), indexed by
//!   their VMI.
//! * Nodes (few) and migrations (what the migrations page lists) are kept as the model's typed
//!   objects, which hold only the fields Strata reads.
//! * VMs become a [`VmRecord`] (run strategy, the template's eviction strategy,
//!   printableStatus, the Ready/Failure/Paused conditions, startFailure), which the evidence
//!   bundle and drain impact read.
//! * Events about VMIs, VMs, migrations, virt-launcher pods and nodes ([`event_is_relevant`];
//!   the others are dropped as they arrive) go into the bounded per-object rings of
//!   [`crate::event_cache`]. An event does not re-project its VMI: the overview summary has no
//!   field that events change, so a VMI page learns of new events only when it fetches again.
//!
//! A re-list is buffered between `Init` and `InitDone` and applied as a diff, so browsers see no
//! gap and no flicker. When a launcher pod, node or migration changes in a way the overview shows,
//! the affected VMIs are re-projected by the [`refresher`]: it GETs those VMIs (or lists them all
//! when many are affected) and replaces their summaries unless the store already has them from a
//! newer object. At start, the VMI watcher lists only once launcher pods, nodes and migrations
//! have synced (or failed, or a time limit passed; see [`start_all`]), so the first projection
//! already has them and the VMIs are not listed a second time.
//!
//! Memory: the projections share repeated short strings ([`crate::intern`]), keep no spare
//! capacity, and are repacked after every (re)list, after which free heap pages are returned
//! ([`crate::memory`]).
//!
//! Every resource keeps a [`KindState`]: synced or not, the last error, the number of restarts.
//! A resource that the cluster does not serve or that Strata may not read stays unsynced, and the
//! evidence endpoint says so (`coverage`) instead of pretending that nothing exists.

use crate::event_cache::{EventCache, Involved};
use crate::intern::{intern, intern_opt};
use crate::memory;
use crate::metrics::Metrics;
use crate::store::Store;
use futures::StreamExt;
use kube::api::{Api, ApiResource, DynamicObject, GroupVersionKind, ListParams};
use kube::runtime::{WatchStreamExt, watcher};
use model::evidence::{Evidence, Observed};
use model::objects::{Event, Node, Pod, Vm, Vmim};
use model::time::Timestamp;
use model::vmi::{Condition, Vmi};
use model::{VmiKey, VmiSummary};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;
use tokio::sync::mpsc;

/// The label every virt-launcher pod carries (`kubevirt.io=virt-launcher`).
pub const LAUNCHER_SELECTOR: &str = "kubevirt.io=virt-launcher";
/// Objects per page of a list.
pub const PAGE_SIZE: u32 = 50;
/// Above this many VMIs to re-project at once, one list replaces the GETs.
const REFRESH_BY_LIST: usize = 32;
/// Changes to re-project are gathered for this long.
const REFRESH_DELAY: Duration = Duration::from_millis(200);

/// The kinds Strata reads.
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

    /// The kinds with a watcher: all of them.
    pub const WATCHED: [Kind; 6] = Kind::ALL;

    /// Whether this kind has a watcher.
    pub fn watched(self) -> bool {
        Kind::WATCHED.contains(&self)
    }

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
        let c = watcher::Config::default().page_size(PAGE_SIZE);
        match self {
            Kind::Pod => c.labels(LAUNCHER_SELECTOR),
            _ => c,
        }
    }
}

/// The `kubevirt.io/v1` VirtualMachineInstance resource.
pub fn vmi_resource() -> ApiResource {
    Kind::Vmi.resource()
}

/// Events Strata shows: about KubeVirt objects, virt-launcher pods and nodes.
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

/// Health of one resource's watch.
#[derive(Default)]
pub struct KindState {
    synced: AtomicBool,
    healthy: AtomicBool,
    restarts: AtomicU64,
    fetches: AtomicU64,
    last_error: Mutex<Option<String>>,
}

impl KindState {
    /// True once a full list has been applied (and stays true across later re-lists).
    pub fn synced(&self) -> bool {
        self.synced.load(Ordering::Relaxed)
    }
    /// False after an error until the watch (or a fetch) succeeds again.
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
    /// How many times a page had to fetch this kind itself because the watch had not synced.
    pub fn fetches(&self) -> u64 {
        self.fetches.load(Ordering::Relaxed)
    }
    /// Counts one on-demand fetch (made while the watch has not synced).
    pub fn fetched_on_demand(&self) {
        self.fetches.fetch_add(1, Ordering::Relaxed);
    }
    #[cfg(test)]
    pub(crate) fn mark_synced(&self) {
        self.synced.store(true, Ordering::Relaxed);
    }
}

/// A virt-launcher pod, as far as the overview needs it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Launcher {
    pub name: Box<str>,
    pub uid: Box<str>,
    /// Interned ([`crate::intern`]), as is `node`.
    #[serde(with = "crate::intern::string")]
    pub phase: Arc<str>,
    pub reason: Option<Box<str>>,
    /// The `Ready` condition's status: `Some(true)` for True.
    pub ready: Option<bool>,
    #[serde(with = "crate::intern::option")]
    pub node: Option<Arc<str>>,
    pub created: Option<Timestamp>,
    /// A migration target pod (`kubevirt.io/migrationJobUID` label).
    pub migration_target: bool,
}

const MIGRATION_JOB_LABEL: &str = "kubevirt.io/migrationJobUID";

impl Launcher {
    /// The VMI a launcher pod belongs to (`kubevirt.io/domain` annotation, else the owning
    /// VMI), and its projection.
    pub fn project(pod: &Pod) -> Option<(VmiKey, Launcher)> {
        let m = &pod.metadata;
        let vmi = m
            .annotations
            .get(model::objects::DOMAIN_ANNOTATION)
            .cloned()
            .or_else(|| {
                m.owner_references
                    .iter()
                    .find(|o| o.kind.as_deref() == Some("VirtualMachineInstance"))
                    .and_then(|o| o.name.clone())
            })
            .filter(|n| !n.is_empty())?;
        let ready = pod.condition("Ready").map(Condition::is_true);
        Some((
            VmiKey {
                namespace: m.namespace().to_string(),
                name: vmi,
            },
            Launcher {
                name: m.name().into(),
                uid: m.uid.as_deref().unwrap_or("").into(),
                phase: intern(pod.phase()),
                reason: pod.status.reason.as_deref().map(Into::into),
                ready,
                node: intern_opt(pod.node()),
                created: m.created(),
                migration_target: m.labels.contains_key(MIGRATION_JOB_LABEL),
            },
        ))
    }

    /// The pod again, with only the projected fields.
    pub fn to_pod(&self, namespace: &str) -> Pod {
        let mut p = Pod::default();
        p.metadata.name = Some(self.name.to_string());
        p.metadata.namespace = Some(namespace.to_string());
        p.metadata.uid = Some(self.uid.to_string()).filter(|u| !u.is_empty());
        p.metadata.creation_timestamp = self.created.map(|t| t.to_string());
        if self.migration_target {
            p.metadata
                .labels
                .insert(MIGRATION_JOB_LABEL.to_string(), String::new());
        }
        p.spec.node_name = self.node.as_deref().map(str::to_string);
        p.status.phase = Some(self.phase.to_string()).filter(|s| !s.is_empty());
        p.status.reason = self.reason.as_deref().map(str::to_string);
        if let Some(ready) = self.ready {
            p.status.conditions.push(Condition {
                type_: Some("Ready".into()),
                status: Some(if ready { "True" } else { "False" }.into()),
                ..Condition::default()
            });
        }
        p
    }
}

/// The VM conditions Strata keeps.
pub const VM_CONDITIONS: [&str; 3] = ["Ready", "Failure", "Paused"];

/// A condition of a VM, as far as the evidence shows it. Type, status and reason are interned
/// ([`crate::intern`]).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct VmCondition {
    #[serde(with = "crate::intern::string")]
    pub type_: Arc<str>,
    #[serde(with = "crate::intern::option")]
    pub status: Option<Arc<str>>,
    #[serde(with = "crate::intern::option")]
    pub reason: Option<Arc<str>>,
    pub message: Option<Box<str>>,
    pub last_transition: Option<Box<str>>,
}

/// A VirtualMachine, as far as the diagnosis and drain impact read it. Its namespace and name
/// are the key it is kept under. Run strategy, eviction strategy and printableStatus are
/// interned ([`crate::intern`]).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct VmRecord {
    pub uid: Option<Box<str>>,
    #[serde(with = "crate::intern::option")]
    pub run_strategy: Option<Arc<str>>,
    /// The deprecated `spec.running`.
    pub running: Option<bool>,
    /// `spec.template.spec.evictionStrategy`.
    #[serde(with = "crate::intern::option")]
    pub eviction_strategy: Option<Arc<str>>,
    #[serde(with = "crate::intern::option")]
    pub printable_status: Option<Arc<str>>,
    pub ready: Option<bool>,
    pub created: Option<bool>,
    /// Only [`VM_CONDITIONS`].
    pub conditions: Box<[VmCondition]>,
    /// `status.startFailure` as JSON text.
    pub start_failure: Option<Box<str>>,
}

fn boxed(s: &Option<String>) -> Option<Box<str>> {
    s.as_deref().map(Into::into)
}

fn unboxed(s: Option<&str>) -> Option<String> {
    s.map(str::to_string)
}

impl VmRecord {
    /// The key of a VM (its namespace and name) and its compact projection.
    pub fn project(vm: &Vm) -> (VmiKey, VmRecord) {
        let key = VmiKey {
            namespace: vm.metadata.namespace().to_string(),
            name: vm.metadata.name().to_string(),
        };
        let record = VmRecord {
            uid: boxed(&vm.metadata.uid).filter(|u| !u.is_empty()),
            run_strategy: intern_opt(vm.spec.run_strategy.as_deref()),
            running: vm.spec.running,
            eviction_strategy: intern_opt(vm.spec.template_eviction_strategy.as_deref()),
            printable_status: intern_opt(vm.status.printable_status.as_deref()),
            ready: vm.status.ready,
            created: vm.status.created,
            conditions: vm
                .status
                .conditions
                .iter()
                .filter_map(|c| {
                    let t = c.type_.as_deref()?;
                    VM_CONDITIONS.contains(&t).then(|| VmCondition {
                        type_: intern(t),
                        status: intern_opt(c.status.as_deref()),
                        reason: intern_opt(c.reason.as_deref()),
                        message: boxed(&c.message),
                        last_transition: boxed(&c.last_transition_time),
                    })
                })
                .collect(),
            start_failure: vm
                .status
                .start_failure
                .as_ref()
                .filter(|v| !v.is_null())
                .map(|v| v.to_string().into()),
        };
        (key, record)
    }

    /// The model's VM `key` again, with only the projected fields.
    pub fn to_vm(&self, key: &VmiKey) -> Vm {
        let mut vm = Vm::default();
        vm.metadata.name = Some(key.name.clone());
        vm.metadata.namespace = Some(key.namespace.clone()).filter(|n| !n.is_empty());
        vm.metadata.uid = unboxed(self.uid.as_deref());
        vm.spec.run_strategy = unboxed(self.run_strategy.as_deref());
        vm.spec.running = self.running;
        vm.spec.template_eviction_strategy = unboxed(self.eviction_strategy.as_deref());
        vm.status.printable_status = unboxed(self.printable_status.as_deref());
        vm.status.ready = self.ready;
        vm.status.created = self.created;
        vm.status.conditions = self
            .conditions
            .iter()
            .map(|c| Condition {
                type_: Some(c.type_.to_string()),
                status: unboxed(c.status.as_deref()),
                reason: unboxed(c.reason.as_deref()),
                message: unboxed(c.message.as_deref()),
                last_transition_time: unboxed(c.last_transition.as_deref()),
                ..Condition::default()
            })
            .collect();
        vm.status.start_failure = self
            .start_failure
            .as_deref()
            .and_then(|s| serde_json::from_str(s).ok());
        vm
    }
}

/// What of a node the overview shows; a change re-projects the VMIs.
fn node_glance(n: &Node) -> (Option<String>, bool) {
    (n.ready().and_then(|c| c.status.clone()), n.is_cordoned())
}

/// What of a migration the overview shows; a change re-projects its VMI.
fn vmim_glance(m: &Vmim) -> (String, Option<String>, Option<String>) {
    let ms = m.status.migration_state.as_ref();
    (
        m.phase().to_string(),
        ms.and_then(|s| s.mode.clone()),
        ms.and_then(|s| s.target_node.clone()),
    )
}

fn vmim_key(m: &Vmim) -> VmiKey {
    VmiKey {
        namespace: m.metadata.namespace().to_string(),
        name: m.spec.vmi_name.clone().unwrap_or_default(),
    }
}

/// One resource's state: its watch (or fetch) health.
pub struct Watched {
    pub kind: Kind,
    pub state: KindState,
    started: AtomicBool,
}

impl Watched {
    fn new(kind: Kind) -> Watched {
        Watched {
            kind,
            state: KindState::default(),
            started: AtomicBool::new(false),
        }
    }
}

/// A VMI to re-project, or all of them.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Refresh {
    One(VmiKey),
    All,
}

/// The compact state of every watched resource.
pub struct Caches {
    pub vmis: Watched,
    pub vms: Watched,
    pub vmims: Watched,
    pub pods: Watched,
    pub nodes: Watched,
    pub events: Watched,
    /// Launcher pods by VMI (a boxed slice: no spare capacity).
    launchers: RwLock<BTreeMap<VmiKey, Box<[Launcher]>>>,
    /// Migrations by namespace and name.
    migrations: RwLock<BTreeMap<(String, String), Arc<Vmim>>>,
    /// Nodes by name.
    node_objects: RwLock<BTreeMap<String, Arc<Node>>>,
    /// VMs by namespace and name.
    vm_records: RwLock<BTreeMap<VmiKey, VmRecord>>,
    /// KubeVirt-related events, per involved object.
    event_cache: RwLock<EventCache>,
    /// Bumped on every change of the launchers, migrations or nodes.
    generation: AtomicU64,
    refresh_tx: mpsc::UnboundedSender<Refresh>,
    refresh_rx: Mutex<Option<mpsc::UnboundedReceiver<Refresh>>>,
}

impl Default for Caches {
    fn default() -> Self {
        Self::new()
    }
}

fn read<T>(l: &RwLock<T>) -> std::sync::RwLockReadGuard<'_, T> {
    l.read().unwrap_or_else(|p| p.into_inner())
}

fn write<T>(l: &RwLock<T>) -> std::sync::RwLockWriteGuard<'_, T> {
    l.write().unwrap_or_else(|p| p.into_inner())
}

impl Caches {
    pub fn new() -> Caches {
        let (refresh_tx, rx) = mpsc::unbounded_channel();
        Caches {
            vmis: Watched::new(Kind::Vmi),
            vms: Watched::new(Kind::Vm),
            vmims: Watched::new(Kind::Vmim),
            pods: Watched::new(Kind::Pod),
            nodes: Watched::new(Kind::Node),
            events: Watched::new(Kind::Event),
            launchers: RwLock::default(),
            migrations: RwLock::default(),
            node_objects: RwLock::default(),
            vm_records: RwLock::default(),
            event_cache: RwLock::default(),
            generation: AtomicU64::new(0),
            refresh_tx,
            refresh_rx: Mutex::new(Some(rx)),
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

    /// How many objects of a kind are kept (`None` for VMIs: they are in the store).
    pub fn len(&self, kind: Kind) -> Option<usize> {
        match kind {
            Kind::Pod => Some(read(&self.launchers).values().map(|l| l.len()).sum()),
            Kind::Vmim => Some(read(&self.migrations).len()),
            Kind::Node => Some(read(&self.node_objects).len()),
            Kind::Vm => Some(read(&self.vm_records).len()),
            Kind::Event => Some(read(&self.event_cache).len()),
            Kind::Vmi => None,
        }
    }

    /// The VM of the same namespace and name as a VMI.
    pub fn vm(&self, key: &VmiKey) -> Option<Vm> {
        read(&self.vm_records).get(key).map(|r| r.to_vm(key))
    }

    /// Every VM.
    pub fn vms(&self) -> Vec<Vm> {
        read(&self.vm_records)
            .iter()
            .map(|(k, r)| r.to_vm(k))
            .collect()
    }

    /// The events kept about one object, oldest first.
    pub fn events_about(&self, about: &Involved) -> Vec<Event> {
        read(&self.event_cache).about(about)
    }

    /// The launcher pods of one VMI.
    pub fn launchers(&self, key: &VmiKey) -> Vec<Launcher> {
        read(&self.launchers)
            .get(key)
            .map(|l| l.to_vec())
            .unwrap_or_default()
    }

    /// Every migration.
    pub fn migrations(&self) -> Vec<Arc<Vmim>> {
        read(&self.migrations).values().cloned().collect()
    }

    /// The migrations in `namespace`.
    pub fn migrations_in(&self, namespace: &str) -> Vec<Arc<Vmim>> {
        read(&self.migrations)
            .range((namespace.to_string(), String::new())..)
            .take_while(|((ns, _), _)| ns == namespace)
            .map(|(_, m)| m.clone())
            .collect()
    }

    /// Every node.
    pub fn nodes(&self) -> Vec<Arc<Node>> {
        read(&self.node_objects).values().cloned().collect()
    }

    /// One node by name.
    pub fn node(&self, name: &str) -> Option<Arc<Node>> {
        read(&self.node_objects).get(name).cloned()
    }

    /// Moves the launcher, VM and event projections into fresh allocations around `between`
    /// (see [`Store::compact`]). Nodes and migrations are few and left alone.
    pub fn compact(&self, between: impl FnOnce()) {
        let mut launchers = write(&self.launchers);
        let mut vms = write(&self.vm_records);
        let mut events = write(&self.event_cache);
        type Saved<'a> = (
            Vec<(&'a VmiKey, &'a [Launcher])>,
            Vec<(&'a VmiKey, &'a VmRecord)>,
        );
        let saved: Saved = (
            launchers.iter().map(|(k, l)| (k, &**l)).collect(),
            vms.iter().collect(),
        );
        let Ok(bytes) = serde_json::to_vec(&saved) else {
            return;
        };
        drop(saved);
        *launchers = BTreeMap::new();
        *vms = BTreeMap::new();
        events.compact(|| {
            between();
            type Back = (Vec<(VmiKey, Box<[Launcher]>)>, Vec<(VmiKey, VmRecord)>);
            let back: Back = serde_json::from_slice(&bytes).unwrap_or_default();
            drop(bytes);
            // Collected, not extended: built from sorted keys, the maps' nodes come out full.
            *launchers = back.0.into_iter().collect();
            *vms = back.1.into_iter().collect();
        });
    }

    fn changed(&self, refresh: Refresh) {
        self.generation.fetch_add(1, Ordering::Relaxed);
        let _ = self.refresh_tx.send(refresh);
    }

    /// The overview summary of `vmi`, with what is known of its launcher pods, nodes and
    /// migrations.
    pub fn summarize(&self, vmi: Vmi) -> VmiSummary {
        let key = vmi.key();
        let mut e = Evidence::from_vmi(vmi, None);
        e.pods = self
            .launchers(&key)
            .iter()
            .map(|l| Observed::new(l.to_pod(&key.namespace), None))
            .collect();
        e.migrations = self
            .migrations_in(&key.namespace)
            .iter()
            .filter(|m| m.spec.vmi_name.as_deref() == Some(key.name.as_str()))
            .map(|m| Observed::new((**m).clone(), None))
            .collect();
        let mut names: BTreeSet<&str> = BTreeSet::new();
        if let Some(v) = e.vmi() {
            names.extend(v.status.node_name.as_deref());
            if let Some(ms) = &v.status.migration_state {
                names.extend(ms.target_node.as_deref());
            }
        }
        let nodes = read(&self.node_objects);
        let found: Vec<Observed<Node>> = names
            .iter()
            .filter_map(|n| nodes.get(*n))
            .map(|n| Observed::new((**n).clone(), None))
            .collect();
        drop(nodes);
        e.nodes = found;
        e.coverage.pods = self.pods.state.synced();
        e.coverage.migrations = self.vmims.state.synced();
        e.coverage.nodes = self.nodes.state.synced();
        VmiSummary::from_evidence(&e, None)
    }

    fn apply_pod(&self, event: Applied<(VmiKey, Launcher)>) {
        match event {
            Applied::Upsert((key, l)) => {
                let mut map = write(&self.launchers);
                let list = map.entry(key.clone()).or_default();
                match list.iter_mut().find(|x| x.name == l.name) {
                    Some(x) if *x == l => return,
                    Some(x) => *x = l,
                    None => {
                        let mut v = std::mem::take(list).into_vec();
                        v.push(l);
                        *list = v.into_boxed_slice();
                    }
                }
                drop(map);
                self.changed(Refresh::One(key));
            }
            Applied::Delete((key, l)) => {
                let mut map = write(&self.launchers);
                let Some(list) = map.get_mut(&key) else {
                    return;
                };
                let before = list.len();
                let mut v = std::mem::take(list).into_vec();
                v.retain(|x| x.name != l.name);
                let gone = v.len() != before;
                if v.is_empty() {
                    map.remove(&key);
                } else {
                    *list = v.into_boxed_slice();
                }
                drop(map);
                if gone {
                    self.changed(Refresh::One(key));
                }
            }
            Applied::Replace(pods) => {
                let mut fresh: BTreeMap<VmiKey, Vec<Launcher>> = BTreeMap::new();
                for (key, l) in pods {
                    fresh.entry(key).or_default().push(l);
                }
                let fresh: BTreeMap<VmiKey, Box<[Launcher]>> = fresh
                    .into_iter()
                    .map(|(k, v)| (k, v.into_boxed_slice()))
                    .collect();
                let mut map = write(&self.launchers);
                let old = std::mem::replace(&mut *map, fresh);
                let changed = diff_keys(&old, &map, |k| k.clone());
                drop(map);
                for key in changed {
                    self.changed(Refresh::One(key));
                }
            }
        }
    }

    fn apply_vmim(&self, event: Applied<Vmim>) {
        let id = |m: &Vmim| {
            (
                m.metadata.namespace().to_string(),
                m.metadata.name().to_string(),
            )
        };
        match event {
            Applied::Upsert(m) => {
                let old = write(&self.migrations).insert(id(&m), Arc::new(m.clone()));
                if old.is_none_or(|o| vmim_glance(&o) != vmim_glance(&m)) {
                    self.changed(Refresh::One(vmim_key(&m)));
                }
            }
            Applied::Delete(m) => {
                if write(&self.migrations).remove(&id(&m)).is_some() {
                    self.changed(Refresh::One(vmim_key(&m)));
                }
            }
            Applied::Replace(list) => {
                let fresh: BTreeMap<(String, String), Arc<Vmim>> =
                    list.into_iter().map(|m| (id(&m), Arc::new(m))).collect();
                let old = std::mem::replace(&mut *write(&self.migrations), fresh);
                let new = read(&self.migrations);
                let mut keys: BTreeSet<VmiKey> = BTreeSet::new();
                for (id, m) in old.iter() {
                    if new.get(id).is_none_or(|n| vmim_glance(n) != vmim_glance(m)) {
                        keys.insert(vmim_key(m));
                    }
                }
                for (id, m) in new.iter() {
                    if !old.contains_key(id) {
                        keys.insert(vmim_key(m));
                    }
                }
                drop(new);
                for key in keys {
                    self.changed(Refresh::One(key));
                }
            }
        }
    }

    fn apply_node(&self, event: Applied<Node>) {
        let changed = match event {
            Applied::Upsert(n) => {
                let name = n.metadata.name().to_string();
                let old = write(&self.node_objects).insert(name, Arc::new(n.clone()));
                old.is_none_or(|o| node_glance(&o) != node_glance(&n))
            }
            Applied::Delete(n) => write(&self.node_objects)
                .remove(n.metadata.name())
                .is_some(),
            Applied::Replace(list) => {
                let fresh: BTreeMap<String, Arc<Node>> = list
                    .into_iter()
                    .map(|n| (n.metadata.name().to_string(), Arc::new(n)))
                    .collect();
                let old = std::mem::replace(&mut *write(&self.node_objects), fresh);
                let new = read(&self.node_objects);
                old.len() != new.len()
                    || old
                        .iter()
                        .any(|(k, o)| new.get(k).is_none_or(|n| node_glance(n) != node_glance(o)))
            }
        };
        if changed {
            self.changed(Refresh::All);
        }
    }

    fn apply_vm(&self, event: Applied<(VmiKey, VmRecord)>) {
        let mut map = write(&self.vm_records);
        match event {
            Applied::Upsert((key, vm)) => {
                map.insert(key, vm);
            }
            Applied::Delete((key, _)) => {
                map.remove(&key);
            }
            Applied::Replace(list) => {
                *map = list.into_iter().collect();
            }
        }
    }

    fn apply_event(&self, event: Applied<Event>) {
        let mut cache = write(&self.event_cache);
        match event {
            Applied::Upsert(e) => {
                cache.upsert(&e);
            }
            Applied::Delete(e) => {
                cache.delete(&e);
            }
            Applied::Replace(list) => cache.replace(list),
        }
    }
}

/// The keys whose values differ between two maps.
fn diff_keys<K: Ord, V: PartialEq, T>(
    old: &BTreeMap<K, V>,
    new: &BTreeMap<K, V>,
    out: impl Fn(&K) -> T,
) -> Vec<T> {
    old.iter()
        .filter(|(k, v)| new.get(*k) != Some(*v))
        .map(|(k, _)| out(k))
        .chain(new.keys().filter(|k| !old.contains_key(*k)).map(&out))
        .collect()
}

/// A change to apply to a compact index.
enum Applied<T> {
    Upsert(T),
    Delete(T),
    Replace(Vec<T>),
}

impl<T> Applied<T> {
    /// The change with every item mapped; `None` when a single item maps to nothing.
    fn filter_map<U>(self, f: impl Fn(T) -> Option<U>) -> Option<Applied<U>> {
        Some(match self {
            Applied::Upsert(t) => Applied::Upsert(f(t)?),
            Applied::Delete(t) => Applied::Delete(f(t)?),
            Applied::Replace(l) => Applied::Replace(l.into_iter().filter_map(f).collect()),
        })
    }
}

/// A watched object (not a VMI), read into what its index keeps as soon as it arrives, so a
/// (re)list buffers projections rather than raw objects.
enum Projected {
    Pod(Box<(VmiKey, Launcher)>),
    Vmim(Box<Vmim>),
    Node(Node),
    Vm(Box<(VmiKey, VmRecord)>),
    Event(Event),
}

impl Projected {
    /// `obj` of `kind`, read; `None` for events Strata does not show and pods that belong to no
    /// VMI.
    fn of(kind: Kind, obj: &DynamicObject) -> Option<Projected> {
        let v = || serde_json::to_value(obj).unwrap_or_default();
        Some(match kind {
            Kind::Pod => Projected::Pod(Box::new(Launcher::project(&Pod::from_value(&v()))?)),
            Kind::Vmim => Projected::Vmim(Box::new(Vmim::from_value(&v()))),
            Kind::Node => {
                let mut n = Node::from_value(&v());
                n.metadata.annotations.clear();
                Projected::Node(n)
            }
            Kind::Vm => Projected::Vm(Box::new(VmRecord::project(&Vm::from_value(&v())))),
            Kind::Event => {
                if !event_is_relevant(&obj.data) {
                    return None;
                }
                Projected::Event(Event::from_value(&v()))
            }
            Kind::Vmi => return None,
        })
    }
    fn pod(self) -> Option<(VmiKey, Launcher)> {
        match self {
            Projected::Pod(p) => Some(*p),
            _ => None,
        }
    }
    fn vmim(self) -> Option<Vmim> {
        match self {
            Projected::Vmim(m) => Some(*m),
            _ => None,
        }
    }
    fn node(self) -> Option<Node> {
        match self {
            Projected::Node(n) => Some(n),
            _ => None,
        }
    }
    fn vm(self) -> Option<(VmiKey, VmRecord)> {
        match self {
            Projected::Vm(v) => Some(*v),
            _ => None,
        }
    }
    fn event(self) -> Option<Event> {
        match self {
            Projected::Event(e) => Some(e),
            _ => None,
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

/// The model's reading of a raw object.
pub fn typed<T: serde::de::DeserializeOwned + Default>(obj: &DynamicObject) -> T {
    serde_json::to_value(obj)
        .map(|v| model::lenient::from_value(&v))
        .unwrap_or_default()
}

/// The resourceVersion of an object, when it is a number (as every API server makes it).
pub fn version(obj: &DynamicObject) -> Option<u64> {
    obj.metadata
        .resource_version
        .as_deref()
        .and_then(|v| v.parse().ok())
}

/// Projects a VMI object into its overview summary (from the VMI alone).
pub fn summarize(obj: &DynamicObject) -> VmiSummary {
    VmiSummary::from_vmi(&typed(obj))
}

/// Starts one watcher task per watched kind and the refresher. Returns their handles.
///
/// The VMI watcher starts listing once the kinds a summary reads besides the VMI
/// ([`SUMMARY_INPUTS`]) have synced or failed, or after [`INPUTS_WAIT`]: the VMIs are then
/// projected with their launcher pods, nodes and migrations known, instead of being projected
/// without them and listed a second time by the [`refresher`] (which would also send every
/// browser an upsert per VMI right after the first snapshot).
pub fn start_all(
    client: kube::Client,
    caches: Arc<Caches>,
    store: Arc<Store>,
    metrics: Arc<Metrics>,
) -> Vec<tokio::task::JoinHandle<()>> {
    let mut tasks: Vec<_> = Kind::WATCHED
        .iter()
        .map(|&kind| {
            let watch = watch_kind(
                client.clone(),
                caches.clone(),
                kind,
                store.clone(),
                metrics.clone(),
            );
            let caches = caches.clone();
            tokio::spawn(async move {
                if kind == Kind::Vmi {
                    summary_inputs_settled(&caches, INPUTS_WAIT).await;
                }
                watch.await
            })
        })
        .collect();
    tasks.push(tokio::spawn(refresher(client, caches, store)));
    tasks.push(tokio::spawn(memory::trim_periodically()));
    tasks
}

/// The kinds a VMI's overview summary reads besides the VMI itself.
pub const SUMMARY_INPUTS: [Kind; 3] = [Kind::Pod, Kind::Node, Kind::Vmim];
/// How long the VMI watcher waits for [`SUMMARY_INPUTS`] before its first list.
pub const INPUTS_WAIT: Duration = Duration::from_secs(20);

/// Returns once every one of [`SUMMARY_INPUTS`] has synced or failed (a kind Strata may not
/// read is not waited for), or after `limit`.
async fn summary_inputs_settled(caches: &Caches, limit: Duration) {
    let settled = || {
        SUMMARY_INPUTS.iter().all(|&k| {
            let s = &caches.get(k).state;
            s.synced() || s.last_error().is_some()
        })
    };
    let _ = tokio::time::timeout(limit, async {
        while !settled() {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await;
}

/// Returns unused heap pages to the system after a (re)list, whose transient objects are much
/// larger than what is kept: what is kept is copied into fresh allocations once the transient
/// ones are freed, so it packs into few pages, and glibc is asked to give back free pages.
/// The compaction itself leaves free memory behind (its buffer, the growth of the lists it reads
/// back), hence a second trim at the end.
fn release_memory(caches: &Caches, store: &Store) {
    store.compact(|| {
        caches.compact(|| {
            crate::intern::prune();
            memory::trim();
        })
    });
    memory::trim();
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
    if !kind.watched() || watched.started.swap(true, Ordering::Relaxed) {
        tracing::error!(
            kind = kind.name(),
            "this kind is not watched, or its watcher already runs"
        );
        return;
    }
    let api: Api<DynamicObject> = Api::all_with(client, &kind.resource());
    let stream = watcher(api, kind.config()).default_backoff().modify(trim);
    futures::pin_mut!(stream);
    let mut vmi_buffer: Vec<(VmiSummary, Option<u64>)> = Vec::new();
    let mut buffer: Vec<Projected> = Vec::new();
    let mut generation = 0;
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
        if matches!(event, watcher::Event::Init) && watched.state.synced() {
            // A re-list after the first sync (e.g. after `410 Gone`).
            watched.state.restarts.fetch_add(1, Ordering::Relaxed);
            metrics.watch_restart(kind);
        }
        let done = matches!(event, watcher::Event::InitDone);
        if kind == Kind::Vmi {
            match event {
                watcher::Event::Init => {
                    vmi_buffer.clear();
                    generation = caches.generation.load(Ordering::Relaxed);
                }
                watcher::Event::InitApply(obj) => {
                    vmi_buffer.push((caches.summarize(typed(&obj)), version(&obj)))
                }
                watcher::Event::InitDone => {
                    store.replace_all_versions(std::mem::take(&mut vmi_buffer));
                    vmi_buffer.shrink_to_fit();
                    // Pods, nodes or migrations changed while the list was read.
                    if caches.generation.load(Ordering::Relaxed) != generation {
                        let _ = caches.refresh_tx.send(Refresh::All);
                    }
                }
                watcher::Event::Apply(obj) => {
                    store.upsert_version(caches.summarize(typed(&obj)), version(&obj))
                }
                watcher::Event::Delete(obj) => {
                    let vmi: Vmi = typed(&obj);
                    store.delete(&vmi.key())
                }
            }
        } else {
            let applied = match event {
                watcher::Event::Init => {
                    buffer.clear();
                    None
                }
                watcher::Event::InitApply(obj) => {
                    buffer.extend(Projected::of(kind, &obj));
                    None
                }
                watcher::Event::InitDone => Some(Applied::Replace(std::mem::take(&mut buffer))),
                watcher::Event::Apply(obj) => Projected::of(kind, &obj).map(Applied::Upsert),
                watcher::Event::Delete(obj) => Projected::of(kind, &obj).map(Applied::Delete),
            };
            if let Some(a) = applied {
                let _ = match kind {
                    Kind::Pod => a.filter_map(Projected::pod).map(|a| caches.apply_pod(a)),
                    Kind::Vmim => a.filter_map(Projected::vmim).map(|a| caches.apply_vmim(a)),
                    Kind::Node => a.filter_map(Projected::node).map(|a| caches.apply_node(a)),
                    Kind::Vm => a.filter_map(Projected::vm).map(|a| caches.apply_vm(a)),
                    Kind::Event => a
                        .filter_map(Projected::event)
                        .map(|a| caches.apply_event(a)),
                    Kind::Vmi => None,
                };
                buffer.shrink_to_fit();
            }
        }
        if done {
            watched.state.synced.store(true, Ordering::Relaxed);
            release_memory(&caches, &store);
        }
    }
}

/// Re-projects the VMIs whose launcher pods, nodes or migrations changed: gathers the requests
/// for a moment, then GETs the few VMIs concerned, or lists them all when many are.
pub async fn refresher(client: kube::Client, caches: Arc<Caches>, store: Arc<Store>) {
    let Some(mut rx) = caches
        .refresh_rx
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .take()
    else {
        return;
    };
    let api: Api<DynamicObject> = Api::all_with(client.clone(), &Kind::Vmi.resource());
    while let Some(first) = rx.recv().await {
        tokio::time::sleep(REFRESH_DELAY).await;
        let mut wanted: BTreeSet<Refresh> = BTreeSet::from([first]);
        while let Ok(r) = rx.try_recv() {
            wanted.insert(r);
        }
        if !store.synced() {
            // The VMI list in progress reads the new state (and asks again if it changed).
            continue;
        }
        let keys: Vec<VmiKey> = wanted
            .iter()
            .filter_map(|r| match r {
                Refresh::One(k) => Some(k.clone()),
                Refresh::All => None,
            })
            .filter(|k| store.contains(k))
            .collect();
        if wanted.contains(&Refresh::All) || keys.len() > REFRESH_BY_LIST {
            if let Err(e) = refresh_all(&api, &caches, &store).await {
                tracing::warn!(error = %e, "re-projecting the VMIs failed");
            }
        } else {
            let client = &client;
            let caches = &caches;
            let store = &store;
            futures::stream::iter(keys)
                .for_each_concurrent(8, |key| async move {
                    let api: Api<DynamicObject> =
                        Api::namespaced_with(client.clone(), &key.namespace, &vmi_resource());
                    match api.get_opt(&key.name).await {
                        Ok(Some(obj)) => {
                            store.refresh(caches.summarize(typed(&obj)), version(&obj));
                        }
                        Ok(None) => {}
                        Err(e) => tracing::warn!(vmi = %key, error = %e, "re-projecting failed"),
                    }
                })
                .await;
        }
    }
}

async fn refresh_all(
    api: &Api<DynamicObject>,
    caches: &Caches,
    store: &Store,
) -> Result<(), kube::Error> {
    let mut token: Option<String> = None;
    loop {
        let mut lp = ListParams::default().limit(PAGE_SIZE);
        if let Some(t) = &token {
            lp = lp.continue_token(t);
        }
        let page = api.list(&lp).await?;
        for obj in &page.items {
            store.refresh(caches.summarize(typed(obj)), version(obj));
        }
        token = page.metadata.continue_.filter(|t| !t.is_empty());
        if token.is_none() {
            break;
        }
    }
    release_memory(caches, store);
    Ok(())
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
    fn only_kubevirt_launcher_and_node_events_are_relevant() {
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

    fn launcher_pod(name: &str, phase: &str, ready: &str) -> Pod {
        Pod::from_value(&json!({
            "metadata": {"name": name, "namespace": "prod", "uid": format!("uid-{name}"),
                "creationTimestamp": "2024-01-01T00:00:00Z",
                "annotations": {"kubevirt.io/domain": "web"},
                "labels": {"kubevirt.io": "virt-launcher", "kubevirt.io/created-by": "vmi-uid"}},
            "spec": {"nodeName": "node-1", "containers": [{"name": "compute"}]},
            "status": {"phase": phase, "conditions": [{"type": "Ready", "status": ready}]}
        }))
    }

    #[test]
    fn launcher_projection_keeps_what_the_glance_reads() {
        let pod = launcher_pod("virt-launcher-web-abcde", "Running", "True");
        let (key, l) = Launcher::project(&pod).unwrap();
        assert_eq!(key.to_string(), "prod/web");
        let back = l.to_pod("prod");
        assert_eq!(back.phase(), "Running");
        assert_eq!(back.node(), Some("node-1"));
        assert_eq!(
            back.metadata.uid.as_deref(),
            Some("uid-virt-launcher-web-abcde")
        );
        assert!(back.condition("Ready").unwrap().is_true());
        assert_eq!(back.metadata.created(), pod.metadata.created());
        // Owned by a VMI but without the annotation: found through the owner reference.
        let owned = Pod::from_value(&json!({
            "metadata": {"name": "virt-launcher-db-x", "namespace": "prod",
                "ownerReferences": [{"kind": "VirtualMachineInstance", "name": "db"}]}
        }));
        assert_eq!(Launcher::project(&owned).unwrap().0.name, "db");
        assert!(Launcher::project(&Pod::default()).is_none());
    }

    #[test]
    fn vm_projection_keeps_what_diagnosis_and_drain_read() {
        let vm = Vm::from_value(&json!({
            "metadata": {"name": "web", "namespace": "prod", "uid": "vm-uid",
                "annotations": {"kubectl.kubernetes.io/last-applied-configuration": "{}"},
                "labels": {"app": "web"}},
            "spec": {"running": true, "template": {"spec": {"evictionStrategy": "LiveMigrate",
                "domain": {"devices": {"disks": [{"name": "root"}]}}}}},
            "status": {"printableStatus": "CrashLoopBackOff", "ready": false, "created": true,
                "startFailure": {"consecutiveFailCount": 3, "retryAfterTimestamp": "2024-01-01T00:05:00Z"},
                "conditions": [
                    {"type": "Ready", "status": "False", "reason": "PodNotReady"},
                    {"type": "Failure", "status": "True", "message": "boom",
                        "lastTransitionTime": "2024-01-01T00:00:00Z"},
                    {"type": "Paused", "status": "False"},
                    {"type": "Initialized", "status": "True"},
                    {"type": "DataVolumesReady", "status": "True"}]}
        }));
        let (key, rec) = VmRecord::project(&vm);
        assert_eq!(key.to_string(), "prod/web");
        let back = rec.to_vm(&key);
        assert_eq!(back.metadata.name(), "web");
        assert_eq!(back.metadata.namespace(), "prod");
        assert_eq!(back.metadata.uid.as_deref(), Some("vm-uid"));
        assert!(back.metadata.annotations.is_empty() && back.metadata.labels.is_empty());
        assert_eq!(back.run_strategy().as_deref(), Some("Always"));
        assert_eq!(back.spec, vm.spec);
        assert_eq!(back.status.printable_status, vm.status.printable_status);
        assert_eq!(
            (back.status.ready, back.status.created),
            (Some(false), Some(true))
        );
        assert_eq!(back.status.start_failure, vm.status.start_failure);
        assert_eq!(back.status.conditions, vm.status.conditions[..3]);

        // The drain outcome is the same with the record as with the full VM.
        let vmi = Vmi::from_value(&json!({
            "metadata": {"name": "web", "namespace": "prod"},
            "status": {"phase": "Running", "nodeName": "node-1", "conditions": [
                {"type": "LiveMigratable", "status": "False", "reason": "DisksNotLiveMigratable"}]}
        }));
        let full = model::drain::drain_impact("node-1", std::slice::from_ref(&vmi), &[vm], None);
        let kept = model::drain::drain_impact("node-1", &[vmi], &[back], None);
        assert_eq!(kept, full);
        assert_eq!(kept.blocking, 1);

        // Kept, compacted and removed through the cache.
        let caches = Caches::new();
        caches.apply_vm(Applied::Replace(vec![(key.clone(), rec.clone())]));
        caches.compact(|| ());
        assert_eq!(caches.vm(&key), Some(rec.to_vm(&key)));
        assert_eq!(caches.vms(), vec![rec.to_vm(&key)]);
        assert_eq!(caches.len(Kind::Vm), Some(1));
        caches.apply_vm(Applied::Delete((key.clone(), rec)));
        assert!(caches.vm(&key).is_none() && caches.vms().is_empty());
    }

    #[test]
    fn irrelevant_events_are_not_projected() {
        let obj = |kind: &str, name: &str| -> DynamicObject {
            serde_json::from_value(json!({
                "apiVersion": "v1", "kind": "Event",
                "metadata": {"name": "e", "namespace": "prod"},
                "involvedObject": {"kind": kind, "name": name, "namespace": "prod"},
                "reason": "Started"
            }))
            .unwrap()
        };
        assert!(Projected::of(Kind::Event, &obj("Pod", "nginx-1")).is_none());
        let caches = Caches::new();
        for o in [obj("Pod", "nginx-1"), obj("Pod", "virt-launcher-web-x")] {
            if let Some(a) = Projected::of(Kind::Event, &o)
                .map(Applied::Upsert)
                .and_then(|a| a.filter_map(Projected::event))
            {
                caches.apply_event(a);
            }
        }
        assert_eq!(caches.len(Kind::Event), Some(1));
        let about = Involved::new("Pod", "prod", "virt-launcher-web-x");
        assert_eq!(caches.events_about(&about)[0].reason(), "Started");
    }

    #[tokio::test]
    async fn the_vmi_list_waits_for_pods_nodes_and_migrations_to_settle() {
        let caches = Caches::new();
        let limit = Duration::from_millis(200);
        let t = std::time::Instant::now();
        summary_inputs_settled(&caches, limit).await;
        assert!(t.elapsed() >= limit, "nothing settled: waits out the limit");
        caches.pods.state.mark_synced();
        caches.nodes.state.mark_synced();
        // Migrations may not be read: a failed watch is not waited for.
        caches.vmims.state.failed("forbidden".into());
        let t = std::time::Instant::now();
        summary_inputs_settled(&caches, Duration::from_secs(30)).await;
        assert!(t.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn launcher_and_node_changes_ask_for_a_re_projection() {
        let caches = Caches::new();
        let mut rx = caches.refresh_rx.lock().unwrap().take().unwrap();
        let key = VmiKey {
            namespace: "prod".into(),
            name: "web".into(),
        };
        let running = launcher_pod("virt-launcher-web-abcde", "Running", "True");
        let launcher = |pod: &Pod| Launcher::project(pod).unwrap();
        caches.apply_pod(Applied::Replace(vec![launcher(&running)]));
        assert_eq!(rx.try_recv().unwrap(), Refresh::One(key.clone()));
        // The same pod again changes nothing the overview shows.
        caches.apply_pod(Applied::Upsert(launcher(&running)));
        assert!(rx.try_recv().is_err());
        caches.apply_pod(Applied::Upsert(launcher(&launcher_pod(
            "virt-launcher-web-abcde",
            "Running",
            "False",
        ))));
        assert_eq!(rx.try_recv().unwrap(), Refresh::One(key.clone()));
        assert_eq!(caches.launchers(&key)[0].ready, Some(false));
        let before = caches.launchers(&key);
        caches.compact(|| ());
        assert_eq!(
            caches.launchers(&key),
            before,
            "compacting keeps every projection"
        );
        caches.apply_pod(Applied::Delete(launcher(&running)));
        assert_eq!(rx.try_recv().unwrap(), Refresh::One(key.clone()));
        assert!(caches.launchers(&key).is_empty());

        let node = |ready: &str, hb: &str| {
            Node::from_value(
                &json!({"metadata": {"name": "node-1"}, "status": {"conditions": [
                {"type": "Ready", "status": ready, "lastHeartbeatTime": hb}]}}),
            )
        };
        caches.apply_node(Applied::Replace(vec![node("True", "2024-01-01T00:00:00Z")]));
        assert_eq!(rx.try_recv().unwrap(), Refresh::All);
        // A heartbeat alone is not shown at a glance.
        caches.apply_node(Applied::Upsert(node("True", "2024-01-01T00:01:00Z")));
        assert!(rx.try_recv().is_err());
        caches.apply_node(Applied::Upsert(node("False", "2024-01-01T00:02:00Z")));
        assert_eq!(rx.try_recv().unwrap(), Refresh::All);

        // The summary reads the node: NotReady shows in the node layer.
        let vmi = Vmi::from_value(&json!({
            "metadata": {"name": "web", "namespace": "prod"},
            "status": {"phase": "Running", "nodeName": "node-1"}
        }));
        caches.nodes.state.mark_synced();
        let s = caches.summarize(vmi);
        assert_eq!(s.layers.node, model::diagnosis::Health::Broken, "{s:?}");
    }
}
