//! QEMU's raw format refusing the storage slice of a volume migration's destination disk.
//!
//! KubeVirt gives a disk a storage slice (`<slices><slice type='storage' offset='0'
//! size='N'/>`) in one place only: the source launcher's `configureLocalDiskToMigrate`
//! (kubevirt/kubevirt `pkg/virt-launcher/virtwrap/live-migration-source.go`), which sizes the
//! slice to the source disk's virtual size so a volume (storage) migration may copy it to a
//! destination volume of another size. libvirt hands the slice to the destination QEMU as the
//! raw driver's `offset` and `size` (`-blockdev {"driver":"raw",…,"size":N,
//! "node-name":"libvirt-N-slice-sto"}`), and QEMU's `raw_apply_options` (qemu
//! `block/raw-format.c`) refuses a slice the destination's file or device cannot hold:
//! "Offset (%lu) cannot be greater than size of the containing file (%ld)", "The sum of
//! offset (%lu) and size (%lu) has to be smaller or equal to the  actual size of the
//! containing file (%ld)", "Specified size is not multiple of %llu". The destination volume is
//! smaller than the disk being copied (a claim sized from a snapshot's restoreSize, a
//! provisioner rounding down): the migration's data path, its target disk, fails before any
//! data is copied (data table).

use super::Signature;
use super::base::BASE;
use crate::evidence::SignalPlane;
use crate::verdict::{Health, Layer};

const SLICE: Signature = Signature {
    layer: Some(Layer::Migration),
    plane: Some(SignalPlane::Data),
    health: Health::Broken,
    title: "the volume migration's destination disk is smaller than the disk it copies",
    cause: "for a volume (storage) migration KubeVirt gives the disk a storage slice as large as \
        the source disk, and the destination QEMU refuses it: the destination volume is smaller \
        than the source disk (a claim sized from a snapshot's restoreSize or used bytes, a \
        provisioner rounding the volume down), so the migration fails before copying any data",
    next_steps: &[
        "kubectl get pvc <destination claim> -n <ns> -o jsonpath='{.status.capacity.storage}' (against the source claim's)",
        "kubectl get pv <destination volume> -o jsonpath='{.spec.capacity.storage}'",
        "expand the destination claim to at least the source disk's size, then retry the migration",
    ],
    source: "KubeVirt pkg/virt-launcher/virtwrap/live-migration-source.go \
        (configureLocalDiskToMigrate: the storage slice); qemu block/raw-format.c \
        (raw_apply_options)",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "qemu-raw-slice-larger-than-file",
        all: &["The sum of offset", "has to be smaller or equal to the"],
        example: "The sum of offset (0) and size (0) has to be smaller or equal to the  actual size of the containing file (5368709120)",
        ..SLICE
    },
    Signature {
        id: "qemu-raw-slice-offset-past-file",
        all: &["cannot be greater than size of the containing file"],
        any: &["Offset ("],
        example: "Offset (1048576) cannot be greater than size of the containing file (0)",
        ..SLICE
    },
    Signature {
        id: "qemu-raw-slice-size-not-multiple",
        all: &["Specified size is not multiple of"],
        any: &["blockdev", "raw", "slice"],
        example: "qemu-kvm: -blockdev {\"driver\":\"raw\",\"size\":10737418241}: Specified size is not multiple of 512",
        ..SLICE
    },
];
