//! OVN-Kubernetes failing a pod's network: ovnkube-controller wires every pod (a VM's launcher
//! too) into OVN by creating its logical switch port and writing the `k8s.ovn.org/pod-networks`
//! annotation, and ovnkube-node's CNI server waits for that annotation before it plumbs the
//! pod's interface. When the controller fails (its IP allocation, a switch the node's zone does
//! not have, a port it cannot create), it says "addLogicalPort failed for %s/%s[ network %s]:
//! %w" or "ensurePod failed %s/%s: %w" (ovn-org/ovn-kubernetes `go-controller/pkg/ovn/pods.go`,
//! `base_network_controller_pods.go`), recorded on the pod as a Warning event by its retry
//! framework (`pkg/retry/obj_retry.go`: `ErrorAddingResource`, `ErrorUpdatingResource`); the
//! CNI side then gives up with "failed to get pod annotation: %v" around "timed out waiting for
//! annotations" (`pkg/cni/cni.go`, `pkg/cni/utils.go`), which the kubelet quotes in
//! FailedCreatePodSandBox. Whoever quotes them, the pod's network is not set up: the network's.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

/// A pod whose network OVN-Kubernetes could not set up.
const OVN_K: Signature = Signature {
    layer: Some(Layer::Network),
    health: Health::Broken,
    title: "OVN-Kubernetes could not set up the pod's network",
    cause: "ovnkube-controller, which creates every pod's logical switch port and writes its \
        network annotation, failed for this pod (its address could not be allocated or kept, the \
        node's logical switch is missing, a port could not be created), or ovnkube-node's CNI \
        gave up waiting for that annotation; the pod (a VM's launcher too) gets no network \
        until the controller succeeds",
    next_steps: &[
        "kubectl get events -n <ns> --field-selector involvedObject.name=<pod> (ErrorAddingResource, ErrorUpdatingResource)",
        "kubectl logs -n ovn-kubernetes <ovnkube-controller or ovnkube-node pod on the pod's node> | grep <pod>",
        "kubectl get pod <pod> -n <ns> -o jsonpath='{.metadata.annotations.k8s\\.ovn\\.org/pod-networks}'",
    ],
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "ovn-k-add-logical-port-failed",
        all: &["addLogicalPort failed for"],
        source: "ovn-kubernetes go-controller/pkg/ovn/pods.go, base_network_controller_pods.go \
            (\"addLogicalPort failed for %s/%s: %w\")",
        example: "addLogicalPort failed for vms/virt-launcher-rhel9-x2b7q: failed to allocate IPs: subnet address pool exhausted",
        ..OVN_K
    },
    Signature {
        id: "ovn-k-ensure-pod-failed",
        all: &["ensurePod failed"],
        source: "ovn-kubernetes go-controller/pkg/ovn/pods.go (\"ensurePod failed %s/%s: %w\")",
        example: "ensurePod failed vms/virt-launcher-web-4kq9z: failed to delete pod external gateway",
        ..OVN_K
    },
    Signature {
        id: "ovn-k-cni-pod-annotation",
        all: &["failed to get pod annotation"],
        source: "ovn-kubernetes go-controller/pkg/cni/cni.go (\"failed to get pod annotation: %v\"), \
            pkg/cni/utils.go (\"timed out waiting for annotations\")",
        example: "failed to get pod annotation: timed out waiting for annotations: context deadline exceeded",
        ..OVN_K
    },
];
