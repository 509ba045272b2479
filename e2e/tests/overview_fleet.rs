//! The overview across a fleet (issue 32, item 3): `strata demo --clusters 3` as a process, a
//! summary row per cluster (the views module's deferred rows), grouping by cluster and filtering
//! to one by its row, both kept in the URL and restored by a reload; and with one cluster none
//! of it shown or asked for.

use anyhow::{Result, bail};
use e2e::{Browser, Harness, process};
use fantoccini::Client;
use serde_json::Value;
use std::time::{Duration, Instant};

const T: Duration = Duration::from_secs(30);

/// The fleet's names, the first cluster first (`sim::fleet::plan::demo_fleet`).
const NAMES: [&str; 3] = ["prod", "staging", "edge"];

/// Runs `script` in the page until `done` holds for its answer; answers that value. A script
/// the browser fails (a page between two documents) is run again, as `Harness::wait_text` does.
async fn until(
    c: &Client,
    what: &str,
    script: &str,
    done: impl Fn(&Value) -> bool,
) -> Result<Value> {
    let deadline = Instant::now() + T;
    loop {
        let last = match c.execute(script, vec![]).await {
            Ok(v) if done(&v) => return Ok(v),
            Ok(v) => v.to_string(),
            Err(e) => format!("error: {e}"),
        };
        if Instant::now() > deadline {
            bail!("{what}: not within {T:?}; last seen {last}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The summary rows' cluster names, in order.
const ROWS: &str = "return Array.from(document.querySelectorAll('[data-testid=fleet] tbody tr')).map(r => r.dataset.cluster);";

/// Each row's VMIs summed over its verdicts, and the overview's VMI count, read in one go.
const SUMS: &str = "const rows = Array.from(document.querySelectorAll('[data-testid=fleet] tbody tr'));\n\
    const sum = rows.map(r => Array.from(r.querySelectorAll('td[data-verdict]')).reduce((n, td) => n + Number(td.textContent), 0));\n\
    const total = document.querySelector('[data-testid=vmi-count]');\n\
    return { sum, total: total ? Number(total.textContent) : -1 };";

/// The keys of the cards drawn now (the list is virtual: those near the viewport).
const CARDS: &str =
    "return Array.from(document.querySelectorAll('article.vmi-card')).map(c => c.dataset.key);";

/// The state of the controls the URL drives: the grouping select, the pressed row, the group
/// headers drawn.
const CONTROLS: &str = "const g = document.querySelector('[data-testid=group]');\n\
    const on = Array.from(document.querySelectorAll('[data-testid=fleet] tbody tr button[aria-pressed=true]')).map(b => b.textContent);\n\
    const heads = Array.from(document.querySelectorAll('h2.group-head')).map(h => h.dataset.group);\n\
    return { group: g ? g.value : null, on, heads, url: location.search };";

async fn click(c: &Client, css: &str) -> Result<()> {
    let script = format!(
        "const el = document.querySelector({css:?}); if (!el) return false; el.click(); return true;"
    );
    until(c, &format!("click {css}"), &script, |v| {
        v == &Value::Bool(true)
    })
    .await?;
    Ok(())
}

/// True when every key of `cards` (at least one) is the cluster `key_cluster`'s (`""`: the
/// first cluster, whose keys name none: `cluster:ns/name` for the others).
fn all_of(cards: &Value, key_cluster: &str) -> bool {
    let keys: Vec<&str> = cards
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    !keys.is_empty()
        && keys.iter().all(|k| match k.split_once(':') {
            Some((c, _)) => c == key_cluster,
            None => key_cluster.is_empty(),
        })
}

/// `strata demo --clusters 3` on a free port, and a browser.
async fn fleet() -> Result<(std::net::SocketAddr, process::Serve, Browser)> {
    fleet_of(3).await
}

/// `strata demo --clusters n` on a free port, and a browser.
async fn fleet_of(n: u16) -> Result<(std::net::SocketAddr, process::Serve, Browser)> {
    let port = e2e::free_port().await?;
    let addr = std::net::SocketAddr::from(([127, 0, 0, 1], port));
    let strata = process::demo_fleet(n, addr, &e2e::dist_dir()?).await?;
    Ok((addr, strata, Browser::start().await?))
}

fn save_screenshot(png: &[u8], name: &str) -> Result<()> {
    let dir = e2e::screens_dir();
    std::fs::create_dir_all(&dir)?;
    std::fs::write(dir.join(format!("{name}.png")), png)?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fleet_overview_groups_and_filters_by_cluster_in_the_url() -> Result<()> {
    let (addr, _strata, b) = fleet().await?;
    let c = &b.client;
    c.goto(&format!("http://{addr}/")).await?;

    // One summary row per cluster, the first one under its name (from the clusters' answer).
    let names = until(c, "three summary rows", ROWS, |v| {
        v.as_array().is_some_and(|a| {
            a.len() == 3 && a.iter().all(|n| n.as_str().is_some_and(|s| !s.is_empty()))
        })
    })
    .await?;
    assert_eq!(names, serde_json::json!(NAMES));
    // Every streamed VMI counted in its cluster's row, and every cluster has some.
    until(c, "the rows count every VMI", SUMS, |v| {
        let sum: Vec<i64> = v["sum"]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_i64).collect())
            .unwrap_or_default();
        sum.len() == 3
            && sum.iter().all(|n| *n > 0)
            && sum.iter().sum::<i64>() == v["total"].as_i64().unwrap_or(-1)
    })
    .await?;

    // Group by cluster: the first group is the first cluster's, under its name.
    let set_group = "const g = document.querySelector('[data-testid=group]');\n\
        const o = g && g.querySelector('option[value=cluster]'); if (!o || o.hidden) return false;\n\
        g.value = 'cluster'; g.dispatchEvent(new Event('change', { bubbles: true })); return true;";
    until(c, "the grouping by cluster offered", set_group, |v| {
        v == &Value::Bool(true)
    })
    .await?;
    until(c, "grouped by cluster", CONTROLS, |v| {
        v["url"]
            .as_str()
            .is_some_and(|u| u.contains("group=cluster"))
            && v["heads"]
                .as_array()
                .and_then(|h| h.first())
                .and_then(Value::as_str)
                == Some("prod")
    })
    .await?;
    // The screenshot of the docs: three clusters, grouped.
    save_screenshot(&c.screenshot().await?, "overview-fleet")?;

    // A row's name filters to its cluster; the URL holds it.
    click(c, "[data-testid=fleet] tr[data-cluster=staging] button").await?;
    let state = until(c, "filtered to staging", CONTROLS, |v| {
        v["url"]
            .as_str()
            .is_some_and(|u| u.contains("cluster=staging"))
            && v["on"] == serde_json::json!(["staging"])
    })
    .await?;
    assert_eq!(state["group"], "cluster", "{state}");
    until(c, "staging's cards alone", CARDS, |v| all_of(v, "staging")).await?;
    until(c, "one group, staging's", CONTROLS, |v| {
        v["heads"] == serde_json::json!(["staging"])
    })
    .await?;

    // A reload of that URL restores both.
    let url = c.current_url().await?.to_string();
    assert!(
        url.contains("cluster=staging") && url.contains("group=cluster"),
        "{url}"
    );
    c.goto(&url).await?;
    until(c, "the rows again", ROWS, |v| {
        v.as_array().is_some_and(|a| a.len() == 3)
    })
    .await?;
    until(c, "restored from the URL", CONTROLS, |v| {
        v["on"] == serde_json::json!(["staging"])
            && v["group"] == "cluster"
            && v["heads"] == serde_json::json!(["staging"])
    })
    .await?;
    until(c, "staging's cards alone after the reload", CARDS, |v| {
        all_of(v, "staging")
    })
    .await?;

    // The first cluster by its name, though its keys name none.
    click(c, "[data-testid=fleet] tr[data-cluster=prod] button").await?;
    until(c, "filtered to prod", CONTROLS, |v| {
        v["url"]
            .as_str()
            .is_some_and(|u| u.contains("cluster=prod"))
            && v["heads"] == serde_json::json!(["prod"])
    })
    .await?;
    until(c, "prod's cards alone", CARDS, |v| all_of(v, "")).await?;
    // Its row again: every cluster.
    click(c, "[data-testid=fleet] tr[data-cluster=prod] button").await?;
    until(c, "every cluster again", CONTROLS, |v| {
        v["url"]
            .as_str()
            .is_some_and(|u| !u.contains("cluster=prod"))
            && v["on"] == serde_json::json!([])
    })
    .await?;
    c.clone().close().await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_one_cluster_the_overview_shows_and_asks_nothing_more() -> Result<()> {
    let h = Harness::start("overview_one_cluster").await?;
    // Even a fleet's URL (a link from a fleet's console) changes nothing.
    h.browser
        .goto(&h.url("/?group=cluster&cluster=staging"))
        .await?;
    let (_, vmis) = h.sim.store().list(&sim::store::VMI, None);
    h.wait_text("[data-testid=vmi-count]", T, |t| {
        t == vmis.len().to_string()
    })
    .await?;
    h.wait_count("article.vmi-card", T, |n| n > 0).await?;
    // Long enough for a request the page would make on its first data.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let seen = h
        .browser
        .execute(
            "return { fleet: document.querySelectorAll('[data-testid=fleet], [data-deferred=fleet-rows]').length,\n\
               options: Array.from(document.querySelectorAll('[data-testid=group] option')).filter(o => !o.hidden).map(o => o.value),\n\
               group: document.querySelector('[data-testid=group]').value,\n\
               heads: document.querySelectorAll('h2.group-head').length,\n\
               asked: performance.getEntriesByType('resource').filter(e => e.name.includes('/api/v1/clusters')).length };",
            vec![],
        )
        .await?;
    assert_eq!(
        seen,
        serde_json::json!({ "fleet": 0, "options": ["", "verdict", "node", "namespace"], "group": "", "heads": 0, "asked": 0 }),
        "no summary rows, no grouping by cluster, no request for the clusters"
    );
    h.finish().await
}

/// Each tile's cluster, its broken count and the keys it names; and the wall's broken count.
const TILES: &str = "const tiles = Array.from(document.querySelectorAll('[data-testid=wall-fleet] .wall-tile')).map(t => ({\n\
      cluster: t.dataset.cluster, broken: Number(t.dataset.broken),\n\
      keys: Array.from(t.querySelectorAll('li[data-key]')).map(li => li.dataset.key) }));\n\
    const n = document.querySelector('.wall-count[data-verdict=broken] .n');\n\
    const f = document.querySelector('[data-testid=wall-fleet]');\n\
    const l = document.querySelector('[data-testid=wall-list]');\n\
    return { tiles, broken: n ? Number(n.textContent) : -1, seen: f ? f.getBoundingClientRect().bottom <= innerHeight : false,\n\
      fits: l ? l.getBoundingClientRect().bottom <= innerHeight : false };";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fleet_wall_has_a_tile_per_cluster_with_its_broken_vmis() -> Result<()> {
    let (addr, _strata, b) = fleet().await?;
    let c = &b.client;
    // A wall screen: about 1920x1080 inside the headless window.
    c.set_window_size(1920, 1223).await?;
    c.goto(&format!("http://{addr}/wall")).await?;
    let seen = until(
        c,
        "a tile per cluster, adding up to the wall's broken count",
        TILES,
        |v| {
            let tiles = v["tiles"].as_array().map(Vec::as_slice).unwrap_or_default();
            let names: Vec<&str> = tiles.iter().filter_map(|t| t["cluster"].as_str()).collect();
            let sum: i64 = tiles.iter().filter_map(|t| t["broken"].as_i64()).sum();
            names == NAMES
                && sum == v["broken"].as_i64().unwrap_or(-1)
                && v["seen"] == true
                && v["fits"] == true
        },
    )
    .await?;
    let tiles = seen["tiles"].as_array().cloned().unwrap_or_default();
    assert!(
        tiles.iter().any(|t| t["broken"].as_i64() > Some(0)),
        "the demo fleet has broken VMIs: {seen}"
    );
    for t in &tiles {
        let cluster = t["cluster"].as_str().unwrap_or_default();
        // The first cluster's keys name none.
        let key_cluster = if cluster == NAMES[0] { "" } else { cluster };
        let keys = &t["keys"];
        let n = keys.as_array().map_or(0, Vec::len) as i64;
        assert_eq!(n, t["broken"].as_i64().unwrap_or(0).min(4), "{t}");
        assert!(n == 0 || all_of(keys, key_cluster), "{t}");
    }
    save_screenshot(&c.screenshot().await?, "wall-fleet")?;
    c.clone().close().await?;
    Ok(())
}

/// The tiles on screen (cluster, broken count, top), the rotation's indicator and the grid's
/// columns.
const PAGE: &str = "const tiles = Array.from(document.querySelectorAll('[data-testid=wall-fleet] .wall-tile')).map(t => ({\n\
      cluster: t.dataset.cluster, broken: Number(t.dataset.broken), top: Math.round(t.getBoundingClientRect().top) }));\n\
    const at = document.querySelector('[data-testid=wall-fleet-at]');\n\
    const g = document.querySelector('[data-testid=wall-fleet]');\n\
    return { tiles, at: at ? at.textContent : null,\n\
      columns: g ? getComputedStyle(g).gridTemplateColumns.split(' ').length : 0 };";

/// The clusters of `strata demo --clusters 9` (`sim::fleet::plan::demo_fleet`).
const NINE: [&str; 9] = [
    "prod",
    "staging",
    "edge",
    "prod-2",
    "staging-2",
    "edge-2",
    "prod-3",
    "staging-3",
    "edge-3",
];

/// The tiles' clusters of a [`PAGE`] answer.
fn on_page(v: &Value) -> Vec<String> {
    v["tiles"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|t| t["cluster"].as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fleet_wall_rotates_through_clusters_that_do_not_fit_a_row() -> Result<()> {
    let (addr, _strata, b) = fleet_of(9).await?;
    let c = &b.client;
    c.set_window_size(1920, 1223).await?;
    // Turning every 2 s instead of 10.
    c.goto(&format!("http://{addr}/wall?rotate=2")).await?;
    let first = until(c, "a row of tiles, fewer than the clusters", PAGE, |v| {
        let n = on_page(v).len();
        n > 0 && n < NINE.len() && v["at"].is_string()
    })
    .await?;
    let tiles = first["tiles"].as_array().cloned().unwrap_or_default();
    let per_row = first["columns"].as_u64().unwrap_or(0) as usize;
    // The page is as many tiles as a row holds, all on one row.
    assert!(tiles.len() <= per_row, "{first}");
    let tops: Vec<i64> = tiles.iter().filter_map(|t| t["top"].as_i64()).collect();
    assert!(tops.windows(2).all(|w| w[0] == w[1]), "one row: {first}");
    let at = first["at"].as_str().unwrap_or_default();
    assert!(at.starts_with("Clusters ") && at.ends_with(" / 9"), "{at}");
    save_screenshot(&c.screenshot().await?, "wall-fleet-rotating")?;
    // Other clusters' tiles within a few periods, and every cluster in a round.
    let mut seen: std::collections::BTreeSet<String> = on_page(&first).into_iter().collect();
    let mut other_at = None;
    let deadline = Instant::now() + T;
    while seen.len() < NINE.len() {
        if Instant::now() > deadline {
            bail!("clusters never shown: seen {seen:?}");
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
        let v = c.execute(PAGE, vec![]).await?;
        let names = on_page(&v);
        if !names.is_empty() && names != on_page(&first) {
            assert!(names.len() <= per_row, "{v}");
            other_at.get_or_insert_with(|| v["at"].clone());
        }
        seen.extend(names);
    }
    let mut all: Vec<&str> = NINE.to_vec();
    all.sort_unstable();
    assert_eq!(seen.iter().map(String::as_str).collect::<Vec<_>>(), all);
    assert_ne!(
        other_at,
        Some(first["at"].clone()),
        "the indicator turns too"
    );
    // The worst are seen first: the first page's first tile has the most broken VMIs of all (the
    // demo fleet has some), the counts not increasing along the page.
    let broken: Vec<i64> = tiles.iter().filter_map(|t| t["broken"].as_i64()).collect();
    assert!(broken.windows(2).all(|w| w[0] >= w[1]), "{first}");
    assert!(broken.first().is_some_and(|n| *n > 0), "{first}");
    c.clone().close().await?;
    Ok(())
}

/// Whether the VMI page shows "no longer exists" (`data-testid=vmi-gone`).
const GONE: &str = "return document.querySelectorAll('[data-testid=vmi-gone]').length > 0;";

/// Waits for `path`'s VMI page to show its diagnosis (`vmi-age`; `text` in the page too when
/// given), then checks for 3 s that it never says the VMI is gone (the stream has synced by then).
async fn vmi_page_shown(
    c: &Client,
    addr: std::net::SocketAddr,
    path: &str,
    text: &str,
) -> Result<()> {
    c.goto(&format!("http://{addr}{path}")).await?;
    let script = format!(
        "return !!document.querySelector('[data-testid=vmi-age]') && document.body.innerText.includes({text:?});"
    );
    until(c, &format!("{path}: its diagnosis"), &script, |v| {
        v == &Value::Bool(true)
    })
    .await?;
    let until_t = Instant::now() + Duration::from_secs(3);
    while Instant::now() < until_t {
        let gone = c.execute(GONE, vec![]).await?;
        assert_eq!(gone, Value::Bool(false), "{path}: shown as gone");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_vmi_link_naming_its_cluster_opens_it_the_first_cluster_by_its_name_too() -> Result<()> {
    let (addr, _strata, b) = fleet().await?;
    let c = &b.client;
    // The first cluster's keys name no cluster: a link naming it (as a chat message would, from
    // the cluster's name) is its VMI, with the alert its own Prometheus fires.
    vmi_page_shown(
        c,
        addr,
        "/c/prod/vmi/prod/reports-db",
        "GuestFilesystemAlmostOutOfSpace",
    )
    .await?;
    // Another cluster's VMI, by the name its keys carry.
    vmi_page_shown(c, addr, "/c/staging/vmi/ci/runner-1", "runner-1").await?;
    c.clone().close().await?;
    Ok(())
}
