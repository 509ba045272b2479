//! The flight recorder in the browser: a VMI breaks and recovers in the simulator, its timeline
//! shows both changes (and a band per layer: its network's change too), a link to the broken moment (what Copy link copies) still shows it broken
//! after the recovery and after a backend restart on the same data directory (the `strata`
//! binary as a process of its own), and "Back to now"
//! returns to the live page; the overview's "changed in the last hour" filter and the wall's
//! latest changes name it. Without history the page says so and stays live.

use e2e::Harness;
use fantoccini::Locator;
use std::time::Duration;

const T: Duration = Duration::from_secs(20);

/// A running VMI of the demo with a connected guest agent, not paused.
fn healthy_vmi(h: &Harness) -> (String, String) {
    let (_, vmis) = h.sim.store().list(&sim::store::VMI, None);
    let v = vmis
        .iter()
        .find(|v| {
            let conds = v["status"]["conditions"].as_array();
            v["status"]["phase"] == "Running"
                && conds.is_some_and(|c| c.iter().any(|c| c["type"] == "AgentConnected"))
                && conds.is_some_and(|c| {
                    !c.iter()
                        .any(|c| c["type"] == "Paused" && c["status"] == "True")
                })
        })
        .expect("a running VMI with an agent in the demo");
    (
        v["metadata"]["namespace"].as_str().unwrap().to_string(),
        v["metadata"]["name"].as_str().unwrap().to_string(),
    )
}

/// The texts of the timeline's list of changes.
async fn moments(h: &Harness) -> anyhow::Result<Vec<String>> {
    let mut out = Vec::new();
    for li in h
        .browser
        .find_all(Locator::Css("[data-testid=tl-moments] li"))
        .await?
    {
        out.push(li.text().await?);
    }
    Ok(out)
}

/// Waits until some change in the list satisfies `pred`.
async fn wait_moment(
    h: &Harness,
    what: &str,
    pred: impl Fn(&str) -> bool,
) -> anyhow::Result<Vec<String>> {
    let deadline = std::time::Instant::now() + T;
    loop {
        let m = moments(h).await?;
        if m.iter().any(|t| pred(t)) {
            return Ok(m);
        }
        anyhow::ensure!(
            std::time::Instant::now() < deadline,
            "the timeline never showed {what}: {m:?}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The page shows the recorded broken diagnosis with its banner.
async fn shows_recorded_break(h: &Harness) -> anyhow::Result<()> {
    h.wait_count("[data-testid=as-of]", T, |n| n == 1).await?;
    h.wait_count("[data-testid=headline].headline-broken", T, |n| n == 1)
        .await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_break_and_a_recovery_on_the_timeline_and_a_link_that_keeps_the_break()
-> anyhow::Result<()> {
    let data = tempfile::tempdir()?;
    let sim = sim::Sim::start_demo().await?;
    let mut h = Harness::start_recording("history_timeline", sim, data.path()).await?;
    let (ns, name) = healthy_vmi(&h);
    let page = h.url(&format!("/vmi/{ns}/{name}"));
    h.browser.goto(&page).await?;
    h.wait_text("[data-testid=headline]", T, |t| !t.is_empty())
        .await?;
    // Overall, the five layers of the diagnosis, migration runs.
    h.wait_count("[data-testid=timeline] .tl-band", T, |n| n == 7)
        .await?;
    for layer in ["control_plane", "node", "guest", "network", "migration"] {
        let css = format!(".tl-row[data-band={layer}] .tl-band");
        assert_eq!(h.count(&css).await?, 1, "{css}");
    }

    // Its network degrades (a second interface reports the first one's IP) and recovers: the
    // network band shows it.
    let key = (ns.clone(), name.clone());
    h.sim.with_world(|w| {
        let vm = w.vm_mut(&key).expect("the VM");
        let mut twin = vm.ifaces[0].clone();
        twin.name = Some("twin".into());
        twin.mac = "02:00:00:00:00:99".into();
        vm.ifaces.push(twin);
    });
    h.wait_count(
        ".tl-row[data-band=network] .tl-seg[data-health=degraded]",
        T,
        |n| n >= 1,
    )
    .await?;
    wait_moment(&h, "the network's change", |t| t.contains("→ degraded")).await?;
    h.scroll_to("[data-testid=timeline]").await?;
    h.screenshot_as("history_timeline_network").await?;
    h.sim.with_world(|w| {
        w.vm_mut(&key).expect("the VM").ifaces.pop();
    });
    wait_moment(&h, "the network's recovery", |t| t.contains("degraded → ")).await?;

    // It breaks: the timeline shows the change.
    assert!(h.sim.set_vmi_phase(&ns, &name, "Failed"));
    h.wait_count("[data-testid=headline].headline-broken", T, |n| n == 1)
        .await?;
    wait_moment(&h, "the break", |t| t.contains("→ broken")).await?;
    // Open the moment of the break: the URL carries it, the banner says so.
    let link = h
        .browser
        .find_all(Locator::Css("[data-testid=tl-moments] li"))
        .await?;
    let mut opened = false;
    for li in link {
        if li.text().await?.contains("→ broken") {
            li.find(Locator::Css("a")).await?.click().await?;
            opened = true;
            break;
        }
    }
    assert!(opened);
    shows_recorded_break(&h).await?;
    let shared = h.current_url().await?;
    assert!(
        shared.contains("at="),
        "the link carries the moment: {shared}"
    );

    // It recovers: the live page is healthy again, the timeline shows both changes, and the
    // link still shows the break.
    assert!(h.sim.set_vmi_phase(&ns, &name, "Running"));
    let all = wait_moment(&h, "the recovery", |t| t.contains("broken → ")).await?;
    assert!(all.iter().any(|t| t.contains("→ broken")), "{all:?}");
    h.wait_count(
        ".tl-row[data-band=headline] .tl-seg[data-health=broken]",
        T,
        |n| n >= 1,
    )
    .await?;
    h.browser.goto(&shared).await?;
    shows_recorded_break(&h).await?;
    h.scroll_to("[data-testid=as-of]").await?;
    h.screenshot_as("history_timeline_as_of").await?;
    let failures = h.axe_serious().await?;
    assert!(failures.is_empty(), "light: {failures:?}");

    // Dark and Japanese.
    h.browser
        .find(Locator::Css("[data-testid=theme]"))
        .await?
        .click()
        .await?;
    h.wait_count("[data-testid=timeline]", T, |n| n == 1)
        .await?;
    let failures = h.axe_serious().await?;
    assert!(failures.is_empty(), "dark: {failures:?}");
    h.screenshot_as("history_timeline_dark").await?;
    h.browser
        .execute(
            "const s = document.querySelector('[data-testid=lang]'); s.value = 'ja'; s.dispatchEvent(new Event('change'));",
            vec![],
        )
        .await?;
    h.wait_text("[data-testid=as-of]", T, |t| t.contains("記録された診断"))
        .await?;
    h.screenshot_as("history_timeline_japanese_dark").await?;
    let failures = h.axe_serious().await?;
    assert!(failures.is_empty(), "dark ja: {failures:?}");
    h.browser
        .find(Locator::Css("[data-testid=theme]"))
        .await?
        .click()
        .await?;
    h.screenshot_as("history_timeline_japanese").await?;

    // After a backend restart on the same data directory, the link still shows the break.
    h.restart_recording(data.path()).await?;
    h.browser.goto(&shared).await?;
    shows_recorded_break(&h).await?;
    // Back to now: the live page, without the moment in its URL.
    h.browser
        .find(Locator::Css("[data-testid=back-to-now]"))
        .await?
        .click()
        .await?;
    h.wait_count("[data-testid=as-of]", T, |n| n == 0).await?;
    h.wait_count("[data-testid=headline].headline-broken", T, |n| n == 0)
        .await?;
    let now = h.current_url().await?;
    assert!(!now.contains("at="), "{now}");

    // The overview's filter and the wall name it.
    h.browser.goto(&h.url("/?changed=1h")).await?;
    h.wait_count("[data-testid=changed-filter][aria-pressed=true]", T, |n| {
        n == 1
    })
    .await?;
    let cards = h.collect_cards().await?;
    assert!(
        cards.keys().any(|k| k.contains(&name)),
        "{name} changed: {cards:?}"
    );
    h.browser.goto(&h.url("/wall")).await?;
    h.wait_text("[data-testid=wall-changes]", T, |t| t.contains(&name))
        .await?;
    h.scroll_to("[data-testid=wall-changes]").await?;
    h.screenshot_as("history_wall_changes").await?;
    h.finish().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_history_the_page_says_so_and_stays_live() -> anyhow::Result<()> {
    let h = Harness::start("history_off").await?;
    let (ns, name) = healthy_vmi(&h);
    h.browser
        .goto(&h.url(&format!("/vmi/{ns}/{name}?at=2026-01-02T03:04:05Z")))
        .await?;
    h.wait_text("[data-testid=headline]", T, |t| !t.is_empty())
        .await?;
    // The banner of the page and the timeline's both say history is off; nothing is "as of".
    h.wait_count("[data-testid=history-off]", T, |n| n == 2)
        .await?;
    assert_eq!(h.count("[data-testid=as-of]").await?, 0);
    h.screenshot_as("history_off_vmi").await?;
    // The filter cannot work: it says so and hides nothing.
    h.browser.goto(&h.url("/?changed=1h")).await?;
    h.wait_count("[data-testid=changed-off]", T, |n| n == 1)
        .await?;
    h.wait_count("article.vmi-card", T, |n| n > 0).await?;
    h.browser.goto(&h.url("/wall")).await?;
    h.wait_count("[data-testid=wall-changes-off]", T, |n| n == 1)
        .await?;
    h.finish().await
}

/// The moments the timeline lists, as their `data-at`, oldest first.
async fn moment_times(h: &Harness) -> anyhow::Result<Vec<String>> {
    let mut out = Vec::new();
    for li in h
        .browser
        .find_all(Locator::Css("[data-testid=tl-moments] li"))
        .await?
    {
        if let Some(at) = li.attr("data-at").await? {
            out.push(at);
        }
    }
    out.reverse();
    Ok(out)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_moment_of_the_timeline_opens_in_the_page_and_as_a_link() -> anyhow::Result<()> {
    let data = tempfile::tempdir()?;
    let sim = sim::Sim::start_demo().await?;
    let h = Harness::start_recording("history_every_moment", sim, data.path()).await?;
    let (ns, name) = healthy_vmi(&h);
    let page = h.url(&format!("/vmi/{ns}/{name}"));
    h.browser.goto(&page).await?;
    h.wait_text("[data-testid=headline]", T, |t| !t.is_empty())
        .await?;
    // The first sighting, then a break: two moments at least, the oldest a healthy VMI's.
    wait_moment(&h, "the first sighting", |t| !t.is_empty()).await?;
    assert!(h.sim.set_vmi_phase(&ns, &name, "Failed"));
    wait_moment(&h, "the break", |t| t.contains("→ broken")).await?;
    let times = moment_times(&h).await?;
    assert!(times.len() >= 2, "{times:?}");
    for at in &times {
        // In the page: its link in the list of changes.
        let link = format!("[data-testid=tl-moments] li[data-at='{at}'] a");
        h.wait_count(&link, T, |n| n == 1).await?;
        h.click(&link).await?;
        let banner = format!("[data-testid=as-of][data-recorded-at='{at}']");
        h.wait_count(&banner, T, |n| n == 1).await?;
        h.wait_count("[data-testid=headline]", T, |n| n == 1)
            .await?;
        assert_eq!(h.count("[data-testid=failure]").await?, 0, "{at}");
        let url = h.current_url().await?;
        assert!(url.contains("at="), "{url}");
        // As a link, opened afresh.
        h.browser.goto(&page).await?;
        h.wait_count("[data-testid=as-of]", T, |n| n == 0).await?;
        h.browser.goto(&url).await?;
        h.wait_count(&banner, T, |n| n == 1).await?;
        assert_eq!(h.count("[data-testid=failure]").await?, 0, "{at}");
    }
    h.finish().await
}
