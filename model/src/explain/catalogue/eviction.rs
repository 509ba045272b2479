//! Eviction strategies.
//!
//! The `EvictionStrategy` constants in KubeVirt's
//! `staging/src/kubevirt.io/api/core/v1/types.go`, as the eviction webhook treats them
//! (`admitLauncherPod`, `pkg/virt-api/webhooks/validating-webhook/admitters/pod-eviction-admitter.go`).

use crate::explain::commands::{GET_VM, GET_VMI};
use crate::explain::entry::Entry;
use crate::explain::{Severity, Topic};

pub(super) const EVICTION_STRATEGIES: &[Entry] = &[
    Entry {
        topic: Topic::EvictionStrategy,
        value: "None",
        severity: Severity::Warning,
        can_migrate: None,
        title: "Eviction strategy None",
        meaning: "Nothing special: an evicted launcher pod is deleted and the run strategy decides whether the VM restarts elsewhere or stays stopped.",
        implies: "A drain shuts the VM down.",
        steps: &[GET_VM],
    },
    Entry {
        topic: Topic::EvictionStrategy,
        value: "LiveMigrate",
        severity: Severity::Info,
        can_migrate: None,
        title: "Eviction strategy LiveMigrate",
        meaning: "On eviction the VM is migrated instead of shut down. If it is not live-migratable the eviction is denied.",
        implies: "A drain migrates it, or blocks when it cannot migrate.",
        steps: &[GET_VMI],
    },
    Entry {
        topic: Topic::EvictionStrategy,
        value: "LiveMigrateIfPossible",
        severity: Severity::Info,
        can_migrate: None,
        title: "Eviction strategy LiveMigrateIfPossible",
        meaning: "Like LiveMigrate when LiveMigratable=True, otherwise like None.",
        implies: "A drain migrates it when possible and shuts it down otherwise.",
        steps: &[GET_VMI],
    },
    Entry {
        topic: Topic::EvictionStrategy,
        value: "External",
        severity: Severity::Info,
        can_migrate: None,
        title: "Eviction strategy External",
        meaning: "The eviction is denied and the VMI marked (evacuationNodeName) for an external controller (such as cluster-api-provider-kubevirt), which must move or remove it; KubeVirt does not migrate it (`admitLauncherPod`, pod-eviction-admitter.go).",
        implies: "A drain waits for the external controller.",
        steps: &[GET_VMI],
    },
];
