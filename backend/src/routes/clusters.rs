//! `GET /api/v1/clusters`: every watched cluster ([`crate::fleet`]) with its name, API server
//! URL, reachability (reachable; stale since when, why, the last error in one line) and its VMIs
//! per verdict. No credential and no kubeconfig path is in the answer.
//!
//! Token mode: a token is valid for one API server, so each row says whether this session is
//! signed in to that cluster (`signed_in`); a cluster signed in to counts the VMIs of the
//! namespaces the user may list VMIs in there (that cluster's reviews), the others are listed
//! without counts.

use super::AppState;
use crate::auth::Caller;
use crate::error::ApiErr;
use crate::fleet::{Cluster, Counts, Reach};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
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
    /// VMIs per verdict; `None` when the caller may not see them (token mode, a cluster not
    /// signed in to).
    pub counts: Option<Counts>,
    /// Token mode: whether this session is signed in to the cluster; absent in local mode.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub signed_in: Option<bool>,
}

/// The answer.
#[derive(Debug, Serialize)]
pub struct ClustersAnswer {
    pub clusters: Vec<ClusterRow>,
}

fn row(c: &Cluster, counts: Option<Counts>, signed_in: Option<bool>) -> ClusterRow {
    ClusterRow {
        name: c.name.clone(),
        server: c.server.clone(),
        reach: c.reach(),
        counts,
        signed_in,
    }
}

async fn clusters(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Json<ClustersAnswer>, ApiErr> {
    let caller = state.auth.caller(&headers)?;
    let fleet = state.fleet.clone();
    let session = match &caller {
        Caller::Local => {
            let rows = fleet.clusters().iter();
            let clusters = rows.map(|c| row(c, Some(c.counts(|_| true)), None));
            return Ok(Json(ClustersAnswer {
                clusters: clusters.collect(),
            }));
        }
        Caller::User(s) => s,
    };
    let mut clusters = Vec::with_capacity(fleet.clusters().len());
    for (at, c) in fleet.clusters().iter().enumerate() {
        let Some(auth) = session.grant(at).and_then(|_| state.auth.at(at)) else {
            clusters.push(row(c, None, Some(false)));
            continue;
        };
        let mut all = BTreeSet::new();
        c.store.each_glance(|ns, _| {
            if !all.contains(ns) {
                all.insert(ns.to_string());
            }
        });
        let visible: BTreeSet<String> = match auth
            .visible_namespaces(&caller, "kubevirt.io", "virtualmachineinstances", all)
            .await
        {
            Ok(v) => v.into_iter().collect(),
            // Its grant ended meanwhile (its API server no longer accepts the token).
            Err(e) if e.status == StatusCode::FORBIDDEN => {
                clusters.push(row(c, None, Some(false)));
                continue;
            }
            Err(e) => return Err(e),
        };
        let counts = c.counts(|ns| visible.contains(ns));
        clusters.push(row(c, Some(counts), Some(true)));
    }
    Ok(Json(ClustersAnswer { clusters }))
}
