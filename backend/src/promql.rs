//! The PromQL text Strata's backend sends to Prometheus for one VMI: the single place where
//! queries are written. [`crate::series`] runs them; `tests/prometheus.rs` checks that a real
//! Prometheus scraping the simulator gives the same series as the simulator's own query API.
//!
//! Metric names, labels and units are virt-handler's (`kubevirt_vmi_*`, facts.md §6). Each query
//! yields one series per chart line: totals are summed over the VMI's series, block I/O by
//! `drive`, network by `interface`. The migration queries fall back with `or` to the names used up
//! to KubeVirt v1.0 (`kubevirt_migrate_vmi_*`), so one query works on old and new clusters.

use std::time::Duration;

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

fn sum_rate(metric: &str, by: Option<&str>, namespace: &str, name: &str, w: Duration) -> String {
    let by = by.map(|l| format!(" by ({l}) ")).unwrap_or_default();
    format!(
        "sum{by}(rate({}[{}]))",
        selector(metric, namespace, name),
        window(w)
    )
}

fn sum(metric: &str, namespace: &str, name: &str) -> String {
    format!("sum({})", selector(metric, namespace, name))
}

/// The newest name, else the name used up to KubeVirt v1.0.
fn with_legacy(new: &str, old: &str, namespace: &str, name: &str) -> String {
    format!(
        "max({}) or max({})",
        selector(new, namespace, name),
        selector(old, namespace, name)
    )
}

/// One query: what it plots, its unit, and the PromQL.
#[derive(Debug, Clone, PartialEq)]
pub struct Query {
    /// The `Series::metric` name (see `model::api::Series`).
    pub metric: &'static str,
    /// `cores`, `bytes` or `bytes_per_second`.
    pub unit: &'static str,
    pub promql: String,
}

/// The domain-stat queries: CPU, memory, block I/O, network, dirty rate.
pub fn domain(namespace: &str, name: &str, w: Duration) -> Vec<Query> {
    let q = |metric, unit, promql| Query {
        metric,
        unit,
        promql,
    };
    vec![
        q(
            "cpu",
            "cores",
            sum_rate(
                "kubevirt_vmi_cpu_usage_seconds_total",
                None,
                namespace,
                name,
                w,
            ),
        ),
        q(
            "memory_resident",
            "bytes",
            sum("kubevirt_vmi_memory_resident_bytes", namespace, name),
        ),
        q(
            "memory_available",
            "bytes",
            sum("kubevirt_vmi_memory_available_bytes", namespace, name),
        ),
        q(
            "memory_usable",
            "bytes",
            sum("kubevirt_vmi_memory_usable_bytes", namespace, name),
        ),
        q(
            "block_read",
            "bytes_per_second",
            sum_rate(
                "kubevirt_vmi_storage_read_traffic_bytes_total",
                Some("drive"),
                namespace,
                name,
                w,
            ),
        ),
        q(
            "block_write",
            "bytes_per_second",
            sum_rate(
                "kubevirt_vmi_storage_write_traffic_bytes_total",
                Some("drive"),
                namespace,
                name,
                w,
            ),
        ),
        q(
            "net_rx",
            "bytes_per_second",
            sum_rate(
                "kubevirt_vmi_network_receive_bytes_total",
                Some("interface"),
                namespace,
                name,
                w,
            ),
        ),
        q(
            "net_tx",
            "bytes_per_second",
            sum_rate(
                "kubevirt_vmi_network_transmit_bytes_total",
                Some("interface"),
                namespace,
                name,
                w,
            ),
        ),
        q(
            "dirty_rate",
            "bytes_per_second",
            sum("kubevirt_vmi_dirty_rate_bytes_per_second", namespace, name),
        ),
    ]
}

/// The migration-progress queries: data processed and remaining, transfer rate, dirty rate.
pub fn migration(namespace: &str, name: &str) -> Vec<Query> {
    let q = |metric, unit, new: &str, old: &str| Query {
        metric,
        unit,
        promql: with_legacy(new, old, namespace, name),
    };
    vec![
        q(
            "migration_processed",
            "bytes",
            "kubevirt_vmi_migration_data_processed_bytes",
            "kubevirt_migrate_vmi_data_processed_bytes",
        ),
        q(
            "migration_remaining",
            "bytes",
            "kubevirt_vmi_migration_data_remaining_bytes",
            "kubevirt_migrate_vmi_data_remaining_bytes",
        ),
        q(
            "migration_transfer_rate",
            "bytes_per_second",
            "kubevirt_vmi_migration_memory_transfer_rate_bytes",
            "kubevirt_migrate_vmi_memory_transfer_rate_bytes",
        ),
        q(
            "migration_dirty_rate",
            "bytes_per_second",
            "kubevirt_vmi_migration_dirty_memory_rate_bytes",
            "kubevirt_migrate_vmi_dirty_memory_rate_bytes",
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_name_the_vmi_and_escape_values() {
        let d = domain("prod", "web-1", Duration::from_secs(300));
        assert_eq!(
            d[0].promql,
            "sum(rate(kubevirt_vmi_cpu_usage_seconds_total{namespace=\"prod\",name=\"web-1\"}[300s]))"
        );
        let read = d.iter().find(|q| q.metric == "block_read").unwrap();
        assert_eq!(
            read.promql,
            "sum by (drive) (rate(kubevirt_vmi_storage_read_traffic_bytes_total{namespace=\"prod\",name=\"web-1\"}[300s]))"
        );
        assert_eq!(
            selector("m", "a\"b", "c\\d"),
            "m{namespace=\"a\\\"b\",name=\"c\\\\d\"}"
        );
        let m = migration("p", "n");
        assert!(
            m[1].promql
                .contains(" or max(kubevirt_migrate_vmi_data_remaining_bytes{")
        );
        assert_eq!(window(Duration::from_millis(10)), "1s");
        assert_eq!(d.len() + m.len(), 13);
    }
}
