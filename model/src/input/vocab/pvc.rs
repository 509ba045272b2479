//! A PVC's STATUS column (`.status.phase`): the `PersistentVolumeClaimPhase` constants of
//! Kubernetes' `staging/src/k8s.io/api/core/v1/types.go`.

use super::{Meaning, m};
use crate::verdict::{Health::*, Layer::*};

pub(super) const SOURCE: &str =
    "Kubernetes staging/src/k8s.io/api/core/v1/types.go (PersistentVolumeClaimPhase)";

/// One entry per value, one line each.
#[rustfmt::skip]
pub(super) const PHASES: &[Meaning] = &[
    m("Pending", Some(ControlPlane), Degraded, "The claim is not bound to a volume yet (no matching volume, no provisioner, or WaitForFirstConsumer)."),
    m("Bound", None, Healthy, "The claim is bound to a volume."),
    m("Lost", Some(ControlPlane), Broken, "The claim's volume is gone; its data is lost to the claim."),
];
