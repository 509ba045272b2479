//! The names virt-handler gives its series in each KubeVirt release (the table of the issue-15
//! research note, from KubeVirt's source):
//!
//! * v1.0 to v1.2: `pkg/monitoring/domainstats/prometheus/prometheus.go` (`updateMigrateInfo`);
//! * v1.3, v1.4: `pkg/monitoring/metrics/virt-handler/domainstats/migration_metrics.go`;
//! * v1.5 on: `pkg/monitoring/metrics/virt-handler/migrationdomainstats/migrationstats_collector.go`;
//! * dirty rate: `.../domainstats/dirty_rate_metrics.go` (v1.6), `dirty_rate_collector.go` (v1.9,
//!   `filterDirtyRateEligible` skips VMIs that migrate);
//! * guest panics: `pkg/monitoring/metrics/virt-handler/guest_metrics.go` (v1.9).
//!
//! `MemoryBps` is libvirt's memory rate and `DiskBps` its disk rate; v1.1 exports each under the
//! other's name, v1.2 to v1.6 the memory rate under the disk name and no disk rate at all.

use crate::version::KubeVirtVersion;

/// The series names of one release (`None`: not exported).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MetricNames {
    pub cpu_usage: &'static str,
    /// The name the migration memory rate (`MemoryBps`) is exported under.
    pub memory_rate: &'static str,
    /// The name the migration disk rate (`DiskBps`) is exported under.
    pub disk_rate: Option<&'static str>,
    pub processed: &'static str,
    pub remaining: &'static str,
    pub total: Option<&'static str>,
    pub dirty_memory: &'static str,
    /// `kubevirt_vmi_dirty_rate_bytes_per_second` is exported (v1.6 on).
    pub guest_dirty_rate: bool,
    /// ... but not for a VMI whose migration is in progress (v1.9 on).
    pub dirty_rate_skips_migrating: bool,
    /// `kubevirt_vmi_guest_os_panic_total` exists (v1.9 on).
    pub guest_panic: bool,
}

const V1_0: MetricNames = MetricNames {
    cpu_usage: "kubevirt_vmi_cpu_usage_seconds",
    memory_rate: "kubevirt_migrate_vmi_memory_transfer_rate_bytes",
    disk_rate: Some("kubevirt_migrate_vmi_disk_transfer_rate_bytes"),
    processed: "kubevirt_migrate_vmi_data_processed_bytes",
    remaining: "kubevirt_migrate_vmi_data_remaining_bytes",
    total: None,
    dirty_memory: "kubevirt_migrate_vmi_dirty_memory_rate_bytes",
    guest_dirty_rate: false,
    dirty_rate_skips_migrating: false,
    guest_panic: false,
};

const V1_1: MetricNames = MetricNames {
    cpu_usage: "kubevirt_vmi_cpu_usage_seconds_total",
    memory_rate: "kubevirt_vmi_migration_disk_transfer_rate_bytes",
    disk_rate: Some("kubevirt_vmi_migration_memory_transfer_rate_bytes"),
    processed: "kubevirt_vmi_migration_data_processed_bytes",
    remaining: "kubevirt_vmi_migration_data_remaining_bytes",
    total: None,
    dirty_memory: "kubevirt_vmi_migration_dirty_memory_rate_bytes",
    guest_dirty_rate: false,
    dirty_rate_skips_migrating: false,
    guest_panic: false,
};

const V1_2: MetricNames = MetricNames {
    disk_rate: None,
    ..V1_1
};

const V1_5: MetricNames = MetricNames {
    total: Some("kubevirt_vmi_migration_data_total_bytes"),
    ..V1_2
};

const V1_6: MetricNames = MetricNames {
    guest_dirty_rate: true,
    ..V1_5
};

const V1_7: MetricNames = MetricNames {
    memory_rate: "kubevirt_vmi_migration_memory_transfer_rate_bytes",
    ..V1_6
};

const V1_8: MetricNames = MetricNames {
    total: Some("kubevirt_vmi_migration_data_bytes_total"),
    ..V1_7
};

const V1_9: MetricNames = MetricNames {
    dirty_rate_skips_migrating: true,
    guest_panic: true,
    ..V1_8
};

/// The names of release `v`.
pub fn names(v: KubeVirtVersion) -> MetricNames {
    match v.minor {
        0 => V1_0,
        1 => V1_1,
        2..=4 => V1_2,
        5 => V1_5,
        6 => V1_6,
        7 => V1_7,
        8 => V1_8,
        _ => V1_9,
    }
}
