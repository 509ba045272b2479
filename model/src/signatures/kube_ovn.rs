//! Kube-OVN's CNI server failing a pod's network set-up: kube-ovn-cni answers the CNI ADD the
//! runtime makes for every pod sandbox (a launcher's too) and fails it with the reasons of its
//! handler and its OVS plumbing (kubeovn/kube-ovn `pkg/daemon/handler.go`, handleAdd: "no
//! address allocated to pod …", "route is not ready for pod …", "provider %s is not bound to any
//! subnet", "configure nic %s for pod %s/%s failed: %w"; `pkg/daemon/ovs_linux.go`: "ovs interface
//! %s is not ready after %s", "add nic to ovs failed", "network %s with gateway %s is not ready
//! for interface %s after %d checks"; `pkg/daemon/ovs.go`: "gateway check of %s canceled after %d
//! retries"). Whoever quotes them (kube-ovn-cni's klog, the kubelet's FailedCreatePodSandBox, a
//! bare line), the pod's network is not set up: the network's.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

/// A pod whose network Kube-OVN's CNI server could not set up.
const KUBE_OVN: Signature = Signature {
    layer: Some(Layer::Network),
    health: Health::Broken,
    title: "Kube-OVN's CNI could not set up the pod's network",
    cause: "kube-ovn-cni, which answers the CNI ADD of every pod sandbox on its node, failed \
        the pod's network set-up: its address or route is not yet allocated by \
        kube-ovn-controller, the pod's OVS port never came up, or the subnet's gateway does not \
        answer; the pod (a VM's launcher too) stays in its init phase until it succeeds",
    next_steps: &[
        "kubectl logs -n kube-system <kube-ovn-cni pod on the pod's node>",
        "kubectl logs -n kube-system deploy/kube-ovn-controller | grep <pod>",
        "kubectl get ip,subnet | grep <pod or subnet>",
    ],
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "kube-ovn-ovs-interface-not-ready",
        all: &["ovs interface", "is not ready after"],
        source: "kube-ovn pkg/daemon/ovs_linux.go (\"ovs interface %s is not ready after %s\")",
        example: "ovs interface 1a2b3_9c8d7e6_h is not ready after 30s",
        ..KUBE_OVN
    },
    Signature {
        id: "kube-ovn-no-address-allocated",
        all: &["no address allocated to pod", "kube-ovn-controller"],
        source: "kube-ovn pkg/daemon/handler.go (\"no address allocated to pod %s/%s provider %s, \
            please see kube-ovn-controller logs to find errors\")",
        example: "no address allocated to pod vms/virt-launcher-a-b7d2c provider ovn, please see kube-ovn-controller logs to find errors",
        ..KUBE_OVN
    },
    Signature {
        id: "kube-ovn-route-not-ready",
        all: &["route is not ready for pod", "kube-ovn-controller"],
        source: "kube-ovn pkg/daemon/handler.go (\"route is not ready for pod %s/%s provider %s, \
            please see kube-ovn-controller logs to find errors\")",
        example: "route is not ready for pod vms/virt-launcher-a-9xq2k provider ovn, please see kube-ovn-controller logs to find errors",
        ..KUBE_OVN
    },
    Signature {
        id: "kube-ovn-provider-unbound",
        all: &["is not bound to any subnet"],
        source: "kube-ovn pkg/daemon/handler.go (\"provider %s is not bound to any subnet\")",
        example: "provider attachnet.vms.ovn is not bound to any subnet",
        ..KUBE_OVN
    },
    Signature {
        id: "kube-ovn-configure-nic-failed",
        all: &["configure nic", "for pod", "failed"],
        source: "kube-ovn pkg/daemon/handler.go (\"configure nic %s for pod %s/%s failed: %w\")",
        example: "configure nic eth0 for pod virt-launcher-a-k2x8d/vms failed: add nic to ovs failed",
        ..KUBE_OVN
    },
    Signature {
        id: "kube-ovn-add-nic-to-ovs-failed",
        all: &["add nic to ovs failed"],
        source: "kube-ovn pkg/daemon/ovs_linux.go (\"add nic to ovs failed %w: %q\")",
        example: "add nic to ovs failed exit status 1: \"ovs-vsctl: no bridge named br-int\"",
        ..KUBE_OVN
    },
    Signature {
        id: "kube-ovn-gateway-not-ready",
        all: &["with gateway", "is not ready for interface"],
        source: "kube-ovn pkg/daemon/ovs_linux.go (\"network %s with gateway %s is not ready \
            for interface %s after %d checks: %w\")",
        example: "network 10.16.0.15 with gateway 10.16.0.1 is not ready for interface eth0 after 200 checks: timeout",
        ..KUBE_OVN
    },
    Signature {
        id: "kube-ovn-gateway-check-canceled",
        all: &["gateway check of", "canceled after"],
        source: "kube-ovn pkg/daemon/ovs.go (\"gateway check of %s canceled after %d retries\")",
        example: "gateway check of 10.16.0.1 canceled after 3 retries",
        ..KUBE_OVN
    },
];
