//! Round 14: families read from their sources, each input a synthetic member shaped after the
//! program that writes it, never copied from a batch item:
//!
//! - a described pod Pending and bound to no node (`kubectl describe pod`: `Node:  <none>`),
//!   and a describe's settings (labels, annotations, selectors, tolerations) that name no fault;
//! - the scheduler's FitError whatever its filters' reasons (`pkg/scheduler/schedule_one.go`);
//! - virtctl's first releases' refused console (`Can't connect to console (404)`);
//! - KubeVirt's functional tests waiting for a ready control plane (`tests/libkubevirt`);
//! - a gRPC error a CSI sidecar logs at info (grpc-go `status.Error`), Gomega's timeout whose
//!   next line names what was awaited (`onsi/gomega`), a field whose value negates its name;
//! - CDI's population workers (importer, clone source) as the control plane's;
//! - a placed launcher pod still starting with no pod IP (`-o wide`): its network set-up.

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::layer;

#[test]
fn a_described_pod_pending_on_no_node_is_unscheduled_and_its_settings_are_no_fault() {
    let describe = |node: &str, status: &str| {
        format!(
            "$ kubectl describe pod virt-launcher-web-7xk2p -n apps\nName:         virt-launcher-web-7xk2p\n\
             Namespace:    apps\nNode:         {node}\nLabels:       kubevirt.io=virt-launcher\n\
             Annotations:  kubevirt.io/domain: web\n              traffic.sidecar.istio.io/kubevirtInterfaces: k6t-eth0\n\
             Status:       {status}\nIP:\nTolerations:  node.kubernetes.io/unreachable:NoExecute op=Exists for 300s\n"
        )
    };
    assert_eq!(layer(&describe("<none>", "Pending")), Some(Layer::Node));
    // placed on a node and running: the annotation's bridge name and the toleration's taint
    // are settings, not faults
    assert_eq!(layer(&describe("w1/10.0.0.5", "Running")), None);
}

#[test]
fn the_schedulers_fit_error_of_any_filter_is_the_nodes() {
    for reasons in [
        "2 node(s) were unschedulable.",
        "3 node(s) didn't have free ports for the requested pod ports.",
        "1 node(s) had volume node affinity conflict, 1 Too many pods.",
    ] {
        let p = format!(
            "Events:\n  Type     Reason            Age   From               Message\n  ----     ------            ----  ----               -------\n  Warning  FailedScheduling  2m    default-scheduler  0/3 nodes are available: {reasons}\n"
        );
        assert_eq!(layer(&p), Some(Layer::Node), "{p}");
    }
}

#[test]
fn virtctl_and_test_suite_words_of_the_control_plane() {
    for p in [
        "$ virtctl console db\nCan't connect to console (404): 404 page not found\n",
        "$ virtctl vnc db\nCan't connect to VNC (404): 404 page not found\n",
        "[FAILED] Timed out after 360.001s.\nOne of the Kubevirt control-plane components is not ready.\n",
    ] {
        assert_eq!(layer(p), Some(Layer::ControlPlane), "{p}");
    }
}

#[test]
fn failure_lines_weighed_beyond_their_level_and_their_line() {
    // an external-attacher-like info line carrying a gRPC error status
    let csi = "I0301 08:00:01.000001       1 csi_handler.go:231] Error processing \"csi-abc\": failed to attach: rpc error: code = Unavailable desc = volume pvc-1 cannot reach node w3\n";
    assert_eq!(layer(csi), Some(Layer::Node), "{csi}");
    // without the gRPC status the info line is normal operation
    let info = "I0301 08:00:01.000001       1 csi_handler.go:231] Attaching \"csi-abc\" to node w3 failed once\n";
    assert_eq!(layer(info), None, "{info}");
    // Gomega: the timeout, then what was awaited
    let gomega =
        "  Timed out after 90.000s.\n  Expected the nodes to become schedulable for VMIs\n";
    assert_eq!(layer(gomega), Some(Layer::Node), "{gomega}");
    // a field saying its state does not hold
    let field = "Name:               w1\nUnschedulable:      false\n";
    assert_eq!(layer(field), None, "{field}");
}

#[test]
fn cdi_population_workers_are_the_control_planes() {
    for pod in ["importer-prime-5f3a-rootdisk", "4e1b7c2a-9d0f-source-pod"] {
        let p = format!(
            "$ kubectl get pods -n vms\nNAME{pad}READY   STATUS             RESTARTS   AGE\n{pod}   0/1     CrashLoopBackOff   6          9m\n",
            pad = " ".repeat(pod.len())
        );
        assert_eq!(layer(&p), Some(Layer::ControlPlane), "{p}");
    }
}

#[test]
fn a_placed_launcher_without_a_pod_ip_waits_for_its_network() {
    let row = |status: &str, ip: &str| {
        format!(
            "$ kubectl get pods -o wide\nNAME                       READY   STATUS              RESTARTS   AGE    IP          NODE   NOMINATED NODE   READINESS GATES\n\
             virt-launcher-db-q2w7x     0/2     {status:<17}   0          3h     {ip}    w4     <none>           1/1\n"
        )
    };
    assert_eq!(layer(&row("Init:0/2", "<none>    ")), Some(Layer::Network));
    assert_eq!(
        layer(&row("ContainerCreating", "<none>    ")),
        Some(Layer::Network)
    );
    // with its IP the sandbox is up: images or volumes, the node's
    assert_eq!(layer(&row("Init:0/2", "10.1.0.9  ")), Some(Layer::Node));
}
