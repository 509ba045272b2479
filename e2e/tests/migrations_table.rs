//! The migrations table as an operator reads it (issue 29, point 9): a row's source → target on
//! one line, "unknown" and why when progress is not known (no empty cell, no 0 % bar), the
//! Duration column on screen with a chart open, and on a 390×844 phone more than the name.

use e2e::Harness;
use std::time::Duration;

const T: Duration = Duration::from_secs(30);

/// How many lines the text of the first element matching `css` takes (distinct line boxes).
async fn lines(h: &Harness, css: &str) -> anyhow::Result<usize> {
    let n = h
        .browser
        .execute(
            "const el = document.querySelector(arguments[0]); if (!el) return -1;\n\
             const r = document.createRange(); r.selectNodeContents(el);\n\
             const tops = new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top)));\n\
             return tops.size;",
            vec![css.into()],
        )
        .await?;
    Ok(n.as_i64().unwrap_or(-1).max(0) as usize)
}

/// Whether the first element matching `css` is shown and lies horizontally inside the viewport.
async fn on_screen(h: &Harness, css: &str) -> anyhow::Result<bool> {
    let v = h
        .browser
        .execute(
            "const el = document.querySelector(arguments[0]); if (!el) return false;\n\
             const b = el.getBoundingClientRect();\n\
             return b.width > 0 && b.height > 0 && b.left >= 0 && b.right <= document.documentElement.clientWidth + 1;",
            vec![css.into()],
        )
        .await?;
    Ok(v.as_bool() == Some(true))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_migrations_table_reads_on_a_desktop_and_a_phone() -> anyhow::Result<()> {
    let h = Harness::start("migrations_table").await?;
    let (ns, vmi, vmim) = h.migrate_quiet_vmi("", "long")?;
    h.viewport(1440, 900).await?;
    // Its overview card: a percent with its bar, or "progress unknown"; never a 0 % bar
    // with "…".
    h.browser.goto(&h.url(&format!("/?q={vmi}"))).await?;
    let card = h
        .wait_text("article.vmi-card [data-testid=migration]", T, |t| {
            !t.is_empty()
        })
        .await?;
    eprintln!("card migration: {card}");
    let bars = h
        .count("article.vmi-card [data-testid=migration] progress")
        .await?;
    assert!(!card.contains('…'), "{card}");
    assert!(
        (bars == 1 && card.contains('%')) || (bars == 0 && card.contains("progress unknown")),
        "{card} ({bars} bars)"
    );
    h.browser.goto(&h.url("/migrations")).await?;
    let row = format!("[data-testid=migrations-table] tr[data-migration='{vmim}']");
    h.wait_count(&row, T, |n| n == 1).await?;
    // Some row's nodes are known ("a → b" with both named): they sit on one line.
    let nodes = format!("{row} [data-testid=mg-nodes]");
    h.wait_text(&nodes, T, |t| !t.contains('?')).await?;
    h.screenshot_as("migrations_1440x900").await?;
    let n = lines(&h, &nodes).await?;
    assert_eq!(n, 1, "source → target takes {n} lines");

    // A row whose progress is not known says "unknown" and why; no row shows an empty
    // progress cell.
    let cells = h
        .browser
        .execute(
            "return [...document.querySelectorAll('[data-testid=mg-progress]')].map(c => c.innerText.trim());",
            vec![],
        )
        .await?;
    let cells: Vec<String> = serde_json::from_value(cells)?;
    eprintln!("progress cells: {cells:?}");
    assert!(
        cells.iter().all(|c| !c.is_empty()),
        "an empty progress cell: {cells:?}"
    );
    let unknown = h.count("[data-testid=mg-progress-unknown]").await?;
    assert!(
        unknown > 0,
        "no row says its progress is unknown: {cells:?}"
    );
    let why = h
        .wait_text("[data-testid=mg-progress-unknown]", T, |t| {
            t.starts_with("unknown") && t.len() > "unknown".len() + 5
        })
        .await?;
    eprintln!("unknown progress: {why}");

    // Opening a chart keeps the Duration column on screen.
    h.click(&format!("{row} [data-testid=mg-chart-toggle]"))
        .await?;
    h.wait_count("[data-testid=mg-chart-row]", T, |n| n == 1)
        .await?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    h.screenshot_as("migrations_chart_1440x900").await?;
    assert!(
        on_screen(&h, "[data-testid=migrations-table] thead th:last-child").await?,
        "the Duration header is pushed off-screen by the open chart"
    );
    assert!(
        on_screen(&h, &format!("{row} [data-testid=mg-duration]")).await?,
        "the row's duration is pushed off-screen by the open chart"
    );

    // The VMI page's migrations tab says the same: a figure, or "complete", or "unknown" and
    // why; no empty cell.
    h.browser
        .goto(&h.url(&format!("/vmi/{ns}/{vmi}?tab=migrations&mig={vmim}")))
        .await?;
    let cell = h
        .wait_text(
            "[data-testid=migrations] [data-testid=mg-progress-cell]",
            T,
            |t| !t.trim().is_empty(),
        )
        .await?;
    eprintln!("VMI page progress: {cell}");
    // This page does not ask Prometheus for it: it does not blame Prometheus.
    assert!(!cell.contains("Prometheus"), "{cell}");

    // A phone shows the name, the phase or outcome, and the progress or the duration.
    h.browser.goto(&h.url("/migrations")).await?;
    h.wait_count(&row, T, |n| n == 1).await?;
    h.viewport(390, 844).await?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    h.scroll_to("[data-testid=migrations-table]").await?;
    h.screenshot_as("migrations_390x844").await?;
    let name = on_screen(&h, &format!("{row} th[scope=row] a")).await?;
    let phase = on_screen(&h, &format!("{row} [data-testid=mg-phase]")).await?
        || on_screen(&h, &format!("{row} [data-testid=mg-outcome]")).await?;
    let progress = on_screen(&h, &format!("{row} [data-testid=mg-progress]")).await?
        || on_screen(&h, &format!("{row} [data-testid=mg-duration]")).await?;
    assert!(
        name && phase && progress,
        "on a phone: name {name}, phase/outcome {phase}, progress/duration {progress}"
    );
    let serious = h.axe_serious().await?;
    assert!(serious.is_empty(), "axe: {serious:?}");
    h.finish().await
}
