//! KubeVirt's alerts on the pages, from the demo simulator's Prometheus API: the count on the
//! overview card and on the wall, and the VMI page's diagnosis citing the alert with a link to
//! its runbook, in English and Japanese.

use e2e::Harness;
use std::time::Duration;

const T: Duration = Duration::from_secs(20);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn alerts_show_on_the_card_the_wall_and_the_vmi_page() -> anyhow::Result<()> {
    let h = Harness::start("alerts").await?;
    // The demo's full guest disk: one firing alert on its card.
    h.browser.goto(&h.url("/?q=reports-db")).await?;
    h.wait_text(
        "article[data-key='prod/reports-db'] [data-testid=alerts]",
        T,
        |t| t == "Alerts: 1",
    )
    .await?;
    h.screenshot_as("alerts_card").await?;
    // The VMI page cites it in the guest layer, with the runbook as a link.
    h.browser.goto(&h.url("/vmi/prod/reports-db")).await?;
    h.wait_text("body", T, |t| {
        t.contains("Alert GuestFilesystemAlmostOutOfSpace firing, critical")
    })
    .await?;
    let href = h
        .browser
        .execute(
            "const a = document.querySelector('ul.next a[href*=\"docs/runbooks/GuestFilesystemAlmostOutOfSpace.md\"]'); return a ? a.getAttribute('href') : '';",
            vec![],
        )
        .await?;
    assert_eq!(
        href,
        "https://github.com/kubevirt/monitoring/blob/main/docs/runbooks/GuestFilesystemAlmostOutOfSpace.md"
    );
    h.browser
        .execute(
            "document.querySelectorAll('details').forEach(d => d.open = true); \
             const f = [...document.querySelectorAll('strong')].find(s => s.textContent.startsWith('Alert ')); \
             if (f) f.scrollIntoView();",
            vec![],
        )
        .await?;
    h.screenshot_as("alerts_vmi").await?;
    // The wall counts every firing alert.
    h.browser.goto(&h.url("/wall")).await?;
    h.wait_text("[data-testid=wall-alerts]", T, |t| {
        t.strip_prefix("Alerts: ")
            .and_then(|n| n.trim().parse::<u32>().ok())
            .is_some_and(|n| n >= 2)
    })
    .await?;
    h.screenshot_as("alerts_wall").await?;
    // Japanese.
    h.browser.goto(&h.url("/?q=reports-db")).await?;
    h.wait_text(
        "article[data-key='prod/reports-db'] [data-testid=alerts]",
        T,
        |t| t == "Alerts: 1",
    )
    .await?;
    h.browser
        .execute(
            "const s = document.querySelector('[data-testid=lang]'); s.value = 'ja'; s.dispatchEvent(new Event('change'));",
            vec![],
        )
        .await?;
    h.wait_text(
        "article[data-key='prod/reports-db'] [data-testid=alerts]",
        T,
        |t| t == "アラート: 1",
    )
    .await?;
    h.screenshot_as("alerts_card_ja").await?;
    h.finish().await
}
