//! Fallback signatures, tried only when no specific one matches a line: a generic webhook
//! denial, a generic panic, a pod no node fits, a generic CrashLoopBackOff (data table).

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
    // The rest of the Go runtime's crash reports (runtime/panic.go `fatal`/`throw`: "fatal
    // error: %s", as for a stack overflow, concurrent map writes, a deadlock; and the traceback
    // itself, runtime/traceback.go's goroutine header of the running goroutine, when the paste
    // is cut below its first line). Only with a traceback in the paste (`needs_panic`); the
    // program its frames run through names the layer (`input::panic_owner`), else none: a
    // traceback some program dumps without crashing names no layer by itself.
    Signature {
        id: "go-fatal-error",
        all: &["fatal error: "],
        needs_panic: true,
        layer: None,
        health: Health::Broken,
        title: "a Go program's fatal error (runtime throw)",
        cause: "a component crashed with a fatal runtime error (a stack overflow, concurrent map \
            writes, a deadlock); the trace names the component and the function",
        next_steps: &["kubectl logs <pod> --previous"],
        source: "Go runtime/panic.go (\"fatal error: %s\")",
        example: "fatal error: stack overflow",
        ..BASE
    },
    Signature {
        id: "go-traceback",
        all: &["goroutine ", " [running"],
        needs_panic: true,
        layer: None,
        health: Health::Broken,
        title: "a Go program's crash traceback",
        cause: "the running goroutine's traceback of a crashed component (its first lines cut); \
            the frames name the component and the function",
        next_steps: &["kubectl logs <pod> --previous (the lines above the traceback)"],
        source: "Go runtime/traceback.go (goroutineheader: \"goroutine %d [%s]:\")",
        example: "goroutine 1103 gp=0xc00087b880 m=34 mp=0xc001780008 [running]:",
        ..BASE
    },
    // The scheduler's summary of a pod no node fits (kube-scheduler
    // `pkg/scheduler/schedule_one.go`, FitError: "0/%v nodes are available: %v."), whatever
    // its filter plugins' reasons (`didn't match Pod's node affinity/selector`, `had
    // untolerated taint`, `Insufficient …`, `were unschedulable`, `didn't have free ports`,
    // `had volume node affinity conflict`, `Too many pods`): the pod's nodes by the corpus
    // conventions. Specific signatures (a missing KVM device, unbound claims, the health taints,
    // a migration target's anti-affinity) say more and win.
    Signature {
        id: "no-node-fits",
        all: &["nodes are available"],
        layer: Some(crate::scheduling::NO_NODE_FITS),
        health: Health::Degraded,
        title: "the pod cannot be scheduled: no node fits it",
        cause: "the scheduler found no node for the pod: the reasons after \"nodes are \
            available:\" count the nodes each filter refused (node selector or affinity, taints, \
            insufficient resources, cordoned nodes, volume zones)",
        next_steps: &[
            "kubectl describe pod <pod> (Events: FailedScheduling; Node-Selectors, Tolerations)",
            "kubectl get nodes --show-labels; kubectl describe nodes (Taints, Allocatable)",
        ],
        source: "kube-scheduler pkg/scheduler/schedule_one.go (FitError: \"0/%v nodes are \
            available: %v.\")",
        example: "0/2 nodes are available: 1 node(s) didn't match node selector, 1 node(s) had taints that the pod didn't tolerate.",
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
