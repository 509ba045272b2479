//! Every value facts.md lists has a catalogue entry. The lists are read from facts.md itself when
//! the shared folder is present next to the repository, and from the copy below otherwise.

use model::explain::{Subject, Topic, explain, has_entry};

fn backticked(s: &str) -> Vec<String> {
    s.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

fn section<'a>(doc: &'a str, heading: &str) -> &'a str {
    let start = doc
        .find(heading)
        .unwrap_or_else(|| panic!("facts.md lost heading {heading}"));
    let rest = &doc[start + heading.len()..];
    let end = rest
        .find("\n### ")
        .into_iter()
        .chain(rest.find("\n## "))
        .min()
        .unwrap_or(rest.len());
    &rest[..end]
}

fn first_column(table: &str) -> Vec<String> {
    table
        .lines()
        .filter(|l| l.starts_with('|') && !l.starts_with("|---") && !l.starts_with("| ---"))
        .skip(1)
        .flat_map(|l| backticked(l.split('|').nth(1).unwrap_or("")))
        .map(|v| if v == "\"\"" { String::new() } else { v })
        .collect()
}

fn from_facts(doc: &str) -> Vec<(Topic, String)> {
    let mut out = Vec::new();
    let mut add = |t: Topic, vs: Vec<String>| out.extend(vs.into_iter().map(|v| (t, v)));
    add(Topic::VmiPhase, first_column(section(doc, "### 2.1")));
    let s22 = section(doc, "### 2.2");
    add(Topic::ConditionType, first_column(s22));
    let paused_row = s22
        .lines()
        .find(|l| l.starts_with("| `Paused`"))
        .expect("Paused row");
    add(
        Topic::Reason,
        backticked(paused_row)
            .into_iter()
            .filter(|v| v.starts_with("Paused") && v != "Paused")
            .collect(),
    );
    add(
        Topic::Reason,
        first_column(section(doc, "### 2.3"))
            .into_iter()
            .filter(|v| !v.is_empty())
            .collect(),
    );
    add(Topic::Reason, first_column(section(doc, "### 2.4")));
    let s25 = section(doc, "### 2.5");
    let (controller, events) = s25
        .split_once("VMI event reasons")
        .expect("event reasons line");
    add(
        Topic::Reason,
        backticked(
            controller
                .lines()
                .find(|l| l.starts_with('`'))
                .expect("controller list"),
        ),
    );
    let event_list = backticked(events.lines().next().unwrap_or(""))
        .into_iter()
        .filter(|v| v.contains(','))
        .flat_map(|v| {
            v.split(',')
                .map(|x| x.trim().to_string())
                .collect::<Vec<_>>()
        })
        .collect();
    add(Topic::EventReason, event_list);
    let s31 = section(doc, "### 3.1");
    let row = |key: &str| {
        s31.lines()
            .find(|l| l.starts_with(&format!("| `{key}`")))
            .map(backticked)
            .unwrap_or_default()
    };
    add(
        Topic::MigrationMode,
        row("mode")
            .into_iter()
            .skip(1)
            .filter(|v| !v.contains('~'))
            .collect(),
    );
    add(
        Topic::AbortStatus,
        row("abortStatus").into_iter().skip(1).collect(),
    );
    let s32 = section(doc, "### 3.2");
    let phases = &s32[s32.find("**Phases").expect("VMIM phases")..];
    let phases = &phases[..phases.find("Helpers:").unwrap_or(phases.len())];
    add(Topic::VmimPhase, first_column(phases));
    let conds = &s32[s32
        .find("**VMIM condition types**")
        .expect("VMIM conditions")..];
    let conds = &conds[..conds.find("**Evacuation").unwrap_or(conds.len())];
    add(
        Topic::VmimCondition,
        conds
            .lines()
            .filter(|l| l.starts_with("* `"))
            .filter_map(|l| backticked(l).into_iter().next())
            .collect(),
    );
    let s81 = section(doc, "### 8.1");
    add(
        Topic::EvictionStrategy,
        s81.lines()
            .filter(|l| l.starts_with("* `"))
            .filter_map(|l| backticked(l).into_iter().next())
            .collect(),
    );
    let s82 = section(doc, "### 8.2");
    let list = s82
        .lines()
        .find(|l| l.starts_with("`Stopped,"))
        .expect("printable list");
    add(
        Topic::VmPrintableStatus,
        backticked(list)
            .join(",")
            .split(',')
            .map(|x| x.trim().to_string())
            .collect(),
    );
    out
}

/// The same lists, copied from facts.md (HEAD d923fdb8), for when it is not next to the repo.
fn copied() -> Vec<(Topic, String)> {
    let mut out = Vec::new();
    let mut add = |t: Topic, vs: &[&str]| out.extend(vs.iter().map(|v| (t, v.to_string())));
    add(
        Topic::VmiPhase,
        &[
            "",
            "Pending",
            "Scheduling",
            "Scheduled",
            "Running",
            "Succeeded",
            "Failed",
            "WaitingForSync",
            "Unknown",
        ],
    );
    add(
        Topic::ConditionType,
        &[
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
        ],
    );
    add(
        Topic::Reason,
        &[
            "PausedByUser",
            "PausedIOError",
            "PausedByMigrationMonitor",
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
            "Synchronizing with the Domain failed.",
            "Unschedulable",
            "CrossArchitectureEmulation",
            "UtilityVolumesPresent",
            "BackupInProgress",
            "This guest agent doesn't support required basic commands",
            "This guest agent doesn't support required public key commands",
            "This guest agent doesn't support required password commands",
            "Guest agent version '2.5.0' is not supported",
        ],
    );
    add(
        Topic::EventReason,
        &[
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
        ],
    );
    add(
        Topic::VmimPhase,
        &[
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
        ],
    );
    add(
        Topic::VmimCondition,
        &[
            "migrationAbortRequested",
            "migrationRejectedByResourceQuota",
            "migrationBlockedByUtilityVolumes",
            "decentralizedMigrationBlocked",
            "migrationBlockedByBackup",
        ],
    );
    add(
        Topic::EvictionStrategy,
        &["None", "LiveMigrate", "LiveMigrateIfPossible", "External"],
    );
    add(Topic::MigrationMode, &["PreCopy", "PostCopy", "Paused"]);
    add(Topic::AbortStatus, &["Succeeded", "Failed", "Aborting"]);
    add(
        Topic::VmPrintableStatus,
        &[
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
        ],
    );
    out
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
    assert_all_known(&values);
}

#[test]
fn every_value_in_facts_md_has_an_entry() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/kubevirt/facts.md");
    let Ok(doc) = std::fs::read_to_string(&path) else {
        eprintln!(
            "facts.md not found at {}; the copied lists are checked instead",
            path.display()
        );
        return;
    };
    let values = from_facts(&doc);
    // The extraction itself must find the lists, or this test would pass vacuously.
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
        assert!(n >= min, "extracted only {n} values for {t:?}: {values:?}");
    }
    assert_all_known(&values);
    // And the copy stays in step with the file.
    let copy = copied();
    for v in &values {
        assert!(
            copy.contains(v),
            "facts.md lists {v:?} but the copied list lacks it"
        );
    }
}
