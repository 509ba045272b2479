//! Issue 32, item 5: the overview's 10% update at the fleet's size (10 × 10,000 = 100,000 VMIs,
//! budget [`BUDGET_UPDATE_MS`]). The largest `--fleet` size runs in the bench process without
//! churn, `strata serve` watches it as in [`super::fleet`], a headless Chromium shows the
//! overview of every cluster, and a tenth of every cluster's VMIs change their phase, cluster
//! after cluster, as [`super::overview`]'s update does at one cluster: the figure is the page's
//! script time (CDP `ScriptDuration`) from the first change until the page is idle, the median
//! of [`UPDATES`] updates. With `--cpu-profile`, Chromium's CPU profile of the updates is
//! written to `fleet_overview_update_SIZE.cpuprofile` in the output folder.

use super::fleet::{FleetServe, Size, start_fleet};
use super::overview::{
    list_ms, median_index, metric, rendered_at, script_ms_until_idle, update_phase,
};
use super::{Budget, Figure, Settings};
use crate::cdp::cdp;
use anyhow::{Context, Result};
use serde_json::json;
use std::time::{Duration, Instant};

/// The 10% update at 100,000 VMIs, at most (ms of script time).
pub const BUDGET_UPDATE_MS: f64 = 16.0;
/// How many times the update is measured; the figure is the median.
const UPDATES: usize = 5;

/// The VMIs one update changes: the first tenth of every cluster's, as `(cluster, ns, name)`.
fn tenth(fleet: &sim::fleet::Fleet) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    for c in fleet.clusters() {
        let Some(sim) = fleet.sim(c.name()) else {
            continue;
        };
        let (_, vmis) = sim.store().list(&sim::store::VMI, None);
        let take = vmis.len() / 10;
        out.extend(vmis.iter().take(take).map(|v| {
            let meta = &v["metadata"];
            (
                c.name().to_string(),
                meta["namespace"].as_str().unwrap_or("").to_string(),
                meta["name"].as_str().unwrap_or("").to_string(),
            )
        }));
    }
    out
}

/// The overview's 10% update with the whole fleet of `size` on the page.
pub async fn measure(
    s: &Settings,
    size: Size,
    profile: Option<&std::path::Path>,
) -> Result<Vec<Figure>> {
    let Size { clusters, vmis } = size;
    let fleet = start_fleet(clusters, vmis).await?;
    let serve = FleetServe::spawn(s, &fleet).await?;
    serve.wait_whole(clusters, vmis).await?;
    let browser = crate::Browser::start().await?;
    let page = &browser.client;
    page.goto(&format!("{}/", serve.url)).await?;
    let total = clusters * vmis;
    let render_ms = rendered_at(page, total).await?;
    let pinned = super::isolate_page(&browser.pids(), profile.is_some());
    // Let the page settle (its first load's tail), then change a tenth of the fleet.
    let settled = metric(page, "ScriptDuration").await?;
    script_ms_until_idle(page, settled, Duration::from_millis(500)).await?;
    let touched = tenth(&fleet);
    let label = size.label();
    if profile.is_some() {
        cdp(page, "Profiler.enable", json!({})).await?;
        // 200 µs: each update lasts seconds at this size.
        cdp(
            page,
            "Profiler.setSamplingInterval",
            json!({"interval": 200}),
        )
        .await?;
        cdp(page, "Profiler.start", json!({})).await?;
    }
    let mut times = Vec::with_capacity(UPDATES);
    let mut applied = Vec::with_capacity(UPDATES);
    for round in 0..UPDATES {
        let before = metric(page, "ScriptDuration").await?;
        let started = Instant::now();
        for (i, (cluster, ns, name)) in touched.iter().enumerate() {
            let sim = fleet.sim(cluster).context("a listed cluster")?;
            sim.set_vmi_phase(ns, name, update_phase(round, i));
        }
        applied.push(started.elapsed().as_secs_f64() * 1e3);
        times.push(script_ms_until_idle(page, before, Duration::from_millis(700)).await?);
    }
    super::unpin(&browser.pids());
    if let Some(dir) = profile {
        let p = cdp(page, "Profiler.stop", json!({})).await?;
        std::fs::create_dir_all(dir)?;
        let path = dir.join(format!("fleet_overview_update_{label}.cpuprofile"));
        std::fs::write(&path, p["profile"].to_string())
            .with_context(|| format!("writing {}", path.display()))?;
    }
    let script = times[median_index(&times)];
    Ok(vec![
        Figure::new(
            &format!("fleet_overview_render_{label}"),
            &format!("Fleet overview at {clusters} × {vmis}: navigation → cards rendered"),
            render_ms,
            "ms",
        )
        .note(format!(
            "{total} VMIs counted on the page; the backend ready with the whole fleet before \
             the navigation"
        )),
        Figure::new(
            &format!("fleet_overview_update_{label}"),
            &format!("Fleet overview at {clusters} × {vmis}: script time for a 10% update"),
            script,
            "ms",
        )
        .budget_if(total >= 100_000, Budget::AtMost(BUDGET_UPDATE_MS))
        .note(format!(
            "{} VMIs changed in the simulators, a tenth of each cluster's, one after the other \
             ({} ms from the first change to the last, by update); CDP ScriptDuration until \
             idle; median of {UPDATES} updates ({} ms); {}",
            touched.len(),
            list_ms(&applied),
            list_ms(&times),
            if pinned {
                "the page's main thread on a core of its own"
            } else {
                "the page's main thread NOT on a core of its own"
            }
        )),
    ])
}
