//! Issue 26, the node layer: where the diagnosis and the node pages disagreed with KubeVirt's
//! source. Each test builds a dump shaped like KubeVirt's output and asserts what the source
//! says; the KubeVirt file that decides it is named in the test.

use model::cluster::{ClusterIssue, cluster_findings};
use model::diagnosis::Diagnosis;
use model::drain::drain_impact_with_pods;
use model::input::pipeline::{Report, diagnose_input};
use model::kube::{Node, Pod};
use model::time::Timestamp;
use model::verdict::{Confidence, Health, Layer};
use model::view::node::{HandlerPresence, node_rows, node_view};

const NOW: &str = "2026-08-22T10:10:00Z";

fn now() -> Option<Timestamp> {
    Timestamp::parse(NOW)
}

fn report(text: &str) -> Report {
    diagnose_input(text, now()).unwrap_or_else(|e| panic!("{e}"))
}

fn only(r: &Report) -> &Diagnosis {
    assert_eq!(r.diagnoses.len(), 1, "{:?}", r.diagnoses);
    &r.diagnoses[0]
}

fn texts(d: &Diagnosis, layer: Layer) -> String {
    d.layer(layer)
        .findings
        .iter()
        .map(|f| format!("{} | {} | {:?}", f.title, f.detail, f.evidence))
        .collect::<Vec<_>>()
        .join("\n")
}

fn yaml<T: serde::de::DeserializeOwned>(text: &str) -> T {
    let v: serde_json::Value = serde_saphyr::from_str(text).unwrap();
    serde_json::from_value(v).unwrap()
}

/// A node; `ready` its Ready status, `heartbeat` virt-handler's annotation, `schedulable` its
/// label.
fn node(ready: &str, heartbeat: &str, schedulable: &str) -> String {
    format!(
        "apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\n  labels: {{kubevirt.io/schedulable: \"{schedulable}\"}}\n  annotations: {{kubevirt.io/heartbeat: \"{heartbeat}\"}}\nstatus:\n  allocatable: {{devices.kubevirt.io/kvm: 1k, cpu: \"8\"}}\n  conditions:\n  - {{type: Ready, status: \"{ready}\", reason: NodeStatusUnknown, message: Kubelet stopped posting node status., lastHeartbeatTime: \"2026-08-22T10:02:40Z\", lastTransitionTime: \"2026-08-22T10:03:30Z\"}}\n"
    )
}

/// A running VMI on n1 whose guest agent is connected and whose interface has an address.
const RUNNING_VMI: &str = "apiVersion: kubevirt.io/v1
kind: VirtualMachineInstance
metadata: {name: web, namespace: prod, uid: vmi-web}
status:
  phase: Running
  nodeName: n1
  conditions:
  - {type: Ready, status: \"True\"}
  - {type: LiveMigratable, status: \"True\"}
  - {type: AgentConnected, status: \"True\"}
  guestOSInfo: {name: Fedora Linux, id: fedora}
  interfaces:
  - {name: default, ipAddress: 10.0.0.5, ipAddresses: [10.0.0.5], infoSource: \"domain, guest-agent\"}
";

/// A launcher pod of `web` on n1.
fn launcher(phase: &str, ready: &str, extra_meta: &str) -> String {
    format!(
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: virt-launcher-web-abcde\n  namespace: prod\n  uid: pod-web\n  labels: {{kubevirt.io/created-by: vmi-web}}\n{extra_meta}spec: {{nodeName: n1}}\nstatus:\n  phase: {phase}\n  conditions:\n  - {{type: Ready, status: \"{ready}\"}}\n  containerStatuses:\n  - {{name: compute, ready: true, restartCount: 0, state: {{running: {{startedAt: \"2026-08-22T09:00:00Z\"}}}}}}\n"
    )
}

fn dump(parts: &[&str]) -> String {
    parts.join("---\n")
}

// Item 2. `pkg/virt-handler/heartbeat/heartbeat.go` writes `kubevirt.io/heartbeat` from
// virt-handler itself; `isNodeUnresponsive` (`pkg/virt-controller/watch/node/node.go`) judges
// the node by that annotation only. A NotReady kubelet says nothing about virt-handler.

#[test]
fn a_not_ready_kubelet_with_a_fresh_handler_heartbeat_keeps_the_vmi_current() {
    let r = report(&dump(&[
        &node("Unknown", "2026-08-22T10:09:04Z", "true"),
        RUNNING_VMI,
    ]));
    let d = only(&r);
    // The guest and network layers are judged from the status virt-handler keeps writing.
    assert_eq!(d.layer(Layer::Guest).health, Health::Healthy, "{d:#?}");
    assert_eq!(d.layer(Layer::Network).health, Health::Healthy, "{d:#?}");
    assert_eq!(d.contradictions().count(), 0, "{d:#?}");
    let node = texts(d, Layer::Node);
    assert!(node.contains("still manages this VMI"), "{node}");
    assert!(node.contains("migrated away"), "{node}");
    // The node itself is not fine, but the VMI on it is still managed: degraded, not broken.
    assert_eq!(d.layer(Layer::Node).health, Health::Degraded, "{node}");
}

#[test]
fn a_not_ready_kubelet_with_missed_handler_beats_is_not_called_current() {
    // `heartbeat.go` beats at least every 2m12s; 3 min without one while the kubelet is down
    // is not "still managed", though `isNodeUnresponsive` waits for its 5 min timeout.
    let r = report(&dump(&[
        &node("Unknown", "2026-08-22T10:07:00Z", "true"),
        RUNNING_VMI,
    ]));
    let d = only(&r);
    let node = texts(d, Layer::Node);
    assert!(node.contains("missed beats"), "{node}");
    assert!(!node.contains("still manages"), "{node}");
    assert_eq!(d.layer(Layer::Node).health, Health::Broken, "{node}");
    assert_eq!(d.layer(Layer::Guest).confidence, Confidence::Low);
}

#[test]
fn a_stale_handler_heartbeat_makes_the_status_stale_whatever_the_kubelet_says() {
    // The kubelet is Ready; virt-handler stopped heartbeating an hour ago.
    let r = report(&dump(&[
        &node("True", "2026-08-22T09:10:00Z", "false"),
        RUNNING_VMI,
    ]));
    let d = only(&r);
    assert_eq!(d.layer(Layer::Node).health, Health::Broken);
    assert_eq!(d.layer(Layer::Guest).health, Health::Unknown, "{d:#?}");
    let guest = texts(d, Layer::Guest);
    assert!(guest.contains("nobody updates the VMI status"), "{guest}");
    // A guest agent "connected" in a status nobody writes is not read as a live agent.
    assert!(!guest.contains("Guest agent connected"), "{guest}");
}

// Item 3. `pkg/virt-controller/watch/vmi/lifecycle.go` (`updateStatus`): the VMI stays
// Scheduling while its launcher pod runs but is not Ready, and turns Scheduled when the pod is
// Ready; virt-handler then starts the domain.

#[test]
fn scheduling_or_scheduled_with_a_running_launcher_is_no_contradiction() {
    for (phase, ready) in [("Scheduling", "False"), ("Scheduled", "True")] {
        let vmi = format!(
            "apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstance\nmetadata: {{name: web, namespace: prod, uid: vmi-web, creationTimestamp: \"2026-08-22T10:09:00Z\"}}\nstatus:\n  phase: {phase}\n  nodeName: n1\n  phaseTransitionTimestamps:\n  - {{phase: {phase}, phaseTransitionTimestamp: \"2026-08-22T10:09:30Z\"}}\n"
        );
        let r = report(&dump(&[
            &node("True", "2026-08-22T10:09:04Z", "true"),
            &vmi,
            &launcher("Running", ready, ""),
        ]));
        let d = only(&r);
        let c: Vec<&str> = d.contradictions().map(|f| f.title.as_str()).collect();
        assert!(c.is_empty(), "{phase}: {c:?}");
        assert!(
            d.layer(Layer::Node).health != Health::Broken,
            "{phase}: {d:#?}"
        );
    }
}

// Item 6. `pkg/virt-controller/services/nodeselectorrenderer.go`: every launcher pod selects
// `kubevirt.io/schedulable=true`; virt-controller sets it false after a stale heartbeat
// (`markNodeAsUnresponsive`, `pkg/virt-controller/watch/node/node.go`).

#[test]
fn a_node_selector_mismatch_names_the_schedulable_label_and_the_heartbeat() {
    let vmi = "apiVersion: kubevirt.io/v1
kind: VirtualMachineInstance
metadata: {name: web, namespace: prod, uid: vmi-web, creationTimestamp: \"2026-08-22T10:08:00Z\"}
status:
  phase: Scheduling
  conditions:
  - type: PodScheduled
    status: \"False\"
    reason: Unschedulable
    message: \"0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.\"
";
    let r = report(&dump(&[
        &node("True", "2026-08-22T09:10:00Z", "false"),
        vmi,
    ]));
    let d = only(&r);
    // No node fitting is the nodes' layer (`model::scheduling`, one rule with the paste readers).
    let cp = texts(d, Layer::Node);
    assert!(cp.contains("kubevirt.io/schedulable=true"), "{cp}");
    assert!(cp.contains("markNodeAsUnresponsive"), "{cp}");
    assert!(
        cp.contains("node n1: label kubevirt.io/schedulable = false"),
        "{cp}"
    );
    assert!(
        cp.contains("n1 (virt-controller marked it after a stale heartbeat)"),
        "{cp}"
    );
}

// Item 10. `pkg/virt-handler/heartbeat/heartbeat.go`: `do` writes schedulable=false while the
// device plugins are not initialised, and `Run` ends with `labelNodeUnschedulable`, which writes
// false with a fresh heartbeat as virt-handler shuts down.

#[test]
fn a_fresh_heartbeat_with_schedulable_false_is_starting_or_shutting_down() {
    let n = node("True", "2026-08-22T10:09:30Z", "false");
    let r = report(&dump(&[&n, RUNNING_VMI]));
    let node_text = texts(only(&r), Layer::Node);
    assert!(
        node_text.contains("starting or shutting down"),
        "{node_text}"
    );
    let parsed: Node = yaml(&n);
    let f = cluster_findings(&[parsed], &[], now());
    let unsched = f
        .iter()
        .find(|f| f.issue == ClusterIssue::HandlerUnschedulable)
        .unwrap();
    assert!(unsched.next_step.contains("shutting down"), "{unsched:?}");
    assert!(
        !unsched.next_step.contains("stops answering"),
        "{unsched:?}"
    );
}

// Item 11. A Running launcher pod is not Ready for three reasons: the readiness gate
// `kubevirt.io/virtual-machine-unpaused` of a paused guest (`lifecycle.go`
// `syncPausedConditionToPod`), the node lifecycle controller on a NotReady node, or a failing
// readiness probe (`pkg/virt-controller/services/rendercontainer.go`).

#[test]
fn a_running_launcher_not_ready_on_a_not_ready_node_names_the_node_lifecycle_controller() {
    let r = report(&dump(&[
        &node("Unknown", "2026-08-22T10:09:04Z", "true"),
        RUNNING_VMI,
        &launcher("Running", "False", ""),
    ]));
    let node_text = texts(only(&r), Layer::Node);
    assert!(
        node_text.contains("node lifecycle controller"),
        "{node_text}"
    );
    assert!(!node_text.contains("paused"), "{node_text}");
}

#[test]
fn a_running_launcher_with_an_unready_container_names_the_readiness_probe() {
    let pod = launcher("Running", "False", "").replace("ready: true", "ready: false");
    let r = report(&dump(&[
        &node("True", "2026-08-22T10:09:04Z", "true"),
        RUNNING_VMI,
        &pod,
    ]));
    let node_text = texts(only(&r), Layer::Node);
    assert!(node_text.contains("readiness probe"), "{node_text}");
    assert!(!node_text.contains("paused"), "{node_text}");
}

// Item 12. `lifecycle.go`: an ended VMI's launcher pod is torn down; Terminating is that
// teardown, not a live pod.

#[test]
fn a_terminating_launcher_of_a_failed_vmi_is_teardown() {
    let vmi = RUNNING_VMI.replace("phase: Running", "phase: Failed");
    let r = report(&dump(&[
        &node("True", "2026-08-22T10:09:04Z", "true"),
        &vmi,
        &launcher(
            "Running",
            "False",
            "  deletionTimestamp: \"2026-08-22T10:09:50Z\"\n",
        ),
    ]));
    let d = only(&r);
    assert_eq!(d.contradictions().count(), 0, "{d:#?}");
    assert!(
        d.layer(Layer::Node)
            .findings
            .iter()
            .all(|f| f.health != Health::Degraded),
        "{}",
        texts(d, Layer::Node)
    );
}

// Item 14 (no KVM). virt-handler's DaemonSet takes `spec.workloads.nodePlacement` with no
// toleration of its own (`pkg/virt-operator/resource/apply/apps.go`, `placement.go`
// `AnyNode`): a control-plane node tainted NoSchedule has no virt-handler and no KVM by design.

const MASTER: &str = "apiVersion: v1
kind: Node
metadata:
  name: master-0
  labels: {node-role.kubernetes.io/control-plane: \"\", node-role.kubernetes.io/master: \"\"}
spec:
  taints: [{key: node-role.kubernetes.io/control-plane, effect: NoSchedule}]
status:
  allocatable: {cpu: 7500m, memory: 30Gi, pods: \"250\"}
  conditions:
  - {type: Ready, status: \"True\", reason: KubeletReady}
";

#[test]
fn a_node_outside_virt_handlers_placement_is_not_degraded() {
    let master: Node = yaml(MASTER);
    let v = node_view(
        &master,
        Some(&[]),
        &[],
        drain_impact_with_pods("master-0", &[], &[], &[], None),
        now(),
    );
    assert_eq!(v.health, Health::Healthy, "{:?}", v.problems);
    assert!(v.problems.is_empty(), "{:?}", v.problems);
    assert_eq!(v.handler.presence, HandlerPresence::NotPlaced);
    let why = v.handler.not_placed.as_deref().unwrap_or_default();
    assert!(
        why.contains("node-role.kubernetes.io/control-plane"),
        "{why}"
    );
    let rows = node_rows(std::slice::from_ref(&master), Some(&[]), &[], now());
    assert_eq!(rows[0].health, Health::Healthy, "{:?}", rows[0].problems);
    assert!(cluster_findings(&[master], &[], now()).is_empty());
}

// Also seen on the pages: a fresh heartbeat and no virt-handler pod among the pods read.
// `heartbeat.go` writes the heartbeat from the running virt-handler, so it runs there.

#[test]
fn a_fresh_heartbeat_without_its_pod_in_view_says_virt_handler_runs() {
    let n: Node = yaml(&node("True", "2026-08-22T10:09:04Z", "true"));
    let pods: Vec<Pod> = Vec::new();
    let v = node_view(
        &n,
        Some(&pods),
        &[],
        drain_impact_with_pods("n1", &[], &[], &[], None),
        now(),
    );
    assert_eq!(v.handler.presence, HandlerPresence::NotInViewBeating);
    // A stale heartbeat and no pod: no virt-handler pod there.
    let n: Node = yaml(&node("True", "2026-08-22T09:00:00Z", "true"));
    let v = node_view(
        &n,
        Some(&pods),
        &[],
        drain_impact_with_pods("n1", &[], &[], &[], None),
        now(),
    );
    assert_eq!(v.handler.presence, HandlerPresence::NoPod);
}

// Also seen on the pages: a storage I/O pause (`PausedIOError`, `pkg/virt-handler/vm.go`) is
// one layer's finding; the guest layer does not repeat its explanation and next steps.

#[test]
fn an_io_error_pause_is_one_layers_finding() {
    let vmi = "apiVersion: kubevirt.io/v1
kind: VirtualMachineInstance
metadata: {name: web, namespace: prod, uid: vmi-web}
status:
  phase: Running
  conditions:
  - {type: Paused, status: \"True\", reason: PausedIOError, message: \"VMI was paused, low-level IO error detected\"}
";
    let d = only(&report(vmi)).clone();
    let with_steps = |layer: Layer| {
        d.layer(layer)
            .findings
            .iter()
            .any(|f| f.next_steps.iter().any(|s| s.contains("kubectl get pvc")))
    };
    assert!(with_steps(Layer::Node));
    assert!(!with_steps(Layer::Guest), "{}", texts(&d, Layer::Guest));
    assert_eq!(d.layer(Layer::Guest).health, Health::Broken);
}

// One heartbeat rule (`model::thresholds::handler_beat`, virt-controller's `isNodeUnresponsive`
// with its 5-minute `heartBeatTimeout`, `pkg/virt-controller/watch/node/node.go`): the cluster
// findings, the node page and the diagnosis judge the same annotation the same way on either
// side of the timeout.

#[test]
fn the_three_readers_of_the_heartbeat_agree_at_the_timeout() {
    // NOW is 10:10:00: 4m59s and 5m01s old.
    for (beat, stale) in [
        ("2026-08-22T10:05:01Z", false),
        ("2026-08-22T10:04:59Z", true),
    ] {
        let text = node("True", beat, "true");
        let n: Node = yaml(&text);
        let found = cluster_findings(std::slice::from_ref(&n), &[], now())
            .iter()
            .any(|f| f.issue == ClusterIssue::HandlerHeartbeatStale);
        assert_eq!(found, stale, "cluster findings, heartbeat {beat}");
        let v = node_view(
            &n,
            None,
            &[],
            drain_impact_with_pods("n1", &[], &[], &[], None),
            now(),
        );
        assert_eq!(v.handler.stale, stale, "node page, heartbeat {beat}");
        let r = report(&dump(&[&text, RUNNING_VMI]));
        let d = only(&r);
        let broken = d.layer(Layer::Node).health == Health::Broken;
        assert_eq!(broken, stale, "diagnosis, heartbeat {beat}: {d:#?}");
    }
}
