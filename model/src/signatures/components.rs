//! WHO reported a line, for the reader of last resort (`input::last_resort`): beyond the ways a
//! line names its component by its own fields ([`super::component::component_of_line`]), a line
//! names its reporter by
//! - a JSON log object after a prefix (`kubectl logs --prefix`, `stern`, `grep -r` over log
//!   files: `virt-handler-f5njw virt-handler {"component":…}`, `./x.log.gz:{…}`);
//! - a pod or workload name of a known component (KubeVirt's `cmd/` binaries and the pods they
//!   run as; the hot-plug attachment pod `hp-volume-` that virt-controller renders in
//!   `pkg/virt-controller/services/template.go` and that runs on the VMI's node; CDI's
//!   `cmd/cdi-*` and its `importer-`/`cdi-upload-` pods; SSP's template validator; HCO; the
//!   hostpath provisioner; Longhorn's managers; Harvester's webhook);
//! - a klog file only one Kubernetes control-plane binary has (kube-aggregator's
//!   `pkg/controllers/status/available_controller.go` in the API server, the scheduler's
//!   `pkg/scheduler/schedule_one.go`, the controller-manager's `pkg/controller/*` files);
//! - a user name Kubernetes authenticates a component as (`system:node:<node>`: the kubelet;
//!   `system:serviceaccount:kube-system:<controller>`: a kube-controller-manager controller;
//!   KubeVirt's service accounts from `pkg/virt-operator/resource/generate/rbac/`).
//!
//! The table is built from those components' own names, not from pastes.

use super::component::{Component, component_of_line};
use crate::verdict::Layer;

/// The reporter of a line and the layer it belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Who {
    pub name: &'static str,
    pub layer: Layer,
    /// Why that reporter belongs to that layer.
    pub why: &'static str,
    /// How the line named it.
    pub how: &'static str,
    /// The words that named it (the pod, file or user name).
    pub token: String,
}

const CONTROL: &str = "a cluster-wide control-plane component";
const ADDON: &str = "a network add-on that wires the VMs' secondary networks";
const STORAGE_NODE: &str = "storage served from the node's own disks and daemons";
const POD_NETWORK: &str = "the cluster's network plugin, which gives every pod its network";

/// Components outside KubeVirt's five, by the name their pods and logs carry (a prefix of a
/// word of the line).
const NAMES: &[(&str, &str, Layer, &str)] = &[
    // kubevirt/ssp-operator: the template validator is a validating webhook for VMs.
    (
        "virt-template-validator",
        "SSP template validator",
        Layer::ControlPlane,
        "SSP's admission webhook for VMs created from templates",
    ),
    (
        "kubevirt-template-validator",
        "SSP template validator",
        Layer::ControlPlane,
        "SSP's admission webhook for VMs created from templates",
    ),
    ("ssp-operator", "SSP operator", Layer::ControlPlane, CONTROL),
    // kubevirt/hyperconverged-cluster-operator.
    (
        "hyperconverged-cluster-operator",
        "HCO",
        Layer::ControlPlane,
        CONTROL,
    ),
    ("hco-operator", "HCO", Layer::ControlPlane, CONTROL),
    ("hco-webhook", "HCO webhook", Layer::ControlPlane, CONTROL),
    // kubevirt/hostpath-provisioner: volumes carved from the node's file system.
    (
        "hostpath-provisioner",
        "hostpath provisioner",
        Layer::Node,
        STORAGE_NODE,
    ),
    // longhorn/longhorn-manager: replicas and engines run on each node's disks.
    ("longhorn-manager", "Longhorn", Layer::Node, STORAGE_NODE),
    ("longhorn-csi-plugin", "Longhorn", Layer::Node, STORAGE_NODE),
    ("instance-manager", "Longhorn", Layer::Node, STORAGE_NODE),
    ("driver.longhorn.io", "Longhorn", Layer::Node, STORAGE_NODE),
    ("longhorn-", "Longhorn", Layer::Node, STORAGE_NODE),
    // Multus (k8snetworkplumbingwg/multus-cni) attaches the VMI's secondary networks.
    (
        "kube-multus",
        "Multus",
        Layer::Network,
        "the CNI meta-plugin that attaches the pod's networks",
    ),
    (
        "multus",
        "Multus",
        Layer::Network,
        "the CNI meta-plugin that attaches the pod's networks",
    ),
    // The network add-ons the cluster network add-ons operator deploys
    // (kubevirt/cluster-network-addons-operator `data/`: kubemacpool, linux-bridge with its
    // bridge-marker, ovs-cni, macvtap-cni) and Harvester's VLAN network controller
    // (harvester/harvester-network-controller): they wire the VMs' secondary networks. The
    // operator itself is an install component, the control plane.
    (
        "cluster-network-addons-operator",
        "cluster network add-ons operator",
        Layer::ControlPlane,
        CONTROL,
    ),
    ("kubemacpool", "KubeMacPool", Layer::Network, ADDON),
    (
        "bridge-marker",
        "linux-bridge marker",
        Layer::Network,
        ADDON,
    ),
    (
        "kube-cni-linux-bridge",
        "linux-bridge CNI",
        Layer::Network,
        ADDON,
    ),
    ("ovs-cni", "OVS CNI", Layer::Network, ADDON),
    ("macvtap-cni", "macvtap CNI", Layer::Network, ADDON),
    (
        "harvester-network-controller",
        "Harvester network controller",
        Layer::Network,
        ADDON,
    ),
    // kubernetes-nmstate (deployed by the network add-ons operator, its `data/nmstate/`): the
    // node network configuration's handler and webhook; Multus' dynamic networks controller
    // (`data/multus-dynamic-networks-controller/`); whereabouts (IPAM for secondary networks).
    ("nmstate-", "kubernetes-nmstate", Layer::Network, ADDON),
    (
        "dynamic-networks-controller",
        "Multus dynamic networks controller",
        Layer::Network,
        ADDON,
    ),
    ("whereabouts", "whereabouts IPAM", Layer::Network, ADDON),
    // The cluster network plugins, by their DaemonSets' and Deployments' names in their own
    // manifests (flannel's `kube-flannel.yml`, Calico's `calico.yaml`, Cilium's Helm chart,
    // ovn-kubernetes' `dist/templates`, Kube-OVN's `install.sh`): the pod network itself.
    ("kube-flannel", "flannel", Layer::Network, POD_NETWORK),
    ("calico-node", "Calico", Layer::Network, POD_NETWORK),
    (
        "calico-kube-controllers",
        "Calico",
        Layer::Network,
        POD_NETWORK,
    ),
    ("cilium", "Cilium", Layer::Network, POD_NETWORK),
    ("ovnkube-", "OVN-Kubernetes", Layer::Network, POD_NETWORK),
    ("kube-ovn-", "Kube-OVN", Layer::Network, POD_NETWORK),
    // virtiofsd, the daemon of the launcher pod's `virtiofs-<volume>` container (command
    // `/usr/libexec/virtiofsd`, `pkg/virt-controller/services/virtiofs.go`): it serves the
    // node's directories (a PVC's, a ConfigMap's) to the guest over vhost-user; its log
    // (Rust's `[time LEVEL virtiofsd] …`) is the node side of the file share.
    (
        "virtiofsd",
        "virtiofsd",
        Layer::Node,
        "the launcher pod's file-sharing daemon, serving the node's directories to the guest",
    ),
    // KubeVirt's export proxy (a Deployment, `cmd/virt-exportproxy`).
    (
        "virt-exportproxy",
        "virt-exportproxy",
        Layer::ControlPlane,
        CONTROL,
    ),
    // harvester/harvester: its admission webhook and controllers.
    (
        "harvester-webhook",
        "Harvester webhook",
        Layer::ControlPlane,
        CONTROL,
    ),
];

/// KubeVirt's and CDI's pods by their name prefix.
const PODS: &[(&str, Component)] = &[
    ("virt-handler-", Component::VirtHandler),
    ("virt-launcher-", Component::VirtLauncher),
    ("virt-controller-", Component::VirtController),
    ("virt-api-", Component::VirtApi),
    ("virt-operator-", Component::VirtOperator),
    ("hp-volume-", Component::VirtHandler),
    ("cdi-", Component::Cdi),
    ("importer-", Component::Cdi),
];

/// klog files only one Kubernetes control-plane binary (or one of CDI's) has.
const KUBE_FILES: &[(&str, &str)] = &[
    (
        "available_controller.go",
        "kube-apiserver (API aggregation)",
    ),
    (
        "apiservice_controller.go",
        "kube-apiserver (API aggregation)",
    ),
    ("handler_proxy.go", "kube-apiserver (API aggregation)"),
    ("dispatcher.go", "kube-apiserver (admission webhooks)"),
    ("schedule_one.go", "kube-scheduler"),
    ("default_preemption.go", "kube-scheduler"),
    ("garbagecollector.go", "kube-controller-manager"),
    ("graph_builder.go", "kube-controller-manager"),
    ("node_lifecycle_controller.go", "kube-controller-manager"),
    ("attach_detach_controller.go", "kube-controller-manager"),
    ("replica_set.go", "kube-controller-manager"),
    ("deployment_controller.go", "kube-controller-manager"),
    ("taint_eviction.go", "kube-controller-manager"),
    // CDI's upload path (kubevirt/containerized-data-importer `pkg/uploadproxy/uploadproxy.go`,
    // `pkg/uploadserver/uploadserver.go`): the cluster-wide proxy and the per-DataVolume server
    // that populate a disk, before any VM runs.
    ("uploadproxy.go", "CDI upload proxy (cdi-uploadproxy)"),
    ("uploadserver.go", "CDI upload server"),
];

/// KubeVirt's service accounts (`pkg/virt-operator/resource/generate/rbac/`).
const ACCOUNTS: &[(&str, Component)] = &[
    ("kubevirt-handler", Component::VirtHandler),
    ("kubevirt-controller", Component::VirtController),
    ("kubevirt-apiserver", Component::VirtApi),
    ("kubevirt-operator", Component::VirtOperator),
];

fn of(c: Component, line: &str, how: &'static str, token: &str) -> Who {
    Who {
        name: c.name(),
        layer: c.layer(line),
        why: c.why(),
        how,
        token: token.to_string(),
    }
}

/// Who reported `line`, by any of the ways the module comment lists.
pub fn reporter(line: &str) -> Option<Who> {
    if let Some(c) = component_of_line(line) {
        return Some(of(c, line, "the line's own fields", c.name()));
    }
    if let Some(i) = line.find("{\"")
        && i > 0
        && let Some(c) = component_of_line(&line[i..])
    {
        return Some(of(
            c,
            line,
            "the JSON log object after the line's prefix",
            c.name(),
        ));
    }
    if let Some(w) = by_user(line) {
        return Some(w);
    }
    if let Some(w) = by_kube_file(line) {
        return Some(w);
    }
    by_word(line)
}

/// The user name Kubernetes authenticated the writer as.
fn by_user(line: &str) -> Option<Who> {
    const HOW: &str = "the user name it acts as";
    if line.contains("system:node:") {
        return Some(of(Component::Kubelet, line, HOW, "system:node:<node>"));
    }
    let i = line.find("system:serviceaccount:")?;
    let rest = &line[i + "system:serviceaccount:".len()..];
    let (ns, name) = rest.split_once(':')?;
    let name: &str = name
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .next()?;
    let token = format!("system:serviceaccount:{ns}:{name}");
    if let Some((_, c)) = ACCOUNTS.iter().find(|(a, _)| *a == name) {
        return Some(of(*c, line, HOW, &token));
    }
    let controller = name.ends_with("-controller") || name.ends_with("-collector");
    (ns == "kube-system" && controller).then_some(Who {
        name: "kube-controller-manager",
        layer: Layer::ControlPlane,
        why: "a Kubernetes control-plane controller",
        how: HOW,
        token,
    })
}

/// The component a pod belongs to by its name, among the components outside KubeVirt's five
/// (a network add-on's pod is the network's, a Longhorn manager's the node's storage).
pub fn pod_owner(pod: &str) -> Option<(&'static str, Layer)> {
    let lower = pod.to_ascii_lowercase();
    NAMES
        .iter()
        .find(|(n, ..)| lower.starts_with(n))
        .map(|(_, name, layer, _)| (*name, *layer))
}

/// A klog header's file of a Kubernetes control-plane binary.
fn by_kube_file(line: &str) -> Option<Who> {
    let head = line.split_once("] ")?.0;
    let file = head.rsplit(' ').next()?.split(':').next()?;
    let (_, name) = KUBE_FILES.iter().find(|(f, _)| *f == file)?;
    Some(Who {
        name,
        layer: Layer::ControlPlane,
        why: "a Kubernetes control-plane component",
        how: "the source file of its klog header",
        token: file.to_string(),
    })
}

/// A word of the line that is a known component's or pod's name.
fn by_word(line: &str) -> Option<Who> {
    let words = line.split(|c: char| c.is_whitespace() || "\"'/=,()[]{}".contains(c));
    for w in words {
        let w = w.trim_end_matches([':', '.']);
        let lower = w.to_ascii_lowercase();
        if let Some((_, name, layer, why)) = NAMES.iter().find(|(n, ..)| lower.starts_with(n)) {
            return Some(Who {
                name,
                layer: *layer,
                why,
                how: "the component or pod name it carries",
                token: w.to_string(),
            });
        }
        if let Some((_, c)) = PODS
            .iter()
            .find(|(p, _)| lower.starts_with(p) && lower.len() > p.len())
        {
            return Some(of(*c, line, "the pod name it carries", w));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_way_of_naming_a_reporter() {
        let w = |l: &str| reporter(l).map(|w| (w.name, w.layer));
        assert_eq!(
            w(r#"virt-handler-abcde virt-handler {"component":"virt-handler","level":"info"}"#),
            Some(("virt-handler", Layer::Node))
        );
        assert_eq!(
            w("E0101 00:00:00.000000 1 available_controller.go:1] v1.x failed"),
            Some(("kube-apiserver (API aggregation)", Layer::ControlPlane))
        );
        assert_eq!(
            w("deleted by system:serviceaccount:kube-system:generic-garbage-collector"),
            Some(("kube-controller-manager", Layer::ControlPlane))
        );
        assert_eq!(
            w("msg from kubevirt-template-validator-7d9f: x"),
            Some(("SSP template validator", Layer::ControlPlane))
        );
        assert_eq!(
            w("pod hostpath-provisioner-csi-x failed"),
            Some(("hostpath provisioner", Layer::Node))
        );
        assert_eq!(w("User \"system:serviceaccount:default:me\" cannot"), None);
        assert_eq!(
            w("kube-multus-ds-abcde E0101 x failed"),
            Some(("Multus", Layer::Network))
        );
        assert_eq!(w("nothing names anyone here"), None);
    }
}
