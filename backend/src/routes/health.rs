//! `GET /healthz` (the process answers), `/readyz` (the overview has synced once; every kind's
//! state; with a fleet, each cluster's) and `/metrics` ([`crate::metrics`]).
//!
//! Readiness does not flap: once the VMIs have been read, `/readyz` stays 200 through an API
//! outage and the console serves what it has, saying so: `stale` (the VMI watch is failing, so
//! the overview may be out of date) and `degraded` (some watch is failing). In token mode, the
//! per-kind details (whose errors name API server addresses) and `/metrics` need a signed-in
//! user who may list VMIs cluster-wide; probes get the status code and `ready`/`stale` without
//! signing in. The operator listener (`--metrics-listen`, [`operator_routes`]) serves all three
//! without a session, for probes and Prometheus on an address the Ingress does not route.
//!
//! A saturated console listener (every `--max-connections` slot taken, so new clients wait in
//! the backlog) makes `/readyz` answer 503 with `"saturated": true` for as long as it lasts;
//! the operator listener has slots of its own, so its `/readyz` still answers then.

use super::AppState;
use crate::auth::{Access, Caller};
use crate::error::ApiErr;
use crate::fleet::Cluster;
use crate::watch::Kind;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};

/// The routes of the console's own listener.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics_text))
}

/// The routes of the operator listener: no session needed.
pub fn operator_routes() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route(
            "/readyz",
            get(|state: State<AppState>| async move { readiness(&state, true) }),
        )
        .route(
            "/metrics",
            get(|State(state): State<AppState>| async move { metrics_body(&state) }),
        )
}

/// Whether the caller may see the console's own details: local mode, or a user who may list
/// VMIs cluster-wide.
pub(super) async fn may_see_details(state: &AppState, headers: &HeaderMap) -> Result<(), ApiErr> {
    let caller = state.auth.caller(headers)?;
    if matches!(caller, Caller::Local) {
        return Ok(());
    }
    let access = Access::list("kubevirt.io", "virtualmachineinstances", None);
    state.auth.require(&caller, &access).await
}

async fn readyz(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let detailed = may_see_details(&state, &headers).await.is_ok();
    readiness(&State(state), detailed)
}

/// Ready once the first cluster's store has synced (and stays so); `stale`/`degraded` tell what
/// is failing now in any cluster of the fleet (the overview shows them all). Another cluster that
/// is down, even since the start, never makes the console unready: the others stay live
/// (issue 32). With several clusters the detailed answer lists each one's state.
fn readiness(State(state): &State<AppState>, detailed: bool) -> Response {
    let clusters = state.fleet.clusters();
    let failing = |c: &Cluster, k: Kind| c.caches.get(k).state.last_error().is_some();
    let ready = state.store.synced();
    let stale = clusters.iter().any(|c| failing(c, Kind::Vmi));
    let degraded = clusters
        .iter()
        .any(|c| Kind::WATCHED.iter().any(|&k| failing(c, k)));
    let connections = state.listener.read();
    let mut body = serde_json::json!({
        "ready": ready, "stale": stale, "degraded": degraded,
        "saturated": connections.saturated,
    });
    if detailed && clusters.len() > 1 {
        let each: Vec<serde_json::Value> = clusters
            .iter()
            .map(|c| {
                let reach = c.reach();
                serde_json::json!({
                    "name": c.name, "synced": reach.synced, "reachable": reach.reachable,
                    "stale_since": reach.stale_since,
                    "degraded": Kind::WATCHED.iter().any(|&k| failing(c, k)),
                })
            })
            .collect();
        body["clusters"] = each.into();
    }
    if detailed {
        body["connections"] = serde_json::json!(connections);
        let resources: Vec<serde_json::Value> = Kind::ALL
            .iter()
            .map(|&k| {
                let s = &state.caches.get(k).state;
                serde_json::json!({
                    "resource": k.name(), "watched": k.watched(), "synced": s.synced(),
                    "healthy": s.healthy(), "restarts": s.restarts(), "error": s.last_error(),
                })
            })
            .collect();
        body["resources"] = resources.into();
    }
    let code = if ready && !connections.saturated {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (code, Json(body)).into_response()
}

async fn metrics_text(State(state): State<AppState>, headers: HeaderMap) -> Response {
    match may_see_details(&state, &headers).await {
        Ok(()) => metrics_body(&state),
        Err(e) => e.into_response(),
    }
}

fn metrics_body(state: &AppState) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static(crate::metrics::CONTENT_TYPE),
        )],
        state.metrics.render(&state.caches, state.store.len()),
    )
        .into_response()
}
