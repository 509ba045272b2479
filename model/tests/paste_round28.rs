//! Round 28: batch29 as the working set (the table in `fixtures/fresh/README.md`, "Round 28"),
//! each category read whole from its source; every input is a synthetic member shaped after the
//! program that writes it, never copied from a batch item:
//!
//! - the scheduler's node-selector words on a paste that shows no migration: the launcher pod's
//!   own scheduling failure, the nodes' (kube-scheduler `node_affinity.go`; KubeVirt
//!   `migration.go` `createTargetPod` for what marks a target);
//! - the host's PCI core refusing a passed-through device (Linux `drivers/pci/pci.c`,
//!   `drivers/vfio/pci/`): the node's;
//! - the QEMU guest agent's unit absent or failing in the guest (systemd `systemctl-show.c`,
//!   `unit.c`, `job.c`): the guest's;
//! - the provisioner's `Failed to provision volume with StorageClass` without its event reason
//!   (kubernetes `pv_controller.go`, sig-storage-lib-external-provisioner): the control plane's.

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::blame;

#[test]
fn a_node_selector_no_node_matches_without_a_migration_is_the_nodes() {
    for paste in [
        // events of a VM with a nodeSelector, from `kubectl get events`
        "LAST SEEN   TYPE      REASON             OBJECT                          MESSAGE\n\
         12s         Warning   FailedScheduling   pod/virt-launcher-db01-x7k2p   0/5 nodes are available: 5 node(s) didn't match Pod's node affinity/selector. preemption: 0/5 nodes are available: 5 Preemption is not helpful for scheduling.\n",
        // a quoted event line, after a describe command of the VMI
        "$ kubectl describe vmi realtime-vm\n  Warning  FailedScheduling  40s  default-scheduler  0/4 nodes are available: 4 node(s) didn't match Pod's node affinity/selector\n",
    ] {
        let (l, p, text) = blame(paste);
        assert_eq!((l, p), (Some(Layer::Node), None), "{text}");
        assert!(!text.contains("migration target"), "{text}");
    }
    // A migration in sight keeps the target's reading.
    let (l, _, text) = blame(
        "$ kubectl get vmim -n prod\nNAME                        PHASE        VMI\nkubevirt-migrate-vm-abcde   Scheduling   db01\n$ kubectl get events -n prod\n  Warning  FailedScheduling  20s  default-scheduler  0/5 nodes are available: 5 node(s) didn't match Pod's node affinity/selector\n",
    );
    assert_eq!(l, Some(Layer::Migration), "{text}");
}

#[test]
fn the_host_pci_core_refusing_a_passed_through_device_is_the_nodes() {
    for paste in [
        // the BAR held by another owner, as `dmesg -T` prints it
        "[Mon Mar  3 10:12:01 2025] vfio-pci 0000:65:00.0: BAR 1: can't reserve [mem 0xd0000000-0xdfffffff 64bit pref]\n",
        // the same with the typographic apostrophe a web page leaves
        "vfio-pci 0000:65:00.0: BAR 0: can\u{2019}t reserve [mem 0xfb000000-0xfbffffff]\n",
        // a device that does not come back from a function-level reset
        "[  812.331245] vfio-pci 0000:17:00.0: not ready 65535ms after FLR; giving up\n",
        // stuck in D3
        "kernel: vfio-pci 0000:0c:00.1: Unable to change power state from D3cold to D0, device inaccessible\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Node), "{text}");
        assert!(
            text.contains("PCI") || text.contains("passed-through"),
            "{text}"
        );
    }
}

#[test]
fn the_guest_agent_unit_absent_or_failing_in_the_guest_is_the_guests() {
    for paste in [
        "[fedora@vm1 ~]$ sudo systemctl status qemu-guest-agent\nUnit qemu-guest-agent.service could not be found.\n",
        "Jan 10 09:00:01 vm1 systemd[1]: qemu-guest-agent.service: Failed with result 'exit-code'.\n",
        "[FAILED] Failed to start QEMU Guest Agent.\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Guest), "{text}");
        assert!(text.contains("guest agent"), "{text}");
    }
    // The agent running is no fault.
    let (l, _, text) = blame(
        "$ systemctl status qemu-guest-agent\n\u{25cf} qemu-guest-agent.service - QEMU Guest Agent\n     Loaded: loaded (/usr/lib/systemd/system/qemu-guest-agent.service; enabled; preset: enabled)\n     Active: active (running) since Mon 2025-01-06 09:00:00 UTC; 2h ago\n",
    );
    assert_eq!(l, None, "{text}");
}

#[test]
fn the_provisioners_message_without_its_reason_is_the_control_planes() {
    for paste in [
        // virtctl image-upload relaying the claim's event
        "PersistentVolumeClaim vms/win-disk created\nProvisioning failed: failed to provision volume with StorageClass \"nfs-client\": rpc error: code = Internal desc = mkdir /export/vms-win-disk: permission denied\n",
        // the message quoted alone
        "Failed to provision volume with StorageClass \"local-path\": claim.Spec.Selector is not supported\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::ControlPlane), "{text}");
        assert!(text.contains("provisioner"), "{text}");
    }
}

#[test]
fn a_sentence_saying_something_does_not_work_is_weighed_by_what_it_names() {
    for paste in [
        "I added the secondary interface but it doesn't work: the network attachment definition bridge-net is never found in the VM's namespace\n",
        "the VM still could not get an address from the multus bridge, dhcp never answers\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Network), "{text}");
    }
    // A sentence naming nothing any vocabulary knows blames nothing.
    let (l, _, text) = blame("this does not work for me, any ideas?\n");
    assert_eq!(l, None, "{text}");
}

#[test]
fn a_cloud_init_user_whose_passwd_is_no_hash_is_the_guests() {
    let vm = |passwd: &str| {
        format!(
            "apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n  name: web1\nspec:\n  template:\n    spec:\n      volumes:\n      - name: cloudinit\n        cloudInitNoCloud:\n          userData: |\n            #cloud-config\n            users:\n              - name: admin\n                passwd: {passwd}\n                lock_passwd: false\n"
        )
    };
    let (l, _, text) = blame(&vm("changeme"));
    assert_eq!(l, Some(Layer::Guest), "{text}");
    assert!(text.contains("passwd"), "{text}");
    // A SHA-512 crypt string is what cloud-init asks for: nothing to blame.
    let (l, _, text) = blame(&vm(
        "\"$6$rounds=4096$w3Jk$1mA8y7vL0Zq9sd4FvK2lX0b3Y1eQh6pNnT8uR5cW7oJiG.4sD2fE9aB1cH3kL6mN\"",
    ));
    assert_ne!(l, Some(Layer::Guest), "{text}");
}

#[test]
fn a_sentence_saying_something_is_stuck_or_hangs_is_weighed_by_what_it_names() {
    for (paste, want) in [
        (
            "* every VM on node-2 stays stuck behind its vmim in Scheduling\n",
            Layer::Migration,
        ),
        (
            "the guest hangs right after cloud-init prints its final message\n",
            Layer::Guest,
        ),
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(want), "{text}");
    }
    let (l, _, text) = blame("it is stuck again, any idea?\n");
    assert_eq!(l, None, "{text}");
}
