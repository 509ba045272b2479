//! Round 39: layers by who owns the failing thing, across the working sets' residual misses
//! (`fixtures/fresh/README.md`, "Round 39"); every input is a synthetic member of a mechanism,
//! shaped after the program that prints it, never copied from a batch item:
//!
//! - a pod's failing status is its owner's: the control plane's Deployments by name (Rancher,
//!   Fleet, Harvester, HCO and what HCO names after its HyperConverged resource), with no
//!   namespace in the listing; every pod of a listing that shows a guest cluster's own charts
//!   (Harvester's CSI driver, KubeVirt's tenant CSI node) is the guest's;
//! - the VM's own NIC (QEMU's default MAC) down or without an address in `ip address` inside the
//!   guest is the guest's, and the guest's unreachable-network errors with it;
//! - a JSON log line broken over lines is read whole (a migration's target pod refused by the
//!   quota: the migration's control plane);
//! - Go's net/http recovering a handler's panic is a server's: the control plane's.
//!
//! The guards: a node's DaemonSet pod and an unknown Deployment's pod keep the node; a guest
//! `ip address` with its NIC up and addressed blames nothing; a pod's veth without QEMU's MAC
//! is not the VM's NIC; a JSON line whole on one line keeps its reading.

#[path = "support/blame.rs"]
mod support_blame;

use model::evidence::SignalPlane;
use model::verdict::Layer;
use support_blame::{blame, expect};

#[test]
fn a_control_plane_deployments_failing_pod_is_the_control_planes() {
    expect(
        &[
            "NAME                              READY   STATUS             RESTARTS   AGE\nrancher-7d9f8b6c5d-x2k4p          0/1     CrashLoopBackOff   12         3h\nrancher-webhook-6c9d7f5b8-q7wzt   1/1     Running            0          3h\n",
            "NAME                                         READY   STATUS         RESTARTS   AGE\nfleet-controller-5b7c9d8f6-m4n2p             0/1     ErrImagePull   0          20m\n",
            "NAME                                                 READY   STATUS             RESTARTS   AGE\nhyperconverged-cluster-webhook-58f9c7d6b4-2xkqz      0/1     CrashLoopBackOff   9          40m\nkubevirt-hyperconverged-install-job-7x9kq            0/1     ImagePullBackOff   0          40m\n",
        ],
        Some(Layer::ControlPlane),
    );
}

#[test]
fn a_guest_clusters_listing_is_the_guests() {
    expect(
        &[
            "NAMESPACE     NAME                                       READY   STATUS             RESTARTS   AGE\nkube-system   coredns-6799fbcd5-h2xkq                    0/1     Pending            0          3h\nkube-system   harvester-csi-driver-controllers-7c8d9f6b5-p2kx7   0/3   CrashLoopBackOff   25   3h\nkube-system   kube-proxy-node-a                          1/1     Running            0          3h\n",
            "NAMESPACE     NAME                        READY   STATUS             RESTARTS   AGE\nkube-system   kubevirt-csi-node-4xq2z     1/3     CrashLoopBackOff   14         2h\nkube-system   calico-node-8w2kd           0/1     Running            0          2h\n",
        ],
        Some(Layer::Guest),
    );
}

#[test]
fn pods_of_no_known_owner_keep_the_node() {
    expect(
        &[
            "NAME                          READY   STATUS             RESTARTS   AGE\nmy-app-7d9f8b6c5d-x2k4p       0/1     CrashLoopBackOff   12         3h\n",
            "NAMESPACE   NAME                READY   STATUS             RESTARTS   AGE\ndefault     rancherlike-x2k4p   0/1     CrashLoopBackOff   12         3h\n",
        ],
        Some(Layer::Node),
    );
}

#[test]
fn the_vms_own_nic_down_inside_the_guest_is_the_guests() {
    for paste in [
        "$ ping 10.0.2.2\nping: connect: Network is unreachable\n$ ip a\n1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000\n    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00\n    inet 127.0.0.1/8 scope host lo\n2: eth0: <BROADCAST,MULTICAST> mtu 1500 qdisc noop state DOWN group default qlen 1000\n    link/ether 52:54:00:3c:11:9a brd ff:ff:ff:ff:ff:ff\n",
        "# ip addr\n1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN\n    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00\n2: enp1s0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1400 qdisc fq_codel state UP group default qlen 1000\n    link/ether 52:54:00:aa:bb:cc brd ff:ff:ff:ff:ff:ff\n    inet6 fe80::5054:ff:feaa:bbcc/64 scope link\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Guest), "{paste}\n{text}");
        assert!(text.contains("the VM's own interface"), "{paste}\n{text}");
    }
}

#[test]
fn a_guest_nic_up_and_addressed_or_a_pods_veth_blames_nothing() {
    expect(
        &[
            "# ip a\n2: enp1s0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1400 qdisc fq_codel state UP group default qlen 1000\n    link/ether 52:54:00:aa:bb:cc brd ff:ff:ff:ff:ff:ff\n    inet 10.0.2.2/24 brd 10.0.2.255 scope global dynamic enp1s0\n",
            "# ip a\n3: eth0@if17: <BROADCAST,MULTICAST> mtu 1450 qdisc noqueue state DOWN group default\n    link/ether 0a:58:0a:f4:01:07 brd ff:ff:ff:ff:ff:ff link-netnsid 0\n",
        ],
        None,
    );
}

#[test]
fn a_json_line_broken_over_lines_is_read_whole() {
    let paste = "{\"component\":\"virt-controller\",\"level\":\"info\",\"msg\":\"reenqueuing Migration vms/evac-x7k2p\",\"pos\":\"migration.go:240\",\"reason\":\"failed to create vmi migration target pod: pods \\\"virt-launcher-db-01-q9z2x\\\" is forbidden:\n\n exceeded quota: team-quota, requested: limits.memory=2Gi, used: limits.memory=15Gi, limited: limits.memory=16Gi\",\n\n\"timestamp\":\"2026-03-01T10:00:00.000000Z\"}\n";
    let (l, p, text) = blame(paste);
    assert_eq!(l, Some(Layer::Migration), "{text}");
    assert_eq!(p, Some(SignalPlane::Control), "{text}");
}

#[test]
fn a_quota_refusal_on_one_whole_line_keeps_its_reading() {
    expect(
        &[
            "Error from server (Forbidden): persistentvolumeclaims \"data\" is forbidden: exceeded quota: storage-quota, requested: requests.storage=10Gi, used: requests.storage=95Gi, limited: requests.storage=100Gi\n",
        ],
        Some(Layer::ControlPlane),
    );
}

#[test]
fn a_go_http_handlers_panic_is_the_servers() {
    for paste in [
        "2026/02/01 09:15:02 http: panic serving 10.244.0.1:41236: runtime error: invalid memory address or nil pointer dereference\ngoroutine 812 [running]:\nnet/http.(*conn).serve.func1()\n",
        "http: panic serving 10.128.0.2:51022: runtime error: index out of range [3] with length 3\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::ControlPlane), "{paste}\n{text}");
        assert!(text.contains("request handler panicked"), "{paste}\n{text}");
    }
}
