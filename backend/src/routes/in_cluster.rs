//! `/api/v1/c/{cluster}/…`: the per-VMI routes ([`model::wire::paths::IN_CLUSTER`]), and the
//! nodes' and migrations', answered from one cluster of the fleet ([`crate::fleet`]) — its
//! store handle, caches and client ([`AppState::in_cluster`]). The one-cluster paths
//! (`/api/v1/vmis/{ns}/{name}…`, `/api/v1/nodes…`) keep answering for the first cluster.
//!
//! The path after the cluster is routed by the same handlers as without it (the VMI list,
//! evidence, page, incident file, metrics, guest agent, history; the nodes list, a node's page
//! and drain report; the migrations; the alerts), the URI rewritten to the one-cluster path. A cluster the console does not watch is a 404, never a request to an API
//! server. Token mode: the narrowed state's auth is that cluster's view ([`crate::auth::Auth::at`]),
//! so every route acts as the session's token *for that cluster*; a user who has not signed in
//! to it is refused (403, saying so and where to sign in) before any route runs.

use super::{AppState, api_not_found};
use crate::error::ApiErr;
use crate::listener::client::ClientAddr;
use axum::Router;
use axum::extract::{ConnectInfo, Path, Request, State};
use axum::http::Uri;
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use model::wire::paths;
use std::net::SocketAddr;
use tower::ServiceExt;

pub fn routes() -> Router<AppState> {
    Router::new().route(paths::IN_CLUSTER, any(in_cluster))
}

/// The routes a cluster prefix may lead to.
fn per_cluster() -> Router<AppState> {
    Router::new()
        .merge(super::vmis::routes())
        .merge(super::nodes::routes())
        .merge(super::migrations::routes())
        .merge(super::series::routes())
        .merge(super::incident::routes())
        .merge(super::history::routes())
        .merge(super::alerts::routes())
        .route(paths::ANY, any(api_not_found))
}

/// Whether `rest` (the path after the cluster) is about one cluster's VMIs, nodes, migrations
/// or alerts.
fn per_cluster_path(rest: &str) -> bool {
    let first = rest.split('/').next().unwrap_or_default();
    matches!(first, "vmis" | "nodes" | "migrations" | "alerts")
}

async fn in_cluster(
    State(state): State<AppState>,
    Path((cluster, rest)): Path<(String, String)>,
    mut req: Request,
) -> Result<Response, ApiErr> {
    let Some(at) = state.fleet.index_of(&cluster) else {
        return Err(ApiErr::not_found(format!(
            "This console watches no cluster called {cluster:?}; GET /api/v1/clusters lists \
             the clusters it watches."
        )));
    };
    if !per_cluster_path(&rest) {
        return Ok(api_not_found().await.into_response());
    }
    let scoped = state
        .in_cluster(at)
        .ok_or_else(|| ApiErr::not_found(format!("No cluster {cluster:?} here.")))?;
    // A token user not signed in to this cluster: refused here, whatever the route.
    let caller = scoped.auth.caller(req.headers())?;
    scoped.auth.signed_in(&caller)?;
    let query = req
        .uri()
        .query()
        .map(|q| format!("?{q}"))
        .unwrap_or_default();
    let uri: Uri = format!("{}/{rest}{query}", paths::PREFIX)
        .parse()
        .map_err(|_| ApiErr::bad_request("The path is not a valid URI."))?;
    *req.uri_mut() = uri;
    Ok(per_cluster()
        .with_state(scoped)
        .oneshot(routed_afresh(req))
        .await
        .into_response())
}

/// `req` without what routing it here added (its path parameters, which the inner route's
/// would be appended to), keeping the client's address the server loop set.
fn routed_afresh(req: Request) -> Request {
    let (mut parts, body) = req.into_parts();
    let mut kept = axum::http::Extensions::new();
    if let Some(c) = parts.extensions.get::<ConnectInfo<SocketAddr>>() {
        kept.insert(*c);
    }
    if let Some(c) = parts.extensions.get::<ClientAddr>() {
        kept.insert(*c);
    }
    parts.extensions = kept;
    Request::from_parts(parts, body)
}
