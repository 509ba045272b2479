//! The Linux bonding driver on a node losing or tearing down a bond. A VM network on a node's
//! bond (a Harvester cluster network's uplink, a bridge over `bond0`) carries every VM's traffic
//! through it; the driver's own words (Linux `drivers/net/bonding/bond_main.c`, netdev_info /
//! netdev_err / slave_info / slave_warn) when that path goes away:
//!
//! - bond_uninit: "Released all slaves" (the bond device unregistered: deleted, or re-created
//!   by whatever manages it), with __bond_release_one's "Releasing backup interface" and
//!   "Releasing active interface" for each link;
//! - bond_miimon_commit: "link status definitely down for interface %s, disabling it";
//!   bond_select_active_slave: "now running without any active interface!" (no link left);
//! - bond_ab_arp_commit / bond_loadbalance_arp_mon: "link status definitely down" for ARP
//!   monitoring too.
//!
//! A bond losing a link keeps serving on the others (degraded); a bond left without any active
//! interface, or deleted under its VMs, takes the VM network down until it is back: the
//! network's, whatever the reason the bond was torn down (its manager re-creating it, the
//! switch).

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const NEXT: &[&str] = &[
    "on the node: dmesg -T | grep -iE 'bond|link status' (when and how often the bond changed)",
    "on the node: cat /proc/net/bonding/<bond> (mode, active link, each link's status)",
    "kubectl get clusternetworks,vlanconfigs -A; kubectl get nodenetworkstate <node> -o yaml (who manages the bond)",
];

const SOURCE: &str = "Linux drivers/net/bonding/bond_main.c (bond_uninit, __bond_release_one, \
    bond_miimon_commit, bond_select_active_slave)";

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "bond-torn-down",
        all: &["released all slaves"],
        layer: Some(Layer::Network),
        health: Health::Degraded,
        title: "a bond on the node was torn down (all its links released)",
        cause: "the kernel's bonding driver unregistered the bond and released its links: the \
            bond was deleted or re-created (by its manager, a network controller or a person), \
            so every VM network over it lost its uplink until the bond came back; a bond that \
            keeps being re-created makes the VMs' network flap",
        next_steps: NEXT,
        source: SOURCE,
        example: "[Sat Apr  1 01:57:24 2023] bond-vm (unregistering): Released all slaves",
        ..BASE
    },
    Signature {
        id: "bond-link-down",
        all: &["link status definitely down for interface"],
        layer: Some(Layer::Network),
        health: Health::Degraded,
        title: "a link of a bond on the node went down",
        cause: "the bonding driver's link monitor saw one of the bond's interfaces down and \
            disabled it: the bond serves on the links left, without redundancy, and the VMs' \
            network over it fails if they go down too",
        next_steps: NEXT,
        source: SOURCE,
        example: "bond0: (slave ens1f0): link status definitely down for interface ens1f0, disabling it",
        ..BASE
    },
    Signature {
        id: "bond-no-active-interface",
        all: &["now running without any active interface"],
        layer: Some(Layer::Network),
        health: Health::Broken,
        title: "a bond on the node has no active link left",
        cause: "the bonding driver found none of the bond's interfaces up: the bond carries no \
            traffic, so every VM network over it on this node is down",
        next_steps: NEXT,
        source: SOURCE,
        example: "bond0: now running without any active interface!",
        ..BASE
    },
];
