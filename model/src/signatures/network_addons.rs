//! The cluster network add-ons operator's account of its NetworkAddonsConfig (`kubectl get
//! networkaddonsconfig cluster -o yaml`, its events): the reasons it fails the configuration
//! with, from kubevirt/cluster-network-addons-operator. Its reconciler
//! (`pkg/controller/networkaddonsconfig/networkaddonsconfig_controller.go`, `Reconcile`) calls
//! `SetFailing` with `FailedToValidate`, `FailedToRender`, `FailedToRenderDelete`,
//! `FailedToApply`, `FailedToDeleteObjects`, `FailedToGetOpenShiftNetworkConfig` and
//! `FailedToGetPreviousConfigSpec`; its status manager (`pkg/controller/statusmanager/
//! status_manager.go`) sets them as a `Degraded` (once `Failing`) condition, marks
//! `Progressing` False with `InvalidConfiguration` ("Human interaction is needed, please fix
//! the desired configuration"), fails the pod deployment with `NoNamespace`, `NoDaemonSet`
//! ("Expected DaemonSet %q does not exist") or `NoDeployment`; and its event emitter
//! (`pkg/eventemitter/eventemitter.go`, `EmitFailingForConfig`) records each as a Warning
//! event with reason `Failed: <reason>` and message `Operator failed: <message>`.
//!
//! A configuration the operator cannot render or apply leaves the secondary-network add-ons
//! (Multus, the linux bridge and its marker, KubeMacPool, ovs-cni, macvtap-cni) undeployed or
//! stale: the VMs' secondary networks, the network's (data table). The operator's own process
//! crashing stays the control plane's (`components.rs`, `input/panic_owner.rs`). The reasons
//! are read in their case; the two that other operators also write (`FailedToApply`,
//! `FailedToValidate`) only beside the event's `Failed: ` reason or the operator's own words.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const ADDONS: Signature = Signature {
    layer: Some(Layer::Network),
    health: Health::Broken,
    title: "the cluster network add-ons operator fails its configuration (NetworkAddonsConfig)",
    cause: "the cluster network add-ons operator could not validate, render or apply the \
        NetworkAddonsConfig (the condition's or event's message says which object and why): the \
        secondary-network add-ons it deploys (Multus, the linux bridge, KubeMacPool, ovs-cni, \
        macvtap-cni) are missing or stale, so VMs' secondary networks cannot be wired",
    next_steps: &[
        "kubectl get networkaddonsconfig cluster -o yaml (status.conditions: Degraded's reason and message)",
        "kubectl get events -A --field-selector involvedObject.kind=NetworkAddonsConfig",
        "kubectl logs -n <operator namespace> deploy/cluster-network-addons-operator",
    ],
    source: "kubevirt/cluster-network-addons-operator pkg/controller/networkaddonsconfig/\
        networkaddonsconfig_controller.go (Reconcile: SetFailing reasons); pkg/controller/\
        statusmanager/status_manager.go; pkg/eventemitter/eventemitter.go (\"Failed: %s\", \
        \"Operator failed: %s\")",
    ..BASE
};

/// One failing reason the operator alone writes, in its case.
const fn own(
    id: &'static str,
    word: &'static [&'static str; 1],
    example: &'static str,
) -> Signature {
    Signature {
        id,
        all: word,
        cased: word,
        example,
        ..ADDONS
    }
}

/// A reason other operators also write, only in the event the operator records (`Failed: `).
const fn event(
    id: &'static str,
    word: &'static [&'static str; 1],
    example: &'static str,
) -> Signature {
    Signature {
        any: &[
            "Failed: ",
            "Operator failed: ",
            "NetworkConfig.Spec",
            "networkaddonsconfig",
        ],
        ..own(id, word, example)
    }
}

pub(super) const TABLE: &[Signature] = &[
    own(
        "cnao-failed-to-render",
        &["FailedToRender"],
        "    reason: FailedToRender",
    ),
    own(
        "cnao-failed-to-get-openshift-network-config",
        &["FailedToGetOpenShiftNetworkConfig"],
        "    reason: FailedToGetOpenShiftNetworkConfig",
    ),
    own(
        "cnao-failed-to-get-previous-config-spec",
        &["FailedToGetPreviousConfigSpec"],
        "    reason: FailedToGetPreviousConfigSpec",
    ),
    own(
        "cnao-failed-to-delete-objects",
        &["FailedToDeleteObjects"],
        "    reason: FailedToDeleteObjects",
    ),
    event(
        "cnao-failed-to-apply",
        &["FailedToApply"],
        "Warning   Failed: FailedToApply   networkaddonsconfig/cluster   Operator failed: could not apply (apps/v1, Kind=DaemonSet) linux-bridge/bridge-marker",
    ),
    event(
        "cnao-failed-to-validate",
        &["FailedToValidate"],
        "Warning   Failed: FailedToValidate   networkaddonsconfig/cluster   Operator failed: failed to validate NetworkConfig.Spec: invalid KubeMacPool range",
    ),
    Signature {
        id: "cnao-invalid-configuration",
        all: &["Human interaction is needed, please fix the desired configuration"],
        example: "    message: Human interaction is needed, please fix the desired configuration",
        ..ADDONS
    },
    Signature {
        id: "cnao-components-not-deployed",
        all: &["Some problems occurred while deploying components' pods"],
        health: Health::Degraded,
        example: "    message: Some problems occurred while deploying components' pods",
        ..ADDONS
    },
    // The status manager's account of the components it deploys while they roll out
    // (`pkg/controller/statusmanager/status_manager.go`, SetFromPods: a Progressing condition
    // whose message lists each DaemonSet or Deployment not yet ready; OpenShift's network
    // operator, whose status manager it follows, writes the same words for its own network
    // daemons): a secondary-network add-on not ready on every node, the network's, degraded.
    Signature {
        id: "cnao-daemonset-progressing",
        all: &["DaemonSet \""],
        any: PROGRESSING,
        health: Health::Degraded,
        title: PROGRESSING_TITLE,
        cause: PROGRESSING_CAUSE,
        example: r#"DaemonSet "cluster-network-addons/ovs-cni-amd64" update is rolling out (1 out of 3 updated)"#,
        ..ADDONS
    },
    Signature {
        id: "cnao-deployment-progressing",
        all: &["Deployment \""],
        any: PROGRESSING,
        health: Health::Degraded,
        title: PROGRESSING_TITLE,
        cause: PROGRESSING_CAUSE,
        example: r#"Deployment "cluster-network-addons/kubemacpool-mac-controller-manager" is not available (awaiting 1 nodes)"#,
        ..ADDONS
    },
];

/// The status manager's progressing words, after the object's quoted name.
const PROGRESSING: &[&str] = &[
    "\" is not available (awaiting ",
    "\" is not yet scheduled on any nodes",
    "\" update is rolling out (",
    "\" update is being processed",
];
const PROGRESSING_TITLE: &str =
    "a network add-on the cluster network add-ons operator deploys is not ready yet";
const PROGRESSING_CAUSE: &str = "the operator's Progressing condition lists a DaemonSet or \
    Deployment of the secondary-network add-ons (Multus, the linux bridge, KubeMacPool, \
    ovs-cni, macvtap-cni) still unavailable or rolling out: until it is ready on every node, \
    VMs on those networks cannot be wired there";
