//! Issue 15, migrations: the simulator does what KubeVirt's source does (activePods, pod GC,
//! timeouts through the abort path, failures before any data moved). Each test names the
//! KubeVirt file the behaviour follows.

mod common;

use common::source::*;
use common::*;
use serde_json::Value;
use sim::Sim;

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

// ---- 6. target pods and failures before any data moved (watch/migration/migration.go) ---------

fn phases(m: &Value) -> Vec<String> {
    m["status"]["phaseTransitionTimestamps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["phase"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn target_pod_carries_the_migration_job_label_and_annotation() {
    let sim = scenario("migration-precopy", "1.9").await;
    sim.advance(14.0);
    let m = vmims(&sim, "migration-precopy").await[0].clone();
    let path = format!(
        "/api/v1/namespaces/default/pods?labelSelector=kubevirt.io%3Dvirt-launcher,kubevirt.io/migrationJobUID%3D{}",
        m["metadata"]["uid"].as_str().unwrap()
    );
    let pods = get(&sim, &path).await.1["items"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(
        pods.len(),
        1,
        "listMatchingTargetPods finds the target by label"
    );
    assert_eq!(
        pods[0]["metadata"]["annotations"]["kubevirt.io/migrationJobName"],
        m["metadata"]["name"]
    );
}

#[tokio::test]
async fn unschedulable_target_pod_is_deleted_after_five_minutes() {
    let sim = scenario("migration-target-unschedulable", "1.9").await;
    sim.advance(12.0);
    let m = vmims(&sim, "migration-target-unschedulable").await[0].clone();
    let name = m["metadata"]["name"].as_str().unwrap().to_string();
    let target = pods_of(&sim, "migration-target-unschedulable")
        .await
        .into_iter()
        .find(|p| p["status"]["phase"] == "Pending")
        .unwrap();
    let target = launcher_of(&target);
    sim.advance(290.0);
    assert_eq!(
        vmims(&sim, "migration-target-unschedulable").await[0]["status"]["phase"],
        "Scheduling"
    );
    sim.advance(10.0);
    let m = vmims(&sim, "migration-target-unschedulable").await[0].clone();
    assert_eq!(phases(&m), ["Pending", "Scheduling", "Failed"]);
    assert_eq!(
        pod(&sim, &target).await["kind"],
        "Status",
        "the target pod was deleted"
    );
    let evs = events(&sim, "VirtualMachineInstanceMigration", &name).await;
    let unsched = "Migration target pod for VMI [default/migration-target-unschedulable] is currently unschedulable.";
    assert!(has_event(
        &evs,
        "Warning",
        "migrationTargetPodUnschedulable",
        unsched
    ));
    let deleted = format!("unschedulable pod default/{target} timeout period exceeded");
    assert!(
        has_event(&evs, "Normal", "SuccessfulDelete", &deleted),
        "{evs:?}"
    );
    let removed = "Migration target pod was removed during active migration.";
    assert!(
        has_event(&evs, "Warning", "FailedMigration", removed),
        "{evs:?}"
    );
    // Never handed off: the VMI has no migrationState for it.
    assert!(
        vmi(&sim, "migration-target-unschedulable").await["status"]["migrationState"].is_null()
    );
}

#[tokio::test]
async fn target_pod_down_before_any_data_moved() {
    let sim = scenario("migration-target-pod-down", "1.9").await;
    sim.advance(20.0);
    let m = vmims(&sim, "migration-target-pod-down").await[0].clone();
    assert_eq!(
        phases(&m),
        [
            "Pending",
            "Scheduling",
            "Scheduled",
            "PreparingTarget",
            "Failed"
        ]
    );
    let v = vmi(&sim, "migration-target-pod-down").await;
    let ms = &v["status"]["migrationState"];
    assert_eq!(ms["failureReason"], "Target pod is down");
    assert_eq!(
        (ms["failed"].as_bool(), ms["completed"].as_bool()),
        (Some(true), Some(true))
    );
    assert_eq!(ms["startTimestamp"], ms["endTimestamp"]);
    assert_eq!(
        v["status"]["phase"], "Running",
        "the guest never left its source"
    );
    let uid = m["metadata"]["uid"].as_str().unwrap();
    let evs = events(&sim, "VirtualMachineInstance", "migration-target-pod-down").await;
    let text =
        format!("VirtualMachineInstance migration uid {uid} failed. reason: Target pod is down");
    assert!(
        has_event(&evs, "Warning", "FailedMigration", &text),
        "{evs:?}"
    );
    let evs = events(
        &sim,
        "VirtualMachineInstanceMigration",
        m["metadata"]["name"].as_str().unwrap(),
    )
    .await;
    let down = "Migration failed because target pod shutdown during migration";
    assert!(has_event(&evs, "Warning", "FailedMigration", down));
    let target = pod(&sim, ms["targetPod"].as_str().unwrap()).await;
    assert_eq!(target["status"]["phase"], "Failed");
}
