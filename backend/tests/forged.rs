//! Issue 17, finding 1: in token mode, forged session cookies cost the API server nothing. They
//! are refused before any per-user client is built or any access review is sent, so they open no
//! connection to the API server and grow no cache.
//!
//! Its own test binary: it reads the simulator's process-wide counts, which no other test here
//! moves.

mod common;

use common::*;
use futures::StreamExt;
use serde_json::json;

/// Established TCP connections to `port` opened by this process (the client side: the remote
/// end is `port`), from `/proc/self/net/tcp{,6}`.
fn connections_to(port: u16) -> usize {
    let hex = format!(":{port:04X}");
    ["/proc/self/net/tcp", "/proc/self/net/tcp6"]
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .map(|t| {
            t.lines()
                .skip(1)
                .filter(|l| {
                    let f: Vec<&str> = l.split_whitespace().collect();
                    f.len() > 3 && f[2].ends_with(&hex) && f[3] == "01"
                })
                .count()
        })
        .sum()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_cookies_reach_no_api_server() {
    let read = ["get", "list", "watch"];
    let policy = json!({"users": [
        {"name": "strata", "token": "strata-sa-token", "rules": [{"verbs": read}]},
        {"name": "alice", "token": "alice-token", "rules": [{"verbs": read}]}
    ]});
    let (sim, console, _dir) = token_console(&policy, |_| backend::run::Options {
        // `/k8s` is opt-in; it is on here so forged cookies are tried on it too.
        k8s_proxy: true,
        ..backend::run::Options::local(None)
    })
    .await;
    let port = sim.addr().port();
    let (before, open_before) = (sim::auth::counts(), connections_to(port));

    let http = http();
    let paths = ["/api/v1/vmis", "/api/v1/stream", "/k8s/api/v1/nodes"];
    let codes: Vec<u16> = futures::stream::iter(0..1_500)
        .map(|i| {
            let (http, url) = (http.clone(), console.url());
            async move {
                http.get(format!("{url}{}", paths[i % paths.len()]))
                    .header("cookie", format!("strata_session=forged-{i:06}-aGVsbG8"))
                    .send()
                    .await
                    .map(|r| r.status().as_u16())
                    .unwrap_or(0)
            }
        })
        .buffer_unordered(64)
        .collect()
        .await;
    let after = sim::auth::counts();
    let open_after = connections_to(port);
    eprintln!(
        "simulator before {before:?}, after {after:?}; connections {open_before} -> {open_after}"
    );
    let mut tally = std::collections::BTreeMap::new();
    for c in &codes {
        *tally.entry(*c).or_insert(0) += 1;
    }
    assert!(
        codes.iter().all(|c| *c == 401),
        "every forged cookie gets 401: {tally:?}"
    );

    assert_eq!(
        after.rejected - before.rejected,
        0,
        "no forged token reaches the API server"
    );
    assert!(
        after.access_reviews - before.access_reviews <= 2,
        "no access review for forged cookies"
    );
    assert!(
        open_after <= open_before + 4,
        "connections to the API server: {open_before} before, {open_after} after"
    );
}
