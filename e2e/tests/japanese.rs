//! A Japanese page says no English sentence (issue 29, point 7): with the language switched to
//! Japanese, the overview, a VMI page with findings, the wall, the migrations page and the paste
//! page hold no run of four or more ASCII words outside quoted data
//! (`model::i18n::english_sentences`, the same rule the model's corpus test counts by).
//!
//! Quoted data stays verbatim by design and is recognised by its shape, not its words: what a
//! page shows in `code`, `pre`, `kbd`, `samp` or `q` elements (evidence lines, commands, a
//! component's own message), text in quotes, backticks or 「」, a `<placeholder>`, and a
//! command line. Each page is also checked to be Japanese at all (its headline or title holds
//! Japanese), so an untranslated page cannot pass by showing nothing, and saved as a screenshot
//! (`<page>-ja.png`). Short texts the sentence rule cannot see are checked by name: the VMI
//! page's chart titles, units and series names, and the wall's convergence legend.

use e2e::Harness;
use std::time::Duration;

const DUMP: &str = include_str!("fixtures/failed-migration.yaml");
const T: Duration = Duration::from_secs(20);

/// The text of every element (its own text nodes, joined) outside quoted-data elements.
const TEXTS_JS: &str = "\
    const skip = 'code, pre, kbd, samp, q, script, style, noscript, svg, canvas';\n\
    const own = new Map();\n\
    const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);\n\
    for (let n = w.nextNode(); n; n = w.nextNode()) {\n\
      const p = n.parentElement;\n\
      if (!p || p.closest(skip)) continue;\n\
      own.set(p, (own.get(p) || '') + n.textContent);\n\
    }\n\
    return [...own.values()].map(t => t.replace(/\\s+/g, ' ').trim()).filter(t => t);";

/// The English sentences the page shows, each with the element text it was found in.
async fn english(h: &Harness, label: &str, found: &mut Vec<String>) -> anyhow::Result<bool> {
    let texts: Vec<String> = serde_json::from_value(h.browser.execute(TEXTS_JS, vec![]).await?)?;
    let japanese = texts
        .iter()
        .any(|t| t.chars().any(|c| ('\u{3040}'..='\u{30ff}').contains(&c)));
    for t in &texts {
        for s in model::i18n::english_sentences(t) {
            found.push(format!("{label}: {s:?} in {t:?}"));
        }
    }
    Ok(japanese)
}

/// Waits until the page at hand is Japanese and says no English sentence (the stream's snapshot
/// and the page's fetches in Japanese land after the first paint), or `T` passes: then what it
/// still says in English is recorded. Whether the page was Japanese at all is returned.
async fn settle(h: &Harness, label: &str, found: &mut Vec<String>) -> anyhow::Result<bool> {
    let deadline = std::time::Instant::now() + T;
    loop {
        let mut now = Vec::new();
        let japanese = english(h, label, &mut now).await?;
        if (japanese && now.is_empty()) || std::time::Instant::now() > deadline {
            found.extend(now);
            return Ok(japanese);
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

/// The trimmed text of every element `css` selects.
async fn texts(h: &Harness, css: &str) -> anyhow::Result<Vec<String>> {
    Ok(serde_json::from_value(
        h.browser
            .execute(
                "return [...document.querySelectorAll(arguments[0])].map(e => e.textContent.trim());",
                vec![css.into()],
            )
            .await?,
    )?)
}

async fn page(
    h: &Harness,
    path: &str,
    ready: &str,
    shot: &str,
    found: &mut Vec<String>,
) -> anyhow::Result<()> {
    h.browser.goto(&h.url(path)).await?;
    h.wait_count(ready, T, |n| n > 0).await?;
    let japanese = settle(h, path, found).await?;
    assert!(japanese, "{path}: no Japanese on the page");
    h.screenshot_as(shot).await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_japanese_page_says_no_english_sentence() -> anyhow::Result<()> {
    let h = Harness::start("japanese").await?;
    h.viewport(1440, 900).await?;
    h.browser.goto(&h.url("/")).await?;
    h.browser
        .execute("localStorage.setItem('strata.lang', 'ja');", vec![])
        .await?;
    let mut found = Vec::new();
    page(&h, "/", "article.vmi-card", "overview-ja", &mut found).await?;
    // A VMI with findings: the worst first.
    let card = "article.vmi-card[data-verdict=broken] a.name";
    h.wait_count(card, T, |n| n > 0).await?;
    let href: String = serde_json::from_value(
        h.browser
            .execute(
                "return document.querySelector(arguments[0]).getAttribute('href');",
                vec![card.into()],
            )
            .await?,
    )?;
    page(
        &h,
        &href,
        "[data-testid=layers] .layer",
        "vmi-ja",
        &mut found,
    )
    .await?;
    // The charts' titles on its metrics tab (short, so the sentence rule above does not see
    // them) are Japanese too.
    h.browser
        .goto(&h.url(&format!("{href}?tab=metrics")))
        .await?;
    h.wait_count("figure.chart figcaption strong", T * 2, |n| n > 0)
        .await?;
    let titles = texts(&h, "figure.chart figcaption strong").await?;
    assert!(
        titles.iter().any(|t| t == "メモリ") && !titles.iter().any(|t| t == "Memory"),
        "chart titles: {titles:?}"
    );
    // Their units and series names too.
    let units = texts(&h, "figure.chart .chart-unit").await?;
    assert!(
        units.iter().any(|u| u == "(バイト)") && !units.iter().any(|u| u == "(bytes)"),
        "chart units: {units:?}"
    );
    let series = texts(&h, "figure.chart li[data-series]").await?;
    assert!(
        series.iter().any(|s| s.contains("常駐メモリ"))
            && !series.iter().any(|s| s.contains("memory resident")),
        "chart series: {series:?}"
    );
    // A running migration (as the wall's own test starts one), so the wall draws its chart.
    h.migrate_quiet_vmi("", "long")?;
    page(&h, "/wall", "[data-testid=wall]", "wall-ja", &mut found).await?;
    // The running migration's convergence chart: its legend names the series in Japanese.
    h.wait_count("[data-testid=convergence] .cv-legend li", T * 3, |n| n > 0)
        .await?;
    let legend = texts(&h, "[data-testid=convergence] .cv-legend li").await?;
    assert!(
        legend.iter().any(|t| t.contains("転送速度"))
            && !legend.iter().any(|t| t.contains("transfer rate")),
        "convergence legend: {legend:?}"
    );
    page(
        &h,
        "/migrations",
        "[data-testid=migrations-table]",
        "migrations-ja",
        &mut found,
    )
    .await?;
    h.browser.goto(&h.url("/diagnose")).await?;
    h.paste_and_run(DUMP).await?;
    h.wait_count("[data-testid=headline]", T, |n| n > 0).await?;
    assert!(
        settle(&h, "/diagnose", &mut found).await?,
        "/diagnose: no Japanese"
    );
    h.screenshot_as("diagnose-ja").await?;
    h.finish().await?;
    assert!(
        found.is_empty(),
        "{} English sentences on Japanese pages:\n{}",
        found.len(),
        found.join("\n")
    );
    Ok(())
}
