//! Several clusters in one backend (issue 32, step 1): `strata serve --context a --context b`,
//! `strata demo --clusters N`.
//!
//! * [`names`]: which name each cluster goes by (its context, or `--cluster-name` paired with the
//!   contexts in order), ambiguous input refused.
//! * [`connect`]: each named cluster's client, from the kubeconfig files merged as kubectl merges
//!   `KUBECONFIG`.
//! * [`cluster`]: one watched cluster — its name, API server URL, store and caches —, started
//!   with a watch set of its own ([`crate::watch::start_all`]).
//! * [`reach`]: whether a cluster answers now and, if not, since when, why (connection refused,
//!   401, 403) and its last error in one line; [`counts`]: its VMIs per verdict.
//!
//! Each cluster has its own watch set, store and caches: a cluster that cannot be reached keeps
//! the VMIs it last showed (stale) while the others stay live, and comes back by itself when its
//! watchers' backoff reaches it again (kube-runtime's default backoff: bounded delays, one
//! connection attempt at a time per kind).
//!
//! For now every per-VMI route, the push stream, the nodes, the migrations, the alerts, the
//! history recorder and `/readyz` serve the **first** cluster only (the one [`crate::run`]
//! started with, whose store and caches are [`crate::state::AppState`]'s); the others are seen
//! through `GET /api/v1/clusters` alone. Step 2 puts the cluster in every key.

pub mod cluster;
pub mod connect;
pub mod counts;
pub mod names;
pub mod reach;

pub use cluster::{Cluster, Spec};
pub use counts::Counts;
pub use reach::Reach;

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

    /// The cluster every per-VMI route serves for now.
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
}
