//! Condition reasons explained together with their condition type, for reasons that several
//! condition types share (`VirtualMachineInstanceReasonNotMigratable` on `LiveMigratable` and
//! `StorageLiveMigratable`, `pkg/virt-handler/vm.go` `generateStorageLiveMigrationCondition`;
//! `DecentralizedNotLiveMigratable` on `DecentralizedLiveMigrationFailure`,
//! `pkg/synchronization-controller/synchronization-controller.go`
//! `setDecentralizedLiveMigrationFailure`, v1.8+).

use crate::explain::commands::{GET_VMI, GET_VMIM, VMIMS};
use crate::explain::entry::Entry;
use crate::explain::{Severity, Topic};

use super::migratable::NOT_MIGRATABLE_IMPLIES;

/// One (condition type, reason) entry; with `message`, only when the message contains it.
pub(in crate::explain) struct ByCondition {
    pub condition: &'static str,
    pub message: Option<&'static str>,
    pub entry: Entry,
}

/// The message `waitingForSyncErrorMessage`, set while the VMIM phase is `WaitingForSync`.
const WAITING_FOR_SYNC: &str = "waiting for incoming synchronization, unable to proceed";

/// The (type, reason) entries, most specific first.
pub(in crate::explain) const BY_CONDITION: &[ByCondition] = &[
    ByCondition {
        condition: "LiveMigratable",
        message: None,
        entry: Entry {
            topic: Topic::Reason,
            value: "NotMigratable",
            severity: Severity::Warning,
            can_migrate: Some(false),
            title: "Not migratable",
            meaning: "Generic reason; the message lists the blocking items as '<Reason>: <message>'.",
            implies: NOT_MIGRATABLE_IMPLIES,
            steps: &[GET_VMI],
        },
    },
    ByCondition {
        condition: "StorageLiveMigratable",
        message: None,
        entry: Entry {
            topic: Topic::Reason,
            value: "NotMigratable",
            severity: Severity::Info,
            can_migrate: None,
            title: "Volume migration not possible",
            meaning: "A volume (storage) migration is not possible for the items listed in the message as '<Reason>: <message>' (`calculateLiveStorageMigrationCondition`, v1.4+).",
            implies: "Only a volume migration (volume update strategy Migration) is affected; compute live migration and evictions are not.",
            steps: &[GET_VMI],
        },
    },
    ByCondition {
        condition: "DecentralizedLiveMigrationFailure",
        message: Some(WAITING_FOR_SYNC),
        entry: Entry {
            topic: Topic::Reason,
            value: "DecentralizedNotLiveMigratable",
            severity: Severity::Info,
            can_migrate: None,
            title: "Cross-cluster migration waiting for synchronization",
            meaning: "The condition is True with this message during a normal decentralized migration while the VMIM is in phase WaitingForSync (v1.8+).",
            implies: "A wait, not an error: the other cluster's side has not connected yet.",
            steps: &[VMIMS],
        },
    },
    ByCondition {
        condition: "DecentralizedLiveMigrationFailure",
        message: None,
        entry: Entry {
            topic: Topic::Reason,
            value: "DecentralizedNotLiveMigratable",
            severity: Severity::Warning,
            can_migrate: None,
            title: "Cross-cluster migration error",
            meaning: "A decentralized (cross-cluster) migration failed to synchronize; the message holds the error (for example an x509 hostname error) (v1.8+).",
            implies: "The cross-cluster migration does not proceed until the error is fixed.",
            steps: &[GET_VMIM, VMIMS],
        },
    },
];
