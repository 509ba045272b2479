//! Rancher's provisioning planner waiting on a cluster's health probes. Rancher (and Harvester,
//! whose own cluster Rancher manages as `fleet-local/local`) provisions RKE2/K3s nodes by plans
//! and, after applying one, waits until the node's components answer their probes (rancher
//! `pkg/capr/planner/probe.go`: `etcd`, `kube-apiserver`, `kube-controller-manager`,
//! `kube-scheduler`, `kubelet`, `calico`); until then the machine's and cluster's conditions
//! say "waiting for probes: " and the unhealthy ones, sorted (`pkg/capr/planner/store.go`,
//! probesMessage), after "configuring <tier> node(s) <machines>: " (`planner.go`). The probes
//! of etcd, the API server, the controller manager and the scheduler are the cluster's control
//! plane not coming up (certificates expired, etcd without quorum, a component crashing): the
//! control plane's; the kubelet's alone is the node's. A state of passage while a node joins,
//! a fault when it stays, so degraded.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const CONTROL_PLANE_PROBES: &[&str] = &[
    "etcd",
    "kube-apiserver",
    "kube-controller-manager",
    "kube-scheduler",
];

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "rancher-probes-control-plane",
        all: &["waiting for probes: "],
        any: CONTROL_PLANE_PROBES,
        layer: Some(Layer::ControlPlane),
        health: Health::Degraded,
        title: "the cluster's control-plane components do not pass their health probes",
        cause: "Rancher applied the node's plan and waits for its Kubernetes components to \
            answer their health probes; etcd, the API server, the controller manager or the \
            scheduler named here do not (expired or rotated certificates, etcd without quorum, \
            a component that does not start), so the node stays in provisioning and whatever \
            waits for the cluster (an upgrade) waits",
        next_steps: &[
            "on the node named: crictl ps -a | grep -E 'etcd|kube-' (the components' containers and restarts)",
            "on the node: ls -l /var/lib/rancher/rke2/server/tls/ and check the certificates' dates (openssl x509 -enddate -noout -in <crt>)",
            "kubectl get machines.cluster.x-k8s.io -A; kubectl get clusters.provisioning.cattle.io -A -o yaml (conditions)",
        ],
        source: "rancher pkg/capr/planner/store.go (probesMessage: \"waiting for probes: \"), \
            pkg/capr/planner/probe.go (the probes)",
        example: "configuring bootstrap node(s) custom-0a1b2c3d4e5f: waiting for probes: etcd, kube-apiserver",
        ..BASE
    },
    Signature {
        id: "rancher-probes-kubelet",
        all: &["waiting for probes: ", "kubelet"],
        none: CONTROL_PLANE_PROBES,
        layer: Some(Layer::Node),
        health: Health::Degraded,
        title: "a node's kubelet does not pass its health probe",
        cause: "Rancher applied the node's plan and waits for its kubelet to answer its health \
            probe; it does not (the kubelet not starting, its certificates or its container \
            runtime failing), so the node stays in provisioning",
        next_steps: &[
            "on the node named: journalctl -u rke2-agent -u rke2-server -n 100 (the kubelet's start)",
        ],
        source: "rancher pkg/capr/planner/store.go (probesMessage), pkg/capr/planner/probe.go \
            (the kubelet's probe)",
        example: "configuring worker node(s) custom-0a1b2c3d4e5f: waiting for probes: calico, kubelet",
        ..BASE
    },
];
