//! Event-to-pixel: the simulator changes a VMI; how long until the open page shows it.
//!
//! A MutationObserver in the page notes when the new text enters the DOM, then the next animation
//! frame (the paint that shows it); the bench notes when it made the change. Both clocks are this
//! machine's wall clock (`performance.timeOrigin + performance.now()` in the page).

use super::{Budget, Figure, quantile};
use crate::Harness;
use anyhow::{Context, Result, bail};
use fantoccini::Client;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

const OBSERVER: &str = r#"
window.__e2p = { pending: null, seen: {} };
new MutationObserver(() => {
  const p = window.__e2p.pending;
  if (p && !(p in window.__e2p.seen) && document.body.textContent.includes(p)) {
    window.__e2p.seen[p] = performance.timeOrigin + performance.now();
    requestAnimationFrame(() => { window.__e2p.seen[p + ':paint'] = performance.timeOrigin + performance.now(); });
  }
}).observe(document.body, { subtree: true, childList: true, characterData: true });
"#;

/// Installed before the page loads (`Page.addScriptToEvaluateOnNewDocument`): notes when each
/// stream event naming the pending token was dispatched to the page (`__e2pRecv`), and the
/// page's long tasks (`__e2pLong`, [start, duration] in epoch ms), for a slow change's timeline.
pub const TIMELINE: &str = r#"
window.__e2pRecv = {}; window.__e2pLong = []; window.__e2pEv = [];
const add = EventSource.prototype.addEventListener;
EventSource.prototype.addEventListener = function (type, f, o) {
  const g = function (ev) {
    const p = window.__e2p && window.__e2p.pending;
    if (p && typeof ev.data === 'string' && ev.data.length < 1e6) {
      window.__e2pEv.push([performance.timeOrigin + performance.now(), ev.data.split('"upsert"').length - 1, ev.data.length]);
    }
    if (p && !(p in window.__e2pRecv) && typeof ev.data === 'string' && ev.data.includes(p)) {
      window.__e2pRecv[p] = performance.timeOrigin + performance.now();
    }
    return f.apply(this, arguments);
  };
  return add.call(this, type, g, o);
};
try {
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) window.__e2pLong.push([performance.timeOrigin + e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
} catch (_) {}
"#;

/// One change's timeline (ms after the simulator's write): dispatched to the page (when
/// [`TIMELINE`] is installed), in the DOM, painted.
#[derive(Debug, Clone, Copy)]
pub struct Sample {
    pub written: f64,
    pub received: Option<f64>,
    pub dom: f64,
    pub paint: f64,
}

pub(super) fn epoch_ms() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs_f64() * 1000.0)
        .unwrap_or(0.0)
}

/// Item 3: p50 and p99 over `changes` changes.
pub async fn event_to_pixel(changes: usize) -> Result<Vec<Figure>> {
    let h = Harness::start("bench_event_to_pixel").await?;
    h.browser.goto(&h.url("/")).await?;
    let key = first_card_key(&h.browser).await?;
    let (ns, name) = key.split_once('/').context("card key is namespace/name")?;
    let samples = changes_to_pixel(&h.browser, changes, |token| {
        h.sim.set_vmi_phase(ns, name, token)
    })
    .await
    .with_context(|| format!("the VMI {key}"))?;
    let mut latencies: Vec<f64> = samples.iter().map(|s| s.paint).collect();
    let mut dom: Vec<f64> = samples.iter().map(|s| s.dom).collect();
    h.finish().await?;
    let n = latencies.len();
    let dom50 = quantile(&mut dom, 0.5);
    Ok(vec![
        Figure::new("e2p_p50", "Event-to-pixel p50", quantile(&mut latencies, 0.5), "ms")
            .note(format!("{n} phase changes of one VMI, simulator → backend watch → SSE → DOM → next frame; DOM alone p50 {dom50:.1} ms")),
        Figure::new("e2p_p99", "Event-to-pixel p99", quantile(&mut latencies, 0.99), "ms")
            .budget(Budget::AtMost(BUDGET_P99_MS))
            .note(format!("{n} changes, headless Chromium")),
    ])
}

/// The event-to-pixel p99's budget (ms).
pub const BUDGET_P99_MS: f64 = 250.0;

/// The key (`data-key`) of the first VMI card the open page shows, once one is shown.
pub async fn first_card_key(browser: &Client) -> Result<String> {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let v = browser
            .execute("const c = document.querySelector('article.vmi-card[data-key]'); return c ? c.getAttribute('data-key') : null;", vec![])
            .await?;
        if let Some(k) = v.as_str() {
            return Ok(k.to_string());
        }
        if Instant::now() > deadline {
            bail!("no VMI card appeared");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Makes `changes` changes with `change` (given a token to write as the VMI's phase; false when
/// the VMI is gone) and answers each change's [`Sample`].
pub async fn changes_to_pixel(
    browser: &Client,
    changes: usize,
    mut change: impl FnMut(&str) -> bool,
) -> Result<Vec<Sample>> {
    browser.execute(OBSERVER, vec![]).await?;
    let mut samples = Vec::with_capacity(changes);
    for i in 0..changes {
        let token = format!("Bench{i}x");
        browser
            .execute(
                "window.__e2p.pending = arguments[0];",
                vec![serde_json::json!(token)],
            )
            .await?;
        let t0 = epoch_ms();
        anyhow::ensure!(change(&token), "the VMI disappeared");
        let until = Instant::now() + Duration::from_secs(10);
        loop {
            let v = browser
                .execute(
                    "const s = window.__e2p.seen, r = window.__e2pRecv || {}; return [s[arguments[0]] ?? null, s[arguments[0] + ':paint'] ?? null, r[arguments[0]] ?? null];",
                    vec![serde_json::json!(token)],
                )
                .await?;
            if let (Some(d), Some(p)) = (v[0].as_f64(), v[1].as_f64()) {
                samples.push(Sample {
                    written: t0,
                    received: v[2].as_f64().map(|r| r - t0),
                    dom: d - t0,
                    paint: p - t0,
                });
                break;
            }
            if Instant::now() > until {
                bail!("change {i} did not reach the page within 10 s");
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
    Ok(samples)
}
