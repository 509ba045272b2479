//! Multus's thick-plugin daemon failing to start on a node.
//!
//! The daemon (`multus-daemon`, one per node) serves the CNI requests the `multus-shim` binary
//! relays for every pod on that node. Its start-up is one path in k8snetworkplumbingwg/multus-cni
//! `cmd/multus-daemon/main.go`: it panics with "failed start the multus thick-plugin listener:
//! %v" (later releases "failed to start the …") when `startMultusDaemon` fails, with
//! "startMultusDaemon failed to load the multus configuration: %v", with "failed to ready
//! multus-daemon socket: %v", and exits after "failed to create the configuration manager for
//! the primary CNI plugin", "still waiting for readinessindicatorfile" or "failed to start
//! config manager". `startMultusDaemon` wraps "failed to run multus-daemon with root", "failed to
//! prepare the cni-socket for communicating with the shim", "failed to create the server" and
//! "failed to start the CNI server using socket"; the server (`pkg/server/server.go`) wraps
//! "error getting perNodeClient: %v" (the per-node client certificate,
//! `pkg/k8sclient/kubeconfig.go` "failed to initialize the certificate manager") and "error
//! getting k8s client". Whatever the inner error, while the daemon is down no pod on that node
//! gets its networks (the shim's ADD finds no socket): the network layer, Broken. The inner
//! error is often a certificate's or a token's words the other readings would place on the
//! control plane; the daemon's own words name whose start-up failed.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const DOWN: Signature = Signature {
    layer: Some(Layer::Network),
    health: Health::Broken,
    title: "Multus's daemon cannot start on the node",
    cause: "the Multus thick-plugin daemon, which serves the CNI requests of every pod on its \
        node, failed at start-up (its configuration, its socket, or its client to the API \
        server: a per-node certificate or a token it cannot use), so no new pod on that node \
        gets its networks until the daemon starts",
    next_steps: &[
        "kubectl logs -n <multus namespace> <kube-multus pod on the node> --previous",
        "on the node: ls -l /etc/cni/multus/certs/ (an empty or expired client certificate)",
        "kubectl delete pod -n <multus namespace> <kube-multus pod on the node> once the cause is fixed",
    ],
    source: "k8snetworkplumbingwg/multus-cni cmd/multus-daemon/main.go (\"failed start the \
        multus thick-plugin listener: %v\"), pkg/server/server.go (\"error getting \
        perNodeClient: %v\")",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "multus-daemon-listener",
        all: &["multus thick-plugin listener"],
        example: "[panic] failed start the multus thick-plugin listener: failed to create the server: error getting k8s client: open /var/run/secrets/token: no such file or directory",
        ..DOWN
    },
    Signature {
        id: "multus-daemon-start",
        all: &["multus"],
        any: &[
            "startMultusDaemon failed",
            "failed to ready multus-daemon socket",
            "failed to run multus-daemon with root",
        ],
        example: "[panic] startMultusDaemon failed to load the multus configuration: open /host/etc/cni/net.d/00-multus.conf: permission denied",
        ..DOWN
    },
    // The per-node client's certificate manager (`pkg/k8sclient/kubeconfig.go` PerNodeK8sClient
    // wraps "failed to initialize the certificate manager: %v"): both words name Multus's own
    // per-node certificate, whatever crypto/x509 error it wraps (an expired or empty file).
    Signature {
        id: "multus-daemon-client-certificate",
        all: &[
            "error getting perNodeClient",
            "failed to initialize the certificate manager",
        ],
        example: "error getting perNodeClient: failed to initialize the certificate manager: x509: certificate has expired or is not yet valid",
        ..DOWN
    },
    Signature {
        id: "multus-daemon-client",
        all: &["error getting perNodeClient"],
        example: "error getting perNodeClient: stat /var/lib/kubelet/kubeconfig: no such file or directory",
        ..DOWN
    },
];
