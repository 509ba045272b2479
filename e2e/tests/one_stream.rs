//! One push stream per tab: the views module (the deferred views, see `frontend::deferred`)
//! opens no stream of its own but is fed the main app's, so the backend's own count of open
//! streams (`strata_connected_clients`) stays at one while a tab shows deferred views, through
//! in-app navigation and a backend outage; and the deferred views still follow the stream (a
//! migration started in the cluster appears on the migrations page).

use e2e::Harness;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

const T: Duration = Duration::from_secs(20);

/// Open streams as the backend counts them.
fn streams(h: &Harness) -> i64 {
    h.console.metrics.connected_clients.load(Ordering::Relaxed)
}

/// Waits until the backend counts exactly one open stream, then checks it stays one for a
/// while (a closed stream may take a moment to be noticed; a second one would stay open).
async fn one_stream(h: &Harness, what: &str) -> anyhow::Result<()> {
    let deadline = Instant::now() + Duration::from_secs(30);
    while streams(h) != 1 {
        anyhow::ensure!(
            Instant::now() < deadline,
            "{what}: {} streams open for one tab",
            streams(h)
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    for _ in 0..20 {
        tokio::time::sleep(Duration::from_millis(200)).await;
        anyhow::ensure!(
            streams(h) == 1,
            "{what}: {} streams open for one tab",
            streams(h)
        );
    }
    Ok(())
}

/// Waits until the deferred view `kind` is mounted.
async fn deferred_ready(h: &Harness, kind: &str) -> anyhow::Result<()> {
    h.wait_count(
        &format!("[data-deferred={kind}][data-state=ready]"),
        T,
        |n| n >= 1,
    )
    .await?;
    Ok(())
}

/// A migration of a quiet VMI of the demo; answers the CSS of its row's link.
fn start_migration(h: &Harness, except: &str) -> anyhow::Result<(String, String)> {
    let (_, name, vmim) = h.migrate_quiet_vmi(except, "long")?;
    Ok((
        name,
        format!("[data-testid=migrations-table] a[href*='mig={vmim}']"),
    ))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tab_with_deferred_views_holds_one_stream() -> anyhow::Result<()> {
    let h = Harness::start("one_stream").await?;
    h.browser.goto(&h.url("/migrations")).await?;
    deferred_ready(&h, "page").await?;
    // The module's views wait for its stream's first snapshot: the table shows once it came.
    h.wait_count("[data-testid=migrations-table]", T, |n| n == 1)
        .await?;
    one_stream(&h, "the migrations page").await?;

    // The page re-reads the migrations when the stream says a VMI changed.
    let (first, link) = start_migration(&h, "")?;
    h.wait_count(&link, T, |n| n == 1).await?;

    // To the VMI's migrations tab and its timeline (more deferred views), in the same document.
    h.click(&link).await?;
    deferred_ready(&h, "migration-history").await?;
    deferred_ready(&h, "timeline").await?;
    h.wait_count("[data-testid=migration-graph]", T, |n| n == 1)
        .await?;
    one_stream(&h, "the VMI page").await?;
    h.screenshot_as("one_stream_vmi").await?;

    // The backend goes away and comes back: the tab reconnects with one stream, and the views
    // module follows the new one.
    h.backend_down();
    tokio::time::sleep(Duration::from_secs(2)).await;
    h.backend_up();
    h.wait_text("[data-testid=connection]", T, |t| !t.is_empty())
        .await?;
    h.wait_count("[data-testid=connection][data-state=Live]", T, |n| n == 1)
        .await?;
    h.click("nav.mainnav a[href='/migrations']").await?;
    deferred_ready(&h, "page").await?;
    let (_, link) = start_migration(&h, &first)?;
    h.wait_count(&link, T, |n| n == 1).await?;
    one_stream(&h, "after the backend came back").await?;
    h.screenshot_as("one_stream_migrations").await?;
    h.finish().await
}
