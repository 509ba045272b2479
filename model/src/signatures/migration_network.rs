//! virt-handler finding no usable address on the dedicated migration network.
//!
//! When a migration network is configured (the KubeVirt CR's `spec.configuration.
//! migrations.network`, the HyperConverged CR's `liveMigrationConfig.network`), virt-operator
//! attaches virt-handler's pods to that NetworkAttachmentDefinition as the interface
//! `migration0` (`pkg/virt-operator/resource/generate/components/daemonsets.go`,
//! `v1.MigrationInterfaceName`). At start-up virt-handler looks for it
//! (kubevirt/kubevirt `pkg/virt-handler/migration.go`, FindMigrationIP, also used by
//! `cmd/synchronization-controller`): with the interface present but no global unicast address
//! on it (no IPAM in the NAD, or only a link-local one) it returns "no IP found on
//! migration0", or "migration0 present but doesn't have an IP" when its addresses cannot be
//! read, and `cmd/virt-handler/virt-handler.go` panics with that error. virt-handler then
//! crash-loops on every node attached to that network: the secondary network's definition
//! (its IPAM) is wrong, not KubeVirt's code nor the node (data table).

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const NO_ADDRESS: Signature = Signature {
    layer: Some(Layer::Network),
    health: Health::Broken,
    title: "the migration network gives virt-handler no usable address",
    cause: "virt-handler is attached to the dedicated migration network as migration0 and \
        finds no routable (global unicast) address on it, so it stops at start-up: the \
        NetworkAttachmentDefinition of the migration network assigns no address, or only a \
        link-local one (its IPAM is missing or wrong)",
    next_steps: &[
        "kubectl get kubevirt -A -o jsonpath='{..migrations.network}' (the migration network's NAD)",
        "kubectl get network-attachment-definitions <nad> -n <kubevirt namespace> -o yaml (spec.config's ipam)",
        "give the NAD an IPAM range with routable addresses (whereabouts, static), or remove the migration network",
    ],
    source: "KubeVirt pkg/virt-handler/migration.go (FindMigrationIP); \
        cmd/virt-handler/virt-handler.go (panic on its error)",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "migration-network-no-ip",
        all: &["no IP found on"],
        any: &["migration0", "panic: no IP found on"],
        example: "panic: no IP found on migration0",
        ..NO_ADDRESS
    },
    Signature {
        id: "migration-network-unreadable",
        all: &["migration0 present but doesn't have an IP"],
        example: "panic: migration0 present but doesn't have an IP",
        ..NO_ADDRESS
    },
];
