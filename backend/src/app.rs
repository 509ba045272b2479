//! The axum router: `fn app() -> Router` over [`AppState`], tested with `oneshot` like axum's
//! testing example. It only composes the routers of [`crate::routes`] (one module per area) and adds the layers:
//! the `Host` check ([`crate::host`], outermost but tracing), a request timeout for the JSON endpoints (not for the push stream and proxied watches), the
//! CSRF check, the body limit, compression, the shared security headers, and tracing with
//! sensitive headers redacted.

use crate::routes;
use crate::security;
use crate::state::AppState;
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{StatusCode, header};
use axum::routing::any;
use std::path::PathBuf;
use std::time::Duration;
use tower_http::compression::CompressionLayer;
use tower_http::sensitive_headers::SetSensitiveRequestHeadersLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

/// The largest request body accepted (the sign-in form).
pub const BODY_LIMIT: usize = 16 * 1024;
/// How long a JSON request may take.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// Builds the router. `assets` is the folder Trunk built (`dist/`); when it lacks an
/// `index.html`, pages answer 503 with what to run.
pub fn app(mut state: AppState, assets: Option<PathBuf>) -> Router {
    state.assets = assets.filter(|a| a.join("index.html").is_file());
    let hsts = crate::auth::cookie::hsts_layer(state.auth.secure_cookie());
    let json_api = Router::new()
        .merge(routes::vmis::routes())
        .merge(routes::series::routes())
        .merge(routes::migrations::routes())
        .merge(routes::nodes::routes())
        .merge(routes::alerts::routes())
        .merge(routes::clusters::routes())
        .merge(routes::in_cluster::routes())
        .merge(routes::history::routes())
        .merge(routes::incident::routes())
        .route(model::wire::paths::ANY, any(routes::api_not_found))
        .merge(routes::auth::routes())
        .merge(routes::health::routes())
        // A Japanese request's JSON answer in Japanese (`?lang=ja`, see `crate::lang`).
        .layer(axum::middleware::from_fn(crate::lang::localize))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::GATEWAY_TIMEOUT,
            REQUEST_TIMEOUT,
        ));
    // Long-lived: the push stream and proxied watches have no request timeout.
    let mut long = routes::stream::routes();
    long = long.merge(if state.k8s_proxy {
        routes::k8s::routes()
    } else {
        routes::k8s::disabled()
    });
    let hosts = state.hosts.clone();
    routes::assets::serve(json_api.merge(long), &state)
        .with_state(state)
        .layer(axum::middleware::from_fn(security::csrf))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(CompressionLayer::new())
        .layer(axum::middleware::from_fn(security::headers))
        .layer(axum::middleware::from_fn_with_state(
            hosts,
            crate::host::check,
        ))
        .layer(hsts)
        .layer(TraceLayer::new_for_http())
        .layer(SetSensitiveRequestHeadersLayer::new([
            header::AUTHORIZATION,
            header::COOKIE,
            header::PROXY_AUTHORIZATION,
        ]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routes::stream::machine::BURST_PACE;
    use crate::store::Store;
    use axum::body::Body;
    use axum::http::Request;
    use http_body_util::BodyExt;
    use model::wire::StreamMsg;
    use std::sync::Arc;
    use std::sync::atomic::Ordering;
    use std::time::Duration;
    use tower::ServiceExt;

    fn summary(name: &str, phase: &str) -> model::VmiSummary {
        model::VmiSummary::from_vmi(&model::kube::vmi::Vmi::from_value(&serde_json::json!({
            "metadata": {"name": name, "namespace": "ns"}, "status": {"phase": phase}
        })))
    }

    /// A client for an address nothing listens on (these tests never reach a cluster).
    fn offline_client() -> kube::Client {
        kube::Client::try_from(kube::Config::new("http://127.0.0.1:9".parse().unwrap())).unwrap()
    }

    #[tokio::test]
    async fn vmis_and_readiness() {
        let store = Arc::new(Store::new(100, 16));
        let app = app(AppState::local(store.clone(), offline_client()), None);
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
        assert_eq!(res.headers()["referrer-policy"], "no-referrer");
        assert!(
            res.headers()["content-security-policy"]
                .to_str()
                .unwrap()
                .contains("frame-ancestors 'none'")
        );
        let body = res.into_body().collect().await.unwrap().to_bytes();
        let items: Vec<model::VmiSummary> = serde_json::from_slice(&body).unwrap();
        assert_eq!(items, vec![summary("a", "Running")]);
        let res = app
            .clone()
            .oneshot(Request::get("/vmi/ns/a").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
        let res = app
            .oneshot(Request::get("/api/v1/nope").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
        let body = res.into_body().collect().await.unwrap().to_bytes();
        let err: crate::api::ApiError = serde_json::from_slice(&body).unwrap();
        assert_eq!(err.code, 404);
    }

    #[tokio::test]
    async fn stream_starts_with_snapshot_then_resumes_from_last_event_id() {
        let store = Arc::new(Store::new(100, 16));
        store.replace_all(vec![summary("a", "Running")]);
        let state = AppState::local(store.clone(), offline_client());
        let metrics = state.metrics.clone();
        let app = app(state, None);
        let res = app
            .clone()
            .oneshot(Request::get("/api/v1/stream").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.headers()["content-type"], "text/event-stream");
        let mut body = res.into_body();
        let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
        let text = String::from_utf8(frame.to_vec()).unwrap();
        assert!(text.contains("{\"snapshot\":"), "{text}");
        let seq = store.snapshot().0;
        let id = crate::routes::stream::id::event_id(store.epoch(), seq);
        assert!(text.contains(&format!("id: {id}\n")), "{text}");
        assert_eq!(metrics.connected_clients.load(Ordering::Relaxed), 1);
        store.upsert(summary("a", "Paused"));
        let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
        assert!(matches!(
            frame_messages(&frame).concat().as_slice(),
            [StreamMsg::Upsert { item }] if item.phase == "Paused"
        ));
        drop(body);
        assert_eq!(metrics.connected_clients.load(Ordering::Relaxed), 0);
        assert_eq!(metrics.events_fanned_out.load(Ordering::Relaxed), 2);

        store.upsert(summary("b", "Pending"));
        let req = Request::get("/api/v1/stream")
            .header("last-event-id", id)
            .body(Body::empty())
            .unwrap();
        let mut body = app.oneshot(req).await.unwrap().into_body();
        let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
        let text = String::from_utf8(frame.to_vec()).unwrap();
        assert!(
            text.contains("{\"upsert\":") && text.contains("Paused"),
            "{text}"
        );
    }

    /// A stream on a store holding one VMI `a`: the store, and the body once its snapshot frame
    /// was read.
    async fn stream_past_snapshot() -> (Arc<Store>, Body) {
        let store = Arc::new(Store::new(1000, 1000));
        store.replace_all(vec![summary("a", "Running")]);
        let app = app(AppState::local(store.clone(), offline_client()), None);
        let res = app
            .oneshot(Request::get("/api/v1/stream").body(Body::empty()).unwrap())
            .await
            .unwrap();
        let mut body = res.into_body();
        let snapshot = body.frame().await.unwrap().unwrap().into_data().unwrap();
        assert!(String::from_utf8_lossy(&snapshot).contains("{\"snapshot\":"));
        (store, body)
    }

    #[tokio::test]
    async fn a_burst_already_waiting_goes_out_as_one_batch() {
        let (store, mut body) = stream_past_snapshot().await;
        // 50 changes land before the stream is polled again.
        for i in 0..50 {
            store.upsert(summary(&format!("v{i:02}"), "Pending"));
        }
        let last = store.snapshot().0;
        let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
        let text = String::from_utf8(frame.to_vec()).unwrap();
        let id = crate::routes::stream::id::event_id(store.epoch(), last);
        assert!(text.contains(&format!("id: {id}\n")), "{text}");
        let data = text
            .lines()
            .find_map(|l| l.strip_prefix("data: "))
            .expect("a data line");
        let msg: StreamMsg = serde_json::from_str(data).unwrap();
        let msgs = msg.into_messages();
        assert_eq!(msgs.len(), 50, "one event carries the whole burst");
        assert!(matches!(&msgs[49], StreamMsg::Upsert { item } if item.key.name == "v49"));
    }

    /// The `data` lines of the SSE events in `frame`, parsed, with the messages each carries.
    fn frame_messages(frame: &[u8]) -> Vec<Vec<StreamMsg>> {
        String::from_utf8_lossy(frame)
            .lines()
            .filter_map(|l| l.strip_prefix("data: "))
            .map(|d| {
                serde_json::from_str::<StreamMsg>(d)
                    .unwrap()
                    .into_messages()
            })
            .collect()
    }

    #[tokio::test(start_paused = true)]
    async fn a_lone_change_goes_at_once_and_a_burst_in_a_few_events() {
        use tokio::time::Instant;
        let (store, mut body) = stream_past_snapshot().await;
        tokio::time::sleep(Duration::from_secs(1)).await;
        let t = Instant::now();
        store.upsert(summary("a", "Paused"));
        let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
        assert_eq!(frame_messages(&frame).concat().len(), 1);
        assert!(
            t.elapsed() < Duration::from_millis(1),
            "a lone change waits for nothing"
        );

        tokio::time::sleep(Duration::from_secs(1)).await;
        // 200 changes, one every millisecond.
        let writer = {
            let store = store.clone();
            tokio::spawn(async move {
                for i in 0..200 {
                    store.upsert(summary(&format!("v{i:03}"), "Pending"));
                    tokio::time::sleep(Duration::from_millis(1)).await;
                }
            })
        };
        let t = Instant::now();
        let (mut events, mut seen) = (0, Vec::new());
        while seen.len() < 200 {
            let frame = body.frame().await.unwrap().unwrap();
            let Ok(frame) = frame.into_data() else {
                continue;
            };
            for msgs in frame_messages(&frame) {
                events += 1;
                seen.extend(msgs);
            }
        }
        writer.await.unwrap();
        assert!(
            matches!(&seen[199], StreamMsg::Upsert { item } if item.key.name == "v199"),
            "in order"
        );
        let bound = 2 + t.elapsed().as_millis() / BURST_PACE.as_millis();
        assert!(
            (events as u128) <= bound,
            "{events} events for 200 changes over {:?}",
            t.elapsed()
        );
        assert!(t.elapsed() < Duration::from_millis(200) + 2 * BURST_PACE);
    }

    #[tokio::test(start_paused = true)]
    async fn a_quiet_stream_sends_a_keep_alive_event_a_browser_sees() {
        use model::wire::{KEEP_ALIVE_EVENT, KEEP_ALIVE_SECS};
        let (_store, mut body) = stream_past_snapshot().await;
        let t = tokio::time::Instant::now();
        let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
        let text = String::from_utf8(frame.to_vec()).unwrap();
        // A named event with data: `EventSource` reports neither a comment nor an empty event.
        assert_eq!(text, format!("event: {KEEP_ALIVE_EVENT}\ndata: 1\n\n"));
        assert_eq!(t.elapsed().as_secs(), KEEP_ALIVE_SECS);
    }

    #[tokio::test]
    async fn slow_stream_is_cut_to_a_snapshot() {
        let store = Arc::new(Store::new(1000, 4));
        store.replace_all(vec![summary("a", "Running")]);
        let state = AppState::local(store.clone(), offline_client());
        let metrics = state.metrics.clone();
        let app = app(state, None);
        let res = app
            .oneshot(Request::get("/api/v1/stream").body(Body::empty()).unwrap())
            .await
            .unwrap();
        let mut body = res.into_body();
        let _snapshot = body.frame().await.unwrap().unwrap();
        // Far more changes than the channel holds, while the client reads nothing.
        for i in 0..50 {
            store.upsert(summary(&format!("v{i}"), "Running"));
        }
        let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
        let text = String::from_utf8(frame.to_vec()).unwrap();
        assert!(text.contains("{\"snapshot\":"), "{text}");
        assert!(text.contains("v49"), "the resync holds the latest state");
        assert_eq!(metrics.stream_resyncs.load(Ordering::Relaxed), 1);
    }

    #[tokio::test]
    async fn bad_names_and_series_parameters_are_explained() {
        let store = Arc::new(Store::new(100, 16));
        let app = app(AppState::local(store, offline_client()), None);
        for (uri, code) in [
            ("/api/v1/vmis/Bad_NS/x", StatusCode::BAD_REQUEST),
            (
                "/api/v1/vmis/ns/x/metrics?set=disk",
                StatusCode::BAD_REQUEST,
            ),
            ("/api/v1/vmis/ns/x/metrics?range=0", StatusCode::BAD_REQUEST),
            (
                "/api/v1/vmis/ns/x/guestagent/console",
                StatusCode::NOT_FOUND,
            ),
            ("/api/v1/vmis/ns/x", StatusCode::SERVICE_UNAVAILABLE),
        ] {
            let res = app
                .clone()
                .oneshot(Request::get(uri).body(Body::empty()).unwrap())
                .await
                .unwrap();
            assert_eq!(res.status(), code, "{uri}");
            let body = res.into_body().collect().await.unwrap().to_bytes();
            let err: crate::api::ApiError = serde_json::from_slice(&body).unwrap();
            assert!(err.error.len() > 20, "{uri}: {}", err.error);
        }
        let res = app
            .oneshot(
                Request::get("/api/v1/vmis/ns/x/metrics?set=migration")
                    .body(Body::empty())
                    .unwrap(),
            )
            .await
            .unwrap();
        let body = res.into_body().collect().await.unwrap().to_bytes();
        let set: crate::api::SeriesSet = serde_json::from_slice(&body).unwrap();
        assert!(!set.available);
        assert!(set.message.unwrap().contains("--prometheus-url"));
    }

    #[tokio::test]
    async fn cross_site_posts_are_refused() {
        let store = Arc::new(Store::new(100, 16));
        let app = app(AppState::local(store, offline_client()), None);
        let res = app
            .clone()
            .oneshot(
                Request::post("/auth/signout")
                    .header("host", "127.0.0.1:8080")
                    .header("origin", "http://evil.example")
                    .body(Body::empty())
                    .unwrap(),
            )
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::FORBIDDEN);
        let res = app
            .oneshot(
                Request::post("/auth/signout")
                    .header("host", "127.0.0.1:8080")
                    .header("origin", "http://127.0.0.1:8080")
                    .body(Body::empty())
                    .unwrap(),
            )
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::SEE_OTHER);
    }
}
