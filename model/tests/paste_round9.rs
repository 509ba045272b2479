//! Round 9: batch8's misses, classified by their cause in the method (see
//! `fixtures/fresh/README.md`, "Round 9"), fixed by the family of messages their source prints,
//! not by the item's text. Each test's inputs are other members of the family than the batch
//! item (shaped after the source that prints them, not copied from a thread):
//!
//! 1. the kernel's stall detectors (workqueue watchdog, hard lockup, RCU stalls): the node;

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
