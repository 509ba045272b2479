//! The alerts KubeVirt ships, each with the layer it speaks about, what its labels name
//! ([`Scope`]), the KubeVirt file that defines it and what it means. Names, conditions and
//! severities are from kubevirt/kubevirt `pkg/monitoring/rules/alerts/` (`vms.go`,
//! `virt-handler.go`, `virt-controller.go`, `system.go`); the severity an alert carries is read
//! from its own `severity` label, never from here.

use crate::verdict::Layer;

/// What an alert's labels name, and so which VMIs it concerns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// One VMI or VM (labels `vm`, `vmi`, or the launcher `pod`, with `namespace`).
    Vmi,
    /// One node (label `node`): every VMI on it.
    Node,
    /// The whole cluster, and it stops every VMI's layer from working (no virt-handler or no
    /// virt-controller at all): every VMI.
    EveryVmi,
    /// The cluster or a component, without saying which VMI: listed, not attached to VMIs.
    Cluster,
}

/// One alert KubeVirt ships.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KnownAlert {
    pub name: &'static str,
    pub layer: Layer,
    pub scope: Scope,
    /// The KubeVirt file its rule is in.
    pub source: &'static str,
    /// What it means for the VM, in plain words.
    pub meaning: &'static str,
}

const fn k(
    name: &'static str,
    layer: Layer,
    scope: Scope,
    source: &'static str,
    meaning: &'static str,
) -> KnownAlert {
    KnownAlert {
        name,
        layer,
        scope,
        source,
        meaning,
    }
}

const VMS: &str = "kubevirt pkg/monitoring/rules/alerts/vms.go";
const HANDLER: &str = "kubevirt pkg/monitoring/rules/alerts/virt-handler.go";
const CONTROLLER: &str = "kubevirt pkg/monitoring/rules/alerts/virt-controller.go";
const SYSTEM: &str = "kubevirt pkg/monitoring/rules/alerts/system.go";

/// Every known alert.
pub const KNOWN: &[KnownAlert] = &[
    k(
        "VMCannotBeEvicted",
        Layer::Migration,
        Scope::Vmi,
        VMS,
        "Its eviction strategy is LiveMigrate but the VMI is not live-migratable \
         (kubevirt_vmi_non_evictable on a running VMI): a node drain is blocked by it.",
    ),
    k(
        "KubeVirtVMIExcessiveMigrations",
        Layer::Migration,
        Scope::Vmi,
        VMS,
        "The VMI was migrated 12 or more times in 24 hours (kubevirt_vmi_migration_succeeded).",
    ),
    k(
        "GuestFilesystemAlmostOutOfSpace",
        Layer::Guest,
        Scope::Vmi,
        VMS,
        "A guest filesystem is 85% full (warning) or 95% full (critical), as the guest agent \
         reports it (kubevirt_vmi_filesystem_used_bytes / _capacity_bytes).",
    ),
    k(
        "VMNonRecoverableOSPanic",
        Layer::Guest,
        Scope::Vmi,
        VMS,
        "The guest OS panicked more than 5 times in 24 hours (kubevirt_vmi_guest_os_panic_total).",
    ),
    k(
        "KubeVirtVMGuestMemoryPressure",
        Layer::Guest,
        Scope::Vmi,
        VMS,
        "The guest has under 5% memory headroom with major page faults or swap traffic \
         (possible thrashing).",
    ),
    k(
        "KubeVirtVMGuestMemoryAvailableLow",
        Layer::Guest,
        Scope::Vmi,
        VMS,
        "The guest has under 3% memory headroom for 30 minutes without swap traffic.",
    ),
    k(
        "GuestVCPUQueueHighWarning",
        Layer::Guest,
        Scope::Vmi,
        VMS,
        "The guest's vCPU run queue is longer than 10.",
    ),
    k(
        "GuestVCPUQueueHighCritical",
        Layer::Guest,
        Scope::Vmi,
        VMS,
        "The guest's vCPU run queue is longer than 20.",
    ),
    k(
        "VirtualMachineStuckInUnhealthyState",
        Layer::ControlPlane,
        Scope::Vmi,
        VMS,
        "The VM has been provisioning, starting, terminating or in an error state for 10 minutes \
         without a VMI (kubevirt_vm_info).",
    ),
    k(
        "VirtualMachineStuckOnNode",
        Layer::Node,
        Scope::Vmi,
        VMS,
        "The VM has been starting, stopping, terminating or in an error state for 5 minutes \
         while its VMI is scheduled or running on a node: the lifecycle on that node is stuck.",
    ),
    k(
        "OutdatedVirtualMachineInstanceWorkloads",
        Layer::ControlPlane,
        Scope::Cluster,
        VMS,
        "Running VMIs still use launcher pods of an older KubeVirt, 24 hours after its update.",
    ),
    k(
        "VirtLauncherPodsStuckFailed",
        Layer::ControlPlane,
        Scope::Cluster,
        CONTROLLER,
        "At least 200 virt-launcher pods are Failed and not deleted.",
    ),
    k(
        "OrphanedVirtualMachineInstances",
        Layer::Node,
        Scope::Node,
        HANDLER,
        "No ready virt-handler on a node that runs virt-launcher pods: nothing reports or \
         manages the VMIs on it.",
    ),
    k(
        "VirtHandlerDown",
        Layer::Node,
        Scope::EveryVmi,
        HANDLER,
        "No virt-handler pod runs in the cluster: no node reports or manages its VMIs.",
    ),
    k(
        "NoReadyVirtHandler",
        Layer::Node,
        Scope::EveryVmi,
        HANDLER,
        "No virt-handler is ready in the cluster.",
    ),
    k(
        "LowReadyVirtHandlerCount",
        Layer::Node,
        Scope::Cluster,
        HANDLER,
        "Some virt-handler pods run but are not ready.",
    ),
    k(
        "VirtHandlerDaemonSetRolloutFailing",
        Layer::Node,
        Scope::Cluster,
        HANDLER,
        "The virt-handler DaemonSet has fewer ready pods than it should for 15 minutes.",
    ),
    k(
        "VirtHandlerRESTErrorsBurst",
        Layer::Node,
        Scope::Cluster,
        HANDLER,
        "More than 80% of virt-handler's calls to the API server failed in 5 minutes.",
    ),
    k(
        "VirtControllerDown",
        Layer::ControlPlane,
        Scope::EveryVmi,
        CONTROLLER,
        "No virt-controller pod runs: nothing creates, migrates or cleans up VMIs.",
    ),
    k(
        "NoReadyVirtController",
        Layer::ControlPlane,
        Scope::EveryVmi,
        CONTROLLER,
        "No virt-controller is ready.",
    ),
    k(
        "NoLeadingVirtController",
        Layer::ControlPlane,
        Scope::EveryVmi,
        CONTROLLER,
        "No virt-controller holds the leader lease, so none acts.",
    ),
    k(
        "LowReadyVirtControllersCount",
        Layer::ControlPlane,
        Scope::Cluster,
        CONTROLLER,
        "Some virt-controller pods run but are not ready.",
    ),
    k(
        "LowVirtControllersCount",
        Layer::ControlPlane,
        Scope::Cluster,
        CONTROLLER,
        "Fewer than 75% of the desired virt-controller pods run.",
    ),
    k(
        "VirtControllerRESTErrorsBurst",
        Layer::ControlPlane,
        Scope::Cluster,
        CONTROLLER,
        "More than 80% of virt-controller's calls to the API server failed in 5 minutes.",
    ),
    k(
        "LowKVMNodesCount",
        Layer::Migration,
        Scope::Cluster,
        SYSTEM,
        "Fewer than two nodes offer /dev/kvm: live migration has nowhere to go.",
    ),
    k(
        "KubeVirtNoAvailableNodesToRunVMs",
        Layer::ControlPlane,
        Scope::Cluster,
        SYSTEM,
        "No node is schedulable for VMs (no KVM and no emulation, or none labelled \
         kubevirt.io/schedulable=true and schedulable).",
    ),
    k(
        "KubevirtVmHighMemoryUsage",
        Layer::Node,
        Scope::Vmi,
        "kubevirt virt-operator's rules of older releases (not in pkg/monitoring/rules/alerts/ at HEAD)",
        "The launcher's compute container is within 50 MB (20 MB in older releases) of its memory \
         request: the pod risks eviction or an OOM kill.",
    ),
];

/// The alert KubeVirt ships under `name`.
pub fn known(name: &str) -> Option<&'static KnownAlert> {
    KNOWN.iter().find(|k| k.name == name)
}
