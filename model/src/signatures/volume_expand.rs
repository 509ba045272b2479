//! A claim's expansion, step by step, in the words of the programs that record it. The volume
//! expansion controller of kube-controller-manager (kubernetes `pkg/controller/volume/expand/
//! expand_controller.go`, recorder `volume_expand`) hands a claim whose volume has no in-tree
//! resizer to the CSI driver's external resizer with the event `ExternalExpanding`, "waiting for
//! an external controller to expand this PVC", recorded as a Warning whenever looking up an
//! in-tree plugin errs, which it does for every CSI volume: the normal first step, no fault.
//! Its failures to hand over are its own words ("error getting CSI driver name for pvc %s",
//! "error setting resizer annotation to pvc %s"): the controller's, the control plane's. The
//! external resizer (kubernetes-csi/external-resizer `pkg/controller/controller.go`) records
//! `Resizing`, then `VolumeResizeFailed` with "resize volume %q by resizer %q failed: %v" when
//! the storage refuses (the node's storage by this corpus' conventions) or
//! `FileSystemResizeRequired`; the kubelet finishes with `MountVolume.NodeExpandVolume`
//! (`pkg/volume/util/operationexecutor/operation_generator.go`: "succeeded", or "failed" for the
//! node's file system resize).

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "pvc-external-expanding",
        all: &[
            "ExternalExpanding",
            "waiting for an external controller to expand this PVC",
        ],
        title: "the claim's expansion is handed to the CSI driver's resizer (normal first step)",
        cause: "kube-controller-manager's expansion controller has no in-tree resizer for a CSI \
            volume and hands the claim to the driver's external resizer with this event (a \
            Warning only because its plugin lookup errs for every CSI volume); the resizer's own \
            events follow: a step of every expansion, not a fault",
        source: "kubernetes pkg/controller/volume/expand/expand_controller.go (ExternalExpanding: \
            \"waiting for an external controller to expand this PVC\")",
        example: "  Warning  ExternalExpanding  2m  volume_expand  waiting for an external controller to expand this PVC",
        ..BASE
    },
    Signature {
        id: "pvc-expand-handover-failed",
        any: &[
            "error getting CSI driver name for pvc",
            "error setting resizer annotation to pvc",
        ],
        all: &["ExternalExpanding"],
        layer: Some(Layer::ControlPlane),
        health: Health::Degraded,
        title: "the expansion controller could not hand the claim to its CSI resizer",
        cause: "kube-controller-manager's expansion controller could not name the CSI driver of \
            a migrated in-tree volume or could not annotate the claim with its resizer, so no \
            resizer takes the expansion up and the claim keeps its old size",
        next_steps: &[
            "kubectl get pvc <name> -n <ns> -o yaml (annotations: volume.kubernetes.io/storage-resizer)",
            "kubectl logs -n kube-system <kube-controller-manager pod> (the expansion controller)",
        ],
        source: "kubernetes pkg/controller/volume/expand/expand_controller.go (\"error getting \
            CSI driver name for pvc %s\", \"error setting resizer annotation to pvc %s\")",
        example: "Warning  ExternalExpanding  1m  volume_expand  error setting resizer annotation to pvc ns/disk-0, with error conflict",
        ..BASE
    },
    Signature {
        id: "pvc-resize-failed",
        all: &["resize volume", "by resizer", "failed"],
        layer: Some(Layer::Node),
        health: Health::Degraded,
        title: "the storage refused to expand the volume (VolumeResizeFailed)",
        cause: "the CSI driver's external resizer asked the storage to grow the volume and the \
            driver answered with an error (the backend's size limits, an expansion it does not \
            support while the volume is attached, a quota): the claim keeps its old size and \
            the VM sees no new space",
        next_steps: &[
            "kubectl describe pvc <name> -n <ns> (the driver's error in the event)",
            "kubectl logs <csi controller pod> -c csi-resizer",
        ],
        source: "kubernetes-csi/external-resizer pkg/controller/controller.go (VolumeResizeFailed: \
            \"resize volume %q by resizer %q failed: %v\")",
        example: "Warning  VolumeResizeFailed  2s  external-resizer driver.example.io  resize volume \"pvc-1\" by resizer \"driver.example.io\" failed: rpc error: code = Internal desc = cannot grow",
        ..BASE
    },
];
