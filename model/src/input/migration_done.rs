//! A migration that started and then succeeded, in one paste. KubeVirt up to v1.5 expands the
//! VMI's PodDisruptionBudget when a migration starts (`pkg/virt-controller/watch/drain/
//! disruptionbudget/disruptionbudget.go`: "Expanded PodDisruptionBudget %s") and Harvester
//! marks the VMI `harvesterhci.io/migrationState: Migrating`: both say a migration is under
//! way, which the reader weighs as degraded while nothing says how it ended. Its success is
//! said by the target's virt-handler (`pkg/virt-handler/migration-target.go`: Normal event
//! `Migrated`, "The VirtualMachineInstance migrated to node %s.") and by the migration
//! controller (`pkg/virt-controller/watch/migration/migration.go`: Normal event
//! `SuccessfulMigration`, "Source node reported migration succeeded"). A start that such a
//! line follows (kubectl's describers and `get events --sort-by` list events oldest first) is
//! history: its signal is withdrawn. A start after the last success keeps its reading, and so
//! does every failure line.

use super::read::ReadPaste;

/// The signatures that say a migration is under way.
const STARTED: &[&str] = &["pdb-expanded", "harvester-migrating"];

/// What KubeVirt says when a migration succeeded.
const SUCCEEDED: &[&str] = &[
    "The VirtualMachineInstance migrated to node",
    "Source node reported migration succeeded",
];

/// Withdraws the signals of a migration's start that a later success line answers.
pub fn settle(out: &mut ReadPaste, input: &str) {
    let started = |s: &crate::evidence::Signal| {
        s.signature
            .as_deref()
            .is_some_and(|id| STARTED.contains(&id))
    };
    // Without a start to withdraw, the paste is not scanned for a success.
    if !out.signals.iter().any(started) {
        return;
    }
    // The last line saying so: the last occurrence of either sentence, by its line number
    // (neither spans lines), found without reading the paste line by line.
    let Some(last) = SUCCEEDED
        .iter()
        .filter_map(|s| input.rfind(s))
        .max()
        .map(|at| memchr::memchr_iter(b'\n', &input.as_bytes()[..at]).count() + 1)
    else {
        return;
    };
    out.signals.retain(|s| !(started(s) && s.line < last));
}
