//! Remedies of the node/launcher layer: the node, virt-handler on it, the launcher pod and the
//! domain virt-handler runs there.
//!
//! Written from kubevirt/monitoring `docs/runbooks/VirtualMachineStuckOnNode.md` ("Pod-Level
//! Issues", "Node-Level Issues Resolution", "VM-Level Resolution"), `VirtHandlerDown.md`,
//! `OrphanedVirtualMachineInstances.md` and `VMNonRecoverableOSPanic.md`; what restart does
//! from KubeVirt's `pkg/virt-api/rest/subresource.go` (`RestartVMRequestHandler` deletes the
//! VMI; the VM controller starts a new one), and NodeUnresponsive from
//! `pkg/virt-controller/watch/node/node.go` (the VMIs of a node whose virt-handler stopped
//! heartbeating are set Failed once their launcher pods are gone).

use super::ByValue;
use crate::explain::Topic;

/// Restart the VM (`VMNonRecoverableOSPanic.md`: "restart the VM if it is stuck in Failed").
pub const RESTART: &[&str] = &[
    "Start the VM again on a fresh VMI: `virtctl restart {name} -n {ns}` (with run strategy \
     Always or RerunOnFailure KubeVirt does it on its own; for a stopped VM `virtctl start {name} \
     -n {ns}`).",
];

/// A stuck launcher pod (`VirtualMachineStuckOnNode.md`, "Restart the virt-launcher pod").
pub const DELETE_LAUNCHER: &[&str] = &[
    "Delete the stuck launcher pod so a new VMI and pod are made: `kubectl delete pod {pod} -n \
     {ns}`, or restart the VM: `virtctl restart {name} -n {ns}`.",
];

/// A stale virt-handler heartbeat (`VirtHandlerDown.md`, `OrphanedVirtualMachineInstances.md`).
pub const HANDLER_DOWN: &[&str] = &[
    "Bring virt-handler on {node} back: delete its pod so the DaemonSet recreates it \
     (`kubectl delete pod -n kubevirt -l kubevirt.io=virt-handler --field-selector \
     spec.nodeName={node}`), or fix the node's taints or the workload placement that removed \
     it; the VMI's status is written again once it beats.",
];

/// The node's kubelet is NotReady (`VirtualMachineStuckOnNode.md`, "Node-Level Issues").
pub const NODE_DOWN: &[&str] = &[
    "Bring the node back (kubelet, container runtime, network, power); while virt-handler \
     still beats, move the VM away: `virtctl migrate {name} -n {ns}`. If the node is lost, \
     KubeVirt marks its VMIs Failed (NodeUnresponsive) and restarts VMs with run strategy \
     Always elsewhere.",
];

/// virt-handler starting or shutting down on the node: nothing to do but wait.
pub const HANDLER_STARTING: &[&str] = &[
    "Wait for virt-handler on {node} to finish starting (its device plugins initialise); if it \
     stays `kubevirt.io/schedulable=false`, delete its pod so the DaemonSet recreates it.",
];

/// A launcher pod placed on a node but Pending: images pulling, volumes attaching
/// (`VirtualMachineStuckOnNode.md`, "Image Issues on Node", "Storage Issues").
pub const LAUNCHER_PENDING: &[&str] = &[
    "Fix what the pod's events name (an image that cannot be pulled, a volume that does not \
     attach or mount), then delete the pod so a new one is made: `kubectl delete pod {pod} -n \
     {ns}`.",
];

/// The node/launcher layer's catalogue values and what to do about them.
pub const BY_VALUE: &[ByValue] = &[
    ByValue {
        topic: Topic::VmiPhase,
        value: "Failed",
        actions: RESTART,
    },
    ByValue {
        topic: Topic::VmiPhase,
        value: "Scheduled",
        actions: DELETE_LAUNCHER,
    },
    ByValue {
        topic: Topic::VmiPhase,
        value: "Unknown",
        actions: &[
            "Find and stop whatever writes phase Unknown (KubeVirt does not); restart the VM if \
             it does not run: `virtctl restart {name} -n {ns}`.",
        ],
    },
    ByValue {
        topic: Topic::EventReason,
        value: "Stopped",
        actions: RESTART,
    },
    ByValue {
        topic: Topic::Reason,
        value: "NodeUnresponsive",
        actions: &[
            "Bring virt-handler on {node} (or the node) back; the VMI is Failed and will not \
             come back there, so start the VM again: `virtctl restart {name} -n {ns}` (run \
             strategy Always or RerunOnFailure does it on its own once the launcher pod is gone).",
        ],
    },
    ByValue {
        topic: Topic::Reason,
        value: "Synchronizing with the Domain failed.",
        actions: &[
            "Fix what the Synchronized condition's message names (a volume, a device, a domain \
             setting), then restart the VM: `virtctl restart {name} -n {ns}`.",
        ],
    },
    ByValue {
        topic: Topic::Reason,
        value: "PausedIOError",
        actions: &[
            "Fix the storage under the VM's disks (free space on the volume or its pool, \
             reconnect the storage backend), then resume the guest: `virtctl unpause vmi {name} \
             -n {ns}`, or restart the VM if it does not recover: `virtctl restart {name} -n \
             {ns}`.",
        ],
    },
];
