//! VFIO passthrough failing on the host, in the words of the two programs that set it up: QEMU
//! opening the device's IOMMU group when the domain starts, and Harvester's PCI devices
//! controller binding the device to the `vfio-pci` driver before that.
//!
//! QEMU's group and container setup (`hw/vfio/common.c` `vfio_get_group`,
//! `vfio_connect_container`; `hw/vfio/container.c` in newer releases; `hw/vfio/pci.c` prefixes
//! the device, `vfio 0000:01:00.0: …`): "failed to open /dev/vfio/%d" (errno: busy when another
//! process or VM holds the group, no such file when the device is not bound to vfio-pci),
//! "failed to get group %d status", "group %d is not viable" with its hint "Please ensure all
//! devices within the iommu_group are bound to their vfio bus driver.", "failed to setup
//! container for group %d", "group %d used in multiple address spaces", "error getting device
//! from group %d" ("Verify all devices in group %d are bound to vfio-<bus> or pci-stub and not
//! already in use"), "failed to open /dev/vfio/vfio" and "No available IOMMU models".
//!
//! harvester/pcidevices (`pkg/controller/pcideviceclaim/pcideviceclaim_controller.go`
//! bindDeviceToVFIOPCIDriver, and the node's `pkg/util/…` of later releases): "error opening
//! new_id file", "error writing to new_id file", "error opening bind file", "error writing to
//! bind file" (each of `/sys/bus/pci/drivers/vfio-pci/…`, and "… to bind to vfio-pci for %s"),
//! "no device %s found at /sys/bus/pci/drivers/vfio-pci", "%s is still not bound to vfio-pci".
//!
//! Every one is the host's device, driver or IOMMU as the VM's node sees them: the node's.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const GROUP: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    title: "QEMU cannot take the passed-through device's VFIO group on the node",
    cause: "QEMU opens the host device's IOMMU group (/dev/vfio/<group>) to pass it through: the \
        group is busy (another VM or a host process holds the device), not viable (another device \
        of the same IOMMU group is not bound to vfio-pci) or missing (the device is not bound to \
        vfio-pci on this node), so the domain does not start on this node",
    next_steps: &[
        "on the node: lspci -nnk -s <address> (the driver in use must be vfio-pci)",
        "on the node: ls /sys/kernel/iommu_groups/<group>/devices (every device of the group bound to vfio-pci)",
        "on the node: lsof /dev/vfio/<group> (who holds the group)",
    ],
    source: "QEMU hw/vfio/common.c (vfio_get_group, vfio_connect_container), hw/vfio/pci.c",
    ..BASE
};

const BIND: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    title: "the node cannot bind the PCI device to the vfio-pci driver",
    cause: "Harvester's PCI devices controller binds a claimed device to the host's vfio-pci \
        driver through /sys/bus/pci/drivers/vfio-pci (new_id, bind); the driver's directory or \
        files are missing or refuse the write, so the vfio-pci module is not loaded on this node \
        (or the device cannot leave its driver) and no VM can be given the device",
    next_steps: &[
        "on the node: modprobe vfio-pci (loads the driver's module)",
        "on the node: ls /sys/bus/pci/drivers/vfio-pci",
        "kubectl logs -n harvester-system <harvester-pcidevices-controller pod on the node>",
    ],
    source: "harvester/pcidevices pkg/controller/pcideviceclaim/pcideviceclaim_controller.go \
        (bindDeviceToVFIOPCIDriver)",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "vfio-group-open-failed",
        all: &["failed to open /dev/vfio/"],
        example: "qemu-system-x86_64: -device vfio-pci,host=0000:3b:00.0,id=hostdev0: vfio 0000:3b:00.0: failed to open /dev/vfio/42: No such file or directory",
        ..GROUP
    },
    Signature {
        id: "vfio-group-not-viable",
        all: &["group", "is not viable"],
        any: &["vfio", "iommu_group"],
        example: "vfio 0000:af:00.1: group 77 is not viable. Please ensure all devices within the iommu_group are bound to their vfio bus driver.",
        ..GROUP
    },
    Signature {
        id: "vfio-group-status-or-container",
        all: &["vfio"],
        any: &[
            "failed to get group",
            "failed to setup container for group",
            "used in multiple address spaces",
            "error getting device from group",
            "No available IOMMU models",
        ],
        example: "vfio 0000:65:00.0: failed to setup container for group 12: Failed to set iommu for container: Operation not permitted",
        ..GROUP
    },
    Signature {
        id: "vfio-pci-bind-failed",
        all: &["/sys/bus/pci/drivers/vfio-pci"],
        any: &[
            "error opening",
            "error writing",
            "no device",
            "no such file",
            "permission denied",
        ],
        example: "error syncing 'node1-000003000': handler PCIDeviceClaimReconcile: error writing to bind file: write /sys/bus/pci/drivers/vfio-pci/bind: no such device",
        ..BIND
    },
    Signature {
        id: "vfio-pci-still-unbound",
        all: &["is still not bound to vfio-pci"],
        example: "0000:3b:00.0 is still not bound to vfio-pci: stat /dev/vfio/42: no such file or directory",
        ..BIND
    },
];
