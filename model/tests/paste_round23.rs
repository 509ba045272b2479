//! Round 23: batch21 as the working set (the table in `fixtures/fresh/README.md`, "Round 23"),
//! each category taught as a family read from its source; every input is a synthetic member
//! shaped after the program that writes it, never copied from a batch item:
//!
//! - QEMU taking a passed-through device's VFIO group (`hw/vfio/common.c` vfio_get_group,
//!   vfio_connect_container) and Harvester's PCI devices controller binding it to vfio-pci
//!   (harvester/pcidevices `pkg/controller/pcideviceclaim/pcideviceclaim_controller.go`): the
//!   node's;
//! - a client of the API server refused at its address (Go `net/url` `(*Error).Error`, the
//!   kubelet's `pkg/kubelet/token/token_manager.go`, client-go's reflectors): the control
//!   plane's, except the kubelet's own heartbeat and a client with no kubeconfig;
//! - an S3 object store (minio-go's bucket-location and multipart requests) an image import
//!   cannot reach: the control plane's, by the convention for imports;
//! - virt-v2v's inspection errors (libguestfs/virt-v2v `convert/inspect_source.ml`): the
//!   conversion's, the control plane's;
//! - a Go panic in a program built under its module's old path (Harvester's `go.mod` was
//!   `github.com/rancher/harvester` until late 2020): that program's layer.

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::{blame, layer};

#[test]
fn qemu_refused_the_vfio_group_is_the_nodes_and_says_vfio() {
    for paste in [
        "{\"component\":\"virt-handler\",\"level\":\"error\",\"msg\":\"Synchronizing the VirtualMachineInstance failed.\",\"reason\":\"server error. command SyncVMI failed: \\\"LibvirtError(Code=1, Domain=10, Message='internal error: qemu unexpectedly closed the monitor: 2024-02-01T10:00:00.000000Z qemu-kvm: -device {\\\\\\\"driver\\\\\\\":\\\\\\\"vfio-pci\\\\\\\",\\\\\\\"host\\\\\\\":\\\\\\\"0000:3b:00.0\\\\\\\"}: vfio 0000:3b:00.0: failed to open /dev/vfio/42: No such file or directory')\\\"\"}\n",
        "2024-02-01T10:00:00.000000Z qemu-kvm: -device vfio-pci,host=0000:af:00.1,id=hostdev1: vfio 0000:af:00.1: group 77 is not viable\nPlease ensure all devices within the iommu_group are bound to their vfio bus driver.\n",
        "qemu-system-x86_64: -device vfio-pci,host=0000:65:00.0: vfio 0000:65:00.0: failed to setup container for group 12: Failed to set iommu for container: Operation not permitted\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Node), "{text}");
        assert!(text.contains("VFIO"), "{text}");
    }
}

#[test]
fn the_node_failing_to_bind_a_device_to_vfio_pci_is_the_nodes() {
    for paste in [
        "time=\"2025-01-09T08:00:00Z\" level=error msg=\"error syncing 'node1-000003000': handler PCIDeviceClaimReconcile: error writing to bind file: write /sys/bus/pci/drivers/vfio-pci/bind: no such device, requeuing\"\n",
        "time=\"2025-01-09T08:00:00Z\" level=error msg=\"error syncing 'node2-000081000': handler PCIDeviceClaimReconcile: 0000:81:00.0 is still not bound to vfio-pci: stat /dev/vfio/31: no such file or directory, requeuing\"\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Node), "{text}");
        assert!(text.contains("vfio-pci"), "{text}");
    }
}

#[test]
fn a_client_refused_by_the_api_server_is_the_control_planes() {
    for paste in [
        "  Warning  FailedMount  12s (x9 over 2m)  kubelet  MountVolume.SetUp failed for volume \"kube-api-access-8k2lp\" : failed to fetch token: Post \"https://10.0.0.10:6443/api/v1/namespaces/kubevirt/serviceaccounts/kubevirt-handler/token\": dial tcp 10.0.0.10:6443: connect: connection refused\n",
        "E0612 07:41:03.118220       1 reflector.go:138] k8s.io/client-go/informers/factory.go:134: Failed to watch *v1.Pod: failed to list *v1.Pod: Get \"https://10.96.0.1:443/api/v1/pods?labelSelector=kubevirt.io&limit=500\": dial tcp 10.96.0.1:443: connect: connection refused\n",
        "{\"component\":\"virt-controller\",\"level\":\"error\",\"msg\":\"failed to list *v1.VirtualMachineInstance: Get \\\"https://172.30.0.1:443/apis/kubevirt.io/v1/virtualmachineinstances?limit=500\\\": dial tcp 172.30.0.1:443: connect: connection refused\",\"pos\":\"reflector.go:138\"}\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::ControlPlane), "{text}");
        assert!(text.contains("API server refuses"), "{text}");
    }
}

#[test]
fn the_kubelets_heartbeat_and_a_client_without_kubeconfig_are_not_the_api_servers_fault() {
    let lease = "E0301 09:00:00.000000    2211 controller.go:146] \"Failed to ensure lease exists, will retry\" err=\"Get \\\"https://127.0.0.1:6443/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/worker-2?timeout=10s\\\": dial tcp 127.0.0.1:6443: connect: connection refused\" interval=\"400ms\"\n";
    let (_, _, text) = blame(lease);
    assert!(!text.contains("API server refuses"), "{text}");
    let no_kubeconfig = "$ virtctl stop db\nError stopping VirtualMachine Put \"http://localhost:8080/apis/subresources.kubevirt.io/v1/namespaces/default/virtualmachines/db/stop\": dial tcp 127.0.0.1:8080: connect: connection refused\n";
    let (_, _, text) = blame(no_kubeconfig);
    assert!(!text.contains("API server refuses"), "{text}");
}

#[test]
fn an_image_import_whose_s3_store_does_not_answer_is_the_control_planes() {
    for paste in [
        "time=\"2020-09-02T08:00:00Z\" level=error msg=\"error syncing 'default/image-x7k2p': handler image-controller: Put \\\"http://minio.harvester-system:9000/vm-images/image-x7k2p?partNumber=4&uploadId=7c1e0a\\\": dial tcp 10.43.22.9:9000: i/o timeout, requeuing\"\n",
        "status:\n  conditions:\n  - lastUpdateTime: \"2020-09-02T08:00:00Z\"\n    reason: 'Get http://minio.harvester-system:9000/vm-images/?location=: dial tcp 10.43.22.9:9000: connect: connection refused'\n    status: \"False\"\n    type: imported\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::ControlPlane), "{text}");
        assert!(text.contains("imported"), "{text}");
    }
}

#[test]
fn virt_v2v_failing_to_inspect_the_source_guest_is_the_control_planes() {
    for paste in [
        "[  14.2] Inspecting the source\nvirt-v2v: error: multi-boot operating systems are not supported by virt-v2v. Use the \n--root option to change how virt-v2v handles this.\n",
        "virt-v2v: error: root device /dev/sdb2 not found.  Roots found were: /dev/sda1 /dev/sda3\n",
        "virt-v2v: error: libguestfs thinks this is not an installed operating system (it might be, for example, an installer disk or live CD).\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::ControlPlane), "{text}");
        assert!(text.contains("virt-v2v"), "{text}");
    }
}

#[test]
fn a_panic_in_harvesters_2020_modules_is_that_programs() {
    let controller = "E0905 11:00:00.000000       1 runtime.go:78] Observed a panic: \"index out of range\" (runtime error: index out of range [0] with length 0)\ngoroutine 211 [running]:\ngithub.com/rancher/harvester/vendor/k8s.io/apimachinery/pkg/util/runtime.logPanic(0x17f0d20, 0xc000a1c0c0)\n\t/go/src/github.com/rancher/harvester/vendor/k8s.io/apimachinery/pkg/util/runtime/runtime.go:74 +0xa3\npanic(0x17f0d20, 0xc000a1c0c0)\n\t/usr/local/go/src/runtime/panic.go:679 +0x1b2\ngithub.com/rancher/harvester/pkg/controller/master/image.(*Handler).OnImageChanged(0xc0004a2000, 0xc0012f0000, 0x1a, 0xc0003e2000)\n\t/go/src/github.com/rancher/harvester/pkg/controller/master/image/image_controller.go:41 +0x3c\n";
    assert_eq!(layer(controller), Some(Layer::ControlPlane));
    let network = "panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x1234]\n\ngoroutine 88 [running]:\ngithub.com/rancher/harvester-network-controller/pkg/controller/vlan.(*Handler).OnChange(0xc000120000, 0xc0002a0000, 0x5, 0x0)\n\t/go/src/github.com/rancher/harvester-network-controller/pkg/controller/vlan/vlan.go:77 +0x51\n";
    assert_eq!(layer(network), Some(Layer::Network));
}

#[test]
fn a_helper_virt_handler_runs_killed_by_a_signal_is_the_nodes() {
    for paste in [
        "{\"component\":\"virt-handler\",\"level\":\"error\",\"msg\":\"Synchronizing the VirtualMachineInstance failed.\",\"reason\":\"failed to configure vmi network: setup failed, err: failed plugging phase1 at nic 'default': Critical network error: error creating tap device named tap0; failed to execute command in launcher namespace 3121: failed running command /usr/bin/virt-chroot create-tap --tap-name tap0 --uid 107 --gid 107 --queue-number 1 --mtu 1400, err: signal: killed, output: \"}\n",
        "{\"component\":\"virt-handler\",\"level\":\"error\",\"msg\":\"failed to set cgroup resources\",\"reason\":\"failed running command /usr/bin/virt-chroot --mount /proc/1/ns/mnt set-cgroup --pid 4410 --subsystem devices, err: signal: aborted, output: \"}\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Node), "{text}");
        assert!(text.contains("killed by a signal"), "{text}");
    }
}

#[test]
fn a_helper_that_exits_with_an_error_keeps_the_steps_reading() {
    let paste = "{\"component\":\"virt-handler\",\"level\":\"error\",\"msg\":\"Synchronizing the VirtualMachineInstance failed.\",\"reason\":\"failed to configure vmi network: setup failed, err: failed plugging phase1 at nic 'default': Critical network error: error creating tap device named tap0; failed to execute command in launcher namespace 3121: failed running command /usr/bin/virt-chroot create-tap --tap-name tap0 --uid 107 --gid 107 --queue-number 1 --mtu 1400, err: exit status 1, output: failed to create tap device named tap0. Reason: operation not permitted\"}\n";
    let (l, _, text) = blame(paste);
    assert!(!text.contains("killed by a signal"), "{text}");
    assert_eq!(l, Some(Layer::Network), "{text}");
}
