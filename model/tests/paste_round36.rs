//! Round 36: batch35 as the working set (`fixtures/fresh/README.md`, "Round 36"); every input is
//! a synthetic member of a family shaped after the program that prints it, never copied from a
//! batch item:
//!
//! - Multus's thick-plugin daemon failing at start-up (`cmd/multus-daemon/main.go`,
//!   `pkg/server/server.go`): the network's, whatever its inner error's words;
//! - the kubelet's CRI image calls other than a pull refused by the runtime, and the image GC's
//!   deletion errors (`cri-client/pkg/remote_image.go`, `image_gc_manager.go`): the node's;
//! - SR-IOV VFs the node cannot create (the config daemon's "fail to set NumVfs", the kernel's
//!   `drivers/pci/iov.c`): the node's; the SR-IOV node state's `Succeeded` is not a VMI's phase;
//! - mkfs refusing a volume under its minimum (xfsprogs, btrfs-progs): the control plane's (the
//!   claim's size), while a format failure for a busy device stays the node's;
//! - QEMU refusing the VM's CPU topology (`hw/core/machine-smp.c`, the s390x machine): the
//!   control plane's (the VM's definition);
//! - Windows' SetupAPI log error entries (`!!! ndv:` …): the guest's;
//! - a pod's node selector on the host-model migration's CPU labels (KubeVirt's migration
//!   controller): the migration's control plane, while a node's own labels are no fault.

#[path = "support/blame.rs"]
mod support_blame;

use model::evidence::SignalPlane;
use model::verdict::Layer;
use support_blame::{blame, expect};

#[test]
fn multus_daemon_start_up_failures_are_the_networks() {
    expect(
        &[
            // The listener's panic over a token it cannot read (older wording), cut after it.
            "[verbose] multus-daemon started\n[panic] failed start the multus thick-plugin listener: failed to create the server: error getting k8s client: open /var/run/secrets/kubernetes.io/serviceaccount/token: no such file or directory\n",
            // The per-node client alone, with an x509 inner error the control plane's readings know.
            "2026-04-02T08:11:09Z [error] error getting perNodeClient: failed to initialize the certificate manager: x509: certificate has expired or is not yet valid\n",
            // The configuration it cannot load.
            "[panic] startMultusDaemon failed to load the multus configuration: open /host/etc/cni/net.d/00-multus.conf: permission denied\n",
        ],
        Some(Layer::Network),
    );
}

#[test]
fn the_runtimes_image_service_refusing_the_kubelet_is_the_nodes() {
    expect(
        &[
            "E0412 03:10:44.118201    2211 remote_image.go:181] \"RemoveImage from image service failed\" err=\"rpc error: code = Unknown desc = image used by 9f2b: image is in use by a container\" image=\"sha256:77aa\"\n",
            "E0412 03:10:44.120000    2211 kubelet.go:1410] \"Image garbage collection failed once. Stats initialization may not have completed yet\" err=\"wanted to free 3221225472 bytes, but freed 0 bytes space with errors in image deletion: rpc error: code = Unknown desc = image is in use by a container\"\n",
            "E0412 03:12:00.000001    2211 remote_image.go:120] \"ListImages with filter from image service failed\" err=\"rpc error: code = Unavailable desc = connection error\" filter=\"nil\"\n",
        ],
        Some(Layer::Node),
    );
}

#[test]
fn sriov_vfs_the_node_cannot_create_are_the_nodes() {
    expect(
        &[
            "kernel: ixgbe 0000:3b:00.0: not enough MMIO resources for SR-IOV\nkernel: ixgbe 0000:3b:00.0: Failed to enable PCI sriov: -12\n",
            "2026-05-01T10:00:00Z ERROR sriov/sriov.go:512 configSriovDevice(): fail to set NumVfs for device {\"device\": \"0000:af:00.1\", \"error\": \"cannot config SRIOV device: NumVfs (64) is larger than TotalVfs (16)\"}\n",
            "echo 8 > /sys/class/net/ens1f0/device/sriov_numvfs\nbash: echo: write error: Cannot allocate memory\n[  812.331] pci 0000:5e:00.0: SR-IOV: bus number out of range\n",
            // The operator's node states beside the daemon's refusal: the healthy node's
            // Succeeded is not a VMI that shut down.
            "NAMESPACE  NAME     SYNC STATUS   DESIRED SYNC STATE   CURRENT SYNC STATE   AGE\nsriov      node-a   Succeeded     Idle                 Idle                 3h\nsriov      node-b   InProgress    Idle                                      3h\nERROR configSriovPFDevice(): fail to set NumVfs for device {\"device\": \"0000:5e:00.0\", \"error\": \"write /sys/bus/pci/devices/0000:5e:00.0/sriov_numvfs: no space left on device\"}\n",
        ],
        Some(Layer::Node),
    );
}

#[test]
fn a_volume_under_its_file_systems_minimum_is_the_control_planes() {
    expect(
        &[
            "E0301 09:00:00.000000 1 mount_linux.go:230] format of disk \"/dev/rbd4\" failed: type:(\"xfs\") target:(\"/var/lib/kubelet/plugins/kubernetes.io/csi/pv/pvc-1/globalmount\") options:(\"defaults\") errcode:(exit status 1) output:(Filesystem must be larger than 300MB.\n",
            "E0301 09:00:00.000000 1 mount_linux.go:230] format of disk \"/dev/sdk\" failed: type:(\"btrfs\")\nERROR: '/dev/sdk' is too small to make a usable filesystem\nERROR: minimum size for each btrfs device is 114294784\n",
            "size 1536 of data subvolume is too small, minimum 4096 blocks\n",
        ],
        Some(Layer::ControlPlane),
    );
}

#[test]
fn a_format_failure_for_a_busy_device_stays_the_nodes() {
    // Guard: a format failure whose reason is the device held open, not its size.
    let paste = "E0416 08:49:27.576477 1 mount_linux.go:487] format of disk \"/dev/longhorn/pvc-9\" failed: type:(\"ext4\") target:(\"/var/lib/kubelet/pods/p/volumes/kubernetes.io~csi/pvc-9/mount\") options:(\"defaults\") errcode:(exit status 1) output:(mke2fs 1.46.4 (18-Aug-2021)\n/dev/longhorn/pvc-9 is apparently in use by the system; will not make a filesystem here!\n";
    let (l, _, text) = blame(paste);
    assert_ne!(l, Some(Layer::ControlPlane), "{paste}\n{text}");
}

#[test]
fn qemu_refusing_a_cpu_topology_is_the_control_planes() {
    expect(
        &[
            "{\"component\":\"virt-launcher\",\"level\":\"error\",\"msg\":\"internal error: process exited while connecting to monitor: qemu-kvm: Invalid CPU topology: product of the hierarchy must match maxcpus: sockets (2) * dies (1) * cores (3) * threads (2) != maxcpus (16)\",\"pos\":\"manager.go:1021\"}\n",
            "qemu-system-s390x: S390 does not support more than 1 threads.\n",
            "qemu-kvm: Invalid SMP CPUs 800. The max CPUs supported by machine 'pc-q35-rhel9.6.0' is 710\n",
        ],
        Some(Layer::ControlPlane),
    );
}

#[test]
fn windows_setupapi_errors_are_the_guests() {
    expect(
        &[
            ">>>  [Device Install (Hardware initiated) - PCI\\VEN_1AF4&DEV_1041&SUBSYS_11001AF4]\n!!!  sig: Verifying file against specific (valid) catalog failed.\n!!!  sig: Error 0x800b0109: A certificate chain processed, but terminated in a root certificate which is not trusted by the trust provider.\n",
            "     dvi: {Build Driver List} 10:02:11.311\n!!!  ndv: Driver package import failed for device.\n!!!  ndv: Error 0xe0000247: A problem was encountered while attempting to add the driver to the store.\n",
        ],
        Some(Layer::Guest),
    );
}

#[test]
fn a_host_model_targets_selector_is_the_migrations_control_plane() {
    for paste in [
        "spec:\n  nodeSelector:\n    kubevirt.io/schedulable: \"true\"\n    cpu-model-migration.node.kubevirt.io/Cascadelake-Server: \"true\"\n    cpu-feature.node.kubevirt.io/avx512vnni: \"true\"\n",
        "$ kubectl get pod virt-launcher-db-0-r8k2n -o jsonpath='{.spec.nodeSelector}'\n# cpu-feature.node.kubevirt.io/pku: \"true\"\n# cpu-model-migration.node.kubevirt.io/Icelake-Server: \"true\"\n",
    ] {
        let (l, p, text) = blame(paste);
        assert_eq!(l, Some(Layer::Migration), "{paste}\n{text}");
        assert_eq!(p, Some(SignalPlane::Control), "{paste}\n{text}");
    }
}

#[test]
fn a_nodes_own_cpu_labels_or_a_running_target_are_no_fault() {
    // Guards: the labeller sets the same keys on every node; a target scheduled and running
    // satisfied its selector.
    for paste in [
        "labels:\n  cpu-model-migration.node.kubevirt.io/Cascadelake-Server: \"true\"\n  cpu-feature.node.kubevirt.io/avx512vnni: \"true\"\n  kubevirt.io/schedulable: \"true\"\n",
        "spec:\n  nodeName: worker-3\n  nodeSelector:\n    cpu-model-migration.node.kubevirt.io/Cascadelake-Server: \"true\"\nstatus:\n  phase: Running\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, None, "{paste}\n{text}");
    }
}
