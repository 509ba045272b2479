//! Longhorn's CSI driver (`driver.longhorn.io`, longhorn/longhorn-manager `csi/`) refusing to
//! attach, stage, mount or expand a volume: the `status.Errorf` messages of
//! `csi/controller_server.go` (ControllerPublishVolume, ControllerUnpublishVolume,
//! ControllerExpandVolume) and `csi/node_server.go` (NodeStageVolume, NodePublishVolume,
//! NodeExpandVolume), which the kubelet and the external attacher relay in a pod's events
//! (`AttachVolume.Attach failed for volume … : rpc error: code = Aborted desc = volume … is not
//! ready for workloads`, `MountVolume.MountDevice failed …`) and the CSI plugin logs.
//!
//! A volume not attached, not ready for workloads, or whose device cannot be staged on the node
//! keeps the VM's launcher pod from starting: the node's storage, broken. The messages about a
//! request's own fields (`volume id missing in request`, an unsupported access mode) are the
//! caller's and not a VM's disk failing; they are left out, as are the success paths. Each is
//! matched inside the gRPC status it travels in (`rpc error: code = … desc = …`, as the kubelet,
//! the external attacher and the plugin print it), so a message is read as Longhorn's CSI
//! driver's, above the kubelet's general reading of the operation that failed.

use super::Signature;
use super::base::BASE;
use super::longhorn_steps::CSI;
use crate::verdict::{Health, Layer};

/// A volume the CSI driver will not attach or mount.
const NOT_READY: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    title: "Longhorn's CSI driver could not attach or mount the VM's volume",
    cause: "the kubelet asked Longhorn's CSI driver to attach, stage or mount the volume and it \
        refused: the volume is not attached to the node or not ready for workloads (no healthy \
        replica, still attaching or detaching, faulted), its attachment timed out, or its \
        device could not be prepared on the node; the VM's launcher pod waits for its disk",
    next_steps: CSI,
    ..BASE
};

/// A volume the CSI driver could not expand.
const EXPAND: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Degraded,
    title: "Longhorn's CSI driver could not expand the VM's volume",
    cause: "the claim was resized and Longhorn's CSI driver could not expand the volume (its \
        state does not allow it, or the expansion did not finish in time): the disk keeps its \
        old size",
    next_steps: CSI,
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "longhorn-csi-not-ready-for-workloads",
        all: &[
            "rpc error",
            "desc = ",
            "volume ",
            " is not ready for workloads",
        ],
        source: "longhorn/longhorn-manager csi/controller_server.go, csi/node_server.go (status.Errorf(codes.Aborted, \"volume %s is not ready for workloads: %v\"))",
        example: "AttachVolume.Attach failed for volume \"pvc-5e1d2c3b\" : rpc error: code = Aborted desc = volume pvc-5e1d2c3b is not ready for workloads",
        ..NOT_READY
    },
    Signature {
        id: "longhorn-csi-not-attached-yet",
        all: &[
            "rpc error",
            "desc = ",
            "volume ",
            " hasn't been attached yet",
        ],
        source: "longhorn/longhorn-manager csi/node_server.go (status.Errorf(codes.InvalidArgument, \"volume %s hasn't been attached yet\"))",
        example: "MountVolume.MountDevice failed for volume \"pvc-5e1d2c3b\" : rpc error: code = InvalidArgument desc = volume pvc-5e1d2c3b hasn't been attached yet",
        ..NOT_READY
    },
    Signature {
        id: "longhorn-csi-attach-failed-attachment-id",
        all: &[
            "rpc error",
            "desc = ",
            " failed to attach to node ",
            " with attachmentID ",
        ],
        source: "longhorn/longhorn-manager csi/controller_server.go (status.Errorf(codes.DeadlineExceeded|Internal, \"volume %v failed to attach to node %v with attachmentID %v\"))",
        example: "rpc error: code = DeadlineExceeded desc = volume pvc-5e1d2c3b failed to attach to node worker-2 with attachmentID csi-0a1b2c3d4e5f",
        ..NOT_READY
    },
    Signature {
        id: "longhorn-csi-detach-failed",
        all: &[
            "rpc error",
            "desc = ",
            "Failed to detach volume ",
            " from node ",
        ],
        cased: &["Failed to detach volume "],
        source: "longhorn/longhorn-manager csi/controller_server.go (status.Errorf(codes.DeadlineExceeded, \"Failed to detach volume %s from node %s\"))",
        example: "DetachVolume.Detach failed for volume \"pvc-5e1d2c3b\" : rpc error: code = DeadlineExceeded desc = Failed to detach volume pvc-5e1d2c3b from node worker-2",
        ..NOT_READY
    },
    Signature {
        id: "longhorn-csi-not-mounted-on-path",
        all: &[
            "rpc error",
            "desc = ",
            "volume ",
            " is not mounted on path ",
        ],
        source: "longhorn/longhorn-manager csi/node_server.go (status.Errorf(codes.NotFound, \"volume %v is not mounted on path %v\"))",
        example: "rpc error: code = NotFound desc = volume pvc-5e1d2c3b is not mounted on path /var/lib/kubelet/plugins/kubernetes.io/csi/driver.longhorn.io/abc/globalmount",
        ..NOT_READY
    },
    Signature {
        id: "longhorn-csi-frontend-disabled",
        all: &["rpc error", "desc = ", "volume ", " frontend is disabled"],
        source: "longhorn/longhorn-manager csi/node_server.go (status.Errorf(codes.InvalidArgument, \"volume %s frontend is disabled\"))",
        example: "rpc error: code = InvalidArgument desc = volume pvc-5e1d2c3b frontend is disabled",
        ..NOT_READY
    },
    Signature {
        id: "longhorn-csi-invalid-frontend",
        all: &["rpc error", "desc = ", "volume ", "invalid frontend type"],
        source: "longhorn/longhorn-manager csi/node_server.go (\"volume %s has invalid frontend type %v\", \"volume %s invalid frontend type %s\")",
        example: "rpc error: code = InvalidArgument desc = volume pvc-5e1d2c3b has invalid frontend type ",
        ..NOT_READY
    },
    Signature {
        id: "longhorn-csi-workload-pods-not-ready",
        all: &[
            "rpc error",
            "desc = ",
            "volume ",
            " workload pods are not ready to be mounted",
        ],
        source: "longhorn/longhorn-manager csi/node_server.go (status.Errorf(codes.Aborted, \"volume %v workload pods are not ready to be mounted: %+v\"))",
        example: "rpc error: code = Aborted desc = volume pvc-5e1d2c3b workload pods are not ready to be mounted: [virt-launcher-vm1-x2x9k]",
        ..NOT_READY
    },
    Signature {
        id: "longhorn-csi-share-not-available",
        all: &[
            "rpc error",
            "desc = ",
            "volume ",
            " share not yet available",
        ],
        source: "longhorn/longhorn-manager csi/node_server.go (status.Errorf(codes.Aborted, \"volume %s share not yet available\"): the RWX share manager)",
        example: "rpc error: code = Aborted desc = volume pvc-5e1d2c3b share not yet available",
        ..NOT_READY
    },
    Signature {
        id: "longhorn-csi-not-marked-shared",
        all: &[
            "rpc error",
            "desc = ",
            "volume ",
            " requires shared access but is not marked for shared use",
        ],
        source: "longhorn/longhorn-manager csi/controller_server.go (status.Errorf(codes.FailedPrecondition, \"volume %s requires shared access but is not marked for shared use\"))",
        example: "rpc error: code = FailedPrecondition desc = volume pvc-5e1d2c3b requires shared access but is not marked for shared use",
        ..NOT_READY
    },
    Signature {
        id: "longhorn-csi-stat-device",
        all: &["rpc error", "desc = ", "failed to stat device "],
        source: "longhorn/longhorn-manager csi/node_server.go (status.Errorf(codes.Internal, \"failed to stat device %s: %v\"))",
        example: "rpc error: code = Internal desc = failed to stat device /dev/longhorn/pvc-5e1d2c3b: no such file or directory",
        ..NOT_READY
    },
    Signature {
        id: "longhorn-csi-prepare-mount-point",
        all: &["rpc error", "desc = ", "failed to prepare mount point"],
        source: "longhorn/longhorn-manager csi/node_server.go (\"failed to prepare mount point %v for volume %v: %v\", \"… directory for block device\", \"… file for block device\", \"… for shared volume\")",
        example: "rpc error: code = Internal desc = failed to prepare mount point file for block device /var/lib/kubelet/pods/x/volumeDevices/kubernetes.io~csi/pvc-5e1d2c3b: read-only file system",
        ..NOT_READY
    },
    Signature {
        id: "longhorn-csi-no-format-mounter",
        all: &[
            "rpc error",
            "desc = ",
            "cannot get format mounter that support filesystem",
        ],
        source: "longhorn/longhorn-manager csi/node_server.go (status.Errorf(codes.Internal, \"volume %v cannot get format mounter that support filesystem %v creation\"))",
        example: "rpc error: code = Internal desc = volume pvc-5e1d2c3b cannot get format mounter that support filesystem xfs creation",
        ..NOT_READY
    },
    Signature {
        id: "longhorn-csi-evaluate-filesystem",
        all: &[
            "rpc error",
            "desc = ",
            "failed to evaluate device filesystem",
        ],
        source: "longhorn/longhorn-manager csi/node_server.go (status.Errorf(codes.Internal, \"failed to evaluate device filesystem %v format: %v\"))",
        example: "rpc error: code = Internal desc = failed to evaluate device filesystem /dev/longhorn/pvc-5e1d2c3b format: exit status 2",
        ..NOT_READY
    },
    Signature {
        id: "longhorn-csi-expansion-failed",
        all: &[
            "rpc error",
            "desc = ",
            " expansion from existing capacity ",
            " failed",
        ],
        source: "longhorn/longhorn-manager csi/controller_server.go (status.Errorf(codes.DeadlineExceeded, \"volume %s expansion from existing capacity %v to requested capacity %v failed\"))",
        example: "rpc error: code = DeadlineExceeded desc = volume pvc-5e1d2c3b expansion from existing capacity 10737418240 to requested capacity 21474836480 failed",
        ..EXPAND
    },
    Signature {
        id: "longhorn-csi-expansion-invalid-state",
        all: &["rpc error", "desc = ", "invalid state ", " expansion"],
        any: &["controller volume expansion", "node expansion"],
        source: "longhorn/longhorn-manager csi/controller_server.go (\"volume %s invalid state %v for controller volume expansion\"), csi/node_server.go (\"invalid state %v for volume %v node expansion\")",
        example: "rpc error: code = FailedPrecondition desc = volume pvc-5e1d2c3b invalid state attached for controller volume expansion",
        ..EXPAND
    },
];
