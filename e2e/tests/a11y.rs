//! Accessibility: axe-core (from `AXE_JS`) finds no serious or critical violation on the main
//! pages, in both themes and both languages.

use e2e::Harness;
use fantoccini::Locator;
use std::time::Duration;

const T: Duration = Duration::from_secs(10);
const DUMP: &str = include_str!("fixtures/failed-migration.yaml");

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_serious_accessibility_violations() -> anyhow::Result<()> {
    let h = Harness::start("a11y").await?;
    let mut failures = Vec::new();

    h.browser.goto(&h.url("/")).await?;
    h.wait_text("[data-testid=connection]", T, |t| t == "live")
        .await?;
    h.wait_count("article.vmi-card", T, |n| n > 0).await?;
    failures.extend(
        h.axe_serious()
            .await?
            .into_iter()
            .map(|v| format!("/ light: {v}")),
    );

    // Dark theme, remembered across a reload.
    h.browser
        .find(Locator::Css("[data-testid=theme]"))
        .await?
        .click()
        .await?;
    h.browser.refresh().await?;
    h.wait_count("article.vmi-card", T, |n| n > 0).await?;
    let theme = h
        .browser
        .execute("return document.documentElement.dataset.theme;", vec![])
        .await?;
    assert_eq!(theme, "dark", "the theme is remembered");
    failures.extend(
        h.axe_serious()
            .await?
            .into_iter()
            .map(|v| format!("/ dark: {v}")),
    );
    h.screenshot_as("overview_dark").await?;

    // Japanese, remembered, on the paste page with a result.
    h.browser.goto(&h.url("/diagnose")).await?;
    h.paste_and_run(DUMP).await?;
    h.wait_count(".layers .layer", T, |n| n == 5).await?;
    h.browser
        .execute(
            "const s = document.querySelector('[data-testid=lang]'); s.value = 'ja'; s.dispatchEvent(new Event('change'));",
            vec![],
        )
        .await?;
    h.wait_text("nav.mainnav", T, |t| t.contains("概要"))
        .await?;
    let lang = h
        .browser
        .execute("return document.documentElement.lang;", vec![])
        .await?;
    assert_eq!(lang, "ja");
    failures.extend(
        h.axe_serious()
            .await?
            .into_iter()
            .map(|v| format!("/diagnose ja: {v}")),
    );
    h.screenshot_as("diagnose_japanese_dark").await?;

    h.browser.goto(&h.url("/wall")).await?;
    h.wait_text("[data-testid=wall-age]", T, |t| !t.is_empty())
        .await?;
    failures.extend(
        h.axe_serious()
            .await?
            .into_iter()
            .map(|v| format!("/wall: {v}")),
    );

    assert!(
        failures.is_empty(),
        "axe-core violations:\n{}",
        failures.join("\n")
    );
    h.finish().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keyboard_reaches_the_search_and_a_card() -> anyhow::Result<()> {
    let h = Harness::start("keyboard").await?;
    h.browser.goto(&h.url("/")).await?;
    h.wait_count("article.vmi-card", T, |n| n > 0).await?;
    // Tab from the top: the skip link comes first, then navigation.
    h.browser
        .execute(
            "document.activeElement && document.activeElement.blur();",
            vec![],
        )
        .await?;
    let body = h.browser.find(Locator::Css("body")).await?;
    body.send_keys("\u{E004}").await?; // Tab
    let first = h
        .browser
        .execute("return document.activeElement.className;", vec![])
        .await?;
    assert_eq!(first, "skip");
    // Enough tabs reach the search box and then a card link.
    let mut reached_search = false;
    let mut reached_card = false;
    for _ in 0..25 {
        h.browser
            .active_element()
            .await?
            .send_keys("\u{E004}")
            .await?;
        let id = h
            .browser
            .execute(
                "const e = document.activeElement; return (e.id || '') + '|' + (e.closest('article.vmi-card') ? 'card' : '');",
                vec![],
            )
            .await?;
        let id = id.as_str().unwrap_or("").to_string();
        reached_search |= id.starts_with("ov-search");
        if id.ends_with("card") {
            reached_card = true;
            break;
        }
    }
    assert!(
        reached_search && reached_card,
        "search {reached_search}, card {reached_card}"
    );
    h.finish().await
}
