//! Failure states: a VMI that does not exist (or an API that cannot answer), a backend that
//! goes down, an unknown route — each shows a clear state, never a blank page.

use e2e::Harness;
use std::time::Duration;

const T: Duration = Duration::from_secs(10);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn missing_vmi_and_unknown_route_show_clear_states() -> anyhow::Result<()> {
    let h = Harness::start("failure_missing_vmi").await?;
    h.browser.goto(&h.url("/vmi/prod/no-such-vm")).await?;
    let msg = h
        .wait_text("[data-testid=failure]", T, |t| !t.is_empty())
        .await?;
    eprintln!("missing VMI: {msg}");
    // The stream knows the VMI is absent: the page says so too.
    h.wait_text("[data-testid=vmi-gone]", T, |t| !t.is_empty())
        .await?;
    h.screenshot_as("failure_missing_vmi_page").await?;
    h.browser.goto(&h.url("/no/such/page")).await?;
    h.wait_text("main", T, |t| t.contains("not found")).await?;
    h.finish().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backend_down_shows_disconnected() -> anyhow::Result<()> {
    let h = Harness::start("failure_backend_down").await?;
    h.browser.goto(&h.url("/")).await?;
    h.wait_text("[data-testid=connection]", T, |t| t == "live")
        .await?;
    h.backend_down();
    h.wait_text("[data-testid=connection]", Duration::from_secs(60), |t| {
        t.contains("disconnected")
    })
    .await?;
    // The cards stay on screen.
    assert!(h.count("article.vmi-card").await? > 0);
    h.finish().await
}
