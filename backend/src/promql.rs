//! The PromQL queries Strata's backend sends to Prometheus for one VMI.
//!
//! Pure functions: each builds the query text from a namespace, a name and (for rates) a window.
//! Metric names, labels and units are virt-handler's (`kubevirt_vmi_*`). The migration queries
//! fall back with `or` to the names used up to KubeVirt v1.0 (`kubevirt_migrate_vmi_*`), so one
//! query works against old and new clusters.

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

/// A range-vector window in PromQL duration syntax (whole seconds, at least 1s).
pub fn window(d: Duration) -> String {
    format!("{}s", d.as_secs().max(1))
}

/// CPU in use, in cores (vCPU plus hypervisor time per second).
pub fn cpu_usage(namespace: &str, name: &str, w: Duration) -> String {
    format!(
        "rate({}[{}])",
        selector("kubevirt_vmi_cpu_usage_seconds_total", namespace, name),
        window(w)
    )
}

/// Resident set size of the QEMU process, bytes.
pub fn memory_resident(namespace: &str, name: &str) -> String {
    selector("kubevirt_vmi_memory_resident_bytes", namespace, name)
}

/// Memory the domain sees, bytes.
pub fn memory_available(namespace: &str, name: &str) -> String {
    selector("kubevirt_vmi_memory_available_bytes", namespace, name)
}

/// Memory the guest can still use without swapping ("Available" in /proc/meminfo), bytes.
pub fn memory_usable(namespace: &str, name: &str) -> String {
    selector("kubevirt_vmi_memory_usable_bytes", namespace, name)
}

/// Disk read throughput per drive, bytes/s.
pub fn storage_read(namespace: &str, name: &str, w: Duration) -> String {
    format!(
        "sum by (drive) (rate({}[{}]))",
        selector(
            "kubevirt_vmi_storage_read_traffic_bytes_total",
            namespace,
            name
        ),
        window(w)
    )
}

/// Disk write throughput per drive, bytes/s.
pub fn storage_write(namespace: &str, name: &str, w: Duration) -> String {
    format!(
        "sum by (drive) (rate({}[{}]))",
        selector(
            "kubevirt_vmi_storage_write_traffic_bytes_total",
            namespace,
            name
        ),
        window(w)
    )
}

/// Network receive throughput per interface, bytes/s.
pub fn network_receive(namespace: &str, name: &str, w: Duration) -> String {
    format!(
        "sum by (interface) (rate({}[{}]))",
        selector("kubevirt_vmi_network_receive_bytes_total", namespace, name),
        window(w)
    )
}

/// Network transmit throughput per interface, bytes/s.
pub fn network_transmit(namespace: &str, name: &str, w: Duration) -> String {
    format!(
        "sum by (interface) (rate({}[{}]))",
        selector("kubevirt_vmi_network_transmit_bytes_total", namespace, name),
        window(w)
    )
}

/// Guest dirty rate outside migrations, bytes/s.
pub fn dirty_rate(namespace: &str, name: &str) -> String {
    selector("kubevirt_vmi_dirty_rate_bytes_per_second", namespace, name)
}

fn with_legacy(new: &str, old: &str, namespace: &str, name: &str) -> String {
    format!(
        "{} or {}",
        selector(new, namespace, name),
        selector(old, namespace, name)
    )
}

/// Migration: bytes already sent.
pub fn migration_data_processed(namespace: &str, name: &str) -> String {
    with_legacy(
        "kubevirt_vmi_migration_data_processed_bytes",
        "kubevirt_migrate_vmi_data_processed_bytes",
        namespace,
        name,
    )
}

/// Migration: bytes left to send.
pub fn migration_data_remaining(namespace: &str, name: &str) -> String {
    with_legacy(
        "kubevirt_vmi_migration_data_remaining_bytes",
        "kubevirt_migrate_vmi_data_remaining_bytes",
        namespace,
        name,
    )
}

/// Migration: memory transfer rate, bytes/s.
pub fn migration_memory_transfer_rate(namespace: &str, name: &str) -> String {
    with_legacy(
        "kubevirt_vmi_migration_memory_transfer_rate_bytes",
        "kubevirt_migrate_vmi_memory_transfer_rate_bytes",
        namespace,
        name,
    )
}

/// Migration: guest memory dirty rate, bytes/s.
pub fn migration_dirty_memory_rate(namespace: &str, name: &str) -> String {
    with_legacy(
        "kubevirt_vmi_migration_dirty_memory_rate_bytes",
        "kubevirt_migrate_vmi_dirty_memory_rate_bytes",
        namespace,
        name,
    )
}

/// Every query for one VMI, keyed by a stable name.
pub fn all(namespace: &str, name: &str, w: Duration) -> Vec<(&'static str, String)> {
    vec![
        ("cpu_usage", cpu_usage(namespace, name, w)),
        ("memory_resident", memory_resident(namespace, name)),
        ("memory_available", memory_available(namespace, name)),
        ("memory_usable", memory_usable(namespace, name)),
        ("storage_read", storage_read(namespace, name, w)),
        ("storage_write", storage_write(namespace, name, w)),
        ("network_receive", network_receive(namespace, name, w)),
        ("network_transmit", network_transmit(namespace, name, w)),
        ("dirty_rate", dirty_rate(namespace, name)),
        (
            "migration_data_processed",
            migration_data_processed(namespace, name),
        ),
        (
            "migration_data_remaining",
            migration_data_remaining(namespace, name),
        ),
        (
            "migration_memory_transfer_rate",
            migration_memory_transfer_rate(namespace, name),
        ),
        (
            "migration_dirty_memory_rate",
            migration_dirty_memory_rate(namespace, name),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_name_the_vmi_and_escape_values() {
        let q = cpu_usage("prod", "web-1", Duration::from_secs(300));
        assert_eq!(
            q,
            "rate(kubevirt_vmi_cpu_usage_seconds_total{namespace=\"prod\",name=\"web-1\"}[300s])"
        );
        assert_eq!(
            storage_read("p", "n", Duration::from_secs(60)),
            "sum by (drive) (rate(kubevirt_vmi_storage_read_traffic_bytes_total{namespace=\"p\",name=\"n\"}[60s]))"
        );
        assert_eq!(
            selector("m", "a\"b", "c\\d"),
            "m{namespace=\"a\\\"b\",name=\"c\\\\d\"}"
        );
        let m = migration_data_remaining("p", "n");
        assert!(m.contains(" or kubevirt_migrate_vmi_data_remaining_bytes{"));
        assert_eq!(window(Duration::from_millis(10)), "1s");
        assert_eq!(all("p", "n", Duration::from_secs(60)).len(), 13);
    }
}
