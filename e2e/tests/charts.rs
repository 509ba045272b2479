//! The charts as a high-DPI screen shows them (issue 29, point 8): drawn at the device pixel
//! ratio (a canvas's backing store is its CSS size times the ratio), as wide as the page gives
//! them, and no caption with an empty unit ("CPU ()"). Tick values and label placement are pure
//! logic with unit tests in `frontend::components::charts::{ticks, marks}`.

use e2e::Harness;
use std::time::Duration;

const T: Duration = Duration::from_secs(40);

/// For every canvas `css` matches: `[backing width, CSS width (inside its border), width of its
/// figure]`, once
/// there are some and they are drawn (the metrics tab rebuilds its charts on each refresh,
/// showing "Loading…" in between): the last seen after `T` otherwise.
async fn canvases(h: &Harness, css: &str) -> anyhow::Result<Vec<[f64; 3]>> {
    let deadline = std::time::Instant::now() + T;
    loop {
        let seen = canvases_now(h, css).await?;
        let drawn = seen.iter().all(|[b, c, _]| (b - 2.0 * c).abs() <= 2.0);
        if (!seen.is_empty() && drawn) || std::time::Instant::now() > deadline {
            return Ok(seen);
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

async fn canvases_now(h: &Harness, css: &str) -> anyhow::Result<Vec<[f64; 3]>> {
    let v = h
        .browser
        .execute(
            "return [...document.querySelectorAll(arguments[0])]\n\
               .map(c => [c.width, c.clientWidth, c.closest('figure').clientWidth]);",
            vec![css.into()],
        )
        .await?;
    Ok(serde_json::from_value(v)?)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn charts_are_crisp_at_the_device_pixel_ratio_and_use_their_width() -> anyhow::Result<()> {
    let h = Harness::start("charts_hidpi").await?;
    let (ns, name, vmim) = h.migrate_quiet_vmi("", "precopy-to-postcopy")?;
    // The domain charts of a VMI that does not migrate (a migrating VMI's page rebuilds them).
    let (qns, quiet, _) = h.migratable_vmi(&name);
    let metrics = h.url(&format!("/vmi/{qns}/{quiet}?tab=metrics&range=15m"));
    h.viewport_scaled(1440, 900, 2.0).await?;
    h.browser.goto(&metrics).await?;
    h.wait_count("[data-testid=chart] canvas", T, |n| n >= 3)
        .await?;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let metric = canvases(&h, "[data-testid=chart] canvas").await?;
    eprintln!("metric charts [backing, css, figure]: {metric:?}");
    assert!(!metric.is_empty());
    for [backing, css, figure] in &metric {
        assert!(
            (backing - 2.0 * css).abs() <= 2.0,
            "a canvas {css} CSS pixels wide has {backing} pixels at a ratio of 2"
        );
        assert!(
            *css >= 0.6 * figure,
            "a chart uses {css} of the {figure} pixels it is given"
        );
    }
    let captions = h
        .browser
        .execute(
            "return [...document.querySelectorAll('[data-testid=chart] figcaption')].map(f => f.innerText);",
            vec![],
        )
        .await?;
    let captions: Vec<String> = serde_json::from_value(captions)?;
    assert!(
        captions.iter().all(|c| !c.contains("()")),
        "a caption with an empty unit: {captions:?}"
    );

    // The convergence chart too.
    h.browser
        .goto(&h.url(&format!("/vmi/{ns}/{name}?tab=migrations&mig={vmim}")))
        .await?;
    let chart = format!("[data-testid=convergence][data-migration='{vmim}']");
    h.wait_count(&format!("{chart}[data-state=data]"), T, |n| n == 1)
        .await?;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let cv = canvases(&h, &format!("{chart} canvas")).await?;
    eprintln!("convergence [backing, css, figure]: {cv:?}");
    let [backing, css, _] = cv.first().copied().expect("the convergence canvas");
    assert!(
        (backing - 2.0 * css).abs() <= 2.0,
        "the convergence canvas: {css} CSS pixels, {backing} pixels"
    );

    // What a person sees, at a ratio of 1 (the README's pictures) and on a phone.
    for (w, ht, tag) in [(1440, 900, "1440x900"), (390, 844, "390x844")] {
        h.viewport(w, ht).await?;
        h.browser.refresh().await?;
        h.wait_count(&format!("{chart}[data-state=data]"), T, |n| n == 1)
            .await?;
        tokio::time::sleep(Duration::from_secs(1)).await;
        h.scroll_to(&chart).await?;
        h.screenshot_as(&format!("convergence_{tag}")).await?;
        h.browser.goto(&metrics).await?;
        h.wait_count("[data-testid=chart] canvas", T, |n| n >= 3)
            .await?;
        tokio::time::sleep(Duration::from_secs(1)).await;
        h.scroll_to(".ranges").await?;
        h.screenshot_as(&format!("charts_{tag}")).await?;
        h.browser
            .goto(&h.url(&format!("/vmi/{ns}/{name}?tab=migrations&mig={vmim}")))
            .await?;
    }
    h.finish().await
}
