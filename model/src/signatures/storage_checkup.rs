//! The KubeVirt storage checkup's result read by its failure reason. The checkup
//! (kiagnose/kubevirt-storage-checkup `pkg/internal/checkup/checkup.go`) writes its verdict
//! into its config map as `status.succeeded` and `status.failureReason`, the latter one of its
//! errors about the cluster's storage configuration for VMs: "no default storage class", "there
//! are multiple default storage classes", "there are StorageProfiles with empty
//! ClaimPropertySets (unknown provisioners)", "there are StorageProfiles missing
//! VolumeSnapshotClass", "there are VMs using the plain RBD storageclass when the virtualization
//! storageclass exists", "there are VMs using an EFS storageclass where the gid and uid are not
//! set in the storageclass", "there are golden images whose DataImportCron is not up to date or
//! DataSource is not ready", "pvc failed to bound" (documentation quotes the Go names,
//! `ErrNoDefaultStorageClass` …). Each says the storage classes and CDI's profiles cannot
//! provision VM disks as asked: the control plane's. A failure of the checkup's own test VM
//! (boot, hotplug, live migration) is not taken: its layer is elsewhere.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

pub(super) const TABLE: &[Signature] = &[Signature {
    id: "storage-checkup-storage-configuration",
    all: &["failureReason"],
    any: &[
        "NoDefaultStorageClass",
        "no default storage class",
        "MultipleDefaultStorageClasses",
        "multiple default storage classes",
        "EmptyClaimPropertySets",
        "empty ClaimPropertySets",
        "MissingVolumeSnapshotClass",
        "missing VolumeSnapshotClass",
        "NonVirtRbdStorageClass",
        "plain RBD storageclass",
        "UnsetEfsStorageClass",
        "EFS storageclass where the gid",
        "GoldenImagesNotUpToDate",
        "golden images whose DataImportCron",
        "PvcNotBound",
        "pvc failed to bound",
    ],
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    title: "the storage checkup found the cluster's storage unfit for VM disks",
    cause: "KubeVirt's storage checkup reports a failure in the cluster's storage \
        configuration for VMs: no default storage class (or several), storage profiles CDI \
        cannot complete for an unknown provisioner or without a snapshot class, VMs on a \
        storage class not meant for virtualization, golden images not up to date, or a test \
        claim that never binds; DataVolumes that rely on these are not provisioned",
    next_steps: &[
        "kubectl get configmap <checkup config map> -n <ns> -o yaml (status.failureReason and the other status.result fields)",
        "kubectl get storageclass (exactly one marked (default); the virtualization default annotation)",
        "kubectl get storageprofile -o yaml (claimPropertySets, snapshotClass)",
    ],
    source: "kiagnose/kubevirt-storage-checkup pkg/internal/checkup/checkup.go \
        (ErrNoDefaultStorageClass \"no default storage class\", ErrPvcNotBound, \
        ErrMultipleDefaultStorageClasses, ErrEmptyClaimPropertySets, ErrGoldenImagesNotUpToDate)",
    example: "  status.failureReason: \"there are multiple default storage classes\"",
    ..BASE
}];
