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

// ---- 3. virt-handler heartbeat and NodeUnresponsive (watch/node/node.go) ----------------------

async fn node(sim: &Sim, name: &str) -> Value {
    get(sim, &format!("/api/v1/nodes/{name}")).await.1
}

#[tokio::test]
async fn virt_handler_down_goes_stale_and_unschedulable_but_the_vmi_stays_running() {
    let sim = scenario("virt-handler-down", "1.9").await;
    let name = vmi(&sim, "virt-handler-down").await["status"]["nodeName"]
        .as_str()
        .unwrap()
        .to_string();
    sim.advance(10.0);
    let before = vmi(&sim, "virt-handler-down").await;
    sim.advance(110.0);
    let n = node(&sim, &name).await;
    let hb = n["metadata"]["annotations"]["kubevirt.io/heartbeat"].clone();
    let other = node(&sim, "worker-1").await;
    let fresh = other["metadata"]["annotations"]["kubevirt.io/heartbeat"].clone();
    if name != "worker-1" {
        assert!(fresh.as_str() > hb.as_str(), "{fresh} vs {hb}");
    }
    assert_eq!(
        n["metadata"]["labels"]["kubevirt.io/schedulable"], "true",
        "not before 5 min"
    );
    assert_eq!(
        condition(&n, "Ready").unwrap()["status"],
        "True",
        "the kubelet is fine"
    );
    sim.advance(300.0);
    let n = node(&sim, &name).await;
    assert_eq!(
        n["metadata"]["annotations"]["kubevirt.io/heartbeat"], hb,
        "stale"
    );
    assert_eq!(n["metadata"]["labels"]["kubevirt.io/schedulable"], "false");
    let path = format!(
        "/api/v1/namespaces/default/events?fieldSelector=involvedObject.kind%3DNode,involvedObject.name%3D{name}"
    );
    let evs = get(&sim, &path).await.1;
    assert!(
        evs["items"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["reason"] == "NodeUnresponsive"
                && e["type"] == "Normal"
                && e["message"] == "virt-handler is not responsive, marking node as unresponsive"),
        "{evs}"
    );
    // The launcher pod is alive: the VMI keeps its last (stale) status, phase Running.
    let v = vmi(&sim, "virt-handler-down").await;
    assert_eq!(v["status"]["phase"], "Running");
    assert_eq!(
        v["metadata"]["resourceVersion"],
        before["metadata"]["resourceVersion"]
    );
    assert!(v["status"].get("reason").is_none());
}

#[tokio::test]
async fn node_unresponsive_means_phase_failed_once_the_pod_is_gone() {
    let sim = scenario("node-unresponsive", "1.9").await;
    sim.advance(20.0 + 40.0 + 310.0);
    // Node dead for 6 min, pod Terminating (taint eviction) but still there: Running, stale.
    let v = vmi(&sim, "node-unresponsive").await;
    assert_eq!(v["status"]["phase"], "Running");
    let pods = pods_of(&sim, "node-unresponsive").await;
    assert!(
        pods[0]["metadata"]["deletionTimestamp"].is_string(),
        "Terminating"
    );
    sim.advance(20.0);
    assert!(
        pods_of(&sim, "node-unresponsive").await.is_empty(),
        "force-deleted"
    );
    let v = vmi(&sim, "node-unresponsive").await;
    assert_eq!(v["status"]["phase"], "Failed");
    assert_eq!(v["status"]["reason"], "NodeUnresponsive");
    let node = v["status"]["nodeName"].as_str().unwrap();
    let evs = events(&sim, "VirtualMachineInstance", "node-unresponsive").await;
    let text = format!("virt-handler on node {node} is not responsive, marking VMI as failed");
    assert!(
        has_event(&evs, "Normal", "NodeUnresponsive", &text),
        "{evs:?}"
    );
    // Recovery of the node does not bring a failed VMI back.
    let (code, _) = post(&sim, &format!("/_sim/nodes/{node}/ready?ready=true")).await;
    assert_eq!(code, 200);
    sim.advance(5.0);
    assert_eq!(
        vmi(&sim, "node-unresponsive").await["status"]["phase"],
        "Failed"
    );
}

// ---- 4. webhook-denied evictions (pod-eviction-admitter.go) -----------------------------------

async fn evict(sim: &Sim, pod: &str) -> (u16, Value) {
    post(
        sim,
        &format!("/api/v1/namespaces/default/pods/{pod}/eviction"),
    )
    .await
}

fn launcher_of(v: &Value) -> String {
    v["metadata"]["name"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn drain_blocked_by_a_non_migratable_live_migrate_vmi() {
    let sim = scenario("drain-blocked", "1.9").await;
    let evs = events(&sim, "VirtualMachineInstance", "drain-blocked").await;
    assert!(evs.iter().any(|(t, r, m)| t == "Warning"
        && r == "Migrated"
        && m.starts_with("EvictionStrategy is set but vmi is not migratable; cannot migrate VMI")));
    sim.advance(15.0);
    let v = vmi(&sim, "drain-blocked").await;
    let node_name = v["status"]["nodeName"].as_str().unwrap().to_string();
    assert_eq!(node(&sim, &node_name).await["spec"]["unschedulable"], true);
    assert!(
        v["status"].get("evacuationNodeName").is_none(),
        "not marked"
    );
    assert!(condition(&v, "EvictionRequested").is_none());
    assert!(vmims(&sim, "drain-blocked").await.is_empty());
    let pod = launcher_of(&pods_of(&sim, "drain-blocked").await[0]);
    let (code, st) = evict(&sim, &pod).await;
    assert_eq!(code, 429);
    assert_eq!(st["reason"], "TooManyRequests");
    assert_eq!(
        st["message"],
        "admission webhook \"virt-launcher-eviction-interceptor.kubevirt.io\" denied the request: \
         VMI drain-blocked is configured with an eviction strategy but is not live-migratable"
    );
    let (_, q) = get(&sim, "/api/v1/query?query=kubevirt_vmi_non_evictable").await;
    let r = &q["data"]["result"][0];
    assert_eq!(
        (r["metric"]["name"].as_str(), r["value"][1].as_str()),
        (Some("drain-blocked"), Some("1"))
    );
    assert_eq!(r["metric"]["node"], node_name.as_str());
}

#[tokio::test]
async fn evicting_a_migratable_vmi_marks_it_and_denies() {
    let sim = scenario("healthy", "1.9").await;
    let pod = launcher_of(&pods_of(&sim, "healthy").await[0]);
    let (code, st) = evict(&sim, &pod).await;
    assert_eq!(code, 429);
    assert!(
        st["message"].as_str().unwrap().ends_with(
            "denied the request: Eviction triggered evacuation of VMI \"default/healthy\""
        )
    );
    let v = vmi(&sim, "healthy").await;
    assert_eq!(v["status"]["evacuationNodeName"], v["status"]["nodeName"]);
    let (code, st) = evict(&sim, &pod).await;
    assert_eq!(code, 429);
    assert!(st["message"].as_str().unwrap().ends_with(
        "Evacuation in progress: Eviction triggered evacuation of VMI \"default/healthy\""
    ));
    // The evacuation migration's target pod refuses eviction too (v1.5 on).
    sim.advance(5.0);
    let target = vmi(&sim, "healthy").await["status"]["migrationState"]["targetPod"]
        .as_str()
        .unwrap()
        .to_string();
    let target_pod = pod_json(&sim, &target).await;
    assert!(target_pod["metadata"]["labels"]["kubevirt.io/migrationJobUID"].is_string());
    assert!(
        target_pod["metadata"]["annotations"]["kubevirt.io/migrationJobName"]
            .as_str()
            .unwrap()
            .starts_with("kubevirt-evacuation-")
    );
    let (code, _) = evict(&sim, &target).await;
    assert_eq!(code, 429);
    // Once it completed, the finished source pod may go.
    sim.advance(60.0);
    let (code, st) = evict(&sim, &pod).await;
    assert_eq!((code, st["status"].as_str()), (201, Some("Success")));
    assert_eq!(
        get(&sim, &format!("/api/v1/namespaces/default/pods/{pod}"))
            .await
            .0,
        404
    );
    assert_eq!(evict(&sim, "no-such-pod").await.0, 404);
}

async fn pod_json(sim: &Sim, name: &str) -> Value {
    pod(sim, name).await
}

#[tokio::test]
async fn target_pod_denial_is_from_v1_5() {
    let sim = scenario("migration-precopy", "1.9").await;
    sim.advance(17.0);
    let target = vmi(&sim, "migration-precopy").await["status"]["migrationState"]["targetPod"]
        .as_str()
        .unwrap()
        .to_string();
    let (code, st) = evict(&sim, &target).await;
    assert_eq!(code, 429);
    assert!(
        st["message"]
            .as_str()
            .unwrap()
            .ends_with("denied the request: Eviction request for target Pod")
    );
}

#[tokio::test]
async fn hotplug_attachment_pod_refuses_eviction_from_v1_7() {
    for (version, code) in [("1.9", 429), ("1.6", 201)] {
        let sim = scenario("evict-hotplug-volume", version).await;
        let pods = pods_of(&sim, "evict-hotplug-volume").await;
        let (_, all) = get(
            &sim,
            "/api/v1/namespaces/default/pods?labelSelector=kubevirt.io%3Dhotplug-disk",
        )
        .await;
        let hp = all["items"][0].clone();
        assert_eq!(hp["metadata"]["ownerReferences"][0]["kind"], "Pod");
        let launcher = &pods[0];
        assert_eq!(
            hp["metadata"]["ownerReferences"][0]["name"],
            launcher["metadata"]["name"]
        );
        let v = vmi(&sim, "evict-hotplug-volume").await;
        let hp_uid = hp["metadata"]["uid"].as_str().unwrap();
        assert!(
            v["status"]["activePods"].get(hp_uid).is_none(),
            "owned by the pod, not the VMI"
        );
        let name = hp["metadata"]["name"].as_str().unwrap();
        let (got, st) = evict(&sim, name).await;
        assert_eq!(got, code, "{version}");
        if code == 429 {
            assert_eq!(
                st["message"],
                format!(
                    "admission webhook \"hotplug-pod-eviction-interceptor.kubevirt.io\" denied the \
                     request: cannot evict hotplug pod: {name} associated with running vmi: \
                     evict-hotplug-volume in namespace default"
                )
            );
        }
    }
}

#[tokio::test]
async fn drain_taint_evacuates_without_marking() {
    // evacuation.go `vmisToMigrate`: the taint selects every VMI on the node.
    let sim = scenario("drain-taint", "1.9").await;
    sim.advance(13.0);
    let v = vmi(&sim, "drain-taint").await;
    let node_name = v["status"]["nodeName"].as_str().unwrap().to_string();
    let n = node(&sim, &node_name).await;
    assert!(
        n["spec"]["taints"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["key"] == "kubevirt.io/drain" && t["effect"] == "NoSchedule")
    );
    assert!(v["status"].get("evacuationNodeName").is_none());
    let m = vmims(&sim, "drain-taint").await;
    assert_eq!(
        m[0]["metadata"]["annotations"]["kubevirt.io/evacuationMigration"],
        node_name.as_str()
    );
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
