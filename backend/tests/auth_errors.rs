//! Issue 17, finding 8 (error texts): when the API server fails an access review, neither the
//! sign-in page nor the JSON API shows the browser the raw kube error (which names internal
//! addresses); they show a generic sentence with a correlation id, and the log has the rest.

mod common;

use backend::auth::Mode;
use backend::run::Options;
use common::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// What the failing API server says: it names an internal address.
const INTERNAL: &str = "etcd at https://10.9.8.7:2379 timed out";

/// An API server that allows the first `allowed` access reviews and fails every later one with
/// a 500 whose Status message names an internal address.
async fn failing_reviews(allowed: usize) -> String {
    let seen = Arc::new(AtomicUsize::new(0));
    let app = axum::Router::new().route(
        "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews",
        axum::routing::post(move || {
            let n = seen.fetch_add(1, Ordering::SeqCst);
            async move {
                use axum::http::StatusCode;
                if n < allowed {
                    let body = serde_json::json!({
                        "apiVersion": "authorization.k8s.io/v1",
                        "kind": "SelfSubjectAccessReview",
                        "spec": {},
                        "status": {"allowed": true}
                    });
                    (StatusCode::CREATED, axum::Json(body))
                } else {
                    let body = serde_json::json!({
                        "apiVersion": "v1", "kind": "Status", "status": "Failure",
                        "message": INTERNAL, "reason": "InternalError", "code": 500
                    });
                    (StatusCode::INTERNAL_SERVER_ERROR, axum::Json(body))
                }
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
        .await
        .unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    url
}

/// A token-mode console whose watchers read the simulator and whose users' reviews go to a
/// server that allows `allowed` of them, then fails.
async fn console_failing_after(allowed: usize) -> (sim::Sim, backend::run::Console) {
    let sim = sim("demo").await;
    let client = backend::kube_client::connect(backend::kube_client::Source::Url(sim.url()))
        .await
        .unwrap();
    let apiserver = failing_reviews(allowed).await;
    let console = console_with(
        client,
        Options {
            auth: Mode::Token {
                base: Box::new(kube::Config::new(apiserver.parse().unwrap())),
                secure_cookie: false,
            },
            ..Options::local(None)
        },
    )
    .await;
    all_synced(&console).await;
    (sim, console)
}

fn assert_generic(body: &str) {
    assert!(!body.contains("10.9.8.7"), "internal address shown: {body}");
    assert!(!body.contains("etcd"), "raw error shown: {body}");
    assert!(body.contains("correlation id"), "no correlation id: {body}");
}

#[tokio::test]
async fn a_failed_review_at_sign_in_shows_no_raw_error() {
    let (_sim, console) = console_failing_after(0).await;
    let res = http()
        .post(format!("{}/auth/signin", console.url()))
        .header("origin", console.url())
        .form(&[("token", "someone-token")])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 502);
    assert_generic(&res.text().await.unwrap());
}

#[tokio::test]
async fn a_failed_review_on_the_api_shows_no_raw_error() {
    // The sign-in's review passes; the next (the VMI list's, per namespace) fail.
    let (_sim, console) = console_failing_after(1).await;
    let signin = http()
        .post(format!("{}/auth/signin", console.url()))
        .header("origin", console.url())
        .form(&[("token", "someone-token")])
        .send()
        .await
        .unwrap();
    assert_eq!(signin.status(), 303);
    let cookie = signin.headers()["set-cookie"].to_str().unwrap();
    let cookie = cookie.split(';').next().unwrap().to_string();
    let res = http()
        .get(format!("{}/api/v1/vmis", console.url()))
        .header("cookie", cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 502);
    assert_generic(&res.text().await.unwrap());
}
