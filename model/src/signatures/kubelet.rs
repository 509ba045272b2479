//! Node status and kubelet messages, wherever they appear (a node's conditions in YAML or
//! describe, events, the kubelet's journal): the node stopped reporting, the kubelet is not
//! ready (runtime down, PLEG, CNI not initialised), a pod evicted for node pressure, a
//! container restarting in a back-off (data table). Each points at the node the VMI's launcher
//! runs on.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const N: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    ..BASE
};

// The kubelet's admission of a pod the scheduler placed, every refusal of its predicate
// handler (Kubernetes `pkg/kubelet/lifecycle/predicate.go`, `Admit`): the reasons it sets
// (`UnexpectedAdmissionError` when updating the node's plugin resources fails, as when
// virt-handler's device plugins have not yet advertised devices.kubevirt.io/kvm or /tun,
// `InvalidNodeInfo`, `PodOSSelectorNodeLabelDoesNotMatch`, `PodOSNotSupported`,
// `SupplementalGroupsPolicyNotSupported`, `UnexpectedPredicateFailureType`,
// `InitContainerRestartPolicyForbidden`, `OutOf<resource>` for cpu, memory, ephemeral-storage,
// pods and KubeVirt's devices) and the messages it writes ("Kubelet cannot get node info.",
// "Update plugin resources failed due to …", "Node didn't have enough resource: …").
// `rejectPod` (`pkg/kubelet/kubelet.go`) records the reason as a Warning event on the pod and
// fails it for good. The predicate names (`NodeAffinity`, `TaintToleration`, …) and
// `UnknownReason` are words other programs use: kubectl's STATUS column reads them
// (`input/vocab/pod.rs`), no needle here does.
const ADMISSION: Signature = Signature {
    title: "the node's kubelet refused the pod at admission",
    cause: "the scheduler placed the pod but the node's kubelet rejected it when admitting it \
        (its predicate handler: a device plugin's resources not yet advertised, as when \
        virt-handler's device plugins for /dev/kvm and /dev/tun are not up; not enough CPU, \
        memory, pods or ephemeral storage left; the node's own info or OS not matching); the \
        kubelet fails the pod for good, so the VMI's launcher does not run on that node",
    next_steps: &[
        "kubectl describe pod <virt-launcher pod> (Status: Failed, Reason, Message)",
        "kubectl get node <node> -o jsonpath='{.status.allocatable}' (devices.kubevirt.io/kvm, tun, vhost-net)",
        "kubectl logs -n kubevirt <virt-handler pod on the node> (its device plugins)",
    ],
    source: "Kubernetes pkg/kubelet/lifecycle/predicate.go (Admit: the admission reasons and \
        messages); pkg/kubelet/kubelet.go (rejectPod)",
    ..N
};

/// One admission refusal, by the reason or message words it writes, in their case (the reason
/// `OutOfmemory`, not Java's `OutOfMemoryError`).
const fn a(id: &'static str, word: &'static [&'static str; 1], example: &'static str) -> Signature {
    Signature {
        id,
        all: word,
        cased: word,
        example,
        ..ADMISSION
    }
}

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "node-stopped-posting",
        all: &["Kubelet stopped posting node status"],
        title: "the node stopped reporting (Ready Unknown: kubelet stopped posting node status)",
        cause: "the node's kubelet has not updated its status within the grace period: the node \
            is down, partitioned or its kubelet stopped; its VMIs cannot be synced and are \
            evicted or failed once the taint's toleration runs out",
        next_steps: &[
            "kubectl describe node <node>",
            "check the node itself (power, network, systemctl status kubelet)",
        ],
        source: "Kubernetes pkg/controller/nodelifecycle/node_lifecycle_controller.go \
            (\"Kubelet stopped posting node status.\", reason NodeStatusUnknown)",
        example: "    message: Kubelet stopped posting node status.\n",
        ..N
    },
    Signature {
        id: "kubelet-not-ready",
        all: &["KubeletNotReady"],
        title: "the node's kubelet is not ready (KubeletNotReady)",
        cause: "the kubelet reports the node NotReady; the condition's message says why (container \
            runtime down, PLEG not healthy, the CNI network not initialised)",
        next_steps: &["kubectl describe node <node> (Ready condition message)"],
        source: "Kubernetes pkg/kubelet/nodestatus/setters.go (ReadyCondition, reason \
            KubeletNotReady)",
        example: "  Ready   False   Mon, 01 Mar 2024 10:00:00 +0000   KubeletNotReady   container runtime is down",
        ..N
    },
    Signature {
        id: "pleg-not-healthy",
        all: &["PLEG is not healthy"],
        title: "the kubelet's pod lifecycle events are stuck (PLEG is not healthy)",
        cause: "the kubelet could not relist containers from the runtime in time: the container \
            runtime is hung or overloaded, so the node goes NotReady",
        next_steps: &["journalctl -u kubelet -u containerd on the node"],
        source: "Kubernetes pkg/kubelet/pleg/generic.go (\"PLEG is not healthy\")",
        example: "Mar 01 10:00:00 node01 kubelet[1234]: E0301 10:00:00.000000 1234 kubelet.go:2400] \"Skipping pod synchronization\" err=\"PLEG is not healthy: pleg was last seen active 3m0s ago\"",
        ..N
    },
    Signature {
        id: "cni-not-initialized",
        all: &["cni", "not initialized"],
        layer: Some(Layer::Network),
        title: "the node's pod network plugin is not ready (CNI not initialised)",
        cause: "the container runtime has no CNI configuration on the node yet (the network \
            plugin's pod is not running there): pods, launchers included, cannot get a network",
        next_steps: &["kubectl get pods -A -o wide | grep <node> (the CNI's pods)"],
        source: "containerd/CRI-O (\"cni plugin not initialized\"), reported by the kubelet \
            (NetworkPluginNotReady)",
        example: "container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized",
        ..N
    },
    Signature {
        id: "sandbox-network-setup-failed",
        all: &["network for sandbox"],
        any: &["failed to setup", "failed to set up"],
        layer: Some(Layer::Network),
        title: "the pod's network could not be set up (FailedCreatePodSandBox)",
        cause: "the container runtime asked the CNI plugin (Multus and its delegates, the \
            cluster network) for the pod's network and the plugin failed, so the pod, a \
            launcher included, never starts; the text after the plugin's name says why",
        next_steps: &[
            "kubectl get pods -A -o wide | grep <node> (the CNI and Multus pods there)",
            "kubectl get network-attachment-definitions -n <ns>",
        ],
        source: "containerd internal/cri/server/sandbox_run.go (\"failed to setup network for \
            sandbox %q: %w\"), reported by the kubelet's FailedCreatePodSandBox event \
            (pkg/kubelet/events/event.go)",
        example: "Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox \"0a1b\": plugin type=\"multus\" failed (add): some error",
        ..N
    },
    Signature {
        id: "cni-add-failed",
        all: &["to CNI network"],
        any: &["error adding pod", "error adding container"],
        layer: Some(Layer::Network),
        title: "the CNI plugin failed to add the pod to its network",
        cause: "CRI-O asked the CNI plugin to attach the pod and it failed, so the pod never \
            starts",
        next_steps: &["kubectl get pods -A -o wide | grep <node> (the CNI pods there)"],
        source: "CRI-O server/sandbox_network.go (\"error adding pod %s to CNI network %q: %w\")",
        example: "error adding pod vms_virt-launcher-db-x2x9z to CNI network \"multus-cni-network\": plugin type=\"multus\" failed",
        ..N
    },
    Signature {
        id: "pod-evicted-node-pressure",
        all: &["The node was low on resource"],
        health: Health::Degraded,
        title: "a pod was evicted because the node ran low on a resource",
        cause: "the kubelet evicted a pod under node pressure (memory, disk, PIDs); a launcher \
            evicted this way loses its VMI unless it could migrate",
        next_steps: &["kubectl describe node <node> (MemoryPressure, DiskPressure)"],
        source: "Kubernetes pkg/kubelet/eviction/helpers.go (\"The node was low on resource: \
            %v.\")",
        example: "  Message:  The node was low on resource: memory. Threshold quantity: 100Mi, available: 51200Ki.",
        ..N
    },
    Signature {
        id: "back-off-restarting",
        all: &["Back-off restarting failed container"],
        health: Health::Degraded,
        title: "a container keeps crashing (Back-off restarting failed container)",
        cause: "the kubelet restarts a container that keeps exiting, with growing back-off: the \
            container's previous log says why",
        next_steps: &["kubectl logs <pod> -c <container> --previous"],
        source: "Kubernetes pkg/kubelet/kuberuntime (event BackOff: \"Back-off restarting failed \
            container\")",
        example: "Warning  BackOff  2m (x20 over 10m)  kubelet  Back-off restarting failed container compute in pod virt-launcher-web-x",
        ..N
    },
    Signature {
        id: "oom-killed-container",
        all: &["OOMKilled"],
        title: "a container was killed for exceeding its memory limit (OOMKilled)",
        cause: "the container's memory cgroup hit its limit and the kernel killed it; for a \
            virt-launcher's compute container the VM is gone (the launcher's memory overhead is \
            too small for what QEMU uses)",
        next_steps: &[
            "kubectl describe pod <pod> (Last State: Terminated, Reason: OOMKilled)",
            "compare the VMI's memory with the launcher pod's memory limit (overhead)",
        ],
        source: "Kubernetes core/v1 ContainerStateTerminated reason OOMKilled (set by the \
            container runtime)",
        example: "        reason: OOMKilled",
        ..N
    },
    Signature {
        id: "launcher-crashloop",
        all: &["virt-launcher", "CrashLoopBackOff"],
        title: "the virt-launcher pod is in CrashLoopBackOff",
        cause: "the VMI's launcher keeps crashing and the kubelet backs off restarting it: the VM \
            does not run",
        next_steps: &["kubectl logs <virt-launcher pod> -c compute --previous"],
        source: "kubectl get pods (STATUS CrashLoopBackOff); the launcher is the VMI's pod",
        example: "default   virt-launcher-web-x7k2p   1/2   CrashLoopBackOff   5   3m",
        ..N
    },
    // The kubelet's admission of a pod the scheduler placed: its resource managers refuse a
    // pod they cannot align (the pod goes Failed with the error's Type() as reason), so a VMI
    // with dedicated CPUs never starts on that node. Kubernetes
    // `pkg/kubelet/cm/cpumanager/policy_static.go` (SMTAlignmentError: "SMT Alignment Error:
    // requested %d cpus not multiple cpus per core = %d", and "… not enough free physical
    // CPUs …") and `pkg/kubelet/cm/topologymanager/topology_manager.go` (TopologyAffinityError:
    // "Resources cannot be allocated with Topology locality").
    // The kubelet's admission of a pod the scheduler placed, every refusal of its predicate
    // handler (Kubernetes `pkg/kubelet/lifecycle/predicate.go`, `Admit`): the reasons it sets
    // (`UnexpectedAdmissionError` when updating the node's plugin resources fails, as when
    // virt-handler's device plugins have not yet advertised devices.kubevirt.io/kvm or /tun,
    // `InvalidNodeInfo`, `PodOSSelectorNodeLabelDoesNotMatch`, `PodOSNotSupported`,
    // `SupplementalGroupsPolicyNotSupported`, `UnexpectedPredicateFailureType`, `OutOf<resource>`
    // for cpu, memory, ephemeral-storage, pods and KubeVirt's devices) and the messages it writes
    // ("Kubelet cannot get node info.", "Update plugin resources failed due to …", "Predicate %s
    // failed: …", "Node didn't have enough resource: …"). `rejectPod` (`pkg/kubelet/kubelet.go`)
    // records the reason as a Warning event on the pod and fails it for good. The predicate names
    // (`NodeAffinity`, `TaintToleration`, …) and `UnknownReason` are words other programs use:
    // kubectl's STATUS column reads them (`input/vocab/pod.rs`), no needle here does.
    a(
        "kubelet-admission-unexpected-error",
        &["UnexpectedAdmissionError"],
        "Warning  UnexpectedAdmissionError  pod/virt-launcher-db-x  Allocate failed due to no healthy devices present; cannot allocate unhealthy devices devices.kubevirt.io/kvm, which is unexpected",
    ),
    a(
        "kubelet-admission-invalid-node-info",
        &["InvalidNodeInfo"],
        "reason: InvalidNodeInfo",
    ),
    a(
        "kubelet-admission-os-selector",
        &["PodOSSelectorNodeLabelDoesNotMatch"],
        "reason: PodOSSelectorNodeLabelDoesNotMatch",
    ),
    a(
        "kubelet-admission-os-not-supported",
        &["PodOSNotSupported"],
        "reason: PodOSNotSupported",
    ),
    a(
        "kubelet-admission-supplemental-groups",
        &["SupplementalGroupsPolicyNotSupported"],
        "reason: SupplementalGroupsPolicyNotSupported",
    ),
    a(
        "kubelet-admission-predicate-type",
        &["UnexpectedPredicateFailureType"],
        "reason: UnexpectedPredicateFailureType",
    ),
    a(
        "kubelet-admission-init-restart-policy",
        &["InitContainerRestartPolicyForbidden"],
        "reason: InitContainerRestartPolicyForbidden",
    ),
    a(
        "kubelet-admission-out-of-cpu",
        &["OutOfcpu"],
        "reason: OutOfcpu",
    ),
    a(
        "kubelet-admission-out-of-memory",
        &["OutOfmemory"],
        "reason: OutOfmemory",
    ),
    a(
        "kubelet-admission-out-of-ephemeral-storage",
        &["OutOfephemeral-storage"],
        "reason: OutOfephemeral-storage",
    ),
    a(
        "kubelet-admission-out-of-pods",
        &["OutOfpods"],
        "reason: OutOfpods",
    ),
    a(
        "kubelet-admission-out-of-kubevirt-device",
        &["OutOfdevices.kubevirt.io/"],
        "reason: OutOfdevices.kubevirt.io/kvm",
    ),
    a(
        "kubelet-admission-no-node-info",
        &["Kubelet cannot get node info"],
        "message: Pod was rejected: Kubelet cannot get node info.",
    ),
    a(
        "kubelet-admission-plugin-resources",
        &["Update plugin resources failed due to"],
        "message: 'Pod was rejected: Update plugin resources failed due to no devices.kubevirt.io/tun, which is unexpected.'",
    ),
    a(
        "kubelet-admission-not-enough-resource",
        &["Node didn't have enough resource:"],
        "Pod was rejected: Node didn't have enough resource: memory, requested: 4294967296, used: 0, capacity: 2147483648",
    ),
    Signature {
        id: "kubelet-admission-cpu-alignment",
        all: &["SMT Alignment Error"],
        title: "the node's kubelet refuses the pod: its CPUs cannot be aligned",
        cause: "the scheduler placed the pod but the node's kubelet rejected it at admission: its \
            CPU manager (static policy with full-pcpus-only on an SMT node) cannot give whole \
            physical cores for the CPUs asked (dedicated CPUs plus an isolated emulator thread \
            make an odd count), or its topology manager cannot place the resources on one NUMA \
            node; the launcher pod fails and the VMI does not start on that node",
        next_steps: &[
            "kubectl describe pod <virt-launcher pod> (Status: Failed, Reason)",
            "ask for a CPU count that is a multiple of the threads per core (KubeVirt's AlignCPUs feature gate rounds it up)",
            "check the kubelet's --cpu-manager-policy-options and --topology-manager-policy",
        ],
        source: "Kubernetes pkg/kubelet/cm/cpumanager/policy_static.go (SMTAlignmentError); \
            pkg/kubelet/cm/topologymanager/topology_manager.go (TopologyAffinityError)",
        example: "SMT Alignment Error: requested 5 cpus not multiple cpus per core = 2",
        ..N
    },
    Signature {
        id: "kubelet-admission-topology",
        all: &["Resources cannot be allocated with Topology locality"],
        title: "the node's kubelet refuses the pod: its resources cannot be aligned on one NUMA node",
        cause: "the scheduler placed the pod but the node's kubelet rejected it at admission: its \
            topology manager (single-numa-node or restricted policy) cannot place the CPUs, \
            memory and devices asked on one NUMA node; the launcher pod fails and the VMI does \
            not start on that node",
        next_steps: &[
            "kubectl describe pod <virt-launcher pod> (Status: Failed, Reason: TopologyAffinityError)",
            "check the kubelet's --topology-manager-policy and the node's free resources per NUMA node",
        ],
        source: "Kubernetes pkg/kubelet/cm/topologymanager/topology_manager.go \
            (TopologyAffinityError)",
        example: "Pod was rejected: Resources cannot be allocated with Topology locality",
        ..N
    },
];
