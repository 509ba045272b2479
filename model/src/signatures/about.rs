//! ABOUT WHAT an error line speaks, for the reader of last resort (`input::last_resort`): the
//! object it names decides the layer over the reporter's where the object's own layer is clear:
//! - a volume operation of the kubelet's or the attach/detach controller's operation executor
//!   (`pkg/volume/util/operationexecutor/operation_generator.go` in kubernetes/kubernetes:
//!   `AttachVolume.Attach failed`, `MountVolume.SetUp failed`, `MapVolume.SetUpDevice failed`,
//!   `UnmountVolume.TearDown failed`, …, and `Multi-Attach error` from the attach/detach
//!   reconciler): the pod's volume on its node. These forms state a failure themselves, so they
//!   count as error-level material even quoted without a level;
//! - the node's heartbeat (`kube-node-lease` leases, `Error updating node status`: the kubelet's
//!   `pkg/kubelet/kubelet_node_status.go` and the lease controller of
//!   `k8s.io/component-helpers/apimachinery/lease`): the node;
//! - KubeVirt's aggregated API (`subresources.kubevirt.io`, served by virt-api, registered as an
//!   APIService by virt-operator): the control plane;
//! - a migration (`Migration ns/name` in virt-controller's re-enqueue, a
//!   `VirtualMachineInstanceMigration`, its target prepared by virt-handler: `syncing migration
//!   target failed` in `pkg/virt-handler/vm.go`, the command `SyncMigrationTarget` of
//!   `pkg/virt-handler/cmd-client/client.go`): the migration's control plane;
//! - a pod sandbox's network setup, the CNI ADD (containerd's
//!   `internal/cri/server/sandbox_run.go`: `failed to setup network for sandbox`; CRI-O's
//!   `error adding pod … to CNI network`; libcni's `plugin type=… failed (add)`; Multus'
//!   `pkg/multus/multus.go`: `error adding container to network`, and its thick plugin's shim:
//!   `CNI request failed with status`): the network, whoever records it (the kubelet);
//! - the VMI's network plumbing in its pod (KubeVirt's `pkg/network/driver/common.go`, formerly
//!   `pkg/virt-launcher/virtwrap/network/podinterface.go`: `failed to create tap device named`,
//!   `failed to create a bridge`, `failed to connect interface … to bridge`, `failed to bring
//!   link up for interface`), written by virt-handler or virt-launcher: the network, not the
//!   component that hosts the code;
//! - a host network link: the kernel's rtnetlink (`net/core/rtnetlink.c`: `A link change request
//!   failed with some changes committed already`) and a VLAN set up on a node: the network;
//! - the object `kubectl wait` waited on in vain (kubectl's `pkg/cmd/wait`:
//!   `timed out waiting for the condition on <resource>/<name>`): that resource's layer (the
//!   network add-ons' and node network configurations: the network; KubeVirt's, CDI's and HCO's
//!   install resources, DataVolumes, APIServices, CRDs: the control plane; a node: the node; a
//!   migration: its control plane). A wait on a VM, a VMI or a pod says no layer by itself.

use crate::evidence::SignalPlane;
use crate::verdict::Layer;

/// What the line is about and the layer that object belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct About {
    pub what: &'static str,
    pub layer: Layer,
    pub plane: Option<SignalPlane>,
    /// The form states a failure by itself (no level needed).
    pub failure_form: bool,
}

/// `operation_generator.go`'s failed operations (`<Operation>.<Step> failed`).
const VOLUME_OPS: &[&str] = &[
    "AttachVolume.Attach failed",
    "AttachVolume.NewAttacher failed",
    "AttachVolume.FindAttachablePluginBySpec failed",
    "DetachVolume.Detach failed",
    "MountVolume.WaitForAttach failed",
    "MountVolume.MountDevice failed",
    "MountVolume.SetUp failed",
    "MountVolume.NewMounter initialization failed",
    "MountVolume.MarkVolumeAsMounted failed",
    "MapVolume.WaitForAttach failed",
    "MapVolume.SetUpDevice failed",
    "MapVolume.MapPodDevice failed",
    "MapVolume.NewBlockVolumeMapper initialization failed",
    "UnmountVolume.TearDown failed",
    "UnmountDevice failed",
    "UnmapVolume.UnmapBlockDevice failed",
    "Multi-Attach error for volume",
];

/// What `line` is about, when its object's layer is clear.
pub fn about(line: &str) -> Option<About> {
    if VOLUME_OPS.iter().any(|op| line.contains(op)) {
        return Some(About {
            what: "a pod's volume on its node (attach, mount or map)",
            layer: Layer::Node,
            plane: None,
            failure_form: true,
        });
    }
    let lower = line.to_ascii_lowercase();
    let has = |w: &[&str]| w.iter().any(|k| lower.contains(k));
    if has(&[
        "kube-node-lease",
        "updating node status",
        "update node status",
    ]) {
        return Some(About {
            what: "the node's heartbeat (its lease and status)",
            layer: Layer::Node,
            plane: None,
            failure_form: false,
        });
    }
    if has(&["subresources.kubevirt.io"]) {
        return Some(About {
            what: "KubeVirt's aggregated API (virt-api behind the subresources APIService)",
            layer: Layer::ControlPlane,
            plane: None,
            failure_form: false,
        });
    }
    if has(&[
        "enqueuing migration",
        "virtualmachineinstancemigration",
        "migration target",
        "sending command syncmigrationtarget",
    ]) {
        return Some(About {
            what: "a migration (its controller's work before any data moves)",
            layer: Layer::Migration,
            plane: Some(SignalPlane::Control),
            failure_form: false,
        });
    }
    if let Some(a) = network_plumbing(&lower) {
        return Some(a);
    }
    waited_on(&lower)
}

/// Resources by the layer their own readiness belongs to (plural names as kubectl prints them).
const WAITED: &[(&str, Layer, &str)] = &[
    (
        "networkaddonsconfigs",
        Layer::Network,
        "the network add-ons' configuration",
    ),
    (
        "nodenetworkconfigurationpolicies",
        Layer::Network,
        "a node network configuration",
    ),
    (
        "network-attachment-definitions",
        Layer::Network,
        "a secondary network's definition",
    ),
    (
        "kubevirts",
        Layer::ControlPlane,
        "KubeVirt's install (its CR)",
    ),
    (
        "hyperconvergeds",
        Layer::ControlPlane,
        "HCO's install (its CR)",
    ),
    ("cdis", Layer::ControlPlane, "CDI's install (its CR)"),
    (
        "datavolumes",
        Layer::ControlPlane,
        "a DataVolume (the VM's disk)",
    ),
    ("apiservices", Layer::ControlPlane, "an aggregated API"),
    ("customresourcedefinitions", Layer::ControlPlane, "a CRD"),
    ("deployments", Layer::ControlPlane, "a Deployment"),
    ("nodes", Layer::Node, "a node"),
];

/// `timed out waiting for the condition on <resource>/<name>`: the object kubectl waited on.
fn waited_on(lower: &str) -> Option<About> {
    const FORM: &str = "timed out waiting for the condition on ";
    let at = lower.find(FORM)? + FORM.len();
    let resource = lower[at..].split(['/', '.', ' ']).next()?;
    if resource == "virtualmachineinstancemigrations" {
        return Some(About {
            what: "a migration kubectl waited on in vain",
            layer: Layer::Migration,
            plane: Some(SignalPlane::Control),
            failure_form: true,
        });
    }
    let (_, layer, what) = WAITED.iter().find(|(r, ..)| *r == resource)?;
    Some(About {
        what,
        layer: *layer,
        plane: None,
        failure_form: true,
    })
}

/// A pod sandbox's CNI ADD (failure forms: they state the failure themselves), with the
/// dockershim's forms of Kubernetes before 1.24 (`pkg/kubelet/dockershim/docker_sandbox.go`:
/// `failed to set up sandbox container %q network for pod %q`; its CNI plugin's
/// `pkg/kubelet/dockershim/network/cni/cni.go` and `network/plugins.go`: `NetworkPlugin %s
/// failed to set up pod %q network`) and Multus' delegate forms (`pkg/multus/multus.go`:
/// `error in invoke Delegate add`, `Err adding pod to network`).
const SANDBOX_NETWORK: &[&str] = &[
    "failed to setup network for sandbox",
    "failed to set up sandbox container",
    "networkplugin cni failed to set up pod",
    "error in invoke delegate add",
    "err adding pod to network",
    "to cni network",
    "failed (add)",
    "error adding container to network",
    "cni request failed",
];
/// The VMI's interfaces in its pod and a host's links (KubeVirt's network driver, rtnetlink).
const PLUMBING: &[&str] = &[
    "tap device",
    "create a bridge",
    "to bridge",
    "link up for interface",
    "a link change request failed",
    "set up vlan",
];

/// `lower` without blanks and box-drawing characters: a line copied from a terminal UI (k9s'
/// border `│`) or wrapped mid-phrase still shows its multi-word forms.
fn squeezed(lower: &str) -> String {
    lower
        .chars()
        .filter(|c| !c.is_whitespace() && !('\u{2500}'..='\u{257f}').contains(c))
        .collect()
}

fn network_plumbing(lower: &str) -> Option<About> {
    let has = |w: &[&str]| w.iter().any(|k| lower.contains(k));
    let flat = squeezed(lower);
    let sandbox = SANDBOX_NETWORK
        .iter()
        .any(|k| lower.contains(k) || flat.contains(&squeezed(k)));
    if sandbox {
        return Some(About {
            what: "a pod sandbox's network setup (the CNI ADD)",
            layer: Layer::Network,
            plane: None,
            failure_form: true,
        });
    }
    if has(PLUMBING) {
        return Some(About {
            what: "the network plumbing of a VM's pod or its node (tap device, bridge, link, VLAN)",
            layer: Layer::Network,
            plane: None,
            failure_form: lower.contains("fail"),
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_object_a_line_names() {
        let a = about(r#"MountVolume.SetUp failed for volume "x" : boom"#).unwrap();
        assert_eq!((a.layer, a.failure_form), (Layer::Node, true));
        assert_eq!(
            about("Get https://h/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/n")
                .map(|a| a.layer),
            Some(Layer::Node)
        );
        assert_eq!(
            about("reenqueuing Migration ns/m").map(|a| a.plane),
            Some(Some(SignalPlane::Control))
        );
        assert_eq!(about("nothing in particular"), None);
    }
}
