//! The PromQL text Strata's backend sends to Prometheus for one VMI: the single place where
//! queries are written. [`crate::series`] runs them; `tests/prometheus.rs` checks that a real
//! Prometheus scraping the simulator gives the same series as the simulator's own query API.
//!
//! Metric names, labels and units are virt-handler's (`kubevirt_vmi_*`), and several names
//! changed between KubeVirt releases: each logical series has an ordered list of [`Candidate`]
//! names, each with the releases that export it (the table below cites KubeVirt's source).
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

/// A KubeVirt release `v1.<minor>` (every release so far is 1.x).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Release {
    pub minor: u32,
}

impl Release {
    /// Reads a `kubeversion` label (`v1.5.2`, `v1.6.0-rc.1`, `1.9.0`); `None` if it is not 1.x.
    pub fn parse(kubeversion: &str) -> Option<Release> {
        let v = kubeversion.trim().trim_start_matches('v');
        let mut parts = v.split(['.', '-', '+']);
        if parts.next()? != "1" {
            return None;
        }
        let minor = parts.next()?.parse().ok()?;
        Some(Release { minor })
    }

    /// The release all of `kubeversions` (one per virt-handler) agree on; `None` when there is
    /// none (no `kubevirt_info` scraped) or they differ (an upgrade in progress), and the
    /// queries then try every candidate name.
    pub fn agreed<'a>(kubeversions: impl IntoIterator<Item = &'a str>) -> Option<Release> {
        let mut found: Option<Release> = None;
        for v in kubeversions {
            let r = Release::parse(v)?;
            match found {
                Some(f) if f != r => return None,
                _ => found = Some(r),
            }
        }
        found
    }
}

/// The instant query whose `kubeversion` labels say which release the virt-handlers run.
/// `kubevirt_info{goversion,kubeversion}` is exported by virt-handler in every release
/// (`pkg/monitoring/domainstats/prometheus/prometheus.go` `versionDesc` up to v1.2,
/// `pkg/monitoring/metrics/virt-handler/version_metrics.go` `versionInfo` later).
pub const RELEASE_QUERY: &str = "count by (kubeversion) (kubevirt_info)";

/// One name a logical series had, exported by the releases `v1.<from>` to `v1.<to>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidate {
    pub name: &'static str,
    pub from: u32,
    pub to: u32,
}

const LATEST: u32 = u32::MAX;

const fn c(name: &'static str, from: u32, to: u32) -> Candidate {
    Candidate { name, from, to }
}

impl Candidate {
    fn exported_by(&self, r: Release) -> bool {
        (self.from..=self.to).contains(&r.minor)
    }
}

// The per-release names, from KubeVirt's source at tags v1.0 to v1.9:
// * v1.0 to v1.2: `pkg/monitoring/domainstats/prometheus/prometheus.go` (`MigrateVmi*MetricName`,
//   `updateMigrateInfo`, the CPU in `updateCPU`);
// * v1.3, v1.4: `pkg/monitoring/metrics/virt-handler/domainstats/migration_metrics.go`,
//   `.../domainstats/cpu_metrics.go`;
// * v1.5 on: `pkg/monitoring/metrics/virt-handler/migrationdomainstats/migrationstats_collector.go`;
// * v1.8 on also the recording rule `kubevirt_vmi_migration_data_total_bytes` "[Deprecated]"
//   (`pkg/monitoring/rules/recordingrules/vmi.go`), where KubeVirt's PrometheusRule is installed;
// * guest dirty rate: `.../domainstats/dirty_rate_metrics.go` (v1.6), `dirty_rate_collector.go`;
// * guest panics: `pkg/monitoring/metrics/virt-handler/guest_metrics.go` (v1.9).
// libvirt's `MemoryBps` (the memory rate) is exported as `kubevirt_migrate_vmi_memory_…` in
// v1.0, as `kubevirt_vmi_migration_disk_transfer_rate_bytes` in v1.1 to v1.6 (v1.1 swapped the
// two names and v1.2 dropped the disk rate, keeping the memory rate under the disk name), and as
// `kubevirt_vmi_migration_memory_transfer_rate_bytes` from v1.7. The disk name therefore comes
// first: it exists only where it is the memory rate, while in v1.1 the memory name is the disk
// rate.

/// `cpu`: vCPU time, a counter.
pub const CPU: &[Candidate] = &[
    c("kubevirt_vmi_cpu_usage_seconds_total", 1, LATEST),
    c("kubevirt_vmi_cpu_usage_seconds", 0, 0),
];
/// `migration_processed`.
pub const MIGRATION_PROCESSED: &[Candidate] = &[
    c("kubevirt_vmi_migration_data_processed_bytes", 1, LATEST),
    c("kubevirt_migrate_vmi_data_processed_bytes", 0, 0),
];
/// `migration_remaining`.
pub const MIGRATION_REMAINING: &[Candidate] = &[
    c("kubevirt_vmi_migration_data_remaining_bytes", 1, LATEST),
    c("kubevirt_migrate_vmi_data_remaining_bytes", 0, 0),
];
/// `migration_total`: not exported up to v1.4 (the percent then uses processed + remaining).
pub const MIGRATION_TOTAL: &[Candidate] = &[
    c("kubevirt_vmi_migration_data_bytes_total", 8, LATEST),
    c("kubevirt_vmi_migration_data_total_bytes", 5, LATEST),
];
/// `migration_transfer_rate`: the memory rate (`MemoryBps`), see above.
pub const MIGRATION_MEMORY_RATE: &[Candidate] = &[
    c("kubevirt_vmi_migration_disk_transfer_rate_bytes", 1, 6),
    c(
        "kubevirt_vmi_migration_memory_transfer_rate_bytes",
        7,
        LATEST,
    ),
    c("kubevirt_migrate_vmi_memory_transfer_rate_bytes", 0, 0),
];
/// `migration_dirty_rate`: libvirt's `MemDirtyRate` during the migration.
pub const MIGRATION_DIRTY_RATE: &[Candidate] = &[
    c("kubevirt_vmi_migration_dirty_memory_rate_bytes", 1, LATEST),
    c("kubevirt_migrate_vmi_dirty_memory_rate_bytes", 0, 0),
];
/// `dirty_rate`: the guest's dirty rate outside migrations (from v1.9 not while migrating).
pub const GUEST_DIRTY_RATE: &[Candidate] =
    &[c("kubevirt_vmi_dirty_rate_bytes_per_second", 6, LATEST)];
/// `guest_panics`: a counter per virt-handler lifetime, read with `increase()` over the window
/// (as KubeVirt's alert `VMNonRecoverableOSPanic` does).
pub const GUEST_PANICS: &[Candidate] = &[c("kubevirt_vmi_guest_os_panic_total", 9, LATEST)];

/// The names to ask for: those `release` exports, or every candidate when it is unknown.
pub fn names(candidates: &[Candidate], release: Option<Release>) -> Vec<&'static str> {
    candidates
        .iter()
        .filter(|c| release.is_none_or(|r| c.exported_by(r)))
        .map(|c| c.name)
        .collect()
}

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
    [c(name, 0, LATEST)]
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
