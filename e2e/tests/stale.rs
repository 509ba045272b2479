//! Stale data is never called fresh: with the connection open but nothing arriving (a hung
//! proxy, [`Harness::freeze`]), the wall and the overview turn stale within the backend's
//! keep-alive interval plus 5 s, and live again once data flows; the VMI page shows its data
//! age and a stale pill as they do.

use e2e::Harness;
use model::wire::KEEP_ALIVE_SECS;
use std::time::{Duration, Instant};

const T: Duration = Duration::from_secs(10);

/// Silence this long must show: the keep-alive interval and 5 s.
const SILENT: Duration = Duration::from_secs(KEEP_ALIVE_SECS + 5);

/// After the door opens again the page replaces its stale stream within one silence interval.
const BACK: Duration = Duration::from_secs(2 * KEEP_ALIVE_SECS + 10);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_wall_and_the_overview_turn_stale_when_the_stream_goes_silent() -> anyhow::Result<()> {
    let h = Harness::start("stale_when_silent").await?;
    h.viewport(1920, 1080).await?;

    // The wall: live, then frozen.
    h.browser.goto(&h.url("/wall")).await?;
    h.wait_count("[data-testid=wall-list] li", T, |n| n > 0)
        .await?;
    h.wait_count("[data-testid=wall-stale]", T, |n| n == 0)
        .await?;
    h.freeze();
    let frozen = Instant::now();
    h.wait_text("[data-testid=wall-stale]", SILENT, |t| t.contains("STALE"))
        .await?;
    eprintln!(
        "the wall turned stale {:?} after the freeze",
        frozen.elapsed()
    );
    // The data age says how long nothing was heard: more than the keep-alive interval.
    let age = h
        .wait_text("[data-testid=wall-age]", T, |t| {
            age_secs(t).is_some_and(|s| s > KEEP_ALIVE_SECS)
        })
        .await?;
    eprintln!("wall data age while frozen: {age}");
    h.screenshot_as("wall_stale_silent").await?;
    h.backend_up();
    h.wait_count("[data-testid=wall-stale]", BACK, |n| n == 0)
        .await?;

    // The overview's pill: live, then stale.
    h.browser.goto(&h.url("/")).await?;
    h.wait_text("[data-testid=connection]", T, |t| t == "live")
        .await?;
    h.freeze();
    let frozen = Instant::now();
    h.wait_count("[data-testid=connection][data-state=Stale]", SILENT, |n| {
        n == 1
    })
    .await?;
    eprintln!(
        "the overview turned stale {:?} after the freeze",
        frozen.elapsed()
    );
    let pill = h.wait_text("[data-testid=connection]", T, |_| true).await?;
    assert_ne!(pill, "live", "a silent stream is not live");
    let class = h
        .browser
        .execute(
            "return document.querySelector('[data-testid=connection]').className;",
            vec![],
        )
        .await?;
    assert!(
        !class.as_str().unwrap_or_default().contains("conn-live"),
        "the pill is not green: {class}"
    );
    h.screenshot_as("overview_stale_silent").await?;
    h.backend_up();
    h.wait_text("[data-testid=connection]", BACK, |t| t == "live")
        .await?;
    h.finish().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_vmi_page_shows_its_data_age_and_turns_stale_when_the_stream_goes_silent()
-> anyhow::Result<()> {
    let h = Harness::start("stale_vmi_page").await?;
    let (ns, name, _) = h.migratable_vmi("");
    h.browser.goto(&h.url(&format!("/vmi/{ns}/{name}"))).await?;
    h.wait_count("[data-testid=headline]", T, |n| n == 1)
        .await?;
    // Live: a data age of a few seconds, no stale pill.
    h.wait_text("[data-testid=vmi-age]", T, |t| {
        age_secs(t).is_some_and(|s| s <= KEEP_ALIVE_SECS)
    })
    .await?;
    h.wait_count("[data-testid=vmi-age][data-state=Live]", T, |n| n == 1)
        .await?;
    assert_eq!(h.count("[data-testid=vmi-silent]").await?, 0);

    h.freeze();
    let frozen = Instant::now();
    h.wait_count("[data-testid=vmi-silent]", SILENT, |n| n == 1)
        .await?;
    eprintln!(
        "the VMI page turned stale {:?} after the freeze",
        frozen.elapsed()
    );
    let age = h
        .wait_text("[data-testid=vmi-age]", T, |t| {
            age_secs(t).is_some_and(|s| s > KEEP_ALIVE_SECS)
        })
        .await?;
    eprintln!("VMI page data age while frozen: {age}");
    // The diagnosis stays, under the pill.
    assert_eq!(h.count("[data-testid=headline]").await?, 1);
    h.screenshot_as("vmi_stale_silent").await?;
    h.backend_up();
    h.wait_count("[data-testid=vmi-silent]", BACK, |n| n == 0)
        .await?;
    h.wait_count("[data-testid=vmi-age][data-state=Live]", T, |n| n == 1)
        .await?;
    h.finish().await
}

/// Seconds in a data age as `model::time::format_duration` writes it ("Data age: 47s",
/// "Data age: 1m03s").
fn age_secs(text: &str) -> Option<u64> {
    let age = text.rsplit(':').next()?.trim();
    let (mut secs, mut n) = (0, None::<u64>);
    for c in age.chars() {
        if let Some(d) = c.to_digit(10) {
            n = Some(n.unwrap_or(0) * 10 + u64::from(d));
            continue;
        }
        let unit = match c {
            's' => 1,
            'm' => 60,
            'h' => 3600,
            'd' => 86_400,
            _ => return None,
        };
        secs += n.take()? * unit;
    }
    n.is_none().then_some(secs)
}
