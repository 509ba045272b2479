//! A Go HTTP server recovering its handler's panic: net/http's connection loop
//! (`net/http/server.go`, `(*conn).serve`) recovers a handler that panicked, logs
//! "http: panic serving <client address>: <panic value>" with the goroutine's stack, drops that
//! connection and keeps serving. The program is a server answering requests: on a KubeVirt
//! cluster those are its API servers and admission webhooks (virt-api, cdi-apiserver with its
//! validating and mutating webhooks, the upload proxy), so the request that made it panic (an
//! object's validation, a subresource call) failed in the control plane; the stack frames, when
//! the paste has them, name the program (`input::panic_owner`) and move it to that program's
//! layer.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

pub(super) const TABLE: &[Signature] = &[Signature {
    id: "go-http-handler-panic",
    all: &["http: panic serving "],
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    title: "a server's request handler panicked (Go's http: panic serving)",
    cause: "a Go HTTP server recovered a panic in the handler of one request, logged its stack \
        and dropped that connection: the request (an object's admission, a subresource call) \
        failed inside the server; on a KubeVirt cluster the servers answering requests are its \
        API servers and admission webhooks (virt-api, cdi-apiserver, the upload proxy), the \
        control plane",
    next_steps: &[
        "kubectl logs -n <kubevirt or cdi namespace> <virt-api or cdi-apiserver pod> (the stack after the line names the handler)",
        "retry the request that failed; a nil pointer on a valid object is a bug of that release: upgrade or report it with the stack",
    ],
    source: "Go net/http/server.go ((*conn).serve: \"http: panic serving %v: %v\\n%s\")",
    example: "2022/12/07 14:05:33 http: panic serving 192.168.66.101:59245: runtime error: invalid memory address or nil pointer dereference",
    ..BASE
}];
