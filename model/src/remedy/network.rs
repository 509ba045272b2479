//! Remedies of the network layer: the VMI's interfaces as the guest, the domain and Multus
//! report them.
//!
//! Written from kubevirt/monitoring `docs/runbooks/NodeNetworkInterfaceDown.md` and
//! `KubemacpoolMACCollisionDetected.md`, the user guide's hotplug page
//! (`docs/network/hotplug_interfaces.md`, kubevirt/user-guide: a bridge NIC is plugged or
//! unplugged by a migration), and KubeVirt's `pkg/network/` (interface status sources).

use super::ByValue;

/// The guest and the pod network disagree: reapply the network.
pub const REPLUG: &[&str] = &[
    "Make the guest take the address its network assigns (DHCP in the guest, or fix the \
     static configuration); if the attachment itself is wrong, fix its \
     NetworkAttachmentDefinition and restart the VM: `virtctl restart {name} -n {ns}`.",
];

/// A NIC hot(un)plug waits for a migration (`hotplug_interfaces.md`).
pub const HOTPLUG_PENDING: &[&str] = &[
    "Migrate the VM to complete the NIC hot(un)plug: `virtctl migrate {name} -n {ns}` (or \
     restart it: `virtctl restart {name} -n {ns}`).",
];

/// The guest agent's addresses are out of date.
pub const STALE_AGENT_IPS: &[&str] = &[
    "Restart qemu-guest-agent in the guest so it reports the current addresses \
     (`systemctl restart qemu-guest-agent`).",
];

/// The network layer's catalogue values and what to do about them.
pub const BY_VALUE: &[ByValue] = &[];
