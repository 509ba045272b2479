//! Fallback signatures, tried only when no specific one matches a line: a generic webhook
//! denial, a generic panic, a generic CrashLoopBackOff (data table).

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "webhook-denied",
        all: &["admission webhook", "denied the request"],
        layer: Some(Layer::ControlPlane),
        health: Health::Broken,
        title: "an admission webhook denied the request",
        cause: "a KubeVirt validating webhook refused the object; the text after \"denied the \
            request:\" says which field",
        next_steps: &["fix the manifest as the message says"],
        source: "pkg/virt-api/webhooks/validating-webhook (admitters)",
        example: r#"admission webhook "virtualmachine-validator.kubevirt.io" denied the request: spec.template.spec.domain.devices.disks[0] must have a name"#,
        ..BASE
    },
    Signature {
        id: "go-panic",
        all: &["panic: "],
        layer: Some(Layer::Node),
        health: Health::Broken,
        title: "a Go panic",
        cause: "a component crashed with a panic; the trace names the component (virt-handler, \
            virt-launcher) and the function",
        next_steps: &["kubectl logs <pod> --previous"],
        source: "Go runtime",
        example: "panic: runtime error: invalid memory address or nil pointer dereference",
        ..BASE
    },
    Signature {
        id: "crashloop",
        all: &["CrashLoopBackOff"],
        layer: Some(Layer::Node),
        health: Health::Degraded,
        title: "a pod is in CrashLoopBackOff",
        cause: "a container keeps crashing and kubelet backs off restarting it",
        next_steps: &["kubectl logs <pod> --previous"],
        source: "kubelet",
        example: "importer-dv-x   0/1   CrashLoopBackOff   5   3m",
        ..BASE
    },
];
