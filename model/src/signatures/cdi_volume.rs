//! CDI's pods refused their own volume: the importer and the upload server write the claim
//! mounted at CDI's fixed paths (containerized-data-importer `pkg/common/common.go`:
//! `ImporterVolumePath`/`UploadServerDataDir` `/data`, `ScratchDataDir` `/scratch`; the block
//! device `/dev/cdi-block-volume` is `signatures/devices.rs`'), as a non-root user. A `permission
//! denied` on those paths (`pkg/importer/file.go`: "could not open file %q", wrapped by
//! `pkg/importer/data-processor.go`'s "Unable to transfer source data to …") is the volume as the
//! node mounted it refusing that user (a hand-made hostPath directory, a provisioner or CSI driver
//! that does not apply the pod's fsGroup), and CDI's size probes return -1 when they cannot read
//! the volume at all (`pkg/importer/file.go`, GetAvailableSpace and GetAvailableSpaceBlock), which
//! `pkg/image/qemu.go` then reports as "the reported available storage -1": the node's, like the
//! block device's ownership. A real available size smaller than the image is the claim asked too
//! small (ErrLargerPVCRequired): the import fails for its own reason, the control plane's by the
//! corpus' convention.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const NODE: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    ..BASE
};

/// The two permission-denied signatures (the open and the transfer that wraps it) say one thing.
const DENIED_TITLE: &str = "CDI's pod may not write its own volume (permission denied)";
const DENIED_CAUSE: &str = "the importer or upload server runs as a non-root user and opens the \
    claim mounted at /data or its scratch space at /scratch; the volume as the node mounted it \
    refuses that user (a hand-made hostPath directory owned by root, a provisioner or CSI driver \
    that does not apply the pod's fsGroup), so nothing is written and the disk is never \
    provisioned";

const VOLUME_STEPS: &[&str] = &[
    "kubectl get pvc <name> -n <ns> -o yaml; kubectl get pv <volume> -o yaml (the provisioner, hostPath or CSI driver)",
    "on the node: ls -ln <the volume's directory> (owner and mode against the pod's fsGroup 107)",
    "kubectl get csidriver <driver> -o yaml (fsGroupPolicy)",
];

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "cdi-volume-permission-denied",
        all: &["could not open file", "permission denied"],
        any: &["\"/data/", "\"/scratch/"],
        title: DENIED_TITLE,
        cause: DENIED_CAUSE,
        next_steps: VOLUME_STEPS,
        source: "CDI pkg/importer/file.go (\"could not open file %q\"); pkg/common/common.go \
            (/data, /scratch)",
        example: "Unable to transfer source data to scratch space: could not open file \"/scratch/tmpimage\": open /scratch/tmpimage: permission denied",
        ..NODE
    },
    Signature {
        id: "cdi-volume-transfer-permission-denied",
        all: &["Unable to transfer source data to", "permission denied"],
        title: DENIED_TITLE,
        cause: DENIED_CAUSE,
        next_steps: VOLUME_STEPS,
        source: "CDI pkg/importer/data-processor.go (\"Unable to transfer source data to …\")",
        example: "Unable to process data: Unable to transfer source data to target directory: mkdir /data/tmp: permission denied",
        ..NODE
    },
    Signature {
        id: "cdi-volume-size-unreadable",
        all: &["reported available storage -1"],
        title: "CDI's pod cannot read its volume's size (available storage -1)",
        cause: "CDI's size probe returns -1 when it cannot read the volume at all (blockdev \
            --getsize64 on the block device, or statfs on the mount, refused): the volume as \
            the node handed it to the non-root pod is not readable by it (the container \
            runtime's device ownership, or the mount's owner), so every image looks too large",
        next_steps: &[
            "on the node: grep device_ownership_from_security_context /etc/containerd/config.toml (or crio.conf); set it to true and restart the runtime",
            "kubectl logs <importer- or cdi-upload- pod> (the size probe's own error)",
        ],
        source: "CDI pkg/importer/file.go (GetAvailableSpace, GetAvailableSpaceBlock: -1); \
            pkg/image/qemu.go (\"virtual image size %d is larger than the reported available \
            storage %d\")",
        example: "virtual image size 46137344 is larger than the reported available storage -1. A larger PVC is required.",
        ..NODE
    },
    Signature {
        id: "cdi-claim-too-small",
        all: &[
            "larger than the reported available storage",
            "A larger PVC is required",
        ],
        none: &["available storage -1"],
        layer: Some(Layer::ControlPlane),
        title: "the image is larger than the DataVolume's claim (A larger PVC is required)",
        cause: "the image's virtual size does not fit in the space the claim offers (its \
            requested size less CDI's filesystem overhead): the DataVolume asks for too small \
            a volume, so the import or upload is refused",
        next_steps: &[
            "qemu-img info <image> (virtual size)",
            "kubectl get dv <name> -n <ns> -o yaml (spec.storage.resources.requests.storage); ask for more, or virtctl image-upload --size",
        ],
        source: "CDI pkg/image/qemu.go (ErrLargerPVCRequired: \"A larger PVC is required\")",
        example: "virtual image size 21474836480 is larger than the reported available storage 10146021376. A larger PVC is required.",
        ..NODE
    },
];
