//! `GET /api/v1/clusters`: every watched cluster ([`crate::fleet`]) with its name, API server
//! URL, reachability (reachable; stale since when, why, the last error in one line) and its VMIs
//! per verdict. No credential and no kubeconfig path is in the answer.
//!
//! Token mode: a user's token is valid for the first cluster's API server only (signing in to
//! each cluster is a later step), so the first cluster's counts are cut to the namespaces the
//! user may list VMIs in and the other clusters are listed without counts.

use super::AppState;
use crate::auth::Caller;
use crate::error::ApiErr;
use crate::fleet::{Cluster, Counts, Reach};
use axum::extract::State;
use axum::http::HeaderMap;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use std::collections::BTreeSet;

/// The route's path.
pub const CLUSTERS: &str = "/api/v1/clusters";

pub fn routes() -> Router<AppState> {
    Router::new().route(CLUSTERS, get(clusters))
}

/// One cluster of the answer.
#[derive(Debug, Serialize)]
pub struct ClusterRow {
    pub name: String,
    pub server: Option<String>,
    #[serde(flatten)]
    pub reach: Reach,
    /// VMIs per verdict; `None` when the caller may not see them (token mode, another cluster).
    pub counts: Option<Counts>,
}

/// The answer.
#[derive(Debug, Serialize)]
pub struct ClustersAnswer {
    pub clusters: Vec<ClusterRow>,
}

fn row(c: &Cluster, counts: Option<Counts>) -> ClusterRow {
    ClusterRow {
        name: c.name.clone(),
        server: c.server.clone(),
        reach: c.reach(),
        counts,
    }
}

async fn clusters(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Json<ClustersAnswer>, ApiErr> {
    let caller = state.auth.caller(&headers)?;
    let fleet = state.fleet.clone();
    let clusters = match caller {
        Caller::Local => fleet
            .clusters()
            .iter()
            .map(|c| row(c, Some(c.counts(|_| true))))
            .collect(),
        Caller::User(_) => {
            let first = fleet.first();
            let mut all = BTreeSet::new();
            first.store.each_glance(|ns, _| {
                if !all.contains(ns) {
                    all.insert(ns.to_string());
                }
            });
            let visible: BTreeSet<String> = state
                .auth
                .visible_namespaces(&caller, "kubevirt.io", "virtualmachineinstances", all)
                .await?
                .into_iter()
                .collect();
            let mut rows = vec![row(first, Some(first.counts(|ns| visible.contains(ns))))];
            rows.extend(fleet.clusters()[1..].iter().map(|c| row(c, None)));
            rows
        }
    };
    Ok(Json(ClustersAnswer { clusters }))
}
