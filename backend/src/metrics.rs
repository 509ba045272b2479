//! The console's own metrics, served at `/metrics` in the OpenMetrics text format.
//!
//! The counters the server bumps are plain atomics (cheap on every stream message); the
//! exposition is `prometheus-client`'s, over a registry built from those atomics and the
//! watch caches at each scrape. Names start with `strata_`. This module reads the watch module
//! ([`Caches`], [`Kind`]); the watchers report restarts through [`OnRestart`] and never name it.

use crate::watch::{Caches, Kind, OnRestart};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};

/// The content type of [`Metrics::render`]'s text.
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

#[derive(Default)]
pub struct Metrics {
    /// Open browser streams.
    pub connected_clients: AtomicI64,
    /// Messages written to browser streams (one per message per stream).
    pub events_fanned_out: AtomicU64,
    /// Streams that fell behind and were cut to a snapshot.
    pub stream_resyncs: AtomicU64,
    /// Proxy requests refused by the allowlist.
    pub proxy_refused: AtomicU64,
    /// Proxy requests forwarded.
    pub proxy_forwarded: AtomicU64,
    watch_restarts: [AtomicU64; 6],
    /// The flight recorder's counters, once it runs.
    pub history: std::sync::OnceLock<std::sync::Arc<crate::history::recorder::Shared>>,
}

fn index(kind: Kind) -> usize {
    Kind::ALL.iter().position(|k| *k == kind).unwrap_or(0)
}

/// The label of the per-resource families.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Resource {
    resource: String,
}

fn gauge(v: i64) -> Gauge {
    let g = Gauge::default();
    g.set(v);
    g
}

fn counter(v: u64) -> Counter {
    let c = Counter::default();
    c.inc_by(v);
    c
}

fn label(kind: Kind) -> Resource {
    Resource {
        resource: kind.name().to_string(),
    }
}

/// Registers a counter family with a `resource` label: `value` per kind (`None`: no sample).
fn counters(r: &mut Registry, name: &str, help: &str, value: impl Fn(Kind) -> Option<u64>) {
    let family = Family::<Resource, Counter>::default();
    for kind in Kind::ALL {
        if let Some(v) = value(kind) {
            family.get_or_create(&label(kind)).inc_by(v);
        }
    }
    r.register(name, help, family);
}

/// Registers a gauge family with a `resource` label: `value` per kind (`None`: no sample).
fn gauges(r: &mut Registry, name: &str, help: &str, value: impl Fn(Kind) -> Option<i64>) {
    let family = Family::<Resource, Gauge>::default();
    for kind in Kind::ALL {
        if let Some(v) = value(kind) {
            family.get_or_create(&label(kind)).set(v);
        }
    }
    r.register(name, help, family);
}

impl OnRestart for Metrics {
    fn watch_restart(&self, kind: Kind) {
        self.watch_restarts[index(kind)].fetch_add(1, Ordering::Relaxed);
    }
}

impl Metrics {
    pub fn watch_restarts(&self, kind: Kind) -> u64 {
        self.watch_restarts[index(kind)].load(Ordering::Relaxed)
    }

    /// The text exposition; `vmis` is how many VMI summaries the store holds. Help texts have
    /// no final period: the encoder adds one.
    pub fn render(&self, caches: &Caches, vmis: usize) -> String {
        let mut r = Registry::default();
        let load = |a: &AtomicU64| a.load(Ordering::Relaxed);
        r.register(
            "strata_connected_clients",
            "Browser streams open now",
            gauge(self.connected_clients.load(Ordering::Relaxed)),
        );
        r.register(
            "strata_events_fanned_out",
            "Messages written to browser streams",
            counter(load(&self.events_fanned_out)),
        );
        r.register(
            "strata_stream_resyncs",
            "Browser streams that fell behind and got a fresh snapshot",
            counter(load(&self.stream_resyncs)),
        );
        r.register(
            "strata_proxy_refused",
            "Kubernetes API proxy requests refused by the allowlist",
            counter(load(&self.proxy_refused)),
        );
        r.register(
            "strata_proxy_forwarded",
            "Kubernetes API proxy requests forwarded",
            counter(load(&self.proxy_forwarded)),
        );
        if let Some((used, free)) = crate::memory::heap() {
            r.register(
                "strata_heap_in_use_bytes",
                "Heap bytes allocated now (glibc mallinfo2)",
                gauge(used as i64),
            );
            r.register(
                "strata_heap_free_bytes",
                "Heap bytes free but not returned to the system (glibc mallinfo2)",
                gauge(free as i64),
            );
        }
        if let Some(h) = self.history.get() {
            h.register(&mut r);
        }
        self.register_kinds(&mut r, caches, vmis);
        let mut out = String::new();
        let _ = prometheus_client::encoding::text::encode(&mut out, &r);
        out
    }

    /// The per-resource families: watch restarts, cache state and sizes, on-demand fetches.
    fn register_kinds(&self, r: &mut Registry, caches: &Caches, vmis: usize) {
        counters(
            r,
            "strata_watch_restarts",
            "Watch failures (retried with backoff) and re-lists after the first sync (e.g. after \
             410 Gone)",
            |k| Some(self.watch_restarts(k)),
        );
        gauges(
            r,
            "strata_cache_synced",
            "Whether the watch cache of a resource has synced (1) or not (0)",
            |k| Some(i64::from(caches.get(k).state.synced())),
        );
        counters(
            r,
            "strata_on_demand_fetches",
            "Evidence or drain requests that fetched a resource because its watch had not synced \
             yet",
            |k| Some(caches.get(k).state.fetches()),
        );
        gauges(
            r,
            "strata_cache_objects",
            "Objects kept (as compact projections) for a watched resource (events: records in \
             the bounded rings)",
            |k| {
                let n = match k {
                    Kind::Vmi => Some(vmis),
                    _ => caches.len(k),
                };
                n.filter(|_| k.watched()).map(|n| n as i64)
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exposition_keeps_every_name_and_label() {
        let metrics = Metrics::default();
        metrics.connected_clients.fetch_add(2, Ordering::Relaxed);
        metrics.proxy_refused.fetch_add(3, Ordering::Relaxed);
        metrics.watch_restart(Kind::Vmi);
        let caches = Caches::new();
        caches.pods.state.mark_synced();
        let text = metrics.render(&caches, 7);
        for line in [
            "strata_connected_clients 2",
            "strata_events_fanned_out_total 0",
            "strata_stream_resyncs_total 0",
            "strata_proxy_refused_total 3",
            "strata_proxy_forwarded_total 0",
            "strata_watch_restarts_total{resource=\"virtualmachineinstances\"} 1",
            "strata_watch_restarts_total{resource=\"events\"} 0",
            "strata_cache_synced{resource=\"pods\"} 1",
            "strata_cache_synced{resource=\"nodes\"} 0",
            "strata_on_demand_fetches_total{resource=\"virtualmachines\"} 0",
            "strata_cache_objects{resource=\"virtualmachineinstances\"} 7",
            "strata_cache_objects{resource=\"events\"} 0",
            "# TYPE strata_connected_clients gauge",
            "# TYPE strata_watch_restarts counter",
            "# HELP strata_connected_clients Browser streams open now.",
        ] {
            assert!(text.lines().any(|l| l == line), "{line:?} in\n{text}");
        }
        for kind in Kind::ALL {
            let label = format!("{{resource=\"{}\"}}", kind.name());
            for family in [
                "strata_watch_restarts_total",
                "strata_cache_synced",
                "strata_on_demand_fetches_total",
                "strata_cache_objects",
            ] {
                assert!(
                    text.contains(&format!("{family}{label} ")),
                    "{family}{label}"
                );
            }
        }
    }
}
