//! Entry points shared by `strata serve`, `strata demo` and the e2e tests.

use crate::app::app;
use crate::auth::{Auth, Mode};
use crate::fleet::{Cluster, Fleet, Spec};
use crate::host::HostPolicy;
use crate::listener::client::TrustedProxies;
use crate::metrics::Metrics;
use crate::routes::stream::caps::StreamCaps;
use crate::series::Prometheus;
use crate::serve::{Limits, Listener, serve};
use crate::shutdown::Shutdown;
use crate::state::AppState;
use crate::store::Store;
use crate::watch::Caches;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use tokio::net::TcpListener;

pub use crate::store::LOG_LEN;

/// A running console.
pub struct Console {
    pub addr: SocketAddr,
    /// The operator listener's address (`--metrics-listen`), if any.
    pub operator_addr: Option<SocketAddr>,
    pub store: Arc<Store>,
    pub caches: Arc<Caches>,
    pub metrics: Arc<Metrics>,
    pub history: Arc<crate::history::HistoryHandle>,
    /// Ends with the server: after [`Console::shutdown`] is triggered and connections drained.
    pub server: tokio::task::JoinHandle<std::io::Result<()>>,
    /// Triggering it stops accepting, ends the push streams and lets the server finish.
    pub shutdown: Shutdown,
    /// The watcher tasks (every cluster's); aborted when the console is dropped.
    pub watchers: Watchers,
    /// Every watched cluster, the first one (`store`, `caches`) first.
    pub fleet: Arc<Fleet>,
}

/// Watcher tasks, aborted on drop (so a test's console stops watching its simulator).
pub struct Watchers(pub Vec<tokio::task::JoinHandle<()>>);

impl Drop for Watchers {
    fn drop(&mut self) {
        for w in &self.0 {
            w.abort();
        }
    }
}

impl Console {
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }
}

/// How the console runs.
#[derive(Clone)]
pub struct Options {
    pub assets: Option<PathBuf>,
    pub auth: Mode,
    /// Base URL of the Prometheus HTTP API.
    pub prometheus_url: Option<String>,
    /// Base URL of Alertmanager (API v2); without it alerts come from Prometheus, if any.
    pub alertmanager_url: Option<String>,
    /// How often alerts are read ([`crate::alerts::poll::POLL`]).
    pub alerts_poll: std::time::Duration,
    /// The flight recorder's store (see [`crate::history::open_handle`]); `None`: history off.
    pub history: Option<Arc<crate::history::HistoryHandle>>,
    /// Serve the read-only Kubernetes API proxy under `/k8s/` (`--enable-k8s-proxy`).
    pub k8s_proxy: bool,
    /// Host names answered besides loopback's and the listen address (`--allowed-host`).
    pub allowed_hosts: Vec<String>,
    pub limits: Limits,
    /// Proxies whose `X-Forwarded-For` (or `Forwarded`) names the client (`--trusted-proxy`).
    pub trusted_proxies: TrustedProxies,
    /// A second address serving only `/healthz`, `/readyz` and `/metrics`, without a session
    /// (`--metrics-listen`).
    pub metrics_listen: Option<SocketAddr>,
    /// The cluster's name as the console shows it (its kubeconfig context, else its API
    /// server's host): what an incident file says it was taken from.
    pub cluster: Option<String>,
    /// The first cluster's API server URL as `/api/v1/clusters` shows it
    /// ([`crate::fleet::cluster::server_url`]).
    pub server: Option<String>,
    /// The clusters watched besides the first (`strata serve --context a --context b`), each
    /// with a watch set and caches of its own and its handle on the one store
    /// ([`crate::fleet`]).
    pub clusters: Vec<Spec>,
}

impl Options {
    /// Local auth, no Prometheus, no proxy, default limits.
    pub fn local(assets: Option<PathBuf>) -> Options {
        Options {
            assets,
            auth: Mode::Local,
            prometheus_url: None,
            alertmanager_url: None,
            alerts_poll: crate::alerts::poll::POLL,
            history: None,
            k8s_proxy: false,
            allowed_hosts: Vec::new(),
            limits: Limits::default(),
            trusted_proxies: TrustedProxies::default(),
            metrics_listen: None,
            cluster: None,
            server: None,
            clusters: Vec::new(),
        }
    }
}

/// Starts the watchers and the HTTP server on `listener` (local auth, no Prometheus).
pub fn start(
    client: kube::Client,
    listener: TcpListener,
    assets: Option<PathBuf>,
) -> std::io::Result<Console> {
    start_with(client, listener, Options::local(assets))
}

/// Starts the watchers and the HTTP server on `listener`, in background tasks.
pub fn start_with(
    client: kube::Client,
    listener: TcpListener,
    options: Options,
) -> std::io::Result<Console> {
    let addr = listener.local_addr()?;
    let first_name = options.cluster.clone().unwrap_or_else(|| "cluster".into());
    // One store for the fleet. The first cluster's handle stamps no name: its keys, links and
    // history rows are those of a one-cluster console ([`crate::fleet`]).
    let store = Arc::new(Store::new(LOG_LEN, 1024));
    let caches = Arc::new(Caches::new());
    let metrics = Arc::new(Metrics::default());
    let shutdown = Shutdown::default();
    let prometheus = match options.prometheus_url.as_deref() {
        Some(url) => Some(Prometheus::new(url).map_err(std::io::Error::other)?),
        None => None,
    };
    crate::alerts::poll::start(
        crate::alerts::Upstream::pick(
            options.alertmanager_url.as_deref(),
            options.prometheus_url.as_deref(),
        ),
        options.alerts_poll,
        &caches,
        &store,
    );
    let operator = options
        .metrics_listen
        .map(crate::listener::bind::bind)
        .transpose()?;
    let operator_addr = operator.as_ref().map(|l| l.local_addr()).transpose()?;
    let first = Cluster::new(
        first_name,
        options.server.clone(),
        store.clone(),
        caches.clone(),
    );
    // With several clusters every cluster's watch logs name it; with one, as before.
    let span = if options.clusters.is_empty() {
        tracing::Span::none()
    } else {
        tracing::info_span!("cluster", name = %first.name)
    };
    // Every cluster's VMIs before any cluster's VMs and events ([`crate::watch::FleetStart`]).
    let fleet_start = crate::watch::FleetStart::default();
    let mut watchers = Watchers(crate::watch::start_cluster(
        client.clone(),
        caches.clone(),
        store.clone(),
        metrics.clone(),
        &fleet_start,
        span,
    ));
    watchers
        .0
        .push(tokio::spawn(crate::memory::trim_periodically()));
    let others = options
        .clusters
        .iter()
        .map(|spec| {
            let (cluster, tasks) = Cluster::start(
                spec.clone(),
                &store,
                metrics.clone(),
                &fleet_start,
                options.alerts_poll,
            )
            .map_err(std::io::Error::other)?;
            watchers.0.extend(tasks);
            Ok(cluster)
        })
        .collect::<std::io::Result<_>>()?;
    let fleet = Arc::new(Fleet::new(first, others));
    let history = options
        .history
        .unwrap_or_else(|| crate::history::HistoryHandle::off("history is not configured"));
    let _ = metrics.history.set(history.shared().clone());
    crate::history::Recorder::start_fleet(&history, recorded(&fleet, &client));
    let local = matches!(options.auth, Mode::Local);
    let console_listener = Listener::new(&options.limits, options.trusted_proxies);
    let state = AppState {
        store: store.clone(),
        caches: caches.clone(),
        metrics: metrics.clone(),
        auth: Arc::new(Auth::fleet(
            options.auth,
            fleet.first().name.clone(),
            client.clone(),
            doors(&options.clusters),
        )),
        prometheus,
        assets: None,
        history: history.clone(),
        hosts: Arc::new(HostPolicy::new(local, addr, &options.allowed_hosts)),
        k8s_proxy: options.k8s_proxy,
        shutdown: shutdown.clone(),
        stream_caps: StreamCaps::new(options.limits.max_streams_per_client),
        stream_frames: crate::routes::stream::frames::Frames::new(),
        listener: console_listener.load.clone(),
        cluster: options.cluster.clone(),
        fleet: fleet.clone(),
        scoped: false,
    };
    if let Some(l) = operator {
        let router = crate::routes::health::operator_routes().with_state(state.clone());
        // Its own slots: a console listener full of silent connections does not block probes.
        let own = Listener::new(&options.limits, TrustedProxies::default());
        tokio::spawn(serve(l, router, options.limits, own, shutdown.clone()));
    }
    let router = app(state, options.assets);
    let server = tokio::spawn(serve(
        listener,
        router,
        options.limits,
        console_listener,
        shutdown.clone(),
    ));
    Ok(Console {
        addr,
        operator_addr,
        store,
        caches,
        metrics,
        history,
        server,
        shutdown,
        watchers,
        fleet,
    })
}

/// The clusters besides the first as sign-in knows them, in the fleet's order.
fn doors(clusters: &[Spec]) -> Vec<crate::auth::Door> {
    clusters
        .iter()
        .map(|s| crate::auth::Door {
            name: s.name.clone(),
            local: s.client.clone(),
            base: Some(s.config.clone()),
        })
        .collect()
}

/// What the recorder reads of each cluster of `fleet`: its store handle, its caches and its
/// client (the first cluster's is the console's own, `first`).
fn recorded(fleet: &Fleet, first: &kube::Client) -> Vec<crate::history::Source> {
    fleet
        .clusters()
        .iter()
        .map(|c| crate::history::Source {
            store: c.store.clone(),
            caches: c.caches.clone(),
            client: c.client.clone().unwrap_or_else(|| first.clone()),
        })
        .collect()
}
