//! The kind registry: the six kinds Strata reads ([`Kind`]: name, resource, watcher config) and
//! each one's health ([`KindState`]: synced, healthy, restarts, the failure now if any — its
//! error, its [`Cause`] and since when —, on-demand fetches), which also tells waiters when a
//! kind has settled (synced or failing).

use super::PAGE_SIZE;
use super::cause::Cause;
use super::project::LAUNCHER_SELECTOR;
use kube::api::{ApiResource, GroupVersionKind};
use kube::runtime::watcher;
use parking_lot::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::SystemTime;
use tokio::sync::watch;

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

    pub(super) fn config(self) -> watcher::Config {
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

/// A watch failing now: its last error, what kind of failure that is, and since when it has
/// been failing (the first failure since it last answered).
#[derive(Debug, Clone, PartialEq)]
pub struct Failing {
    pub error: String,
    pub cause: Cause,
    pub since: SystemTime,
}

/// Health of one resource's watch.
pub struct KindState {
    synced: AtomicBool,
    healthy: AtomicBool,
    restarts: AtomicU64,
    fetches: AtomicU64,
    failing: Mutex<Option<Failing>>,
    /// Whether the kind has settled now: synced, or its watch failing. Waiters are woken when
    /// it changes (see [`KindState::settled`]).
    settled: watch::Sender<bool>,
}

impl Default for KindState {
    fn default() -> Self {
        KindState {
            synced: AtomicBool::new(false),
            healthy: AtomicBool::new(false),
            restarts: AtomicU64::new(0),
            fetches: AtomicU64::new(0),
            failing: Mutex::new(None),
            settled: watch::Sender::new(false),
        }
    }
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
        self.failing.lock().as_ref().map(|f| f.error.clone())
    }
    /// The failure now, if the watch is failing.
    pub fn failing(&self) -> Option<Failing> {
        self.failing.lock().clone()
    }
    /// Returns once the kind has synced or its watch is failing (at once if it is so now).
    pub async fn settled(&self) {
        let mut rx = self.settled.subscribe();
        // The sender lives as long as `self`: `wait_for` cannot fail while it is borrowed.
        let _ = rx.wait_for(|settled| *settled).await;
    }
    /// Whether the kind has settled now (synced, or its watch failing).
    pub fn is_settled(&self) -> bool {
        *self.settled.borrow()
    }
    /// Tells waiters whether the kind has settled now.
    fn publish(&self) {
        let now = self.synced() || self.failing.lock().is_some();
        self.settled
            .send_if_modified(|s| std::mem::replace(s, now) != now);
    }
    pub(crate) fn ok(&self) {
        self.healthy.store(true, Ordering::Relaxed);
        if self.failing.lock().take().is_some() {
            self.publish();
        }
    }
    #[cfg(test)]
    pub(crate) fn failed(&self, error: String) {
        self.failed_because(error, Cause::Other)
    }
    /// The watch failed with `error` of class `cause`; it has been failing since the first
    /// failure after its last answer.
    pub(crate) fn failed_because(&self, error: String, cause: Cause) {
        self.healthy.store(false, Ordering::Relaxed);
        self.restarts.fetch_add(1, Ordering::Relaxed);
        {
            let mut failing = self.failing.lock();
            let since = failing.as_ref().map_or_else(SystemTime::now, |f| f.since);
            *failing = Some(Failing {
                error,
                cause,
                since,
            });
        }
        self.publish();
    }
    /// A re-list after the first sync (e.g. after `410 Gone`).
    pub(super) fn relisted(&self) {
        self.restarts.fetch_add(1, Ordering::Relaxed);
    }
    /// A full list has been applied.
    pub(super) fn set_synced(&self) {
        self.synced.store(true, Ordering::Relaxed);
        self.publish();
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
        self.set_synced();
    }
}

/// One resource's state: its watch (or fetch) health.
pub struct Watched {
    pub kind: Kind,
    pub state: KindState,
    started: AtomicBool,
}

impl Watched {
    pub(super) fn new(kind: Kind) -> Watched {
        Watched {
            kind,
            state: KindState::default(),
            started: AtomicBool::new(false),
        }
    }

    /// Marks the watcher as started; false if it already was.
    pub(super) fn start(&self) -> bool {
        !self.started.swap(true, Ordering::Relaxed)
    }
}
