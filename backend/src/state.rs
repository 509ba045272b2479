//! The router's shared state: what every handler reads (the watched store and caches, auth,
//! Prometheus, history, the host policy, the stream caps, the listener's load). Apart from the
//! router that composes the handlers ([`crate::app`]), so handlers and router both depend on it
//! and not on each other.

use crate::auth::{Auth, Caller};
use crate::fleet::{Cluster, Fleet};
use crate::host::HostPolicy;
use crate::metrics::Metrics;
use crate::routes::stream::caps::StreamCaps;
use crate::series::Prometheus;
use crate::shutdown::Shutdown;
use crate::store::Store;
use crate::watch::Caches;
use std::path::PathBuf;
use std::sync::Arc;

/// Shared state of the router.
#[derive(Clone)]
pub struct AppState {
    pub store: Arc<Store>,
    pub caches: Arc<Caches>,
    pub metrics: Arc<Metrics>,
    pub auth: Arc<Auth>,
    pub prometheus: Option<Prometheus>,
    pub assets: Option<PathBuf>,
    /// The flight recorder (off unless configured).
    pub history: Arc<crate::history::HistoryHandle>,
    /// Which `Host` names are answered ([`crate::host`]).
    pub hosts: Arc<HostPolicy>,
    /// Whether `/k8s/...` is served (`--enable-k8s-proxy`; the frontend never calls it).
    pub k8s_proxy: bool,
    /// Ends the push streams when the console shuts down.
    pub shutdown: Shutdown,
    pub stream_caps: Arc<StreamCaps>,
    /// The push streams' events' JSON, written once for all the streams sending it.
    pub stream_frames: Arc<crate::routes::stream::frames::Frames>,
    /// The console listener's connection slots, which `/readyz` reports.
    pub listener: Arc<crate::listener::load::Load>,
    /// The cluster's name ([`crate::run::Options::cluster`]).
    pub cluster: Option<String>,
    /// Every watched cluster; the first one's store handle and caches are `store` and
    /// `caches` ([`crate::fleet`]); `/api/v1/c/{cluster}/…` answers with another's
    /// ([`AppState::in_cluster`]).
    pub fleet: Arc<Fleet>,
    /// Narrowed to one cluster by `/api/v1/c/{cluster}/…`: lists are that cluster's alone.
    pub scoped: bool,
}

impl AppState {
    /// This state narrowed to the cluster at `at` in the fleet: its store handle, caches,
    /// Prometheus and its view of auth ([`Auth::at`]: the console's client for that cluster, and
    /// a signed-in user's grant for it). The history is the fleet's one store, read under keys
    /// naming the store handle's cluster. `None`: no such cluster.
    pub fn in_cluster(&self, at: usize) -> Option<AppState> {
        let cluster = self.fleet.clusters().get(at)?;
        let mut state = self.clone();
        state.scoped = true;
        state.auth = Arc::new(self.auth.at(at)?);
        if at == 0 {
            return Some(state);
        }
        state.store = cluster.store.clone();
        state.caches = cluster.caches.clone();
        state.prometheus = cluster.prometheus.clone();
        state.cluster = Some(cluster.name.clone());
        Some(state)
    }

    /// This state narrowed to each cluster `caller` may read: every cluster for the local user,
    /// the clusters a token user signed in to; the first cluster first.
    pub fn readable_clusters(&self, caller: &Caller) -> Vec<AppState> {
        (0..self.fleet.clusters().len())
            .filter(|&i| match caller {
                Caller::Local => true,
                Caller::User(s) => s.grant(i).is_some(),
            })
            .filter_map(|i| self.in_cluster(i))
            .collect()
    }
}

impl AppState {
    /// State for local mode without Prometheus (tests and simple callers).
    pub fn local(store: Arc<Store>, client: kube::Client) -> AppState {
        let caches = Arc::new(Caches::new());
        let one = Cluster::new("cluster".into(), None, store.clone(), caches.clone());
        AppState {
            store,
            caches,
            metrics: Arc::new(Metrics::default()),
            auth: Arc::new(Auth::new(crate::auth::Mode::Local, client)),
            prometheus: None,
            assets: None,
            history: crate::history::HistoryHandle::off("history is not configured"),
            hosts: Arc::new(HostPolicy::off()),
            k8s_proxy: false,
            shutdown: Shutdown::default(),
            stream_caps: StreamCaps::new(crate::serve::Limits::default().max_streams_per_client),
            stream_frames: crate::routes::stream::frames::Frames::new(),
            listener: crate::listener::load::Load::new(
                crate::serve::Limits::default().max_connections,
            ),
            cluster: None,
            fleet: Arc::new(Fleet::new(one, Vec::new())),
            scoped: false,
        }
    }
}
