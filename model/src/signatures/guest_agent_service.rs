//! The QEMU guest agent's service inside the guest, absent or failing, in the words of the init
//! system that runs it (the guest's own software: KubeVirt only reads the agent's channel; with
//! no agent there is no AgentConnected condition, no guest OS information, users, file systems
//! or guest IP details beyond the pod's):
//!
//! - systemd `src/systemctl/systemctl-show.c`: "Unit %s could not be found." (`systemctl status`
//!   of a unit that is not installed), its `Loaded: not-found (Reason: Unit %s not found.)`;
//! - systemd `src/core/unit.c` (`unit_log_failure`): "%s: Failed with result '%s'.", and
//!   `src/core/job.c`: "Failed to start %s." (the unit's description, "QEMU Guest Agent" in
//!   the package's `qemu-guest-agent.service`).
//!
//! The guest's, degraded: the VM runs, what needs the agent does not.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const AGENT: Signature = Signature {
    layer: Some(Layer::Guest),
    health: Health::Degraded,
    title: "the QEMU guest agent is not installed or not running in the guest",
    cause: "the guest's init system has no qemu-guest-agent unit, or the unit fails: with no \
        agent on the VM's virtio channel KubeVirt reports no AgentConnected condition, no guest \
        OS information, users or file systems and no guest IP details, and what needs the agent \
        (freezing file systems for a snapshot, setting an SSH key or a password) fails",
    next_steps: &[
        "in the guest: dnf install -y qemu-guest-agent && systemctl enable --now qemu-guest-agent (apt-get on Debian and Ubuntu)",
        "in the guest: journalctl -u qemu-guest-agent (why the unit fails)",
        "kubectl get vmi <vmi> -o jsonpath='{.status.conditions}' (AgentConnected)",
    ],
    source: "systemd src/systemctl/systemctl-show.c (\"Unit %s could not be found.\"), \
        src/core/unit.c (\"Failed with result\"), src/core/job.c (\"Failed to start %s.\")",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "guest-agent-unit-not-found",
        all: &["qemu-guest-agent", "could not be found"],
        example: "Unit qemu-guest-agent.service could not be found.",
        ..AGENT
    },
    Signature {
        id: "guest-agent-unit-not-loaded",
        all: &["qemu-guest-agent", "not-found"],
        example: "     Loaded: not-found (Reason: Unit qemu-guest-agent.service not found.)",
        ..AGENT
    },
    Signature {
        id: "guest-agent-unit-failed",
        all: &["qemu-guest-agent", "Failed with result"],
        example: "qemu-guest-agent.service: Failed with result 'exit-code'.",
        ..AGENT
    },
    Signature {
        id: "guest-agent-start-failed",
        all: &["Failed to start"],
        any: &["QEMU Guest Agent", "qemu-guest-agent"],
        example: "[FAILED] Failed to start qemu-guest-agent.service - QEMU Guest Agent.",
        ..AGENT
    },
];
