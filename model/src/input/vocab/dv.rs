//! A DataVolume's PHASE column (`.status.phase`): the `DataVolumePhase` constants of CDI's
//! `staging/src/kubevirt.io/containerized-data-importer-api/pkg/apis/core/v1beta1/types.go`.
//! Storage is provisioned by the control plane (CDI's controllers), so its faults point there.

use super::{Meaning, m};
use crate::verdict::{Health::*, Layer::*};

pub(super) const SOURCE: &str = "CDI staging/src/kubevirt.io/containerized-data-importer-api/pkg/apis/core/v1beta1/types.go (DataVolumePhase)";

const WAIT: &str = "CDI is provisioning the volume; the VM waits for it.";

/// One entry per value, one line each.
#[rustfmt::skip]
pub(super) const PHASES: &[Meaning] = &[
    m("Pending", Some(ControlPlane), Healthy, "The DataVolume is accepted; nothing started yet."),
    m("PVCBound", Some(ControlPlane), Healthy, "Its PVC is bound; the population starts."),
    m("ImportScheduled", Some(ControlPlane), Healthy, WAIT),
    m("ImportInProgress", Some(ControlPlane), Healthy, WAIT),
    m("CloneScheduled", Some(ControlPlane), Healthy, WAIT),
    m("CloneInProgress", Some(ControlPlane), Healthy, WAIT),
    m("SnapshotForSmartCloneInProgress", Some(ControlPlane), Healthy, WAIT),
    m("CloneFromSnapshotSourceInProgress", Some(ControlPlane), Healthy, WAIT),
    m("SmartClonePVCInProgress", Some(ControlPlane), Healthy, WAIT),
    m("CSICloneInProgress", Some(ControlPlane), Healthy, WAIT),
    m("ExpansionInProgress", Some(ControlPlane), Healthy, WAIT),
    m("NamespaceTransferInProgress", Some(ControlPlane), Healthy, WAIT),
    m("UploadScheduled", Some(ControlPlane), Healthy, "The upload server is being scheduled."),
    m("UploadReady", Some(ControlPlane), Healthy, "The upload server waits for the data."),
    m("WaitForFirstConsumer", Some(ControlPlane), Healthy, "The storage class binds on first use: the volume is provisioned when the VM's pod is scheduled."),
    m("PendingPopulation", Some(ControlPlane), Healthy, "The PVC waits for its populator (first consumer)."),
    m("Succeeded", None, Healthy, "The volume is ready."),
    m("Failed", Some(ControlPlane), Broken, "The import, clone or upload failed."),
    m("Unknown", Some(ControlPlane), Degraded, "The DataVolume's state cannot be determined."),
    m("Paused", Some(ControlPlane), Degraded, "A multi-stage import is paused (waits for its next checkpoint)."),
    m("PrepClaimInProgress", Some(ControlPlane), Healthy, WAIT),
    m("RebindInProgress", Some(ControlPlane), Healthy, WAIT),
];
