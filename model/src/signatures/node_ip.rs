//! A node's declared addresses refused, and the cloud node controller failing to initialise a
//! node: the control plane's.
//!
//! The node IPs a kubelet declares (`--node-ip`, or the `alpha.kubernetes.io/provided-node-ip`
//! annotation it leaves for an external cloud provider) are parsed by
//! `k8s.io/component-helpers/node/util/ips.go` (parseNodeIP: "must contain either a single IP
//! or a dual-stack pair of IPs", "dual-stack not supported in this configuration", "dual-stack
//! node IP cannot include '0.0.0.0' or '::'"); the cloud node controller
//! (`k8s.io/cloud-provider/controllers/node/node_controller.go`) matches them against the
//! addresses the cloud provider returns and, when it cannot, leaves the node tainted
//! uninitialised: "failed to initialize node %s at cloudprovider: %v", "failed to get provider
//! ID for node %s at cloudprovider: %v", "failed to get instance metadata for node %s: %v",
//! "failed to get node address from cloud provider that matches ip". A tenant cluster on
//! KubeVirt VMs runs KubeVirt's cloud provider there, which answers from the VMI's status. The
//! node is not initialised by the controllers: the control plane's.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const CP: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Degraded,
    title: "a node's addresses are refused or its cloud initialisation fails",
    cause: "the node IPs the kubelet declares do not fit what the cluster accepts (a dual-stack \
        pair where only one family is configured, two of one family), or the cloud node \
        controller cannot match them with the addresses its cloud provider returns (for a \
        tenant cluster on KubeVirt VMs, KubeVirt's cloud provider reading the VMI's status): \
        the node stays tainted uninitialised and pods are not scheduled on it",
    next_steps: &[
        "kubectl get node <node> -o jsonpath='{.metadata.annotations}' (alpha.kubernetes.io/provided-node-ip) and its taints",
        "kubectl logs -n kube-system <cloud controller manager pod> (the node it fails to initialise)",
    ],
    source: "kubernetes staging/src/k8s.io/component-helpers/node/util/ips.go (parseNodeIP); \
        staging/src/k8s.io/cloud-provider/controllers/node/node_controller.go (\"failed to \
        initialize node %s at cloudprovider: %v\")",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "node-ip-dual-stack-refused",
        all: &["dual-stack not supported in this configuration"],
        example: "failed to parse node IP annotation: dual-stack not supported in this configuration",
        ..CP
    },
    Signature {
        id: "node-ip-pair-invalid",
        all: &["dual-stack"],
        any: &[
            "must contain either a single IP or a dual-stack pair of IPs",
            "dual-stack node IP cannot include",
        ],
        example: "invalid node IP: must contain either a single IP or a dual-stack pair of IPs",
        ..CP
    },
    Signature {
        id: "cloud-node-init-failed",
        all: &["at cloudprovider"],
        any: &[
            "failed to initialize node",
            "failed to get provider ID for node",
        ],
        example: "E0101 00:00:00.000000       1 node_controller.go:229] failed to initialize node worker-1 at cloudprovider: failed to get instance metadata: instance not found",
        ..CP
    },
    Signature {
        id: "cloud-node-address-unmatched",
        all: &["failed to get node address from cloud provider that matches ip"],
        example: "failed to get node address from cloud provider that matches ip: 10.0.0.5",
        ..CP
    },
];
