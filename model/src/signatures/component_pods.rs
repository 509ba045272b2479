//! Signatures of KubeVirt's and CDI's own pods in trouble, as kubectl shows them (a `get pods`
//! row, a Warning event, a `describe pod` state): crash loops, failing probes, init containers
//! failing, image pulls, OOM kills, and controllers whose pods admission refuses. A component
//! pod's trouble is the component's layer, not the VM node's: virt-api, virt-controller,
//! virt-operator, virt-exportproxy and CDI's deployments are the control plane; virt-handler is
//! the node's agent (data table; [`CONTROL_PLANE`] is the family `any` matches, and
//! `input::component` names the member a line or its block is about). Component names from
//! `pkg/virt-operator/resource/generate/components/` (deployments.go, daemonsets.go) and CDI's
//! `pkg/operator/resources/`; pod states as kubelet and kubectl report them.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

/// KubeVirt's and CDI's control-plane deployments (their pods are named after them).
pub const CONTROL_PLANE: &[&str] = &[
    "virt-api",
    "virt-controller",
    "virt-operator",
    "virt-exportproxy",
    "cdi-apiserver",
    "cdi-deployment",
    "cdi-operator",
    "cdi-uploadproxy",
];

/// The node agent's DaemonSet.
pub const NODE_AGENT: &[&str] = &["virt-handler"];

const CP: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    any: CONTROL_PLANE,
    ..BASE
};

const NODE: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    any: NODE_AGENT,
    ..BASE
};

const CP_STEPS: &[&str] = &[
    "kubectl get pods -n kubevirt (and -n cdi)",
    "kubectl logs -n <ns> <component pod> --previous",
    "kubectl describe pod -n <ns> <component pod> (Events)",
];

const NODE_STEPS: &[&str] = &[
    "kubectl get pods -n kubevirt -o wide -l kubevirt.io=virt-handler",
    "kubectl logs -n kubevirt <virt-handler pod> -c virt-launcher (init) --previous",
    "kubectl describe pod -n kubevirt <virt-handler pod> (Events)",
];

const KUBELET: &str = "kubelet pod status and events (CrashLoopBackOff, Unhealthy, BackOff); \
    component names from pkg/virt-operator/resource/generate/components/deployments.go, \
    daemonsets.go";

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "component-crashloop",
        all: &["CrashLoopBackOff"],
        title: "a KubeVirt control-plane component keeps crashing (CrashLoopBackOff)",
        cause: "a pod of KubeVirt's or CDI's control plane (virt-api, virt-controller, \
            virt-operator, cdi-*) keeps exiting and kubelet backs off restarting it: what it \
            serves (webhooks, subresources, VMI scheduling, the install, imports) fails while \
            it is down; its previous log says why",
        next_steps: CP_STEPS,
        source: KUBELET,
        example: "virt-operator-79c97797-x2x7b   0/1   CrashLoopBackOff   222   17h",
        ..CP
    },
    Signature {
        id: "component-probe-failed",
        all: &["probe failed"],
        title: "a KubeVirt control-plane component fails its readiness/liveness probe (Unhealthy)",
        cause: "kubelet's readiness or liveness probe of the component does not succeed: a \
            failing readiness probe takes the pod out of its service (virt-api's webhooks and \
            subresources then time out or have no endpoints), a failing liveness probe \
            restarts it; a timeout on the probe often means the node cannot reach the pod \
            (CNI) or the component is overloaded",
        next_steps: CP_STEPS,
        source: KUBELET,
        example: "23m   Warning   Unhealthy   pod/virt-api-787db99cd9-psgjr   Readiness probe failed: Get https://10.42.1.60:8443/apis/subresources.kubevirt.io/v1alpha3/healthz: net/http: request canceled (Client.Timeout exceeded while awaiting headers)",
        ..CP
    },
    Signature {
        id: "component-backoff",
        all: &["Back-off restarting failed container"],
        title: "a KubeVirt control-plane component's container keeps failing (BackOff)",
        cause: "kubelet backs off restarting a container of the component after it failed \
            (the pod goes CrashLoopBackOff); its previous log says why",
        next_steps: CP_STEPS,
        source: KUBELET,
        example: "Warning  BackOff  2m (x40 over 12m)  kubelet  Back-off restarting failed container virt-controller in pod virt-controller-6fccbf85fd-mb4zp",
        ..CP
    },
    Signature {
        id: "component-init-failed",
        all: &["Init:"],
        none: &["Init:0/", "Init:1/", "Init:2/", "Init:3/"],
        title: "a KubeVirt control-plane component's init container fails",
        cause: "an init container of the component fails (Init:Error, Init:CrashLoopBackOff), \
            so the component never starts",
        next_steps: CP_STEPS,
        source: KUBELET,
        example: "cdi-deployment-5b8d7c9f4-abcde   0/1   Init:Error   3   5m",
        ..CP
    },
    Signature {
        id: "component-image-pull",
        all: &["ImagePull"],
        title: "a KubeVirt control-plane component's image cannot be pulled",
        cause: "kubelet cannot pull the component's image (ErrImagePull, ImagePullBackOff): a \
            wrong registry or tag in the KubeVirt/CDI CR, a registry the node cannot reach, or \
            a missing pull secret",
        next_steps: CP_STEPS,
        source: KUBELET,
        example: "virt-api-7d5d8b8f9-qwert   0/1   ImagePullBackOff   0   3m",
        ..CP
    },
    Signature {
        id: "component-oomkilled",
        all: &["OOMKilled"],
        title: "a KubeVirt control-plane component is killed for memory (OOMKilled)",
        cause: "the component's container exceeded its memory limit and was OOM-killed \
            (large clusters: many VMIs or objects in its caches)",
        next_steps: CP_STEPS,
        source: KUBELET,
        example: "virt-controller-6fccbf85fd-mb4zp   0/1   OOMKilled   4   1h",
        ..CP
    },
    Signature {
        id: "component-pending",
        all: &["Pending"],
        cells: &["Pending"],
        health: Health::Degraded,
        title: "a KubeVirt control-plane component's pod is Pending",
        cause: "the scheduler has not placed the component's pod (nodes cordoned or tainted, \
            node selectors of the KubeVirt/CDI CR's infra placement, resources): what it serves \
            is missing while it waits",
        next_steps: &["kubectl describe pod -n <ns> <component pod> (Events: FailedScheduling)"],
        source: KUBELET,
        example: "virt-controller-8486c8d5cb-4mw8w   0/1   Pending   0   26m",
        ..CP
    },
    Signature {
        id: "component-error",
        all: &["Error"],
        cells: &["Error"],
        health: Health::Degraded,
        title: "a KubeVirt control-plane component's container exited with an error",
        cause: "the component's container terminated with a non-zero exit code (status or last \
            state Error); kubelet restarts it, and its previous log says why",
        next_steps: CP_STEPS,
        source: KUBELET,
        example: "cdi-apiserver-6c4d8cd847-j4wp5   0/1   Error   2   3m",
        ..CP
    },
    Signature {
        id: "virt-handler-probe-failed",
        all: &["probe failed"],
        title: "virt-handler fails its readiness/liveness probe (Unhealthy)",
        cause: "kubelet's probe of the node's virt-handler does not succeed: the node's VMIs \
            are not synced and new VMIs are not started there while it is not ready",
        next_steps: NODE_STEPS,
        source: KUBELET,
        example: "Warning  Unhealthy  3m  kubelet  Readiness probe failed: Get https://10.0.0.5:8443/healthz: dial tcp: connect: connection refused (pod virt-handler-p65f9)",
        ..NODE
    },
    Signature {
        id: "virt-handler-init-failed",
        all: &["Init:"],
        none: &[
            "Init:0/",
            "Init:1/",
            "Init:2/",
            "Init:3/",
            "CrashLoopBackOff",
        ],
        title: "virt-handler's init container fails on the node",
        cause: "virt-handler's init container (virt-launcher's image, preparing the node: \
            SELinux, /var/run/kubevirt mounts) fails (Init:Error), so virt-handler never runs \
            and the node cannot run VMs (container runtime or host paths on the node)",
        next_steps: NODE_STEPS,
        source: KUBELET,
        example: "virt-handler-4w99d   0/1   Init:Error   14 (5m18s ago)   27m",
        ..NODE
    },
    Signature {
        id: "virt-handler-image-pull",
        all: &["ImagePull"],
        title: "virt-handler's image cannot be pulled on the node",
        cause: "kubelet on the node cannot pull virt-handler's image (registry unreachable from \
            the node, wrong tag, missing pull secret), so the node cannot run VMs",
        next_steps: NODE_STEPS,
        source: KUBELET,
        example: "virt-handler-x2x7b   0/1   ErrImagePull   0   2m",
        ..NODE
    },
    Signature {
        id: "virt-handler-pending",
        all: &["Pending"],
        cells: &["Pending"],
        health: Health::Degraded,
        title: "virt-handler's pod is Pending on a node",
        cause: "the DaemonSet's pod for a node is not started (node resources, taints the \
            KubeVirt CR's workload placement does not tolerate): that node cannot run VMs",
        next_steps: NODE_STEPS,
        source: KUBELET,
        example: "virt-handler-p65f9   0/1   Pending   0   26m",
        ..NODE
    },
    Signature {
        id: "virt-handler-oomkilled",
        all: &["OOMKilled"],
        title: "virt-handler is killed for memory on the node (OOMKilled)",
        cause: "the node's virt-handler exceeded its memory limit and was OOM-killed",
        next_steps: NODE_STEPS,
        source: KUBELET,
        example: "virt-handler-x2x7b   0/1   OOMKilled   3   20m",
        ..NODE
    },
    Signature {
        id: "pods-forbidden-by-admission",
        all: &["Error creating", "is forbidden"],
        title: "a controller cannot create its pods: admission refuses them (FailedCreate)",
        cause: "the DaemonSet, ReplicaSet or KubeVirt controller asks for pods that an admission \
            policy refuses (pod security policy or admission, security context constraints, \
            quota): no pod is created, so what the pods serve never runs",
        next_steps: &[
            "kubectl describe daemonset,replicaset -n <ns> (Events: FailedCreate)",
            "check the namespace's pod security level / SCC / PSP for KubeVirt's privileged pods",
        ],
        source: "Kubernetes DaemonSet/ReplicaSet controllers (FailedCreate \"Error creating: \
            %v\"); pkg/virt-controller/watch/vmi/lifecycle.go (\"Error creating pod: %v\")",
        example: r#"Warning  FailedCreate  2m36s (x121 over 6h38m)  daemonset-controller  Error creating: pods "virt-handler-" is forbidden: unable to validate against any pod security policy: []"#,
        layer: Some(Layer::ControlPlane),
        health: Health::Broken,
        ..BASE
    },
    Signature {
        id: "pod-security-refused",
        all: &["is forbidden", "unable to validate against any"],
        title: "a security policy refuses the pod (PSP/SCC: unable to validate)",
        cause: "no pod security policy or OpenShift security context constraint admits the \
            pod (virt-handler's and virt-launcher's privileges, host paths, SELinux type): the \
            API server refuses it, so the pod is never created",
        next_steps: &[
            "oc get scc (kubevirt-controller, kubevirt-handler) / kubectl get psp",
            "kubectl describe vmi <name> (condition Synchronized: FailedCreate)",
        ],
        source: "Kubernetes/OpenShift admission (\"unable to validate against any security \
            context constraint\" / \"pod security policy\"); \
            pkg/virt-controller/watch/vmi/lifecycle.go (\"failed to create virtual machine pod\")",
        example: r#"      is forbidden: unable to validate against any security context constraint: [provider"#,
        layer: Some(Layer::ControlPlane),
        health: Health::Broken,
        ..BASE
    },
    Signature {
        id: "vmi-pod-create-failed",
        all: &["failed to create virtual machine pod"],
        title: "virt-controller cannot create the VMI's virt-launcher pod",
        cause: "the API server refused the launcher pod virt-controller asked for (admission, \
            quota, security policy); the text after it says which",
        next_steps: &["kubectl describe vmi <name> (Events: FailedCreate)"],
        source: "pkg/virt-controller/watch/vmi/lifecycle.go (\"failed to create virtual \
            machine pod: %v\", FailedCreate)",
        example: r#"    message: 'failed to create virtual machine pod: pods "virt-launcher-vmi-ephemeral-""#,
        layer: Some(Layer::ControlPlane),
        health: Health::Broken,
        ..BASE
    },
];

/// The KubeVirt or CDI component a pod or controller name belongs to (`virt-api-787db99cd9-x`,
/// `ReplicaSet/virt-operator-79c97797`, `pod/virt-handler-p65f9`, `virt-handler`): the
/// component's name followed by `-` or the end. `None` for anything else (a virt-launcher pod,
/// a user's pod).
pub fn component_of_name(name: &str) -> Option<&'static str> {
    let name = name.trim().trim_matches(['"', '\'', ',', '*', '`']);
    let name = name.rsplit('/').next().unwrap_or(name);
    CONTROL_PLANE.iter().chain(NODE_AGENT).copied().find(|c| {
        name.strip_prefix(c)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('-'))
    })
}

/// The first component a line names (in a pod name, an event's object, a message).
pub fn component_in(line: &str) -> Option<&'static str> {
    line.split(|c: char| c.is_whitespace() || "\"'(),:[]{}".contains(c))
        .find_map(component_of_name)
}
