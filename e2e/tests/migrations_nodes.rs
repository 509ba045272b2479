//! The migrations page (a live migration started in the simulator appears, progresses and links
//! to its VMI's migration graph) and the node pages (the node list and a node's drain impact).

use e2e::Harness;
use fantoccini::Locator;
use std::time::Duration;

const T: Duration = Duration::from_secs(20);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_started_migration_is_listed_and_links_to_its_graph() -> anyhow::Result<()> {
    let h = Harness::start("migrations").await?;
    let (ns, name, vmim) = h.migrate_quiet_vmi("", "long")?;
    h.browser.goto(&h.url("/migrations")).await?;
    h.wait_count("[data-testid=migrations-table]", T, |n| n == 1)
        .await?;
    // The new migration's row names its VMI and links to the VMI's migration tab.
    let link_css = format!("[data-testid=migrations-table] a[href*='mig={vmim}']");
    h.wait_count(&link_css, T, |n| n == 1).await?;
    let row_text = h
        .wait_text(
            &format!("[data-testid=migrations-table] tr:has(a[href*='mig={vmim}'])"),
            T,
            |t| !t.is_empty(),
        )
        .await?;
    eprintln!("row: {row_text}");
    let phase = h
        .wait_text(
            &format!(
                "[data-testid=migrations-table] tr:has(a[href*='mig={vmim}']) [data-testid=mg-phase]"
            ),
            T,
            |t| !t.is_empty(),
        )
        .await?;
    assert!(
        [
            "Pending",
            "Scheduling",
            "Scheduled",
            "PreparingTarget",
            "TargetReady",
            "Running"
        ]
        .contains(&phase.as_str()),
        "a long migration is in progress: {phase}"
    );
    h.screenshot_as("migrations_list").await?;

    h.browser
        .find(Locator::Css(&link_css))
        .await?
        .click()
        .await?;
    let url = h.current_url().await?;
    assert!(
        url.contains(&format!("/vmi/{ns}/{name}")) && url.contains("tab=migrations"),
        "{url}"
    );
    h.wait_count("[data-testid=migration-graph]", T, |n| n == 1)
        .await?;
    // The graph marks a phase of the main path as current while the migration runs.
    h.wait_count(
        "[data-testid=migration-graph] g[data-state=current]",
        T,
        |n| n == 1,
    )
    .await?;
    h.finish().await
}

// Quarantined (issue 31, the flaky e2e item): run beside the other tests of this file, the node
// page sometimes stays at "Loading…" (its node view and its alerts both unanswered) for over
// 60 s while the backend is idle; alone it passes in 5-10 s. Failed 3 of 6 runs here; the cause
// is not found yet. `cargo nextest run -p e2e --test migrations_nodes --run-ignored all`.
#[ignore = "flaky: the node page's fetches sometimes never answer (issue 31)"]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn node_pages_list_nodes_and_drain_impact() -> anyhow::Result<()> {
    let h = Harness::start("node_drain").await?;
    let (_, _, node) = h.migratable_vmi("");
    let (_, vmis) = h.sim.store().list(&sim::store::VMI, None);
    let on_node: Vec<String> = vmis
        .iter()
        .filter(|v| v["status"]["nodeName"] == node.as_str())
        .map(|v| {
            format!(
                "{}/{}",
                v["metadata"]["namespace"].as_str().unwrap(),
                v["metadata"]["name"].as_str().unwrap()
            )
        })
        .collect();
    assert!(!on_node.is_empty());

    h.browser.goto(&h.url("/nodes")).await?;
    h.wait_text("[data-testid=node-list]", T, |t| t.contains(&node))
        .await?;
    h.browser
        .find(Locator::Css(&format!(
            "[data-testid=node-list] a[href='/node/{node}']"
        )))
        .await?
        .click()
        .await?;
    let summary = h
        .wait_text("[data-testid=drain-summary]", T, |t| !t.is_empty())
        .await?;
    eprintln!("drain {node}: {summary}");
    // One row per VMI on the node, each with an action.
    h.wait_count("[data-testid=drain-table] tbody tr", T, |n| {
        n == on_node.len()
    })
    .await?;
    for key in &on_node {
        let action = h
            .browser
            .find(Locator::Css(&format!(
                "[data-testid=drain-table] tr[data-key='{key}']"
            )))
            .await?
            .attr("data-action")
            .await?;
        assert!(
            action.as_deref().is_some_and(|a| !a.is_empty()),
            "{key} has no drain action"
        );
    }
    h.finish().await
}

/// A running migration's row shows its progress from Prometheus (the simulator's query API in
/// the demo): a percent, data processed / remaining, and the transfer and dirty rates.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_migration_shows_its_progress() -> anyhow::Result<()> {
    let h = Harness::start("migrations_progress").await?;
    let (_, _, vmim) = h.migrate_quiet_vmi("", "long")?;
    h.browser.goto(&h.url("/migrations")).await?;
    let row = format!("[data-testid=migrations-table] tr:has(a[href*='mig={vmim}'])");
    let long = Duration::from_secs(45);
    let percent = h
        .wait_text(&format!("{row} [data-testid=mg-percent]"), long, |t| {
            t.ends_with('%')
        })
        .await?;
    let n: f64 = percent.trim_end_matches('%').parse()?;
    assert!((0.0..=100.0).contains(&n), "{percent}");
    let data = h
        .wait_text(&format!("{row} [data-testid=mg-data]"), T, |t| {
            t.contains("processed") && t.contains("remaining")
        })
        .await?;
    let rates = h
        .wait_text(&format!("{row} [data-testid=mg-rates]"), T, |t| {
            t.contains("transfer") && t.contains("/s")
        })
        .await?;
    eprintln!("progress: {percent} | {data} | {rates}");
    // The percent moves as the migration goes on (the page re-reads it while it runs).
    h.wait_text(&format!("{row} [data-testid=mg-percent]"), long, |t| {
        t != percent
    })
    .await?;
    h.screenshot_as("migrations_progress").await?;
    h.finish().await
}
