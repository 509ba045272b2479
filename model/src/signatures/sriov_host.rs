//! The node refusing to create a NIC's SR-IOV virtual functions.
//!
//! A VM's SR-IOV interface is a virtual function (VF) of the node's NIC. The SR-IOV network
//! operator's config daemon creates them by writing the count to the physical function's
//! `sriov_numvfs` (k8snetworkplumbingwg/sriov-network-operator `pkg/host/internal/sriov/sriov.go`,
//! configSriovPFDevice / configSriovDevice: "fail to set NumVfs for device", with "cannot config
//! SRIOV device: NumVfs (%d) is larger than TotalVfs (%d)" when the policy asks more than the
//! NIC offers); the kernel's PCI core refuses the write when the firmware left no room for the
//! VFs (Linux `drivers/pci/iov.c` sriov_enable: "not enough MMIO resources for SR-IOV",
//! "SR-IOV: bus number out of range", both -ENOMEM; sriov_numvfs_store: "%d VFs requested; only
//! %d enabled", "Driver does not support SRIOV configuration via sysfs"; drivers such as ixgbe
//! then print "Failed to enable PCI sriov"). Each is the node's hardware or firmware (SR-IOV or
//! the BAR space off in the BIOS, the NIC's VF limit, its driver): the node's, whatever VM
//! waits for the VFs; the node's SriovNetworkNodeState stays InProgress meanwhile.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const VFS: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    title: "the node cannot create the NIC's SR-IOV virtual functions",
    cause: "writing the number of virtual functions to the NIC's sriov_numvfs failed on the \
        node: the kernel found no room for the VFs (SR-IOV or the PCIe memory space not enabled \
        in the BIOS), the policy asks more VFs than the NIC offers, or its driver refuses; no \
        VF exists for the VMs' SR-IOV interfaces on that node",
    next_steps: &[
        "on the node: dmesg -T | grep -iE 'sr-iov|sriov|MMIO' (the kernel's reason)",
        "on the node: cat /sys/bus/pci/devices/<address>/sriov_totalvfs (what the NIC offers)",
        "enable SR-IOV (and the memory space above 4G) in the node's BIOS, then reboot it",
    ],
    source: "Linux drivers/pci/iov.c (sriov_enable, sriov_numvfs_store); \
        k8snetworkplumbingwg/sriov-network-operator pkg/host/internal/sriov/sriov.go",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "sriov-numvfs-refused",
        all: &["fail to set NumVfs"],
        example: "configSriovPFDevice(): fail to set NumVfs for device {\"device\": \"0000:3b:00.1\", \"error\": \"write /sys/bus/pci/devices/0000:3b:00.1/sriov_numvfs: no space left on device\"}",
        ..VFS
    },
    Signature {
        id: "sriov-numvfs-write",
        all: &["/sriov_numvfs:"],
        example: "write /sys/bus/pci/devices/0000:3b:00.1/sriov_numvfs: cannot allocate memory",
        ..VFS
    },
    Signature {
        id: "sriov-kernel-refused",
        all: &["SR-IOV"],
        any: &["not enough MMIO resources", "bus number out of range"],
        example: "ixgbe 0000:04:00.0: not enough MMIO resources for SR-IOV",
        ..VFS
    },
    Signature {
        id: "sriov-vfs-partly-enabled",
        all: &["VFs requested; only"],
        example: "pci 0000:3b:00.1: 8 VFs requested; only 0 enabled",
        ..VFS
    },
    Signature {
        id: "sriov-driver-refused",
        any: &[
            "Failed to enable PCI sriov",
            "does not support SRIOV configuration via sysfs",
        ],
        all: &["sriov"],
        example: "ixgbe 0000:04:00.1: Failed to enable PCI sriov: -12",
        ..VFS
    },
    Signature {
        id: "sriov-numvfs-above-total",
        all: &["NumVfs", "is larger than TotalVfs"],
        example: "cannot config SRIOV device: NumVfs (64) is larger than TotalVfs (8)",
        ..VFS
    },
];
