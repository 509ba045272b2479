//! The overview page against the demo simulator.

use e2e::Harness;
use fantoccini::Locator;
use std::time::{Duration, Instant};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn overview_lists_the_simulator_vmis() -> anyhow::Result<()> {
    let h = Harness::start("overview_lists_the_simulator_vmis").await?;
    h.browser.goto(&h.url("/")).await?;
    let (_, expected) = h.sim.store().list(&sim::store::VMI, None);
    assert!(expected.len() >= 3, "the demo cluster has VMIs");
    h.wait_text("[data-testid=vmi-count]", Duration::from_secs(10), |t| {
        t == expected.len().to_string()
    })
    .await?;
    for vmi in &expected {
        let key = format!(
            "{}/{}",
            vmi["metadata"]["namespace"].as_str().unwrap(),
            vmi["metadata"]["name"].as_str().unwrap()
        );
        let card = h
            .browser
            .find(Locator::Css(&format!("article.vmi-card[data-key='{key}']")))
            .await?;
        let phase = card
            .find(Locator::Css("[data-testid=phase]"))
            .await?
            .text()
            .await?;
        assert_eq!(
            phase,
            vmi["status"]["phase"].as_str().unwrap(),
            "phase of {key}"
        );
    }
    h.wait_text("[data-testid=connection]", Duration::from_secs(5), |t| {
        t == "live"
    })
    .await?;
    h.finish().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phase_change_appears_without_reload() -> anyhow::Result<()> {
    let h = Harness::start("a_phase_change_appears_without_reload").await?;
    h.browser.goto(&h.url("/")).await?;
    let (_, vmis) = h.sim.store().list(&sim::store::VMI, None);
    let vmi = vmis
        .iter()
        .find(|v| v["status"]["phase"] == "Running")
        .expect("a running VMI in the demo");
    let (ns, name) = (
        vmi["metadata"]["namespace"].as_str().unwrap(),
        vmi["metadata"]["name"].as_str().unwrap(),
    );
    let css = format!("article.vmi-card[data-key='{ns}/{name}'] [data-testid=phase]");
    h.wait_text(&css, Duration::from_secs(10), |t| t == "Running")
        .await?;
    // Mark the page: a reload would lose this.
    h.browser
        .execute("window.__no_reload = true;", vec![])
        .await?;

    let changed = Instant::now();
    assert!(h.sim.set_vmi_phase(ns, name, "Failed"));
    h.wait_text(&css, Duration::from_secs(2), |t| t == "Failed")
        .await?;
    eprintln!("phase change visible after {:?}", changed.elapsed());
    let still = h
        .browser
        .execute("return window.__no_reload === true;", vec![])
        .await?;
    assert_eq!(
        still,
        serde_json::Value::Bool(true),
        "the page was reloaded"
    );
    h.finish().await
}
