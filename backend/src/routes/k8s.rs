//! `/k8s/...`: the read-only Kubernetes API proxy, served only with `--enable-k8s-proxy` (the
//! frontend never calls it; it is for `curl` and scripts). What may pass is [`crate::proxy`]'s
//! allowlist; requests go out with the caller's client (the user's token in token mode).

use super::AppState;
use crate::error::ApiErr;
use crate::proxy;
use axum::Router;
use axum::extract::{Request, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use std::sync::atomic::Ordering;

pub fn routes() -> Router<AppState> {
    Router::new().route("/k8s/{*rest}", any(k8s))
}

/// `/k8s/...` while the proxy is off: a 404 that says how to turn it on.
pub fn disabled() -> Router<AppState> {
    let off = || async {
        ApiErr::not_found(
            "The Kubernetes API proxy is off; start Strata with --enable-k8s-proxy to serve \
             /k8s/.",
        )
    };
    Router::new()
        .route("/k8s", any(off))
        .route("/k8s/{*rest}", any(off))
}

async fn k8s(State(state): State<AppState>, req: Request) -> Response {
    let allowed = match proxy::check(req.method(), req.uri()) {
        Ok(a) => a,
        Err(r) => {
            state.metrics.proxy_refused.fetch_add(1, Ordering::Relaxed);
            tracing::warn!(
                method = %req.method(),
                path = %req.uri().path().chars().take(200).collect::<String>(),
                reason = r.reason,
                "proxy request refused"
            );
            return ApiErr::new(
                r.status,
                format!(
                    "The Kubernetes API proxy only forwards GET requests for read-only KubeVirt \
                     and core resources; refused: {}.",
                    r.reason
                ),
            )
            .into_response();
        }
    };
    let caller = match state.auth.caller(req.headers()) {
        Ok(c) => c,
        Err(e) => return e.into_response(),
    };
    let client = match state.auth.client(&caller) {
        Ok(c) => c,
        Err(e) => return e.into_response(),
    };
    let upstream = match axum::http::Request::get(&allowed.path_and_query)
        .header(header::ACCEPT, "application/json")
        .body(kube::client::Body::from(Vec::new()))
    {
        Ok(r) => r,
        Err(e) => return ApiErr::bad_request(e.to_string()).into_response(),
    };
    state
        .metrics
        .proxy_forwarded
        .fetch_add(1, Ordering::Relaxed);
    match client.send(upstream).await {
        Ok(res) => {
            let (parts, body) = res.into_parts();
            let mut out = Response::new(axum::body::Body::new(body));
            *out.status_mut() = parts.status;
            if let Some(ct) = parts.headers.get(header::CONTENT_TYPE) {
                out.headers_mut().insert(header::CONTENT_TYPE, ct.clone());
            }
            out
        }
        Err(e) => {
            ApiErr::upstream("The Kubernetes API server could not be reached.", e).into_response()
        }
    }
}
