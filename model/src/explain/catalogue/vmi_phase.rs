//! VMI phases.
//!
//! The `VirtualMachineInstancePhase` constants (`VmPhaseUnset` to `Unknown`) in KubeVirt's
//! `staging/src/kubevirt.io/api/core/v1/types.go`.

use crate::explain::commands::{EVENTS, GET_VM, GET_VMI, HANDLER, LAUNCHER_LOG, NODE, PODS, VMIMS};
use crate::explain::entry::Entry;
use crate::explain::{Severity, Topic};

pub(super) const VMI_PHASES: &[Entry] = &[
    Entry {
        topic: Topic::VmiPhase,
        value: "",
        severity: Severity::Warning,
        can_migrate: None,
        title: "Phase not set yet",
        meaning: "The VMI was just created and no KubeVirt controller has processed it yet.",
        implies: "Nothing runs yet. If this lasts more than a few seconds, virt-controller may be down or overloaded.",
        steps: &[
            GET_VMI,
            "kubectl get pods -A -l kubevirt.io=virt-controller",
        ],
    },
    Entry {
        topic: Topic::VmiPhase,
        value: "Pending",
        severity: Severity::Info,
        can_migrate: None,
        title: "Pending",
        meaning: "Accepted; virt-controller is preparing the virt-launcher pod.",
        implies: "The guest is not running yet. A long Pending usually means missing volumes (DataVolumes, PVCs) or a failing pod creation.",
        steps: &[GET_VMI, EVENTS],
    },
    Entry {
        topic: Topic::VmiPhase,
        value: "Scheduling",
        severity: Severity::Info,
        can_migrate: None,
        title: "Scheduling",
        meaning: "The launcher pod exists but is not yet scheduled and running.",
        implies: "The guest is not running yet. If it stays here, the pod cannot be placed: look at PodScheduled and the pod's events.",
        steps: &[PODS, EVENTS],
    },
    Entry {
        topic: Topic::VmiPhase,
        value: "Scheduled",
        severity: Severity::Info,
        can_migrate: None,
        title: "Scheduled",
        meaning: "The launcher pod runs; virt-handler on the node is defining and starting the domain.",
        implies: "The guest is starting. If it stays here, virt-handler cannot start the domain: look for Synchronized=False.",
        steps: &[GET_VMI, LAUNCHER_LOG, HANDLER],
    },
    Entry {
        topic: Topic::VmiPhase,
        value: "Running",
        severity: Severity::Info,
        can_migrate: None,
        title: "Running",
        meaning: "The pod is bound and the guest was started. A paused guest is also Running: pause shows only in the Paused condition.",
        implies: "Check the Paused and Ready conditions before concluding the guest runs.",
        steps: &[GET_VMI],
    },
    Entry {
        topic: Topic::VmiPhase,
        value: "Succeeded",
        severity: Severity::Info,
        can_migrate: Some(false),
        title: "Stopped (Succeeded)",
        meaning: "The guest stopped on its own: a shutdown from inside or a graceful stop.",
        implies: "Nothing runs. Run strategy Always starts it again; RerunOnFailure does not (only Failed is restarted, `pkg/virt-controller/watch/vm/vm.go`); Manual, Halted and Once leave it stopped.",
        steps: &[GET_VM, EVENTS],
    },
    Entry {
        topic: Topic::VmiPhase,
        value: "Failed",
        severity: Severity::Critical,
        can_migrate: Some(false),
        title: "Failed",
        meaning: "The VMI crashed, disappeared, or was deleted before it ever started. Also used when a post-copy migration failed and the guest could not be recovered, when virt-handler stopped heartbeating and the launcher pod is gone (reason NodeUnresponsive), and when a guest that ignored the ACPI shutdown was destroyed after the grace period.",
        implies: "The guest is gone. With run strategy Always or RerunOnFailure the VM controller creates a new VMI.",
        steps: &[GET_VMI, EVENTS, GET_VM],
    },
    Entry {
        topic: Topic::VmiPhase,
        value: "WaitingForSync",
        severity: Severity::Info,
        can_migrate: None,
        title: "Waiting for sync (cross-cluster target)",
        meaning: "This VMI is the target of a decentralized (cross-cluster) migration and waits to be synchronized from the source VMI.",
        implies: "Nothing runs here until the source side synchronizes.",
        steps: &[GET_VMI, VMIMS],
    },
    Entry {
        topic: Topic::VmiPhase,
        value: "Unknown",
        severity: Severity::Warning,
        can_migrate: None,
        title: "State unknown",
        meaning: "It is not set by KubeVirt v1.0+ (no release from v1.0 to v1.9 writes phase Unknown; an unresponsive node gives phase Failed with reason NodeUnresponsive): something else wrote it.",
        implies: "Strata cannot say what the guest does; do not assume the host is unreachable. Check who writes this VMI's status.",
        steps: &[NODE, GET_VMI],
    },
];
