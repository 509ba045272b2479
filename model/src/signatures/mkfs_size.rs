//! A file system refused because the volume is smaller than its minimum.
//!
//! When a volume is first mounted the kubelet's or a CSI node plugin's mount-utils formats it
//! (kubernetes `staging/src/k8s.io/mount-utils/mount_linux.go` formatAndMountSensitive: "format
//! of disk %q failed: type:(%q) target:(%q) options:(%q) errcode:(%v) output:(%v)"), and the
//! format tool prints its own reason. The reasons taken here say the device is below the file
//! system's minimum size: xfsprogs `mkfs/xfs_mkfs.c` ("size %lld of data subvolume is too
//! small, minimum %lld blocks"; since 5.19 "Filesystem must be larger than 300MB."),
//! btrfs-progs `mkfs/main.c` ("is too small to make a usable filesystem", "minimum size for
//! each btrfs device is %llu"). The size was asked by whoever defined the claim: the PVC's
//! request, CDI's StorageProfile minimum (`minimumSupportedPvcSize`) for the small claims it
//! creates (a VM's persistent EFI or TPM state, scratch space), a DataVolume's storage request.
//! A bigger claim fixes it, not the node: the control plane's (the disk is not provisioned
//! usable). A format failure for any other reason (a device busy, a mount in the way) is not
//! taken and keeps the node's reading.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const SMALL: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    title: "the volume is smaller than its file system's minimum size",
    cause: "formatting the volume failed because the format tool's minimum size is larger than \
        the volume (XFS wants at least about 300 MB in recent releases, btrfs over 100 MB): the \
        claim was requested too small (the PVC's or DataVolume's size, or CDI's StorageProfile \
        minimum for the small claims it creates, such as a VM's persistent EFI or TPM state), so \
        the volume is never mounted",
    next_steps: &[
        "kubectl get pvc <claim> -n <ns> -o jsonpath='{.spec.resources.requests.storage}'",
        "kubectl get storageprofile <class> -o yaml (the minimumSupportedPvcSize annotation or field)",
        "request a larger claim, or use a file system with a smaller minimum (ext4) in the storage class",
    ],
    source: "xfsprogs mkfs/xfs_mkfs.c; btrfs-progs mkfs/main.c; kubernetes \
        staging/src/k8s.io/mount-utils/mount_linux.go (\"format of disk %q failed\")",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "mkfs-xfs-data-too-small",
        all: &["of data subvolume is too small"],
        example: "size 2048 of data subvolume is too small, minimum 4096 blocks",
        ..SMALL
    },
    Signature {
        id: "mkfs-xfs-under-300mb",
        all: &["Filesystem must be larger than 300MB"],
        example: "mkfs.xfs: Filesystem must be larger than 300MB.",
        ..SMALL
    },
    Signature {
        id: "mkfs-btrfs-too-small",
        all: &["too small to make a usable filesystem"],
        example: "ERROR: '/dev/rbd3' is too small to make a usable filesystem",
        ..SMALL
    },
    Signature {
        id: "mkfs-btrfs-minimum",
        all: &["minimum size for each btrfs device"],
        example: "ERROR: minimum size for each btrfs device is 114294784",
        ..SMALL
    },
];
