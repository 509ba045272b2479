//! The live VMI page against the demo simulator: headline and layers, guest agent panel states,
//! charts from the simulator's Prometheus API (and a clear state without one), deep links opened
//! in a fresh browser, and failure states (VMI deleted, backend down).

use e2e::Harness;
use fantoccini::Locator;
use std::time::Duration;

const T: Duration = Duration::from_secs(15);

/// A running VMI of the demo with a connected guest agent.
fn healthy_vmi(h: &Harness) -> (String, String) {
    let (_, vmis) = h.sim.store().list(&sim::store::VMI, None);
    let v = vmis
        .iter()
        .find(|v| {
            v["status"]["phase"] == "Running"
                && v["status"]["conditions"]
                    .as_array()
                    .is_some_and(|c| c.iter().any(|c| c["type"] == "AgentConnected"))
                && v["status"]["conditions"].as_array().is_some_and(|c| {
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn headline_layers_guest_agent_and_charts() -> anyhow::Result<()> {
    let h = Harness::start("vmi_live").await?;
    let (ns, name) = healthy_vmi(&h);
    h.browser.goto(&h.url(&format!("/vmi/{ns}/{name}"))).await?;
    let headline = h
        .wait_text("[data-testid=headline]", T, |t| !t.is_empty())
        .await?;
    assert!(headline.contains(&format!("{ns}/{name}")), "{headline}");
    assert!(headline.contains("healthy"), "{headline}");
    // The three layers, each with a verdict.
    let layers = h.count("[data-testid=layers] .layer").await?;
    assert!(layers >= 3, "{layers} layers");
    assert_eq!(
        h.wait_text("[data-testid=phase]", T, |t| !t.is_empty())
            .await?,
        "Running"
    );
    h.screenshot_as("vmi_live_diagnosis").await?;

    // The guest agent panel reads the live agent through the backend.
    h.browser
        .goto(&h.url(&format!("/vmi/{ns}/{name}?tab=guest")))
        .await?;
    h.wait_count("[data-testid=guest][data-state=info]", T, |n| n == 1)
        .await?;
    let os = h
        .wait_text("[data-testid=guest-os]", T, |t| !t.is_empty())
        .await?;
    let host = h
        .wait_text("[data-testid=guest-hostname]", T, |t| !t.is_empty())
        .await?;
    eprintln!("guest: {os} on {host}");
    h.screenshot_as("vmi_live_guest").await?;

    // The agent disconnects: the panel says so without a reload.
    h.browser
        .execute("window.__no_reload = true;", vec![])
        .await?;
    assert!(h.sim.set_agent(&ns, &name, false));
    h.wait_count("[data-testid=guest][data-state=not_connected]", T, |n| {
        n == 1
    })
    .await?;
    h.wait_text("[data-testid=guest]", T, |t| t.contains("not connected"))
        .await?;
    assert_eq!(
        h.browser
            .execute("return window.__no_reload === true;", vec![])
            .await?,
        serde_json::Value::Bool(true)
    );
    h.screenshot_as("vmi_live_guest_disconnected").await?;

    // Charts from the simulator's Prometheus API, with the range in the URL.
    h.browser
        .goto(&h.url(&format!("/vmi/{ns}/{name}?tab=metrics&range=15m")))
        .await?;
    let charts = h
        .wait_count("[data-testid=chart] canvas", T, |n| n >= 3)
        .await?;
    eprintln!("{charts} charts");
    assert_eq!(h.count("[data-testid=no-metrics]").await?, 0);
    // The canvases are drawn (not blank): some pixel is not white.
    let drawn = h
        .browser
        .execute(
            "const c = document.querySelector('[data-testid=chart] canvas');\n\
             const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;\n\
             for (let i = 0; i < d.length; i += 4) { if (d[i] < 200 || d[i+1] < 200 || d[i+2] < 200) return true; }\n\
             return false;",
            vec![],
        )
        .await?;
    assert_eq!(drawn, serde_json::Value::Bool(true), "the chart is blank");
    let on = h
        .browser
        .find(Locator::Css("a.range[data-range='15m']"))
        .await?
        .attr("aria-current")
        .await?;
    assert_eq!(on.as_deref(), Some("true"));
    h.finish().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_prometheus_the_charts_say_so() -> anyhow::Result<()> {
    let sim = sim::Sim::start_demo().await?;
    let h = Harness::start_opts("vmi_no_prometheus", sim, false).await?;
    let (ns, name) = healthy_vmi(&h);
    h.browser
        .goto(&h.url(&format!("/vmi/{ns}/{name}?tab=metrics")))
        .await?;
    let msg = h
        .wait_text("[data-testid=no-metrics]", T, |t| !t.is_empty())
        .await?;
    eprintln!("no Prometheus: {msg}");
    assert_eq!(h.count("[data-testid=chart]").await?, 0);
    // The rest of the page still works.
    h.wait_text("[data-testid=headline]", T, |t| t.contains(&name))
        .await?;
    h.finish().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_copied_link_shows_the_same_diagnosis_in_a_fresh_browser() -> anyhow::Result<()> {
    let h = Harness::start("vmi_deep_link").await?;
    // A broken VMI, on the network tab.
    h.browser.goto(&h.url("/vmi/ml/gpu-trainer")).await?;
    let headline = h
        .wait_text("[data-testid=headline]", T, |t| t.contains("broken"))
        .await?;
    h.browser
        .find(Locator::Css(
            "[role=tab][data-tab=network], a[data-tab=network]",
        ))
        .await?
        .click()
        .await?;
    h.wait_count("[data-testid=interfaces]", T, |n| n == 1)
        .await?;
    let url = h.current_url().await?;
    assert!(url.contains("tab=network"), "{url}");

    let (other, _profile) = h.fresh_session().await?;
    other.goto(&url).await?;
    let deadline = std::time::Instant::now() + T;
    let seen = loop {
        if let Ok(el) = other.find(Locator::Css("[data-testid=headline]")).await
            && let Ok(text) = el.text().await
            && !text.is_empty()
        {
            break text;
        }
        anyhow::ensure!(
            std::time::Instant::now() < deadline,
            "no headline in the fresh session"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(seen, headline, "the same diagnosis");
    other.find(Locator::Css("[data-testid=interfaces]")).await?;
    let png = other.screenshot().await?;
    std::fs::create_dir_all(e2e::screens_dir())?;
    std::fs::write(e2e::screens_dir().join("vmi_deep_link_fresh.png"), png)?;
    other.close().await?;
    h.finish().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_vmi_keeps_its_last_diagnosis_with_a_banner() -> anyhow::Result<()> {
    let h = Harness::start("vmi_deleted").await?;
    let (ns, name) = healthy_vmi(&h);
    h.browser.goto(&h.url(&format!("/vmi/{ns}/{name}"))).await?;
    h.wait_text("[data-testid=headline]", T, |t| t.contains(&name))
        .await?;
    assert_eq!(h.count("[data-testid=vmi-gone]").await?, 0);
    assert!(h.sim.remove_vm(&ns, &name));
    h.wait_text("[data-testid=vmi-gone]", T, |t| !t.is_empty())
        .await?;
    // The last evidence stays readable.
    h.wait_text("[data-testid=headline]", T, |t| t.contains(&name))
        .await?;
    h.finish().await
}

/// A launcher pod on no node yet (the demo's unschedulable VMI) shows a dash in its node cell,
/// not a link to `/node/` (a 404).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pending_pod_on_no_node_links_nowhere() -> anyhow::Result<()> {
    let h = Harness::start("vmi_pending_pod").await?;
    h.browser.goto(&h.url("/vmi/ml/gpu-trainer")).await?;
    h.wait_count("[data-testid=pods] [data-testid=pod-no-node]", T, |n| {
        n >= 1
    })
    .await?;
    assert_eq!(h.count("[data-testid=pods] a[href='/node/']").await?, 0);
    h.finish().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backend_down_keeps_the_page_and_recovers() -> anyhow::Result<()> {
    let h = Harness::start("vmi_backend_down").await?;
    let (ns, name) = healthy_vmi(&h);
    h.browser.goto(&h.url(&format!("/vmi/{ns}/{name}"))).await?;
    h.wait_text("[data-testid=connection]", T, |t| t == "live")
        .await?;
    h.backend_down();
    h.wait_text("[data-testid=connection]", T, |t| {
        t.contains("disconnected")
    })
    .await?;
    h.wait_text("[data-testid=headline]", T, |t| t.contains(&name))
        .await?;
    h.screenshot_as("vmi_backend_down_disconnected").await?;
    // Back up: live again, and a change made meanwhile shows.
    assert!(h.sim.set_paused(&ns, &name, true));
    h.backend_up();
    h.wait_text("[data-testid=connection]", Duration::from_secs(30), |t| {
        t == "live"
    })
    .await?;
    h.wait_count(".badge-paused", Duration::from_secs(30), |n| n == 1)
        .await?;
    let headline = h
        .wait_text("[data-testid=headline]", T, |t| !t.is_empty())
        .await?;
    assert!(headline.contains("Paused"), "{headline}");
    h.finish().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_that_changes_nothing_else_still_shows_up() -> anyhow::Result<()> {
    // A stopped clock: nothing in the cluster changes unless the test changes it.
    let args = sim::SimArgs {
        scenarios: "healthy".into(),
        clock: "manual".into(),
        ..sim::SimArgs::default()
    };
    let sim = sim::Sim::start_with(
        tokio::net::TcpListener::bind(("127.0.0.1", 0)).await?,
        &args,
    )
    .await?;
    let h = Harness::start_with("vmi_events_refresh", sim).await?;
    let (ns, name) = healthy_vmi(&h);
    h.browser
        .goto(&h.url(&format!("/vmi/{ns}/{name}?tab=events")))
        .await?;
    h.wait_text("[data-testid=headline]", T, |t| !t.is_empty())
        .await?;
    // An event about the VMI, with no change to the VMI itself: the stream says nothing, the
    // page's periodic refetch brings it.
    h.sim.with_world(|w| {
        w.vmi_event(
            &(ns.clone(), name.clone()),
            "Warning",
            "StrataProbe",
            "an event that changes nothing else",
            "virt-handler",
        )
    });
    let wait = Duration::from_secs(model::view::detail::REFRESH_SECS as u64 + 15);
    h.wait_count("[data-reason=StrataProbe]", wait, |n| n == 1)
        .await?;
    h.finish().await
}

/// The texts of the error boxes on the page.
async fn failures(h: &Harness) -> anyhow::Result<Vec<String>> {
    let mut out = Vec::new();
    for e in h
        .browser
        .find_all(Locator::Css("[data-testid=failure]"))
        .await?
    {
        out.push(e.text().await?);
    }
    Ok(out)
}

/// The text of the page's body.
async fn body_text(h: &Harness) -> anyhow::Result<String> {
    Ok(h.browser.find(Locator::Css("body")).await?.text().await?)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_outage_keeps_the_diagnosis_marked_stale_and_the_reconnect_clears_it()
-> anyhow::Result<()> {
    let h = Harness::start("vmi_outage_stale").await?;
    let (ns, name) = healthy_vmi(&h);
    h.browser.goto(&h.url(&format!("/vmi/{ns}/{name}"))).await?;
    h.wait_text("[data-testid=connection]", T, |t| t == "live")
        .await?;
    h.wait_text("[data-testid=headline]", T, |t| t.contains(&name))
        .await?;
    // The timeline has answered too (history is off here: it says so).
    h.wait_count("[data-testid=timeline] [data-testid=history-off]", T, |n| {
        n == 1
    })
    .await?;
    h.backend_down();
    // The page reads again, fails, and keeps the last diagnosis, marked stale with its age.
    h.wait_count("[data-testid=vmi-stale]", T, |n| n == 1)
        .await?;
    let age = h
        .wait_text("[data-testid=vmi-stale-age]", T, |t| {
            t.chars().any(|c| c.is_ascii_digit())
        })
        .await?;
    h.wait_text("[data-testid=headline]", T, |t| t.contains(&name))
        .await?;
    assert_eq!(failures(&h).await?, Vec::<String>::new(), "no error box");
    let axe = h.axe_serious().await?;
    assert!(axe.is_empty(), "stale: {axe:?}");
    h.screenshot_as("vmi_outage_stale_banner").await?;
    // Through the retries the diagnosis stays and its age grows; no raw error reaches the page.
    h.wait_text("[data-testid=vmi-stale-age]", T, |t| t != age)
        .await?;
    assert_eq!(failures(&h).await?, Vec::<String>::new(), "no error box");
    assert_eq!(h.count("[data-testid=headline]").await?, 1);
    let body = body_text(&h).await?;
    for raw in ["Failed to fetch", "HTTP ", "NetworkError"] {
        assert!(!body.contains(raw), "{raw:?} reached the page: {body}");
    }
    // Back up: the stale mark goes with the reconnect, not at the next periodic read.
    h.backend_up();
    h.wait_text("[data-testid=connection]", Duration::from_secs(30), |t| {
        t == "live"
    })
    .await?;
    let within = Duration::from_secs(model::view::detail::REFRESH_SECS as u64 / 3);
    h.wait_count("[data-testid=vmi-stale]", within, |n| n == 0)
        .await?;
    assert_eq!(failures(&h).await?, Vec::<String>::new());
    h.wait_text("[data-testid=headline]", T, |t| t.contains(&name))
        .await?;
    h.finish().await
}

/// Where the top of the first element matching `css` is on the page (CSS pixels).
async fn top(h: &Harness, css: &str) -> anyhow::Result<f64> {
    let v = h
        .browser
        .execute(
            "const e = document.querySelector(arguments[0]); return e ? e.getBoundingClientRect().top + window.scrollY : -1;",
            vec![serde_json::json!(css)],
        )
        .await?;
    Ok(v.as_f64().unwrap_or(-1.0))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_diagnosis_comes_first_then_the_timeline_on_a_desktop_and_a_phone() -> anyhow::Result<()>
{
    let data = tempfile::tempdir()?;
    let sim = sim::Sim::start_demo().await?;
    let h = Harness::start_recording("vmi_layout", sim, data.path()).await?;
    let (ns, name) = healthy_vmi(&h);
    // `viewport` lays out as a phone below 600 px wide.
    for (w, ht, shot) in [
        (1440, 900, "vmi_layout_1440x900"),
        (390, 844, "vmi_layout_390x844"),
    ] {
        h.viewport(w, ht).await?;
        h.browser.goto(&h.url(&format!("/vmi/{ns}/{name}"))).await?;
        h.wait_text("[data-testid=headline]", T, |t| t.contains(&name))
            .await?;
        // The timeline has drawn its first sighting, fitted to what is recorded.
        h.wait_count("[data-testid=tl-moments] li", T, |n| n >= 1)
            .await?;
        h.wait_count("[data-span=fit][aria-current=true]", T, |n| n == 1)
            .await?;
        let (headline, layers, timeline) = (
            top(&h, "[data-testid=headline]").await?,
            top(&h, "[data-testid=layers]").await?,
            top(&h, "[data-testid=timeline]").await?,
        );
        assert!(
            0.0 <= headline && headline < layers && layers < timeline,
            "{w}x{ht}: headline {headline}, layers {layers}, timeline {timeline}"
        );
        // Nothing wider than the screen.
        let wide = h
            .browser
            .execute(
                "return document.documentElement.scrollWidth - window.innerWidth;",
                vec![],
            )
            .await?;
        assert!(wide.as_f64().unwrap_or(1.0) <= 0.0, "{w}x{ht}: {wide}");
        let axe = h.axe_serious().await?;
        assert!(axe.is_empty(), "{w}x{ht}: {axe:?}");
        h.screenshot_as(shot).await?;
        h.scroll_to("[data-testid=timeline]").await?;
        h.screenshot_as(&format!("{shot}_timeline")).await?;
    }
    h.finish().await
}
