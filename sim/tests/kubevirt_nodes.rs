//! Issue 15, nodes and evictions: virt-handler's heartbeat and NodeUnresponsive, the eviction
//! webhooks, the drain taint; and pause, guest-agent commands, link state. Each test names the
//! KubeVirt file the behaviour follows.

mod common;

use common::source::*;
use common::*;
use serde_json::Value;
use sim::Sim;

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

// ---- 7. pause, guest-agent commands, link state ------------------------------------------------

#[tokio::test]
async fn paused_by_user_stays_running_and_gates_the_pod() {
    let sim = scenario("paused-by-user", "1.9").await;
    let v = vmi(&sim, "paused-by-user").await;
    assert_eq!(v["status"]["phase"], "Running");
    let ready = condition(&v, "Ready").unwrap();
    assert_eq!(
        (ready["status"].as_str(), ready["reason"].as_str()),
        (Some("False"), Some("ReadinessGatesNotReady"))
    );
    let pod = &pods_of(&sim, "paused-by-user").await[0];
    // lifecycle.go `syncPausedConditionToPod`.
    let gate = condition(pod, "kubevirt.io/virtual-machine-unpaused").unwrap();
    assert_eq!(
        (
            gate["status"].as_str(),
            gate["reason"].as_str(),
            gate["message"].as_str()
        ),
        (
            Some("False"),
            Some("Paused"),
            Some("the virtual machine is paused")
        )
    );
}

#[tokio::test]
async fn disabled_guest_agent_commands_have_no_enabled_key() {
    let sim = scenario("agent-unsupported", "1.9").await;
    let (code, info) = get(
        &sim,
        "/apis/subresources.kubevirt.io/v1/namespaces/default/virtualmachineinstances/agent-unsupported/guestosinfo",
    )
    .await;
    assert_eq!(code, 200);
    let cmds = info["supportedCommands"].as_array().unwrap();
    let osinfo = cmds
        .iter()
        .find(|c| c["name"] == "guest-get-osinfo")
        .unwrap();
    assert!(osinfo.get("enabled").is_none(), "omitempty: {osinfo}");
    let ping = cmds.iter().find(|c| c["name"] == "guest-ping").unwrap();
    assert_eq!(ping["enabled"], true);
    assert!(
        cmds.iter()
            .all(|c| c.get("enabled") != Some(&Value::Bool(false)))
    );
}

#[tokio::test]
async fn link_set_down_in_the_spec_reports_link_state_down() {
    let sim = scenario("link-down", "1.9").await;
    let v = vmi(&sim, "link-down").await;
    assert_eq!(
        v["spec"]["domain"]["devices"]["interfaces"][0]["state"],
        "down"
    );
    assert_eq!(v["status"]["interfaces"][0]["linkState"], "down");
}

#[tokio::test]
async fn non_evictable_until_live_migratable_is_known() {
    // vmistats_collector.go `isVMEvictable`: a missing LiveMigratable condition counts as False.
    let sim = scenario("unschedulable", "1.9").await;
    let v = vmi(&sim, "unschedulable").await;
    assert!(condition(&v, "LiveMigratable").is_none());
    let (_, q) = get(&sim, "/api/v1/query?query=kubevirt_vmi_non_evictable").await;
    assert_eq!(q["data"]["result"][0]["value"][1], "1");
    let sim = scenario("healthy", "1.9").await;
    let (_, q) = get(&sim, "/api/v1/query?query=kubevirt_vmi_non_evictable").await;
    assert_eq!(q["data"]["result"][0]["value"][1], "0");
}
