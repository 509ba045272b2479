//! A command the guest agent ran inside the guest and failed. libvirt sends the guest agent
//! (qemu-guest-agent, in the guest OS) a JSON command and, when the agent answers with an
//! `error`, reports it as `unable to execute QEMU agent command '<command>': <the agent's desc>`
//! (libvirt `src/qemu/qemu_agent.c` qemuAgentCheckError; the description is the agent's own,
//! or, without one, its class made readable by qemuAgentStringifyErrorClass: "Cannot open
//! file", "Guest agent command failed", "Invalid parameter", …). KubeVirt relays it in the
//! launcher's answer to virt-handler or virt-freezer (`server error. command Freeze failed:
//! "LibvirtError(…)"`, `pkg/virt-launcher/virtwrap/manager.go` freeze, set password, exec, the
//! agent poller). The agent reached the guest and the guest's side failed the command (a
//! filesystem it cannot freeze or open, a user it does not have, a policy denying it): the
//! guest's, whichever component printed the line.
//!
//! Left out, by KubeVirt's own list of expected launcher errors
//! (`tests/framework/checks/…` VirtLauncherErrorAllowlist): the command not found or disabled
//! (KubeVirt's poller asking an older agent: `has not been found`, `has been disabled`,
//! "this feature or command is not currently supported"), an agent answering while frozen by a
//! snapshot (`frozen state`), and the agent not connected or not responding, which most often
//! means no agent is installed (`signatures/guest.rs` reads the VMI's AgentConnected
//! condition instead).

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

pub(super) const TABLE: &[Signature] = &[Signature {
    id: "guest-agent-command-failed",
    all: &["unable to execute QEMU agent command '", "': "],
    none: &[
        "has not been found",
        "has been disabled",
        "not currently supported",
        "frozen state",
    ],
    layer: Some(Layer::Guest),
    health: Health::Degraded,
    title: "the guest agent failed a command inside the guest",
    cause: "libvirt reached the guest agent and asked it to run a command (freeze the \
        filesystems for a snapshot or backup, set a password, read the filesystems); the agent, \
        inside the guest OS, answered with its own error (a filesystem it cannot open or freeze, \
        a missing user, a policy of the guest refusing it), so the operation that needed it \
        fails while the VM keeps running: the guest's side, not KubeVirt's or the node's",
    next_steps: &[
        "in the guest: journalctl -u qemu-guest-agent (the agent's own error and the path it names)",
        "in the guest: check the mount or file the error names (permissions, SELinux labels, a snapshot subvolume)",
        "kubectl get vmi <name> -o jsonpath='{.status.fsFreezeStatus}' (a freeze left behind)",
    ],
    source: "libvirt src/qemu/qemu_agent.c (qemuAgentCheckError, qemuAgentStringifyErrorClass); \
        KubeVirt pkg/virt-launcher/virtwrap/manager.go (freeze, agent commands)",
    example: r#"{"component":"virt-launcher","level":"error","msg":"Failed to freeze vmi","reason":"LibvirtError(Code=1, Domain=10, Message='internal error: unable to execute QEMU agent command 'guest-fsfreeze-freeze': failed to freeze /var/lib/data: Operation not supported')"}"#,
    ..BASE
}];
