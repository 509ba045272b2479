//! Round 32: mechanisms that recur across the working batches (the table in
//! `fixtures/fresh/README.md`, "Round 32"); every input is a synthetic member shaped after the
//! program or the writing that produces it, never copied from a batch item:
//!
//! - a drain's eviction of a VMI's launcher that kubectl retries (drain.go's 429 branch) with
//!   nothing failing after it is the evacuation in progress: noise; a drain that gives up, or a
//!   refused eviction of another pod, keeps its weight;
//! - an error that a test plan or a verification note announces as the expected outcome
//!   ("should fail with", "would prevent") is that outcome: noise; the same refusal reported as
//!   a surprise keeps its weight.

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::blame;

#[test]
fn a_drains_retried_launcher_eviction_is_the_evacuation_in_progress() {
    for paste in [
        "$ kubectl drain worker-2 --ignore-daemonsets --delete-emptydir-data\nevicting pod apps/virt-launcher-web-0-q8x2v\nerror when evicting pods/\"virt-launcher-web-0-q8x2v\" -n \"apps\" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.\n",
        "error when evicting pod \"virt-launcher-db-3-zz91k\" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.\n",
        "evicting pod tenant/virt-launcher-api-7-m2m2m\nerror when evicting pods/\"virt-launcher-api-7-m2m2m\" -n \"tenant\" (will retry after 5s): admission webhook \"virt-launcher-eviction-interceptor.kubevirt.io\" denied the request: Eviction triggered evacuation of VMI \"tenant/api-7\"\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, None, "{paste}\n{text}");
    }
    // The drain gave up: the refusals keep their weight.
    let gave_up = "evicting pod apps/virt-launcher-web-0-q8x2v\nerror when evicting pods/\"virt-launcher-web-0-q8x2v\" -n \"apps\" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.\nThere are pending pods in node \"worker-2\" when an error occurred: error when evicting pods/\"virt-launcher-web-0-q8x2v\" -n \"apps\": global timeout reached: 2m0s\n";
    let (l, _, text) = blame(gave_up);
    assert_eq!(l, Some(Layer::Migration), "{text}");
}

#[test]
fn a_refusal_a_test_plan_announces_is_its_expected_outcome() {
    for paste in [
        "Test plan:\n1. Create a VM named vm-a.\n2. Create another VM named vm-a in the same namespace. It should fail with `admission webhook \"validator.example.io\" denied the request: name vm-a is already used`\n",
        "- Hot-unplug the boot disk; the validator would prevent it and print:\n\n```\nadmission webhook \"validator.example.io\" denied the request: the boot volume cannot be removed from a running VM\n```\n",
        "Expected: the second request must be rejected:\nError from server (Forbidden): admission webhook \"quota-check.example.io\" denied the request: only one uplink per cluster network\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, None, "{paste}\n{text}");
    }
    // The same refusal reported as a surprise is still the control plane's.
    let surprise = "I create the VM and it should start, but it fails with:\nadmission webhook \"validator.example.io\" denied the request: name vm-a is already used\n";
    let (l, _, text) = blame(surprise);
    assert_eq!(l, Some(Layer::ControlPlane), "{text}");
}
