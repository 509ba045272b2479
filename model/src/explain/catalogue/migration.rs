//! VMIM phases and conditions, migration modes and abort status, all from the
//! `VirtualMachineInstanceMigration` types in KubeVirt's
//! `staging/src/kubevirt.io/api/core/v1/types.go`.

use crate::explain::commands::{EVENTS, GET_VMI, GET_VMIM, PODS, QUOTA};
use crate::explain::entry::Entry;
use crate::explain::{Severity, Topic};

/// The `VirtualMachineInstanceMigrationPhase` constants in KubeVirt's
/// `staging/src/kubevirt.io/api/core/v1/types.go`.
pub(super) const VMIM_PHASES: &[Entry] = &[
    Entry {
        topic: Topic::VmimPhase,
        value: "",
        severity: Severity::Warning,
        can_migrate: None,
        title: "Migration not processed yet",
        meaning: "virt-controller has not processed the migration yet.",
        implies: "If it stays unset, virt-controller may be down.",
        steps: &[GET_VMIM],
    },
    Entry {
        topic: Topic::VmimPhase,
        value: "Pending",
        severity: Severity::Info,
        can_migrate: None,
        title: "Migration pending",
        meaning: "Accepted and waiting: parallel-migration limits, back-off (20 s, doubling, after failed evacuation or workload-update migrations), utility volumes, backups, quota.",
        implies: "Nothing moves yet. Check its conditions for a blocker.",
        steps: &[GET_VMIM, EVENTS],
    },
    Entry {
        topic: Topic::VmimPhase,
        value: "Scheduling",
        severity: Severity::Info,
        can_migrate: None,
        title: "Target pod scheduling",
        meaning: "The target launcher pod is being scheduled and started: the phase lasts until the pod is Ready (image pull, volume mounts, container start; `processMigrationPhase`).",
        implies: "If it stays here, the target pod is unschedulable or stuck before Ready (ImagePullBackOff, ContainerCreating, CrashLoopBackOff); after the pending-pod timeout KubeVirt deletes it.",
        steps: &[PODS, GET_VMIM],
    },
    Entry {
        topic: Topic::VmimPhase,
        value: "Scheduled",
        severity: Severity::Info,
        can_migrate: None,
        title: "Target pod running",
        meaning: "The target pod runs and is ready.",
        implies: "Target preparation comes next.",
        steps: &[GET_VMIM],
    },
    Entry {
        topic: Topic::VmimPhase,
        value: "PreparingTarget",
        severity: Severity::Info,
        can_migrate: None,
        title: "Preparing target",
        meaning: "virt-handler on the target node prepares the domain; the target node is known.",
        implies: "Memory transfer starts soon.",
        steps: &[GET_VMIM],
    },
    Entry {
        topic: Topic::VmimPhase,
        value: "TargetReady",
        severity: Severity::Info,
        can_migrate: None,
        title: "Target ready",
        meaning: "The target is ready and its address known.",
        implies: "Memory transfer starts next.",
        steps: &[GET_VMIM],
    },
    Entry {
        topic: Topic::VmimPhase,
        value: "Running",
        severity: Severity::Info,
        can_migrate: None,
        title: "Migration running",
        meaning: "Memory (and, for block migration, disk) is being transferred.",
        implies: "Watch progress: data remaining versus dirty rate.",
        steps: &[GET_VMIM, GET_VMI],
    },
    Entry {
        topic: Topic::VmimPhase,
        value: "Succeeded",
        severity: Severity::Info,
        can_migrate: None,
        title: "Migration succeeded",
        meaning: "migrationState.completed is true, failed is not, and no hotplug or MigrationRequired is pending.",
        implies: "The VM runs on the target node.",
        steps: &[GET_VMI],
    },
    Entry {
        topic: Topic::VmimPhase,
        value: "Failed",
        severity: Severity::Error,
        can_migrate: None,
        title: "Migration failed",
        meaning: "The migration failed: target pod problems, a libvirt error, timeouts, an abort, or the VMI went away.",
        implies: "The VM usually keeps running on the source; after a post-copy failure it is lost.",
        steps: &[GET_VMIM, EVENTS],
    },
    Entry {
        topic: Topic::VmimPhase,
        value: "WaitingForSync",
        severity: Severity::Info,
        can_migrate: None,
        title: "Waiting for sync (cross-cluster)",
        meaning: "A decentralized migration waits for the VMI to synchronize.",
        implies: "Progress depends on the remote side.",
        steps: &[GET_VMIM],
    },
    Entry {
        topic: Topic::VmimPhase,
        value: "Synchronizing",
        severity: Severity::Info,
        can_migrate: None,
        title: "Synchronizing (cross-cluster)",
        meaning: "A decentralized migration is synchronizing with the remote side.",
        implies: "Progress depends on the remote side.",
        steps: &[GET_VMIM],
    },
];

/// The `VirtualMachineInstanceMigrationConditionType` constants in KubeVirt's
/// `staging/src/kubevirt.io/api/core/v1/types.go`.
pub(super) const VMIM_CONDITIONS: &[Entry] = &[
    Entry {
        topic: Topic::VmimCondition,
        value: "migrationAbortRequested",
        severity: Severity::Warning,
        can_migrate: None,
        title: "Abort requested",
        meaning: "The migration was deleted or aborted, before or after hand-off.",
        implies: "The migration stops; the abort status tells whether the abort worked.",
        steps: &[GET_VMIM],
    },
    Entry {
        topic: Topic::VmimCondition,
        value: "migrationRejectedByResourceQuota",
        severity: Severity::Error,
        can_migrate: None,
        title: "Rejected by ResourceQuota",
        meaning: "Creating the target pod failed with 'exceeded quota': the namespace has no room for a second launcher pod during the migration.",
        implies: "The migration cannot start until the quota allows the extra pod.",
        steps: &[QUOTA, GET_VMIM],
    },
    Entry {
        topic: Topic::VmimCondition,
        value: "migrationBlockedByUtilityVolumes",
        severity: Severity::Warning,
        can_migrate: None,
        title: "Blocked by utility volumes",
        meaning: "The migration waits for utility volumes to detach and will time out.",
        implies: "The migration does not start until they detach.",
        steps: &[GET_VMIM, GET_VMI],
    },
    Entry {
        topic: Topic::VmimCondition,
        value: "decentralizedMigrationBlocked",
        severity: Severity::Error,
        can_migrate: None,
        title: "Cross-cluster migration blocked",
        meaning: "A decentralized migration is blocked; the reason is copied from the VMI.",
        implies: "The migration does not proceed.",
        steps: &[GET_VMIM, GET_VMI],
    },
    Entry {
        topic: Topic::VmimCondition,
        value: "migrationBlockedByBackup",
        severity: Severity::Warning,
        can_migrate: None,
        title: "Blocked by a backup",
        meaning: "A backup is in progress (reason BackupInProgress).",
        implies: "The migration waits for the backup.",
        steps: &[GET_VMIM],
    },
];

/// The `MigrationMode` constants in KubeVirt's
/// `staging/src/kubevirt.io/api/core/v1/types.go`.
pub(super) const MIGRATION_MODES: &[Entry] = &[
    Entry {
        topic: Topic::MigrationMode,
        value: "PreCopy",
        severity: Severity::Info,
        can_migrate: None,
        title: "Pre-copy",
        meaning: "Memory is copied while the guest keeps running on the source; dirtied pages are copied again until the rest fits in the allowed downtime.",
        implies: "Safe: on failure the VM keeps running on the source.",
        steps: &[GET_VMIM],
    },
    Entry {
        topic: Topic::MigrationMode,
        value: "PostCopy",
        severity: Severity::Warning,
        can_migrate: None,
        title: "Post-copy",
        meaning: "Pre-copy did not converge, so the guest was switched to the target and missing pages are fetched from the source on demand.",
        implies: "Risky: if the connection breaks now, the guest is lost (irrecoverable post-copy failure).",
        steps: &[GET_VMIM, GET_VMI],
    },
    Entry {
        topic: Topic::MigrationMode,
        value: "Paused",
        severity: Severity::Warning,
        can_migrate: None,
        title: "Paused to converge",
        meaning: "The guest was paused on the source so the migration can finish (since ~v1.5).",
        implies: "The guest does not run until the migration ends.",
        steps: &[GET_VMIM, GET_VMI],
    },
];

/// The `MigrationAbortStatus` constants in KubeVirt's
/// `staging/src/kubevirt.io/api/core/v1/types.go`.
pub(super) const ABORT_STATUSES: &[Entry] = &[
    Entry {
        topic: Topic::AbortStatus,
        value: "Aborting",
        severity: Severity::Info,
        can_migrate: None,
        title: "Abort in progress",
        meaning: "An abort is being carried out. On the VMI it is visible up to v1.8 (setMigrationProgressStatus copies abortStatus on every update); v1.9 copies it only once the migration failed, so the VMI rarely shows Aborting.",
        implies: "The migration should stop soon; the VM stays on the source.",
        steps: &[GET_VMIM],
    },
    Entry {
        topic: Topic::AbortStatus,
        value: "Succeeded",
        severity: Severity::Info,
        can_migrate: None,
        title: "Abort succeeded",
        meaning: "The migration was aborted: by a user (then abortRequested, the VMIM condition migrationAbortRequested or a deleted VMIM shows it) or by the progress/completion timeout, which aborts through the same path (`live-migration-source.go`: up to v1.8 AbortJob with \"Live migration stuck for N seconds and has been aborted\" / \"…is not completed after N seconds and has been aborted\"; from v1.9 cancelMigration with \"Live migration has been aborted\", identical to a user abort).",
        implies: "The VM keeps running on the source. Without proof of a user abort the migration did not converge.",
        steps: &[GET_VMI],
    },
    Entry {
        topic: Topic::AbortStatus,
        value: "Failed",
        severity: Severity::Error,
        can_migrate: None,
        title: "Abort failed",
        meaning: "The abort did not take effect, or there was nothing to abort (the migration job was no longer active).",
        implies: "The migration may still complete or fail on its own.",
        steps: &[GET_VMIM, EVENTS],
    },
];
