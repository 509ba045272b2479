//! Round 18: batch16 as the working set (the table in `fixtures/fresh/README.md`, "Round 18"),
//! each category fixed as a family read from its source; every input is a synthetic member
//! shaped after the program that writes it, never copied from a batch item:
//!
//! - `virtctl image-upload`'s wait for the upload pod in every release's words (KubeVirt
//!   `pkg/virtctl/imageupload/imageupload.go`: "to be running" / "Pod now running" before the
//!   DataVolume rewrite, "to be ready" / "Pod now ready" since);
//! - CDI's pods refused their own volume (containerized-data-importer `pkg/common/common.go`'s
//!   mount points `/data`, `/scratch`; `pkg/importer/file.go`, `GetAvailableSpace*` returning
//!   -1 when the volume cannot be read; `pkg/image/qemu.go`'s ErrLargerPVCRequired): the node's
//!   volume, where a real size too small is the claim's, the control plane's;
//! - virt-handler looking for the pod's interfaces in the launcher's network namespace
//!   (KubeVirt `pkg/virt-handler/non-root.go`, FindInterfaceIndexPath, through
//!   `isolation.SafeJoin`): the network's; and the libvirt daemon's own start-up lines showing
//!   that it answered (libvirt `src/util/virgdbus.c`, `virhostcpu.c`, `vircgroup.c`);
//! - Kube-OVN's CNI server failing a pod's network set-up (kubeovn/kube-ovn
//!   `pkg/daemon/handler.go`, `pkg/daemon/ovs_linux.go`): the network's;
//! - KubeVirt's volume migration refused (`pkg/virt-controller/watch/volume-migration/
//!   volume-migration.go`, `pkg/virt-controller/watch/vm/vm.go`): the migration's control plane;
//! - a CDI pod's warnings followed by its own completion (containerized-data-importer
//!   `cmd/cdi-importer/importer.go` "Import Complete", `pkg/uploadserver/uploadserver.go` "Wrote
//!   data to", `cmd/cdi-cloner/clone-source.go` "clone complete"): no fault.

#[path = "support/blame.rs"]
mod support_blame;

use model::evidence::SignalPlane;
use model::verdict::Layer;
use support_blame::{blame, layer};

#[test]
fn the_upload_pods_wait_in_every_releases_words_is_the_control_planes() {
    for paste in [
        // the releases before the DataVolume rewrite: "to be running"
        "Using existing PVC vms/win2k19-disk\n\
         Waiting for PVC win2k19-disk upload pod to be running...\n\
         error: timed out waiting for the condition\n",
        "PVC vms/rootdisk created\nWaiting for PVC rootdisk upload pod to be running...\n\
         timed out waiting for the condition.\n",
    ] {
        assert_eq!(layer(paste), Some(Layer::ControlPlane), "{paste}");
    }
}

#[test]
fn a_pod_running_ends_the_wait_in_the_old_words_too() {
    let paste = "Waiting for PVC rootdisk upload pod to be running...\nPod now running\n\
                 Uploading data to https://cdi-uploadproxy.example\n\
                 timed out waiting for the condition\n";
    let (_, _, text) = blame(paste);
    assert!(!text.contains("upload pod never became ready"), "{text}");
}

#[test]
fn cdis_pod_refused_its_own_volume_is_the_nodes() {
    for paste in [
        // the upload server's answer, as virtctl prints it, after an unrelated 404
        "the server could not find the requested resource\n\
         unexpected return value 500, Saving stream failed: Unable to transfer source data to \
         target file: could not open file \"/data/disk.img\": open /data/disk.img: permission denied\n",
        // the importer's own log
        "E0611 08:02:11.402310       1 importer.go:173] Unable to process data: Unable to \
         convert source data to target format: could not open file \"/scratch/tmpimage\": \
         open /scratch/tmpimage: permission denied\n",
        // the volume's size unreadable: CDI's -1
        "unexpected return value 400, Saving stream failed: effective image size is larger \
         than the reported available storage: virtual image size 2147483648 is larger than the \
         reported available storage -1. A larger PVC is required.\n",
        "E0212 10:01:02.000000       1 data-processor.go:255] Virtual image size 5368709120 is \
         larger than the reported available storage -1. A larger PVC is required.\n",
    ] {
        assert_eq!(layer(paste), Some(Layer::Node), "{paste}");
    }
}

#[test]
fn a_claim_too_small_for_the_image_is_the_control_planes() {
    let paste = "unexpected return value 400, Saving stream failed: effective image size is \
                 larger than the reported available storage: virtual image size 21474836480 is \
                 larger than the reported available storage 10146021376. A larger PVC is required.\n";
    assert_eq!(layer(paste), Some(Layer::ControlPlane), "{paste}");
}

#[test]
fn virt_handler_missing_the_pods_interface_in_the_launcher_is_the_networks() {
    for paste in [
        r#"{"component":"virt-handler","kind":"VirtualMachineInstance","level":"error","msg":"Synchronizing the VirtualMachineInstance failed.","name":"fedora","namespace":"vms","pos":"vm.go:1703","reason":"lstat /proc/21875/root/sys/class/net/pod16367aadb6f: no such file or directory","timestamp":"2023-03-02T10:11:12.000000Z"}"#,
        "  Warning  SyncFailed  2m (x20 over 5m)  virt-handler  lstat /proc/9982/root/sys/class/net/net2/ifindex: no such file or directory, failed to find network \"blue\" pod interface name\n",
    ] {
        assert_eq!(layer(paste), Some(Layer::Network), "{paste}");
    }
}

#[test]
fn the_libvirt_daemons_own_start_up_lines_answer_the_first_connection_attempt() {
    // virt-launcher's first attempt failing, then lines only the running daemon writes
    for daemon in [
        "internal error: Unable to get system bus connection: Could not connect: No such file or directory",
        "At least one cgroup controller is required: No such device or address",
    ] {
        let paste = format!(
            "Connecting to libvirt daemon failed: virError(Code=38, Domain=7, Message='Failed to \
             connect socket to '/var/run/libvirt/libvirt-sock': Connection refused')\n{daemon}\n"
        );
        let (l, _, text) = blame(&paste);
        assert_ne!(l, Some(Layer::Node), "{text}");
    }
    // an attempt nothing answers after stays the launcher's
    let alone = "Connecting to libvirt daemon failed: virError(Code=38, Domain=7, Message='Failed \
                 to connect socket to '/var/run/libvirt/libvirt-sock': Connection refused')\n";
    assert_eq!(layer(alone), Some(Layer::Node));
}

#[test]
fn kube_ovns_cni_server_failing_a_pods_network_is_the_networks() {
    for paste in [
        "E0412 09:14:02.118231   21784 handler.go:359] route is not ready for pod \
         vms/virt-launcher-fedora-9xq2k provider ovn, please see kube-ovn-controller logs to find errors\n",
        "no address allocated to pod vms/virt-launcher-rhel9-b7d2c provider ovn, please see \
         kube-ovn-controller logs to find errors\n",
        "configure nic eth0 for pod virt-launcher-win-k2x8d/vms failed: network 10.16.0.15 \
         with gateway 10.16.0.1 is not ready for interface eth0 after 200 checks: timeout\n",
        "provider attachnet.vms.ovn is not bound to any subnet\n",
    ] {
        assert_eq!(layer(paste), Some(Layer::Network), "{paste}");
    }
}

#[test]
fn a_refused_volume_migration_is_the_migrations_control_plane() {
    for paste in [
        // the VM's RestartRequired condition the VM controller sets
        "status:\n  conditions:\n  - lastProbeTime: null\n    \
         lastTransitionTime: \"2025-01-10T09:00:00Z\"\n    \
         message: 'invalid volumes to update with migration: shareable: [shared-data]'\n    \
         status: \"True\"\n    type: RestartRequired\n",
        // virt-controller's log of the same refusal
        r#"{"component":"virt-controller","kind":"VirtualMachine","level":"error","msg":"cannot migrate the VM. Volumes are invalid: invalid volumes to update with migration: luns: [lun0]","name":"db","namespace":"prod","pos":"vm.go:861","timestamp":"2025-01-10T09:00:00.000000Z"}"#,
        r#"{"component":"virt-controller","level":"error","msg":"cannot migrate the VMI: cannot migrate the volumes as the VMI isn't migratable: InterfaceNotLiveMigratable: cannot migrate VMI which does not use masquerade","pos":"vm.go:926"}"#,
    ] {
        let (l, p, text) = blame(paste);
        assert_eq!(l, Some(Layer::Migration), "{text}");
        assert_eq!(p, Some(SignalPlane::Control), "{text}");
    }
}

#[test]
fn a_restart_required_for_another_change_is_no_migration() {
    let paste = "status:\n  conditions:\n  - lastProbeTime: null\n    \
                 lastTransitionTime: \"2025-01-10T09:00:00Z\"\n    \
                 message: a non-live-updatable field was changed in the template spec\n    \
                 status: \"True\"\n    type: RestartRequired\n";
    assert_ne!(layer(paste), Some(Layer::Migration));
}

#[test]
fn a_cdi_pods_warnings_before_its_completion_are_no_fault() {
    for paste in [
        "I0301 10:00:00.000000       1 importer.go:52] Starting importer\n\
         W0301 10:00:01.000000       1 data-processor.go:343] Available space less than requested \
         size, resizing image to available space 9Gi.\n\
         I0301 10:00:09.000000       1 importer.go:217] Import Complete\n",
        "W0301 10:00:01.000000       1 imageio-datasource.go:692] Unable to read image transfer \
         response, 3 retries remaining.\n\
         I0301 10:04:09.000000       1 importer.go:217] Import Complete\n",
    ] {
        assert_eq!(layer(paste), None, "{paste}");
    }
}

#[test]
fn a_cdi_warning_nothing_completes_after_keeps_its_reading() {
    let paste = "I0301 10:00:09.000000       1 importer.go:217] Import Complete\n\
                 W0301 10:05:01.000000       1 imageio-datasource.go:692] Unable to read image \
                 transfer response, 3 retries remaining.\n";
    assert_eq!(layer(paste), Some(Layer::ControlPlane));
}
