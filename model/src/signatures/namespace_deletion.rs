//! A namespace whose deletion does not finish. A namespace being deleted stays in phase
//! `Terminating` (k8s.io/api `core/v1/types.go`, NamespacePhase: `Active`, `Terminating`) while
//! kube-controller-manager's namespace controller deletes everything in it, and says on its
//! conditions what holds it (kubernetes `pkg/controller/namespace/deletion/
//! namespaced_resources_deleter.go` and `status_condition_utils.go`):
//! `NamespaceDeletionDiscoveryFailure` ("Discovery failed for some groups, %d failing: %v": an
//! aggregated API such as KubeVirt's or CDI's not answering), `NamespaceDeletionContentFailure`
//! ("Failed to delete all resource types, %d remaining: %v"), `NamespaceContentRemaining`
//! ("Some resources are remaining: %s") and `NamespaceFinalizersRemaining` ("Some content in
//! the namespace has finalizers remaining: %s": objects whose controller, e.g. KubeVirt's or
//! CDI's removed before them, is no longer there to clear its finalizer). The namespace of a
//! component torn down in the wrong order stays Terminating: the control plane's (its
//! controllers and APIs), degraded. A `get ns` table's Terminating row is read by
//! `input/namespace_state.rs`.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const STUCK: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Degraded,
    next_steps: &[
        "kubectl get namespace <ns> -o yaml (status.conditions: what holds the deletion)",
        "kubectl api-resources --verbs=list --namespaced -o name | xargs -n1 kubectl get -n <ns> --ignore-not-found --show-kind (what is left)",
        "kubectl get apiservices | grep False (an aggregated API that does not answer)",
    ],
    source: "kubernetes pkg/controller/namespace/deletion/namespaced_resources_deleter.go, \
        status_condition_utils.go (the namespace's deletion conditions)",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "namespace-finalizers-remaining",
        all: &["Some content in the namespace has finalizers remaining"],
        title: "a namespace's deletion waits on finalizers no controller clears",
        cause: "the namespace controller deleted what it could, but objects left in the \
            namespace carry finalizers that their controller must clear first; a controller \
            removed before them (an operator or KubeVirt's or CDI's components deleted out of \
            order) never clears them, so the namespace stays Terminating",
        example: "message: 'Some content in the namespace has finalizers remaining: kubevirt.io/virtualMachineControllerFinalize in 1 resource instances'",
        ..STUCK
    },
    Signature {
        id: "namespace-content-remaining",
        all: &["Some resources are remaining:", "resource instances"],
        title: "a namespace's deletion waits on objects still in it",
        cause: "the namespace controller is still deleting objects of the namespace that do not \
            go away (their finalizers or their controller hold them), so the namespace stays \
            Terminating",
        example: "message: 'Some resources are remaining: virtualmachines.kubevirt.io has 1 resource instances'",
        ..STUCK
    },
    Signature {
        id: "namespace-discovery-failed",
        all: &["Discovery failed for some groups"],
        title: "a namespace's deletion is held by an API that does not answer",
        cause: "to delete a namespace's content the namespace controller lists every API group; \
            an aggregated API (KubeVirt's subresources, CDI's upload API, metrics) registered \
            but not answering fails that discovery, so nothing more is deleted and the \
            namespace stays Terminating",
        example: "message: 'Discovery failed for some groups, 1 failing: unable to retrieve the complete list of server APIs: subresources.kubevirt.io/v1: the server is currently unable to handle the request'",
        ..STUCK
    },
    Signature {
        id: "namespace-content-deletion-failed",
        all: &["Failed to delete all resource types"],
        title: "a namespace's deletion could not delete some kinds of its objects",
        cause: "the namespace controller's deletes of some resource types of the namespace \
            failed (a webhook refusing them, an API not serving the type), so the namespace \
            stays Terminating",
        example: "message: 'Failed to delete all resource types, 1 remaining: Internal error occurred: failed calling webhook'",
        ..STUCK
    },
];
