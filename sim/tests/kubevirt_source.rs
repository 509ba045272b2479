//! Issue 15: the simulator does what KubeVirt's source does (not what Strata's model believed).
//! Each test names the KubeVirt file the behaviour follows.

mod common;

use common::*;
use serde_json::Value;
use sim::{Sim, SimArgs};

const KV: &str = "/apis/kubevirt.io/v1/namespaces";

/// One scenario VM (`default/<scenario>`) on a manual clock, imitating `version`.
async fn scenario(name: &str, version: &str) -> Sim {
    start(&SimArgs {
        scenarios: name.into(),
        clock: "manual".into(),
        kubevirt_version: version.into(),
        ..SimArgs::default()
    })
    .await
}

async fn vmi(sim: &Sim, name: &str) -> Value {
    let (code, v) = get(sim, &format!("{KV}/default/virtualmachineinstances/{name}")).await;
    assert_eq!(code, 200, "{name}");
    v
}

async fn vmims(sim: &Sim, vmi: &str) -> Vec<Value> {
    let path = format!(
        "{KV}/default/virtualmachineinstancemigrations?labelSelector=kubevirt.io/vmi-name%3D{vmi}"
    );
    get(sim, &path).await.1["items"].as_array().unwrap().clone()
}

async fn pod(sim: &Sim, name: &str) -> Value {
    get(sim, &format!("/api/v1/namespaces/default/pods/{name}"))
        .await
        .1
}

async fn pods_of(sim: &Sim, vm: &str) -> Vec<Value> {
    let path = format!("/api/v1/namespaces/default/pods?labelSelector=vm.kubevirt.io/name%3D{vm}");
    get(sim, &path).await.1["items"].as_array().unwrap().clone()
}

async fn events(sim: &Sim, kind: &str, name: &str) -> Vec<(String, String, String)> {
    let path = format!(
        "/api/v1/namespaces/default/events?fieldSelector=involvedObject.kind%3D{kind},involvedObject.name%3D{name}"
    );
    let (_, evs) = get(sim, &path).await;
    evs["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let s = |k: &str| e[k].as_str().unwrap_or_default().to_string();
            (s("type"), s("reason"), s("message"))
        })
        .collect()
}

fn has_event(evs: &[(String, String, String)], ty: &str, reason: &str, message: &str) -> bool {
    evs.iter()
        .any(|(t, r, m)| t == ty && r == reason && m == message)
}

// ---- 1. activePods keeps finished pods (lifecycle.go `setActivePods`) -------------------------

#[tokio::test]
async fn active_pods_keep_the_finished_source_pod() {
    let sim = scenario("migration-precopy", "1.9").await;
    sim.advance(70.0);
    let v = vmi(&sim, "migration-precopy").await;
    let ms = &v["status"]["migrationState"];
    assert_eq!(ms["completed"], true);
    let active = v["status"]["activePods"].as_object().unwrap();
    assert_eq!(active.len(), 2, "the finished source pod stays: {active:?}");
    let source = pod(&sim, ms["sourcePod"].as_str().unwrap()).await;
    assert_eq!(source["status"]["phase"], "Succeeded");
    let uid = source["metadata"]["uid"].as_str().unwrap();
    assert_eq!(active[uid], ms["sourceNode"]);
    let target = pod(&sim, ms["targetPod"].as_str().unwrap()).await;
    assert_eq!(
        active[target["metadata"]["uid"].as_str().unwrap()],
        ms["targetNode"]
    );
}

#[tokio::test]
async fn unscheduled_target_pod_is_listed_with_an_empty_node() {
    let sim = scenario("migration-target-unschedulable", "1.9").await;
    sim.advance(15.0);
    let v = vmi(&sim, "migration-target-unschedulable").await;
    let active = v["status"]["activePods"].as_object().unwrap();
    assert_eq!(active.len(), 2);
    assert!(active.values().any(|n| n == ""), "{active:?}");
}

/// Finished migrations until the VMI has more than five: v1.9 deletes the old source pods with
/// the garbage-collected VMIMs; up to v1.8 only the VMIMs go.
async fn after_many_migrations(version: &str) -> (usize, usize, usize) {
    let sim = scenario("migration-precopy", version).await;
    for _ in 0..36 {
        sim.advance(50.0);
    }
    let v = vmi(&sim, "migration-precopy").await;
    let active = v["status"]["activePods"].as_object().unwrap().len();
    let pods = pods_of(&sim, "migration-precopy").await;
    let finished = pods
        .iter()
        .filter(|p| p["status"]["phase"] == "Succeeded")
        .count();
    (
        vmims(&sim, "migration-precopy").await.len(),
        active,
        finished,
    )
}

#[tokio::test]
async fn finished_pods_are_collected_with_their_migrations_only_from_v1_9() {
    // migration.go `garbageCollectFinalizedMigrations`, buffer 5.
    let (vmims19, active19, finished19) = after_many_migrations("1.9").await;
    assert_eq!(vmims19, 5);
    assert_eq!(
        finished19, 5,
        "five finished source pods stay with five VMIMs"
    );
    assert!(active19 >= 6);
    let (vmims18, active18, finished18) = after_many_migrations("1.8").await;
    assert_eq!(vmims18, 5);
    assert!(
        finished18 > 5,
        "{finished18} finished pods stay until the VMI goes"
    );
    assert_eq!(active18, finished18 + 1 + (active19 - finished19 - 1));
}

// ---- 2. timeouts go through the abort path (live-migration-source.go) -------------------------

async fn timed_out(scenario_name: &str, version: &str, secs: f64) -> (Sim, Value, Value) {
    let sim = scenario(scenario_name, version).await;
    sim.advance(10.0 + 6.0);
    assert!(
        vmi(&sim, scenario_name).await["status"]["migrationState"]["startTimestamp"].is_string()
    );
    sim.advance(secs);
    let ms = vmi(&sim, scenario_name).await["status"]["migrationState"].clone();
    let m = vmims(&sim, scenario_name).await[0].clone();
    (sim, ms, m)
}

fn assert_not_a_user_abort(ms: &Value, m: &Value) {
    assert_eq!(ms["abortStatus"], "Succeeded");
    assert_eq!(
        (ms["failed"].as_bool(), ms["completed"].as_bool()),
        (Some(true), Some(true))
    );
    assert!(ms.get("abortRequested").is_none(), "{ms}");
    assert!(m["metadata"].get("deletionTimestamp").is_none());
    assert!(condition(m, "migrationAbortRequested").is_none());
    assert_eq!(m["status"]["phase"], "Failed");
}

#[tokio::test]
async fn progress_timeout_is_aborted_by_the_monitor_v1_9() {
    let (sim, ms, m) = timed_out("migration-timeout-progress", "1.9", 152.0).await;
    assert_not_a_user_abort(&ms, &m);
    assert_eq!(ms["failureReason"], "Live migration has been aborted");
    let uid = ms["migrationUid"].as_str().unwrap();
    let evs = events(&sim, "VirtualMachineInstance", "migration-timeout-progress").await;
    let text = format!(
        "VirtualMachineInstance migration uid {uid} failed. reason:Live migration has been aborted"
    );
    assert!(has_event(&evs, "Warning", "Migrated", &text), "{evs:?}");
    let name = m["metadata"]["name"].as_str().unwrap();
    let evs = events(&sim, "VirtualMachineInstanceMigration", name).await;
    assert!(has_event(
        &evs,
        "Warning",
        "FailedMigration",
        "source node reported migration failed"
    ));
    assert!(
        !evs.iter().any(|e| e.1 == "SuccessfulAbortMigration"),
        "{evs:?}"
    );
}

#[tokio::test]
async fn timeouts_up_to_v1_8_say_how_long() {
    let (_, ms, m) = timed_out("migration-timeout-progress", "1.8", 152.0).await;
    assert_not_a_user_abort(&ms, &m);
    assert_eq!(
        ms["failureReason"],
        "Live migration stuck for 150 seconds and has been aborted"
    );
    // 2 GiB guest = 2.15 GB, rounded up to 3: 3 x completionTimeoutPerGiB (150 s).
    let (_, ms, m) = timed_out("migration-timeout-completion", "1.4", 452.0).await;
    assert_not_a_user_abort(&ms, &m);
    assert_eq!(
        ms["failureReason"],
        "Live migration is not completed after 450 seconds and has been aborted"
    );
}

#[tokio::test]
async fn user_abort_carries_its_proof() {
    // migration.go `updateStatus` / `markMigrationAbortInVmiStatus`; migration-source.go.
    for (version, aborting, reason) in [
        ("1.9", None, "Live migration has been aborted"),
        (
            "1.8",
            Some("Aborting"),
            "Live migration failed operation aborted: migration out job: canceled by client",
        ),
    ] {
        let sim = scenario("migration-abort", version).await;
        sim.advance(8.0 + 6.0 + 16.0);
        let ms = vmi(&sim, "migration-abort").await["status"]["migrationState"].clone();
        assert_eq!(ms["abortRequested"], true);
        assert_eq!(ms["abortStatus"].as_str(), aborting, "{version}");
        let m = vmims(&sim, "migration-abort").await[0].clone();
        assert!(m["metadata"]["deletionTimestamp"].is_string());
        let c = condition(&m, "migrationAbortRequested").unwrap();
        assert_eq!(c["status"], "True");
        assert!(
            c.get("reason").is_none() && c.get("message").is_none(),
            "{c}"
        );
        sim.advance(8.0);
        let ms = vmi(&sim, "migration-abort").await["status"]["migrationState"].clone();
        assert_eq!(ms["abortStatus"], "Succeeded");
        assert_eq!(ms["failureReason"], reason, "{version}");
        assert!(
            vmims(&sim, "migration-abort").await.is_empty(),
            "the VMIM was deleted"
        );
    }
}

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
