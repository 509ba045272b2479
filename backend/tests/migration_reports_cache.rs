//! `/api/v1/migrations/reports` asks Prometheus for the progress of each unfinished migration.
//! The migrations page refetches it every 5 s, so its answers are shared for a short while and
//! concurrent requests wait for one set of queries: N clients cost O(1) Prometheus queries per
//! interval, not O(N). Counted on a fake Prometheus.

mod common;

use backend::run::Options;
use common::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// A Prometheus that answers every query with no data, slowly (so concurrent requests overlap),
/// and counts them.
async fn counting_prometheus() -> (String, Arc<AtomicUsize>) {
    let count = Arc::new(AtomicUsize::new(0));
    let seen = count.clone();
    let app = axum::Router::new().fallback(move || {
        seen.fetch_add(1, Ordering::SeqCst);
        async {
            tokio::time::sleep(Duration::from_millis(100)).await;
            axum::Json(serde_json::json!({
                "status": "success",
                "data": {"resultType": "matrix", "result": []}
            }))
        }
    });
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
        .await
        .unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (url, count)
}

#[tokio::test]
async fn many_clients_share_one_round_of_prometheus_queries() {
    let sim = sim("demo").await;
    let vmim = sim.migrate("prod", "web-frontend-1", "long").unwrap();
    let (prom, count) = counting_prometheus().await;
    let client = backend::kube_client::connect(backend::kube_client::Source::Url(sim.url()))
        .await
        .unwrap();
    let console = console_with(
        client,
        Options {
            prometheus_url: Some(prom),
            ..Options::local(None)
        },
    )
    .await;
    all_synced(&console).await;
    eventually(Duration::from_secs(10), "the migration listed", || async {
        let (_, rows) = get_json(&console, "/api/v1/migrations").await;
        rows.as_array()?
            .iter()
            .any(|m| m["metadata"]["name"] == vmim.as_str())
            .then_some(())
    })
    .await;

    // One request: one round of queries (the release, then each migration series).
    let before = count.load(Ordering::SeqCst);
    let (code, _) = get_json(&console, "/api/v1/migrations/reports").await;
    assert_eq!(code, 200);
    let round = count.load(Ordering::SeqCst) - before;
    assert!(round > 0, "an unfinished migration's progress is asked for");

    // Right after: twenty clients at once are answered from it.
    let before = count.load(Ordering::SeqCst);
    let many = (0..20).map(|_| get_json(&console, "/api/v1/migrations/reports"));
    let codes: Vec<u16> = futures::future::join_all(many)
        .await
        .into_iter()
        .map(|(c, _)| c)
        .collect();
    assert!(codes.iter().all(|c| *c == 200), "{codes:?}");
    assert_eq!(
        count.load(Ordering::SeqCst) - before,
        0,
        "served from the cache"
    );

    // Once it expired, twenty concurrent clients cost one round between them.
    tokio::time::sleep(backend::series::PROGRESS_TTL + Duration::from_millis(500)).await;
    let before = count.load(Ordering::SeqCst);
    let many = (0..20).map(|_| get_json(&console, "/api/v1/migrations/reports"));
    futures::future::join_all(many).await;
    let spent = count.load(Ordering::SeqCst) - before;
    assert!(
        spent <= round,
        "20 concurrent clients cost {spent} queries, one client {round}"
    );
}
