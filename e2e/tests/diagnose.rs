//! The paste-a-dump page: the diagnosis runs in the browser, the share link carries the dump in
//! the URL fragment, and the link reopens the same view; a paste of real material (a
//! virt-launcher log and a `kubectl describe pod` output) shows how each block was read.

use e2e::Harness;
use fantoccini::Locator;
use std::time::Duration;

const DUMP: &str = include_str!("fixtures/failed-migration.yaml");
const T: Duration = Duration::from_secs(10);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pasted_dump_is_diagnosed_in_the_browser() -> anyhow::Result<()> {
    let h = Harness::start("diagnose_pasted_dump").await?;
    h.browser.goto(&h.url("/diagnose")).await?;
    h.wait_count("[data-testid=dump-input]", T, |n| n == 1)
        .await?;
    // The analyser is a separate module, not loaded with the page...
    let loaded = "return performance.getEntriesByType('resource').some(e => e.name.includes('dump_module'));";
    assert_eq!(
        h.browser.execute(loaded, vec![]).await?,
        serde_json::Value::Bool(false),
        "the dump analyser was loaded before it was needed"
    );
    h.paste_and_run(DUMP).await?;
    // Two VMIs in the dump, the first one selected.
    h.wait_text("[data-testid=dg-count]", T, |t| t == "2")
        .await?;
    let headline = h
        .wait_text("[data-testid=headline]", T, |t| !t.is_empty())
        .await?;
    eprintln!("headline: {headline}");
    // ...but on first use.
    assert_eq!(
        h.browser.execute(loaded, vec![]).await?,
        serde_json::Value::Bool(true)
    );
    // The layers side by side, five of them, each with a verdict.
    assert_eq!(h.count(".layers .layer").await?, 5);
    assert_eq!(h.count(".layers .layer > h3 .health").await?, 5);
    // What to do about it, shown with the finding (issue 29, point 6).
    h.wait_count(
        ".finding[data-health=broken] [data-testid=remedy] ul.remedy li, \
         .finding[data-health=degraded] [data-testid=remedy] ul.remedy li",
        T,
        |n| n > 0,
    )
    .await?;
    // Conditions with explanations.
    h.wait_text("[data-condition=LiveMigratable] .explain", T, |t| {
        !t.is_empty()
    })
    .await?;
    // activePods as source and target with nodes.
    let pods = h
        .wait_text("[data-testid=pods]", T, |t| t.contains("worker-b"))
        .await?;
    assert!(pods.contains("target") && pods.contains("source"), "{pods}");

    // Share link: the dump is in the fragment, nothing else was sent.
    let url = h.current_url().await?;
    assert!(url.contains("#dump="), "{url}");

    // Network tab: provenance badges and the Multus disagreement highlighted.
    h.browser
        .find(Locator::Css("a[data-tab=network]"))
        .await?
        .click()
        .await?;
    h.wait_text("[data-testid=interfaces]", T, |t| {
        t.contains("multus-status")
    })
    .await?;
    assert!(h.count("[data-testid=interfaces] .src-guest-agent").await? >= 2);
    assert!(
        h.count("tr.disagree[data-iface=storage]").await? == 1,
        "the storage interface disagrees with Multus"
    );
    h.scroll_to(".vmi-head").await?;
    h.screenshot_as("diagnose_network_tab").await?;

    // Migrations tab: the state graph with the failure.
    h.browser
        .find(Locator::Css("a[data-tab=migrations]"))
        .await?
        .click()
        .await?;
    h.wait_count("[data-testid=migration-graph]", T, |n| n == 1)
        .await?;
    assert_eq!(
        h.count("[data-testid=migration-graph] g[data-phase=Failed][data-state=failed]")
            .await?,
        1,
        "the failure branch is drawn as reached"
    );
    assert_eq!(
        h.count("[data-testid=migration-graph] g[data-phase=Running][data-state=passed]")
            .await?,
        1
    );
    let url_with_tab = h.current_url().await?;
    assert!(url_with_tab.contains("tab=migrations"), "{url_with_tab}");
    assert!(url_with_tab.contains("#dump="), "{url_with_tab}");
    h.scroll_to("[data-testid=mg-detail]").await?;
    h.screenshot_as("diagnose_migration_graph").await?;

    // The link opened afresh shows the same diagnosis and tab.
    h.browser.goto("about:blank").await?;
    h.browser.goto(&url_with_tab).await?;
    h.wait_text("[data-testid=headline]", T, |t| t == headline)
        .await?;
    h.wait_count("[data-testid=migration-graph]", T, |n| n == 1)
        .await?;

    // The second VMI: paused while Running.
    h.browser
        .find(Locator::Css(".dg-list a[data-key='prod/web-frontend-1']"))
        .await?
        .click()
        .await?;
    h.wait_text(".vmi-head .badge-paused", T, |t| t == "Paused")
        .await?;
    h.wait_text(".vmi-head [data-testid=phase]", T, |t| t == "Running")
        .await?;
    h.browser
        .find(Locator::Css("a[data-tab=diagnosis]"))
        .await?
        .click()
        .await?;
    h.wait_count(".layers .layer", T, |n| n == 5).await?;
    h.finish().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unreadable_input_gets_a_clear_message() -> anyhow::Result<()> {
    let h = Harness::start("diagnose_unreadable_input").await?;
    h.browser.goto(&h.url("/diagnose")).await?;
    h.wait_count("[data-testid=dump-input]", T, |n| n == 1)
        .await?;
    h.set_value(
        "[data-testid=dump-input]",
        // A describe is read now (the paste reader knows its shape); YAML broken on its first
        // line is not, and the message says where.
        "kind: [\n",
    )
    .await?;
    h.browser
        .find(Locator::Css("[data-testid=run]"))
        .await?
        .click()
        .await?;
    let msg = h
        .wait_text("[data-testid=parse-error]", T, |t| !t.is_empty())
        .await?;
    eprintln!("{msg}");
    assert!(msg.contains("line 1"), "{msg}");
    // A damaged share link also explains itself.
    h.browser.goto("about:blank").await?;
    h.browser.goto(&h.url("/diagnose#dump=AAAA")).await?;
    h.wait_text("[data-testid=parse-error]", T, |t| t.contains("damaged"))
        .await?;
    h.finish().await
}

/// Real corpus items, as users posted them, without the corpus' `# ` header lines.
fn corpus(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("# "))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_real_paste_shows_how_each_block_was_read() -> anyhow::Result<()> {
    let log = corpus(include_str!(
        "../../model/tests/fixtures/real/040-virt-launcher-virtqemud-sock-connect.txt"
    ));
    // The item's `kubectl describe pod` output, from its `Name:` line on.
    let item = corpus(include_str!(
        "../../model/tests/fixtures/real/070-harvester-launcher-pending-insufficient-memory.txt"
    ));
    let describe = &item[item.find("\nName:").map_or(0, |at| at + 1)..];
    let paste = format!("{log}\n{describe}");
    let h = Harness::start("diagnose_blocks_read").await?;
    h.browser.goto(&h.url("/diagnose")).await?;
    h.wait_count("[data-testid=dump-input]", T, |n| n == 1)
        .await?;
    h.paste_and_run(&paste).await?;
    let blocks = h
        .wait_text("[data-testid=dg-blocks]", T, |t| !t.is_empty())
        .await?;
    eprintln!("{blocks}");
    let block = "[data-testid=dg-blocks] li.dg-block";
    assert!(
        h.count(&format!("{block}[data-format='component log']"))
            .await?
            >= 1,
        "no component log block: {blocks}"
    );
    assert!(
        h.count(&format!("{block}[data-format='kubectl describe output']"))
            .await?
            >= 1,
        "no describe block: {blocks}"
    );
    assert!(blocks.contains("How the input was read"), "{blocks}");
    // Each block names its lines.
    assert!(blocks.contains("lines 1-"), "{blocks}");
    h.scroll_to("[data-testid=dg-blocks]").await?;
    h.screenshot_as("diagnose_blocks_read_en").await?;

    // The same in Japanese.
    h.browser
        .execute(
            "const s = document.querySelector('[data-testid=lang]'); s.value = 'ja'; s.dispatchEvent(new Event('change'));",
            vec![],
        )
        .await?;
    h.wait_text("[data-testid=dg-blocks] summary", T, |t| {
        t.contains("入力の読み取り方")
    })
    .await?;
    h.scroll_to("[data-testid=dg-blocks]").await?;
    h.screenshot_as("diagnose_blocks_read_ja").await?;
    h.finish().await
}

/// A paste whose error lines no rule places (a corpus item of the working sets: a launcher's
/// memory told by `ps` and the kernel) gets, among the notes, the layer its words suggest,
/// marked as a hint (`model::input::lexicon`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn error_lines_no_rule_places_get_the_words_hint_in_the_notes() -> anyhow::Result<()> {
    let paste = corpus(include_str!(
        "../../model/tests/fixtures/fresh/batch18/016-multi-harvester-vm-cgroup-oom-launcher-memory-limit-ps-rss.txt"
    ));
    let h = Harness::start("diagnose_words_hint").await?;
    h.browser.goto(&h.url("/diagnose")).await?;
    h.wait_count("[data-testid=dump-input]", T, |n| n == 1)
        .await?;
    h.paste_and_run(&paste).await?;
    let notes = ".dg-list > details:not([data-testid])";
    h.wait_count(notes, T, |n| n == 1).await?;
    h.browser
        .execute(
            "document.querySelector('.dg-list > details:not([data-testid])').open = true;",
            vec![],
        )
        .await?;
    let text = h
        .wait_text(notes, T, |t| t.contains("a learned reading"))
        .await?;
    assert!(text.contains("node/launcher was at fault"), "{text}");
    assert!(text.contains("a hint, not a finding"), "{text}");
    h.scroll_to(notes).await?;
    h.screenshot_as("diagnose_words_hint").await?;
    h.finish().await
}

/// The failed-migration dump, then `events` Event objects about pods of no VMI in the dump
/// (read, grouped and counted as unmatched, so the answer stays small).
fn large_paste(events: usize) -> String {
    let mut paste = String::from(DUMP);
    for i in 0..events {
        paste.push_str(&format!(
            "---\napiVersion: v1\nkind: Event\nmetadata:\n  name: other-{i}.17a\n  \
             namespace: batch\ninvolvedObject:\n  kind: Pod\n  name: job-{i}\n  \
             namespace: batch\nreason: Pulled\ntype: Normal\n\
             message: Container image \"busybox\" already present on machine\n\
             lastTimestamp: \"2024-05-01T10:00:00Z\"\n"
        ));
    }
    paste
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_large_paste_is_read_while_the_page_stays_interactive() -> anyhow::Result<()> {
    let paste = large_paste(12_000);
    let h = Harness::start("diagnose_large_paste").await?;
    h.browser.goto(&h.url("/diagnose")).await?;
    h.set_value("[data-testid=dump-input]", &paste).await?;
    // The browser lays the long text out once (that is not the analysis), before the ticker.
    h.browser
        .execute(
            "return document.querySelector('#dump').scrollHeight;",
            vec![],
        )
        .await?;
    tokio::time::sleep(Duration::from_secs(1)).await;
    // A ticker every 20 ms notes the longest gap between its ticks while the page is busy: an
    // analysis on the main thread would stop it for the whole analysis.
    h.browser
        .execute(
            "window.__gap = { max: 0, ticks: 0, last: 0, long: [], t0: performance.now() };\n\
             setInterval(() => {\n\
               const now = performance.now(), g = window.__gap;\n\
               const busy = !!document.querySelector('[data-testid=busy]');\n\
               if (busy && g.last) { g.max = Math.max(g.max, now - g.last); g.ticks += 1; }\n\
               if (g.last && now - g.last > 100) g.long.push([Math.round(g.last - g.t0), Math.round(now - g.last)]);\n\
               g.last = busy ? now : 0;\n\
             }, 20);",
            vec![],
        )
        .await?;
    let started = std::time::Instant::now();
    h.browser
        .find(Locator::Css("[data-testid=run]"))
        .await?
        .click()
        .await?;
    h.wait_count("[data-testid=busy]", T, |n| n == 1).await?;
    // While the worker starts and analyses, nothing else happens on the page for a while: the
    // ticker must keep running (the gap still open counts too).
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let gap = h
        .browser
        .execute(
            "const g = window.__gap; const open = g.last ? performance.now() - g.last : 0;\n\
             return { max: Math.max(g.max, open), ticks: g.ticks };",
            vec![],
        )
        .await?;
    let still_busy = h.count("[data-testid=busy]").await? == 1;
    eprintln!("ticker while busy: {gap} (still busy: {still_busy})");
    let max = gap["max"].as_f64().unwrap_or(f64::INFINITY);
    let ticks = gap["ticks"].as_u64().unwrap_or(0);
    assert!(ticks >= 5, "the ticker hardly ran while busy ({gap})");
    assert!(
        max < 500.0,
        "the main thread stopped for {max} ms while busy"
    );
    h.screenshot_as("diagnose_large_paste_reading").await?;
    // A click is handled while the analysis runs: the theme switches.
    let theme = "return document.documentElement.getAttribute('data-theme');";
    let before = h.browser.execute(theme, vec![]).await?;
    h.browser
        .find(Locator::Css("[data-testid=theme]"))
        .await?
        .click()
        .await?;
    let after = h.browser.execute(theme, vec![]).await?;
    eprintln!("theme {before} -> {after}");
    assert_ne!(before, after, "the click was not handled");
    // The result appears: the dump's two VMIs, the events counted but not shown as VMIs.
    h.wait_text("[data-testid=dg-count]", Duration::from_secs(120), |t| {
        t == "2"
    })
    .await?;
    eprintln!("analysis and rendering took {:?}", started.elapsed());
    h.screenshot_as("diagnose_large_paste_read").await?;
    h.finish().await
}
