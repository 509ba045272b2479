//! Entry points shared by `strata serve`, `strata demo` and the e2e tests.

use crate::app::{AppState, app};
use crate::auth::{Auth, Mode};
use crate::metrics::Metrics;
use crate::series::Prometheus;
use crate::store::Store;
use crate::watch::Caches;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use tokio::net::TcpListener;

/// Changes kept for `Last-Event-ID` resume: enough for a browser that reconnects after a short
/// outage under steady churn; older ids get a fresh snapshot.
pub const LOG_LEN: usize = 2048;

/// A running console.
pub struct Console {
    pub addr: SocketAddr,
    pub store: Arc<Store>,
    pub caches: Arc<Caches>,
    pub metrics: Arc<Metrics>,
    pub history: Arc<crate::history::HistoryHandle>,
    pub server: tokio::task::JoinHandle<std::io::Result<()>>,
    /// The watcher tasks; aborted when the console is dropped.
    pub watchers: Watchers,
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
    /// The flight recorder's store (see [`crate::history::open_handle`]); `None`: history off.
    pub history: Option<Arc<crate::history::HistoryHandle>>,
}

impl Options {
    /// Local auth, no Prometheus.
    pub fn local(assets: Option<PathBuf>) -> Options {
        Options {
            assets,
            auth: Mode::Local,
            prometheus_url: None,
            history: None,
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
    let store = Arc::new(Store::new(LOG_LEN, 1024));
    let caches = Arc::new(Caches::new());
    let metrics = Arc::new(Metrics::default());
    let prometheus = match options.prometheus_url.as_deref() {
        Some(url) => Some(Prometheus::new(url).map_err(std::io::Error::other)?),
        None => None,
    };
    let watchers = Watchers(crate::watch::start_all(
        client.clone(),
        caches.clone(),
        store.clone(),
        metrics.clone(),
    ));
    let history = options
        .history
        .unwrap_or_else(|| crate::history::HistoryHandle::off("history is not configured"));
    let _ = metrics.history.set(history.shared().clone());
    crate::history::Recorder::start(&history, store.clone(), caches.clone(), client.clone());
    let router = app(
        AppState {
            store: store.clone(),
            caches: caches.clone(),
            metrics: metrics.clone(),
            auth: Arc::new(Auth::new(options.auth, client)),
            prometheus,
            assets: None,
            history: history.clone(),
        },
        options.assets,
    );
    let server = tokio::spawn(async move {
        axum::serve(listener, router)
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
    });
    Ok(Console {
        addr,
        store,
        caches,
        metrics,
        history,
        server,
        watchers,
    })
}
