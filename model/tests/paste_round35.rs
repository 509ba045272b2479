//! Round 35: batch34 as the working set (`fixtures/fresh/README.md`, "Round 35"); every input is
//! a synthetic member of a family shaped after the program that prints it, never copied from a
//! batch item:
//!
//! - QEMU's raw format refusing the storage slice KubeVirt gives a volume migration's disk
//!   (`block/raw-format.c` raw_apply_options; KubeVirt `live-migration-source.go`
//!   configureLocalDiskToMigrate): the migration's data plane;
//! - virt-handler finding no address on the migration network (`pkg/virt-handler/migration.go`
//!   FindMigrationIP, a panic at start-up): the network's;
//! - a CSI driver refusing a snapshot (external-snapshotter's "failed to take snapshot of the
//!   volume"): the control plane's;
//! - KubeMacPool's allocation wraps read on their own when the refusal is wrapped over lines;
//! - a YAML folded block scalar read as one message, and virt-controller's `FailedCreate` read
//!   as the relay of the error it wraps.

#[path = "support/blame.rs"]
mod support_blame;

use model::evidence::SignalPlane;
use model::verdict::Layer;
use support_blame::blame;

#[test]
fn qemu_refusing_a_migration_slice_is_the_migrations_data_plane() {
    for paste in [
        // virt-launcher relaying libvirt's start of the destination QEMU, one line.
        "{\"component\":\"virt-launcher\",\"level\":\"error\",\"msg\":\"internal error: process exited while connecting to monitor: qemu-kvm: -blockdev {\\\"driver\\\":\\\"raw\\\",\\\"offset\\\":0,\\\"size\\\":21474836480,\\\"node-name\\\":\\\"libvirt-1-slice-sto\\\"}: The sum of offset (0) and size (0) has to be smaller or equal to the  actual size of the containing file (21474181120)\",\"pos\":\"manager.go:1021\"}\n",
        // The offset past the end of an empty destination device, as an event row.
        "  Warning  SyncFailed  12s  virt-handler  server error. command Migrate failed: \"LibvirtError(Code=1, Domain=10, Message='internal error: qemu unexpectedly closed the monitor: qemu-kvm: -blockdev {\\\"driver\\\":\\\"raw\\\",\\\"offset\\\":1048576}: Offset (1048576) cannot be greater than size of the containing file (0)')\"\n",
    ] {
        let (l, p, text) = blame(paste);
        assert_eq!(l, Some(Layer::Migration), "{paste}\n{text}");
        assert_eq!(p, Some(SignalPlane::Data), "{paste}\n{text}");
    }
}

#[test]
fn no_address_on_the_migration_network_is_the_networks() {
    for paste in [
        "{\"component\":\"virt-handler\",\"level\":\"info\",\"msg\":\"set verbosity to 3\",\"pos\":\"virt-handler.go:480\"}\npanic: migration0 present but doesn't have an IP\n\ngoroutine 1 [running]:\nmain.(*virtHandlerApp).Run(0xc000456000)\n",
        "$ kubectl logs -n kubevirt virt-handler-x7k2p\npanic: no IP found on migration0\n\ngoroutine 1 [running]:\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Network), "{paste}\n{text}");
    }
}

#[test]
fn a_csi_driver_refusing_a_snapshot_is_the_control_planes() {
    for paste in [
        // A VolumeSnapshot's error as `kubectl describe` prints it.
        "Status:\n  Error:\n    Message:  Failed to check and update snapshot content: failed to take snapshot of the volume pvc-7d1c: \"rpc error: code = FailedPrecondition desc = snapshot class parameters are invalid\"\n    Time:     2026-03-01T10:00:00Z\n  Ready To Use:  false\n",
        // The snapshotter sidecar's log.
        "E0301 10:00:02.123456       1 snapshot_controller.go:124] checkandUpdateContentStatus [snapcontent-9a]: error occurred failed to take snapshot of the volume vol-51: \"rpc error: code = ResourceExhausted desc = thin pool is full\"\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::ControlPlane), "{paste}\n{text}");
    }
}

#[test]
fn kubemacpools_refusal_wrapped_over_lines_is_the_networks() {
    // A client's error wrapped at its terminal's width: no line holds both the webhook's name
    // and "denied the request", nor the inner error whole.
    let paste = "Error from server (InternalError): error when applying \"clone.yaml\": admission\nwebhook \"mutatevirtualmachines.kubemacpool.io\" denied\nthe request: Failed to update virtual machine allocation error: Failed to allocate mac to the vm object: failed to\nallocate requested mac address\n";
    let (l, _, text) = blame(paste);
    assert_eq!(l, Some(Layer::Network), "{text}");
}

#[test]
fn failed_create_yields_to_the_error_it_wraps() {
    for paste in [
        // A folded block scalar holding the wrapped error.
        "status:\n  conditions:\n  - type: Synchronized\n    status: \"False\"\n    reason: FailedCreate\n    message: >-\n      failed to render launch manifest: failed to locate network\n      attachment definition tenant-a/storage-vlan\n",
        // The same relay, the message on one line.
        "status:\n  conditions:\n  - type: Failure\n    status: \"True\"\n    reason: FailedCreate\n    message: 'failed to render launch manifest: failed to locate network attachment definition default/br-ext'\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Network), "{paste}\n{text}");
    }
}

#[test]
fn guards_failed_create_alone_and_an_unrelated_missing_ip() {
    // Guards (pass before and after): a FailedCreate whose message names no other layer stays
    // the control plane's; a program's "no IP found" on another interface is not the
    // migration network.
    let (l, _, text) = blame(
        "status:\n  conditions:\n  - type: Failure\n    status: \"True\"\n    reason: FailedCreate\n    message: 'Error creating pod: pods \"virt-launcher-vm-a-\" is forbidden: exceeded quota: compute, requested: limits.memory=2Gi'\n",
    );
    assert_eq!(l, Some(Layer::ControlPlane), "{text}");
    let (_, _, text) =
        blame("2026-03-01T10:00:00Z ERROR dhcp client: no IP found on eth1, retrying\n");
    assert!(
        !text.contains("the migration network gives virt-handler"),
        "{text}"
    );
}
