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
//! (`<page>-ja.png`). Short texts the sentence rule cannot see are checked by name: the metrics
//! tab's chart titles, units, series names and tick labels (what the canvas says it drew), and
//! the wall's convergence legend.

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

/// The texts `css` selects once `ok` takes them, or as last seen after `T` (the caller's
/// assertion then says what the page showed).
async fn texts_when(
    h: &Harness,
    css: &str,
    ok: impl Fn(&[String]) -> bool,
) -> anyhow::Result<Vec<String>> {
    let deadline = std::time::Instant::now() + T * 2;
    loop {
        let seen = texts(h, css).await?;
        if ok(&seen) || std::time::Instant::now() > deadline {
            return Ok(seen);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The tick labels a chart's canvas says it drew (`data-ticks`).
#[derive(Debug, serde::Deserialize)]
struct Ticks {
    x: Vec<String>,
    y: Vec<String>,
}

/// Every drawn chart's title and tick labels, once `ok` takes them, or as last seen after `T`.
async fn ticks_when(
    h: &Harness,
    ok: impl Fn(&[(String, Ticks)]) -> bool,
) -> anyhow::Result<Vec<(String, Ticks)>> {
    let deadline = std::time::Instant::now() + T * 2;
    loop {
        let raw: Vec<(String, String)> = serde_json::from_value(
            h.browser
                .execute(
                    "return [...document.querySelectorAll('figure.chart')]\n\
                       .filter(f => f.querySelector('canvas[data-ticks]'))\n\
                       .map(f => [f.querySelector('figcaption strong').textContent.trim(),\n\
                                  f.querySelector('canvas').getAttribute('data-ticks')]);",
                    vec![],
                )
                .await?,
        )?;
        let seen = raw
            .into_iter()
            .map(|(title, t)| Ok((title, serde_json::from_str(&t)?)))
            .collect::<anyhow::Result<Vec<_>>>()?;
        if ok(&seen) || std::time::Instant::now() > deadline {
            return Ok(seen);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
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
    // The charts on a metrics tab: their titles, unit captions, series names and tick labels
    // (short, so the sentence rule above does not see them) are Japanese too. A running VMI of
    // the quiet scenario has samples (a broken VMI may have none: its charts say so, with no
    // unit or series); every text is read once the page shows it.
    let (qns, quiet, _) = h.migratable_vmi("");
    h.browser
        .goto(&h.url(&format!("/vmi/{qns}/{quiet}?tab=metrics&range=15m")))
        .await?;
    let titles = texts_when(&h, "figure.chart figcaption strong", |t| {
        t.iter().any(|t| t == "メモリ")
    })
    .await?;
    assert!(
        titles.iter().any(|t| t == "メモリ") && !titles.iter().any(|t| t == "Memory"),
        "chart titles: {titles:?}"
    );
    let units = texts_when(&h, "figure.chart .chart-unit", |u| {
        ["(バイト)", "(コア)"]
            .iter()
            .all(|w| u.iter().any(|x| x == w))
    })
    .await?;
    assert!(
        ["(バイト)", "(コア)"]
            .iter()
            .all(|w| units.iter().any(|u| u == w))
            && !units.iter().any(|u| u == "(bytes)" || u == "(cores)"),
        "chart units: {units:?}"
    );
    let series = texts_when(&h, "figure.chart li[data-series]", |s| {
        s.iter().any(|s| s.contains("常駐メモリ"))
    })
    .await?;
    assert!(
        series.iter().any(|s| s.contains("常駐メモリ"))
            && !series.iter().any(|s| s.contains("memory resident")),
        "chart series: {series:?}"
    );
    // The tick labels are drawn on the canvas, which says what it drew (`data-ticks`): the CPU
    // chart's read "0.5 コア" and "−5 分", not "cores" or "min".
    let ticks = ticks_when(&h, |all| {
        all.iter()
            .any(|(title, t)| title == "CPU" && !t.x.is_empty() && !t.y.is_empty())
    })
    .await?;
    let cpu = ticks
        .iter()
        .find(|(title, _)| title == "CPU")
        .map(|(_, t)| t);
    assert!(
        cpu.is_some_and(|t| t.y.iter().any(|l| l.ends_with(" コア"))
            && t.x.iter().any(|l| l.ends_with(" 分"))
            && t.x
                .iter()
                .chain(&t.y)
                .all(|l| !l.chars().any(|c| c.is_ascii_alphabetic()))),
        "CPU chart ticks: {cpu:?}"
    );
    for (title, t) in &ticks {
        for l in t.x.iter().chain(&t.y) {
            assert!(
                !["cores", "min", "now"].iter().any(|w| l.contains(w)),
                "{title}: an English tick {l:?} in {t:?}"
            );
        }
    }
    assert!(
        settle(&h, "metrics", &mut found).await?,
        "metrics: no Japanese"
    );
    h.screenshot_as("metrics-ja").await?;
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
