//! `GET /healthz` (the process answers), `/readyz` (caches synced, cluster reachable; every
//! kind's state) and `/metrics` ([`crate::metrics`]).

use super::AppState;
use crate::watch::Kind;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics_text))
}

async fn readyz(State(state): State<AppState>) -> Response {
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
    // The overview needs VMIs; other kinds may be absent or forbidden and are reported, not
    // required. A failing VMI watch means the cluster is not reachable now.
    let vmis = &state.caches.vmis.state;
    let ready = state.store.synced() && (vmis.healthy() || !vmis.synced());
    let ready = ready && vmis.last_error().is_none();
    let code = if ready {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (
        code,
        Json(serde_json::json!({"ready": ready, "resources": resources})),
    )
        .into_response()
}

async fn metrics_text(State(state): State<AppState>) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static(crate::metrics::CONTENT_TYPE),
        )],
        state.metrics.render(&state.caches, state.store.len()),
    )
        .into_response()
}
