//! The overview: every card field, counts by verdict, grouping, search and filters kept in the
//! URL, and the virtualized list with 10,000 VMIs.

use e2e::Harness;
use fantoccini::Locator;
use std::time::{Duration, Instant};
use tokio::net::TcpListener;

const T: Duration = Duration::from_secs(15);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn search_group_and_verdict_filters_live_in_the_url() -> anyhow::Result<()> {
    let h = Harness::start("overview_filters").await?;
    h.browser.goto(&h.url("/")).await?;
    let (_, vmis) = h.sim.store().list(&sim::store::VMI, None);
    let total = vmis.len();
    h.wait_text("[data-testid=vmi-count]", T, |t| t == total.to_string())
        .await?;
    // Every card has the fields and three layer verdicts; the IP is the VMI's first interface's.
    let first = &vmis[0];
    let (ns, name) = (
        first["metadata"]["namespace"].as_str().unwrap(),
        first["metadata"]["name"].as_str().unwrap(),
    );
    h.browser.goto(&h.url(&format!("/?q={name}"))).await?;
    let card_css = format!("article.vmi-card[data-key='{ns}/{name}']");
    h.wait_count(&card_css, T, |n| n == 1).await?;
    let card = h.browser.find(Locator::Css(&card_css)).await?;
    for field in ["phase", "node", "ip", "migratable", "agent"] {
        card.find(Locator::Css(&format!("[data-testid={field}]")))
            .await?;
    }
    assert_eq!(
        card.find_all(Locator::Css(".glance[data-health]"))
            .await?
            .len(),
        5,
        "one chip per layer: control plane, node, guest, network, migration"
    );
    let ip = first["status"]["interfaces"][0]["ipAddress"]
        .as_str()
        .unwrap_or("—");
    assert_eq!(
        card.find(Locator::Css("[data-testid=ip]"))
            .await?
            .text()
            .await?,
        ip
    );
    let node = first["status"]["nodeName"].as_str().unwrap_or("—");
    assert_eq!(
        card.find(Locator::Css("[data-testid=node]"))
            .await?
            .text()
            .await?,
        node
    );
    // The verdict counts add up to the total, and match the cards (scrolled through).
    h.browser.goto(&h.url("/")).await?;
    h.wait_text("[data-testid=vmi-count]", T, |t| t == total.to_string())
        .await?;
    // The demo cluster lives on while the cards are scrolled through: a VMI whose verdict
    // changes meanwhile is read before and after; the counts are compared with the cards when
    // they did not move during the scroll.
    let mut tries = 0;
    let (cards, counts) = loop {
        let before = verdict_counts(&h).await?;
        let cards = h.collect_cards_full().await?;
        let after = verdict_counts(&h).await?;
        tries += 1;
        if before == after || tries == 5 {
            break (cards, after);
        }
    };
    assert_eq!(cards.len(), total);
    let mut sum = 0;
    for (v, n) in counts {
        assert_eq!(
            n,
            cards.values().filter(|c| c.verdict == v).count(),
            "count of {v}"
        );
        sum += n;
    }
    assert_eq!(sum, total);
    assert!(
        cards.values().any(|c| c.verdict == "broken"),
        "the demo has broken VMIs"
    );

    // Search narrows the list and is written to the URL.
    h.browser
        .find(Locator::Css("[data-testid=search]"))
        .await?
        .send_keys("postgres")
        .await?;
    h.wait_count("article.vmi-card", T, |n| n == 1).await?;
    h.wait_text("[data-testid=shown-count]", T, |t| t.starts_with("1 "))
        .await?;
    let url = h.current_url().await?;
    assert!(url.contains("q=postgres"), "{url}");

    // Group by node: headers appear, and the grouping is in the URL.
    h.browser.goto(&h.url("/?group=node")).await?;
    h.wait_count(".group-head", T, |n| n >= 2).await?;
    let heads = h.browser.find_all(Locator::Css(".group-head")).await?;
    let mut labels = Vec::new();
    for el in heads {
        labels.push(el.attr("data-group").await?.unwrap_or_default());
    }
    assert!(labels.iter().any(|l| l == "worker-1"), "{labels:?}");
    assert!(labels.iter().any(|l| l == "(no node)"), "{labels:?}");

    // A verdict filter from a fresh load of a URL.
    h.browser
        .goto(&h.url("/?verdict=healthy&group=namespace"))
        .await?;
    h.wait_text("[data-testid=vmi-count]", T, |t| t == total.to_string())
        .await?;
    let shown = h.count("article.vmi-card").await?;
    assert_eq!(
        shown,
        h.count("article.vmi-card[data-verdict=healthy]").await?
    );
    let pressed = h
        .browser
        .find(Locator::Css("button.chip[data-verdict=healthy]"))
        .await?
        .attr("aria-pressed")
        .await?;
    assert_eq!(pressed.as_deref(), Some("true"));
    // Clicking the chip again clears the filter from the URL.
    h.browser
        .find(Locator::Css("button.chip[data-verdict=healthy]"))
        .await?
        .click()
        .await?;
    h.wait_text("[data-testid=shown-count]", T, |t| {
        t.starts_with(&format!("{total} "))
    })
    .await?;
    let url = h.current_url().await?;
    assert!(!url.contains("verdict="), "{url}");
    assert!(url.contains("group=namespace"), "{url}");
    h.finish().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_thousand_vmis_only_visible_cards_in_the_dom() -> anyhow::Result<()> {
    // The simulator's scale mode: 10,000 running VMs over 20 namespaces `tenant-00`..`tenant-19`.
    let args = sim::SimArgs {
        scenarios: "none".into(),
        vmis: 10_000,
        ..sim::SimArgs::default()
    };
    let sim = sim::Sim::start_with(TcpListener::bind(("127.0.0.1", 0)).await?, &args).await?;
    let h = Harness::start_with("overview_10k", sim).await?;
    let start = Instant::now();
    while h.console.store.items().len() < 10_000 {
        // A generous bound (a debug build on a busy machine); how long it takes is the bench's
        // `overview_sync_10000`.
        anyhow::ensure!(
            start.elapsed() < Duration::from_secs(180),
            "the backend did not list 10,000 VMIs within 180 s"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    eprintln!("backend has 10,000 VMIs after {:?}", start.elapsed());
    let start = Instant::now();
    // By name: the last VMI is at the end, and a change deep in the list stays there (worst
    // first, the default, would bring a failed VMI to the top).
    h.browser.goto(&h.url("/?sort=name")).await?;
    h.wait_text("[data-testid=vmi-count]", Duration::from_secs(60), |t| {
        t == "10000"
    })
    .await?;
    eprintln!("10,000 VMIs shown after {:?}", start.elapsed());
    let in_dom = h.wait_count("article.vmi-card", T, |n| n > 0).await?;
    assert!(
        in_dom < 200,
        "{in_dom} cards in the DOM: the list is not virtualized"
    );
    // Scroll to the end: the last VMI's card is rendered, the first is gone.
    h.browser
        .execute("window.scrollTo(0, document.body.scrollHeight);", vec![])
        .await?;
    h.wait_count("article.vmi-card[data-key='tenant-19/vm-09999']", T, |n| {
        n == 1
    })
    .await?;
    assert_eq!(
        h.count("article.vmi-card[data-key='tenant-00/vm-00000']")
            .await?,
        0
    );
    assert!(h.count("article.vmi-card").await? < 200);
    // A live change deep in the list shows when scrolled to.
    assert!(h.sim.set_vmi_phase("tenant-19", "vm-09979", "Failed"));
    h.wait_text(
        "article.vmi-card[data-key='tenant-19/vm-09979'] [data-testid=phase]",
        T,
        |t| t == "Failed",
    )
    .await?;
    // Scrolling through the list builds the cards that come into view and drops the others
    // (how long it takes is the bench's `overview_scroll_10000`).
    h.browser
        .execute_async(
            "const done = arguments[0]; let i = 0;\n\
             function step() { window.scrollTo(0, i * 1500); document.body.offsetHeight; i++;\n\
               if (i < 20) requestAnimationFrame(step); else done(); }\n\
             step();",
            vec![],
        )
        .await?;
    assert!(h.count("article.vmi-card").await? < 200);
    h.finish().await
}

/// The overview's count per verdict, as shown.
async fn verdict_counts(h: &Harness) -> anyhow::Result<Vec<(&'static str, usize)>> {
    let mut out = Vec::new();
    for v in ["broken", "degraded", "healthy", "unknown"] {
        let n: usize = h
            .browser
            .find(Locator::Css(&format!("[data-testid=count-{v}]")))
            .await?
            .text()
            .await?
            .parse()?;
        out.push((v, n));
    }
    Ok(out)
}
