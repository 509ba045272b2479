//! Every value KubeVirt's source defines for the kinds the catalogue explains has a catalogue
//! entry. The lists below are copied from KubeVirt's source (commit d923fdb8); each names the file
//! and the constant group it comes from, so a newer KubeVirt can be compared by hand.

use model::explain::{Subject, Topic, explain, has_entry, known_values};

/// `VirtualMachineInstancePhase` constants (`VmPhaseUnset` to `Unknown`),
/// `staging/src/kubevirt.io/api/core/v1/types.go`.
const VMI_PHASES: &[&str] = &[
    "",
    "Pending",
    "Scheduling",
    "Scheduled",
    "Running",
    "Succeeded",
    "Failed",
    "WaitingForSync",
    "Unknown",
];

/// `VirtualMachineInstanceConditionType` constants, `staging/src/kubevirt.io/api/core/v1/types.go`;
/// `PodScheduled` is the pod condition (`k8sv1.PodScheduled`) virt-controller copies onto the VMI
/// in `pkg/virt-controller/watch/vmi/lifecycle.go`.
const VMI_CONDITION_TYPES: &[&str] = &[
    "Provisioning",
    "Ready",
    "Synchronized",
    "Paused",
    "AgentConnected",
    "AccessCredentialsSynchronized",
    "AgentVersionNotSupported",
    "LiveMigratable",
    "StorageLiveMigratable",
    "HotVCPUChange",
    "HotMemoryChange",
    "VolumesChange",
    "DataVolumesReady",
    "DecentralizedLiveMigrationFailure",
    "MigrationRequired",
    "EvictionRequested",
    "SoftwareEmulation",
    "PodScheduled",
];

/// The `Paused` condition's reasons, `calculatePausedCondition` in `pkg/virt-handler/vm.go`.
const PAUSE_REASONS: &[&str] = &["PausedByUser", "PausedIOError", "PausedByMigrationMonitor"];

/// `VirtualMachineInstanceReason…NotMigratable` constants and
/// `VirtualMachineInstanceReasonNotMigratable`, `staging/src/kubevirt.io/api/core/v1/types.go`.
const NOT_MIGRATABLE_REASONS: &[&str] = &[
    "InterfaceNotLiveMigratable",
    "CPUModeLiveMigratable",
    "HostDeviceNotLiveMigratable",
    "SEVNotLiveMigratable",
    "TDXNotLiveMigratable",
    "SecureExecutionNotLiveMigratable",
    "NoTSCFrequencyNotLiveMigratable",
    "HypervPassthroughNotLiveMigratable",
    "DisksNotLiveMigratable",
    "PersistentReservationNotLiveMigratable",
    "DecentralizedNotLiveMigratable",
    "NotMigratable",
    "HotplugNotLiveMigratable",
    "VirtIOFSNotLiveMigratable",
];

/// The other reason constants, `staging/src/kubevirt.io/api/core/v1/types.go`:
/// `PodTerminatingReason` to `MissingVirtiofsContainersReason`, and
/// `VirtualMachineInstanceReasonNotAllDVsReady`, `…AllDVsReady`, `…VolumesChangeCancellation`,
/// `…AutoMigrationDueToLiveUpdate`, `…AutoMigrationPending`, `…EvictionRequested`.
const OTHER_REASONS: &[&str] = &[
    "PodTerminating",
    "PodNotExists",
    "PodConditionMissing",
    "GuestNotRunning",
    "ContainerPathVolumesDisabled",
    "MissingVirtiofsContainers",
    "AllDVsReady",
    "NotAllDVsReady",
    "VolumesChangeCancellation",
    "AutoMigrationDueToLiveUpdate",
    "AutoMigrationPending",
    "EvictionRequested",
];

/// The "Reasons for vmi events" constants (`FailedCreatePodReason` to `MigrationBackoffReason`),
/// `pkg/controller/controller.go`.
const CONTROLLER_REASONS: &[&str] = &[
    "FailedCreate",
    "SuccessfulCreate",
    "FailedDelete",
    "SuccessfulDelete",
    "FailedHandOver",
    "SuccessfulHandOver",
    "FailedBackendStorageCreate",
    "FailedBackendStorageProbe",
    "BackendStorageNotReady",
    "FailedDataVolumeImport",
    "FailedGuaranteeResources",
    "FailedGatherhingClusterTopologyHints",
    "FailedPvcNotFound",
    "SuccessfulMigration",
    "FailedMigration",
    "SuccessfulAbortMigration",
    "FailedAbortMigration",
    "migrationTargetPodUnschedulable",
    "UtilityVolumeMigrationPending",
    "MissingAttachmentPod",
    "PVCNotReady",
    "FailedHotplugSync",
    "ErrImagePull",
    "ImagePullBackOff",
    "NoSuitableNodesForHostModelMigration",
    "FailedPodPatch",
    "MigrationBackoff",
];

/// Reasons written as literals where they are set: `"Synchronizing with the Domain failed."`
/// (`CheckFailure` in `pkg/virt-handler/vm.go`), `Unschedulable` (`k8sv1.PodReasonUnschedulable`,
/// `pkg/virt-controller/watch/vmi/lifecycle.go`), `CrossArchitectureEmulation`
/// (`pkg/virt-handler/vm.go`), `UtilityVolumesPresent` and `BackupInProgress`
/// (`pkg/virt-controller/watch/migration/migration.go`).
const LITERAL_REASONS: &[&str] = &[
    "Synchronizing with the Domain failed.",
    "Unschedulable",
    "CrossArchitectureEmulation",
    "UtilityVolumesPresent",
    "BackupInProgress",
];

/// `NodeUnresponsiveReason`, `pkg/virt-controller/watch/node/node.go` (the VMI's status reason and
/// an event reason when virt-handler on its node stops responding).
const NODE_REASONS: &[&str] = &["NodeUnresponsive"];

/// The kubelet's pod Ready reasons (Kubernetes `pkg/kubelet/status/generate.go`), which
/// `syncReadyConditionFromPod` in `pkg/virt-controller/watch/vmi/lifecycle.go` copies onto the
/// VMI's Ready condition.
const POD_READY_REASONS: &[&str] = &[
    "ReadinessGatesNotReady",
    "ContainersNotReady",
    "PodCompleted",
];

/// The sync reason `FailedCreateValidation` ("failed create validation: …"),
/// `pkg/virt-controller/watch/vmi/lifecycle.go`.
const VALIDATION_REASONS: &[&str] = &["FailedCreateValidation"];

/// `VirtualMachineConditionType` constants a VMI does not have (`Failure`, `RestartRequired`,
/// `ManualRecoveryRequired`), `staging/src/kubevirt.io/api/core/v1/types.go`; the VM's `Ready` and
/// `Paused` are in `VMI_CONDITION_TYPES`.
const VM_CONDITION_TYPES: &[&str] = &["Failure", "RestartRequired", "ManualRecoveryRequired"];

/// The free-text `AgentVersionNotSupported` reasons: `isGuestAgentSupported` in
/// `pkg/virt-handler/guestagent.go`, and "Guest agent version '%s' is not supported" in
/// `pkg/virt-handler/vm.go` (here with a version filled in).
const AGENT_REASONS: &[&str] = &[
    "This guest agent doesn't support required basic commands",
    "This guest agent doesn't support required public key commands",
    "This guest agent doesn't support required password commands",
    "Guest agent version '2.5.0' is not supported",
];

/// `SyncEvent` constants (`Created` to `AccessCredentialsSyncSuccess`),
/// `staging/src/kubevirt.io/api/core/v1/types.go`.
const VMI_EVENT_REASONS: &[&str] = &[
    "Created",
    "Deleted",
    "PresetFailed",
    "Override",
    "Started",
    "ShuttingDown",
    "Stopped",
    "PreparingTarget",
    "Migrating",
    "Migrated",
    "SyncFailed",
    "Resumed",
    "AccessCredentialsSyncFailed",
    "AccessCredentialsSyncSuccess",
];

/// `VirtualMachineInstanceMigrationPhase` constants (`MigrationPhaseUnset` to
/// `MigrationSynchronizing`), `staging/src/kubevirt.io/api/core/v1/types.go`.
const VMIM_PHASES: &[&str] = &[
    "",
    "Pending",
    "Scheduling",
    "Scheduled",
    "PreparingTarget",
    "TargetReady",
    "Running",
    "Succeeded",
    "Failed",
    "WaitingForSync",
    "Synchronizing",
];

/// `VirtualMachineInstanceMigrationConditionType` constants,
/// `staging/src/kubevirt.io/api/core/v1/types.go`.
const VMIM_CONDITIONS: &[&str] = &[
    "migrationAbortRequested",
    "migrationRejectedByResourceQuota",
    "migrationBlockedByUtilityVolumes",
    "decentralizedMigrationBlocked",
    "migrationBlockedByBackup",
];

/// `EvictionStrategy` constants, `staging/src/kubevirt.io/api/core/v1/types.go`.
const EVICTION_STRATEGIES: &[&str] = &["None", "LiveMigrate", "LiveMigrateIfPossible", "External"];

/// `MigrationMode` constants, `staging/src/kubevirt.io/api/core/v1/types.go`.
const MIGRATION_MODES: &[&str] = &["PreCopy", "PostCopy", "Paused"];

/// `MigrationAbortStatus` constants, `staging/src/kubevirt.io/api/core/v1/types.go`.
const ABORT_STATUSES: &[&str] = &["Succeeded", "Failed", "Aborting"];

/// `VirtualMachinePrintableStatus` constants, `staging/src/kubevirt.io/api/core/v1/types.go`.
const VM_PRINTABLE_STATUSES: &[&str] = &[
    "Stopped",
    "Provisioning",
    "Starting",
    "Running",
    "Paused",
    "Stopping",
    "Terminating",
    "CrashLoopBackOff",
    "Migrating",
    "Unknown",
    "ErrorUnschedulable",
    "ErrImagePull",
    "ImagePullBackOff",
    "ErrorPvcNotFound",
    "DataVolumeError",
    "WaitingForVolumeBinding",
    "WaitingForReceiver",
];

/// Every list with the topic its values are explained as.
fn copied() -> Vec<(Topic, String)> {
    let lists: [(Topic, &[&str]); 19] = [
        (Topic::VmiPhase, VMI_PHASES),
        (Topic::ConditionType, VMI_CONDITION_TYPES),
        (Topic::Reason, PAUSE_REASONS),
        (Topic::Reason, NOT_MIGRATABLE_REASONS),
        (Topic::Reason, OTHER_REASONS),
        (Topic::Reason, CONTROLLER_REASONS),
        (Topic::Reason, LITERAL_REASONS),
        (Topic::Reason, NODE_REASONS),
        (Topic::Reason, POD_READY_REASONS),
        (Topic::Reason, VALIDATION_REASONS),
        (Topic::ConditionType, VM_CONDITION_TYPES),
        (Topic::Reason, AGENT_REASONS),
        (Topic::EventReason, VMI_EVENT_REASONS),
        (Topic::VmimPhase, VMIM_PHASES),
        (Topic::VmimCondition, VMIM_CONDITIONS),
        (Topic::EvictionStrategy, EVICTION_STRATEGIES),
        (Topic::MigrationMode, MIGRATION_MODES),
        (Topic::AbortStatus, ABORT_STATUSES),
        (Topic::VmPrintableStatus, VM_PRINTABLE_STATUSES),
    ];
    lists
        .into_iter()
        .flat_map(|(t, vs)| vs.iter().map(move |v| (t, v.to_string())))
        .collect()
}

fn assert_all_known(values: &[(Topic, String)]) {
    let subject = Subject {
        namespace: "ns".into(),
        name: "vm".into(),
        ..Default::default()
    };
    let missing: Vec<String> = values
        .iter()
        .filter(|(t, v)| !has_entry(*t, v) || !explain(*t, v, &subject).known)
        .map(|(t, v)| format!("{t:?}:{v:?}"))
        .collect();
    assert!(
        missing.is_empty(),
        "values without a catalogue entry: {missing:?}"
    );
    for (t, v) in values {
        let x = explain(*t, v, &subject);
        assert!(
            !x.title.is_empty() && !x.meaning.is_empty() && !x.implies.is_empty(),
            "{t:?}:{v}"
        );
    }
}

#[test]
fn every_copied_value_has_an_entry() {
    let values = copied();
    assert!(values.len() >= 149, "{}", values.len());
    // No list lost values: at least as many per topic as KubeVirt's source has.
    for (t, min) in [
        (Topic::VmiPhase, 9),
        (Topic::ConditionType, 18),
        (Topic::Reason, 56),
        (Topic::EventReason, 14),
        (Topic::VmimPhase, 11),
        (Topic::VmimCondition, 5),
        (Topic::EvictionStrategy, 4),
        (Topic::MigrationMode, 3),
        (Topic::AbortStatus, 3),
        (Topic::VmPrintableStatus, 17),
    ] {
        let n = values.iter().filter(|(x, _)| *x == t).count();
        assert!(n >= min, "only {n} values for {t:?}");
    }
    assert_all_known(&values);
}

#[test]
fn the_catalogue_knows_exactly_the_copied_values() {
    let values = copied();
    for t in [
        Topic::VmiPhase,
        Topic::ConditionType,
        Topic::Reason,
        Topic::EventReason,
        Topic::VmimPhase,
        Topic::VmimCondition,
        Topic::EvictionStrategy,
        Topic::MigrationMode,
        Topic::AbortStatus,
        Topic::VmPrintableStatus,
    ] {
        let mut listed: Vec<&str> = values
            .iter()
            .filter(|(x, v)| *x == t && !AGENT_REASONS.contains(&v.as_str()))
            .map(|(_, v)| v.as_str())
            .collect();
        listed.sort_unstable();
        let before = listed.len();
        listed.dedup();
        assert_eq!(before, listed.len(), "a value listed twice for {t:?}");
        let mut known = known_values(t);
        known.sort_unstable();
        assert_eq!(
            listed, known,
            "the lists and the catalogue differ for {t:?}"
        );
    }
}
