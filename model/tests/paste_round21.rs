//! Round 21: batch19 as the working set (the table in `fixtures/fresh/README.md`, "Round 21"),
//! each category fixed as a family read from its source; every input is a synthetic member
//! shaped after the program that writes it, never copied from a batch item:
//!
//! - the kernel's stall detectors panicking the node (Linux `kernel/watchdog.c`,
//!   `kernel/hung_task.c`, `kernel/rcu/tree_stall.h`, printed by `kernel/panic.c`): the node's,
//!   not the guest console's panic;
//! - ext4's words for writes it could not complete (`fs/ext4/page-io.c`, `fs/ext4/inode.c`,
//!   `fs/ext4/super.c`, `fs/ext4/ext4_jbd2.c`): the node's storage;
//! - CDI's importer termination messages (`cmd/cdi-importer/importer.go`, the data processor's
//!   wraps in `pkg/importer/data-processor.go`) and qemu-img failing to open the source nbdkit
//!   serves (`pkg/importer/http-datasource.go`, `pkg/image/qemu.go`): the control plane's;
//! - virtctl's lifecycle verbs answered NotFound by virt-api (`pkg/virtctl/vm`,
//!   `pkg/virt-api/rest/subresource.go`): the control plane's, degraded;
//! - a drain's refused eviction that kubectl retried and then completed (k8s.io/kubectl
//!   `pkg/drain/drain.go`): settled, blaming nothing;
//! - a `kubectl describe <kind>` whose top the poster elided: read as that kind's describe.

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::{blame, layer};

#[test]
fn a_stall_detectors_panic_is_the_nodes() {
    for reason in [
        "softlockup: hung tasks",
        "hung_task: blocked tasks",
        "Hard LOCKUP",
        "RCU Stall",
    ] {
        let paste = format!(
            "[ 5210.118234] CPU: 7 PID: 0 Comm: swapper/7 Tainted: G             L\n[ 5210.118301] Kernel panic - not syncing: {reason}\n[ 5210.118377] Kernel Offset: disabled\n"
        );
        assert_eq!(layer(&paste), Some(Layer::Node), "{paste}");
    }
}

#[test]
fn a_guest_consoles_root_fs_panic_keeps_its_reading() {
    let paste = "[    3.402113] Kernel panic - not syncing: VFS: Unable to mount root fs on unknown-block(253,1)\n";
    assert_eq!(layer(paste), Some(Layer::Guest));
}

#[test]
fn ext4_losing_writes_is_the_nodes_storage() {
    for line in [
        "kernel: EXT4-fs (dm-4): Delayed block allocation failed for inode 393 at logical offset 12 with max blocks 8 with error 5",
        "kernel: EXT4-fs (dm-4): This should not happen!! Data will be lost",
        "Jun 02 11:20:41 worker-3 kernel: EXT4-fs (nvme1n1p1): Remounting filesystem read-only",
        "EXT4-fs (sdb): I/O error while writing superblock",
        "[ 812.5] EXT4-fs (loop7): failed to convert unwritten extents to written extents -- potential data loss!  (inode 88, error -5)",
    ] {
        let paste = format!("{line}\n");
        assert_eq!(layer(&paste), Some(Layer::Node), "{paste}");
    }
}

#[test]
fn ext4_mounting_is_no_fault() {
    let paste =
        "kernel: EXT4-fs (sdb1): mounted filesystem with ordered data mode. Quota mode: none.\n";
    assert_eq!(layer(paste), None);
}

#[test]
fn cdis_importer_termination_messages_are_the_control_planes() {
    for paste in [
        "Unable to connect to http data source: expected status code 200, got 404. Status: 404 Not Found\n",
        "  message: 'Unable to connect to imageio data source: Fault reason is \"Operation Failed\". Fault detail is \"[Cannot transfer Virtual Disk]\"'\n",
        "Unable to connect to vddk data source: Could not find VM disk [datastore1] web/web.vmdk: disk not found\n",
        "Unable to process data: Unable to resize disk image to requested size: Error resizing image /data/disk.img: exit status 1\n",
        "Unable to process data: Unable to obtain information about data source: context deadline exceeded\n",
    ] {
        assert_eq!(layer(paste), Some(Layer::ControlPlane), "{paste}");
    }
}

#[test]
fn qemu_img_failing_to_open_the_nbdkit_source_is_the_control_planes() {
    let paste = "E0612 09:01:02.345678       1 data-processor.go:256] qemu-img: Could not open 'nbd+unix:///?socket=/tmp/nbdkit.sock': Image is not in qcow2 format\n";
    assert_eq!(layer(paste), Some(Layer::ControlPlane));
}

#[test]
fn a_write_to_the_volume_failing_keeps_the_nodes_reading() {
    // A processing wrap around a failing write on the PVC's device: the device's.
    let paste = "Unable to process data: Unable to convert source data to target format: qemu-img: /dev/cdi-block-volume: error while writing at byte 0: Input/output error\n";
    assert_eq!(layer(paste), Some(Layer::Node));
}

#[test]
fn virtctl_acting_on_a_missing_vm_is_the_control_planes() {
    for paste in [
        "$ virtctl stop db-1 -n prod\nError stopping VirtualMachine virtualmachine.kubevirt.io \"db-1\" not found\n",
        "$ virtctl migrate web\nError migrating VirtualMachine virtualmachine.kubevirt.io \"web\" not found\n",
        "virtctl restart api-0\nError restarting VirtualMachine virtualmachine.kubevirt.io \"api-0\" not found\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::ControlPlane), "{text}");
        assert!(text.contains("does not exist"), "{text}");
    }
}

#[test]
fn a_stopped_vms_missing_instance_is_no_fault() {
    // A VM that is not running has no VMI: pausing or migrating it answers the VMI's NotFound.
    for paste in [
        "$ virtctl unpause vm db\nError unpausing VirtualMachineInstance db: virtualmachineinstance.kubevirt.io \"db\" not found\n",
        "$ virtctl migrate db\nError migrating VirtualMachine virtualmachineinstance.kubevirt.io \"db\" not found\n",
    ] {
        assert_ne!(layer(paste), Some(Layer::ControlPlane), "{paste}");
    }
}

#[test]
fn a_get_answered_not_found_is_still_no_fault() {
    let paste = "$ kubectl get vm db-1\nError from server (NotFound): virtualmachines.kubevirt.io \"db-1\" not found\n";
    assert_eq!(layer(paste), None);
}

#[test]
fn a_drain_retry_the_pod_then_passed_is_settled() {
    for refusal in [
        "Cannot evict pod as it would violate the pod's disruption budget.",
        "Too many requests",
    ] {
        let paste = format!(
            "$ kubectl drain worker-2 --ignore-daemonsets --delete-emptydir-data\nnode/worker-2 cordoned\nevicting pod apps/virt-launcher-db-0-x7k2p\nerror when evicting pods/\"virt-launcher-db-0-x7k2p\" -n \"apps\" (will retry after 5s): {refusal}\nevicting pod apps/virt-launcher-db-0-x7k2p\npod/virt-launcher-db-0-x7k2p evicted\nnode/worker-2 drained\n"
        );
        let (l, _, text) = blame(&paste);
        assert_eq!(l, None, "{text}");
    }
}

#[test]
fn a_drain_retry_still_refused_keeps_its_reading() {
    let paste = "$ kubectl drain worker-2 --ignore-daemonsets\nnode/worker-2 cordoned\nevicting pod apps/virt-launcher-db-0-x7k2p\nerror when evicting pods/\"virt-launcher-db-0-x7k2p\" -n \"apps\" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.\n";
    let (l, _, text) = blame(paste);
    assert!(l.is_some(), "{text}");
}

#[test]
fn a_describe_with_its_top_elided_is_its_kinds() {
    let paste = "$ kubectl describe dv rootdisk -n vms\n...\nStatus:\n  Phase:     Succeeded\n  Progress:  100.0%\nEvents:\n  Type    Reason           Age   From                   Message\n  ----    ------           ----  ----                   -------\n  Normal  ImportSucceeded  12s   datavolume-controller  Successfully imported into PVC rootdisk\n";
    let (l, _, text) = blame(paste);
    assert_eq!(l, None, "{text}");
    assert!(
        text.contains("DataVolume vms/rootdisk: Succeeded"),
        "{text}"
    );
    assert!(text.contains("kubectl describe output"), "{text}");
}

#[test]
fn a_vmi_describe_with_its_top_elided_keeps_its_phase() {
    let paste = "$ kubectl describe vmi web -n vms\n.\n.\nStatus:\n  Phase:  Failed\n  Reason:  NodeUnresponsive\nEvents:\n  Type     Reason            Age   From                       Message\n  ----     ------            ----  ----                       -------\n  Warning  NodeUnresponsive  2m    virtualmachine-controller  virt-handler is not responsive, marking VirtualMachineInstance as failed\n";
    let (l, _, text) = blame(paste);
    assert_eq!(l, Some(Layer::Node), "{text}");
}

#[test]
fn a_pods_program_refusing_its_command_line_is_the_control_planes() {
    // The crash loop is the symptom; the program's refusal in its log is the cause.
    for refusal in [
        "Error: unknown command \"export-server\" for \"virt-exportserver\"\nRun 'virt-exportserver --help' for usage.",
        "Error: unknown flag: --leader-elect-lease-duration",
        "flag provided but not defined: -max-devices",
    ] {
        let paste = format!(
            "$ kubectl get pods -n operators\nNAME                        READY   STATUS             RESTARTS      AGE\nmanager-6d9f7b5c8-x2kq4     0/1     CrashLoopBackOff   5 (40s ago)   4m\n$ kubectl logs -n operators manager-6d9f7b5c8-x2kq4\n{refusal}\n"
        );
        let (l, _, text) = blame(&paste);
        assert_eq!(l, Some(Layer::ControlPlane), "{text}");
    }
}

#[test]
fn a_refused_argument_the_user_typed_is_a_usage_error() {
    for paste in [
        "$ virtctl vnc vm-1 --proxy-only --port 5900 --listen 0.0.0.0\nError: unknown flag: --listen\n",
        "`$ kubectl virt migrate vm-1 --target-node node-b`\nIt says `Error: unknown flag: --target-node`\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, None, "{text}");
        assert!(text.contains("usage error"), "{text}");
    }
}

#[test]
fn a_crash_loop_with_only_waiting_pods_beside_it_keeps_its_reading() {
    let paste = "$ kubectl get pods -A\nNAMESPACE   NAME                     READY   STATUS             RESTARTS   AGE\napps        web-5f7d9c6b8-abcde      0/1     CrashLoopBackOff   7          9m\napps        db-0                     0/1     Pending            0          9m\n";
    assert_eq!(layer(paste), Some(Layer::Node));
}
