//! A migration listed before its target is ready, and the plane a migration's phase names.
//!
//! A migration's phases only move forward (KubeVirt `staging/src/kubevirt.io/api/core/v1/
//! types.go`, `VirtualMachineInstanceMigrationPhase`): Pending (accepted, no target pod yet),
//! Scheduling (the target pod created, not placed), Scheduled, PreparingTarget (virt-handler on
//! the target prepares it), TargetReady, then Running (the transfer), Succeeded or Failed
//! (`pkg/virt-controller/watch/migration/migration.go` sets them). Until TargetReady nothing has
//! moved: a fault there is the migration's control plane (target pod, quota, scheduling,
//! parallelism limits); from Running on, the transfer's.
//!
//! The vocabulary calls the waiting phases healthy, as it does a VMI's starting phases, which a
//! row's AGE past the "stuck in a phase" limit turns into a fault (`sightings::stuck_starting`).
//! A migration's row has no AGE to judge by: the VMIM CRD prints only Phase and VMI
//! (`pkg/virt-operator/resource/generate/components/crds.go`, its `additionalPrinterColumns`,
//! as `super::columns` lists them). A migration is short-lived (seconds to minutes), so a `get
//! vmim` row still waiting for its target is what one pastes when it does not move: degraded,
//! the migration's control plane, unless the row states an age under the limit.

use super::age::Age;
use super::vocab::{Kind, Meaning};
use crate::evidence::SignalPlane;
use crate::verdict::Health;

/// The phases before the target is ready.
const WAITING: &[&str] = &["Pending", "Scheduling", "Scheduled", "PreparingTarget"];

/// A `kubectl get vmim` row still waiting for its target, with no age under the limit: degraded.
/// `kind`, `from` and `age` are those of the sighting the table reader is judging.
pub(super) fn waiting(kind: Kind, from: &str, age: Option<&Age>, m: &Meaning) -> Option<Meaning> {
    if kind != Kind::Vmim
        || !from.contains("table row")
        || m.health != Health::Healthy
        || !WAITING.contains(&m.value)
    {
        return None;
    }
    if age.is_some_and(|a| a.low as f64 <= crate::thresholds::STUCK_IN_PHASE_SECS) {
        return None;
    }
    Some(Meaning {
        health: Health::Degraded,
        meaning: "The migration waits for its target; nothing has been transferred yet. \
            A migration leaves these phases within seconds to minutes, and kubectl prints no \
            age for it. One that stays has no target pod created or placed (a ResourceQuota \
            without room, node selectors or affinity no other node meets, the limits on \
            parallel migrations). The target pod's events and the migration's conditions say \
            which.",
        ..*m
    })
}

/// The plane a migration's phase names: before the target is ready the control plane, the
/// transfer's phases the data plane; a final phase says nothing of where it ended.
pub(super) fn plane(kind: Kind, phase: &str) -> Option<SignalPlane> {
    if kind != Kind::Vmim {
        return None;
    }
    match phase {
        p if WAITING.contains(&p) || p == "TargetReady" => Some(SignalPlane::Control),
        "Running" => Some(SignalPlane::Data),
        _ => None,
    }
}
