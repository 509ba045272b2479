//! The overview page against the demo simulator.

use e2e::Harness;
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
    // The list is virtualized: scroll through it and check every VMI's card and phase. The
    // demo cluster moves on its own (scenarios progress), so compare with the cluster as it is
    // after the scroll, and look again if a VMI changed meanwhile.
    let mut attempts = 0;
    loop {
        let cards = h.collect_cards().await?;
        let (_, now) = h.sim.store().list(&sim::store::VMI, None);
        let want: std::collections::BTreeMap<String, String> = now
            .iter()
            .map(|vmi| {
                (
                    format!(
                        "{}/{}",
                        vmi["metadata"]["namespace"].as_str().unwrap(),
                        vmi["metadata"]["name"].as_str().unwrap()
                    ),
                    vmi["status"]["phase"]
                        .as_str()
                        .unwrap_or("(no phase)")
                        .to_string(),
                )
            })
            .collect();
        attempts += 1;
        if cards == want || attempts == 5 {
            assert_eq!(cards, want, "cards (key -> phase) vs the cluster");
            break;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
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
    let (_, vmis) = h.sim.store().list(&sim::store::VMI, None);
    let vmi = vmis
        .iter()
        .find(|v| v["status"]["phase"] == "Running")
        .expect("a running VMI in the demo");
    let (ns, name) = (
        vmi["metadata"]["namespace"].as_str().unwrap(),
        vmi["metadata"]["name"].as_str().unwrap(),
    );
    // Search for it so its card is in the (virtualized) list's first row.
    h.browser.goto(&h.url(&format!("/?q={name}"))).await?;
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
