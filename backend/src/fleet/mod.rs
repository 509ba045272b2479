//! Several clusters per backend (issue 32, steps 1 and 2): `strata serve --context a --context
//! b`, `strata demo --clusters N`.
//!
//! * [`names`]: which name each cluster goes by (its context, or `--cluster-name` paired with the
//!   contexts in order), ambiguous input refused.
//! * [`connect`]: each named cluster's client, from the kubeconfig files merged as kubectl merges
//!   `KUBECONFIG`.
//! * [`cluster`]: one watched cluster — its name, API server URL, client, store handle and
//!   caches —, started with a watch set of its own ([`crate::watch::start_all`]).
//! * [`upstreams`]: each cluster's own Prometheus and Alertmanager, `--prometheus-url` and
//!   `--alertmanager-url` paired with the clusters in order.
//! * [`reach`]: whether a cluster answers now and, if not, since when, why (connection refused,
//!   401, 403) and its last error in one line; [`counts`]: its VMIs per verdict.
//!
//! Each cluster has its own watch set and caches (pods, nodes, migrations, events, VMs), and a
//! handle of its own on **one** store of VMI summaries ([`crate::store::Store::for_cluster`]):
//! the handle stamps the cluster's name on every key it writes ([`model::VmiKey::cluster`]), and
//! its re-lists, lookups and counts see that cluster's VMIs alone. One store rather than a store
//! per cluster merged at read time: the push stream's sequence numbers, resume log, snapshot and
//! broadcast stay one (a browser's `Last-Event-ID` means one thing), and a cluster's VMIs are a
//! contiguous range of it (keys order by cluster first). The first cluster's name is never
//! stamped (the empty cluster means the first): its keys, links, history rows and wire are a
//! one-cluster console's, so the routes without `/c/{cluster}`, the nodes, migrations and
//! history and their links agree; the other clusters' keys name them.
//! `GET /api/v1/clusters` lists the first cluster first, which is how a page names it.
//!
//! A cluster that cannot be reached keeps the VMIs it last showed (stale) while the others stay
//! live, and comes back by itself when its watchers' backoff reaches it again (kube-runtime's
//! default backoff: bounded delays, one connection attempt at a time per kind).
//!
//! What serves the fleet: the push stream and `GET /api/v1/vmis` (every cluster's VMIs, each
//! key naming its cluster), `GET /api/v1/clusters`, and the per-VMI, node, migration and alert
//! routes under `/api/v1/c/{cluster}/` ([`crate::routes::in_cluster`]), answered from that
//! cluster's caches, client and Prometheus.
//!
//! Token mode: a token is valid for one API server, so a user signs in to each cluster with
//! that cluster's token, judged by that cluster's API server (its [`Spec::config`]'s address and
//! TLS trust); the session holds one grant per cluster ([`crate::auth`]). The stream and
//! `/api/v1/vmis` carry the VMIs of each cluster the session is signed in to, each cut by that
//! cluster's access reviews; `/api/v1/clusters` says per cluster whether the session is signed
//! in to it (and counts only those); a route under `/api/v1/c/{cluster}/` acts as the session's
//! token for that cluster, and answers 403 to a session not signed in to it.
//! Each cluster reads its alerts from its own Alertmanager or Prometheus ([`Upstreams`], one
//! `--prometheus-url` per context) into its own caches, so an alert naming `infra/bastion` marks
//! that cluster's bastion only. The history recorder records every cluster into the one
//! history, each row naming its VMI's cluster ([`crate::history::Recorder::start_fleet`]), read
//! per cluster under the prefix. Those routes without the prefix and `/readyz` serve the
//! **first** cluster only (the one [`crate::run`] started with, whose store handle and caches
//! are [`crate::state::AppState`]'s).

pub mod cluster;
pub mod connect;
pub mod counts;
pub mod names;
pub mod reach;
pub mod upstreams;

pub use cluster::{Cluster, Spec};
pub use counts::Counts;
pub use reach::Reach;
pub use upstreams::Upstreams;

use std::sync::Arc;

/// The watched clusters, the first one first.
pub struct Fleet {
    clusters: Vec<Arc<Cluster>>,
}

impl Fleet {
    /// The fleet of `first` and `others`, in that order.
    pub fn new(first: Cluster, others: Vec<Cluster>) -> Fleet {
        let clusters = std::iter::once(first).chain(others).map(Arc::new).collect();
        Fleet { clusters }
    }

    /// The cluster the routes without `/c/{cluster}` serve.
    pub fn first(&self) -> &Arc<Cluster> {
        &self.clusters[0]
    }

    pub fn clusters(&self) -> &[Arc<Cluster>] {
        &self.clusters
    }

    /// The cluster called `name`.
    pub fn get(&self, name: &str) -> Option<&Arc<Cluster>> {
        self.clusters.iter().find(|c| c.name == name)
    }

    /// The place of the cluster called `name` (0: the first).
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.clusters.iter().position(|c| c.name == name)
    }

    /// The place of the cluster a VMI key names ([`model::VmiKey::cluster`]: empty for the
    /// first cluster).
    pub fn index_of_key(&self, key_cluster: &str) -> Option<usize> {
        if key_cluster.is_empty() {
            Some(0)
        } else {
            self.index_of(key_cluster)
        }
    }
}
