//! Fleet's bundle states: the continuous delivery Rancher and Harvester deploy their own charts
//! with (Harvester's `mcc-harvester` and `mcc-harvester-crd` bundles carry KubeVirt, CDI,
//! Longhorn and the rest; an upgrade waits for them). A Bundle's, GitRepo's, Cluster's or
//! ClusterGroup's `Ready` condition message, which `kubectl get bundles` prints as STATUS, names
//! each state that is not Ready with its count and what it concerns: `%s(%d) [%s %s]` or
//! `%s(%d) [%s %s: %s]` (rancher/fleet `internal/cmd/controller/summary/summary.go`,
//! ReadyMessage, referencedKind `Cluster` or `Bundle`), followed by the resources modified or not
//! ready. The states are `BundleState`'s (`pkg/apis/fleet.cattle.io/v1alpha1/bundle_types.go`):
//! `NotReady` (deployed, some resources not ready), `WaitApplied` (synced, waiting to be
//! deployed), `ErrApplied` (errors when deploying), `OutOfSync` (the agent has not synced the
//! change), `Pending` (being processed), `Modified` (deployed, but resources changed outside
//! Fleet). Each is the deployment machinery not having brought the cluster to its charts'
//! state: the control plane's by this corpus' conventions (the install's), degraded. A message
//! the state carries (an admission webhook's denial) is read by its own signature where it
//! names more.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const FLEET: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Degraded,
    next_steps: &[
        "kubectl get bundles -A; kubectl get bundledeployments -A -o wide (which cluster and which resources)",
        "kubectl get bundle <name> -n fleet-local -o jsonpath='{.status.summary.nonReadyResources}'",
        "kubectl logs -n cattle-fleet-system deploy/fleet-controller; kubectl logs -n cattle-fleet-local-system deploy/fleet-agent",
    ],
    source: "rancher/fleet internal/cmd/controller/summary/summary.go (ReadyMessage: \
        \"%s(%d) [%s %s]\"); pkg/apis/fleet.cattle.io/v1alpha1/bundle_types.go (BundleState)",
    ..BASE
};

/// `<state>(` followed by `) [Cluster` or `) [Bundle`: the ReadyMessage form.
const KINDS: &[&str] = &[") [Cluster ", ") [Bundle "];

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "fleet-err-applied",
        all: &["ErrApplied("],
        any: KINDS,
        cased: &["ErrApplied("],
        title: "Fleet could not deploy a bundle (ErrApplied)",
        cause: "Fleet's agent applied the bundle's resources on the cluster and some were \
            refused or failed (the message after the bundle names them), so the charts the \
            bundle carries are not at the state asked and whatever waits for them (an upgrade) \
            waits",
        example: "mcc-example   0/1   ErrApplied(1) [Cluster fleet-local/local: helm.sh/resourcepolicy: keep blocks the upgrade]",
        ..FLEET
    },
    Signature {
        id: "fleet-modified",
        all: &["Modified("],
        any: KINDS,
        cased: &["Modified("],
        title: "a resource Fleet deployed was changed outside Fleet (Modified)",
        cause: "Fleet's agent finds resources of the bundle that differ from what the bundle \
            says (a patch, a field another controller or a person set, a resource missing or \
            extra); the bundle stays Modified until they agree again, and whatever waits for it \
            to be Ready (an upgrade) waits",
        example: "mcc-example   0/1   Modified(1) [Cluster fleet-local/local]; configmap.v1 kube-system/example modified {\"data\":{\"k\":\"v\"}}",
        ..FLEET
    },
    Signature {
        id: "fleet-wait-applied",
        all: &["WaitApplied("],
        any: KINDS,
        cased: &["WaitApplied("],
        title: "a Fleet bundle waits to be deployed (WaitApplied)",
        cause: "the bundle is synced to the cluster but its agent has not deployed it (the \
            agent down, not registered or not reaching the cluster), so the charts stay at \
            their old state",
        example: "fleet-agent-local   0/1   WaitApplied(1) [Cluster fleet-local/local]",
        ..FLEET
    },
    Signature {
        id: "fleet-out-of-sync",
        all: &["OutOfSync("],
        any: KINDS,
        cased: &["OutOfSync("],
        title: "a Fleet bundle's agent has not synced the change (OutOfSync)",
        cause: "Fleet's controller has the bundle's new state but the cluster's agent has not \
            picked it up (the agent down, not registered, or failing to reach the management \
            cluster), so nothing new is deployed",
        example: "mcc-example   0/1   OutOfSync(1) [Cluster fleet-local/local]",
        ..FLEET
    },
    Signature {
        id: "fleet-not-ready",
        all: &["NotReady("],
        any: KINDS,
        cased: &["NotReady("],
        title: "the resources of a Fleet bundle are not ready (NotReady)",
        cause: "Fleet deployed the bundle and some of its resources are not ready (the \
            message names them: a Deployment without its replicas, a job not done), so the \
            charts are not in service",
        example: "mcc-example   0/1   NotReady(1) [Cluster fleet-local/local]; deployment.apps kube-system/example [progressing] Deployment does not have minimum availability.",
        ..FLEET
    },
    Signature {
        id: "fleet-pending",
        all: &["Pending("],
        any: KINDS,
        cased: &["Pending("],
        title: "Fleet is still processing a bundle (Pending)",
        cause: "Fleet's controller has not finished processing the bundle for its clusters; a \
            state of passage, a fault only when it stays",
        example: "mcc-example   0/1   Pending(1) [Cluster fleet-local/local]",
        ..FLEET
    },
];
