//! The axum router: `fn app() -> Router`, tested with `oneshot` like axum's testing example.
//!
//! * `GET /api/v1/stream`: server-sent events, one stream per browser tab ([`model::wire`]).
//! * `GET /api/v1/vmis`: the current VMI summaries as JSON.
//! * `GET /healthz`, `GET /readyz`: liveness, and readiness (caches synced).
//! * everything else: the built frontend (`dist/`), with `index.html` for client-side routes.

use crate::store::{Sequenced, Start, Store};
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use futures::Stream;
use model::wire::EVENT_NAME;
use std::convert::Infallible;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;
use tower_http::compression::CompressionLayer;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;

/// Shared state of the router.
#[derive(Clone)]
pub struct AppState {
    pub store: Arc<Store>,
}

/// Builds the router. `assets` is the folder Trunk built (`dist/`); when it lacks an
/// `index.html`, pages answer 503 with what to run.
pub fn app(state: AppState, assets: Option<PathBuf>) -> Router {
    let api = Router::new()
        .route("/api/v1/stream", get(stream))
        .route("/api/v1/vmis", get(vmis))
        .route("/healthz", get(|| async { "ok" }))
        .route("/readyz", get(readyz))
        .with_state(state);
    let router = match assets.filter(|a| a.join("index.html").is_file()) {
        Some(dir) => {
            let index = ServeFile::new(dir.join("index.html"));
            api.fallback_service(
                ServeDir::new(&dir)
                    .precompressed_br()
                    .precompressed_gzip()
                    .fallback(index),
            )
        }
        None => api.fallback(|| async {
            (
                StatusCode::SERVICE_UNAVAILABLE,
                "The Strata frontend is not built. Run `cargo xtask demo` or `cargo xtask build` \
                 (or pass --assets pointing at Trunk's dist folder).",
            )
        }),
    };
    router
        .layer(CompressionLayer::new())
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ))
}

async fn vmis(State(state): State<AppState>) -> Response {
    axum::Json(state.store.items()).into_response()
}

async fn readyz(State(state): State<AppState>) -> Response {
    if state.store.synced() {
        (StatusCode::OK, "ready").into_response()
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, "caches not synced yet").into_response()
    }
}

fn sse_event((seq, msg): &Sequenced) -> Event {
    Event::default()
        .id(seq.to_string())
        .event(EVENT_NAME)
        .json_data(&**msg)
        .unwrap_or_else(|_| Event::default().comment("unserializable message"))
}

async fn stream(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let last_seen = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    let store = state.store.clone();
    let (start, rx) = store.subscribe(last_seen);
    let first: Vec<Sequenced> = match start {
        Start::Resume(missed) => missed,
        Start::Snapshot(s) => vec![s],
    };
    let after = first
        .last()
        .map(|(s, _)| *s)
        .unwrap_or(last_seen.unwrap_or(0));
    let initial = futures::stream::iter(first.into_iter().map(|m| Ok(sse_event(&m))));
    let live = futures::stream::unfold(
        (rx, store, after),
        |(mut rx, store, mut after)| async move {
            loop {
                match rx.recv().await {
                    // Messages already covered by the snapshot or resume are skipped.
                    Ok(m) if m.0 <= after => continue,
                    Ok(m) => {
                        after = m.0;
                        return Some((Ok(sse_event(&m)), (rx, store, after)));
                    }
                    Err(RecvError::Lagged(_)) => {
                        // Too slow: drop what is queued and resync from a snapshot.
                        rx = rx.resubscribe();
                        let snap = store.snapshot();
                        after = snap.0;
                        return Some((Ok(sse_event(&snap)), (rx, store, after)));
                    }
                    Err(RecvError::Closed) => return None,
                }
            }
        },
    );
    Sse::new(futures::StreamExt::chain(initial, live))
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::http::Request;
    use http_body_util::BodyExt;
    use tower::ServiceExt;

    fn summary(name: &str, phase: &str) -> model::VmiSummary {
        model::VmiSummary::from_vmi(&model::vmi::Vmi::from_value(&serde_json::json!({
            "metadata": {"name": name, "namespace": "ns"}, "status": {"phase": phase}
        })))
    }

    #[tokio::test]
    async fn vmis_and_readiness() {
        let store = Arc::new(Store::new(100, 16));
        let app = app(
            AppState {
                store: store.clone(),
            },
            None,
        );
        let res = app
            .clone()
            .oneshot(Request::get("/readyz").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
        store.replace_all(vec![summary("a", "Running")]);
        let res = app
            .clone()
            .oneshot(Request::get("/readyz").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let res = app
            .clone()
            .oneshot(Request::get("/api/v1/vmis").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.headers()["x-content-type-options"], "nosniff");
        let body = res.into_body().collect().await.unwrap().to_bytes();
        let items: Vec<model::VmiSummary> = serde_json::from_slice(&body).unwrap();
        assert_eq!(items, vec![summary("a", "Running")]);
        let res = app
            .oneshot(Request::get("/vmi/ns/a").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
    }

    #[tokio::test]
    async fn stream_starts_with_snapshot_then_resumes_from_last_event_id() {
        let store = Arc::new(Store::new(100, 16));
        store.replace_all(vec![summary("a", "Running")]);
        let app = app(
            AppState {
                store: store.clone(),
            },
            None,
        );
        let res = app
            .clone()
            .oneshot(Request::get("/api/v1/stream").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.headers()["content-type"], "text/event-stream");
        let mut body = res.into_body();
        let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
        let text = String::from_utf8(frame.to_vec()).unwrap();
        assert!(text.contains("\"type\":\"snapshot\""), "{text}");
        let seq = store.snapshot().0;
        assert!(text.contains(&format!("id: {seq}")), "{text}");
        store.upsert(summary("a", "Paused"));
        let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
        assert!(String::from_utf8_lossy(&frame).contains("\"phase\":\"Paused\""));

        store.upsert(summary("b", "Pending"));
        let req = Request::get("/api/v1/stream")
            .header("last-event-id", seq.to_string())
            .body(Body::empty())
            .unwrap();
        let mut body = app.oneshot(req).await.unwrap().into_body();
        let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
        let text = String::from_utf8(frame.to_vec()).unwrap();
        assert!(
            text.contains("\"type\":\"upsert\"") && text.contains("Paused"),
            "{text}"
        );
    }
}
