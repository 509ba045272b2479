//! Remedies of the guest layer: the guest's own state (paused, gone, its agent).
//!
//! Written from kubevirt/monitoring `docs/runbooks/VMNonRecoverableOSPanic.md` ("restart the
//! VM if it is stuck in Failed"), the user guide's guest agent page
//! (`docs/user_workloads/guest_agent_information.md`, kubevirt/user-guide: install and run
//! qemu-guest-agent), and KubeVirt's `pkg/virt-handler/vm.go` (PausedByUser stays until
//! `virtctl unpause`; the migration monitor's pause ends with the migration).

use super::ByValue;
use crate::explain::Topic;

/// The guest agent is missing or too old.
pub const AGENT: &[&str] = &[
    "Install and start qemu-guest-agent in the guest (`systemctl enable --now \
     qemu-guest-agent`), in a version that supports the commands KubeVirt needs; the VMI's \
     AgentConnected condition turns true once it answers.",
];

/// Access credentials not applied (the user guide's `docs/user_workloads/accessing_virtual_machines.md`,
/// kubevirt/user-guide: a Secret propagated by the guest agent or cloud-init).
pub const ACCESS_CREDENTIALS: &[&str] = &[
    "Fix what the condition's message names: the referenced Secret must exist in the VM's \
     namespace, and for `qemuGuestAgent` propagation the guest agent must run in the guest; \
     virt-handler applies the credentials again once it can.",
];

/// The guest layer's catalogue values and what to do about them.
pub const BY_VALUE: &[ByValue] = &[
    ByValue {
        topic: Topic::Reason,
        value: "AgentVersionNotSupported",
        actions: AGENT,
    },
    ByValue {
        topic: Topic::ConditionType,
        value: "AgentConnected",
        actions: AGENT,
    },
    ByValue {
        topic: Topic::Reason,
        value: "PausedByUser",
        actions: &["Resume the guest when it should run: `virtctl unpause vmi {name} -n {ns}`."],
    },
    ByValue {
        topic: Topic::Reason,
        value: "PausedByMigrationMonitor",
        actions: &[
            "Nothing to do while the migration converges (the pause ends with it); to avoid it, \
             raise `bandwidthPerMigration` or allow post-copy in the KubeVirt CR's \
             `spec.configuration.migrations`.",
        ],
    },
    ByValue {
        topic: Topic::VmiPhase,
        value: "Succeeded",
        actions: &[
            "Start the VM if it should run: `virtctl start {name} -n {ns}`; run strategy Always \
             restarts it after a guest shutdown.",
        ],
    },
];
