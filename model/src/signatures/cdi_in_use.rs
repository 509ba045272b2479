//! CDI waiting on a claim another pod uses: before it starts a clone source pod, a smart
//! clone's snapshot, an importer or an upload server, CDI lists the pods that mount the claim
//! and, while any does, records a Warning event per pod and requeues: "pod %s/%s using
//! PersistentVolumeClaim %s", with the reason `CloneSourceInUse` (containerized-data-importer
//! `pkg/controller/clone/common.go` and the host-assisted `pkg/controller/clone-controller.go`;
//! the constant in `pkg/controller/common/util.go`), `SmartCloneSourceInUse`
//! (`pkg/controller/datavolume/*clone-controller*.go`), `ImportTargetInUse`
//! (`pkg/controller/import-controller.go`) or `UploadTargetInUse`
//! (`pkg/controller/upload-controller.go`). The population does not start until that pod lets
//! go of the claim (a running VM's virt-launcher, most often): the DataVolume's workflow is
//! held, the storage side of the control plane, as the rest of CDI's events (`cdi.rs`);
//! degraded, nothing failed. The scheduler's "node has pod using PersistentVolumeClaim with
//! the same name and ReadWriteOncePod access mode" is a node filter's, not CDI's.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const IN_USE: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Degraded,
    // The scheduler's filter (below), and an event its recorder logged as Normal (controller-
    // runtime's `"logger":"events"` line carries the event's type: CDI records these as
    // Warning, and a Normal event is no fault; `paste_round7.rs`).
    none: &["ReadWriteOncePod", "\"type\":\"Normal\""],
    title: "CDI waits for a pod to release the claim (in use)",
    cause: "CDI's controller (cdi-deployment) does not start the clone, import or upload \
        while another pod mounts the claim (the clone's source, or the import's or upload's \
        target): the DataVolume stays \
        waiting, its disk unprovisioned, until that pod (often a running VM's virt-launcher) \
        stops using it",
    next_steps: &[
        "kubectl get events -n <ns> --field-selector involvedObject.name=<dv or pvc> (the pod named)",
        "stop the VM using the source claim (virtctl stop <vm>), or clone from a VolumeSnapshot",
        "kubectl get dv <name> -n <ns> -o yaml (status.phase, conditions)",
    ],
    source: "containerized-data-importer pkg/controller/clone/common.go, \
        pkg/controller/datavolume/*clone-controller*.go, pkg/controller/import-controller.go, \
        pkg/controller/upload-controller.go (\"pod %s/%s using PersistentVolumeClaim %s\"; \
        reasons in pkg/controller/common/util.go)",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[Signature {
    id: "cdi-claim-in-use",
    all: &["pod ", " using PersistentVolumeClaim "],
    example: "Warning  CloneSourceInUse  2m  clone-populator  pod default/virt-launcher-db-7xk2p using PersistentVolumeClaim db-root",
    ..IN_USE
}];
