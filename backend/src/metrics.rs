//! The console's own metrics, served at `/metrics` in the Prometheus text format.
//!
//! Plain atomics; no registry crate. Names start with `strata_`.

use crate::watch::{Caches, Kind};
use std::fmt::Write;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};

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
}

fn index(kind: Kind) -> usize {
    Kind::ALL.iter().position(|k| *k == kind).unwrap_or(0)
}

impl Metrics {
    pub fn watch_restart(&self, kind: Kind) {
        self.watch_restarts[index(kind)].fetch_add(1, Ordering::Relaxed);
    }

    pub fn watch_restarts(&self, kind: Kind) -> u64 {
        self.watch_restarts[index(kind)].load(Ordering::Relaxed)
    }

    /// The text exposition.
    /// The text exposition; `vmis` is how many VMI summaries the store holds.
    pub fn render(&self, caches: &Caches, vmis: usize) -> String {
        let mut out = String::new();
        let mut one = |name: &str, kind: &str, help: &str, value: String| {
            let _ = writeln!(
                out,
                "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}"
            );
        };
        one(
            "strata_connected_clients",
            "gauge",
            "Browser streams open now.",
            self.connected_clients.load(Ordering::Relaxed).to_string(),
        );
        one(
            "strata_events_fanned_out_total",
            "counter",
            "Messages written to browser streams.",
            self.events_fanned_out.load(Ordering::Relaxed).to_string(),
        );
        one(
            "strata_stream_resyncs_total",
            "counter",
            "Browser streams that fell behind and got a fresh snapshot.",
            self.stream_resyncs.load(Ordering::Relaxed).to_string(),
        );
        one(
            "strata_proxy_refused_total",
            "counter",
            "Kubernetes API proxy requests refused by the allowlist.",
            self.proxy_refused.load(Ordering::Relaxed).to_string(),
        );
        one(
            "strata_proxy_forwarded_total",
            "counter",
            "Kubernetes API proxy requests forwarded.",
            self.proxy_forwarded.load(Ordering::Relaxed).to_string(),
        );
        if let Some((used, free)) = crate::memory::heap() {
            one(
                "strata_heap_in_use_bytes",
                "gauge",
                "Heap bytes allocated now (glibc mallinfo2).",
                used.to_string(),
            );
            one(
                "strata_heap_free_bytes",
                "gauge",
                "Heap bytes free but not returned to the system (glibc mallinfo2).",
                free.to_string(),
            );
        }
        out.push_str("# HELP strata_watch_restarts_total Watch failures (retried with backoff) and re-lists after the first sync (e.g. after 410 Gone).\n# TYPE strata_watch_restarts_total counter\n");
        for kind in Kind::ALL {
            let _ = writeln!(
                out,
                "strata_watch_restarts_total{{resource=\"{}\"}} {}",
                kind.name(),
                self.watch_restarts(kind)
            );
        }
        out.push_str("# HELP strata_cache_synced Whether the watch cache of a resource has synced (1) or not (0).\n# TYPE strata_cache_synced gauge\n");
        for kind in Kind::ALL {
            let _ = writeln!(
                out,
                "strata_cache_synced{{resource=\"{}\"}} {}",
                kind.name(),
                u8::from(caches.get(kind).state.synced())
            );
        }
        out.push_str("# HELP strata_on_demand_fetches_total Evidence or drain requests that fetched a resource because its watch had not synced yet.\n# TYPE strata_on_demand_fetches_total counter\n");
        for kind in Kind::ALL {
            let _ = writeln!(
                out,
                "strata_on_demand_fetches_total{{resource=\"{}\"}} {}",
                kind.name(),
                caches.get(kind).state.fetches()
            );
        }
        out.push_str("# HELP strata_cache_objects Objects kept (as compact projections) for a watched resource (events: records in the bounded rings).\n# TYPE strata_cache_objects gauge\n");
        for kind in Kind::WATCHED {
            let n = match kind {
                Kind::Vmi => Some(vmis),
                _ => caches.len(kind),
            };
            if let Some(n) = n {
                let _ = writeln!(
                    out,
                    "strata_cache_objects{{resource=\"{}\"}} {n}",
                    kind.name(),
                );
            }
        }
        out
    }
}
