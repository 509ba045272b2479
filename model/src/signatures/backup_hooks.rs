//! A backup's freeze and thaw of a VM's filesystems, in the words of the two programs on the way:
//!
//! - KubeVirt's `virt-freezer` (`cmd/virt-freezer/main.go`), the command a backup tool's pre and
//!   post hooks run in the launcher's `compute` container: "Freezeing VMI failed" and
//!   "Unfreezeing VMI failed" (its spelling) with the launcher's answer as the reason, "Failed
//!   to connect launcher", "Failed to get guest info", "Failed to get domain"; the launcher's
//!   answer carries the command client's form `server error. command %s failed: %q`
//!   (`pkg/virt-handler/cmd-client/client.go`) around libvirt's error. A freeze is a guest-agent
//!   command (libvirt `src/qemu/qemu_domain.c` qemuDomainAgentAvailable: "QEMU guest agent is not
//!   connected", "QEMU guest agent is not available due to an error"; `src/util/virerror.c`:
//!   VIR_ERR_AGENT_UNRESPONSIVE "Guest agent is not responding: %s"; `src/qemu/qemu_agent.c`:
//!   "Guest agent not available for now", "Guest agent disappeared while executing command"),
//!   so a freeze refused for want of the agent is the guest's: its agent is not installed or not
//!   running. (A virt-freezer that finds no agent version exits 0: "No guest agent, exiting".)
//! - Velero's exec hooks (`internal/hook/item_hook_handler.go`: "Error executing hook", the
//!   hook's output relayed by `pkg/podexec/pod_command_executor.go` as `stdout: %s` and
//!   `stderr: %s` at info level): a hook run on a pod whose container no longer runs (the exec
//!   refused with the kubelet's `container not found ("compute")`) is a virt-launcher left
//!   Completed after its VM live-migrated or stopped; Velero's later releases skip pods not
//!   running. The VM itself is not touched: noise.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

/// libvirt's words for a guest agent that is not there to run a command.
const AGENT_GONE: &[&str] = &[
    "guest agent is not connected",
    "Guest agent is not responding",
    "Guest agent not available for now",
    "Guest agent disappeared while executing command",
    "guest agent is not available due to an error",
];

const NO_AGENT: Signature = Signature {
    any: AGENT_GONE,
    layer: Some(Layer::Guest),
    health: Health::Degraded,
    title: "a freeze or thaw for a backup fails: the guest agent is not connected",
    cause: "the backup's hook asked KubeVirt to freeze (or thaw) the VM's filesystems, a command \
        only the QEMU guest agent inside the guest can run; the agent is not connected (not \
        installed, not started, or its virtio-serial channel unused), so the freeze fails and \
        the backup is not consistent or fails with it; the VM keeps running",
    next_steps: &[
        "kubectl get vmi <name> -o jsonpath='{.status.conditions[?(@.type==\"AgentConnected\")]}'",
        "in the guest: systemctl status qemu-guest-agent (install and start it)",
        "the backup's hook annotations on the virt-launcher pod (pre.hook.backup.velero.io/command)",
    ],
    source: "KubeVirt cmd/virt-freezer/main.go, pkg/virt-handler/cmd-client/client.go; libvirt \
        src/qemu/qemu_domain.c, src/qemu/qemu_agent.c, src/util/virerror.c",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    // "Freezeing VMI failed" matches "Unfreezeing VMI failed" too (needles match ASCII
    // case-insensitively): one entry reads both.
    Signature {
        id: "freezer-freeze-no-agent",
        all: &["Freezeing VMI failed"],
        example: r#"{"component":"freezer","level":"error","msg":"Freezeing VMI failed","pos":"main.go:81","reason":"LibvirtError(Code=86, Domain=10, Message='Guest agent is not responding: QEMU guest agent is not connected')"}"#,
        ..NO_AGENT
    },
    Signature {
        id: "launcher-freeze-command-no-agent",
        all: &["server error. command ", "reeze failed"],
        example: r#"error: server error. command Freeze failed: "LibvirtError(Code=86, Domain=10, Message='Guest agent is not responding: QEMU guest agent is not connected')""#,
        ..NO_AGENT
    },
    Signature {
        id: "velero-hook-container-gone",
        all: &["Error executing hook", "container not found ("],
        title: "a backup hook ran on a launcher pod that no longer runs (noise)",
        cause: "Velero ran its exec hook (KubeVirt's freeze or thaw) on a virt-launcher pod whose \
            container has exited: a launcher left Completed after its VM live-migrated to a new \
            pod, or after the VM stopped; the exec is refused and Velero logs the error, but the \
            VM runs in its current pod, untouched (Velero's later releases skip pods not \
            running)",
        next_steps: &[
            "kubectl get pod <pod named by the hook> -o wide (Completed: a migration's or a stop's leftover)",
            "kubectl get vmi -o wide (the VM's current launcher pod and node)",
        ],
        source: "Velero internal/hook/item_hook_handler.go (\"Error executing hook\"), \
            pkg/podexec/pod_command_executor.go; kubelet's exec refusal (\"container not found \
            (%q)\")",
        example: r#"time="2026-01-10T02:00:05Z" level=error msg="Error executing hook" backup=velero/daily-1 error="unable to upgrade connection: container not found (\"compute\")" hookPhase=pre hookSource=annotation hookType=exec name=virt-launcher-web-x7k2p namespace=apps resource=pods"#,
        ..BASE
    },
];
