//! HTTP errors answered for KubeVirt's and CDI's APIs, as the clients print them: client-go's
//! request log at `-v=6` and above (`round_trippers.go`: `GET <url> <code> <status text> in N
//! milliseconds`) and virtctl's websocket refusal (`Can't connect to websocket (<code>): …`,
//! KubeVirt `staging/src/kubevirt.io/client-go/kubevirt/typed/core/v1/async.go`).
//!
//! The codes and their meaning follow k8s.io/apimachinery `pkg/api/errors/errors.go`
//! (`NewGenericServerResponse`): 500 an error on the server, 502 a proxy's backend failed, 503
//! "the server is currently unable to handle the request" (an aggregated APIService that is not
//! available answers it), 504 "the server was unable to return a response in the time
//! allotted". A 5xx for a `*.kubevirt.io` group comes from KubeVirt's or CDI's API server
//! behind the aggregator (virt-api, cdi-apiserver) or from their admission webhooks the API
//! server calls: the control plane. 4xx codes are the request's own (a 404 GET before a create
//! is how `kubectl apply` looks an object up), so they are not read here.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

/// net/http's status texts of the 5xx codes, as round_trippers prints them after the code.
const SERVER_ERRORS: &[&str] = &[
    " 500 Internal Server Error",
    " 502 Bad Gateway",
    " 503 Service Unavailable",
    " 504 Gateway Timeout",
];

const CP: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "kubevirt-api-5xx-request-log",
        all: &["round_trippers.go", "kubevirt.io/"],
        any: SERVER_ERRORS,
        title: "KubeVirt's or CDI's API answers a server error (5xx) to kubectl",
        cause: "client-go's request log shows a 5xx answer for a kubevirt.io API group: the \
            aggregated API behind it (virt-api for subresources.kubevirt.io, cdi-apiserver for \
            CDI) is unavailable (503), failed or timed out, or an admission webhook of virt-api \
            or CDI did not answer the API server in time (a create that ends in 500 after \
            tens of seconds)",
        next_steps: &[
            "kubectl get apiservice | grep kubevirt (Available)",
            "kubectl get pods -n kubevirt (virt-api ready)",
            "kubectl get validatingwebhookconfigurations,mutatingwebhookconfigurations | grep kubevirt",
        ],
        source: "k8s.io/client-go transport/round_trippers.go (request log); k8s.io/apimachinery \
            pkg/api/errors/errors.go (the codes' meaning)",
        example: "I0529 16:59:42.308815   30318 round_trippers.go:443] GET https://10.0.0.1:6443/apis/subresources.kubevirt.io/v1?timeout=32s 503 Service Unavailable in 0 milliseconds",
        ..CP
    },
    Signature {
        id: "websocket-bad-gateway",
        all: &["Can't connect to websocket", "(502)"],
        title: "the API server's proxy to virt-api failed (502) for a console/VNC websocket",
        cause: "the API server proxies the subresources.kubevirt.io websocket to virt-api and \
            got no valid answer from it: virt-api is down or not reachable from the API server",
        next_steps: &[
            "kubectl get apiservice v1.subresources.kubevirt.io",
            "kubectl get pods -n kubevirt (virt-api)",
        ],
        source: "staging/src/kubevirt.io/client-go/kubevirt/typed/core/v1/async.go \
            (\"Can't connect to websocket (%d): %w\"); apimachinery errors.go (502)",
        example: "Can't access VMI web: Can't connect to websocket (502): websocket: bad handshake",
        ..CP
    },
    Signature {
        id: "websocket-gateway-timeout",
        all: &["Can't connect to websocket", "(504)"],
        title: "the API server's proxy to virt-api timed out (504) for a console/VNC websocket",
        cause: "the API server proxies the subresources.kubevirt.io websocket to virt-api and \
            virt-api did not answer in time: the API server cannot reach virt-api's service \
            (a firewall between the control-plane nodes and the pod network, as on managed \
            clusters whose API server runs outside it) or virt-api hangs",
        next_steps: &[
            "kubectl get apiservice v1.subresources.kubevirt.io (Available, its message)",
            "check that the API server may reach virt-api's pods (firewall rules on managed clusters)",
        ],
        source: "staging/src/kubevirt.io/client-go/kubevirt/typed/core/v1/async.go \
            (\"Can't connect to websocket (%d): %w\"); apimachinery errors.go (504)",
        example: "Can't access VMI web: Can't connect to websocket (504): websocket: bad handshake",
        ..CP
    },
    // The rest of the family: every code the subresource websocket can be refused with, in
    // each form the client prints it (KubeVirt `staging/src/kubevirt.io/client-go/kubecli/
    // websocket.go` / `kubevirt/typed/core/v1/async.go`: `enrichError`'s "Can't connect to
    // websocket (%d): %s"; `AsyncSubresourceHelper`'s "Websocket failed due to internal server
    // error." and "Websocket failed with http status: %s"). The codes' meaning as above: 5xx
    // the API serving the subresource (virt-api behind the aggregator), 401/403 the API's
    // authentication and authorisation, 429 its rate limiting: the control plane. The codes
    // with their own signature (404, 500, 502, 504) win by their second needle; a 503 is read
    // by its body (above).
    // A 503 is told by the answer's body. kube-aggregator's proxy (`staging/src/k8s.io/
    // kube-aggregator/pkg/apiserver/handler_proxy.go`: `proxyError(w, req, "service
    // unavailable", http.StatusServiceUnavailable)` when the APIService is not available or its
    // endpoint cannot be resolved) writes "service unavailable": virt-api behind
    // v1.subresources.kubevirt.io cannot be reached, the control plane. virt-handler's console
    // handler (KubeVirt `pkg/virt-handler/rest/console.go`) answers 503 only for a session in
    // use ("Active VNC connection. Request denied.", "All USB devices are in use."): no fault
    // (`noise.rs`, `websocket-503-session-in-use`).
    Signature {
        id: "websocket-503-apiservice-unavailable",
        all: &["Can't connect to websocket", "(503)", "service unavailable"],
        title: "the API server cannot reach virt-api (503 service unavailable) for a console/VNC websocket",
        cause: "kube-aggregator answers \"service unavailable\" (503) when the APIService \
            v1.subresources.kubevirt.io is not available: virt-api, which serves the console, VNC \
            and port-forward subresources, is down, not ready or not reachable from the API \
            server; the VM is not in question",
        next_steps: &[
            "kubectl get apiservice v1.subresources.kubevirt.io (Available, its message)",
            "kubectl get pods -n kubevirt -l kubevirt.io=virt-api",
            "kubectl logs -n kubevirt <virt-api pod>",
        ],
        source: "k8s.io/kube-aggregator pkg/apiserver/handler_proxy.go (\"service unavailable\", \
            503); KubeVirt staging/src/kubevirt.io/client-go/kubecli/websocket.go (enrichError)",
        example: "Can't access VMI nilsubuntu-2ifs: Can't connect to websocket (503): service unavailable",
        ..CP
    },
    Signature {
        id: "websocket-refused-by-api",
        // Two needles, to outrank the code-less `websocket-503` reading in `noise.rs`.
        all: &["Can't connect to websocket", "websocket ("],
        any: &["(401)", "(403)", "(429)", "(501)"],
        title: "the API refused the console/VNC/port-forward websocket",
        cause: "the API server or virt-api behind it answered the subresource websocket with an \
            error code (501: not implemented by the API serving it; 401/403: the user is not authenticated or not allowed the subresource; 429: \
            throttled): the API serving KubeVirt's subresources, not the VM",
        next_steps: &[
            "kubectl get apiservice v1.subresources.kubevirt.io (Available, its message)",
            "kubectl get pods -n kubevirt (virt-api)",
            "kubectl auth can-i get virtualmachineinstances/console (401/403)",
        ],
        source: "staging/src/kubevirt.io/client-go/kubecli/websocket.go (enrichError: \
            \"Can't connect to websocket (%d): %s\"); apimachinery errors.go (the codes)",
        example: "Can't access VMI web: Can't connect to websocket (403): websocket: bad handshake",
        ..CP
    },
    Signature {
        id: "websocket-failed-http-status",
        all: &["Websocket failed with http status"],
        any: &[
            " 500 Internal Server Error",
            " 502 Bad Gateway",
            " 504 Gateway Timeout",
        ],
        title: "the subresource API answered the websocket with a server error",
        cause: "virt-api (or the API server's proxy to it) answered the console/VNC/port-forward \
            request with 500, 502 or 504: the API serving KubeVirt's subresources is failing",
        next_steps: &[
            "kubectl get apiservice v1.subresources.kubevirt.io",
            "kubectl logs -n kubevirt <virt-api pod>",
        ],
        source: "staging/src/kubevirt.io/client-go/kubecli/websocket.go (AsyncSubresourceHelper: \
            \"Websocket failed with http status: %s\")",
        example: "Websocket failed with http status: 502 Bad Gateway",
        ..CP
    },
    Signature {
        id: "websocket-failed-internal-error",
        all: &["Websocket failed due to internal server error"],
        title: "the subresource API answered the websocket with 500 (Internal error)",
        cause: "virt-api failed serving the console/VNC/port-forward subresource (dialing the \
            virt-handler of the VMI's node failed, or the API server's proxy to virt-api)",
        next_steps: &["kubectl logs -n kubevirt <virt-api pod>"],
        source: "staging/src/kubevirt.io/client-go/kubecli/websocket.go (AsyncSubresourceHelper: \
            \"Websocket failed due to internal server error.\")",
        example: "Websocket failed due to internal server error.",
        ..CP
    },
];
