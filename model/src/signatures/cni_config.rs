//! The node's CNI configuration that cannot be loaded: the network's.
//!
//! Every program that picks the node's pod network reads the CNI configuration directory
//! (`/etc/cni/net.d`) with libcni and logs a file it cannot load, then skips it: CRI-O through
//! ocicni (cri-o/ocicni `pkg/ocicni/ocicni.go` getDefaultCNINetwork: "Error loading CNI config
//! list file %s: %v", "Error loading CNI config file %s: %v", "Error loading CNI config file %s:
//! no 'type'; perhaps this is a .conflist?", "Error converting CNI config file %s to list: %v",
//! "CNI config list %s has no networks, skipping", "no valid networks found in %s"), the
//! kubelet's former dockershim (`pkg/kubelet/dockershim/network/cni/cni.go`, the same words),
//! Podman's libpod (`libpod/network/cni/network.go`: "Error validating CNI config file %s") and
//! Multus reading the delegate it wraps (multus-cni `pkg/k8sclient/k8sclient.go`: "Error
//! loading CNI conflist file %s: %v"). A file that cannot be parsed (`unexpected end of JSON
//! input`: read while its writer, the network add-on, was still writing it), has no type or no
//! plugins leaves the node without its pod network: pods, launchers included, get no network.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const UNLOADABLE: Signature = Signature {
    layer: Some(Layer::Network),
    health: Health::Degraded,
    title: "the node's CNI configuration cannot be loaded",
    cause: "the container runtime (or Multus, for the network it delegates to) could not load \
        a file of the node's CNI configuration directory (unparsable, half-written while the \
        network add-on was writing it, no plugin type or no plugins) and skipped it, so pods \
        on that node, launchers included, may get no network",
    next_steps: &[
        "on the node: ls -l /etc/cni/net.d; cat the file the line names (is it whole JSON?)",
        "kubectl get pods -A -o wide | grep <node> (the network add-on's and Multus' pods there)",
    ],
    source: "cri-o/ocicni pkg/ocicni/ocicni.go (getDefaultCNINetwork: \"Error loading CNI config \
        file %s: %v\", \"CNI config list %s has no networks, skipping\", \"no valid networks \
        found in %s\"); kubernetes pkg/kubelet/dockershim/network/cni/cni.go; multus-cni \
        pkg/k8sclient/k8sclient.go (\"Error loading CNI conflist file %s: %v\")",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "cni-config-unloadable",
        all: &["Error ", "CNI con"],
        any: &[
            "Error loading CNI config",
            "Error loading CNI conflist",
            "Error converting CNI config file",
            "Error validating CNI config",
        ],
        example: r#"time="2024-03-29 04:13:05" level=error msg="Error loading CNI config file /etc/cni/net.d/10-flannel.conf: error parsing configuration: unexpected end of JSON input""#,
        ..UNLOADABLE
    },
    Signature {
        id: "cni-config-no-networks",
        all: &["CNI config list", "has no networks, skipping"],
        example: "W0101 00:00:00.000000    1 ocicni.go:250] CNI config list cbr0 has no networks, skipping",
        ..UNLOADABLE
    },
    Signature {
        id: "cni-config-none-valid",
        all: &["no valid networks found in"],
        example: "Error while adding to cni network: no valid networks found in /etc/cni/net.d",
        ..UNLOADABLE
    },
];
