//! The tables `cargo xtask catalog` generated from KubeVirt v1.9.0 and CDI's source
//! (`model::explain::generated`): they hold the values KubeVirt's source declares, in the order
//! the lookups need, and the lookups find them. The values expected here were read from
//! KubeVirt's `staging/src/kubevirt.io/api/core/v1/types.go`, `pkg/controller/controller.go`,
//! `pkg/virt-handler/vm.go`, `pkg/virt-handler/cmd-client/client.go` and CDI's
//! `staging/src/kubevirt.io/containerized-data-importer-api/pkg/apis/core/v1beta1/types.go`.

use model::explain::generated::{
    self, CDI_SOURCE, Component, KUBEVIRT, Kind, SourceLayer, component_of_file, condition,
    data_volume_value, error_string, error_strings, event_reason, event_reasons, layer_of_file,
    migration_value, printable_status, vmi_phase,
};

#[test]
fn pinned_to_a_tagged_commit() {
    assert_eq!(KUBEVIRT.repo, "kubevirt/kubevirt");
    assert_eq!(KUBEVIRT.tag, "v1.9.0");
    assert_eq!(KUBEVIRT.commit.len(), 40);
    assert_eq!(CDI_SOURCE.repo, "kubevirt/containerized-data-importer");
    assert_eq!(CDI_SOURCE.commit.len(), 40);
}

#[test]
fn every_table_is_sorted_and_non_empty() {
    for (name, table) in generated::tables() {
        assert!(!table.is_empty(), "{name} is empty");
        for pair in table.windows(2) {
            assert!(
                pair[0].value <= pair[1].value,
                "{name}: {:?} before {:?}",
                pair[0],
                pair[1]
            );
        }
        for e in table {
            assert!(!e.value.is_empty(), "{name}: empty value from {}", e.file);
            assert!(e.file.ends_with(".go"), "{name}: {}", e.file);
        }
    }
}

#[test]
fn every_printable_status_of_v1_9() {
    // types.go, `type VirtualMachinePrintableStatus string`.
    let v1_9 = [
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
    for status in v1_9 {
        let e = printable_status(status).unwrap_or_else(|| panic!("{status} missing"));
        assert_eq!(e.kind, Kind::PrintableStatus);
        assert_eq!(e.file, "staging/src/kubevirt.io/api/core/v1/types.go");
    }
    assert!(printable_status("Runing").is_none());
    assert!(printable_status("running").is_none());
}

#[test]
fn every_vmi_phase_of_v1_9() {
    // types.go, `type VirtualMachineInstancePhase string` (the unset phase "" is no value).
    for phase in [
        "Pending",
        "Scheduling",
        "Scheduled",
        "Running",
        "Succeeded",
        "Failed",
        "Unknown",
        "WaitingForSync",
    ] {
        assert_eq!(
            vmi_phase(phase).map(|e| e.kind),
            Some(Kind::VmiPhase),
            "{phase}"
        );
    }
    assert!(vmi_phase("").is_none());
    assert!(
        vmi_phase("ErrorUnschedulable").is_none(),
        "a VM status, not a VMI phase"
    );
}

#[test]
fn event_reasons_with_their_type_component_and_layer() {
    let failed = event_reason("FailedMigration").expect("FailedMigration");
    assert_eq!(failed.kind, Kind::WarningEvent);
    assert_eq!(failed.component, Component::VirtController);
    assert_eq!(failed.layer, SourceLayer::Migration);
    assert_eq!(
        failed.file,
        "pkg/virt-controller/watch/migration/migration.go"
    );

    // `Migrated` is recorded by virt-handler as Normal (success) and Warning (failure): the
    // lookup prefers the Warning row, and every row is listed.
    let migrated = event_reasons("Migrated");
    assert!(migrated.iter().any(|e| e.kind == Kind::NormalEvent));
    assert_eq!(
        event_reason("Migrated").map(|e| e.kind),
        Some(Kind::WarningEvent)
    );
    assert!(
        migrated
            .iter()
            .all(|e| e.component == Component::VirtHandler)
    );

    let sync = event_reason("SyncFailed").expect("SyncFailed");
    assert_eq!(
        (sync.kind, sync.component),
        (Kind::WarningEvent, Component::VirtHandler)
    );
    assert!(
        event_reasons("SyncFailed")
            .iter()
            .any(|e| e.file == "pkg/virt-handler/vm.go")
    );

    // Reasons behind constants of another package (`controller.FailedCreatePodReason`).
    assert!(event_reason("FailedCreate").is_some());
    // virt-launcher's events, recorded for it by virt-handler's notify server.
    let panicked = event_reason("GuestPanicked").expect("GuestPanicked");
    assert_eq!(panicked.component, Component::VirtLauncher);
    assert!(event_reason("NoSuchReason").is_none());
}

#[test]
fn condition_types_and_reasons() {
    let kinds = |v: &str| condition(v).iter().map(|e| e.kind).collect::<Vec<_>>();
    assert!(kinds("LiveMigratable").contains(&Kind::VmiConditionType));
    assert!(kinds("AgentConnected").contains(&Kind::VmiConditionType));
    assert!(kinds("Paused").contains(&Kind::VmConditionType));
    assert!(kinds("migrationAbortRequested").contains(&Kind::VmimConditionType));
    assert!(kinds("DisksNotLiveMigratable").contains(&Kind::ConditionReason));
    assert!(kinds("PodTerminating").contains(&Kind::ConditionReason));
    assert!(kinds("FailedPvcNotFound").contains(&Kind::ConditionReason));
    assert!(condition("NotACondition").is_empty());
}

#[test]
fn migration_values() {
    let kinds = |v: &str| {
        migration_value(v)
            .iter()
            .map(|e| e.kind)
            .collect::<Vec<_>>()
    };
    assert!(kinds("Aborting").contains(&Kind::MigrationAbortStatus));
    assert!(kinds("Failed").contains(&Kind::MigrationAbortStatus));
    assert!(kinds("Failed").contains(&Kind::MigrationPhase));
    assert!(kinds("TargetReady").contains(&Kind::MigrationPhase));
    assert!(kinds("Target pod is down").contains(&Kind::MigrationFailureReason));
    assert!(kinds("Live migration has been aborted").contains(&Kind::MigrationFailureReason));
    assert!(
        migration_value("Migration failed because target pod shutdown during migration")
            .iter()
            .all(|e| e.kind == Kind::MigrationFailureMessage && e.layer == SourceLayer::Migration)
    );
}

#[test]
fn data_volume_values() {
    for phase in [
        "Pending",
        "ImportScheduled",
        "ImportInProgress",
        "WaitForFirstConsumer",
        "PendingPopulation",
        "Succeeded",
        "Failed",
        "Unknown",
        "Paused",
    ] {
        assert!(
            data_volume_value(phase)
                .iter()
                .any(|e| e.kind == Kind::DataVolumePhase),
            "DataVolume phase {phase}"
        );
    }
    assert!(
        data_volume_value("Bound")
            .iter()
            .any(|e| e.kind == Kind::DataVolumeConditionType)
    );
    assert!(
        data_volume_value("ErrImportFailed")
            .iter()
            .any(|e| e.kind == Kind::DataVolumeReason)
    );
    assert!(
        data_volume_value("ErrImportFailed")
            .iter()
            .all(|e| e.component == Component::CdiController)
    );
}

#[test]
fn error_string_finds_the_longest_known_prefix_anywhere_in_a_line() {
    let line = r#"{"component":"virt-handler","level":"error","msg":"Synchronizing the VirtualMachineInstance failed.","pos":"vm.go:1577","reason":"server error. command SyncVMI failed: \"LibvirtError(Code=1)\"","timestamp":"2025-01-08T10:00:00.000000Z"}"#;
    let e = error_string(line).expect("a known log message");
    assert_eq!(e.value, "Synchronizing the VirtualMachineInstance failed.");
    assert_eq!(
        (e.kind, e.component),
        (Kind::LogError, Component::VirtHandler)
    );
    assert!(
        error_strings(line)
            .iter()
            .any(|e| e.file == "pkg/virt-handler/vm.go")
    );

    let sockets =
        error_string("E0101 12:00:00 client.go:123] Found multiple sockets for vmi default/vm1")
            .expect("sockets");
    assert_eq!(sockets.value, "Found multiple sockets for vmi");
    assert_eq!(sockets.file, "pkg/virt-handler/cmd-client/client.go");

    // "Failed to connect to" and "Failed to connect to cmd client socket" are both known: the
    // longer one wins.
    let longest = error_string("level=error msg=\"Failed to connect to cmd client socket\"")
        .expect("connect");
    assert_eq!(longest.value, "Failed to connect to cmd client socket");
    let short = error_string("Failed to connect to something else").expect("connect, short");
    assert_eq!(short.value, "Failed to connect to");

    assert!(error_string("all good here").is_none());
    assert!(error_strings("").is_empty());
}

#[test]
fn component_and_layer_of_a_source_file() {
    assert_eq!(
        component_of_file("pkg/virt-handler/vm.go"),
        Some(Component::VirtHandler)
    );
    assert_eq!(
        layer_of_file("pkg/virt-handler/vm.go"),
        Some(SourceLayer::Node)
    );
    assert_eq!(
        layer_of_file("pkg/virt-handler/migration-source.go"),
        Some(SourceLayer::Migration)
    );
    assert_eq!(
        component_of_file("/go/src/kubevirt.io/kubevirt/pkg/virt-launcher/virtwrap/manager.go"),
        Some(Component::VirtLauncher)
    );
    assert_eq!(
        layer_of_file(
            "kubevirt.io/kubevirt/pkg/virt-launcher/virtwrap/agent-poller/agent_poller.go"
        ),
        Some(SourceLayer::Guest)
    );
    assert_eq!(
        layer_of_file("pkg/virt-controller/watch/migration/migration.go"),
        Some(SourceLayer::Migration)
    );
    assert_eq!(
        component_of_file("pkg/virt-api/rest/subresource.go"),
        Some(Component::VirtApi)
    );
    assert_eq!(
        component_of_file("kubevirt.io/api/core/v1/types.go"),
        Some(Component::KubevirtApi)
    );
    assert_eq!(
        component_of_file(
            "kubevirt.io/containerized-data-importer/pkg/importer/http-datasource.go"
        ),
        Some(Component::CdiImporter)
    );
    assert_eq!(component_of_file("vm.go"), None);
    assert_eq!(component_of_file("pkg/unknown/thing.go"), None);
    assert_eq!(component_of_file(""), None);
}
