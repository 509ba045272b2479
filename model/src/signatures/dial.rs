//! What virt-api's two dialers print when a TCP connection fails, read by the errno Go names at
//! the end of the error (`dial tcp ADDR: connect: <errno text>`): virt-api dials virt-handler on
//! the VMI's node for console, VNC, guest agent and the other subresources ("dialing
//! virt-handler: %w"), and the VM's own address for port-forward and `virtctl ssh` ("dialing
//! VM: %w"); KubeVirt `pkg/virt-api/rest/dialers.go`.
//!
//! The errno texts are Go's (`syscall` `zerrors_linux_*.go`: ETIMEDOUT "connection timed out",
//! EHOSTUNREACH "no route to host", ENETUNREACH "network is unreachable", EHOSTDOWN "host is
//! down", ECONNREFUSED "connection refused") and `net`'s dial deadline ("i/o timeout"). A
//! connection that never gets an answer is the path between the two pods (the pod network, a
//! firewall, a network policy); a refused one reached the peer's address where nothing listens
//! (virt-handler down on its node, or no service in the guest on that port).

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

/// Go's errno texts of a connection that got no answer.
const UNANSWERED: &[&str] = &[
    "connection timed out",
    "no route to host",
    "network is unreachable",
    "host is down",
    "i/o timeout",
];

const DIAL: Signature = Signature {
    health: Health::Broken,
    source: "KubeVirt pkg/virt-api/rest/dialers.go; Go syscall errno texts and net's i/o timeout",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "virt-api-dial-handler-unanswered",
        all: &["dialing virt-handler", "dial tcp"],
        any: UNANSWERED,
        layer: Some(Layer::Network),
        title: "virt-api's connection to virt-handler on the VMI's node gets no answer",
        cause: "virtctl console, vnc and the other subresources go through virt-api, which opens \
            a TCP connection to virt-handler's port on the VMI's node: it timed out or found no \
            route, so packets between the virt-api pod and that node's virt-handler are dropped \
            (pod network, a firewall on the node, a NetworkPolicy in the kubevirt namespace)",
        next_steps: &[
            "kubectl get pods -n kubevirt -o wide (virt-api's and the node's virt-handler's IPs)",
            "from the virt-api pod's network, test the virt-handler IP and port of the error",
            "check the node's firewall and NetworkPolicies in the kubevirt namespace",
        ],
        example: "Internal error occurred: dialing virt-handler: dial tcp 10.1.2.3:8186: connect: connection timed out",
        ..DIAL
    },
    Signature {
        id: "virt-api-dial-handler-refused",
        all: &["dialing virt-handler", "connection refused"],
        layer: Some(Layer::Node),
        title: "virt-handler on the VMI's node refuses virt-api's connection",
        cause: "virt-api reached the node's address but nothing listens on virt-handler's port: \
            virt-handler on that node is down, restarting or not ready",
        next_steps: &[
            "kubectl get pods -n kubevirt -o wide | grep virt-handler (the one on the VMI's node)",
            "kubectl logs -n kubevirt <that virt-handler pod>",
        ],
        example: "Internal error occurred: dialing virt-handler: dial tcp 10.1.2.3:8186: connect: connection refused",
        ..DIAL
    },
    Signature {
        id: "virt-api-dial-vm-unanswered",
        all: &["dialing VM", "dial tcp"],
        any: UNANSWERED,
        layer: Some(Layer::Network),
        title: "virt-api's connection to the VM's address gets no answer (port-forward, ssh)",
        cause: "port-forward and virtctl ssh make virt-api dial the VM's address: the connection \
            timed out or found no route (the VM's network, a NetworkPolicy, the guest's firewall \
            dropping packets)",
        next_steps: &[
            "kubectl get vmi <name> -o wide (the VM's IP)",
            "check NetworkPolicies of the VM's namespace and the guest's firewall",
        ],
        example: "Internal error occurred: dialing VM: dial tcp 10.244.1.7:22: connect: no route to host",
        ..DIAL
    },
    Signature {
        id: "virt-api-dial-vm-refused",
        all: &["dialing VM", "connection refused"],
        layer: Some(Layer::Guest),
        health: Health::Degraded,
        title: "the guest refuses the connection: nothing listens on that port",
        cause: "virt-api reached the VM's address but the guest has no service on the port \
            (sshd not running, a different port) or its firewall rejects it",
        next_steps: &["virtctl console <vm> and check the service and its port"],
        example: "Internal error occurred: dialing VM: dial tcp 10.244.1.7:22: connect: connection refused",
        ..DIAL
    },
];
