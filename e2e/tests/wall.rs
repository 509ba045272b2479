//! Wall mode: large type, counts, the problems, the age of the data, and a banner when the
//! stream is down; the convergence chart of a live migration in large type; `?wall` on other
//! pages.

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

/// A running, live-migratable VMI of the demo that is not migrating: `(namespace, name)`.
fn migratable(h: &Harness) -> (String, String) {
    let (_, vmis) = h.sim.store().list(&sim::store::VMI, None);
    let v = vmis
        .iter()
        .find(|v| {
            let conds = v["status"]["conditions"].as_array();
            v["status"]["phase"] == "Running"
                && v["status"]["migrationState"].is_null()
                && conds.is_some_and(|c| {
                    c.iter()
                        .any(|c| c["type"] == "LiveMigratable" && c["status"] == "True")
                        && !c
                            .iter()
                            .any(|c| c["type"] == "Paused" && c["status"] == "True")
                })
        })
        .expect("a live-migratable VMI in the demo");
    let s = |p: &serde_json::Value| p.as_str().unwrap_or_default().to_string();
    (s(&v["metadata"]["namespace"]), s(&v["metadata"]["name"]))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wall_draws_a_live_migrations_convergence_in_large_type() -> anyhow::Result<()> {
    let h = Harness::start("wall_convergence").await?;
    h.browser.goto(&h.url("/wall")).await?;
    h.wait_count("[data-testid=wall]", T, |n| n == 1).await?;
    let (ns, name) = migratable(&h);
    h.sim
        .migrate(&ns, &name, "long")
        .map_err(anyhow::Error::msg)?;
    // The newest migration in progress: this one, or one of the demo's that started later.
    let chart =
        "[data-testid=wall-migration] [data-testid=convergence].convergence-large[data-state=data]";
    let drawn = h
        .wait_count(chart, Duration::from_secs(60), |n| n == 1)
        .await;
    if drawn.is_err() {
        h.screenshot_as("wall_convergence").await?;
        let got = h
            .browser
            .execute(
                "const m = document.querySelector('[data-testid=wall-migration]'); return [m ? m.outerHTML.slice(0, 600) : 'no wall-migration', performance.getEntriesByType('resource').filter(e => e.name.includes('/api/')).map(e => e.name.split('/api/')[1] + ' ' + e.responseStatus)];",
                vec![],
            )
            .await?;
        eprintln!("{got}");
    }
    drawn?;
    let size = h
        .browser
        .execute(
            "const c = document.querySelector(arguments[0] + ' canvas');\n\
             const f = parseFloat(getComputedStyle(document.querySelector(arguments[0] + ' figcaption')).fontSize);\n\
             return [c.width, c.getBoundingClientRect().width > 800, f, document.querySelector(arguments[0]).dataset.migration];",
            vec![chart.into()],
        )
        .await?;
    assert_eq!(size[0], 1400, "{size}");
    assert_eq!(size[1], true, "the chart is drawn large: {size}");
    assert!(
        size[2].as_f64().unwrap_or(0.0) >= 30.0,
        "caption type {size}"
    );
    let vmim = size[3].as_str().unwrap_or_default().to_string();
    let who = h
        .wait_text("[data-testid=wall-migration] .wall-name", T, |t| {
            t.contains(&vmim)
        })
        .await?;
    assert!(who.contains('/'), "{who}");
    assert_eq!(h.count("[data-testid=wall-migration]").await?, 1);
    h.scroll_to("[data-testid=wall-migration]").await?;
    h.screenshot_as("wall_convergence").await?;
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
