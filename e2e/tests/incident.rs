//! The incident file in Chromium: the VMI page offers it ("Download incident file", with a
//! redact box), and the file it names opens from disk with the browser offline, shows the
//! headline the console shows, and fetched nothing; pasted into the paste page, it reads back
//! to that headline.

use e2e::Harness;
use fantoccini::Locator;
use std::time::Duration;

const T: Duration = Duration::from_secs(15);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_incident_file_opens_offline_with_the_consoles_headline() -> anyhow::Result<()> {
    let h = Harness::start("incident").await?;
    let (ns, name, _) = h.migratable_vmi("");
    h.browser.goto(&h.url(&format!("/vmi/{ns}/{name}"))).await?;
    let headline = h
        .wait_text("[data-testid=headline]", T, |t| !t.is_empty())
        .await?;
    h.wait_count("[data-testid=download-incident]", T, |n| n == 1)
        .await?;
    let link = h
        .browser
        .find(Locator::Css("[data-testid=download-incident]"))
        .await?;
    let href = link.attr("href").await?.unwrap_or_default();
    assert!(href.ends_with(&format!("/{ns}/{name}/snapshot")), "{href}");
    // Ticking "redact" asks for placeholders.
    h.click("[data-testid=incident-redact]").await?;
    let redacted = link.attr("href").await?.unwrap_or_default();
    assert!(redacted.ends_with("redact=true"), "{redacted}");

    // The file the link names, saved to disk and opened with the network off.
    let html = reqwest::get(h.url(&href)).await?.text().await?;
    let dir = tempfile::tempdir()?;
    let file = dir.path().join("incident.html");
    std::fs::write(&file, &html)?;
    h.cdp("Network.enable", serde_json::json!({})).await?;
    h.cdp(
        "Network.emulateNetworkConditions",
        serde_json::json!({
            "offline": true, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1,
        }),
    )
    .await?;
    h.browser
        .goto(&format!("file://{}", file.display()))
        .await?;
    let shown = h.wait_text(".headline", T, |t| !t.is_empty()).await?;
    // The console's headline names the VMI as `ns/name: …`, as the file does.
    let words = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(words(&shown), words(&headline), "the file's headline");
    let fetched = h
        .browser
        .execute(
            "return performance.getEntriesByType('resource').map(e => e.name)",
            vec![],
        )
        .await?;
    assert_eq!(fetched, serde_json::json!([]), "the file fetched something");
    let layers = h.count("svg[aria-label=layers] rect").await?;
    assert_eq!(layers, 5, "the five layers' picture");
    h.screenshot_as("incident_file").await?;
    h.cdp(
        "Network.emulateNetworkConditions",
        serde_json::json!({
            "offline": false, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1,
        }),
    )
    .await?;

    // The paste page reads the file back to the same headline.
    h.browser.goto(&h.url("/diagnose")).await?;
    h.wait_count("[data-testid=dump-input]", T, |n| n == 1)
        .await?;
    h.paste_and_run(&html).await?;
    let pasted = h
        .wait_text("[data-testid=headline]", T, |t| !t.is_empty())
        .await?;
    assert_eq!(
        words(&pasted),
        words(&headline),
        "the paste page's headline"
    );
    h.finish().await
}
