//! Issue 32, item 5: event-to-pixel with the fleet churning. The largest `--fleet` size runs in
//! the bench process with every cluster changing [`CHURN`] VMIs' status a second; `strata serve`
//! watches it as in [`super::fleet`], a headless Chromium shows the overview, and one VMI of
//! the first card's cluster is changed again and again ([`super::pixel::changes_to_pixel`]):
//! from the simulator's write to the paint that shows it, while the other changes of the fleet
//! flow through the same backend and page.

use super::fleet::{FleetServe, Size};
use super::pixel::{BUDGET_P99_MS, Sample, TIMELINE, changes_to_pixel, first_card_key};
use super::{Budget, Figure, Settings, quantile};
use anyhow::{Context, Result};
use sim::fleet::{Fleet, scale_fleet};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

/// Status changes per cluster per second while the VMI is changed.
pub const CHURN: f64 = 10.0;

/// The cluster and the namespace/name of a card's `data-key` (`cluster:ns/name`; a key of the
/// console's first cluster names none).
fn card_vmi<'a>(key: &'a str, first: &'a str) -> Option<(&'a str, &'a str, &'a str)> {
    let (cluster, rest) = match key.split_once(':') {
        Some((c, rest)) => (c, rest),
        None => (first, key),
    };
    let (ns, name) = rest.split_once('/')?;
    Some((cluster, ns, name))
}

/// When (epoch ms) a stream of the backend's of its own first carried each token `BenchNx`.
type Taps = Arc<Mutex<HashMap<String, f64>>>;

/// Reads the backend's stream as a second browser would, noting when each token went out:
/// the backend's side of a slow change's timeline.
fn tap(url: String) -> Taps {
    let seen: Taps = Arc::default();
    let out = seen.clone();
    tokio::spawn(async move {
        let Ok(resp) = reqwest::get(format!("{url}{}", model::wire::paths::STREAM)).await else {
            return;
        };
        let mut body = resp.bytes_stream();
        let mut tail = String::new();
        use futures::StreamExt as _;
        while let Some(Ok(chunk)) = body.next().await {
            let at = super::pixel::epoch_ms();
            tail.push_str(&String::from_utf8_lossy(&chunk));
            let mut rest = tail.as_str();
            while let Some(i) = rest.find("Bench") {
                let after = &rest[i..];
                match after[5..].find(|c: char| !c.is_ascii_digit()) {
                    Some(j) if after.as_bytes()[5 + j] == b'x' => {
                        let token = &after[..6 + j];
                        out.lock().unwrap().entry(token.to_string()).or_insert(at);
                        rest = &after[6 + j..];
                    }
                    Some(_) => rest = &after[5..],
                    None => break,
                }
            }
            let keep = rest.len().min(32);
            tail = rest[rest.len() - keep..].to_string();
        }
    });
    seen
}

/// The slowest samples' timelines (ms after the write: sent by the backend, dispatched to the
/// page, in the DOM, painted) and the page's long tasks meanwhile.
fn timelines(samples: &[Sample], taps: &HashMap<String, f64>, long: &[(f64, f64)]) -> String {
    let mut order: Vec<usize> = (0..samples.len()).collect();
    order.sort_by(|&a, &b| samples[b].paint.total_cmp(&samples[a].paint));
    let mut out = String::new();
    for &i in order.iter().take(8) {
        let s = samples[i];
        let sent = taps.get(&format!("Bench{i}x")).map(|t| t - s.written);
        let tasks: Vec<String> = long
            .iter()
            .filter(|(st, d)| st + d >= s.written && *st <= s.written + s.paint)
            .map(|(st, d)| format!("{:.0}+{d:.0}", st - s.written))
            .collect();
        out.push_str(&format!(
            "#{i} at {:.0}: sent {:?} recv {:?} dom {:.0} paint {:.0}; long tasks [{}]\n",
            s.written,
            sent.map(f64::round),
            s.received.map(|r| r.round()),
            s.dom,
            s.paint,
            tasks.join(", ")
        ));
    }
    out
}

/// p50 and p99 over `changes` changes at `size`. With `profile`, Chromium's CPU profile of the
/// changes goes there, and the backend's stream is read a second time for the timelines.
pub async fn measure(
    s: &Settings,
    size: Size,
    changes: usize,
    profile: Option<&std::path::Path>,
) -> Result<Vec<Figure>> {
    let Size { clusters, vmis } = size;
    let any = SocketAddr::from(([127, 0, 0, 1], 0));
    let plans = scale_fleet(clusters, vmis, CHURN, 1);
    let fleet = Fleet::start(plans, &sim::SimArgs::default(), any).await?;
    let serve = FleetServe::spawn(s, &fleet).await?;
    serve.wait_whole(clusters, vmis).await?;
    let browser = crate::Browser::start().await?;
    let cdp = |cmd: &str, params: serde_json::Value| {
        browser.client.issue_cmd(crate::cdp::Cdp {
            cmd: cmd.into(),
            params,
        })
    };
    cdp("Page.enable", serde_json::json!({})).await?;
    cdp(
        "Page.addScriptToEvaluateOnNewDocument",
        serde_json::json!({ "source": TIMELINE }),
    )
    .await?;
    let taps = profile.map(|_| tap(serve.url.clone()));
    browser.client.goto(&format!("{}/", serve.url)).await?;
    let key = first_card_key(&browser.client).await?;
    let first = fleet.clusters()[0].name().to_string();
    let (cluster, ns, name) = card_vmi(&key, &first).context("a card's key")?;
    let sim = fleet.sim(cluster).context("the card's cluster")?;
    // `FLEET_E2P_SETTLE_SECS`: wait this long first, so the backend's after-start work (history
    // baselines of every VMI, the store's compaction) is done or under way, not starting.
    let settle = std::env::var("FLEET_E2P_SETTLE_SECS")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(0);
    tokio::time::sleep(std::time::Duration::from_secs(settle)).await;
    if profile.is_some() {
        cdp("Profiler.enable", serde_json::json!({})).await?;
        cdp(
            "Profiler.setSamplingInterval",
            serde_json::json!({"interval": 200}),
        )
        .await?;
        cdp("Profiler.start", serde_json::json!({})).await?;
    }
    let samples = changes_to_pixel(&browser.client, changes, |token| {
        sim.set_vmi_phase(ns, name, token)
    })
    .await
    .with_context(|| format!("the VMI {key}"))?;
    let long = browser
        .client
        .execute("return window.__e2pLong || [];", vec![])
        .await?;
    let long: Vec<(f64, f64)> = serde_json::from_value(long).unwrap_or_default();
    let taps = taps.map(|t| t.lock().unwrap().clone()).unwrap_or_default();
    let lines = timelines(&samples, &taps, &long);
    eprintln!("fleet event-to-pixel, slowest changes:\n{lines}");
    if profile.is_some()
        && let Ok(r) = reqwest::get(format!("{}/metrics", serve.url)).await
        && let Ok(text) = r.text().await
    {
        let keep =
            |l: &&str| !l.starts_with('#') && (l.contains("resync") || l.contains("restart"));
        eprintln!(
            "{}",
            text.lines().filter(keep).collect::<Vec<_>>().join("\n")
        );
    }
    if let Some(dir) = profile {
        let p = cdp("Profiler.stop", serde_json::json!({})).await?;
        std::fs::create_dir_all(dir)?;
        let path = dir.join(format!("fleet_e2p_{}.cpuprofile", size.label()));
        std::fs::write(&path, p["profile"].to_string())
            .with_context(|| format!("writing {}", path.display()))?;
        std::fs::write(dir.join("fleet_e2p_timelines.txt"), &lines)?;
        let events = browser
            .client
            .execute("return window.__e2pEv || [];", vec![])
            .await?;
        let samples: Vec<[f64; 4]> = samples
            .iter()
            .map(|s| [s.written, s.received.unwrap_or(-1.0), s.dom, s.paint])
            .collect();
        let dump = serde_json::json!({ "events": events, "samples": samples, "long": long });
        std::fs::write(dir.join("fleet_e2p_events.json"), dump.to_string())?;
    }
    let mut latencies: Vec<f64> = samples.iter().map(|s| s.paint).collect();
    let mut dom: Vec<f64> = samples.iter().map(|s| s.dom).collect();
    let n = latencies.len();
    let dom50 = quantile(&mut dom, 0.5);
    let label = size.label();
    let what =
        format!("{clusters} clusters × {vmis} VMIs, each cluster changing {CHURN} VMIs a second");
    Ok(vec![
        Figure::new(
            &format!("fleet_e2p_p50_{label}"),
            &format!("Event-to-pixel p50 with the fleet churning ({clusters} × {vmis})"),
            quantile(&mut latencies, 0.5),
            "ms",
        )
        .note(format!(
            "{n} phase changes of one VMI ({key}) on the overview, simulator → backend watch → \
             SSE → DOM → next frame, {what}; DOM alone p50 {dom50:.1} ms"
        )),
        Figure::new(
            &format!("fleet_e2p_p99_{label}"),
            &format!("Event-to-pixel p99 with the fleet churning ({clusters} × {vmis})"),
            quantile(&mut latencies, 0.99),
            "ms",
        )
        .budget(Budget::AtMost(BUDGET_P99_MS))
        .note(format!("{n} changes, headless Chromium, {what}")),
    ])
}

#[cfg(test)]
mod tests {
    use super::card_vmi;

    #[test]
    fn a_cards_key_names_its_cluster_or_the_first() {
        assert_eq!(
            card_vmi("cluster-02:ns-1/vm-7", "cluster-01"),
            Some(("cluster-02", "ns-1", "vm-7"))
        );
        assert_eq!(
            card_vmi("ns-1/vm-7", "cluster-01"),
            Some(("cluster-01", "ns-1", "vm-7"))
        );
        assert_eq!(card_vmi("no-slash", "cluster-01"), None);
    }
}
