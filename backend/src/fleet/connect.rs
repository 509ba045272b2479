//! Each named cluster's client: its configuration from the kubeconfig files (none: `KUBECONFIG`
//! / `~/.kube/config`, then in-cluster; several: merged as kubectl merges `KUBECONFIG`, each
//! context looked up across them), or from a kubeconfig held in memory (`strata demo
//! --clusters N`).
//!
//! One cluster connects as before: its API server must answer `/version`, else the start fails.
//! Of several, each one's configuration must be usable, but one that does not answer yet is
//! watched all the same: it shows as unreachable and its watchers keep trying. Logs name a
//! cluster by its name and API server, never by a kubeconfig path or a credential.

use super::cluster::server_url;
use super::names::Named;
use super::reach::one_line;
use crate::kube_client::{self, ConnectError, Source};
use kube::config::{KubeConfigOptions, Kubeconfig};
use std::path::PathBuf;
use std::time::Duration;

/// How long a cluster of several has to answer `/version` at the start before it is watched
/// as unreachable.
pub const PROBE: Duration = Duration::from_secs(10);

/// One cluster with its client and configuration.
pub struct Connected {
    pub name: String,
    /// Its API server's URL ([`server_url`]).
    pub server: String,
    pub client: kube::Client,
    pub config: kube::Config,
}

impl Connected {
    fn new(named: Option<String>, client: kube::Client, config: kube::Config) -> Connected {
        // Unnamed (no context, no --cluster-name): the API server's host, as before.
        let name =
            named.unwrap_or_else(|| config.cluster_url.host().unwrap_or("cluster").to_string());
        Connected {
            name,
            server: server_url(&config.cluster_url),
            client,
            config,
        }
    }

    /// What [`crate::run::Options::clusters`] takes.
    pub fn spec(&self) -> super::Spec {
        super::Spec {
            name: self.name.clone(),
            server: self.server.clone(),
            client: self.client.clone(),
            config: self.config.clone(),
            upstreams: super::Upstreams::default(),
        }
    }
}

/// Where `context`'s configuration comes from, given the `--kubeconfig` files.
pub fn source(files: &[PathBuf], context: Option<String>) -> Source {
    match files {
        [] => Source::Kubeconfig {
            path: None,
            context,
        },
        [one] => Source::Kubeconfig {
            path: Some(one.clone()),
            context,
        },
        many => Source::Kubeconfigs {
            paths: many.to_vec(),
            context,
        },
    }
}

/// Connects every named cluster, in order (see the module documentation).
pub async fn connect(files: &[PathBuf], named: Vec<Named>) -> Result<Vec<Connected>, ConnectError> {
    if let [one] = named.as_slice() {
        let (client, config) =
            kube_client::connect_with_config(source(files, one.context.clone())).await?;
        return Ok(vec![Connected::new(one.name.clone(), client, config)]);
    }
    let mut out = Vec::with_capacity(named.len());
    for n in named {
        let from = source(files, n.context.clone());
        let config =
            kube_client::config_for(&from)
                .await
                .map_err(|error| ConnectError::Config {
                    from: from.clone(),
                    error,
                })?;
        let client = kube::Client::try_from(config.clone()).map_err(|e| ConnectError::Config {
            from,
            error: e.to_string(),
        })?;
        out.push(Connected::new(n.name, client, config));
    }
    probe_all(&out).await;
    Ok(out)
}

/// The clusters of the kubeconfig text `kubeconfig`, one per context in `contexts`, each named
/// by its context.
pub async fn from_text(kubeconfig: &str, contexts: &[String]) -> Result<Vec<Connected>, String> {
    let kc = Kubeconfig::from_yaml(kubeconfig).map_err(|e| e.to_string())?;
    let mut out = Vec::with_capacity(contexts.len());
    for c in contexts {
        let options = KubeConfigOptions {
            context: Some(c.clone()),
            ..Default::default()
        };
        let config = kube::Config::from_custom_kubeconfig(kc.clone(), &options)
            .await
            .map_err(|e| format!("context {c}: {e}"))?;
        let client = kube::Client::try_from(config.clone()).map_err(|e| e.to_string())?;
        out.push(Connected::new(Some(c.clone()), client, config));
    }
    Ok(out)
}

/// Asks each cluster for `/version` at once; one that does not answer within [`PROBE`] is
/// logged (by name and API server) and watched all the same.
async fn probe_all(clusters: &[Connected]) {
    let probes = clusters.iter().map(|c| async move {
        let answer = tokio::time::timeout(PROBE, c.client.apiserver_version()).await;
        let error = match answer {
            Ok(Ok(_)) => return,
            Ok(Err(e)) => one_line(&e.to_string()),
            Err(_) => format!("no answer within {} s", PROBE.as_secs()),
        };
        tracing::warn!(
            cluster = %c.name,
            server = %c.server,
            %error,
            "cluster not reachable at start; watching it all the same"
        );
    });
    futures::future::join_all(probes).await;
}
