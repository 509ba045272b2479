//! The PromQL text Strata's backend sends to Prometheus for one VMI: the single place where
//! queries are written. [`crate::series`] runs them; `tests/prometheus.rs` checks that a real
//! Prometheus scraping the simulator gives the same series as the simulator's own query API.
//!
//! Metric names, labels and units are virt-handler's (`kubevirt_vmi_*`), and several names
//! changed between KubeVirt releases: each logical series has an ordered list of [`Candidate`]
//! names, each with the releases that export it (the one table, `model::kube::metric_names`,
//! cites KubeVirt's source; pasted scrapes are read by the same table).
//! Each query yields one series per chart line: totals are summed (or the `max` of the
//! migration gauges) over the VMI's series, block I/O by `drive`, network by `interface`.
//!
//! Which name is asked for: when `kubevirt_info` (virt-handler's build info, label
//! `kubeversion`) names one release, only that release's candidates; otherwise every candidate,
//! joined with `or` in table order. One query with `or` rather than trying names one by one:
//! the aggregations give every candidate the same label-free shape, Prometheus keeps the first
//! that has a sample at each step, and the order is chosen so that the first present name is the
//! right one in every release (so the fallback is also correct, and costs one round trip).

use std::time::Duration;

pub use model::kube::metric_names::{
    CPU, Candidate, GUEST_DIRTY_RATE, GUEST_PANICS, LATEST, MIGRATION_DIRTY_RATE,
    MIGRATION_MEMORY_RATE, MIGRATION_PROCESSED, MIGRATION_REMAINING, MIGRATION_TOTAL, Release,
    names,
};

/// The instant query whose `kubeversion` labels say which release the virt-handlers run
/// (`kubevirt_info`, see [`model::kube::metric_names::INFO`]).
pub const RELEASE_QUERY: &str = "count by (kubeversion) (kubevirt_info)";

/// Escapes a label value for a double-quoted PromQL string.
pub fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out
}

/// `metric{namespace="ns",name="name"}`.
pub fn selector(metric: &str, namespace: &str, name: &str) -> String {
    format!(
        "{metric}{{namespace=\"{}\",name=\"{}\"}}",
        escape(namespace),
        escape(name)
    )
}

/// A rate window in whole seconds, at least one.
pub fn window(d: Duration) -> String {
    format!("{}s", d.as_secs().max(1))
}

/// The VMI a query is about, and the release whose names it uses.
#[derive(Debug, Clone, Copy)]
pub struct Target<'a> {
    pub namespace: &'a str,
    pub name: &'a str,
    pub release: Option<Release>,
}

impl Target<'_> {
    /// `shape(selector)` for each candidate name, joined with `or`; `None` when the release
    /// exports none of them.
    fn each(&self, candidates: &[Candidate], shape: impl Fn(&str) -> String) -> Option<String> {
        let parts: Vec<String> = names(candidates, self.release)
            .into_iter()
            .map(|m| shape(&selector(m, self.namespace, self.name)))
            .collect();
        (!parts.is_empty()).then(|| parts.join(" or "))
    }
}

fn sum_rate(func: &str, by: Option<&str>, w: Duration) -> impl Fn(&str) -> String {
    let by = by.map(|l| format!(" by ({l}) ")).unwrap_or_default();
    let w = window(w);
    let func = func.to_string();
    move |sel| format!("sum{by}({func}({sel}[{w}]))")
}

fn sum(sel: &str) -> String {
    format!("sum({sel})")
}

fn max(sel: &str) -> String {
    format!("max({sel})")
}

/// One query: what it plots, its unit, and the PromQL.
#[derive(Debug, Clone, PartialEq)]
pub struct Query {
    /// The `Series::metric` name (see `model::api::Series`).
    pub metric: &'static str,
    /// `cores`, `bytes`, `bytes_per_second` or `count`.
    pub unit: &'static str,
    pub promql: String,
}

fn query(metric: &'static str, unit: &'static str, promql: Option<String>) -> Option<Query> {
    Some(Query {
        metric,
        unit,
        promql: promql?,
    })
}

/// A series whose name did not change across v1.0 to v1.9.
fn stable(name: &'static str) -> [Candidate; 1] {
    [Candidate {
        name,
        from: 0,
        to: LATEST,
    }]
}

/// The domain-stat queries: CPU, memory, block I/O, network, dirty rate, guest panics. Series a
/// known release does not export are left out.
pub fn domain(t: Target<'_>, w: Duration) -> Vec<Query> {
    let rate = |by| sum_rate("rate", by, w);
    let memory = |m| t.each(&stable(m), sum);
    [
        query("cpu", "cores", t.each(CPU, rate(None))),
        query(
            "memory_resident",
            "bytes",
            memory("kubevirt_vmi_memory_resident_bytes"),
        ),
        query(
            "memory_available",
            "bytes",
            memory("kubevirt_vmi_memory_available_bytes"),
        ),
        query(
            "memory_usable",
            "bytes",
            memory("kubevirt_vmi_memory_usable_bytes"),
        ),
        query(
            "block_read",
            "bytes_per_second",
            t.each(
                &stable("kubevirt_vmi_storage_read_traffic_bytes_total"),
                rate(Some("drive")),
            ),
        ),
        query(
            "block_write",
            "bytes_per_second",
            t.each(
                &stable("kubevirt_vmi_storage_write_traffic_bytes_total"),
                rate(Some("drive")),
            ),
        ),
        query(
            "net_rx",
            "bytes_per_second",
            t.each(
                &stable("kubevirt_vmi_network_receive_bytes_total"),
                rate(Some("interface")),
            ),
        ),
        query(
            "net_tx",
            "bytes_per_second",
            t.each(
                &stable("kubevirt_vmi_network_transmit_bytes_total"),
                rate(Some("interface")),
            ),
        ),
        query(
            "dirty_rate",
            "bytes_per_second",
            t.each(GUEST_DIRTY_RATE, sum),
        ),
        query(
            "guest_panics",
            "count",
            t.each(GUEST_PANICS, sum_rate("increase", None, w)),
        ),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The migration-progress queries: data processed, remaining and total, the memory transfer
/// rate and the dirty rate (the `max` over the VMI's series: one migration at a time).
pub fn migration(t: Target<'_>) -> Vec<Query> {
    [
        query(
            "migration_processed",
            "bytes",
            t.each(MIGRATION_PROCESSED, max),
        ),
        query(
            "migration_remaining",
            "bytes",
            t.each(MIGRATION_REMAINING, max),
        ),
        query("migration_total", "bytes", t.each(MIGRATION_TOTAL, max)),
        query(
            "migration_transfer_rate",
            "bytes_per_second",
            t.each(MIGRATION_MEMORY_RATE, max),
        ),
        query(
            "migration_dirty_rate",
            "bytes_per_second",
            t.each(MIGRATION_DIRTY_RATE, max),
        ),
    ]
    .into_iter()
    .flatten()
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(minor: u32) -> Option<Release> {
        Some(Release { minor })
    }

    fn vmi(release: Option<Release>) -> Target<'static> {
        Target {
            namespace: "prod",
            name: "web-1",
            release,
        }
    }

    #[test]
    fn releases_are_read_from_kubeversion() {
        assert_eq!(Release::parse("v1.5.2"), v(5));
        assert_eq!(Release::parse("v1.6.0-rc.1"), v(6));
        assert_eq!(Release::parse("1.10.0+abc"), v(10));
        assert_eq!(Release::parse("v2.0.0"), None);
        assert_eq!(Release::parse("unknown"), None);
        assert_eq!(Release::agreed(["v1.4.0", "v1.4.1"]), v(4));
        assert_eq!(Release::agreed(["v1.4.0", "v1.5.0"]), None, "upgrade");
        assert_eq!(Release::agreed([]), None);
    }

    /// The names asked for per release family, as the research table lists them.
    #[test]
    fn each_release_gets_its_own_names() {
        let rate = |r| names(MIGRATION_MEMORY_RATE, r);
        assert_eq!(
            rate(v(0)),
            ["kubevirt_migrate_vmi_memory_transfer_rate_bytes"]
        );
        // v1.1 swapped the names: the memory name carries the disk rate there.
        assert_eq!(
            rate(v(1)),
            ["kubevirt_vmi_migration_disk_transfer_rate_bytes"]
        );
        assert_eq!(
            rate(v(4)),
            ["kubevirt_vmi_migration_disk_transfer_rate_bytes"]
        );
        assert_eq!(
            rate(v(6)),
            ["kubevirt_vmi_migration_disk_transfer_rate_bytes"]
        );
        assert_eq!(
            rate(v(7)),
            ["kubevirt_vmi_migration_memory_transfer_rate_bytes"]
        );
        assert_eq!(
            rate(v(9)),
            ["kubevirt_vmi_migration_memory_transfer_rate_bytes"]
        );
        let total = |r| names(MIGRATION_TOTAL, r);
        assert!(total(v(0)).is_empty() && total(v(1)).is_empty() && total(v(4)).is_empty());
        assert_eq!(total(v(6)), ["kubevirt_vmi_migration_data_total_bytes"]);
        assert_eq!(
            total(v(8)),
            [
                "kubevirt_vmi_migration_data_bytes_total",
                "kubevirt_vmi_migration_data_total_bytes"
            ]
        );
        assert_eq!(names(CPU, v(0)), ["kubevirt_vmi_cpu_usage_seconds"]);
        assert_eq!(names(CPU, v(1)), ["kubevirt_vmi_cpu_usage_seconds_total"]);
        assert_eq!(
            names(MIGRATION_PROCESSED, v(0)),
            ["kubevirt_migrate_vmi_data_processed_bytes"]
        );
        assert_eq!(
            names(MIGRATION_REMAINING, v(8)),
            ["kubevirt_vmi_migration_data_remaining_bytes"]
        );
        assert!(names(GUEST_DIRTY_RATE, v(4)).is_empty());
        assert_eq!(names(GUEST_DIRTY_RATE, v(6)).len(), 1);
        assert!(names(GUEST_PANICS, v(8)).is_empty());
        assert_eq!(
            names(GUEST_PANICS, v(9)),
            ["kubevirt_vmi_guest_os_panic_total"]
        );
    }

    /// Without a release every name is tried, and the first present one is right in every
    /// release: the disk-named rate exists only where it is the memory rate.
    #[test]
    fn unknown_releases_try_every_name_in_a_safe_order() {
        let m = migration(vmi(None));
        let rate = m
            .iter()
            .find(|q| q.metric == "migration_transfer_rate")
            .unwrap();
        assert_eq!(
            rate.promql,
            "max(kubevirt_vmi_migration_disk_transfer_rate_bytes{namespace=\"prod\",name=\"web-1\"}) \
             or max(kubevirt_vmi_migration_memory_transfer_rate_bytes{namespace=\"prod\",name=\"web-1\"}) \
             or max(kubevirt_migrate_vmi_memory_transfer_rate_bytes{namespace=\"prod\",name=\"web-1\"})"
        );
        for r in 0..=9 {
            let first_present = MIGRATION_MEMORY_RATE
                .iter()
                .find(|c| c.exported_by(Release { minor: r }))
                .map(|c| c.name);
            assert_eq!(
                first_present,
                names(MIGRATION_MEMORY_RATE, v(r)).first().copied()
            );
        }
        assert_eq!(m.len(), 5);
        let d = domain(vmi(None), Duration::from_secs(300));
        assert_eq!(d.len(), 10);
        assert_eq!(
            d[0].promql,
            "sum(rate(kubevirt_vmi_cpu_usage_seconds_total{namespace=\"prod\",name=\"web-1\"}[300s])) \
             or sum(rate(kubevirt_vmi_cpu_usage_seconds{namespace=\"prod\",name=\"web-1\"}[300s]))"
        );
    }

    #[test]
    fn queries_name_the_vmi_and_escape_values() {
        let d = domain(vmi(v(9)), Duration::from_secs(300));
        assert_eq!(
            d[0].promql,
            "sum(rate(kubevirt_vmi_cpu_usage_seconds_total{namespace=\"prod\",name=\"web-1\"}[300s]))"
        );
        let read = d.iter().find(|q| q.metric == "block_read").unwrap();
        assert_eq!(
            read.promql,
            "sum by (drive) (rate(kubevirt_vmi_storage_read_traffic_bytes_total{namespace=\"prod\",name=\"web-1\"}[300s]))"
        );
        let panics = d.iter().find(|q| q.metric == "guest_panics").unwrap();
        assert_eq!(
            panics.promql,
            "sum(increase(kubevirt_vmi_guest_os_panic_total{namespace=\"prod\",name=\"web-1\"}[300s]))"
        );
        assert_eq!(
            selector("m", "a\"b", "c\\d"),
            "m{namespace=\"a\\\"b\",name=\"c\\\\d\"}"
        );
        let m = migration(vmi(v(0)));
        assert_eq!(
            m[1].promql,
            "max(kubevirt_migrate_vmi_data_remaining_bytes{namespace=\"prod\",name=\"web-1\"})"
        );
        assert_eq!(window(Duration::from_millis(10)), "1s");
        // v1.0 has no total, guest dirty rate or panic counter.
        assert_eq!(d.len() + m.len(), 10 + 4);
        assert_eq!(domain(vmi(v(0)), Duration::from_secs(60)).len(), 8);
    }
}
