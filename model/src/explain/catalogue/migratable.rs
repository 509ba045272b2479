//! Reasons of `LiveMigratable=False`.
//!
//! The `VirtualMachineInstanceReason…NotMigratable` constants (and
//! `VirtualMachineInstanceReasonNotMigratable`) in KubeVirt's
//! `staging/src/kubevirt.io/api/core/v1/types.go`, which virt-handler sets in
//! `pkg/virt-handler/vm.go` (`newNonMigratableCondition`).

use crate::explain::commands::{GET_VMI, NODE, PVC};
use crate::explain::entry::Entry;
use crate::explain::{Severity, Topic};

/// What every reason that blocks live migration implies (also used for unknown `…NotMigratable`
/// reasons).
pub(in crate::explain) const NOT_MIGRATABLE_IMPLIES: &str = "The VM cannot live-migrate. A node \
    drain blocks on it when its eviction strategy is LiveMigrate (the eviction is denied); with \
    LiveMigrateIfPossible or None the VM is shut down instead: run strategy Always starts it \
    again elsewhere; RerunOnFailure only when the guest had to be destroyed after the grace \
    period (phase Failed), not after a clean shutdown (phase Succeeded).";

/// What a reason shared by several condition types implies on its own: nothing about drains
/// (the (type, reason) entries in `by_condition` say what it means on each type).
const SHARED_REASON_IMPLIES: &str = "Depends on the condition that carries it: on LiveMigratable \
    the VM cannot live-migrate; on StorageLiveMigratable only volume migration is impossible; on \
    DecentralizedLiveMigrationFailure a cross-cluster migration waits or failed.";

pub(super) const NOT_MIGRATABLE_REASONS: &[Entry] = &[
    Entry {
        topic: Topic::Reason,
        value: "InterfaceNotLiveMigratable",
        severity: Severity::Warning,
        can_migrate: Some(false),
        title: "Network interface blocks migration",
        meaning: "The pod-network interface uses a binding that cannot migrate (bridge on the pod network without the annotation kubevirt.io/allow-pod-bridge-network-live-migration, or a binding plugin without migration support). Masquerade and passt can migrate.",
        implies: NOT_MIGRATABLE_IMPLIES,
        steps: &[
            GET_VMI,
            "kubectl get vmi {name} -n {ns} -o jsonpath='{.spec.domain.devices.interfaces}'",
        ],
    },
    Entry {
        topic: Topic::Reason,
        value: "CPUModeLiveMigratable",
        severity: Severity::Warning,
        can_migrate: Some(false),
        title: "CPU mode blocks migration",
        meaning: "The VM asks for a host-model CPU but the node exposes no host-model CPU. (The reason string really lacks the word Not.)",
        implies: NOT_MIGRATABLE_IMPLIES,
        steps: &[GET_VMI, NODE],
    },
    Entry {
        topic: Topic::Reason,
        value: "HostDeviceNotLiveMigratable",
        severity: Severity::Warning,
        can_migrate: Some(false),
        title: "Host device blocks migration",
        meaning: "The VM uses a PCI host device or GPU that cannot migrate (generic PCI device, too many GPUs, or a vGPU without the VGPULiveMigration feature gate).",
        implies: NOT_MIGRATABLE_IMPLIES,
        steps: &[GET_VMI],
    },
    Entry {
        topic: Topic::Reason,
        value: "SEVNotLiveMigratable",
        severity: Severity::Warning,
        can_migrate: Some(false),
        title: "AMD SEV blocks migration",
        meaning: "The VM uses AMD SEV memory encryption, which cannot be live-migrated.",
        implies: NOT_MIGRATABLE_IMPLIES,
        steps: &[GET_VMI],
    },
    Entry {
        topic: Topic::Reason,
        value: "TDXNotLiveMigratable",
        severity: Severity::Warning,
        can_migrate: Some(false),
        title: "Intel TDX blocks migration",
        meaning: "The VM uses Intel TDX, which cannot be live-migrated.",
        implies: NOT_MIGRATABLE_IMPLIES,
        steps: &[GET_VMI],
    },
    Entry {
        topic: Topic::Reason,
        value: "SecureExecutionNotLiveMigratable",
        severity: Severity::Warning,
        can_migrate: Some(false),
        title: "Secure Execution blocks migration",
        meaning: "The VM uses IBM Secure Execution (s390x protected virtualization), which cannot be live-migrated.",
        implies: NOT_MIGRATABLE_IMPLIES,
        steps: &[GET_VMI],
    },
    Entry {
        topic: Topic::Reason,
        value: "NoTSCFrequencyNotLiveMigratable",
        severity: Severity::Warning,
        can_migrate: Some(false),
        title: "Missing TSC frequency blocks migration",
        meaning: "A feature such as Hyper-V reenlightenment needs a TSC frequency, but no topology hint exists for it.",
        implies: NOT_MIGRATABLE_IMPLIES,
        steps: &[GET_VMI, NODE],
    },
    Entry {
        topic: Topic::Reason,
        value: "HypervPassthroughNotLiveMigratable",
        severity: Severity::Warning,
        can_migrate: Some(false),
        title: "Hyper-V passthrough blocks migration",
        meaning: "The VM uses Hyper-V passthrough, which cannot be live-migrated.",
        implies: NOT_MIGRATABLE_IMPLIES,
        steps: &[GET_VMI],
    },
    Entry {
        topic: Topic::Reason,
        value: "DisksNotLiveMigratable",
        severity: Severity::Warning,
        can_migrate: Some(false),
        title: "Disks block migration",
        meaning: "A PVC is not shared (live migration needs ReadWriteMany), its sharing cannot be determined, or a non-shared HostDisk is used.",
        implies: NOT_MIGRATABLE_IMPLIES,
        steps: &[GET_VMI, PVC],
    },
    Entry {
        topic: Topic::Reason,
        value: "PersistentReservationNotLiveMigratable",
        severity: Severity::Warning,
        can_migrate: Some(false),
        title: "SCSI persistent reservation blocks migration",
        meaning: "The VM uses SCSI persistent reservation. On LiveMigratable up to v1.8 only: from v1.9 it is listed in the StorageLiveMigratable message (reason NotMigratable, `calculateLiveStorageMigrationCondition`) and no longer blocks compute migration.",
        implies: NOT_MIGRATABLE_IMPLIES,
        steps: &[GET_VMI],
    },
    Entry {
        topic: Topic::Reason,
        value: "DecentralizedNotLiveMigratable",
        severity: Severity::Warning,
        can_migrate: None,
        title: "Cross-cluster migration not possible",
        meaning: "The reason of DecentralizedLiveMigrationFailure (v1.8+, `setDecentralizedLiveMigrationFailure` in `pkg/synchronization-controller/synchronization-controller.go`): a decentralized (cross-cluster) migration waits for synchronization or failed; the message has the detail.",
        implies: SHARED_REASON_IMPLIES,
        steps: &[GET_VMI],
    },
    Entry {
        topic: Topic::Reason,
        value: "NotMigratable",
        severity: Severity::Warning,
        can_migrate: None,
        title: "Not migratable",
        meaning: "Generic reason; the message lists the blocking items as '<Reason>: <message>'.",
        implies: SHARED_REASON_IMPLIES,
        steps: &[GET_VMI],
    },
    Entry {
        topic: Topic::Reason,
        value: "HotplugNotLiveMigratable",
        severity: Severity::Warning,
        can_migrate: Some(false),
        title: "Hotplugged volume blocks migration (legacy)",
        meaning: "Older KubeVirt blocked migration for hotplugged volumes. Current releases no longer set it.",
        implies: NOT_MIGRATABLE_IMPLIES,
        steps: &[GET_VMI],
    },
    Entry {
        topic: Topic::Reason,
        value: "VirtIOFSNotLiveMigratable",
        severity: Severity::Warning,
        can_migrate: Some(false),
        title: "virtiofs blocks migration (legacy)",
        meaning: "Older KubeVirt blocked migration for virtiofs shared volumes. Current releases no longer set it.",
        implies: NOT_MIGRATABLE_IMPLIES,
        steps: &[GET_VMI],
    },
];
