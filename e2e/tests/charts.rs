//! The charts as a high-DPI screen shows them (issue 29, point 8): drawn at the device pixel
//! ratio (a canvas's backing store is its CSS size times the ratio), as wide as the page gives
//! them, and no caption with an empty unit ("CPU ()"). Tick values and label placement are pure
//! logic with unit tests in `frontend::components::charts::{ticks, marks}`.

use e2e::Harness;
use std::time::Duration;

const T: Duration = Duration::from_secs(40);

/// For every canvas `css` matches: `[backing width, CSS width (inside its border), width of its
/// figure]`, once
/// there are some and they are drawn: the last seen after `T` otherwise.
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

/// Counts the page's `ResizeObserver`s that watch something (constructed and observing, not
/// yet disconnected), injected before the app's scripts.
const OBSERVERS: &str = r#"
window.__observing = 0;
const Native = window.ResizeObserver;
window.ResizeObserver = class extends Native {
  observe(t, o) { if (!this.__on) { this.__on = true; window.__observing++; } return super.observe(t, o); }
  disconnect() { if (this.__on) { this.__on = false; window.__observing--; } return super.disconnect(); }
};
"#;

/// A redraw after a resize comes at the next frame: well within this, and well before the VMI
/// page's periodic refresh (`model::view::detail::REFRESH_SECS`) builds the charts anew.
const REDRAW: Duration = Duration::from_secs(5);

/// Waits up to `within` until every canvas `css` matches has a backing store of `ratio` × its
/// CSS width and `accept` takes the CSS widths; the canvases last seen otherwise (an error).
async fn wait_drawn(
    h: &Harness,
    css: &str,
    (ratio, within): (f64, Duration),
    accept: impl Fn(&[f64]) -> bool,
) -> anyhow::Result<Vec<[f64; 3]>> {
    let deadline = std::time::Instant::now() + within;
    loop {
        let seen = canvases_now(h, css).await?;
        let widths: Vec<f64> = seen.iter().map(|[_, c, _]| *c).collect();
        let drawn = seen.iter().all(|[b, c, _]| (b - ratio * c).abs() <= 2.0);
        if !seen.is_empty() && drawn && accept(&widths) {
            return Ok(seen);
        }
        anyhow::ensure!(
            std::time::Instant::now() < deadline,
            "canvases {css} at a ratio of {ratio}: [backing, css, figure] {seen:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn charts_redraw_when_the_window_or_the_pixel_ratio_changes() -> anyhow::Result<()> {
    let h = Harness::start("charts_resize").await?;
    h.cdp(
        "Page.addScriptToEvaluateOnNewDocument",
        serde_json::json!({ "source": OBSERVERS }),
    )
    .await?;
    let (ns, name, _) = h.migratable_vmi("");
    let css = "[data-testid=chart] canvas";
    h.viewport(1440, 900).await?;
    h.browser
        .goto(&h.url(&format!("/vmi/{ns}/{name}?tab=metrics&range=15m")))
        .await?;
    h.wait_count(css, T, |n| n >= 3).await?;
    let wide = wait_drawn(&h, css, (1.0, T), |_| true).await?;
    let before = wide[0][1];
    eprintln!("1440 px window [backing, css, figure]: {wide:?}");

    // A narrower window: each chart takes its new width and draws at it.
    h.viewport(900, 900).await?;
    let narrow = wait_drawn(&h, css, (1.0, REDRAW), |w| {
        w.iter().all(|c| *c < before - 100.0)
    })
    .await?;
    eprintln!("900 px window: {narrow:?}");

    // Zoomed in: twice the pixel ratio and a narrower page (Chromium's emulated ratio reaches
    // the page with a layout change; a ratio alone would wait for the next one).
    h.viewport_scaled(800, 900, 2.0).await?;
    let dense = wait_drawn(&h, css, (2.0, REDRAW), |w| {
        w.iter().all(|c| *c < narrow[0][1] - 50.0)
    })
    .await?;
    eprintln!("800 px window at a ratio of 2: {dense:?}");

    // One observer per chart on the page, none left behind by charts that went: leave the
    // tab and come back a few times inside the app.
    for _ in 0..3 {
        h.click("a[data-tab=diagnosis]").await?;
        h.wait_count(css, T, |n| n == 0).await?;
        h.click("a[data-tab=metrics]").await?;
        h.wait_count(css, T, |n| n >= 3).await?;
    }
    wait_drawn(&h, css, (2.0, T), |_| true).await?;
    let counted = h
        .browser
        .execute(
            "return [window.__observing, document.querySelectorAll('canvas').length];",
            vec![],
        )
        .await?;
    let [observing, canvases]: [u64; 2] = serde_json::from_value(counted)?;
    eprintln!("{observing} resize observers for {canvases} canvases");
    assert_eq!(observing, canvases, "one resize observer per canvas shown");
    h.finish().await
}

/// A VMI Prometheus has never seen running (its phase is not Running): its charts say there
/// are no samples instead of drawing empty axes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn charts_without_samples_say_so_instead_of_empty_axes() -> anyhow::Result<()> {
    let h = Harness::start("charts_no_samples").await?;
    let (_, vmis) = h.sim.store().list(&sim::store::VMI, None);
    let v = vmis
        .iter()
        .find(|v| {
            matches!(
                v["status"]["phase"].as_str(),
                Some("Pending" | "Scheduling" | "Scheduled" | "Failed")
            )
        })
        .expect("a VMI of the demo that does not run");
    let s = |p: &str| v.pointer(p).and_then(|x| x.as_str()).unwrap_or_default();
    let (ns, name) = (s("/metadata/namespace"), s("/metadata/name"));
    h.browser
        .goto(&h.url(&format!("/vmi/{ns}/{name}?tab=metrics&range=15m")))
        .await?;
    // Every domain chart is there, each with its note and no canvas: one look at the page, so
    // that what is counted is one state of it.
    let look = || async {
        let v = h
            .browser
            .execute(
                "return [document.querySelectorAll('[data-testid=chart][data-state=empty]').length,\n\
                   document.querySelectorAll('[data-testid=chart] canvas').length,\n\
                   [...document.querySelectorAll('[data-testid=chart-empty]')].map(p => p.innerText)];",
                vec![],
            )
            .await?;
        anyhow::Ok(serde_json::from_value::<(usize, usize, Vec<String>)>(v)?)
    };
    let deadline = std::time::Instant::now() + T;
    let (empty, canvases, notes) = loop {
        let seen = look().await?;
        if seen.0 == 5 || std::time::Instant::now() > deadline {
            break seen;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    eprintln!("{empty} empty charts, {canvases} canvases: {notes:?}");
    assert_eq!(empty, 5, "every domain chart says it is empty");
    assert_eq!(canvases, 0, "empty axes");
    assert_eq!(notes.len(), 5);
    assert!(
        notes.iter().all(|n| n.contains("no samples")),
        "each chart says it has no samples: {notes:?}"
    );
    h.finish().await
}

/// The page reads the VMI's diagnosis again on every change of it (and every half minute): the
/// header follows, the charts stay as they are (same elements, no "Loading…" in between, the
/// series a user switched off still off), where before each read rebuilt them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_diagnosis_keeps_the_charts_as_they_are() -> anyhow::Result<()> {
    let h = Harness::start("charts_kept").await?;
    let (ns, name, _) = h.migratable_vmi("");
    h.browser
        .goto(&h.url(&format!("/vmi/{ns}/{name}?tab=metrics&range=15m")))
        .await?;
    h.wait_count("[data-testid=chart] canvas", T, |n| n >= 3)
        .await?;
    h.wait_text("[data-testid=phase]", T, |t| t == "Running")
        .await?;
    // Mark every chart, and switch the first chart's first series off.
    h.browser
        .execute(
            "document.querySelectorAll('[data-testid=chart]').forEach(c => c.__kept = true);\n\
             document.querySelector('[data-testid=legend] button').click();",
            vec![],
        )
        .await?;
    assert!(h.sim.set_vmi_phase(&ns, &name, "Failed"));
    h.wait_text("[data-testid=phase]", T, |t| t == "Failed")
        .await?;
    let kept = h
        .browser
        .execute(
            "const charts = [...document.querySelectorAll('[data-testid=chart]')];\n\
             return [charts.length, charts.filter(c => c.__kept === true).length,\n\
               document.querySelector('[data-testid=legend] button')?.getAttribute('aria-pressed') ?? 'no chart'];",
            vec![],
        )
        .await?;
    let (charts, marked, pressed): (usize, usize, String) = serde_json::from_value(kept)?;
    eprintln!("{marked} of {charts} charts kept; first series pressed: {pressed}");
    assert!(charts >= 3, "the charts are still there");
    assert_eq!(marked, charts, "the new diagnosis rebuilt the charts");
    assert_eq!(pressed, "false", "the series switched off came back on");
    h.finish().await
}
