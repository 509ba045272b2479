//! A finding as the VMI page says it (issue 29, point 6, first part): once, not as the layer's
//! summary and again as the bold title under it; every next-step command with a copy button
//! that a keyboard reaches, which puts the command on the clipboard.

use e2e::Harness;
use std::time::Duration;

const T: Duration = Duration::from_secs(20);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finding_is_said_once_and_each_command_can_be_copied() -> anyhow::Result<()> {
    let h = Harness::start("findings_text").await?;
    h.viewport(1440, 900).await?;
    h.browser.goto(&h.url("/")).await?;
    // The worst VMI first: a broken one, with findings and next steps.
    let card = "article.vmi-card[data-verdict=broken] a.name";
    h.wait_count(card, T, |n| n > 0).await?;
    let href = h
        .browser
        .execute(
            "return [...document.querySelectorAll(arguments[0])].map(a => a.getAttribute('href'));",
            vec![card.into()],
        )
        .await?;
    let hrefs: Vec<String> = serde_json::from_value(href)?;
    let mut with_steps = None;
    for href in &hrefs {
        h.browser.goto(&h.url(href)).await?;
        h.wait_count("[data-testid=layers] .layer", T, |n| n >= 3)
            .await?;
        tokio::time::sleep(Duration::from_millis(300)).await;
        // No layer repeats a finding's title as its summary.
        let repeated = h
            .browser
            .execute(
                "return [...document.querySelectorAll('[data-testid=layers] .layer')].flatMap(l => {\n\
                   const s = l.querySelector('.layer-summary');\n\
                   const said = s ? [...s.childNodes].filter(n => !(n.classList && n.classList.contains('confidence'))).map(n => n.textContent).join('').trim() : '';\n\
                   const titles = [...l.querySelectorAll('.finding > strong')].map(t => t.innerText.trim());\n\
                   return said && titles.includes(said) ? [said] : [];\n\
                 });",
                vec![],
            )
            .await?;
        let repeated: Vec<String> = serde_json::from_value(repeated)?;
        assert!(repeated.is_empty(), "{href}: said twice: {repeated:?}");
        if with_steps.is_none() && h.count("ul.next code").await? > 0 {
            with_steps = Some(href.clone());
            break;
        }
    }
    let href = with_steps.expect("a broken VMI with a next step");
    // Every command has its copy button beside it.
    let (codes, buttons) = (
        h.count("ul.next li code").await?,
        h.count("ul.next li code + [data-testid=copy-step]").await?,
    );
    assert!(
        codes > 0 && codes == buttons,
        "{href}: {codes} commands, {buttons} copy buttons"
    );
    // The keyboard reaches it: focused and pressed with Enter, it copies its command.
    h.cdp(
        "Browser.grantPermissions",
        serde_json::json!({ "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"] }),
    )
    .await?;
    h.on_element(
        "ul.next li code + [data-testid=copy-step]",
        "const d = el.closest('details'); if (d) d.open = true; el.focus();",
        "",
    )
    .await?;
    let focused = h
        .browser
        .execute(
            "return document.activeElement && document.activeElement.dataset.testid;",
            vec![],
        )
        .await?;
    assert_eq!(focused, serde_json::json!("copy-step"));
    // Enter as a keyboard sends it, to whatever has the focus.
    for kind in ["keyDown", "keyUp"] {
        h.cdp(
            "Input.dispatchKeyEvent",
            serde_json::json!({
                "type": kind, "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13, "text": "\r",
            }),
        )
        .await?;
    }
    h.wait_text("ul.next li code + [data-testid=copy-step]", T, |t| {
        t == "Copied"
    })
    .await?;
    let expected = h
        .browser
        .execute(
            "return document.querySelector('ul.next li code').innerText;",
            vec![],
        )
        .await?;
    let clip = h.clipboard_text().await?;
    assert_eq!(clip, expected, "the clipboard holds the command");
    h.scroll_to("ul.next").await?;
    h.screenshot_as("findings_1440x900").await?;
    let serious = h.axe_serious().await?;
    assert!(serious.is_empty(), "axe: {serious:?}");
    h.finish().await
}
