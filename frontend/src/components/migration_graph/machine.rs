//! The VMIM phase transitions virt-controller makes, and the abort states, as the graph draws
//! them. Followed from KubeVirt's `pkg/virt-controller/watch/migration/migration.go`:
//! `processMigrationPhase` moves one step at a time ("" → Pending, or WaitingForSync /
//! Synchronizing for a decentralized migration, both → Pending; Pending → Scheduling →
//! Scheduled → PreparingTarget → TargetReady → Running → Succeeded); `updateStatus` fails any
//! migration that is not final (`failMigration` / `interruptMigration` set Failed) and leaves a
//! final one (`IsFinal`: Succeeded or Failed) alone, so nothing leaves Succeeded or Failed.
//! The abort states are `MigrationAbortStatus` of `staging/src/kubevirt.io/api/core/v1/types.go`
//! (Aborting, Succeeded, Failed), reached once an abort was requested.

/// The unset phase: virt-controller has not processed the VMIM yet.
pub const UNSET: &str = "";

/// Phases that are final (`IsFinal`).
pub const FINAL: [&str; 2] = ["Succeeded", "Failed"];

/// Every phase virt-controller sets that is not final, in the order of the main path.
pub const NOT_FINAL: [&str; 9] = [
    UNSET,
    "WaitingForSync",
    "Synchronizing",
    "Pending",
    "Scheduling",
    "Scheduled",
    "PreparingTarget",
    "TargetReady",
    "Running",
];

/// The steps of `processMigrationPhase`.
pub const STEPS: [(&str, &str); 11] = [
    (UNSET, "Pending"),
    (UNSET, "WaitingForSync"),
    (UNSET, "Synchronizing"),
    ("WaitingForSync", "Pending"),
    ("Synchronizing", "Pending"),
    ("Pending", "Scheduling"),
    ("Scheduling", "Scheduled"),
    ("Scheduled", "PreparingTarget"),
    ("PreparingTarget", "TargetReady"),
    ("TargetReady", "Running"),
    ("Running", "Succeeded"),
];

/// Whether virt-controller moves a VMIM from `from` to `to`.
pub fn transition(from: &str, to: &str) -> bool {
    STEPS.contains(&(from, to)) || (to == "Failed" && NOT_FINAL.contains(&from))
}

/// Every transition: the steps, then each non-final phase to Failed.
pub fn edges() -> Vec<(&'static str, &'static str)> {
    STEPS
        .iter()
        .copied()
        .chain(NOT_FINAL.iter().map(|p| (*p, "Failed")))
        .collect()
}

/// The abort machine: requested (`abortRequested`, or the VMIM condition
/// `migrationAbortRequested`), then the abort status virt-handler reports.
pub const ABORT_STEPS: [(&str, &str); 4] = [
    ("NotRequested", "Requested"),
    ("Requested", "Aborting"),
    ("Aborting", "Succeeded"),
    ("Aborting", "Failed"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_leaves_a_final_phase() {
        for f in FINAL {
            assert!(
                edges().iter().all(|(from, _)| *from != f),
                "{f} has an exit"
            );
        }
        assert!(!transition("Succeeded", "Failed"));
        assert!(!transition("Failed", "Pending"));
    }

    #[test]
    fn every_phase_before_the_end_can_fail() {
        for p in [
            "Pending",
            "Scheduling",
            "Scheduled",
            "PreparingTarget",
            "TargetReady",
            "Running",
        ] {
            assert!(transition(p, "Failed"), "{p}");
        }
    }

    #[test]
    fn the_main_path_moves_one_step_at_a_time() {
        let path = crate::components::migration_graph::MAIN_PATH;
        for w in path.windows(2) {
            assert!(transition(w[0], w[1]), "{} → {}", w[0], w[1]);
        }
        assert!(!transition("Pending", "Running"));
        assert!(!transition("Running", "Pending"));
        assert!(transition(UNSET, "Pending"));
        assert!(transition("WaitingForSync", "Pending"));
        assert!(transition("Synchronizing", "Pending"));
    }

    #[test]
    fn an_abort_ends_succeeded_or_failed() {
        let ends: Vec<_> = ABORT_STEPS
            .iter()
            .filter(|(_, to)| !ABORT_STEPS.iter().any(|(f, _)| f == to))
            .map(|(_, to)| *to)
            .collect();
        assert_eq!(ends, ["Succeeded", "Failed"]);
    }
}
