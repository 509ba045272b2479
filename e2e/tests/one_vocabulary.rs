//! One vocabulary and one time format on every page, in both languages (issue 29, point 6).
//!
//! Every page of the demo (overview, migrations, nodes, a node, the wall, a migrating VMI's
//! migrations tab, every tab of a VMI's page, the paste page's migrations tab) is read as a user
//! sees it (the text of visible elements, not titles) and fails on: an abbreviated layer name
//! (`ctrl`, `net`, `migr` and their Japanese shortenings) outside an `<abbr title>`, a layer chip
//! or section not named as the model's `Layer` names it, a plane said as `plane unknown` or
//! `DataPlane plane`, and a time not in the one format: a `<time>` must read relative ("… ago",
//! "… 前") with the exact time in its `title`; a bare date-time or clock time in visible text
//! fails.

use e2e::Harness;
use fantoccini::Locator;
use std::time::Duration;

const T: Duration = Duration::from_secs(20);
const DUMP: &str = include_str!("fixtures/failed-migration.yaml");

/// The layers' names, as `model::verdict::Layer::as_str` and the Japanese catalogue say them.
const NAMES_EN: [&str; 5] = [
    "control plane",
    "node/launcher",
    "guest",
    "network",
    "migration",
];
const NAMES_JA: [&str; 5] = [
    "コントロールプレーン",
    "ノード/ランチャー",
    "ゲスト",
    "ネットワーク",
    "マイグレーション",
];

/// Returns `[texts, layerNames, times]`: the visible text nodes (not inside an `<abbr title>`,
/// not hidden) each with its element, the whole name of every layer chip (its `<abbr>`'s title and
/// what a screen reader is given) and layer section heading, and every `<time>`'s text and title.
const READ: &str = r#"
const texts = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let n = walker.nextNode(); n; n = walker.nextNode()) {
  const el = n.parentElement;
  // A namespace is a name the user chose (the demo has one called `net`), not a word of ours.
  if (!el || el.closest('abbr[title], script, style, svg title, .ns')) continue;
  if (!el.getClientRects().length) continue;
  const s = n.nodeValue.trim();
  if (s) texts.push([s, el.tagName.toLowerCase() + '.' + [...el.classList].join('.')]);
}
const layers = [
  ...[...document.querySelectorAll('.glance abbr[title]')].map(e => e.getAttribute('title')),
  ...[...document.querySelectorAll('.glance .glance-layer .sr-only, section.layer > h3 .layer-name')]
    .map(e => e.textContent.trim()),
];
const times = [...document.querySelectorAll('time')]
  .filter(e => e.getClientRects().length)
  .map(e => [e.textContent.trim(), e.getAttribute('title') || '']);
return [texts, layers, times];
"#;

fn forbidden(text: &str) -> Option<&'static str> {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        // A word runs on through `-._/` (`storage-net`, `vhost-net` are names, not layers).
        .split(|c: char| !c.is_alphanumeric() && !"-._/".contains(c))
        .collect();
    if words.iter().any(|w| matches!(*w, "ctrl" | "net" | "migr")) {
        return Some("an abbreviated layer name");
    }
    if ["制御", "ネット", "移行"].iter().any(|w| text.trim() == *w) {
        return Some("an abbreviated layer name");
    }
    if lower.contains("plane unknown") || lower.contains("プレーン不明") {
        return Some("\"plane unknown\"");
    }
    if ["dataplane plane", "controlplane plane", "unknown plane"]
        .iter()
        .any(|w| lower.contains(w))
    {
        return Some("a plane named by its Rust name");
    }
    if date_time(text) {
        return Some("a time not in the one format (relative, exact on hover)");
    }
    None
}

/// A date-time (`2026-01-02T03:04:05`, `2026-01-02 03:04`) or a bare clock time (`03:04:05`, not
/// part of a longer colon run such as a MAC address).
fn date_time(s: &str) -> bool {
    let b = s.as_bytes();
    let d = |i: usize| b.get(i).is_some_and(u8::is_ascii_digit);
    let c = |i: usize, ch: u8| b.get(i) == Some(&ch);
    (0..b.len()).any(|i| {
        let date = (0..4).all(|k| d(i + k))
            && c(i + 4, b'-')
            && d(i + 5)
            && d(i + 6)
            && c(i + 7, b'-')
            && d(i + 8)
            && d(i + 9)
            && (c(i + 10, b'T') || c(i + 10, b' '))
            && d(i + 11);
        let before = i == 0 || !(b[i - 1] == b':' || b[i - 1].is_ascii_alphanumeric());
        let clock = before
            && d(i)
            && d(i + 1)
            && c(i + 2, b':')
            && d(i + 3)
            && d(i + 4)
            && c(i + 5, b':')
            && d(i + 6)
            && d(i + 7)
            && !c(i + 8, b':')
            && !b.get(i + 8).is_some_and(u8::is_ascii_alphanumeric);
        date || clock
    })
}

/// A `<time>` in the one format: relative text, the exact time in the title.
fn time_ok(text: &str, title: &str) -> bool {
    let relative = text.ends_with(" ago") || text.ends_with("前") || text == "—";
    relative && (text == "—" || date_time(title))
}

async fn read(h: &Harness, label: &str, lang: &str, found: &mut Vec<String>) -> anyhow::Result<()> {
    tokio::time::sleep(Duration::from_millis(600)).await;
    let got = h.browser.execute(READ, vec![]).await?;
    let strs = |v: &serde_json::Value| -> Vec<String> {
        v.as_array()
            .map(|a| {
                a.iter()
                    .map(|x| x.as_str().unwrap_or_default().to_string())
                    .collect()
            })
            .unwrap_or_default()
    };
    for pair in got[0].as_array().map(Vec::as_slice).unwrap_or_default() {
        let (t, at) = (
            pair[0].as_str().unwrap_or_default(),
            pair[1].as_str().unwrap_or_default(),
        );
        if let Some(why) = forbidden(t) {
            found.push(format!("{label}: {why}: {t:?} in {at}"));
        }
    }
    let names = if lang == "ja" { NAMES_JA } else { NAMES_EN };
    for t in strs(&got[1]) {
        if !names.iter().any(|n| t.eq_ignore_ascii_case(n)) {
            found.push(format!(
                "{label}: a layer not named as the model names it: {t:?}"
            ));
        }
    }
    for pair in got[2].as_array().map(Vec::as_slice).unwrap_or_default() {
        let (text, title) = (
            pair[0].as_str().unwrap_or_default(),
            pair[1].as_str().unwrap_or_default(),
        );
        if !time_ok(text, title) {
            found.push(format!("{label}: a <time> not relative with the exact time on hover: {text:?} (title {title:?})"));
        }
    }
    Ok(())
}

#[test]
fn the_reader_tells_forms_apart() {
    assert!(forbidden("ctrl").is_some());
    assert!(forbidden("net ✓").is_some());
    assert!(forbidden("network").is_none());
    assert!(forbidden("Failure (DataPlane plane, Aborted)").is_some());
    assert!(forbidden("plane unknown").is_some());
    assert!(forbidden("at 12:03:04").is_some());
    assert!(forbidden("2026-01-02T03:04:05Z").is_some());
    assert!(forbidden("52:54:00:12:34:56").is_none());
    assert!(forbidden("10.0.0.1/24").is_none());
    assert!(forbidden("devices.kubevirt.io/vhost-net").is_none());
    assert!(forbidden("[prod/storage-net].ips").is_none());
    assert!(time_ok("3m10s ago", "2026-01-02 03:04:05 UTC"));
    assert!(!time_ok("2026-01-02T03:04:05Z", ""));
    assert!(!time_ok("3m ago", ""));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_speaks_one_vocabulary_and_one_time_format() -> anyhow::Result<()> {
    let data = tempfile::tempdir()?;
    let sim = sim::Sim::start_demo().await?;
    let h = Harness::start_recording("one_vocabulary", sim, data.path()).await?;
    let (ns, name, node) = h.migratable_vmi("");
    let (mns, mname, _) = h.migratable_vmi(&name);
    let vmim = h
        .sim
        .migrate(&mns, &mname, "long")
        .map_err(anyhow::Error::msg)?;
    let vmi = format!("/vmi/{ns}/{name}");
    let mig = format!("/vmi/{mns}/{mname}");
    let mut pages: Vec<(String, &str)> = vec![
        ("/".into(), "article.vmi-card"),
        ("/migrations".into(), "[data-testid=migrations-table]"),
        ("/nodes".into(), "[data-testid=node-list]"),
        (format!("/node/{node}"), "[data-testid=drain-table]"),
        ("/wall".into(), "[data-testid=wall]"),
        (
            format!("{mig}?tab=migrations&mig={vmim}"),
            "[data-testid=migration-graph]",
        ),
    ];
    for (tab, ready) in [
        ("diagnosis", "[data-testid=layers]"),
        ("network", "[data-testid=interfaces]"),
        ("guest", "[data-testid=guest]"),
        ("events", "[data-testid=events]"),
        ("migrations", "[data-testid=migrations]"),
    ] {
        pages.push((format!("{vmi}?tab={tab}"), ready));
    }
    let mut found = Vec::new();
    for lang in ["en", "ja"] {
        h.browser.goto(&h.url("/")).await?;
        h.browser
            .execute(
                "localStorage.setItem('strata.lang', arguments[0]);",
                vec![lang.into()],
            )
            .await?;
        for (path, ready) in &pages {
            h.browser.goto(&h.url(path)).await?;
            let label = format!("[{lang}] {path}");
            match h.wait_count(ready, T, |n| n > 0).await {
                Ok(_) => read(&h, &label, lang, &mut found).await?,
                Err(e) => found.push(format!("{label}: not ready: {e}")),
            }
        }
        h.browser.goto(&h.url("/diagnose")).await?;
        h.paste_and_run(DUMP).await?;
        h.wait_count("[data-testid=headline]", T, |n| n > 0).await?;
        read(&h, &format!("[{lang}] paste"), lang, &mut found).await?;
        h.browser
            .find(Locator::Css("a[data-tab=migrations]"))
            .await?
            .click()
            .await?;
        h.wait_count("[data-testid=migration-graph]", T, |n| n > 0)
            .await?;
        read(&h, &format!("[{lang}] paste migrations"), lang, &mut found).await?;
        if lang == "en" {
            h.browser
                .goto(&h.url(&format!("{mig}?tab=migrations&mig={vmim}")))
                .await?;
            h.wait_count("[data-testid=migration-graph]", T, |n| n > 0)
                .await?;
            h.screenshot_as("one_vocabulary_migration").await?;
            h.browser.goto(&h.url("/")).await?;
            h.wait_count("article.vmi-card", T, |n| n > 0).await?;
            h.screenshot_as("one_vocabulary_overview").await?;
        }
    }
    h.finish().await?;
    assert!(
        found.is_empty(),
        "{} offences:\n{}",
        found.len(),
        found.join("\n")
    );
    Ok(())
}
