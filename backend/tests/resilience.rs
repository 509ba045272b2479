//! The push stream survives an API server restart and a forced `410 Gone` without losing a
//! change: changes made while the API was down or after the history was compacted reach an
//! already-open browser stream.

mod common;

use common::*;
use std::time::Duration;

/// Reads SSE frames from `res` until one contains `needle`.
async fn until_frame(res: &mut reqwest::Response, needle: &str) -> String {
    let mut seen = String::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        match tokio::time::timeout(left, res.chunk()).await {
            Ok(Ok(Some(chunk))) => {
                seen.push_str(&String::from_utf8_lossy(&chunk));
                if seen.contains(needle) {
                    return seen;
                }
            }
            other => panic!("stream ended or timed out before {needle:?}: {other:?}\n{seen}"),
        }
    }
}

/// How a summary with phase `p` reads on the stream (see `model::wire::compact`).
fn phase(p: &str) -> String {
    format!("\"p\":\"{p}\"")
}

async fn open_stream(console: &backend::run::Console) -> reqwest::Response {
    let mut res = http()
        .get(format!("{}/api/v1/stream", console.url()))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    until_frame(&mut res, "\"synced\":true").await;
    res
}

#[tokio::test]
async fn stream_survives_an_api_restart() {
    let sim = sim("healthy,no-agent").await;
    let console = console(&sim).await;
    all_synced(&console).await;
    let mut res = open_stream(&console).await;
    sim.restart_api(Duration::from_millis(1500));
    // Changed while the API answers 503 and every watch is gone.
    assert!(sim.set_vmi_phase("default", "no-agent", "Failed"));
    let text = until_frame(&mut res, &phase("Failed")).await;
    assert!(text.contains("no-agent"), "{text}");
    // kube-rs retries the 503s and resumes the watch; the console is ready again.
    eventually(Duration::from_secs(20), "ready again", || async {
        (get_json(&console, "/readyz").await.0 == 200).then_some(())
    })
    .await;
}

#[tokio::test]
async fn stream_survives_a_forced_410() {
    let sim = sim("healthy,no-agent").await;
    let console = console(&sim).await;
    all_synced(&console).await;
    let mut res = open_stream(&console).await;
    // A change, then the history is compacted and watches dropped: resuming gets 410 Gone and
    // kube-rs must re-list to see the change.
    assert!(sim.set_vmi_phase("default", "healthy", "Unknown"));
    sim.expire_resource_versions();
    assert!(sim.set_vmi_phase("default", "no-agent", "Succeeded"));
    let text = until_frame(&mut res, &phase("Succeeded")).await;
    let text = if text.contains(&phase("Unknown")) {
        text
    } else {
        until_frame(&mut res, &phase("Unknown")).await
    };
    assert!(text.contains("healthy"));
    // The 410 forced a re-list, which is counted.
    assert!(console.metrics.watch_restarts(backend::watch::Kind::Vmi) > 0);
    // The evidence endpoint sees the re-listed state too.
    let (code, e) = get_json(&console, "/api/v1/vmis/default/no-agent").await;
    assert_eq!(code, 200);
    assert_eq!(e["vmi"]["value"]["status"]["phase"], "Succeeded");
}

#[tokio::test]
async fn reconnect_with_last_event_id_resumes_without_a_snapshot() {
    let sim = sim("healthy,no-agent").await;
    let console = console(&sim).await;
    all_synced(&console).await;
    let mut res = open_stream(&console).await;
    drop(res.chunk().await.ok());
    let last = console.store.snapshot().0;
    drop(res);
    assert!(sim.set_vmi_phase("default", "healthy", "Failed"));
    let mut res = http()
        .get(format!("{}/api/v1/stream", console.url()))
        .header("last-event-id", last.to_string())
        .send()
        .await
        .unwrap();
    let text = until_frame(&mut res, &phase("Failed")).await;
    assert!(!text.contains("{\"snapshot\":"), "{text}");
    assert!(text.contains("{\"upsert\":"), "{text}");
}
