//! One watched cluster: its name, its API server's URL (as shown: scheme, host, port and path,
//! never credentials), the store of its VMI summaries and the caches of its other kinds.

use super::counts::Counts;
use super::reach::Reach;
use super::upstreams::Upstreams;
use crate::series::Prometheus;
use crate::store::Store;
use crate::watch::{Caches, FleetStart, OnRestart};
use std::sync::Arc;
use std::time::Duration;

/// A cluster to watch besides the first: its name, API server URL and client, and where its
/// charts and alerts come from.
#[derive(Clone)]
pub struct Spec {
    pub name: String,
    /// The API server URL ([`server_url`]).
    pub server: String,
    pub client: kube::Client,
    /// The configuration `client` was made from: token mode makes its users' requests to this
    /// cluster with its API server and TLS trust (none of its credentials:
    /// [`crate::auth::Door::base`]).
    pub config: kube::Config,
    /// This cluster's own Prometheus and Alertmanager: a cluster's metrics and alerts name its
    /// namespaces, nodes and VMIs, so another cluster's would be matched to the wrong VMIs.
    pub upstreams: Upstreams,
}

impl Spec {
    /// The cluster `name` at `config`'s API server, with a client made from it and no
    /// upstreams.
    pub fn from_config(name: &str, config: kube::Config) -> Result<Spec, kube::Error> {
        Ok(Spec {
            name: name.to_string(),
            server: server_url(&config.cluster_url),
            client: kube::Client::try_from(config.clone())?,
            config,
            upstreams: Upstreams::default(),
        })
    }
}

/// One watched cluster.
pub struct Cluster {
    pub name: String,
    /// The API server URL ([`server_url`]); `None` when the caller did not say.
    pub server: Option<String>,
    /// Its handle on the fleet's store ([`Store::for_cluster`]): the VMIs it writes carry its
    /// name in their keys (the first cluster's alone carry none when it is the only one).
    pub store: Arc<Store>,
    pub caches: Arc<Caches>,
    /// The client its per-VMI routes read with; `None` for the first cluster, whose client is
    /// the console's own ([`crate::auth::Auth::local_client`]).
    pub client: Option<kube::Client>,
    /// Its Prometheus, for the charts of its VMIs under `/api/v1/c/{cluster}/`; `None` for the
    /// first cluster, whose Prometheus is the console's own ([`crate::state::AppState`]).
    pub prometheus: Option<Prometheus>,
}

impl Cluster {
    /// A cluster whose watchers the caller runs (the first one: [`crate::run`]).
    pub fn new(
        name: String,
        server: Option<String>,
        store: Arc<Store>,
        caches: Arc<Caches>,
    ) -> Self {
        Cluster {
            name,
            server,
            store,
            caches,
            client: None,
            prometheus: None,
        }
    }

    /// Starts watching `spec`'s cluster into caches of its own and its handle on `fleet`'s
    /// store (the one every cluster's VMIs go to, under their cluster's name), and reading its
    /// alerts every `alerts_poll` from its own upstream into its own caches; returns the
    /// cluster and its watcher tasks. `restarts` hears of every failure and re-list (the
    /// `/metrics` counters, shared by every cluster). Its watch set joins the fleet's `start`
    /// ([`FleetStart`]). Fails only on a Prometheus URL no client can be made for.
    pub fn start<R: OnRestart>(
        spec: Spec,
        fleet: &Store,
        restarts: Arc<R>,
        start: &FleetStart,
        alerts_poll: Duration,
    ) -> Result<(Cluster, Vec<tokio::task::JoinHandle<()>>), String> {
        let prometheus = spec
            .upstreams
            .prometheus()
            .map_err(|e| format!("cluster {}: {e}", spec.name))?;
        let store = Arc::new(fleet.for_cluster(&spec.name));
        let caches = Arc::new(Caches::new());
        let span = tracing::info_span!("cluster", name = %spec.name);
        let client = spec.client.clone();
        let tasks = crate::watch::start_cluster(
            spec.client,
            caches.clone(),
            store.clone(),
            restarts,
            start,
            span,
        );
        {
            let _in = tracing::info_span!("cluster", name = %spec.name).entered();
            crate::alerts::poll::start(spec.upstreams.alerts(), alerts_poll, &caches, &store);
        }
        let mut cluster = Cluster::new(spec.name, Some(spec.server), store, caches);
        cluster.client = Some(client);
        cluster.prometheus = prometheus;
        Ok((cluster, tasks))
    }

    /// Whether the cluster answers now ([`Reach`]).
    pub fn reach(&self) -> Reach {
        Reach::of(&self.caches)
    }

    /// Its VMIs per verdict, of the namespaces `keep` keeps.
    pub fn counts(&self, keep: impl Fn(&str) -> bool) -> Counts {
        Counts::of(&self.store, keep)
    }
}

/// The API server URL as shown: scheme, host, port and path; user information dropped.
pub fn server_url(url: &axum::http::Uri) -> String {
    let scheme = url.scheme_str().unwrap_or("https");
    let host = url.host().unwrap_or("");
    let port = url.port_u16().map(|p| format!(":{p}")).unwrap_or_default();
    let path = url.path().trim_end_matches('/');
    format!("{scheme}://{host}{port}{path}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_server_url_shows_no_credentials() {
        let url: axum::http::Uri = "https://admin:secret@api.example:6443/".parse().unwrap();
        assert_eq!(server_url(&url), "https://api.example:6443");
        let url: axum::http::Uri = "http://127.0.0.1:8081/prefix".parse().unwrap();
        assert_eq!(server_url(&url), "http://127.0.0.1:8081/prefix");
    }
}
