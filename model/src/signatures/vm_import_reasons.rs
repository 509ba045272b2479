//! The VM Import Operator's condition reasons for an import that failed. A
//! VirtualMachineImport (kubevirt/vm-import-operator `pkg/apis/v2v/v1beta1/
//! virtualmachineimport_types.go`, the v1alpha1 types alike) reports its `Succeeded`,
//! `Valid`, `MappingRulesVerified` and `Processing` conditions with a closed set of reasons;
//! the ones that end the import are `ValidationFailed`, `VMTemplateMatchingFailed`,
//! `VMCreationFailed`, `DataVolumeCreationFailed`, `GuestConversionFailed` (Succeeded False),
//! `SecretNotFound`, `ResourceMappingNotFound`, `UninitializedProvider`,
//! `UnreachableProvider`, `SourceVMNotFound`, `IncompleteMappingRules`, `InvalidTargetVMName`
//! (Valid False), `MappingRulesVerificationFailed` and `ProcessingFailed` (Processing False).
//! Each is the import itself failing (its source provider, its mappings, the target VM's name
//! or spec, the disks' copy): the VM's disks are never provisioned, the control plane's by the
//! corpus's convention for imports. The reasons common to other projects' conditions
//! (`ValidationFailed`, `SecretNotFound`) are left out: the reason must be the operator's own.
//! The in-progress reasons (`CopyingDisks`, `ConvertingGuest`, `Pending`, ...) and the success
//! ones (`ProcessingCompleted`, `VirtualMachineReady`) are not taken.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

pub(super) const TABLE: &[Signature] = &[Signature {
    id: "vm-import-condition-failed",
    all: &["reason"],
    any: &[
        "VMTemplateMatchingFailed",
        "VMCreationFailed",
        "DataVolumeCreationFailed",
        "GuestConversionFailed",
        "ResourceMappingNotFound",
        "UninitializedProvider",
        "UnreachableProvider",
        "SourceVMNotFound",
        "IncompleteMappingRules",
        "InvalidTargetVMName",
        "MappingRulesVerificationFailed",
        "ProcessingFailed",
    ],
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    title: "the VM import failed (the VM Import Operator's condition)",
    cause: "the VirtualMachineImport's conditions report a reason that ends the import: the \
        source provider cannot be reached or initialised, the source VM or the resource \
        mapping is missing, the mapping rules or the target VM's name are invalid (a name \
        over 63 characters), or creating the VM, copying its disks into DataVolumes or \
        converting the guest failed; the VM's disks are not provisioned",
    next_steps: &[
        "kubectl get virtualmachineimport <import> -n <ns> -o yaml (status.conditions: each reason and message)",
        "kubectl logs -n <operator namespace> deploy/vm-import-controller",
        "kubectl get dv -n <ns> (the import's DataVolumes and their phase)",
    ],
    source: "kubevirt/vm-import-operator pkg/apis/v2v/v1beta1/virtualmachineimport_types.go \
        (SucceededConditionReason, ValidConditionReason, MappingRulesVerifiedReason, \
        ProcessingConditionReason)",
    example: "    Reason:                ProcessingFailed",
    ..BASE
}];
