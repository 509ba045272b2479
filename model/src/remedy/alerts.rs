//! Remedies of the alerts KubeVirt ships, by alert name: each the "Mitigation" section of the
//! alert's runbook, kubevirt/monitoring `docs/runbooks/<AlertName>.md`, in one or two actions.

use super::render;
use crate::explain::Subject;

const HANDLER: &str = "Bring virt-handler back on the node: fix what keeps its pod from running (CrashLoopBackOff in its log, an image it cannot pull, node taints or resources), or delete the pod so the DaemonSet recreates it: `kubectl delete pod -n kubevirt -l kubevirt.io=virt-handler --field-selector spec.nodeName={node}`.";
const CONTROLLER: &str = "Bring virt-controller back: fix what keeps its pods from running (CrashLoopBackOff, image pull, the Deployment scaled to zero, node resources), or delete a stuck pod so the Deployment recreates it: `kubectl delete pod -n kubevirt -l kubevirt.io=virt-controller`.";
const MEMORY: &str = "Give the guest more memory: raise `spec.template.spec.domain.resources.requests.memory` (`kubectl edit vm {name} -n {ns}`; hotplugged if supported, else `virtctl restart {name} -n {ns}`), or stop memory-hungry processes in the guest.";
const VCPU: &str = "Migrate the VM to a less loaded node (`virtctl migrate {name} -n {ns}`) or give it more vCPUs (`kubectl edit vm {name} -n {ns}`), or throttle the demanding processes in the guest.";
const KVM: &str = "Add nodes with hardware virtualization enabled (VT-x/AMD-V, or nested virtualization on a cloud VM), or enable software emulation (`useEmulation: true` in the KubeVirt CR's developerConfiguration).";

/// What to do about a firing alert; empty for an alert without a remedy here.
pub fn for_alert(name: &str, s: &Subject) -> Vec<String> {
    let actions: &[&str] = match name {
        // VMCannotBeEvicted.md
        "VMCannotBeEvicted" => &[
            "Set the VM's `evictionStrategy` to `None` (shut down on eviction) or resolve what \
             keeps the VMI from migrating (see the LiveMigratable condition).",
        ],
        // KubeVirtVMIExcessiveMigrations.md
        "KubeVirtVMIExcessiveMigrations" => &[
            "Give the worker nodes enough CPU, memory and disk to run the VMs without being \
             evicted; cancel a migration loop: `kubectl delete vmim -n {ns} -l \
             kubevirt.io/vmi-name={name}`.",
        ],
        // GuestFilesystemAlmostOutOfSpace.md
        "GuestFilesystemAlmostOutOfSpace" => &[
            "Free space in the guest file system (logs, caches, old data), or grow the disk: \
             raise the PVC's `spec.resources.requests.storage` (if its StorageClass allows \
             expansion), then `virtctl restart {name} -n {ns}`.",
        ],
        // VMNonRecoverableOSPanic.md
        "VMNonRecoverableOSPanic" => &[
            "Restart the VM if it is stuck in Failed: `virtctl restart {name} -n {ns}`; review \
             recent guest changes, and give the VMI a panic device (pvpanic for Linux, hyperv \
             for Windows).",
        ],
        // KubeVirtVMGuestMemoryPressure.md, KubeVirtVMGuestMemoryAvailableLow.md,
        // KubevirtVmHighMemoryUsage.md
        "KubeVirtVMGuestMemoryPressure"
        | "KubeVirtVMGuestMemoryAvailableLow"
        | "KubevirtVmHighMemoryUsage" => &[MEMORY],
        // GuestVCPUQueueHighWarning.md, GuestVCPUQueueHighCritical.md
        "GuestVCPUQueueHighWarning" | "GuestVCPUQueueHighCritical" => &[VCPU],
        // VirtualMachineStuckInUnhealthyState.md
        "VirtualMachineStuckInUnhealthyState" => &[
            "Fix what the VM's status names (a PVC or DataVolume that does not bind, an image \
             that cannot be pulled, a node that does not fit, a spec error: `kubectl edit vm \
             {name} -n {ns}`), then `virtctl restart {name} -n {ns}`.",
        ],
        // VirtualMachineStuckOnNode.md
        "VirtualMachineStuckOnNode" => &[
            "Delete the stuck virt-launcher pod so it is recreated (`kubectl delete pod {pod} -n \
             {ns}`), or migrate the VM away (`virtctl migrate {name} -n {ns}`); if the node is \
             bad, restart virt-handler there or drain and uncordon it.",
        ],
        // OutdatedVirtualMachineInstanceWorkloads.md
        "OutdatedVirtualMachineInstanceWorkloads" => {
            &["Enable automatic workload updates in the KubeVirt CR \
             (`workloadUpdateStrategy.workloadUpdateMethods: [LiveMigrate, Evict]`), or stop a \
             VM that cannot migrate so it starts on an updated launcher: `virtctl stop {name} \
             -n {ns}`."]
        }
        // VirtLauncherPodsStuckFailed.md
        "VirtLauncherPodsStuckFailed" => {
            &["Cancel migration loops (`kubectl delete vmim -n {ns} -l \
             kubevirt.io/vmi-name={name}`), delete the Failed launcher pods, and fix the root \
             cause (image, CNI, storage) so new launchers start cleanly."]
        }
        // OrphanedVirtualMachineInstances.md
        "OrphanedVirtualMachineInstances" => &[
            "Put virt-handler back on the VMI's node: add the node to the workloads placement \
             policy, or undo the taint or scheduling change that removed the virt-handler pod.",
        ],
        // VirtHandlerDown.md, NoReadyVirtHandler.md, LowReadyVirtHandlerCount.md
        "VirtHandlerDown" | "NoReadyVirtHandler" | "LowReadyVirtHandlerCount" => &[HANDLER],
        // VirtHandlerDaemonSetRolloutFailing.md
        "VirtHandlerDaemonSetRolloutFailing" => &[
            "Free room for the virt-handler pods on the affected nodes (delete other pods there) \
             so the DaemonSet rollout completes.",
        ],
        // VirtHandlerRESTErrorsBurst.md
        "VirtHandlerRESTErrorsBurst" => &[
            "If virt-handler cannot reach the API server, delete its pod to restart it: \
             `kubectl delete pod -n kubevirt -l kubevirt.io=virt-handler --field-selector \
             spec.nodeName={node}`.",
        ],
        // VirtControllerDown.md, NoReadyVirtController.md, LowReadyVirtControllersCount.md,
        // LowVirtControllersCount.md, VirtControllerRESTErrorsBurst.md
        "VirtControllerDown"
        | "NoReadyVirtController"
        | "LowReadyVirtControllersCount"
        | "LowVirtControllersCount"
        | "VirtControllerRESTErrorsBurst" => &[CONTROLLER],
        // NoLeadingVirtController.md
        "NoLeadingVirtController" => &[
            "If the virt-controller lease names a pod that no longer runs, delete the lease to \
             let a new leader be elected: `kubectl -n kubevirt delete lease virt-controller`.",
        ],
        // LowKVMNodesCount.md, KubeVirtNoAvailableNodesToRunVMs.md
        "LowKVMNodesCount" | "KubeVirtNoAvailableNodesToRunVMs" => &[KVM],
        _ => return Vec::new(),
    };
    render(actions, s)
}
