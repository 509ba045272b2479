//! HTTP routes of the simulated API server.
//!
//! Paths follow the Kubernetes layout (`/api/v1/...` for the core group, `/apis/{group}/{version}/...`
//! for others) and are parsed by one handler (`resource::resource_request`), so every resource gets the same
//! get / list / watch semantics: `resourceVersion`, `limit`/`continue`, `labelSelector`,
//! `fieldSelector`, `allowWatchBookmarks`, `timeoutSeconds`, `sendInitialEvents`, and `Table`
//! answers for `kubectl get`. Errors are Kubernetes `Status` objects. A middleware applies the
//! API faults (restart, slowness, expired credentials) and bearer-token authentication.
//!
//! * [`route`]: what a path names; [`resource`]: get / delete / access reviews / subresources.
//! * [`list`]: paged lists and continue tokens; [`watch`]: watch streams.
// Handlers return ready-made error responses; boxing them would only add noise.
#![allow(clippy::result_large_err)]

mod list;
mod params;
mod resource;
mod route;
mod status;
mod watch;

pub use status::{status_error, status_object};

use crate::auth;
use crate::{Shared, discovery, metrics, promql};
use axum::Router;
use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::get;
use std::sync::Arc;

/// The caller, as authenticated by the middleware (None when authentication is off).
#[derive(Clone, Debug)]
pub struct Caller(pub Option<auth::User>);

/// The router of the simulated cluster.
pub fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route(
            "/version",
            get(|| async { axum::Json(discovery::version()) }),
        )
        .route(
            "/api",
            get(|| async { axum::Json(discovery::api_versions()) }),
        )
        .route(
            "/apis",
            get(|| async { axum::Json(discovery::api_groups()) }),
        )
        .route("/healthz", get(|| async { "ok" }))
        .route("/readyz", get(|| async { "ok" }))
        .route("/livez", get(|| async { "ok" }))
        .route("/metrics", get(metrics::handler))
        .route("/api/v1/query", get(promql::query).post(promql::query_post))
        .route(
            "/api/v1/query_range",
            get(promql::query_range).post(promql::query_range_post),
        )
        .route("/api/v1/alerts", get(crate::alerts::api::handler))
        .route("/-/ready", get(promql::ready))
        .route("/-/healthy", get(promql::ready))
        .nest("/_sim", crate::control::router())
        .fallback(resource::resource_request)
        .layer(middleware::from_fn_with_state(shared.clone(), gate))
        .with_state(shared)
}

fn exempt(path: &str) -> bool {
    path.starts_with("/_sim")
        || path == "/metrics"
        || path.starts_with("/api/v1/query")
        || path == "/api/v1/alerts"
        || path.starts_with("/-/")
        || matches!(path, "/healthz" | "/readyz" | "/livez")
}

/// Faults and authentication in front of the Kubernetes API.
async fn gate(State(shared): State<Arc<Shared>>, mut req: Request, next: Next) -> Response {
    let path = req.uri().path().to_string();
    if exempt(&path) {
        return next.run(req).await;
    }
    if shared.faults.api_down() {
        return status_error(
            StatusCode::SERVICE_UNAVAILABLE,
            "ServiceUnavailable",
            "the server is currently unable to handle the request",
            None,
        );
    }
    if shared.faults.credentials_expired() {
        // kube-apiserver's answer to a bearer token it no longer accepts (an expired token
        // fails authentication; there is no anonymous fallback for a request with credentials).
        return status_error(
            StatusCode::UNAUTHORIZED,
            "Unauthorized",
            "Unauthorized",
            None,
        );
    }
    let slow = shared.faults.slow();
    if !slow.is_zero() {
        tokio::time::sleep(slow).await;
    }
    let caller = match &shared.auth {
        None => Caller(None),
        Some(policy) => {
            let token = req
                .headers()
                .get(header::AUTHORIZATION)
                .and_then(|h| h.to_str().ok())
                .and_then(|h| h.strip_prefix("Bearer "))
                .map(str::trim);
            match token.and_then(|t| policy.user(t)) {
                Some(u) => Caller(Some(u.clone())),
                None => {
                    return status_error(
                        StatusCode::UNAUTHORIZED,
                        "Unauthorized",
                        "Unauthorized",
                        None,
                    );
                }
            }
        }
    };
    req.extensions_mut().insert(caller);
    let mut res = next.run(req).await;
    stamp_date(&shared, &mut res);
    res
}

/// A real kube-apiserver's answers carry its own clock in `Date` (Go's net/http sets it on every
/// response); the simulator's clock is the cluster's, so its `Date` is simulated time (hyper keeps
/// a `Date` the handler set). The console reads the cluster's clock from it.
fn stamp_date(shared: &Shared, res: &mut Response) {
    let secs = shared.clock.now().max(0.0);
    let at = std::time::UNIX_EPOCH + std::time::Duration::from_secs_f64(secs);
    if let Ok(v) = header::HeaderValue::from_str(&httpdate::fmt_http_date(at)) {
        res.headers_mut().insert(header::DATE, v);
    }
}
