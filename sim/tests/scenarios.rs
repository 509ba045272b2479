//! Scenarios on a manual clock: the states each one shows, how they evolve, and determinism.

mod common;

use common::*;
use serde_json::Value;
use sim::Sim;

const VMIS: &str = "/apis/kubevirt.io/v1/namespaces";

async fn vmi(sim: &Sim, ns: &str, name: &str) -> Value {
    let (code, v) = get(sim, &format!("{VMIS}/{ns}/virtualmachineinstances/{name}")).await;
    assert_eq!(code, 200, "{ns}/{name}");
    v
}

async fn vm(sim: &Sim, ns: &str, name: &str) -> Value {
    get(sim, &format!("{VMIS}/{ns}/virtualmachines/{name}"))
        .await
        .1
}

async fn events_of(sim: &Sim, ns: &str, kind: &str, name: &str) -> Vec<Value> {
    let (_, evs) = get(sim, &format!("/api/v1/namespaces/{ns}/events?fieldSelector=involvedObject.kind%3D{kind},involvedObject.name%3D{name}")).await;
    evs["items"].as_array().unwrap().clone()
}

async fn vmims(sim: &Sim, ns: &str, vmi: &str) -> Vec<Value> {
    let (_, l) = get(sim, &format!("{VMIS}/{ns}/virtualmachineinstancemigrations?labelSelector=kubevirt.io/vmi-name%3D{vmi}")).await;
    l["items"].as_array().unwrap().clone()
}

#[tokio::test]
async fn agent_states() {
    let sim = start_manual("demo").await;
    let healthy = vmi(&sim, "prod", "web-frontend-1").await;
    assert_eq!(
        condition(&healthy, "AgentConnected").unwrap()["status"],
        "True"
    );
    assert_eq!(healthy["status"]["guestOSInfo"]["id"], "fedora");
    assert_eq!(
        healthy["status"]["interfaces"][0]["infoSource"],
        "domain, guest-agent"
    );
    assert_eq!(
        condition(&healthy, "LiveMigratable").unwrap()["status"],
        "True"
    );
    assert!(condition(&healthy, "LiveMigratable").unwrap()["lastTransitionTime"].is_null());
    let none = vmi(&sim, "staging", "ci-runner-7").await;
    assert!(
        condition(&none, "AgentConnected").is_none(),
        "absent, never False"
    );
    assert_eq!(none["status"]["guestOSInfo"], serde_json::json!({}));
    assert_eq!(none["status"]["interfaces"][0]["infoSource"], "domain");
    let old = vmi(&sim, "legacy", "erp-app").await;
    assert_eq!(condition(&old, "AgentConnected").unwrap()["status"], "True");
    let unsup = condition(&old, "AgentVersionNotSupported").unwrap();
    assert_eq!(unsup["status"], "True");
    assert_eq!(
        unsup["reason"],
        "This guest agent doesn't support required basic commands"
    );
}

#[tokio::test]
async fn paused_states_keep_phase_running() {
    let sim = start_manual("demo").await;
    let v = vmi(&sim, "staging", "qa-sandbox").await;
    assert_eq!(v["status"]["phase"], "Running");
    let p = condition(&v, "Paused").unwrap();
    assert_eq!(
        (
            p["status"].as_str(),
            p["reason"].as_str(),
            p["message"].as_str()
        ),
        (
            Some("True"),
            Some("PausedByUser"),
            Some("VMI was paused by user")
        )
    );
    assert_eq!(condition(&v, "Ready").unwrap()["status"], "False");
    assert_eq!(
        vm(&sim, "staging", "qa-sandbox").await["status"]["printableStatus"],
        "Paused"
    );
    // The launcher pod stays Running with ready containers; only the readiness gate is False.
    let (_, pods) = get(
        &sim,
        "/api/v1/namespaces/ops/pods?labelSelector=vm.kubevirt.io/name%3Dbastion",
    )
    .await;
    let pod = &pods["items"][0];
    assert_eq!(pod["status"]["phase"], "Running");
    assert_eq!(pod["status"]["containerStatuses"][0]["ready"], true);
    assert_eq!(
        condition(pod, "Ready").unwrap()["reason"],
        "ReadinessGatesNotReady"
    );
    assert_eq!(
        condition(pod, "kubevirt.io/virtual-machine-unpaused").unwrap()["status"],
        "False"
    );
    // PausedIOError happens a few seconds in.
    assert!(condition(&vmi(&sim, "data", "nfs-archive").await, "Paused").is_none());
    sim.advance(10.0);
    let io = vmi(&sim, "data", "nfs-archive").await;
    let p = condition(&io, "Paused").unwrap();
    assert_eq!(
        (p["reason"].as_str(), p["message"].as_str()),
        (
            Some("PausedIOError"),
            Some("VMI was paused, low-level IO error detected")
        )
    );
    assert_eq!(io["status"]["phase"], "Running");
}

#[tokio::test]
async fn scheduling_problems() {
    let sim = start_manual("demo").await;
    let v = vmi(&sim, "ml", "gpu-trainer").await;
    assert_eq!(v["status"]["phase"], "Scheduling");
    let ps = condition(&v, "PodScheduled").unwrap();
    assert_eq!(
        (ps["status"].as_str(), ps["reason"].as_str()),
        (Some("False"), Some("Unschedulable"))
    );
    assert!(
        ps["message"]
            .as_str()
            .unwrap()
            .contains("Insufficient nvidia.com/GA102GL_A10")
    );
    assert_eq!(
        vm(&sim, "ml", "gpu-trainer").await["status"]["printableStatus"],
        "ErrorUnschedulable"
    );
    assert!(
        events_of(
            &sim,
            "ml",
            "Pod",
            v["status"]["activePods"].as_object().map_or("", |_| "")
        )
        .await
        .is_empty()
    );
    let s = vmi(&sim, "staging", "db-restore-test").await;
    assert_eq!(s["status"]["phase"], "Scheduled");
    let sync = condition(&s, "Synchronized").unwrap();
    assert_eq!(
        (sync["status"].as_str(), sync["reason"].as_str()),
        (Some("False"), Some("Synchronizing with the Domain failed."))
    );
    // Starting: Pending, then Scheduling, Scheduled, Running, and the agent connects later.
    let b = vmi(&sim, "ci", "build-vm-42").await;
    assert_eq!(b["status"]["phase"], "Pending");
    sim.advance(1.5);
    assert_eq!(
        vmi(&sim, "ci", "build-vm-42").await["status"]["phase"],
        "Scheduling"
    );
    sim.advance(3.0);
    assert_eq!(
        vmi(&sim, "ci", "build-vm-42").await["status"]["phase"],
        "Scheduled"
    );
    sim.advance(5.0);
    let r = vmi(&sim, "ci", "build-vm-42").await;
    assert_eq!(r["status"]["phase"], "Running");
    assert!(condition(&r, "AgentConnected").is_none());
    let phases: Vec<&str> = r["status"]["phaseTransitionTimestamps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["phase"].as_str().unwrap())
        .collect();
    assert_eq!(phases, ["Pending", "Scheduling", "Scheduled", "Running"]);
    sim.advance(25.0);
    assert_eq!(
        condition(&vmi(&sim, "ci", "build-vm-42").await, "AgentConnected").unwrap()["status"],
        "True"
    );
}

#[tokio::test]
async fn interfaces_from_every_source() {
    let sim = start_manual("demo").await;
    let v = vmi(&sim, "net", "edge-router").await;
    let ifs = v["status"]["interfaces"].as_array().unwrap();
    let sources: Vec<&str> = ifs
        .iter()
        .map(|i| i["infoSource"].as_str().unwrap())
        .collect();
    assert_eq!(
        sources,
        [
            "domain, guest-agent",
            "domain, guest-agent, multus-status",
            "guest-agent"
        ]
    );
    assert!(
        ifs[2].get("name").is_none(),
        "guest-only interface has no name"
    );
    assert_eq!(ifs[0]["ipAddress"], ifs[0]["ipAddresses"][0]);
    // The guest agent and Multus disagree on the secondary network's address.
    let (_, pods) = get(
        &sim,
        "/api/v1/namespaces/net/pods?labelSelector=vm.kubevirt.io/name%3Dedge-router",
    )
    .await;
    let status: Value = serde_json::from_str(
        pods["items"][0]["metadata"]["annotations"]["k8s.v1.cni.cncf.io/network-status"]
            .as_str()
            .unwrap(),
    )
    .unwrap();
    let multus_ip = status
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["name"] == "net/tenant-net")
        .unwrap()["ips"][0]
        .clone();
    assert_ne!(multus_ip, ifs[1]["ipAddress"]);
    assert_eq!(ifs[0]["ipAddress"], pods["items"][0]["status"]["podIP"]);
}

#[tokio::test]
async fn precopy_migration_converges() {
    let sim = start_manual("demo").await;
    sim.advance(13.5);
    let m = vmims(&sim, "prod", "postgres-primary").await;
    assert_eq!(m.len(), 1);
    assert_eq!(m[0]["status"]["phase"], "Scheduling");
    sim.advance(5.0);
    let v = vmi(&sim, "prod", "postgres-primary").await;
    let ms = &v["status"]["migrationState"];
    assert_eq!(ms["mode"], "PreCopy");
    assert!(ms["startTimestamp"].is_string());
    assert_eq!(
        v["status"]["activePods"].as_object().unwrap().len(),
        2,
        "two activePods during a migration"
    );
    assert_eq!(
        vm(&sim, "prod", "postgres-primary").await["status"]["printableStatus"],
        "Migrating"
    );
    let source = v["status"]["nodeName"].clone();
    sim.advance(60.0);
    let v = vmi(&sim, "prod", "postgres-primary").await;
    let ms = &v["status"]["migrationState"];
    assert_eq!(
        (ms["completed"].as_bool(), ms["failed"].as_bool()),
        (Some(true), Some(false))
    );
    assert_eq!(v["status"]["nodeName"], ms["targetNode"]);
    assert_ne!(v["status"]["nodeName"], source);
    assert_eq!(
        v["metadata"]["labels"]["kubevirt.io/nodeName"],
        ms["targetNode"]
    );
    // KubeVirt lifecycle.go `setActivePods`: the finished source pod stays listed (Succeeded).
    let active = v["status"]["activePods"].as_object().unwrap();
    assert_eq!(active.len(), 2);
    assert!(active.values().any(|n| *n == source), "{active:?}");
    let m = vmims(&sim, "prod", "postgres-primary").await;
    assert_eq!(m[0]["status"]["phase"], "Succeeded");
    let phases: Vec<&str> = m[0]["status"]["phaseTransitionTimestamps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["phase"].as_str().unwrap())
        .collect();
    assert_eq!(
        phases,
        [
            "Pending",
            "Scheduling",
            "Scheduled",
            "PreparingTarget",
            "TargetReady",
            "Running",
            "Succeeded"
        ]
    );
    assert_eq!(m[0]["status"]["migrationState"]["completed"], true);
    let evs = events_of(&sim, "prod", "VirtualMachineInstance", "postgres-primary").await;
    assert!(evs.iter().any(|e| {
        e["reason"] == "Migrated"
            && e["message"]
                .as_str()
                .unwrap()
                .starts_with("The VirtualMachineInstance migrated to node")
    }));
}

#[tokio::test]
async fn non_converging_precopy_switches_to_postcopy_or_pauses() {
    let sim = start_manual("demo").await;
    sim.advance(30.0);
    let k = vmi(&sim, "prod", "kafka-broker-1").await;
    assert_eq!(k["status"]["migrationState"]["mode"], "PreCopy");
    let r = vmi(&sim, "prod", "redis-cache").await;
    assert_eq!(r["status"]["migrationState"]["mode"], "PreCopy");
    sim.advance(25.0);
    let k = vmi(&sim, "prod", "kafka-broker-1").await;
    assert_eq!(k["status"]["migrationState"]["mode"], "PostCopy");
    let r = vmi(&sim, "prod", "redis-cache").await;
    assert_eq!(r["status"]["migrationState"]["mode"], "Paused");
    let p = condition(&r, "Paused").unwrap();
    assert_eq!(p["reason"], "PausedByMigrationMonitor");
    sim.advance(120.0);
    let r = vmi(&sim, "prod", "redis-cache").await;
    assert_eq!(r["status"]["migrationState"]["completed"], true);
    assert!(condition(&r, "Paused").is_none(), "unpaused on the target");
    assert_eq!(
        vmi(&sim, "prod", "kafka-broker-1").await["status"]["migrationState"]["failed"],
        false
    );
}

#[tokio::test]
async fn postcopy_failure_is_irrecoverable() {
    let sim = start_manual("demo").await;
    sim.advance(200.0);
    let v = vmi(&sim, "prod", "kafka-broker-0").await;
    assert_eq!(v["status"]["phase"], "Failed");
    let ms = &v["status"]["migrationState"];
    assert_eq!(
        (
            ms["mode"].as_str(),
            ms["failed"].as_bool(),
            ms["completed"].as_bool()
        ),
        (Some("PostCopy"), Some(true), Some(true))
    );
    assert!(ms["failureReason"].is_string());
    let s = condition(&v, "Synchronized").unwrap();
    assert_eq!(s["status"], "False");
    assert_eq!(s["reason"], "Synchronizing with the Domain failed.");
    assert_eq!(
        s["message"],
        "VMI is irrecoverable due to failed post-copy migration"
    );
    let evs = events_of(&sim, "prod", "VirtualMachineInstance", "kafka-broker-0").await;
    let sync = evs
        .iter()
        .find(|e| e["reason"] == "SyncFailed")
        .expect("SyncFailed event");
    assert_eq!(
        (sync["type"].as_str(), sync["message"].as_str()),
        (
            Some("Warning"),
            Some("VMI is irrecoverable due to failed post-copy migration")
        )
    );
    assert!(
        evs.iter()
            .any(|e| e["reason"] == "Stopped"
                && e["message"] == "The VirtualMachineInstance crashed.")
    );
    assert_eq!(
        vmims(&sim, "prod", "kafka-broker-0").await[0]["status"]["phase"],
        "Failed"
    );
}

#[tokio::test]
async fn aborts_and_blocked_migrations() {
    let sim = start_manual("demo").await;
    // jenkins-agent: abort requested 15 s into the transfer, abort succeeds, VMIM goes away.
    sim.advance(8.0 + 6.0 + 16.0);
    let v = vmi(&sim, "staging", "jenkins-agent").await;
    assert_eq!(v["status"]["migrationState"]["abortRequested"], true);
    // v1.9 migration-source.go copies the abort status only once the job failed.
    assert!(v["status"]["migrationState"]["abortStatus"].is_null());
    let m = vmims(&sim, "staging", "jenkins-agent").await;
    assert!(m[0]["metadata"]["deletionTimestamp"].is_string());
    assert!(condition(&m[0], "migrationAbortRequested").is_some());
    sim.advance(8.0);
    let v = vmi(&sim, "staging", "jenkins-agent").await;
    let ms = &v["status"]["migrationState"];
    assert_eq!(
        (ms["abortStatus"].as_str(), ms["failed"].as_bool()),
        (Some("Succeeded"), Some(true))
    );
    assert_eq!(ms["failureReason"], "Live migration has been aborted");
    assert_eq!(v["status"]["nodeName"], ms["sourceNode"]);
    assert!(vmims(&sim, "staging", "jenkins-agent").await.is_empty());
    // gitlab-runner: the abort fails and the migration completes.
    sim.advance(60.0);
    let ms = vmi(&sim, "staging", "gitlab-runner").await["status"]["migrationState"].clone();
    // v1.9: a failed abort of a job that then completes never shows on the VMI.
    assert_eq!(
        (
            ms["abortStatus"].as_str(),
            ms["completed"].as_bool(),
            ms["failed"].as_bool()
        ),
        (None, Some(true), Some(false))
    );
    // Target pod unschedulable: VMIM stays Scheduling, no migrationState on the VMI.
    let m = vmims(&sim, "data", "spark-worker-2").await;
    assert_eq!(m[0]["status"]["phase"], "Scheduling");
    assert!(vmi(&sim, "data", "spark-worker-2").await["status"]["migrationState"].is_null());
    sim.advance(300.0);
    let m = vmims(&sim, "data", "spark-worker-2").await;
    assert_eq!(m[0]["status"]["phase"], "Failed");
    assert!(
        vmi(&sim, "data", "spark-worker-2").await["status"]["migrationState"].is_null(),
        "a failed migration may leave no migrationState"
    );
    // ResourceQuota: Pending with the rejection condition.
    let m = vmims(&sim, "data", "etl-batch").await;
    assert_eq!(m[0]["status"]["phase"], "Pending");
    let c = condition(&m[0], "migrationRejectedByResourceQuota").unwrap();
    assert!(c["message"].as_str().unwrap().contains("exceeded quota"));
}

#[tokio::test]
async fn drain_marks_evacuation_and_blocks_on_non_migratable() {
    let sim = start_manual("demo").await;
    sim.advance(21.0);
    let node = get(&sim, "/api/v1/nodes/worker-5").await.1;
    assert_eq!(node["spec"]["unschedulable"], true);
    let b = vmi(&sim, "prod", "billing-api").await;
    assert_eq!(b["status"]["evacuationNodeName"], "worker-5");
    let e = condition(&b, "EvictionRequested").unwrap();
    assert_eq!(
        (e["reason"].as_str(), e["message"].as_str()),
        (
            Some("EvictionRequested"),
            Some("VMI is marked for eviction")
        )
    );
    let ext = vmi(&sim, "capi", "tenant-a-control-plane-0").await;
    assert_eq!(
        ext["status"]["evacuationNodeName"], "worker-5",
        "{}",
        ext["status"]
    );
    let m = vmims(&sim, "prod", "billing-api").await;
    assert!(
        m[0]["metadata"]["name"]
            .as_str()
            .unwrap()
            .starts_with("kubevirt-evacuation-")
    );
    assert_eq!(
        m[0]["metadata"]["annotations"]["kubevirt.io/evacuationMigration"],
        "worker-5"
    );
    for (ns, name, reason) in [
        ("data", "oracle-db", "DisksNotLiveMigratable"),
        ("net", "legacy-bridge-vm", "InterfaceNotLiveMigratable"),
        ("ml", "gpu-inference", "HostDeviceNotLiveMigratable"),
        ("secure", "confidential-vault", "SEVNotLiveMigratable"),
        ("legacy", "host-model-app", "CPUModeLiveMigratable"),
    ] {
        let v = vmi(&sim, ns, name).await;
        let lm = condition(&v, "LiveMigratable").unwrap();
        assert_eq!(
            (lm["status"].as_str(), lm["reason"].as_str()),
            (Some("False"), Some(reason)),
            "{name}"
        );
        assert_eq!(v["status"]["nodeName"], "worker-5", "{name} stays");
        let evs = events_of(&sim, ns, "VirtualMachineInstance", name).await;
        assert!(
            evs.iter().any(|e| e["message"]
                .as_str()
                .unwrap()
                .starts_with("EvictionStrategy is set but vmi is not migratable")),
            "{name}"
        );
    }
    sim.advance(120.0);
    let b = vmi(&sim, "prod", "billing-api").await;
    assert_ne!(b["status"]["nodeName"], "worker-5");
    assert!(b["status"]["evacuationNodeName"].is_null());
    assert!(condition(&b, "EvictionRequested").is_none());
    // External: still marked, nothing migrated.
    let ext = vmi(&sim, "capi", "tenant-a-control-plane-0").await;
    assert_eq!(
        (
            ext["status"]["evacuationNodeName"].as_str(),
            ext["status"]["nodeName"].as_str()
        ),
        (Some("worker-5"), Some("worker-5"))
    );
    assert!(
        vmims(&sim, "capi", "tenant-a-control-plane-0")
            .await
            .is_empty()
    );
}

#[tokio::test]
async fn lost_node_goes_stale_and_stays_running() {
    let sim = start_manual("demo").await;
    let before = vmi(&sim, "prod", "cache-warmer").await;
    sim.advance(31.0);
    // Kubelet stopped: nothing changes on the VMI (stale), heartbeat frozen.
    sim.advance(30.0);
    let stale = vmi(&sim, "prod", "cache-warmer").await;
    assert_eq!(
        stale["metadata"]["resourceVersion"],
        before["metadata"]["resourceVersion"]
    );
    sim.advance(15.0);
    let node = get(&sim, "/api/v1/nodes/worker-6").await.1;
    let ready = condition(&node, "Ready").unwrap();
    assert_eq!(
        (ready["status"].as_str(), ready["reason"].as_str()),
        (Some("Unknown"), Some("NodeStatusUnknown"))
    );
    // KubeVirt node.go: kubevirt.io/schedulable=false only once virt-handler's heartbeat is
    // older than 5 min (it was "false" at once before issue 15).
    assert_eq!(
        node["metadata"]["labels"]["kubevirt.io/schedulable"],
        "true"
    );
    let healthy_node = get(&sim, "/api/v1/nodes/worker-1").await.1;
    assert!(
        condition(&healthy_node, "Ready").unwrap()["lastHeartbeatTime"].as_str()
            > ready["lastHeartbeatTime"].as_str()
    );
    sim.advance(300.0);
    let node = get(&sim, "/api/v1/nodes/worker-6").await.1;
    assert_eq!(
        node["metadata"]["labels"]["kubevirt.io/schedulable"],
        "false"
    );
    // The launcher pod is Terminating but alive for the node controller: no phase Unknown (the
    // old belief), no NodeUnresponsive; the VMI keeps phase Running with a stale status.
    let v = vmi(&sim, "prod", "cache-warmer").await;
    assert_eq!(v["status"]["phase"], "Running");
    assert!(v["status"]["reason"].is_null());
    let (_, pods) = get(
        &sim,
        "/api/v1/namespaces/prod/pods?labelSelector=vm.kubevirt.io/name%3Dcache-warmer",
    )
    .await;
    assert!(pods["items"][0]["metadata"]["deletionTimestamp"].is_string());
}

#[tokio::test]
async fn same_seed_same_cluster() {
    let a = start_manual("demo").await;
    let b = start_manual("demo").await;
    for s in [&a, &b] {
        s.advance(95.0);
    }
    for path in [
        "/apis/kubevirt.io/v1/virtualmachineinstances",
        "/api/v1/pods",
        "/apis/kubevirt.io/v1/virtualmachineinstancemigrations",
        "/api/v1/nodes",
    ] {
        let (_, x) = get(&a, path).await;
        let (_, y) = get(&b, path).await;
        assert_eq!(x["items"], y["items"], "{path}");
    }
    let other = start(&sim::SimArgs {
        scenarios: "demo".into(),
        clock: "manual".into(),
        seed: 2,
        ..Default::default()
    })
    .await;
    let (_, x) = get(&a, "/api/v1/pods").await;
    let (_, y) = get(&other, "/api/v1/pods").await;
    assert_ne!(x["items"], y["items"]);
}

#[tokio::test]
async fn scenarios_and_clock_over_http() {
    let sim = start_manual("none").await;
    let (code, list) = get(&sim, "/_sim/scenarios").await;
    assert_eq!(code, 200);
    assert!(list["scenarios"].as_array().unwrap().len() >= 25);
    let (code, _) = post(
        &sim,
        "/_sim/scenarios/paused-by-user?namespace=team&name=vm-a",
    )
    .await;
    assert_eq!(code, 201);
    let v = vmi(&sim, "team", "vm-a").await;
    assert_eq!(condition(&v, "Paused").unwrap()["reason"], "PausedByUser");
    let (code, _) = post(&sim, "/_sim/vmis/team/vm-a/unpause").await;
    assert_eq!(code, 200);
    assert!(condition(&vmi(&sim, "team", "vm-a").await, "Paused").is_none());
    let (code, _) = post(&sim, "/_sim/vmis/team/vm-a/phase?phase=Failed").await;
    assert_eq!(code, 200);
    assert_eq!(vmi(&sim, "team", "vm-a").await["status"]["phase"], "Failed");
    let (code, _) = post(&sim, "/_sim/vmis/team/nope/phase?phase=Failed").await;
    assert_eq!(code, 404);
    let (code, _) = post(&sim, "/_sim/scenarios/no-such-thing").await;
    assert_eq!(code, 400);
    let (_, c0) = get(&sim, "/_sim/clock").await;
    let (_, c1) = post(&sim, "/_sim/clock/advance?seconds=90").await;
    assert_eq!(
        c1["now"].as_f64().unwrap() - c0["now"].as_f64().unwrap(),
        90.0
    );
    let (code, m) = post(&sim, "/_sim/scenarios/healthy?namespace=team&name=vm-b").await;
    assert_eq!(code, 201, "{m}");
    let (code, m) = post(&sim, "/_sim/vmis/team/vm-b/migrate?kind=converge").await;
    assert_eq!(code, 201);
    assert!(
        m["migration"]
            .as_str()
            .unwrap()
            .starts_with("vm-b-migration-")
    );
    // Already migrating: KubeVirt's webhook denies a second VMIM, as the API server says it.
    let (code, m) = post(&sim, "/_sim/vmis/team/vm-b/migrate").await;
    assert_eq!(code, 400, "{m}");
    assert!(
        m["message"]
            .as_str()
            .unwrap()
            .contains("denied the request: in-flight migration detected."),
        "{m}"
    );
}

#[tokio::test]
async fn scale_mode_with_churn() {
    let args = sim::SimArgs {
        scenarios: "none".into(),
        vmis: 2000,
        churn: 50.0,
        clock: "manual".into(),
        ..Default::default()
    };
    let sim = start(&args).await;
    assert_eq!(sim.store().count(&sim::store::VMI), 2000);
    assert_eq!(sim.store().count(&sim::store::POD), 2000);
    let (_, nodes) = get(
        &sim,
        "/api/v1/nodes?labelSelector=node-role.kubernetes.io/worker",
    )
    .await;
    assert_eq!(nodes["items"].as_array().unwrap().len(), 20);
    let rv0 = sim.store().resource_version();
    let (_, before) = get(&sim, "/apis/kubevirt.io/v1/virtualmachineinstances").await;
    sim.advance(10.0);
    let changes = sim.store().resource_version() - rv0;
    assert!(changes >= 450, "{changes} changes for 500 churn steps");
    let (_, after) = get(&sim, "/apis/kubevirt.io/v1/virtualmachineinstances").await;
    let differ = before["items"]
        .as_array()
        .unwrap()
        .iter()
        .zip(after["items"].as_array().unwrap())
        .filter(|(a, b)| a["status"] != b["status"])
        .count();
    assert!(differ > 300, "{differ} VMIs changed status");
    // Over HTTP: stop the churn, nothing moves but heartbeats.
    let (code, _) = post(&sim, "/_sim/churn?rate=0").await;
    assert_eq!(code, 200);
    let rv1 = sim.store().resource_version();
    sim.advance(10.0);
    assert_eq!(sim.store().resource_version(), rv1);
}
