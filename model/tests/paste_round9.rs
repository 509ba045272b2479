//! Round 9: batch8's misses, classified by their cause in the method (see
//! `fixtures/fresh/README.md`, "Round 9"), fixed by the family of messages their source prints,
//! not by the item's text. Each test's inputs are other members of the family than the batch
//! item (shaped after the source that prints them, not copied from a thread):
//!
//! 1. the kernel's stall detectors (workqueue watchdog, hard lockup, RCU stalls): the node;
//! 2. every refusal of the subresource websocket virtctl prints, by its HTTP code: the API;
//! 3. a webhook the API server fails to call is its serving add-on's, by the service it calls;
//! 4. the authorizer's denial read however another string quotes it (escaped quotes);
//! 5. Go's goroutine header in each of its forms starts a crash's traceback.

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::blame;

// ---- 1. the kernel's stall detectors ----

#[test]
fn every_stall_detector_of_the_kernel_points_at_the_node() {
    // kernel/workqueue.c, kernel/watchdog_perf.c, kernel/rcu/tree_stall.h: the first line each
    // detector prints, as journalctl -k and dmesg show them.
    let members = [
        "[250336.887598] BUG: workqueue lockup - pool cpus=2 node=0 flags=0x0 nice=0 stuck for 72s!\n[250336.887606] Showing busy workqueues and worker pools:\n",
        "Mar 03 04:05:06 node07 kernel: NMI watchdog: Watchdog detected hard LOCKUP on cpu 5\n",
        "[   60.474005] rcu: INFO: rcu_sched detected stalls on CPUs/tasks:\n[   60.475000] rcu:  1-...0: (0 ticks this GP) idle=02a/1/0x4000000000000000 softirq=1/1 fqs=15000\n",
        "Apr 01 12:00:00 worker-2 kernel: rcu: INFO: rcu_preempt self-detected stall on CPU\n",
    ];
    for p in members {
        let (layer, _, text) = blame(p);
        assert_eq!(layer, Some(Layer::Node), "{p}\n{text}");
    }
}

// ---- 2. the subresource websocket refused, by its code ----

#[test]
fn every_refusal_of_the_subresource_websocket_is_the_api_serving_it() {
    // staging/src/kubevirt.io/client-go/kubecli/websocket.go: enrichError's form with the code,
    // AsyncSubresourceHelper's two forms without it; `virtctl vnc`, `port-forward`, `ssh`.
    let members = [
        "$ virtctl vnc win10\nCan't access VMI win10: Can't connect to websocket (429): websocket: bad handshake\n",
        "$ virtctl console fedora -n vms\nCan't connect to websocket (403): websocket: bad handshake\n",
        "$ virtctl port-forward vmi/db 5432\nCan't connect to websocket (401): websocket: bad handshake\n",
        "$ virtctl console testvm\nWebsocket failed with http status: 502 Bad Gateway\n",
        "$ virtctl vnc testvm\nWebsocket failed due to internal server error.\n",
    ];
    for p in members {
        let (layer, _, text) = blame(p);
        assert_eq!(layer, Some(Layer::ControlPlane), "{p}\n{text}");
    }
    // A 503 stays unclaimed (the own corpus' convention: the aggregator and virt-handler's
    // console proxy both answer it).
    let unavailable =
        "$ virtctl vnc win10\nCan't connect to websocket (503): websocket: bad handshake\n";
    assert_eq!(blame(unavailable).0, None, "{unavailable}");
}

// ---- 3. whose webhook the API server failed to call ----

#[test]
fn a_webhook_call_failure_belongs_to_whoever_serves_the_webhook() {
    // k8s.io/apiserver webhook/errors.go: `failed calling webhook %q: %v`, the reason carrying
    // the client's `Post "https://<service>.<namespace>.svc:…"`. Webhooks of the network
    // add-ons (their manifests' names), each with another failure of the call.
    let members = [
        r#"Error from server (InternalError): error when creating "vm.yaml": Internal error occurred: failed calling webhook "mutatepods.kubemacpool.io": Post "https://kubemacpool-service.kubemacpool-system.svc:443/mutate-pods?timeout=10s": dial tcp 10.96.14.2:443: connect: connection refused"#,
        r#"Error from server (InternalError): error when creating "nncp.yaml": Internal error occurred: failed calling webhook "nodenetworkconfigurationpolicies-mutate.nmstate.io": Post "https://nmstate-webhook.nmstate.svc:443/nodenetworkconfigurationpolicies-mutate?timeout=10s": dial tcp 10.96.0.7:443: i/o timeout"#,
        r#"Error from server (InternalError): error when creating "nad.yaml": Internal error occurred: failed calling webhook "multus-validating-config.k8s.io": Post "https://multus-admission-controller.openshift-multus.svc:443/validate?timeout=30s": no endpoints available for service "multus-admission-controller""#,
    ];
    for p in members {
        let (layer, _, text) = blame(p);
        assert_eq!(layer, Some(Layer::Network), "{p}\n{text}");
    }
    // KubeVirt's own webhook, served by virt-api, stays the control plane's.
    let own = r#"Error from server (InternalError): error when creating "vm.yaml": Internal error occurred: failed calling webhook "virtualmachine-validator.kubevirt.io": Post "https://virt-api.kubevirt.svc:443/virtualmachines-validate?timeout=10s": dial tcp 10.96.1.2:443: connect: connection refused"#;
    assert_eq!(blame(own).0, Some(Layer::ControlPlane), "{own}");
}

// ---- 4. the authorizer's denial, quoted inside another string ----

#[test]
fn an_authorization_denial_is_read_inside_any_quoting() {
    // apiserver responsewriters/errors.go forbiddenMessage, carried inside a JSON log's `msg`,
    // a Go status dump's `Message: "…"` (%q) and a logfmt `output="…"`: quotes escaped.
    let members = [
        r#"{"level":"error","ts":"2024-01-01T10:00:00Z","msg":"Error from server (Forbidden): virtualmachineinstances.kubevirt.io \"db\" is forbidden: User \"system:serviceaccount:ci:runner\" cannot get resource \"virtualmachineinstances\" in API group \"kubevirt.io\" in the namespace \"vms\""}"#,
        "    Unexpected error:\n        Message: \"virtualmachines.kubevirt.io is forbidden: User \\\"alice\\\" cannot create resource \\\"virtualmachines\\\" in API group \\\"kubevirt.io\\\" in the namespace \\\"default\\\"\",\n",
        r#"time="2024-01-01T10:00:00Z" level=error msg="cleanup failed" output="Error from server (Forbidden): pods \"virt-launcher-x\" is forbidden: User \"bob\" cannot delete resource \"pods\" in API group \"\" in the namespace \"vms\"""#,
    ];
    for p in members {
        let (layer, _, text) = blame(p);
        assert_eq!(layer, Some(Layer::ControlPlane), "{p}\n{text}");
        assert!(text.contains("may not"), "{p}\n{text}");
    }
}

// ---- 5. Go's goroutine header, every form ----

#[test]
fn a_traceback_is_read_whatever_form_its_goroutine_header_takes() {
    // runtime/traceback.go goroutineheader: since Go 1.23, with GOTRACEBACK=system or crash,
    // the header carries the goroutine's and thread's addresses before its status. The frames
    // name the program (its module path): KubeVirt's virt-handler, virt-controller, CDI's
    // controller.
    let members = [
        (
            "goroutine 7 gp=0xc000602a80 m=5 mp=0xc000100008 [running]:\nkubevirt.io/kubevirt/pkg/virt-handler.(*VirtualMachineController).execute(0xc0004a2000, {0xc0012a4000, 0x20})\n\t/go/src/kubevirt.io/kubevirt/pkg/virt-handler/vm.go:1210 +0x55 fp=0xc000a1be08 sp=0xc000a1bd80 pc=0x1b2c3d5\n",
            Layer::Node,
        ),
        (
            "goroutine 412 gp=0xc001b2e380 m=12 mp=0xc000580808 [running, locked to thread]:\nkubevirt.io/kubevirt/pkg/virt-controller/watch/vmi.(*Controller).sync(0xc000d22000, 0xc001f3a000)\n\t/go/src/kubevirt.io/kubevirt/pkg/virt-controller/watch/vmi/vmi.go:402 +0x1a5 fp=0xc00141bd20 sp=0xc00141bc00 pc=0x1d4e8a5\n",
            Layer::ControlPlane,
        ),
        (
            "goroutine 88 gp=0xc000883dc0 m=3 mp=0xc000080008 [running]:\nkubevirt.io/containerized-data-importer/pkg/controller.(*ImportReconciler).Reconcile(0xc0003b6000, {0x2a1c8f0, 0xc001e0a0f0})\n\t/remote-source/app/pkg/controller/import-controller.go:316 +0x8f fp=0xc000d31a40 sp=0xc000d31900 pc=0x1f0a10f\n",
            Layer::ControlPlane,
        ),
    ];
    for (p, want) in members {
        let (layer, _, text) = blame(p);
        assert_eq!(layer, Some(want), "{p}\n{text}");
    }
}
