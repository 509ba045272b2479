//! Issue 15, metric names per KubeVirt release (`--kubevirt-version`), on `/metrics` and through
//! the PromQL API (see `sim::metrics::names`).

mod common;

use common::source::*;
use common::*;

// ---- 5. metric names per release (see sim::metrics::names) ------------------------------------

async fn names_served(version: &str) -> (String, Vec<String>) {
    let sim = scenario("migration-precopy", version).await;
    sim.advance(30.0);
    let (_, text) = {
        let r = client()
            .get(format!("{}/metrics", sim.url()))
            .send()
            .await
            .unwrap();
        (r.status(), r.text().await.unwrap())
    };
    let mut through_promql = Vec::new();
    for name in ALL_NAMES {
        let (_, q) = get(&sim, &format!("/api/v1/query?query={name}")).await;
        if !q["data"]["result"].as_array().unwrap().is_empty() {
            through_promql.push(name.to_string());
        }
    }
    (text, through_promql)
}

const ALL_NAMES: &[&str] = &[
    "kubevirt_vmi_cpu_usage_seconds",
    "kubevirt_vmi_cpu_usage_seconds_total",
    "kubevirt_migrate_vmi_memory_transfer_rate_bytes",
    "kubevirt_migrate_vmi_disk_transfer_rate_bytes",
    "kubevirt_migrate_vmi_data_processed_bytes",
    "kubevirt_migrate_vmi_data_remaining_bytes",
    "kubevirt_migrate_vmi_dirty_memory_rate_bytes",
    "kubevirt_vmi_migration_memory_transfer_rate_bytes",
    "kubevirt_vmi_migration_disk_transfer_rate_bytes",
    "kubevirt_vmi_migration_data_processed_bytes",
    "kubevirt_vmi_migration_data_remaining_bytes",
    "kubevirt_vmi_migration_dirty_memory_rate_bytes",
    "kubevirt_vmi_migration_data_total_bytes",
    "kubevirt_vmi_migration_data_bytes_total",
    "kubevirt_vmi_dirty_rate_bytes_per_second",
];

async fn assert_names(version: &str, expected: &[&str]) {
    let (text, promql) = names_served(version).await;
    let served: Vec<&str> = ALL_NAMES
        .iter()
        .copied()
        .filter(|n| text.contains(&format!("\n{n}{{")))
        .collect();
    assert_eq!(served, expected, "/metrics of v{version}");
    assert_eq!(promql, expected, "PromQL of v{version}");
}

#[tokio::test]
async fn metric_names_v1_0_and_v1_1() {
    assert_names(
        "1.0",
        &[
            "kubevirt_vmi_cpu_usage_seconds",
            "kubevirt_migrate_vmi_memory_transfer_rate_bytes",
            "kubevirt_migrate_vmi_disk_transfer_rate_bytes",
            "kubevirt_migrate_vmi_data_processed_bytes",
            "kubevirt_migrate_vmi_data_remaining_bytes",
            "kubevirt_migrate_vmi_dirty_memory_rate_bytes",
        ],
    )
    .await;
    // v1.1 swaps the rates: the memory rate is served as `disk_…` and the disk rate as `memory_…`.
    assert_names(
        "1.1",
        &[
            "kubevirt_vmi_cpu_usage_seconds_total",
            "kubevirt_vmi_migration_memory_transfer_rate_bytes",
            "kubevirt_vmi_migration_disk_transfer_rate_bytes",
            "kubevirt_vmi_migration_data_processed_bytes",
            "kubevirt_vmi_migration_data_remaining_bytes",
            "kubevirt_vmi_migration_dirty_memory_rate_bytes",
        ],
    )
    .await;
    let sim = scenario("migration-precopy", "1.1").await;
    sim.advance(30.0);
    let (_, q) = get(
        &sim,
        "/api/v1/query?query=kubevirt_vmi_migration_disk_transfer_rate_bytes",
    )
    .await;
    let memory_bps = q["data"]["result"][0]["value"][1]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(
        memory_bps,
        (120.0 * 1024.0 * 1024.0_f64).to_string(),
        "MemoryBps under disk_…"
    );
}

#[tokio::test]
async fn metric_names_v1_2_to_v1_6() {
    let base = [
        "kubevirt_vmi_cpu_usage_seconds_total",
        "kubevirt_vmi_migration_disk_transfer_rate_bytes",
        "kubevirt_vmi_migration_data_processed_bytes",
        "kubevirt_vmi_migration_data_remaining_bytes",
        "kubevirt_vmi_migration_dirty_memory_rate_bytes",
    ];
    for v in ["1.2", "1.4"] {
        assert_names(v, &base).await;
    }
    let mut v15 = base.to_vec();
    v15.push("kubevirt_vmi_migration_data_total_bytes");
    assert_names("1.5", &v15).await;
    let mut v16 = v15.clone();
    v16.push("kubevirt_vmi_dirty_rate_bytes_per_second");
    assert_names("1.6", &v16).await;
}

#[tokio::test]
async fn metric_names_v1_7_to_v1_9() {
    let v17 = [
        "kubevirt_vmi_cpu_usage_seconds_total",
        "kubevirt_vmi_migration_memory_transfer_rate_bytes",
        "kubevirt_vmi_migration_data_processed_bytes",
        "kubevirt_vmi_migration_data_remaining_bytes",
        "kubevirt_vmi_migration_dirty_memory_rate_bytes",
        "kubevirt_vmi_migration_data_total_bytes",
        "kubevirt_vmi_dirty_rate_bytes_per_second",
    ];
    assert_names("1.7", &v17).await;
    let mut v18 = v17.to_vec();
    v18[5] = "kubevirt_vmi_migration_data_bytes_total";
    assert_names("1.8", &v18).await;
    // v1.9 `filterDirtyRateEligible`: no guest dirty rate while the VMI migrates.
    v18.pop();
    v18.sort_by_key(|n| ALL_NAMES.iter().position(|a| a == n));
    assert_names("1.9", &v18).await;
}

#[tokio::test]
async fn guest_panic_counter_only_from_v1_9() {
    // guest_metrics.go: a CounterVec, present once the guest panicked.
    for (version, present) in [("1.9", true), ("1.8", false)] {
        let sim = scenario("guest-os-panic", version).await;
        sim.advance(40.0);
        let (_, q) = get(
            &sim,
            "/api/v1/query?query=kubevirt_vmi_guest_os_panic_total",
        )
        .await;
        let r = q["data"]["result"].as_array().unwrap();
        assert_eq!(!r.is_empty(), present, "{version}");
        if present {
            assert_eq!(r[0]["metric"]["type"], "pvpanic");
            assert_eq!(r[0]["metric"]["bugcheck_code"], "unknown");
        }
    }
}
