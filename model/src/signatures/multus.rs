//! Multus (the meta CNI plugin KubeVirt's secondary networks go through) failing to set up a
//! launcher pod's networks: the NetworkAttachmentDefinition a VMI (or a service mesh such as
//! istio-cni) asks for is missing, or a delegate plugin fails. The pod stays in
//! `ContainerCreating` / `Init` and the VMI never starts: a network fault (data table). Strings
//! from k8snetworkplumbingwg/multus-cni `pkg/k8sclient/k8sclient.go` ("cannot find a
//! network-attachment-definition (%s) in namespace (%s)", "GetNetworkDelegates", "TryLoadPodDelegates")
//! and `pkg/multus/multus.go` ("Multus: [%s/%s]: error ...", "error adding container to network").

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const NW: Signature = Signature {
    layer: Some(Layer::Network),
    health: Health::Broken,
    ..BASE
};

const STEPS: &[&str] = &[
    "kubectl get network-attachment-definitions -n <the VMI's namespace>",
    "kubectl describe pod <virt-launcher pod> (FailedCreatePodSandBox events)",
    "kubectl logs -n <multus namespace> ds/kube-multus-ds",
];

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "multus-nad-missing",
        all: &[
            "cannot find a network-attachment-definition",
            "in namespace",
        ],
        title: "a NetworkAttachmentDefinition the pod asks for is missing (Multus)",
        cause: "Multus cannot find the network-attachment-definition named in the pod's \
            networks annotation in that namespace (the VMI's Multus network, or one a service \
            mesh CNI such as istio-cni needs): the launcher pod's sandbox is never created",
        next_steps: STEPS,
        source: "multus-cni pkg/k8sclient/k8sclient.go (\"cannot find a \
            network-attachment-definition (%s) in namespace (%s)\")",
        example: "Multus: [default/virt-launcher-vm-x]: error loading k8s delegates k8s args: cannot find a network-attachment-definition (br1) in namespace (default): network-attachment-definitions.k8s.cni.cncf.io \"br1\" not found",
        ..NW
    },
    Signature {
        id: "multus-nad-not-found",
        all: &[
            "network-attachment-definitions.k8s.cni.cncf.io",
            "not found",
        ],
        none: &["cannot find a network-attachment-definition"],
        title: "a NetworkAttachmentDefinition is not found",
        cause: "the network-attachment-definition a VMI or pod names does not exist in its \
            namespace: the launcher pod's secondary network cannot be attached",
        next_steps: STEPS,
        source: "multus-cni pkg/k8sclient/k8sclient.go; KubeVirt pkg/network (the VMI's \
            networks[].multus.networkName)",
        example: "network-attachment-definitions.k8s.cni.cncf.io \"br1\" not found",
        ..NW
    },
    // KubeVirt's own lookups of the NetworkAttachmentDefinitions a VMI's Multus networks name,
    // while virt-controller renders the launcher pod (`pkg/network/multus/`,
    // `pkg/virt-controller/services/template.go`: "failed to locate network attachment
    // definition %s/%s"; the persistent-IPs claims: "failed to unmarshal NAD spec.config
    // JSON", "failed to obtain network name: cannot be empty when allowPersistentIPs is
    // true"): the VM's secondary-network reference is wrong or the NAD missing, whichever
    // controller wraps it ("failed to render launch manifest").
    Signature {
        id: "kubevirt-nad-lookup",
        all: &["network attachment definition", "failed to locate"],
        title: "a NetworkAttachmentDefinition the VM's network names does not exist",
        cause: "virt-controller looks up the NetworkAttachmentDefinition of each Multus network \
            of the VMI (networks[].multus.networkName, `<namespace>/<name>` or the VMI's own \
            namespace) to render the launcher pod; it does not exist under that name, so no \
            pod is created: fix the network's name in the VM or create the NAD",
        next_steps: &[
            "kubectl get network-attachment-definitions -A",
            "kubectl get vm <vm> -o jsonpath='{.spec.template.spec.networks}'",
        ],
        source: "KubeVirt pkg/network/multus (\"failed to locate network attachment \
            definition %s/%s\"), pkg/virt-controller/services/template.go",
        example: "failed to render launch manifest: failed to locate network attachment definition tenant/vlan-12",
        ..NW
    },
    Signature {
        id: "kubevirt-nad-config",
        all: &["failed to unmarshal", "NAD spec.config"],
        title: "a NetworkAttachmentDefinition's config cannot be read",
        cause: "virt-controller reads the NetworkAttachmentDefinition's spec.config (its CNI \
            JSON) for persistent IPs and cannot parse it: the network's definition is broken",
        next_steps: &["kubectl get network-attachment-definitions <nad> -o yaml (spec.config)"],
        source: "KubeVirt pkg/network (\"failed to unmarshal NAD spec.config JSON\")",
        example: "failed to unmarshal NAD spec.config JSON: invalid character '}'",
        ..NW
    },
    Signature {
        id: "multus-delegate-error",
        all: &["Multus: [", "error"],
        title: "Multus fails to set up a pod's networks",
        cause: "the Multus CNI plugin failed while adding the launcher pod to its networks (a \
            delegate plugin failed, or its configuration is missing): the pod's sandbox is \
            not created",
        next_steps: STEPS,
        source: "multus-cni pkg/multus/multus.go (\"Multus: [%s/%s/%s]: error ...\")",
        example: "Multus: [ns/virt-launcher-vm-x/abc]: error adding container to network \"br1\": failed to find plugin \"bridge\"",
        ..NW
    },
    // KubeMacPool (k8snetworkplumbingwg/kubemacpool, deployed by the cluster network add-ons
    // operator) allocates the MACs of VMs and pods through its mutating webhooks, named in
    // `pkg/pool-manager/pool.go` (`mutatepods.kubemacpool.io`,
    // `mutatevirtualmachines.kubemacpool.io`, configuration `kubemacpool-mutator`). Its denial
    // wins over the generic "failed to create virtual machine pod" it is wrapped in (two
    // needles over one): the network add-on refused, not virt-controller.
    Signature {
        id: "kubemacpool-webhook-denied",
        all: &["kubemacpool", "denied the request"],
        title: "KubeMacPool's webhook refuses the object (MAC allocation)",
        cause: "KubeMacPool, the network add-on that allocates MAC addresses to VMs and pods \
            in opted-in namespaces, denied the request: the MAC asked for is taken, outside its \
            range, or the pool is exhausted, so the VM or its launcher pod is not created",
        next_steps: &[
            "kubectl logs -n <network add-ons namespace> deploy/kubemacpool-mac-controller-manager",
            "kubectl get ns <namespace> --show-labels (mutatepods/mutatevirtualmachines.kubemacpool.io opt-in)",
            "kubectl get mutatingwebhookconfiguration kubemacpool-mutator -o yaml",
        ],
        source: "kubemacpool pkg/pool-manager/pool.go (webhook names mutatepods.kubemacpool.io, \
            mutatevirtualmachines.kubemacpool.io)",
        example: r#"admission webhook "mutatevirtualmachines.kubemacpool.io" denied the request: failed to allocate requested mac address"#,
        ..NW
    },
];
