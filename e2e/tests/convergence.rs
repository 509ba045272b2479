//! The convergence chart on the VMI page's migration detail: a pre-copy whose guest dirties
//! memory faster than it is sent shows the not-converging stretch and the switch to PostCopy,
//! drawn from the simulator's Prometheus range data and updated while it runs; without
//! Prometheus it says so and still draws the phase marks. Once it ended, the chart still shows
//! the whole course (the pre-copy, then the data remaining falling to nothing in post-copy). The
//! migrations page opens one row's chart under it. And the launcher pods table of a failed VMI
//! lists its pod.

use e2e::Harness;
use std::time::Duration;

const T: Duration = Duration::from_secs(40);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_migration_that_does_not_converge_is_drawn_live() -> anyhow::Result<()> {
    let h = Harness::start("convergence").await?;
    let (ns, name, vmim) = h.migrate_quiet_vmi("", "precopy-to-postcopy")?;
    h.browser
        .goto(&h.url(&format!("/vmi/{ns}/{name}?tab=migrations&mig={vmim}")))
        .await?;
    let chart = format!("[data-testid=convergence][data-migration='{vmim}']");
    h.wait_count(&format!("{chart}[data-state=data]"), T, |n| n == 1)
        .await?;
    let first = h.inked(&format!("{chart} canvas")).await?;
    assert!(
        first > 1000,
        "the convergence chart is blank ({first} pixels)"
    );
    // It updates while the migration runs: the drawing changes.
    let deadline = std::time::Instant::now() + T;
    loop {
        tokio::time::sleep(Duration::from_secs(2)).await;
        let now = h.inked(&format!("{chart} canvas")).await?;
        if now != first {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the chart did not change while the migration ran"
        );
    }
    // The switch to PostCopy comes after 25 s of the simulator's clock.
    h.wait_count(
        "[data-testid=migration-graph] .mg-mode[data-mode=PostCopy]",
        T,
        |n| n == 1,
    )
    .await?;
    tokio::time::sleep(Duration::from_secs(6)).await;
    h.scroll_to(&chart).await?;
    h.screenshot_as("convergence_postcopy").await?;
    // Once it succeeded the chart is drawn again from the whole range: the course the range
    // data kept, past the switch to PostCopy.
    h.wait_count(
        "[data-testid=migration-graph] g[data-phase=Succeeded][data-state=passed]",
        Duration::from_secs(60),
        |n| n == 1,
    )
    .await?;
    h.wait_count(&format!("{chart}[data-state=data]"), T, |n| n == 1)
        .await?;
    tokio::time::sleep(Duration::from_secs(1)).await;
    h.scroll_to(&chart).await?;
    h.screenshot_as("convergence_not_converging").await?;

    // The domain-stat charts: the crosshair shows every series' value at the hovered time.
    h.browser
        .goto(&h.url(&format!("/vmi/{ns}/{name}?tab=metrics&range=15m")))
        .await?;
    h.wait_count(".charts figure:nth-of-type(5) canvas", T, |n| n == 1)
        .await?;
    let readout = "[data-testid=chart]:has(canvas) [data-testid=chart-readout]";
    // Hover the first chart's canvas, found and hovered in one step in the page; a refresh
    // that rebuilds the charts between the hover and the read drops the readout, so hover
    // again until it shows.
    let at = {
        let deadline = std::time::Instant::now() + T;
        loop {
            h.on_element(
                "[data-testid=chart] canvas",
                "const r = el.getBoundingClientRect();\n\
                 el.dispatchEvent(new MouseEvent('mousemove', { clientX: r.left + r.width * 0.55, clientY: r.top + r.height / 2, bubbles: true }));",
                "",
            )
            .await?;
            match h
                .wait_text(readout, Duration::from_secs(2), |t| t.contains("min"))
                .await
            {
                Ok(at) => break at,
                Err(e) if std::time::Instant::now() > deadline => return Err(e),
                Err(_) => continue,
            }
        }
    };
    let values = h
        .wait_text(
            "[data-testid=chart]:has(canvas) [data-testid=legend]",
            T,
            |t| !t.is_empty(),
        )
        .await?;
    eprintln!("crosshair at {at}: {values}");
    assert!(
        !values.contains("—"),
        "a series has no value at {at}: {values}"
    );
    h.scroll_to(".ranges").await?;
    h.screenshot_as("charts_crosshair").await?;
    h.finish().await
}

/// Clicks the chart button of `row` from the page (a refresh may rebuild the row between a
/// webdriver find and its click).
async fn toggle(h: &Harness, row: &str) -> anyhow::Result<()> {
    h.browser
        .execute(
            "document.querySelector(arguments[0]).click();",
            vec![format!("{row} [data-testid=mg-chart-toggle]").into()],
        )
        .await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_migrations_page_opens_one_rows_convergence_chart() -> anyhow::Result<()> {
    let h = Harness::start("migrations_convergence").await?;
    let (_, _, vmim) = h.migrate_quiet_vmi("", "precopy-to-postcopy")?;
    h.browser.goto(&h.url("/migrations")).await?;
    let row = format!("[data-testid=migrations-table] tr[data-migration='{vmim}']");
    h.wait_count(&row, T, |n| n == 1).await?;
    // No row's chart is drawn (nor its series asked) until the row is opened.
    assert_eq!(h.count("[data-testid=convergence]").await?, 0);
    toggle(&h, &row).await?;
    let chart = "[data-testid=mg-chart-row] [data-testid=convergence]";
    h.wait_count(
        &format!("{chart}[data-migration='{vmim}'][data-state=data]"),
        T,
        |n| n == 1,
    )
    .await?;
    assert_eq!(
        h.count("[data-testid=convergence]").await?,
        1,
        "one chart open"
    );
    let url = h.current_url().await?;
    assert!(url.contains(&format!("chart={vmim}")), "{url}");
    let expanded = h
        .browser
        .execute(
            "return document.querySelector(arguments[0]).getAttribute('aria-expanded');",
            vec![format!("{row} [data-testid=mg-chart-toggle]").into()],
        )
        .await?;
    assert_eq!(expanded, serde_json::json!("true"));
    // The line sits right under its row, and the page's refreshes (every 5 s while a migration
    // runs) keep the chart rather than build it again while the migration's course stays (in
    // Running, before the switch to PostCopy 25 s later).
    h.wait_text(&format!("{row} [data-testid=mg-phase]"), T, |t| {
        t == "Running"
    })
    .await?;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let placed = h
        .browser
        .execute(
            "const r = document.querySelector(arguments[0]); const f = document.querySelector(arguments[1]);\n\
             f.dataset.witness = 'kept'; return r.nextElementSibling && r.nextElementSibling.dataset.testid;",
            vec![row.clone().into(), chart.into()],
        )
        .await?;
    assert_eq!(placed, serde_json::json!("mg-chart-row"));
    let first = h.inked(&format!("{chart} canvas")).await?;
    assert!(first > 1000, "the chart is blank ({first} pixels)");
    tokio::time::sleep(Duration::from_secs(12)).await;
    assert_eq!(
        h.count(&format!("{chart}[data-witness=kept]")).await?,
        1,
        "a refresh built the chart again"
    );
    h.scroll_to(&row).await?;
    h.screenshot_as("migrations_chart_open").await?;
    // Closed again: no chart, no parameter.
    toggle(&h, &row).await?;
    h.wait_count("[data-testid=convergence]", T, |n| n == 0)
        .await?;
    assert!(!h.current_url().await?.contains("chart="));
    h.finish().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_prometheus_the_convergence_chart_says_so_and_draws_the_phases()
-> anyhow::Result<()> {
    let sim = sim::Sim::start_demo().await?;
    let h = Harness::start_opts("convergence_no_prometheus", sim, false).await?;
    let (ns, name, vmim) = h.migrate_quiet_vmi("", "long")?;
    h.browser
        .goto(&h.url(&format!("/vmi/{ns}/{name}?tab=migrations&mig={vmim}")))
        .await?;
    let chart = format!("[data-testid=convergence][data-migration='{vmim}']");
    h.wait_count(&format!("{chart}[data-state=no-prometheus]"), T, |n| n == 1)
        .await?;
    let note = h
        .wait_text(&format!("{chart} [data-testid=cv-note]"), T, |t| {
            !t.is_empty()
        })
        .await?;
    assert!(note.contains("Prometheus"), "{note}");
    assert!(h.inked(&format!("{chart} canvas")).await? > 500);
    h.finish().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_vmi_lists_its_launcher_pod() -> anyhow::Result<()> {
    let h = Harness::start("pods_of_a_failed_vmi").await?;
    let (ns, name, _) = h.migratable_vmi("");
    let (_, vmis) = h.sim.store().list(&sim::store::VMI, None);
    let uid = vmis
        .iter()
        .find(|v| {
            v["metadata"]["name"] == name.as_str() && v["metadata"]["namespace"] == ns.as_str()
        })
        .and_then(|v| v["metadata"]["uid"].as_str().map(str::to_string))
        .expect("the VMI's uid");
    let (_, pods) = h.sim.store().list(&sim::store::POD, None);
    let pod = pods
        .iter()
        .find(|p| p["metadata"]["labels"]["kubevirt.io/created-by"] == uid.as_str())
        .and_then(|p| p["metadata"]["name"].as_str().map(str::to_string))
        .expect("its launcher pod");
    assert!(h.sim.set_vmi_phase(&ns, &name, "Failed"));
    h.browser.goto(&h.url(&format!("/vmi/{ns}/{name}"))).await?;
    h.wait_text("[data-testid=phase]", T, |t| t == "Failed")
        .await?;
    let table = h
        .wait_text("[data-testid=pods]", T, |t| t.contains(&pod))
        .await?;
    eprintln!("{table}");
    let role = h
        .browser
        .execute(
            "const r = [...document.querySelectorAll('[data-testid=pods] tbody tr')].find(r => r.textContent.includes(arguments[0])); return r ? r.dataset.role : null;",
            vec![pod.clone().into()],
        )
        .await?;
    assert!(
        matches!(role.as_str(), Some("current" | "finished")),
        "{role:?}"
    );
    h.scroll_to("[data-testid=pods]").await?;
    h.finish().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_charts_eta_follows_the_data_as_it_arrives() -> anyhow::Result<()> {
    let h = Harness::start("convergence_eta_live").await?;
    // A pre-copy that converges slowly: its ETA shrinks as the data remaining does.
    let (_, _, vmim) = h.migrate_quiet_vmi("", "long")?;
    h.browser
        .goto(&h.url(&format!("/migrations?chart={vmim}")))
        .await?;
    let chart =
        format!("[data-testid=mg-chart-row] [data-testid=convergence][data-migration='{vmim}']");
    let eta = format!("{chart} [data-testid=cv-eta]");
    let first = h.wait_text(&eta, T, |t| !t.is_empty()).await?;
    // The same chart (not one built again with a newer report) shows a new ETA.
    h.browser
        .execute(
            "document.querySelector(arguments[0]).dataset.witness = 'kept';",
            vec![chart.clone().into()],
        )
        .await?;
    let later = h
        .wait_text(&eta, T, |t| !t.is_empty() && t != first)
        .await?;
    eprintln!("ETA {first} then {later}");
    assert_eq!(
        h.count(&format!("{chart}[data-witness=kept]")).await?,
        1,
        "the chart was built again"
    );
    h.finish().await
}
