//! The simulated cluster: the Kubernetes and KubeVirt APIs Strata reads, served on loopback.
//!
//! It stores objects as JSON exactly as an API server would return them and serves them through
//! Kubernetes-style `list` and `watch` endpoints, so real clients (kube-rs, kubectl) can't tell it
//! from a cluster for what Strata uses. [`Sim::start`] binds a listener and returns a handle that
//! tests and the demo use to change the cluster.
//!
//! * [`store`]: the versioned object store with its change history (for watch resume and 410).
//! * [`api`]: the HTTP routes (discovery, list, get, watch).
//! * [`scenarios`]: the objects of the demo cluster.

pub mod api;
pub mod scenarios;
pub mod store;

use std::net::SocketAddr;
use std::sync::Arc;
use store::Store;
use tokio::net::TcpListener;

/// A running simulator.
#[derive(Clone)]
pub struct Sim {
    addr: SocketAddr,
    store: Arc<Store>,
}

impl Sim {
    /// Serves the simulator on `listener` in a background task, seeded with `objects`.
    pub async fn start(listener: TcpListener, objects: Vec<serde_json::Value>) -> std::io::Result<Sim> {
        let addr = listener.local_addr()?;
        let store = Arc::new(Store::new());
        for o in objects {
            store.upsert(o);
        }
        let app = api::router(store.clone());
        tokio::spawn(async move {
            if let Err(e) = axum::serve(listener, app).await {
                tracing::error!(error = %e, "simulator stopped");
            }
        });
        Ok(Sim { addr, store })
    }

    /// Binds 127.0.0.1 on a free port and starts the demo cluster.
    pub async fn start_demo() -> std::io::Result<Sim> {
        let listener = TcpListener::bind(("127.0.0.1", 0)).await?;
        Sim::start(listener, scenarios::demo()).await
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The base URL a Kubernetes client should use, e.g. `http://127.0.0.1:41234`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub fn store(&self) -> &Arc<Store> {
        &self.store
    }

    /// Sets `status.phase` of a VMI. Returns false when there is no such VMI.
    pub fn set_vmi_phase(&self, namespace: &str, name: &str, phase: &str) -> bool {
        self.store
            .modify(&store::VMI, Some(namespace), name, |o| {
                o["status"]["phase"] = serde_json::Value::String(phase.to_string());
            })
            .is_some()
    }
}
