//! A streaming connection (a console, VNC, exec, port-forward) the API server, or a proxy in
//! front of it, refused to upgrade for want of authorisation. Clients open these streams by an
//! HTTP upgrade; when the answer is not `101 Switching Protocols`, client-go's round tripper
//! prints the body it got: `unable to upgrade connection: %s` (k8s.io/apimachinery
//! `pkg/util/httpstream/spdy/roundtripper.go` NewConnection; a body that decodes as a Status
//! is returned as that Status instead). `kubectl proxy` refuses whatever its request filter
//! rejects (upgrades included unless run with `--disable-filter`) with 403 and the body
//! "Forbidden" (k8s.io/kubectl `pkg/proxy/proxy_server.go` FilterServer.ServeHTTP; before
//! Kubernetes 1.12 the body was `<h3>Unauthorized</h3>`); the API server answers
//! Unauthorized or Forbidden to a client whose credentials or RBAC do not allow the
//! subresource. The VM and its node are not involved: the path through the Kubernetes API
//! refused the stream, the control plane's. Other bodies (a container not found, a pod not
//! running) say something of the pod and are left to their own readings.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

pub(super) const TABLE: &[Signature] = &[Signature {
    id: "stream-upgrade-refused",
    all: &["unable to upgrade connection"],
    any: &["unauthorized", "forbidden"],
    layer: Some(Layer::ControlPlane),
    health: Health::Degraded,
    title: "the API server's path refused to upgrade the console or stream connection",
    cause: "a console, VNC, exec or port-forward stream is an HTTP connection upgraded through \
        the Kubernetes API; the API server, or a kubectl proxy in front of it, refused the \
        upgrade as unauthorised or forbidden (the proxy's request filter, which rejects \
        upgrades unless run with --disable-filter=true; credentials or RBAC that do not allow \
        the subresource), so the stream never opens while the VM itself may be fine",
    next_steps: &[
        "connect without kubectl proxy (virtctl uses the kubeconfig), or run kubectl proxy --disable-filter=true on a trusted host only",
        "kubectl auth can-i get virtualmachineinstances/console --subresource=console -n <ns> (and vnc, portforward)",
        "kubectl get --raw /apis/subresources.kubevirt.io/v1 (virt-api's subresources served)",
    ],
    source: "k8s.io/apimachinery pkg/util/httpstream/spdy/roundtripper.go (NewConnection); \
        k8s.io/kubectl pkg/proxy/proxy_server.go (FilterServer.ServeHTTP)",
    example: "error: unable to upgrade connection: Forbidden",
    ..BASE
}];
