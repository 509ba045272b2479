//! Round 8: batch7's misses, classified by their cause in the method (see
//! `fixtures/fresh/README.md`, "Round 8"), fixed by mechanism. Each input is shaped after the
//! source that prints it (not copied from a thread):
//!
//! 1. what a line is about decides over who reported it: the network plumbing of a VM's pod
//!    (a sandbox's CNI ADD, the tap device and in-pod bridge, a host's link) is the network,
//!    whether virt-handler, the kubelet or the kernel writes it;

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::blame;

// ---- 1. the network plumbing a line is about ----

#[test]
fn kubevirts_pod_network_plumbing_is_the_network_whoever_hosts_it() {
    // pkg/network/driver/common.go: `log.Log.Reason(err).Errorf("failed to create a bridge")`,
    // logged by virt-handler (the node's agent) while it sets up the pod's network.
    let p = r#"{"component":"virt-handler","level":"error","msg":"failed to create a bridge","pos":"bridge.go:120","reason":"operation not supported","timestamp":"2024-01-01T10:00:00.000000Z"}"#;
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::Network), "{text}");
    let tap = r#"{"component":"virt-launcher","level":"error","msg":"failed to create tap device named tap1","reason":"device or resource busy","timestamp":"2024-01-01T10:00:00.000000Z"}"#;
    let (layer, _, text) = blame(tap);
    assert_eq!(layer, Some(Layer::Network), "{text}");
    // Another virt-handler error about no network object stays the node's.
    let other = r#"{"component":"virt-handler","level":"error","msg":"failed to unmount a container disk","reason":"device or resource busy","timestamp":"2024-01-01T10:00:00.000000Z"}"#;
    assert_eq!(blame(other).0, Some(Layer::Node), "{other}");
}

#[test]
fn a_sandbox_cni_add_recorded_by_the_kubelet_is_the_network() {
    // containerd's sandbox_run.go wraps libcni's `plugin type=%q name=%q failed (add)`; the
    // event's recorder is the kubelet, its object the pod's network.
    let p = "  Warning  FailedCreatePodSandBox  30s  kubelet  Failed to create pod sandbox: rpc error: code = Unknown desc = failed to create sandbox: plugin type=\"flannel\" name=\"cbr0\" failed (add): open /run/flannel/subnet.env: no such file or directory\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::Network), "{text}");
    // The same recorder about a volume stays the node's.
    let vol = "  Warning  FailedMount  30s  kubelet  MountVolume.SetUp failed for volume \"disk\" : hostPath type check failed: /var/lib/x is not a file\n";
    assert_eq!(blame(vol).0, Some(Layer::Node), "{vol}");
}

#[test]
fn the_kernels_half_applied_link_change_is_the_network() {
    // net/core/rtnetlink.c: "A link change request failed with some changes committed already.
    // Interface %s may have been left with an inconsistent configuration, please check."
    let p = "[Mon Jan  1 10:00:00 2024] bond0: (slave eth1): Enslaving as a backup interface with an up link\n[Mon Jan  1 10:00:01 2024] A link change request failed with some changes committed already. Interface br-vm may have been left with an inconsistent configuration, please check.\n";
    let (layer, _, text) = blame(p);
    assert_eq!(layer, Some(Layer::Network), "{text}");
}
