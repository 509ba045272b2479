//! Wall mode: large type, counts, the problems, the age of the data, and a banner when the
//! stream is down; `?wall` on other pages.

use e2e::Harness;
use std::time::Duration;

const T: Duration = Duration::from_secs(10);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wall_shows_counts_problems_and_data_age() -> anyhow::Result<()> {
    let h = Harness::start("wall").await?;
    h.browser.goto(&h.url("/wall?rotate=5")).await?;
    h.wait_text("[data-testid=wall-age]", T, |t| t.contains('s'))
        .await?;
    // Chrome is hidden in wall mode, and the type is large.
    let hidden = h
        .browser
        .execute(
            "return getComputedStyle(document.querySelector('.topbar')).display === 'none' && document.documentElement.dataset.wall === 'on';",
            vec![],
        )
        .await?;
    assert_eq!(hidden, serde_json::Value::Bool(true));
    let px = h
        .browser
        .execute(
            "return parseFloat(getComputedStyle(document.querySelector('.wall-age')).fontSize);",
            vec![],
        )
        .await?;
    assert!(px.as_f64().unwrap_or(0.0) >= 40.0, "wall type is {px}px");
    // The demo's unschedulable VMI is listed with its layer and the model's headline, and the
    // rotation shows one problem large.
    // (The name stands beside the headline, which no longer repeats it.)
    h.wait_text("[data-testid=wall-list]", T, |t| {
        t.contains("ml/gpu-trainer\ncontrol plane broken — Launcher pod cannot be scheduled")
    })
    .await?;
    h.wait_text("[data-testid=wall-focus]", T, |t| !t.is_empty())
        .await?;
    assert_eq!(
        h.count("[data-testid=wall-stale]").await?,
        0,
        "fresh data is not stale"
    );
    h.screenshot_as("wall_live").await?;

    // The backend goes away: the banner appears and the data age grows.
    h.backend_down();
    h.wait_text("[data-testid=wall-stale]", T, |t| t.contains("STALE"))
        .await?;
    h.wait_text("[data-testid=wall-age]", T, |t| {
        t.contains("3s") || t.contains("4s")
    })
    .await?;
    h.screenshot_as("wall_stale").await?;
    // It comes back: the page reconnects by itself and the banner goes.
    h.backend_up();
    h.wait_count("[data-testid=wall-stale]", Duration::from_secs(20), |n| {
        n == 0
    })
    .await?;
    h.finish().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wall_query_on_the_overview() -> anyhow::Result<()> {
    let h = Harness::start("overview_wall_query").await?;
    h.browser.goto(&h.url("/?wall")).await?;
    h.wait_text("[data-testid=vmi-count]", T, |t| t != "0")
        .await?;
    let on = h
        .browser
        .execute(
            "return document.documentElement.dataset.wall === 'on';",
            vec![],
        )
        .await?;
    assert_eq!(on, serde_json::Value::Bool(true));
    // The larger type still fits: cards grow with it, nothing overlaps or is cut off.
    h.wait_count("article.vmi-card", T, |n| n > 0).await?;
    let bad = h
        .browser
        .execute(
            "const cards = [...document.querySelectorAll('article.vmi-card')];\n\
             const rows = [...document.querySelectorAll('.card-row')].map(r => r.getBoundingClientRect());\n\
             const overlap = rows.some((r, i) => i > 0 && r.top < rows[i - 1].bottom - 1);\n\
             const cut = cards.filter(c => c.querySelector('.card-headline').getBoundingClientRect().bottom > c.getBoundingClientRect().bottom + 1).map(c => c.dataset.key);\n\
             return { overlap, cut };",
            vec![],
        )
        .await?;
    assert_eq!(bad["overlap"], false, "rows overlap in wall mode");
    assert_eq!(
        bad["cut"],
        serde_json::json!([]),
        "cards cut off in wall mode"
    );
    h.finish().await
}
