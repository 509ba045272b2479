//! The host's PCI core refusing a device that is to be passed through, in the kernel's own words
//! (a GPU or NIC given to a VM through vfio-pci; `vfio.rs` reads QEMU's group set-up and
//! Harvester's binding, this file what the kernel prints on the node before and under them):
//!
//! - Linux `drivers/pci/pci.c` `__pci_request_region`: "BAR %d: can't reserve %pR" (another
//!   driver or the firmware's framebuffer holds the device's memory window, so vfio-pci cannot
//!   claim it), `pci_dev_wait`: "not ready %dms after %s; giving up" (the device does not come
//!   back from a reset: FLR, bus reset, D3cold), the power-state changes: "Refused to change
//!   power state, currently in D%d" (older kernels), "can't change power state from %s to %s
//!   (config space inaccessible)", "Unable to change power state from %s to %s, device
//!   inaccessible" (newer);
//! - Linux `drivers/vfio/pci/` `vfio_bar_restore`: "%s: reset recovery - restoring BARs" (the
//!   device lost its configuration under a VM, a guest driver or a reset it does not survive).
//!
//! Every one is the host's device as the node's kernel sees it: the node's, whatever VM asked.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const SOURCE: &str = "Linux drivers/pci/pci.c (__pci_request_region, pci_dev_wait, the power \
    state changes), drivers/vfio/pci/ (vfio_bar_restore)";

const NEXT: &[&str] = &[
    "on the node: dmesg -T | grep -iE 'vfio|BAR|power state|not ready' (the device's history since boot)",
    "on the node: lspci -nnk -s <address> (the driver in use must be vfio-pci); cat /proc/iomem (who holds its memory)",
    "kubectl get vmi <vmi> -o yaml (spec.domain.devices.hostDevices / gpus) and its virt-launcher pod's node",
];

const HOST: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    next_steps: NEXT,
    source: SOURCE,
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "pci-bar-cannot-reserve",
        all: &["BAR "],
        any: &["can't reserve", "can\u{2019}t reserve", "cannot reserve"],
        title: "the node's kernel cannot reserve the passed-through device's memory",
        cause: "vfio-pci asks the kernel for the device's memory windows (BARs) before a VM may \
            use it; another owner holds one (the firmware's framebuffer or console on a GPU, a \
            host driver still bound), so the device cannot be given to the VM on this node until \
            the host lets it go",
        example: "vfio-pci 0000:3b:00.0: BAR 3: can't reserve [mem 0xc0000000-0xc1ffffff 64bit pref]",
        ..HOST
    },
    Signature {
        id: "pci-not-ready-after-reset",
        all: &["not ready", "ms after", "giving up"],
        title: "a PCI device on the node does not come back from a reset",
        cause: "the kernel reset the device (function-level, bus or power reset, as vfio-pci does \
            when a VM starts or stops) and it never answered again: the device or its slot does \
            not support that reset, so no VM can use it on this node until it is recovered \
            (often only by rebooting the node)",
        example: "vfio-pci 0000:41:00.0: not ready 65535ms after FLR; giving up",
        ..HOST
    },
    Signature {
        id: "pci-power-state-refused",
        all: &["power state"],
        any: &[
            "Refused to change power state",
            "can't change power state from",
            "Unable to change power state from",
        ],
        title: "a PCI device on the node does not change its power state",
        cause: "the kernel could not wake the device from (or put it into) a low-power state: it \
            is stuck in D3 or its configuration space is inaccessible, so vfio-pci cannot hand it \
            to a VM on this node (a GPU without a working reset, a firmware setting)",
        example: "vfio-pci 0000:0a:00.1: Refused to change power state, currently in D3",
        ..HOST
    },
    Signature {
        id: "vfio-bar-restore",
        all: &["reset recovery - restoring"],
        health: Health::Degraded,
        title: "vfio-pci restored a passed-through device's configuration after a reset",
        cause: "the device lost its configuration (its BARs) under vfio-pci: a reset the guest's \
            driver or the VM's start or stop caused, which some devices (GPUs above all) do not \
            survive; the VM using it may hang or lose the device",
        example: "vfio-pci 0000:04:00.0: vfio_bar_restore: reset recovery - restoring BARs",
        ..HOST
    },
];
