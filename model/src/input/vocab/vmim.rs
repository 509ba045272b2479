//! A migration's PHASE column (`.status.phase`, the VMIM CRD's `Phase` printer column): the
//! `VirtualMachineInstanceMigrationPhase` constants of KubeVirt's
//! `staging/src/kubevirt.io/api/core/v1/types.go`, each with its layer.

use super::{Meaning, m};
use crate::verdict::{Health::*, Layer::*};

pub(super) const SOURCE: &str =
    "KubeVirt staging/src/kubevirt.io/api/core/v1/types.go (VirtualMachineInstanceMigrationPhase)";

/// One entry per value, one line each.
#[rustfmt::skip]
pub(super) const PHASES: &[Meaning] = &[
    m("Pending", Some(Migration), Healthy, "The migration is accepted and waits for its turn."),
    m("Scheduling", Some(Migration), Healthy, "The target launcher pod is being scheduled."),
    m("Scheduled", Some(Migration), Healthy, "The target launcher pod runs."),
    m("PreparingTarget", Some(Migration), Healthy, "The target pod is being prepared."),
    m("TargetReady", Some(Migration), Healthy, "The target is ready; the transfer starts."),
    m("Running", Some(Migration), Healthy, "The transfer is in progress."),
    m("Succeeded", None, Healthy, "The migration completed."),
    m("Failed", Some(Migration), Broken, "The migration failed; the VMI stays (or goes back) on its source node."),
    m("WaitingForSync", Some(Migration), Healthy, "A cross-cluster migration waits for the VMI to synchronize."),
    m("Synchronizing", Some(Migration), Healthy, "A cross-cluster migration synchronizes the VMI with the target."),
];
