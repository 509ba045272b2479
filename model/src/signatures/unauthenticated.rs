//! The API server not authenticating a request (HTTP 401), in every form a client prints it. The
//! API server's authentication filter answers a request no authenticator accepts with a Status
//! whose reason and message are both `Unauthorized` (Kubernetes
//! `staging/src/k8s.io/apiserver/pkg/endpoints/filters/authentication.go`, `Unauthorized`:
//! `apierrors.NewUnauthorized("Unauthorized")`); a 401 without a Status body is worded by
//! client-go as "the server has asked for the client to provide credentials"
//! (`staging/src/k8s.io/apimachinery/pkg/api/errors/errors.go`, `NewGenericServerResponse`);
//! kubectl prints either as "error: You must be logged in to the server (<message>)"
//! (`staging/src/k8s.io/kubectl/pkg/cmd/util/helpers.go`, `StandardErrorMessage`), and other
//! clients as `Error from server (Unauthorized)`. virtctl prints the error bare after its verb:
//! "Error starting VirtualMachine %v", "Error stopping …", "Error restarting …", "Error migrating
//! …" (KubeVirt `pkg/virtctl/vm/*.go`), so the message alone follows the kind; client-go's
//! reflector (under every controller's informers) prints its refused list and watch with the kind
//! it lists (`failed to list *v1.Node: Unauthorized`, `tools/cache/reflector.go`), a kind that
//! names what the client reads, not what failed. The request never
//! reached KubeVirt: the API's authentication (an expired token or certificate, a kubeconfig
//! without credentials, the aggregation layer's proxy credentials for KubeVirt's subresource
//! API) refused it, the control plane's by the conventions of the fresh corpus (API access
//! problems are the control plane's). A 403 is `rbac.rs`'s: the user is known, the permission is
//! missing.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

/// A request the API server did not authenticate.
const UNAUTHENTICATED: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Degraded,
    title: "the API server did not authenticate the request (401 Unauthorized)",
    cause: "the API server answered 401: no credential of the request was accepted (an expired \
        token or client certificate, a kubeconfig without a user, a revoked service account \
        token, or for KubeVirt's subresources such as start, stop, migrate and console, the \
        aggregation layer's proxy credentials virt-api does not accept); nothing reached \
        KubeVirt, and the VM is as it was",
    next_steps: &[
        "kubectl auth whoami (or kubectl get --raw /version) with the same kubeconfig",
        "renew the kubeconfig's token or certificate (oc login, the cloud's get-credentials)",
        "kubectl get apiservice v1.subresources.kubevirt.io -o yaml (status; virt-api's logs \
         for the aggregator's requests)",
    ],
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "api-unauthorized-credentials",
        all: &["the server has asked for the client to provide credentials"],
        none: &["uploadtokenrequests"],
        source: "k8s.io/apimachinery pkg/api/errors/errors.go (NewGenericServerResponse, 401: \
            \"the server has asked for the client to provide credentials\")",
        example: "Error migrating VirtualMachine the server has asked for the client to provide credentials",
        ..UNAUTHENTICATED
    },
    Signature {
        id: "api-unauthorized-kubectl",
        all: &["You must be logged in to the server"],
        source: "k8s.io/kubectl pkg/cmd/util/helpers.go (StandardErrorMessage, \
            StatusReasonUnauthorized: \"error: You must be logged in to the server (%s)\")",
        example: "error: You must be logged in to the server (Unauthorized)",
        ..UNAUTHENTICATED
    },
    Signature {
        id: "api-unauthorized-status",
        all: &["(Unauthorized)"],
        none: &["UnauthorizedDataVolumeCreate"],
        source: "k8s.io/apiserver pkg/endpoints/filters/authentication.go (Unauthorized: \
            NewUnauthorized(\"Unauthorized\")), printed \"Error from server (%s): %s\"",
        example: "Error from server (Unauthorized): Unauthorized",
        ..UNAUTHENTICATED
    },
    // virtctl's "Error <verb> VirtualMachine %v" (and VirtualMachineInstance) with the Status
    // message of the authentication filter as the whole error.
    Signature {
        id: "api-unauthorized-virtctl",
        all: &["Error "],
        any: &[
            "VirtualMachine Unauthorized",
            "VirtualMachineInstance Unauthorized",
            "VirtualMachine, Unauthorized",
        ],
        none: &["UnauthorizedDataVolumeCreate"],
        source: "KubeVirt pkg/virtctl/vm (\"Error starting VirtualMachine %v\", \"Error \
            stopping VirtualMachine %v\", \"Error restarting VirtualMachine %v\", \"Error \
            migrating VirtualMachine %v\") with k8s.io/apiserver pkg/endpoints/filters/\
            authentication.go's message \"Unauthorized\"",
        example: "Error stopping VirtualMachine Unauthorized",
        ..UNAUTHENTICATED
    },
    // client-go's reflector (the list-and-watch under every informer of a controller or
    // operator) printing the list or watch it could not make: "%s: failed to list %v: %v"
    // (klog.Warningf) and, for the watch that follows, "%s: Failed to watch %v: %v"
    // (utilruntime.HandleError; newer releases log "Failed to watch" with err="failed to list
    // …"), both with the Status message of the authentication filter. The type named
    // (`*v1.Node`, `*v1.Pod`) is what the client lists, not what failed: the client's
    // credentials (a token or kubeconfig secret gone stale) are refused by the API server.
    Signature {
        id: "api-unauthorized-reflector",
        all: &["failed to list ", ": Unauthorized"],
        cased: &["Unauthorized"],
        none: &["UnauthorizedDataVolumeCreate"],
        source: "k8s.io/client-go tools/cache/reflector.go (ListAndWatch: \"%s: failed to list \
            %v: %v\"; DefaultWatchErrorHandler: \"%s: Failed to watch %v: %v\") with \
            k8s.io/apiserver pkg/endpoints/filters/authentication.go's message \"Unauthorized\"",
        example: "E0619 08:54:22.407283       1 reflector.go:140] k8s.io/client-go@v0.26.1/tools/cache/reflector.go:169: Failed to watch *v1.Secret: failed to list *v1.Secret: Unauthorized",
        ..UNAUTHENTICATED
    },
    Signature {
        id: "api-unauthorized-reflector-watch",
        all: &["failed to watch ", ": Unauthorized"],
        cased: &["Unauthorized"],
        none: &["UnauthorizedDataVolumeCreate", "failed to list "],
        source: "k8s.io/client-go tools/cache/reflector.go (DefaultWatchErrorHandler: \"%s: \
            Failed to watch %v: %v\") with k8s.io/apiserver pkg/endpoints/filters/\
            authentication.go's message \"Unauthorized\"",
        example: "E0301 10:00:00.000000       1 reflector.go:150] pkg/mod/k8s.io/client-go/tools/cache/reflector.go:105: Failed to watch *v1.ConfigMap: Unauthorized",
        ..UNAUTHENTICATED
    },
];
