//! Round 38: batch37 as the working set (`fixtures/fresh/README.md`, "Round 38"); every input is
//! a synthetic member of a family shaped after the program that prints it, never copied from a
//! batch item:
//!
//! - a node without mediated devices, seen by virt-handler's mdev manager or a GPU device plugin
//!   (`mediated_devices_types.go`, kubevirt-gpu-device-plugin `device_plugin.go`): noise, while
//!   an mdev that cannot be created stays a fault;
//! - the node's CNI configuration that cannot be loaded (cri-o/ocicni `ocicni.go`, the kubelet's
//!   former CNI loader, Multus): the network's;
//! - ovnkube exiting because a command it runs is missing (ovn-kubernetes `ovnkube.go`,
//!   `pkg/util/ovs.go` SetExec): the network's;
//! - a node's declared IPs refused and the cloud node controller failing to initialise a node
//!   (`component-helpers/node/util/ips.go`, `cloud-provider/controllers/node/node_controller.go`):
//!   the control plane's;
//! - virt-handler answering virt-api's console or VNC dial with an HTTP error (`dialers.go`,
//!   virt-handler `rest/console.go`): the control plane's, while a dial that never reaches it
//!   keeps its reading;
//! - lines continued with a trailing backslash, and a libvirt message cut before its quoted
//!   name, read as one line;
//! - a field naming a failure with an empty value (a checkup's result that succeeded) states no
//!   failure, while a filled one still does.

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::{blame, expect};

#[test]
fn a_node_without_mediated_devices_is_noise() {
    expect(
        &[
            "{\"component\":\"virt-handler\",\"level\":\"error\",\"msg\":\"failed to remove mdev types: failed to read the content of /sys/bus/mdev/devices directory\",\"pos\":\"mediated_devices_types.go:240\",\"reason\":\"open /sys/bus/mdev/devices: no such file or directory\",\"timestamp\":\"2025-02-03T10:00:00.000000Z\"}\n",
            "2025/02/03 10:00:00 Error accessing file path \"/sys/class/mdev_bus\": lstat /sys/class/mdev_bus: no such file or directory\n2025/02/03 10:00:00 Error: Could not find device name for device id: 1eb8\n",
        ],
        None,
    );
}

#[test]
fn an_mdev_that_cannot_be_created_stays_a_fault() {
    let (l, _, text) = blame(
        "{\"component\":\"virt-handler\",\"level\":\"error\",\"msg\":\"failed to create mdevs of type nvidia-222\",\"reason\":\"write /sys/class/mdev_bus/0000:65:00.0/mdev_supported_types/nvidia-222/create: no space left on device\"}\n",
    );
    assert!(l.is_some(), "{text}");
}

#[test]
fn a_cni_configuration_that_cannot_be_loaded_is_the_networks() {
    expect(
        &[
            "Jan 05 08:00:01 worker-3 crio[1201]: time=\"2025-01-05 08:00:01.000000000Z\" level=error msg=\"Error loading CNI config list file /etc/cni/net.d/10-calico.conflist: error parsing configuration list: unexpected end of JSON input\"\n",
            "W0105 08:00:01.000000    1201 ocicni.go:211] CNI config list k8s-pod-network has no networks, skipping\nE0105 08:00:02.000000    1201 ocicni.go:300] no valid networks found in /etc/cni/multus/net.d\n",
        ],
        Some(Layer::Network),
    );
}

#[test]
fn ovnkube_missing_a_command_is_the_networks() {
    expect(
        &[
            "F0305 08:00:00.000000      42 ovnkube.go:137] failed to initialize exec helper: exec: \"arping\": executable file not found in $PATH\n",
            "time=\"2025-03-05T08:00:00Z\" level=error msg=\"Failed to initialize exec helper: exec: \\\"sysctl\\\": executable file not found in $PATH\"\n",
        ],
        Some(Layer::Network),
    );
}

#[test]
fn a_nodes_refused_addresses_are_the_control_planes() {
    expect(
        &[
            "E0402 11:00:00.000000       1 node_controller.go:240] failed to initialize node tenant-w1 at cloudprovider: failed to get instance metadata for node tenant-w1: not found\n",
            "E0402 11:00:00.000000    3311 kubelet_node_status.go:90] \"Failed to set some node status fields\" err=\"failed to get node address from cloud provider that matches ip: fd00:10::5\"\n",
            "error: invalid node IP annotation \"10.0.0.5,10.0.0.6\": must contain either a single IP or a dual-stack pair of IPs\n",
        ],
        Some(Layer::ControlPlane),
    );
}

#[test]
fn virt_handler_refusing_the_console_stream_is_the_control_planes() {
    expect(
        &[
            "$ virtctl console fedora-7\nCan't access VMI fedora-7: Internal error occurred: dialing virt-handler: websocket: bad handshake\n",
        ],
        Some(Layer::ControlPlane),
    );
}

#[test]
fn a_dial_that_never_reaches_virt_handler_keeps_its_reading() {
    let (l, _, text) = blame(
        "Can't access VMI fedora-7: Internal error occurred: dialing virt-handler: dial tcp 10.0.0.5:8186: connect: connection refused\n",
    );
    assert!(l.is_some() && l != Some(Layer::ControlPlane), "{text}");
}

#[test]
fn a_record_continued_with_backslashes_is_one_line() {
    expect(
        &[
            "type=AVC msg=audit(1700000100.100:9): avc:  denied  \\\n{ write } for  pid=2210 comm=\"kubelet\" \\\nname=\"pods\" dev=\"sda4\" \\\nscontext=system_u:system_r:kubelet_t:s0 \\\ntcontext=system_u:object_r:var_lib_t:s0 \\\ntclass=dir permissive=0\n",
        ],
        Some(Layer::Node),
    );
}

#[test]
fn a_libvirt_message_cut_before_its_quoted_name_is_one_line() {
    expect(
        &[
            "error: internal error: unable to execute QEMU agent command\n'guest-fsfreeze-freeze': failed to freeze /mnt/data: Device or resource busy\n",
        ],
        Some(Layer::Guest),
    );
}

#[test]
fn an_empty_failure_field_states_no_failure() {
    expect(
        &[
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: dpdk-checkup-config\ndata:\n  spec.timeout: 10m\n  status.succeeded: \"true\"\n  status.failureReason: \"\"\n  status.result.trafficGenSentPackets: \"480000000\"\n",
        ],
        None,
    );
}

#[test]
fn a_filled_failure_field_still_states_one() {
    let (l, _, text) = blame(
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: storage-checkup-config\ndata:\n  status.succeeded: \"false\"\n  status.failureReason: \"ErrNoDefaultStorageClass\"\n",
    );
    assert_eq!(l, Some(Layer::ControlPlane), "{text}");
}
