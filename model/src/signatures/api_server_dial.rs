//! A client of the Kubernetes API server whose connection is refused, whoever the client is:
//! Go's HTTP client reports a failed request as `<Method> "<URL>": <error>` (`net/url`
//! `(*Error).Error`: `fmt.Sprintf("%s %q: %s", e.Op, e.URL, e.Err)`), and a dial that reached a
//! host where nothing listens as `dial tcp <addr>: connect: connection refused` (Go `syscall`
//! ECONNREFUSED). When the URL is the API server's (its REST paths `/api/v1/…` and
//! `/apis/<group>/…`, `k8s.io/apimachinery` and client-go's `rest` request paths) the API
//! server is down or not yet listening, and every client fails alike: the kubelet fetching a
//! pod's service-account token for its projected volume (`pkg/kubelet/token/token_manager.go`:
//! "failed to fetch token: %v", wrapped by the volume manager's `MountVolume.SetUp failed for
//! volume "kube-api-access-…"`), client-go's reflectors ("failed to list …"), a component's
//! leader election. What failed is the API server, not the node or the component that asked:
//! the control plane's. A timeout on the way (`i/o timeout`, no route) is left to the readers
//! of the path, which it may be. Two requests of the family are read elsewhere: the kubelet's
//! own heartbeat (its lease in `kube-node-lease`, "Failed to ensure lease exists, will retry",
//! `k8s.io/component-helpers/apimachinery/lease/controller.go`; "Error updating node status,
//! will retry", `pkg/kubelet/kubelet_node_status.go`), whose failure takes the node down and is
//! the node's; and a client with no kubeconfig, which falls back to `http://localhost:8080`
//! where no API server listens (client-go `tools/clientcmd/client_config.go`, the default
//! cluster): the client's configuration, not the cluster.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const REFUSED: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    title: "the Kubernetes API server refuses connections",
    cause: "a client's request to the API server was refused at its address: nothing listens \
        there, so the API server is down, restarting or not started yet; every client fails \
        alike (the kubelet cannot fetch a pod's service-account token to mount it, controllers \
        cannot list or update), and nothing, the VMs' objects included, changes until it answers",
    next_steps: &[
        "on a control-plane node: crictl ps -a --name kube-apiserver (its state and restarts)",
        "on a control-plane node: journalctl -u kubelet (or the distribution's service: rke2-server, k3s)",
        "kubectl get --raw /readyz?verbose",
    ],
    source: "Go net/url (*Error).Error and syscall ECONNREFUSED; kubernetes \
        pkg/kubelet/token/token_manager.go (\"failed to fetch token: %v\"); client-go rest",
    ..BASE
};

/// The kubelet's heartbeat and a client without a kubeconfig (see above).
const NOT_THE_API_SERVER: &[&str] = &[
    "kube-node-lease",
    "Failed to ensure lease exists",
    "Error updating node status",
    ":8080",
];

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "api-server-refused-core",
        all: &["/api/v1/", "dial tcp", "connection refused"],
        example: r#"MountVolume.SetUp failed for volume "kube-api-access-x2b9q" : failed to fetch token: Post "https://10.0.0.5:6443/api/v1/namespaces/default/serviceaccounts/default/token": dial tcp 10.0.0.5:6443: connect: connection refused"#,
        none: NOT_THE_API_SERVER,
        ..REFUSED
    },
    Signature {
        id: "api-server-refused-groups",
        all: &["/apis/", "dial tcp", "connection refused"],
        example: r#"E0301 10:00:00.000000       1 reflector.go:138] failed to list *v1.VirtualMachineInstance: Get "https://127.0.0.1:6443/apis/kubevirt.io/v1/virtualmachineinstances?limit=500": dial tcp 127.0.0.1:6443: connect: connection refused"#,
        none: NOT_THE_API_SERVER,
        ..REFUSED
    },
];
