//! The host refusing to map a passed-through device's DMA for the guest's memory, in the words
//! of the two programs that print it:
//!
//! - the host kernel's VFIO type-1 IOMMU driver (Linux `drivers/vfio/vfio_iommu_type1.c`,
//!   `vfio_pin_pages_remote` and its older single-page form: `pr_warn("%s: RLIMIT_MEMLOCK (%ld)
//!   exceeded\n", __func__, …)`, the process's locked-memory limit too small for the guest's RAM);
//! - QEMU's VFIO container (`hw/vfio/common.c`, later `hw/vfio/container.c`: `error_report(
//!   "VFIO_MAP_DMA failed: %s", strerror(errno))`, and the listener's `"vfio_dma_map(%p, 0x%…,
//!   0x%…, %p) = %d (%s)"`, later `vfio_container_dma_map(…)`).
//!
//! The node's: every guest page must be pinned in host memory for the device's DMA, so the
//! launcher's memory lock limit, the host's free memory or its IOMMU setup decides it; the VMI
//! never starts (the domain's QEMU exits, libvirt relays it).

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const VFIO: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    title: "the host cannot pin the guest's memory for a passed-through device (VFIO DMA mapping)",
    cause: "a VM with a host device (GPU, NIC, NVMe) passed through needs all its memory pinned \
        in the host for the device's DMA; the host refused: the process's locked-memory limit \
        (RLIMIT_MEMLOCK) is below the guest's memory, or the host has too little free memory or \
        IOMMU mapping space for it, so QEMU exits and the VMI does not start",
    next_steps: &[
        "on the node: dmesg | grep -i -e vfio -e RLIMIT_MEMLOCK (the limit the kernel applied)",
        "kubectl get vmi <name> -o yaml (memory request and limit, the hostDevices or gpus)",
        "on the node: free -g; cat /proc/meminfo (free memory against the guest's size)",
    ],
    source: "Linux drivers/vfio/vfio_iommu_type1.c (vfio_pin_pages_remote); QEMU \
        hw/vfio/common.c, hw/vfio/container.c (vfio_dma_map)",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "vfio-memlock-exceeded",
        all: &["RLIMIT_MEMLOCK (", ") exceeded"],
        example: "[ 8123.401] vfio_pin_pages_remote: RLIMIT_MEMLOCK (16777216) exceeded",
        ..VFIO
    },
    Signature {
        id: "vfio-map-dma-failed",
        all: &["VFIO_MAP_DMA failed"],
        example: "qemu-kvm: VFIO_MAP_DMA failed: Bad address",
        ..VFIO
    },
    Signature {
        id: "vfio-dma-map-errno",
        all: &["dma_map(0x", ") = -"],
        any: &["vfio_dma_map(", "vfio_container_dma_map("],
        example: "qemu-kvm: vfio_dma_map(0x55d0c1f0, 0x100000000, 0x180000000, 0x7f2a40000000) = -12 (Cannot allocate memory)",
        ..VFIO
    },
];
