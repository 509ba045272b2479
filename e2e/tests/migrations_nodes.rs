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

    // Found and clicked in one step: the row re-renders as the migration progresses.
    h.click(&link_css).await?;
    h.wait_count("[data-testid=migration-graph]", T, |n| n == 1)
        .await?;
    let url = h.current_url().await?;
    assert!(
        url.contains(&format!("/vmi/{ns}/{name}")) && url.contains("tab=migrations"),
        "{url}"
    );
    // The graph marks a phase of the main path as current while the migration runs.
    h.wait_count(
        "[data-testid=migration-graph] g[data-state=current]",
        T,
        |n| n == 1,
    )
    .await?;
    h.finish().await
}

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
    // Found and clicked in one step: the list is read again every few seconds.
    h.click(&format!("[data-testid=node-list] a[href='/node/{node}']"))
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

/// What of the browser log says the page's wasm panicked (a panic aborts: the module traps, and
/// whatever it was doing is left half done).
fn panics(log: &[e2e::cdp::LogEntry]) -> Vec<String> {
    log.iter()
        .filter(|e| e.message.contains("panicked") || e.message.contains("RuntimeError"))
        .map(|e| e.message.chars().take(400).collect())
        .collect()
}

/// The node pages across navigations: the node list and a node's page, in turn with the pages
/// of the main app, several times over, and once left while the node page's reads are still
/// unanswered (a hung connection, answered afterwards). The views module that draws the node
/// pages never panics, and every visit of the node page loads.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn node_pages_load_across_navigations() -> anyhow::Result<()> {
    let h = Harness::start("node_navigations").await?;
    let (_, _, node) = h.migratable_vmi("");
    let node_link = format!("[data-testid=node-list] a[href='/node/{node}']");
    let nav = |href: &str| format!("nav.mainnav a[href='{href}']");
    h.browser.goto(&h.url("/nodes")).await?;
    for round in 0..3 {
        h.wait_text("[data-testid=node-list]", T, |t| t.contains(&node))
            .await?;
        h.click(&node_link).await?;
        h.wait_text("[data-testid=drain-summary]", T, |t| !t.is_empty())
            .await
            .map_err(|e| e.context(format!("round {round}: the node page")))?;
        let seen = panics(&h.browser_log().await?);
        assert!(seen.is_empty(), "round {round}: {seen:#?}");
        h.click(&nav("/")).await?;
        h.wait_count("article.vmi-card", T, |n| n > 0).await?;
        h.click(&nav("/nodes")).await?;
    }
    // Left while its reads hang: they are answered after the page is gone.
    h.wait_text("[data-testid=node-list]", T, |t| t.contains(&node))
        .await?;
    h.freeze();
    h.click(&node_link).await?;
    h.wait_count("[data-testid=node-page]", T, |n| n == 1)
        .await?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    h.click(&nav("/")).await?;
    h.wait_count("[data-testid=node-page]", T, |n| n == 0)
        .await?;
    h.backend_up();
    tokio::time::sleep(Duration::from_secs(2)).await;
    h.click(&nav("/nodes")).await?;
    h.wait_text("[data-testid=node-list]", T, |t| t.contains(&node))
        .await?;
    h.click(&node_link).await?;
    h.wait_text("[data-testid=drain-summary]", T, |t| !t.is_empty())
        .await
        .map_err(|e| e.context("the node page after one left unanswered"))?;
    let seen = panics(&h.browser_log().await?);
    assert!(seen.is_empty(), "after a page left unanswered: {seen:#?}");
    h.finish().await
}

/// A node page whose reads are never answered (a hung proxy) says so once the request's time
/// is up, in words of its own (not the browser's), with a "Retry", and loads once the backend
/// answers again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_page_without_answer_says_so_and_retries() -> anyhow::Result<()> {
    let h = Harness::start("node_timeout").await?;
    let (_, _, node) = h.migratable_vmi("");
    h.browser.goto(&h.url("/nodes")).await?;
    h.wait_text("[data-testid=node-list]", T, |t| t.contains(&node))
        .await?;
    h.freeze();
    h.click(&format!("[data-testid=node-list] a[href='/node/{node}']"))
        .await?;
    let failure = "[data-testid=node-page] [data-testid=failure][data-status=timeout]";
    // The request's time (`frontend::api::FETCH_TIMEOUT_MS`) and a margin.
    let text = h
        .wait_text(failure, Duration::from_secs(45), |t| !t.is_empty())
        .await?;
    assert!(text.contains("did not answer in time"), "{text}");
    for raw in ["Failed to fetch", "AbortError", "aborted", "signal"] {
        assert!(!text.contains(raw), "the browser's words shown: {text}");
    }
    // "Retry" asks again (while the proxy still hangs: once it answers, the page's own next
    // read may win the race with the click), and the page loads once the backend answers.
    h.click(&format!("{failure} button")).await?;
    h.backend_up();
    h.wait_text("[data-testid=drain-summary]", T, |t| !t.is_empty())
        .await?;
    let seen = panics(&h.browser_log().await?);
    assert!(seen.is_empty(), "{seen:#?}");
    h.finish().await
}
