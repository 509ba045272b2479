//! A kind's watcher client that reports the API server's answers. kube-runtime's watcher resumes
//! a watch after an error without yielding any event (only a re-list yields `Init`…`InitDone`),
//! so in a quiet cluster a kind would stay "failing" after a short outage although its watch is
//! back. Every successful answer to the watcher's own requests (a list page, an accepted watch)
//! marks the kind healthy; a later error marks it failing again. Each answer's `Date` also sets
//! the cluster's clock ([`crate::cluster_clock`]).

use axum::http::Request;
use std::sync::Arc;

/// `client`, calling `on_answer` after each successful response.
pub fn observed(
    client: kube::Client,
    on_answer: impl Fn() + Send + Sync + 'static,
) -> kube::Client {
    let default_ns = client.default_namespace().to_string();
    let on_answer = Arc::new(on_answer);
    let service = tower::service_fn(move |req: Request<kube::client::Body>| {
        let (client, on_answer) = (client.clone(), on_answer.clone());
        async move {
            let res = client.send(req).await?;
            crate::cluster_clock::observe(res.headers());
            if res.status().is_success() {
                on_answer();
            }
            Ok::<_, kube::Error>(res)
        }
    });
    kube::Client::new(service, default_ns)
}
