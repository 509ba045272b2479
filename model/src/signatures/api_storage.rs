//! The API server's storage refusing a write, in the words of the programs on that path (a
//! controller's update, create or patch relayed back to it, or the API server's own log):
//!
//! - etcd refusing a request over its size limit (etcd `api/v3rpc/rpctypes/error.go`
//!   ErrGRPCRequestTooLarge: "etcdserver: request is too large");
//! - the API server's etcd client refusing to send it (grpc-go `rpc_util.go`: "grpc: trying to
//!   send message larger than max (%d vs. %d)", status ResourceExhausted; etcd's client
//!   `client/v3/options.go` defaultMaxCallSendMsgSize, 2 MiB, the limit the API server's
//!   `staging/src/k8s.io/apiserver/pkg/storage/etcd3` store sends with);
//! - the API server refusing the request body (apimachinery `pkg/api/errors/errors.go`
//!   NewRequestEntityTooLargeError "Request entity too large: %s", with
//!   `staging/src/k8s.io/apiserver/pkg/endpoints/handlers/rest.go`'s "limit is %d");
//! - a write whose precondition the stored object fails (apiserver
//!   `staging/src/k8s.io/apiserver/pkg/storage/interfaces.go` Preconditions.Check: "Precondition
//!   failed: UID in precondition: %v, UID in object meta: %v", and the same of ResourceVersion):
//!   the writer's cache holds another object of that name (deleted and created again, or two
//!   objects of one name reaching its informer), so its every update fails until it resyncs.
//!
//! Every one is the control plane's: the object the controller writes (a CR's status, a CRD, a
//! VMI) cannot be stored, whatever the object is about.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const SOURCE: &str = "etcd api/v3rpc/rpctypes/error.go; grpc-go rpc_util.go; etcd \
    client/v3/options.go; kubernetes staging/src/k8s.io/apiserver/pkg/storage/interfaces.go \
    (Preconditions.Check), staging/src/k8s.io/apimachinery/pkg/api/errors/errors.go";

const NEXT: &[&str] = &[
    "the writer's log (kubectl logs -n <namespace> deploy/<controller>): which object's write fails",
    "kubectl get <kind> <name> -o yaml | wc -c (an object near 1.5 MiB cannot be stored; a status message that grows with each failure)",
];

const STORE: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    next_steps: NEXT,
    source: SOURCE,
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "api-storage-request-too-large",
        all: &["large"],
        any: &[
            "etcdserver: request is too large",
            "trying to send message larger than max",
            "request entity too large",
        ],
        title: "the API server cannot store an object this large",
        cause: "the write carries more than the API server's storage takes (etcd's request \
            limit, about 1.5 MiB, the API server's etcd client's 2 MiB or its 3 MiB request \
            body): an object grown too large (a status message repeating an error, a CRD or \
            ConfigMap with a huge payload) can never be written, so the controller that writes \
            it fails on every reconcile",
        example: "rpc error: code = ResourceExhausted desc = trying to send message larger than max (2950060 vs. 2097152)",
        ..STORE
    },
    Signature {
        id: "api-storage-precondition-failed",
        all: &[
            "precondition failed:",
            "in precondition:",
            "in object meta:",
        ],
        health: Health::Degraded,
        title: "a controller's write fails its precondition against the stored object",
        cause: "the API server refused the update because the stored object is not the one the \
            writer read (another UID or resourceVersion): the object was deleted and created \
            again, or the writer's cache holds two objects of one name (a proxy or aggregation \
            layer serving it another copy), so its updates keep failing until its cache is right",
        example: "Precondition failed: UID in precondition: 7a4b0f10-1c2d-4e5f-8a9b-0c1d2e3f4a5b, UID in object meta: 1f2e3d4c-5b6a-4978-8a9b-aabbccddeeff",
        ..STORE
    },
];
