//! A kind's watcher client that reports the API server's answers. kube-runtime's watcher resumes
//! a watch after an error without yielding any event (only a re-list yields `Init`…`InitDone`),
//! so in a quiet cluster a kind would stay "failing" after a short outage although its watch is
//! back. Every successful answer to the watcher's own requests (a list page, an accepted watch)
//! marks the kind healthy; a later error marks it failing again. Each answer's `Date` also sets
//! the clock of the cluster of `caches` ([`crate::cluster_clock::Clock`]).

use super::caches::Caches;
use super::kind::Kind;
use axum::http::Request;
use std::sync::Arc;

/// `client` for `kind`'s watcher of the cluster of `caches`: each response's `Date` read into
/// the cluster's clock, each successful one marking the kind healthy.
pub fn observed(client: kube::Client, caches: Arc<Caches>, kind: Kind) -> kube::Client {
    let default_ns = client.default_namespace().to_string();
    let service = tower::service_fn(move |req: Request<kube::client::Body>| {
        let (client, caches) = (client.clone(), caches.clone());
        async move {
            let res = client.send(req).await?;
            caches.clock.observe(res.headers());
            if res.status().is_success() {
                caches.get(kind).state.ok();
            }
            Ok::<_, kube::Error>(res)
        }
    });
    kube::Client::new(service, default_ns)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An API server whose answers are dated `date`.
    async fn dated(date: &'static str) -> kube::Client {
        let app = axum::Router::new().fallback(move || async move {
            axum::response::Response::builder()
                .header("date", date)
                .header("content-type", "application/json")
                .body(axum::body::Body::from(
                    r#"{"apiVersion":"v1","kind":"List","metadata":{},"items":[]}"#,
                ))
                .unwrap()
        });
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
            .await
            .unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await });
        kube::Client::try_from(kube::Config::new(url.parse().unwrap())).unwrap()
    }

    #[tokio::test]
    async fn each_cluster_keeps_the_clock_its_own_api_server_states() {
        // Two clusters of one fleet with clocks a day apart: the diagnosis of each measures its
        // heartbeats against its own (one process-wide skew took whichever answered last).
        let (a, b) = (Arc::new(Caches::new()), Arc::new(Caches::new()));
        let days = |d: i64| d * 86_400_000;
        for (caches, date) in [
            (&a, "Mon, 30 Nov 2026 08:00:00 GMT"),
            (&b, "Tue, 01 Dec 2026 08:00:00 GMT"),
        ] {
            caches.nodes.state.failed("connection refused".into());
            let client = observed(dated(date).await, caches.clone(), Kind::Node);
            let nodes: kube::Api<kube::api::DynamicObject> =
                kube::Api::all_with(client, &Kind::Node.resource());
            nodes.list(&Default::default()).await.unwrap();
            assert!(
                caches.nodes.state.healthy(),
                "an answer marks the kind healthy"
            );
        }
        let want = 1_796_025_600_000_i64; // 2026-11-30T08:00:00Z
        let (at_a, at_b) = (crate::evidence::now(&a).0, crate::evidence::now(&b).0);
        assert!((at_a - want).abs() < 5_000, "{at_a}");
        assert!((at_b - want - days(1)).abs() < 5_000, "{at_b}");
    }
}
