//! A CSI driver refusing to take a volume's snapshot.
//!
//! The CSI snapshotter sidecar calls the driver's CreateSnapshot and, when it fails, records
//! "failed to take snapshot of the volume, %s: %q" with the driver's gRPC status
//! (kubernetes-csi/external-snapshotter `pkg/sidecar-controller/snapshot_controller.go`,
//! createSnapshotWrapper; the releases before the split, `pkg/controller/snapshot_controller.go`:
//! "failed to take snapshot of the volume %s: %q"). The common snapshot controller copies it
//! into the VolumeSnapshot's `status.error.message` ("Failed to check and update snapshot
//! content: …", `pkg/common-controller/snapshot_controller.go`), which KubeVirt's snapshot
//! controller waits on: the VirtualMachineSnapshot stays InProgress and its
//! VirtualMachineSnapshotContent carries the error (`pkg/storage/snapshot/snapshot.go`,
//! `pkg/storage/snapshot/content.go`). The driver refused the request (its gRPC code: the
//! volume's mode or size, a missing secret, an unsupported class): the storage provisioning
//! that the control plane drives, not a node's I/O nor the guest (data table; the fresh
//! corpus labels CSI snapshot failures so).

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const REFUSED: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    title: "the CSI driver refused to take a volume's snapshot",
    cause: "the snapshot controller asked the volume's CSI driver to snapshot it \
        (CreateSnapshot) and the driver refused (its gRPC code says why: the volume's mode or \
        size, a missing snapshot secret, a class the driver does not support), so the \
        VolumeSnapshot is not ready and the VM snapshot or backup that waits on it does not \
        complete",
    next_steps: &[
        "kubectl get volumesnapshot -n <ns> -o yaml (status.error.message)",
        "kubectl get volumesnapshotclass -o yaml (driver, parameters, secrets)",
        "kubectl logs -n <driver namespace> <CSI controller pod> -c csi-snapshotter",
    ],
    source: "kubernetes-csi/external-snapshotter pkg/sidecar-controller/snapshot_controller.go \
        (\"failed to take snapshot of the volume, %s: %q\"); KubeVirt pkg/storage/snapshot/",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[Signature {
    id: "csi-snapshot-refused",
    all: &["failed to take snapshot of the volume"],
    example: "Failed to check and update snapshot content: failed to take snapshot of the volume pvc-1f2e: \"rpc error: code = InvalidArgument desc = volume mode not supported\"",
    ..REFUSED
}];
