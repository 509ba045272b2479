//! The free-text reasons of the `AgentVersionNotSupported` condition, recognised by their
//! wording and explained by what the guest agent lacks.
//!
//! virt-handler writes them as sentences: `isGuestAgentSupported` in KubeVirt's
//! `pkg/virt-handler/guestagent.go` ("This guest agent doesn't support required basic / public
//! key / password commands") and `pkg/virt-handler/vm.go` ("Guest agent version '%s' is not
//! supported").

use crate::explain::commands::{GUESTINFO, render_all};
use crate::explain::{Explanation, Severity, Subject, Topic};

/// What a free-text `AgentVersionNotSupported` reason says the guest agent lacks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum AgentGap {
    /// The basic commands (guest-ping, guest-info, …).
    Basic,
    /// The SSH public key commands.
    PublicKey,
    /// The password commands.
    Password,
    /// An accepted agent version.
    Version,
    /// Some other command.
    Other,
}

impl AgentGap {
    /// Recognises a free-text agent reason by its wording (surrounding whitespace ignored);
    /// `None` for any other value.
    pub(super) fn of_reason(value: &str) -> Option<AgentGap> {
        let v = value.trim();
        if v.starts_with("This guest agent doesn't support required basic commands") {
            Some(AgentGap::Basic)
        } else if v.starts_with("This guest agent doesn't support required public key commands") {
            Some(AgentGap::PublicKey)
        } else if v.starts_with("This guest agent doesn't support required password commands") {
            Some(AgentGap::Password)
        } else if v.starts_with("Guest agent version") && v.contains("is not supported") {
            Some(AgentGap::Version)
        } else if v.starts_with("This guest agent doesn't support") {
            Some(AgentGap::Other)
        } else {
            None
        }
    }

    /// What the agent lacks, as the end of "The guest agent in the VM lacks …".
    fn lacks(self) -> &'static str {
        match self {
            AgentGap::Basic => {
                "the basic commands KubeVirt needs (guest-ping, guest-info, guest-get-osinfo, …)"
            }
            AgentGap::PublicKey => {
                "the commands to manage SSH public keys (needed for access credentials)"
            }
            AgentGap::Password => "the commands to set passwords (needed for access credentials)",
            AgentGap::Version => "a version this (older) virt-launcher accepts",
            AgentGap::Other => "a command KubeVirt needs",
        }
    }

    /// The explanation of `value`, a reason this gap was recognised in.
    pub(super) fn explanation(self, topic: Topic, value: &str, subject: &Subject) -> Explanation {
        Explanation {
            topic,
            value: value.to_string(),
            title: "Guest agent not supported".into(),
            meaning: format!("The guest agent in the VM lacks {}.", self.lacks()),
            implies: "Guest data (OS info, IPs, users, filesystems) may be missing or \
                      incomplete; the agent endpoints still answer. Migration is not affected."
                .into(),
            can_migrate: None,
            next_steps: render_all(
                &[
                    GUESTINFO,
                    "virtctl console {name} -n {ns}   # update qemu-guest-agent in the guest",
                ],
                subject,
            ),
            severity: Severity::Warning,
            known: true,
        }
    }
}
