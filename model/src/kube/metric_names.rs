//! The names virt-handler gives its series in each KubeVirt release `v1.<minor>`: the one table
//! of KubeVirt's metric names, which the backend's queries (`backend/src/promql.rs`) and the
//! reading of scraped or pasted samples ([`super::metrics`]) both use.
//!
//! From KubeVirt's source at the tags v1.0.0 to v1.9.0:
//! * v1.0 to v1.2: `pkg/monitoring/domainstats/prometheus/prometheus.go` (`MigrateVmi*MetricName`,
//!   `updateMigrateInfo`, the CPU in `updateCPU`);
//! * v1.3, v1.4: `pkg/monitoring/metrics/virt-handler/domainstats/migration_metrics.go`,
//!   `.../domainstats/cpu_metrics.go`;
//! * v1.5 on: `pkg/monitoring/metrics/virt-handler/migrationdomainstats/migrationstats_collector.go`;
//! * v1.8 on also the recording rule `kubevirt_vmi_migration_data_total_bytes` "[Deprecated]"
//!   (`pkg/monitoring/rules/recordingrules/vmi.go`), where KubeVirt's PrometheusRule is installed;
//! * guest dirty rate: `.../domainstats/dirty_rate_metrics.go` (v1.6), `dirty_rate_collector.go`;
//! * guest panics: `pkg/monitoring/metrics/virt-handler/guest_metrics.go` (v1.9).
//!
//! libvirt's `MemoryBps` (the memory rate) is exported as `kubevirt_migrate_vmi_memory_…` in
//! v1.0, as `kubevirt_vmi_migration_disk_transfer_rate_bytes` in v1.1 to v1.6 (v1.1 swapped the
//! two names, `MigrateVmiMemoryTransferRateMetricName = "…disk_transfer_rate_bytes"`, and v1.2
//! dropped the disk rate, keeping the memory rate under the disk name), and as
//! `kubevirt_vmi_migration_memory_transfer_rate_bytes` from v1.7. `DiskBps` is
//! `kubevirt_migrate_vmi_disk_…` in v1.0 and `…_memory_transfer_rate_bytes` in v1.1 only.
//!
//! A name can so mean two series; which one follows from the release, given by
//! `kubevirt_info{kubeversion}` or else narrowed down by the other names present
//! ([`ReleaseSet`]).

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
    /// none (no `kubevirt_info` scraped) or they differ (an upgrade in progress).
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

/// virt-handler's build info, label `kubeversion`, in every release
/// (`pkg/monitoring/domainstats/prometheus/prometheus.go` `versionDesc` up to v1.2,
/// `pkg/monitoring/metrics/virt-handler/version_metrics.go` `versionInfo` later).
pub const INFO: &str = "kubevirt_info";

/// One name a series had, exported by the releases `v1.<from>` to `v1.<to>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidate {
    pub name: &'static str,
    pub from: u32,
    pub to: u32,
}

/// `to` of a name still exported by the newest release.
pub const LATEST: u32 = u32::MAX;

const fn c(name: &'static str, from: u32, to: u32) -> Candidate {
    Candidate { name, from, to }
}

impl Candidate {
    /// Whether release `r` exports this name.
    pub fn exported_by(&self, r: Release) -> bool {
        (self.from..=self.to).contains(&r.minor)
    }
    fn releases(&self) -> ReleaseSet {
        ReleaseSet::range(self.from, self.to)
    }
}

/// `cpu`: vCPU time, a counter.
pub const CPU: &[Candidate] = &[
    c("kubevirt_vmi_cpu_usage_seconds_total", 1, LATEST),
    c("kubevirt_vmi_cpu_usage_seconds", 0, 0),
];
/// Data sent so far.
pub const MIGRATION_PROCESSED: &[Candidate] = &[
    c("kubevirt_vmi_migration_data_processed_bytes", 1, LATEST),
    c("kubevirt_migrate_vmi_data_processed_bytes", 0, 0),
];
/// Data left to send.
pub const MIGRATION_REMAINING: &[Candidate] = &[
    c("kubevirt_vmi_migration_data_remaining_bytes", 1, LATEST),
    c("kubevirt_migrate_vmi_data_remaining_bytes", 0, 0),
];
/// The data total: not exported up to v1.4 (the percent then uses processed + remaining).
pub const MIGRATION_TOTAL: &[Candidate] = &[
    c("kubevirt_vmi_migration_data_bytes_total", 8, LATEST),
    c("kubevirt_vmi_migration_data_total_bytes", 5, LATEST),
];
/// The memory transfer rate (`MemoryBps`). The disk name comes first: it exists only where it
/// is the memory rate, while in v1.1 the memory name is the disk rate, so the first name present
/// is right in every release.
pub const MIGRATION_MEMORY_RATE: &[Candidate] = &[
    c("kubevirt_vmi_migration_disk_transfer_rate_bytes", 1, 6),
    c(
        "kubevirt_vmi_migration_memory_transfer_rate_bytes",
        7,
        LATEST,
    ),
    c("kubevirt_migrate_vmi_memory_transfer_rate_bytes", 0, 0),
];
/// The disk transfer rate (`DiskBps`, block migration): v1.0 and v1.1 only.
pub const MIGRATION_DISK_RATE: &[Candidate] = &[
    c("kubevirt_vmi_migration_memory_transfer_rate_bytes", 1, 1),
    c("kubevirt_migrate_vmi_disk_transfer_rate_bytes", 0, 0),
];
/// libvirt's `MemDirtyRate` during the migration.
pub const MIGRATION_DIRTY_RATE: &[Candidate] = &[
    c("kubevirt_vmi_migration_dirty_memory_rate_bytes", 1, LATEST),
    c("kubevirt_migrate_vmi_dirty_memory_rate_bytes", 0, 0),
];
/// The guest's dirty rate outside migrations (from v1.9 not while migrating).
pub const GUEST_DIRTY_RATE: &[Candidate] =
    &[c("kubevirt_vmi_dirty_rate_bytes_per_second", 6, LATEST)];
/// A counter of guest panics per virt-handler lifetime.
pub const GUEST_PANICS: &[Candidate] = &[c("kubevirt_vmi_guest_os_panic_total", 9, LATEST)];

/// The migration series a sample can be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum MigrationMetric {
    DataTotal,
    DataRemaining,
    DataProcessed,
    DirtyRate,
    /// The memory transfer rate.
    TransferRate,
    /// The disk transfer rate of a block migration (v1.0, v1.1).
    DiskTransferRate,
}

/// Each migration series with its names.
pub const MIGRATION: &[(MigrationMetric, &[Candidate])] = &[
    (MigrationMetric::DataTotal, MIGRATION_TOTAL),
    (MigrationMetric::DataRemaining, MIGRATION_REMAINING),
    (MigrationMetric::DataProcessed, MIGRATION_PROCESSED),
    (MigrationMetric::DirtyRate, MIGRATION_DIRTY_RATE),
    (MigrationMetric::TransferRate, MIGRATION_MEMORY_RATE),
    (MigrationMetric::DiskTransferRate, MIGRATION_DISK_RATE),
];

/// Every table, for narrowing the release down by the names present.
const ALL: &[&[Candidate]] = &[
    CPU,
    MIGRATION_PROCESSED,
    MIGRATION_REMAINING,
    MIGRATION_TOTAL,
    MIGRATION_MEMORY_RATE,
    MIGRATION_DISK_RATE,
    MIGRATION_DIRTY_RATE,
    GUEST_DIRTY_RATE,
    GUEST_PANICS,
];

/// The names to ask for: those `release` exports, or every candidate when it is unknown.
pub fn names(candidates: &[Candidate], release: Option<Release>) -> Vec<&'static str> {
    candidates
        .iter()
        .filter(|c| release.is_none_or(|r| c.exported_by(r)))
        .map(|c| c.name)
        .collect()
}

/// A set of releases `v1.0` to `v1.63` (a later minor counts as 63), as a bit mask.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReleaseSet(u64);

impl ReleaseSet {
    /// Every release.
    pub const ANY: ReleaseSet = ReleaseSet(u64::MAX);

    fn range(from: u32, to: u32) -> ReleaseSet {
        let (from, to) = (from.min(63), to.min(63));
        if from > to {
            return ReleaseSet(0);
        }
        let upper = if to == 63 {
            u64::MAX
        } else {
            (1u64 << (to + 1)) - 1
        };
        ReleaseSet(upper & !((1u64 << from) - 1))
    }

    /// Only `r`.
    pub fn only(r: Release) -> ReleaseSet {
        ReleaseSet::range(r.minor, r.minor)
    }

    /// The releases consistent with every name in `names` that some release exported and with
    /// `release` when known: a name narrows the set to the releases that export it. Names from
    /// releases that cannot be one (an upgrade's two scrapes) give [`ReleaseSet::ANY`].
    pub fn from_names<'a>(
        names: impl IntoIterator<Item = &'a str>,
        release: Option<Release>,
    ) -> ReleaseSet {
        let mut set = release.map_or(ReleaseSet::ANY, ReleaseSet::only);
        for n in names {
            let of_name = ALL
                .iter()
                .flat_map(|t| t.iter())
                .filter(|c| c.name == n)
                .fold(0u64, |acc, c| acc | c.releases().0);
            if of_name != 0 {
                set.0 &= of_name;
            }
        }
        if set.0 == 0 { ReleaseSet::ANY } else { set }
    }

    /// The newest release in both sets, if any.
    fn newest_shared(self, other: ReleaseSet) -> Option<u32> {
        let both = self.0 & other.0;
        (both != 0).then(|| 63 - both.leading_zeros())
    }

    /// The migration series `name` is in these releases (the newest reading when it still means
    /// two: a memory-rate name alone may be v1.1's disk rate or v1.7's memory rate).
    pub fn migration_metric(self, name: &str) -> Option<MigrationMetric> {
        MIGRATION
            .iter()
            .flat_map(|(m, cs)| cs.iter().map(move |c| (*m, c)))
            .filter(|(_, c)| c.name == name)
            .filter_map(|(m, c)| Some((self.newest_shared(c.releases())?, m)))
            .max_by_key(|(newest, _)| *newest)
            .map(|(_, m)| m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn release_sets_narrow_by_names() {
        let v = |m| Release { minor: m };
        let s = ReleaseSet::from_names(["kubevirt_vmi_migration_disk_transfer_rate_bytes"], None);
        assert_eq!(s, ReleaseSet::range(1, 6));
        let s = ReleaseSet::from_names(
            [
                "kubevirt_vmi_migration_disk_transfer_rate_bytes",
                "kubevirt_vmi_migration_memory_transfer_rate_bytes",
            ],
            None,
        );
        assert_eq!(s, ReleaseSet::only(v(1)));
        assert_eq!(
            s.migration_metric("kubevirt_vmi_migration_memory_transfer_rate_bytes"),
            Some(MigrationMetric::DiskTransferRate)
        );
        assert_eq!(
            ReleaseSet::ANY.migration_metric("kubevirt_vmi_migration_memory_transfer_rate_bytes"),
            Some(MigrationMetric::TransferRate)
        );
        // An upgrade's mixed scrape falls back to every release.
        let s = ReleaseSet::from_names(
            [
                "kubevirt_migrate_vmi_data_remaining_bytes",
                "kubevirt_vmi_migration_data_bytes_total",
            ],
            None,
        );
        assert_eq!(s, ReleaseSet::ANY);
        assert_eq!(
            ReleaseSet::range(5, LATEST).newest_shared(ReleaseSet::ANY),
            Some(63)
        );
        assert_eq!(
            ReleaseSet::from_names(["x"], Some(v(4))),
            ReleaseSet::only(v(4))
        );
    }
}
