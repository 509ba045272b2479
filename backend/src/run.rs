//! Entry points shared by `strata serve`, `strata demo` and the e2e tests.

use crate::app::{AppState, app};
use crate::store::Store;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use tokio::net::TcpListener;

/// A running console.
pub struct Console {
    pub addr: SocketAddr,
    pub store: Arc<Store>,
    pub server: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Console {
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }
}

/// Starts the watchers and the HTTP server on `listener`, in background tasks.
pub fn start(
    client: kube::Client,
    listener: TcpListener,
    assets: Option<PathBuf>,
) -> std::io::Result<Console> {
    let addr = listener.local_addr()?;
    let store = Arc::new(Store::new(10_000, 1024));
    tokio::spawn(crate::watch::watch_vmis(client, store.clone()));
    let router = app(
        AppState {
            store: store.clone(),
        },
        assets,
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
        server,
    })
}
