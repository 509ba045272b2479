//! The plane of a migration the paste shows only as Failed, from the same VMI's other
//! migrations.
//!
//! A migration's final phase says it failed, not where: `Failed` is set from any phase
//! (`pkg/virt-controller/watch/migration/migration.go`), before the target pod was placed or
//! during the transfer. The phases before it only move forward (Pending, Scheduling, Scheduled,
//! PreparingTarget, TargetReady, then Running; `VirtualMachineInstanceMigrationPhase` in
//! `staging/src/kubevirt.io/api/core/v1/types.go`), and the migration controller handles a
//! VMI's migrations one at a time, a newer one not taken on while the VMI's current one is not final
//! (`canMigrateVMI` in the same file); a VMI's migrations that fail again and again (the
//! workload updater's and an evacuation's are created anew after each failure) stop at the
//! same step while the cause stays.
//! So when the winning reading is a Failed migration of a VMI whose other migrations in the
//! paste say where they stand (one waiting for its target: the control plane; one
//! transferring: the data plane) and they all say the same, that is where this VMI's
//! migrations stop.

use super::pipeline::Analysis;
use crate::evidence::{Signal, SignalPlane};
use crate::verdict::Layer;

/// The one plane the other migration signals of `s`'s VMI name, when they agree.
pub fn of_same_vmi(a: &Analysis, s: &Signal) -> Option<SignalPlane> {
    let bundle = a.dump.bundles.iter().find(|b| {
        b.signals
            .iter()
            .any(|x| x.line == s.line && x.title == s.title)
    })?;
    let mut planes = bundle
        .signals
        .iter()
        .filter(|x| x.layer == Some(Layer::Migration) && x.line != s.line)
        .filter_map(|x| x.plane);
    let first = planes.next()?;
    planes.all(|p| p == first).then_some(first)
}
