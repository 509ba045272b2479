//! A VMI's PHASE column (`.status.phase`, the VMI CRD's `Phase` printer column): the
//! `VirtualMachineInstancePhase` constants of KubeVirt's
//! `staging/src/kubevirt.io/api/core/v1/types.go`, each with its layer.

use super::{Meaning, m};
use crate::verdict::{Health::*, Layer::*};

pub(super) const SOURCE: &str =
    "KubeVirt staging/src/kubevirt.io/api/core/v1/types.go (VirtualMachineInstancePhase)";

/// One entry per value, one line each.
#[rustfmt::skip]
pub(super) const PHASES: &[Meaning] = &[
    m("Pending", Some(ControlPlane), Healthy, "Accepted; virt-controller prepares the launcher pod."),
    m("Scheduling", Some(ControlPlane), Healthy, "The launcher pod exists but is not yet scheduled and running."),
    m("Scheduled", Some(Node), Healthy, "The launcher pod runs; virt-handler defines and starts the domain."),
    m("Running", None, Healthy, "The guest was started and runs."),
    m("Succeeded", None, Healthy, "The guest shut down on its own; the VMI is final."),
    m("Failed", Some(Node), Broken, "The guest is gone: its domain or its virt-launcher pod ended in failure on the node; the VMI is final."),
    m("WaitingForSync", Some(Migration), Healthy, "The VMI waits for its state from the source of a cross-cluster migration."),
    m("Unknown", Some(Node), Degraded, "The VMI's state cannot be obtained, typically because its node cannot be reached."),
];
