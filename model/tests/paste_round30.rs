//! Round 30: batch31 as the working set (the table in `fixtures/fresh/README.md`, "Round 30"),
//! each category read whole from its source; every input is a synthetic member shaped after the
//! program that writes it, never copied from a batch item:
//!
//! - the host refusing to pin a passed-through device's memory (Linux `vfio_iommu_type1.c`'s
//!   RLIMIT_MEMLOCK warning, QEMU's `VFIO_MAP_DMA failed` and `vfio_dma_map(…) = -errno`): the
//!   node's;
//! - the block layer's error statuses besides plain I/O (Linux `block/blk-core.c` `blk_errors`:
//!   critical target, recoverable transport, timeout, critical space allocation, …): the node's;
//! - BusyBox's udhcpc giving up without a lease (`networking/udhcp/dhcpc.c`): the VM's network;
//! - Longhorn's engine skipping an unmap during a replica rebuild (longhorn-engine
//!   `pkg/controller/control.go`): by design, no layer.

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::blame;

#[test]
fn the_host_refusing_to_pin_a_passed_through_devices_memory_is_the_nodes() {
    for paste in [
        // the host kernel's VFIO type-1 driver, as `dmesg -T` prints it
        "# dmesg -T | tail -2\n[Tue Mar  3 08:12:40 2026] vfio-pci 0000:41:00.0: enabling device (0000 -> 0002)\n[Tue Mar  3 08:12:41 2026] vfio_pin_pages_remote: RLIMIT_MEMLOCK (8388608) exceeded\n",
        // QEMU's container failing the ioctl, from the launcher's log
        "qemu-kvm: VFIO_MAP_DMA failed: Bad address\n",
        // QEMU's memory listener, older and newer wording
        "2026-03-03T08:12:41.102334Z qemu-kvm: vfio_dma_map(0x5581d2c0a3f0, 0x100000000, 0x380000000, 0x7f3b00000000) = -12 (Cannot allocate memory)\n",
        "qemu-system-x86_64: vfio_container_dma_map(0x560d0e9c1b10, 0xc0000, 0x7ff40000, 0x7f11a00c0000) = -14 (Bad address)\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Node), "{paste}\n{text}");
    }
}

#[test]
fn the_block_layers_error_statuses_are_the_nodes_disk() {
    for status in [
        "critical target",
        "recoverable transport",
        "timeout",
        "critical space allocation",
        "critical nexus",
        "reservation conflict",
    ] {
        for prefix in ["blk_update_request: ", ""] {
            // `dmesg -T` on the node (no `kernel:` reporter to fall back on), and the journal's
            // form of the same line
            for paste in [
                format!(
                    "$ dmesg -T | tail -1\n[Tue Mar  3 09:40:02 2026] {prefix}{status} error, dev sdf, sector 409600 op 0x3:(DISCARD) flags 0x800 phys_seg 1 prio class 0\n"
                ),
                format!(
                    "$ journalctl -k --since today\nMar 03 09:40:02 worker-2 kernel: {prefix}{status} error, dev sdf, sector 409600 op 0x1:(WRITE) flags 0x8800 phys_seg 2 prio class 0\n"
                ),
            ] {
                let (l, _, text) = blame(&paste);
                assert_eq!(l, Some(Layer::Node), "{paste}\n{text}");
            }
        }
    }
}

#[test]
fn busybox_udhcpc_without_a_lease_is_the_vms_network() {
    for paste in [
        "$ virtctl console alpine-1\nStarting networking ...\nudhcpc: started, v1.36.1\nudhcpc: broadcasting discover\nudhcpc: broadcasting discover\nudhcpc: broadcasting discover\nudhcpc: no lease, failing\n",
        "udhcpc (v1.20.1) started\nSending discover...\nSending discover...\nNo lease, forking to background\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Network), "{paste}\n{text}");
    }
}

#[test]
fn longhorns_engine_skipping_an_unmap_during_a_rebuild_blames_nothing() {
    let warning = "[pvc-0c1d2e3f-4a5b-6c7d-8e9f-0a1b2c3d4e5f-e-0] time=\"2026-03-03T10:02:11Z\" level=warning msg=\"Failed to unmap\" func=\"controller.(*Controller).UnmapAt\" file=\"control.go:1070\" error=\"cannot unmap 2097152 bytes at offset 524288 while rebuilding is in progress\"\n";
    let (l, _, text) = blame(warning);
    assert_eq!(l, None, "{text}");
    // The fault it replaced, the kernel failing the guest's DISCARD, still blames the node.
    let failing = format!(
        "{warning}[Tue Mar  3 10:02:11 2026] blk_update_request: critical target error, dev sdc, sector 8192 op 0x3:(DISCARD) flags 0x800 phys_seg 1 prio class 0\n"
    );
    let (l, _, text) = blame(&failing);
    assert_eq!(l, Some(Layer::Node), "{text}");
}

#[test]
fn a_routing_table_without_a_default_route_is_the_vms_network() {
    for paste in [
        // a guest given only a link route to its pod's gateway
        "[fedora@vm1 ~]$ ip route\n10.0.2.2 dev enp1s0 proto dhcp scope link metric 100\n10.0.2.0/24 dev enp1s0 proto kernel scope link src 10.0.2.15\n",
        // quoted in a reply, the gateway reached only by a static route to itself
        "> # ip -4 route show\n> 10.128.4.1 via 10.128.4.1 dev eth0 proto static\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Network), "{paste}\n{text}");
    }
    // A table holding its default route, or a command that only adds one, blames nothing.
    for paste in [
        "$ ip r\ndefault via 10.0.2.1 dev eth0 proto dhcp metric 100\n10.0.2.0/24 dev eth0 proto kernel scope link src 10.0.2.2\n",
        "$ ip route add default via 10.0.2.1\n$ ping -c1 10.0.2.1\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, None, "{paste}\n{text}");
    }
}
