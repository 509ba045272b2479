//! The push stream survives an API server restart and a forced `410 Gone` without losing a
//! change: changes made while the API was down or after the history was compacted reach an
//! already-open browser stream.

mod common;

use common::*;
use std::time::Duration;

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
        .header(
            "last-event-id",
            backend::routes::stream::id::event_id(console.store.epoch(), last),
        )
        .send()
        .await
        .unwrap();
    let text = until_frame(&mut res, &phase("Failed")).await;
    assert!(!text.contains("{\"snapshot\":"), "{text}");
    assert!(text.contains("{\"upsert\":"), "{text}");
}

/// A TCP relay to the simulator that a test can take down (every connection cut, new ones
/// refused: what an API server restart looks like to a client, and what kube-rs does not retry)
/// and bring back on the same port.
struct Relay {
    addr: std::net::SocketAddr,
    up: tokio::sync::watch::Sender<bool>,
}

impl Relay {
    async fn start(to: std::net::SocketAddr) -> Relay {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
            .await
            .unwrap();
        let addr = listener.local_addr().unwrap();
        let (up, mut rx) = tokio::sync::watch::channel(true);
        tokio::spawn(async move {
            let mut listener = Some(listener);
            loop {
                let Some(l) = &listener else {
                    if rx.wait_for(|up| *up).await.is_err() {
                        return;
                    }
                    listener = tokio::net::TcpListener::bind(addr).await.ok();
                    continue;
                };
                tokio::select! {
                    accepted = l.accept() => {
                        let Ok((mut inbound, _)) = accepted else { continue };
                        let mut down = rx.clone();
                        tokio::spawn(async move {
                            let Ok(mut out) = tokio::net::TcpStream::connect(to).await else {
                                return;
                            };
                            tokio::select! {
                                _ = tokio::io::copy_bidirectional(&mut inbound, &mut out) => {}
                                _ = down.wait_for(|up| !*up) => {}
                            }
                        });
                    }
                    changed = rx.changed() => {
                        if changed.is_err() {
                            return;
                        }
                        if !*rx.borrow_and_update() {
                            listener = None;
                        }
                    }
                }
            }
        });
        Relay { addr, up }
    }

    fn set_up(&self, up: bool) {
        self.up.send_replace(up);
    }
}

#[tokio::test]
async fn readiness_recovers_after_an_api_outage_in_a_quiet_cluster() {
    let sim = sim("healthy,no-agent").await;
    let sim_addr = sim.url().trim_start_matches("http://").parse().unwrap();
    let relay = Relay::start(sim_addr).await;
    let client = backend::kube_client::connect(backend::kube_client::Source::Url(format!(
        "http://{}",
        relay.addr
    )))
    .await
    .unwrap();
    let console = console_with(client, backend::run::Options::local(None)).await;
    all_synced(&console).await;
    // The API goes away and comes back; nothing changes meanwhile, so the resumed watches have
    // no event to report.
    relay.set_up(false);
    let down = eventually(Duration::from_secs(20), "stale reported", || async {
        let (code, r) = get_json(&console, "/readyz").await;
        (r["stale"] == true).then_some((code, r))
    })
    .await;
    // While it is down the console stays ready and says its data is stale.
    assert_eq!(down.0, 200, "readiness does not flap: {}", down.1);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    relay.set_up(true);
    // Once the watches are back, every kind is healthy again without any object event.
    eventually(Duration::from_secs(40), "healthy again", || async {
        let (code, r) = get_json(&console, "/readyz").await;
        let resources = r["resources"].as_array()?;
        let clear = resources
            .iter()
            .all(|k| k["error"].is_null() && k["healthy"] == true);
        (code == 200 && r["stale"] == false && r["degraded"] == false && clear).then_some(())
    })
    .await;
}
