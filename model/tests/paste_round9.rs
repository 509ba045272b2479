//! Round 9: batch8's misses, classified by their cause in the method (see
//! `fixtures/fresh/README.md`, "Round 9"), fixed by the family of messages their source prints,
//! not by the item's text. Each test's inputs are other members of the family than the batch
//! item (shaped after the source that prints them, not copied from a thread):
//!
//! 1. the kernel's stall detectors (workqueue watchdog, hard lockup, RCU stalls): the node;
//! 2. every refusal of the subresource websocket virtctl prints, by its HTTP code: the API;

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
    let unavailable = "$ virtctl vnc win10\nCan't connect to websocket (503): websocket: bad handshake\n";
    assert_eq!(blame(unavailable).0, None, "{unavailable}");
}
