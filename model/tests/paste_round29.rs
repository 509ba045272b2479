//! Round 29: batch30 as the working set (the table in `fixtures/fresh/README.md`, "Round 29"),
//! each category read whole from its source; every input is a synthetic member shaped after the
//! program that writes it, never copied from a batch item:
//!
//! - a described migration's failed Migration State takes its plane from its failure reason
//!   (`migration::classify_failure_text`, as a VMIM's YAML is read) or its unrequested abort;
//! - a line naming KubeVirt's `failureReason` field is about a migration, and one quoting
//!   libvirt's error speaks of the transfer (libvirt-go `virError(…)`, KubeVirt
//!   `FormatLibvirtError`);
//! - libvirt's error codes' own words at a line's start (`src/util/virerror.c`) name libvirt as
//!   the printer, the node's;
//! - the API server's storage refusing a write (etcd, grpc-go, apiserver `interfaces.go`): the
//!   control plane's;
//! - cloud-init's schema check rejecting the guest's data (`cloudinit/config/schema.py`): the
//!   guest's.

#[path = "support/blame.rs"]
mod support_blame;

use model::evidence::SignalPlane;
use model::verdict::Layer;
use support_blame::blame;

#[test]
fn a_described_failed_migration_state_takes_its_plane_from_its_reason() {
    for (reason, plane) in [
        (
            "Live migration is not completed after 480 seconds and has been aborted",
            SignalPlane::Data,
        ),
        (
            "Live migration stuck for 150 sec and has been aborted",
            SignalPlane::Data,
        ),
    ] {
        let paste = format!(
            "$ kubectl describe vmi db01 -n prod\nName:         db01\nNamespace:    prod\nKind:         VirtualMachineInstance\nStatus:\n  Migration State:\n    Completed:        true\n    End Timestamp:    2026-02-01T10:05:00Z\n    Failed:           true\n    Failure Reason:   {reason}\n    Mode:             PreCopy\n  Phase:              Running\n"
        );
        let (l, p, text) = blame(&paste);
        assert_eq!((l, p), (Some(Layer::Migration), Some(plane)), "{text}");
    }
    // A reason that says nothing of either plane, with an abort nobody asked for: the
    // completion or progress timeout aborted the transfer.
    let (l, p, text) = blame(
        "$ kubectl describe vmim kubevirt-evacuation-x2f9 -n prod\nName:         kubevirt-evacuation-x2f9\nNamespace:    prod\nKind:         VirtualMachineInstanceMigration\nStatus:\n  Migration State:\n    Abort Status:     Succeeded\n    Completed:        true\n    Failed:           true\n    Failure Reason:   see the source's log\n",
    );
    assert_eq!(
        (l, p),
        (Some(Layer::Migration), Some(SignalPlane::Data)),
        "{text}"
    );
}

#[test]
fn a_failure_reason_quoting_libvirt_is_the_migrations_data_plane() {
    for paste in [
        // an operator's step list quoting the VMIM's field
        "3. the VMIM ends Failed, failureReason: `virError(Code=1, Domain=10, Message='internal error: unable to execute QEMU command 'migrate-set-capabilities': Postcopy is not supported')`\n",
        // the field in YAML, cut out of the VMI's status
        "    failureReason: 'LibvirtError(Code=38, Domain=7, Message=''Cannot recv data: Connection reset by peer'')'\n",
    ] {
        let (l, p, text) = blame(paste);
        assert_eq!(
            (l, p),
            (Some(Layer::Migration), Some(SignalPlane::Data)),
            "{text}"
        );
    }
}

#[test]
fn libvirt_error_codes_at_a_lines_start_name_libvirt_the_nodes() {
    for paste in [
        // libvirt's configuration refusal relayed from the launcher's compute container
        "unsupported configuration: host doesn't support VFIO PCI passthrough\n",
        // virsh in the launcher
        "error: operation failed: unable to find any master var store for loader: /usr/share/OVMF/OVMF_CODE.secboot.fd\n",
        "Requested operation is not valid: cgroup CPU controller is not mounted\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Node), "{text}");
        assert!(text.contains("libvirt"), "{text}");
    }
    // Another program's sentence that merely starts alike is not libvirt's.
    let (l, _, text) = blame("Internal error occurred: the server is busy\n");
    assert_ne!(l, Some(Layer::Node), "{text}");
}

#[test]
fn the_api_servers_storage_refusing_a_write_is_the_control_planes() {
    for paste in [
        "{\"component\":\"virt-controller\",\"level\":\"error\",\"msg\":\"Updating the VirtualMachine status failed.\",\"reason\":\"etcdserver: request is too large\"}\n",
        "E0412 08:11:02.551210       1 status.go:71] apiserver received an error that is not an metav1.Status: rpc error: code = ResourceExhausted desc = trying to send message larger than max (3221514 vs. 2097152)\n",
        "Error from server (RequestEntityTooLarge): error when creating \"dv.yaml\": Request entity too large: limit is 3145728\n",
        "failed to update object: Precondition failed: UID in precondition: 0c4e1ab0-91f2-4d3a-8b6e-5a7c2d9e1f00, UID in object meta: 77aa12cd-3e4f-4a5b-9c6d-7e8f9a0b1c2d\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::ControlPlane), "{text}");
    }
}

#[test]
fn cloud_init_rejecting_its_schema_is_the_guests() {
    for paste in [
        "$ sudo cloud-init schema --system\nInvalid user-data /var/lib/cloud/instances/iid-local01/cloud-config.txt\n",
        "Error: Cloud config schema errors: users.0: Additional properties are not allowed ('sudo_group' was unexpected)\n",
        "Invalid network-config /var/lib/cloud/instances/iid-local01/network-config.json\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Guest), "{text}");
    }
    // Its valid verdict blames nothing.
    let (l, _, text) = blame("$ sudo cloud-init schema --system\nValid schema user-data\n");
    assert_eq!(l, None, "{text}");
}

#[test]
fn virsh_console_refused_on_kubevirts_socket_console_is_no_fault() {
    // libvirt's refusal, now that its error code's words name libvirt, must not blame the node:
    // KubeVirt's serial console is a unix socket on every VMI.
    let (l, _, text) = blame(
        "$ kubectl exec -it virt-launcher-web-4xk2p -- virsh console default_web\nConnected to domain 'default_web'\nEscape character is ^] (Ctrl + ])\nerror: internal error: character device serial0 is not using a PTY\n",
    );
    assert_eq!(l, None, "{text}");
    assert!(text.contains("not a PTY"), "{text}");
}
