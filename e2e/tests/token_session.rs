//! Token mode's session in the browser (issue 17, finding 8): a deep link opened without a
//! session goes to the sign-in page and, after signing in, lands on that deep link; when the
//! session ends, the open tab shows the sign-in page (keeping where it was) instead of retrying
//! forever.
//!
//! Its own test binary: it shortens the session lifetime through the environment before the
//! console starts.

use e2e::Harness;
use serde_json::json;
use std::time::{Duration, Instant};

const T: Duration = Duration::from_secs(20);
/// The session's absolute lifetime here.
const LIFETIME: Duration = Duration::from_secs(10);

async fn wait_url(h: &Harness, pred: impl Fn(&str) -> bool) -> anyhow::Result<String> {
    let deadline = Instant::now() + T + LIFETIME;
    loop {
        let url = h.current_url().await?;
        if pred(&url) {
            return Ok(url);
        }
        anyhow::ensure!(Instant::now() < deadline, "still at {url}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deep_link_after_sign_in_and_expired_session_prompt() -> anyhow::Result<()> {
    // SAFETY: set before any other thread of this test binary reads the environment.
    unsafe { std::env::set_var("STRATA_SESSION_MAX_SECS", LIFETIME.as_secs().to_string()) };
    let read = ["get", "list", "watch"];
    let policy = json!({"users": [
        {"name": "strata", "token": "strata-sa-token", "rules": [{"verbs": read}]},
        {"name": "alice", "token": "alice-token", "rules": [{"verbs": read}]}
    ]});
    let dir = tempfile::tempdir()?;
    let path = dir.path().join("policy.json");
    std::fs::write(&path, policy.to_string())?;
    let args = sim::SimArgs {
        token_policy: Some(path),
        ..sim::SimArgs::default()
    };
    let sim = sim::Sim::start_with(
        tokio::net::TcpListener::bind(("127.0.0.1", 0)).await?,
        &args,
    )
    .await?;
    let (_, vmis) = sim.store().list(&sim::store::VMI, None);
    let vmi = vmis
        .iter()
        .find(|v| v["metadata"]["namespace"] == "prod")
        .expect("a VMI in prod");
    let (ns, name) = (
        vmi["metadata"]["namespace"].as_str().unwrap().to_string(),
        vmi["metadata"]["name"].as_str().unwrap().to_string(),
    );
    let h = Harness::start_token("token_session", sim, "strata-sa-token").await?;
    let deep = format!("/vmi/{ns}/{name}");

    // A deep link without a session: the sign-in page, then the deep link itself.
    h.browser.goto(&h.url(&deep)).await?;
    let at = wait_url(&h, |u| u.contains("/auth/signin")).await?;
    assert!(at.contains("next=%2Fvmi%2F"), "{at}");
    let signed_in = Instant::now();
    h.submit_token("alice-token").await?;
    let at = wait_url(&h, |u| !u.contains("/auth/")).await?;
    assert!(at.ends_with(&deep), "landed on {at}, not {deep}");
    h.wait_text("[data-testid=headline]", T, |t| !t.is_empty())
        .await?;

    // The session ends: a change (or the stream's reconnect) meets the 401, and the tab shows
    // the sign-in page, keeping the deep link.
    tokio::time::sleep(LIFETIME.saturating_sub(signed_in.elapsed()) + Duration::from_secs(1)).await;
    let prompt = {
        let deadline = Instant::now() + T;
        loop {
            h.sim.set_vmi_phase(&ns, &name, "Running");
            let url = h.current_url().await?;
            if url.contains("/auth/signin") {
                break url;
            }
            anyhow::ensure!(
                Instant::now() < deadline,
                "no sign-in prompt; still at {url}"
            );
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    };
    assert!(prompt.contains("next=%2Fvmi%2F"), "{prompt}");
    h.screenshot_as("token_session_expired").await?;
    h.submit_token("alice-token").await?;
    let at = wait_url(&h, |u| !u.contains("/auth/")).await?;
    assert!(at.ends_with(&deep), "back at {at}, not {deep}");
    h.finish().await
}
