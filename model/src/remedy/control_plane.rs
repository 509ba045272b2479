//! Remedies of the control-plane layer: virt-controller's sync errors, the phases it owns, the
//! VM's own status.
//!
//! Written from kubevirt/monitoring `docs/runbooks/VirtualMachineStuckInUnhealthyState.md`
//! ("Resource issues", "Scheduling issues", "Configuration issues resolution") and
//! `VirtControllerDown.md`; the condition reasons from KubeVirt's
//! `pkg/virt-controller/watch/vmi/vmi.go` (`FailedCreate`, `FailedCreateValidation`,
//! `BackendStorageNotReady` on the Synchronized condition) and
//! `pkg/storage/backend-storage/backend-storage.go` (the PVC of persistent TPM/EFI state, of
//! the KubeVirt CR's `vmStateStorageClass`). The VM's printable statuses from
//! `staging/src/kubevirt.io/api/core/v1/types.go` and `pkg/virt-controller/watch/vm/vm.go`
//! (a crash-looping VM is restarted with a growing back-off until it is stopped).

use super::ByValue;
use crate::explain::Topic;

/// Make a node fit the launcher pod (`VirtualMachineStuckInUnhealthyState.md`, "Scheduling
/// issues").
pub const FIT_A_NODE: &[&str] = &[
    "Make a node fit the launcher pod: free or add CPU/memory, relax the VM's nodeSelector, \
     affinity or tolerations (`kubectl edit vm {name} -n {ns}`), or `kubectl uncordon <node>` \
     if a node was cordoned for maintenance; the pending pod is scheduled as soon as one fits.",
];

/// A VMI being deleted (`VirtualMachineStuckOnNode.md`, "Force-delete the VMI … if it is safe
/// to do so"): its node's virt-handler removes the finalizer once the domain is gone.
pub const DELETING: &[&str] = &[
    "Nothing to do while the deletion proceeds; if it hangs, bring virt-handler on the VMI's      node back (it finishes the shutdown), and only once the guest is surely gone force it:      `kubectl delete vmi {name} -n {ns} --force --grace-period=0`.",
];

/// An image that cannot be pulled (`VirtualMachineStuckInUnhealthyState.md`, "Image issues").
const IMAGE: &[&str] = &[
    "Fix the containerDisk image reference, the registry's reachability or the pull secret \
     (`kubectl create secret docker-registry` and reference it in the VM), then restart the \
     VM: `virtctl restart {name} -n {ns}`.",
];

/// Storage that does not bind (`VirtualMachineStuckInUnhealthyState.md`, "Resource issues").
const STORAGE: &[&str] = &[
    "Create the missing PVC or DataVolume, or fix the one that fails (a working \
     `storageClassName` in the VM's dataVolumeTemplates, a reachable import source); the VM \
     starts once its volumes are ready.",
];

/// The control plane's catalogue values and what to do about them.
pub const BY_VALUE: &[ByValue] = &[
    ByValue {
        topic: Topic::VmPrintableStatus,
        value: "ErrorUnschedulable",
        actions: FIT_A_NODE,
    },
    ByValue {
        topic: Topic::VmPrintableStatus,
        value: "ErrImagePull",
        actions: IMAGE,
    },
    ByValue {
        topic: Topic::VmPrintableStatus,
        value: "ImagePullBackOff",
        actions: IMAGE,
    },
    ByValue {
        topic: Topic::VmPrintableStatus,
        value: "ErrorPvcNotFound",
        actions: STORAGE,
    },
    ByValue {
        topic: Topic::VmPrintableStatus,
        value: "ErrorDataVolumeNotFound",
        actions: STORAGE,
    },
    ByValue {
        topic: Topic::VmPrintableStatus,
        value: "DataVolumeError",
        actions: STORAGE,
    },
    ByValue {
        topic: Topic::VmPrintableStatus,
        value: "WaitingForVolumeBinding",
        actions: STORAGE,
    },
    ByValue {
        topic: Topic::VmPrintableStatus,
        value: "CrashLoopBackOff",
        actions: &[
            "Fix what makes the guest or its launcher fail at start (see the VMI's events and \
             the launcher's log); to end the restart loop meanwhile, stop the VM: `virtctl stop \
             {name} -n {ns}`.",
        ],
    },
    ByValue {
        topic: Topic::VmiPhase,
        value: "",
        actions: &[
            "Bring virt-controller back (no controller has processed the VMI): \
             `kubectl get pods -n kubevirt -l kubevirt.io=virt-controller`, then delete a \
             crashing pod so its Deployment recreates it.",
        ],
    },
    ByValue {
        topic: Topic::VmiPhase,
        value: "Pending",
        actions: &[
            "Provide what the launcher pod waits for: bind the PVCs or finish the DataVolumes \
             (a working `storageClassName`), create missing Secrets or ConfigMaps, or raise the \
             namespace's ResourceQuota; virt-controller creates the pod on its next sync.",
        ],
    },
    ByValue {
        topic: Topic::VmiPhase,
        value: "Scheduling",
        actions: FIT_A_NODE,
    },
    ByValue {
        topic: Topic::Reason,
        value: "Unschedulable",
        actions: FIT_A_NODE,
    },
    ByValue {
        topic: Topic::Reason,
        value: "FailedCreate",
        actions: &[
            "Fix what the condition's message names (quota, admission webhook, a missing \
             Secret or PVC); virt-controller creates the launcher pod again on its next sync.",
        ],
    },
    ByValue {
        topic: Topic::Reason,
        value: "FailedCreateValidation",
        actions: &[
            "Fix the VM spec field the validation message names (`kubectl edit vm {name} -n \
             {ns}`), then restart the VM: `virtctl restart {name} -n {ns}`.",
        ],
    },
    ByValue {
        topic: Topic::Reason,
        value: "BackendStorageNotReady",
        actions: &[
            "Make the VM's backend-storage PVC (persistent TPM/EFI state) bind: set the KubeVirt \
             CR's `spec.configuration.vmStateStorageClass` to a StorageClass that provisions \
             ReadWriteMany filesystem volumes (as KubeVirt requires), or fix that class's provisioner.",
        ],
    },
    ByValue {
        topic: Topic::ConditionType,
        value: "MigrationRequired",
        actions: &[
            "Migrate the VM to apply the hotplugged change: `virtctl migrate {name} -n {ns}` \
             (with `workloadUpdateStrategy.workloadUpdateMethods: [LiveMigrate]` in the KubeVirt \
             CR this happens on its own).",
        ],
    },
];
