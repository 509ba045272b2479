//! The scheduler refusing nodes for a taint the node lifecycle put on them: the TaintToleration
//! plugin writes `node(s) had untolerated taint {<key>: <value>}`
//! (`pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go`), and the taints that
//! say a node is unhealthy are Kubernetes' well-known ones (`staging/src/k8s.io/api/core/v1/
//! well_known_taints.go`: `node.kubernetes.io/unreachable`, `not-ready`, `memory-pressure`,
//! `disk-pressure`, `pid-pressure`, `network-unavailable`), set by the node lifecycle
//! controller and the kubelet. A pod that cannot be scheduled because nodes are down or under
//! pressure is the nodes' fault, whatever else the message lists (an affinity only the lost node
//! matched included).

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

/// The taints the node lifecycle controller and the kubelet put on a node whose own condition is
/// bad (`well_known_taints.go`; `pkg/controller/nodelifecycle/node_lifecycle_controller.go`
/// maps each condition to its taint: Ready False → `not-ready`, Unknown → `unreachable`,
/// MemoryPressure, DiskPressure, PIDPressure → `*-pressure`, NetworkUnavailable →
/// `network-unavailable`). `node.kubernetes.io/unschedulable` (a cordon) is not among them.
const CONDITION_TAINTS: &[&str] = &[
    "node.kubernetes.io/unreachable",
    "node.kubernetes.io/not-ready",
    "node.kubernetes.io/memory-pressure",
    "node.kubernetes.io/disk-pressure",
    "node.kubernetes.io/pid-pressure",
    "node.kubernetes.io/network-unavailable",
];

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "node-condition-taint",
        all: &["Taints:"],
        none: &["untolerated taint"],
        any: CONDITION_TAINTS,
        layer: Some(Layer::Node),
        health: Health::Degraded,
        title: "the node carries a taint of a bad condition (not ready, unreachable or under pressure)",
        cause: "kubectl describe node lists a taint the node lifecycle controller or the kubelet \
            puts on a node only while its condition is bad (Ready not True, memory, disk or PID \
            pressure, network unavailable): new pods are not scheduled there and, for pressure, \
            the kubelet evicts pods",
        next_steps: &[
            "kubectl describe node <node> (Conditions: which one is bad, since when)",
            "free the resource under pressure (disk: images, logs, volumes) or bring the node back",
        ],
        source: "k8s.io/api/core/v1/well_known_taints.go; kubernetes \
            pkg/controller/nodelifecycle/node_lifecycle_controller.go",
        example: "Taints:             node.kubernetes.io/disk-pressure:NoSchedule",
        ..BASE
    },
    Signature {
        id: "unschedulable-node-health-taint",
        all: &["untolerated taint"],
        any: CONDITION_TAINTS,
        layer: Some(Layer::Node),
        health: Health::Broken,
        title: "the pod cannot be scheduled: nodes are unreachable, not ready or under pressure",
        cause: "the scheduler refused nodes for a taint the node lifecycle put on them (unreachable, \
        not-ready, memory/disk/PID pressure, network unavailable): the nodes the pod could run \
        on (by its requests, selectors and affinity) are down or unhealthy",
        next_steps: &[
            "kubectl get nodes; kubectl describe node <node> (conditions, taints)",
            "bring the node back (kubelet, network, power) or relax the pod's affinity",
        ],
        source: "kube-scheduler pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go; \
        k8s.io/api/core/v1/well_known_taints.go",
        example: "0/2 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }.",
        ..BASE
    },
];
