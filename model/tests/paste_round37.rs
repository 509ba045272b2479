//! Round 37: batch36 as the working set (`fixtures/fresh/README.md`, "Round 37"); every input is
//! a synthetic member of a family shaped after the program that prints it, never copied from a
//! batch item:
//!
//! - libvirt refusing a migration's parameters before it starts (`src/qemu/qemu_migration.c`):
//!   the migration's;
//! - CDI's controllers failing to poll an importer's progress (`import-populator.go`): noise;
//! - the clone source's reader subprocess failing (CDI `cmd/cdi-cloner/clone-source.go`, GNU
//!   tar): the control plane's;
//! - virt-v2v refusing a source VM that is still running (`input/input_libvirt.ml`): the
//!   control plane's (the import);
//! - the VM Import Operator's failed condition reasons (`virtualmachineimport_types.go`): the
//!   control plane's (the import);
//! - the storage checkup's failure reasons about the cluster's storage (kiagnose
//!   kubevirt-storage-checkup `checkup.go`): the control plane's;
//! - libvirt refusing a read-only SATA or IDE disk or a transient disk of the VM's definition
//!   (`qemu_validate.c`): the control plane's, while its refusals about the host stay the node's;
//! - a migration toolkit's resource listed as failed (Forklift's plan and migration columns):
//!   the control plane's, read from the table's state (MTC's MigMigration rows are reached only
//!   when no line reading took the row first: a row named with `migration` is inferred the
//!   migration's by its words, another is read by the VMI `Failed` row signature; left);
//! - a table pasted after a Red Hat bash prompt (`[user@host dir]$`) is read, not refused as
//!   broken JSON.

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::{blame, expect};

#[test]
fn libvirt_refusing_the_migrations_parameters_is_the_migrations() {
    // The whole line was read before as the migration's by its words alone; what changes is
    // that the refusal is named, and a message wrapped off its component line is still read.
    for paste in [
        "{\"component\":\"virt-launcher\",\"level\":\"error\",\"msg\":\"invalid argument:\n   NBD URI must be supplied when migration URI uses UNIX transport method\"\n   ,\"pos\":\"qemuDomainMigratePerform3Params:5010\",\"subcomponent\":\"libvirt\"}\n",
        "{\"component\":\"virt-launcher\",\"level\":\"error\",\"msg\":\"Operation not supported: Selecting disks to migrate is not implemented for tunnelled migration\",\"subcomponent\":\"libvirt\"}\n",
        "{\"component\":\"virt-launcher\",\"level\":\"error\",\"msg\":\"Requested operation is not valid: this libvirtd instance allows migration only with VIR_MIGRATE_TLS flag\",\"subcomponent\":\"libvirt\"}\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, Some(Layer::Migration), "{paste}\n{text}");
        assert!(
            text.contains("libvirt refused the migration's parameters"),
            "{paste}\n{text}"
        );
    }
}

#[test]
fn cdis_failed_progress_poll_is_noise() {
    expect(
        &[
            "{\"level\":\"error\",\"ts\":\"2026-01-05T08:00:00Z\",\"logger\":\"controller.import-populator\",\"msg\":\"Failed to update import progress for pvc vms/rootdisk\",\"error\":\"Get \\\"https://10.128.2.7:8443/metrics\\\": dial tcp 10.128.2.7:8443: connect: connection refused\"}\n",
            "{\"level\":\"error\",\"ts\":\"2026-01-05T08:00:00Z\",\"logger\":\"controller.forklift-populator\",\"msg\":\"Failed to update import progress for pvc vms/data\",\"error\":\"Get \\\"https://10.128.2.9:8443/metrics\\\": context deadline exceeded\"}\n",
        ],
        None,
    );
}

#[test]
fn the_clone_sources_reader_failing_is_the_control_planes() {
    expect(
        &[
            "F0310 12:00:01.000000       1 clone-source.go:41] Subprocess did not execute successfully, result is: '\\x02'\n/usr/bin/tar: ./disk.img: Cannot open: Permission denied\n",
            "/usr/bin/tar: ./disk.img: file shrank by 2097152 bytes; padding with zeros\n",
        ],
        Some(Layer::ControlPlane),
    );
}

#[test]
fn virt_v2v_refusing_a_running_source_is_the_control_planes() {
    expect(
        &[
            "virt-v2v: error: internal error: invalid argument: libvirt domain ‘db-2’ is running or paused.  It must be shut down in order to perform virt-v2v conversion\n",
            "virt-v2v: error: cannot find libvirt domain ‘web-7’: Domain not found: no domain with matching name 'web-7'\n",
        ],
        Some(Layer::ControlPlane),
    );
}

#[test]
fn a_table_after_a_red_hat_bash_prompt_is_read() {
    for paste in [
        "[admin@bastion ~]$ oc get vmi -A\nNAMESPACE NAME AGE PHASE IP NODENAME READY\nvms web-1 3d Running 10.0.2.4 worker-1 True\n",
        "[root@worker-2 ~]# crictl ps\nCONTAINER IMAGE CREATED STATE NAME\n0f1e2d3c quay.io/x 2 hours ago Running compute\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, None, "{paste}\n{text}");
    }
}

#[test]
fn the_vm_import_operators_failed_reasons_are_the_control_planes() {
    expect(
        &[
            "Status:\n  Conditions:\n    Last Transition Time:  2026-02-01T10:00:00Z\n    Message:               Import validation failed\n    Reason:                InvalidTargetVMName\n    Status:                False\n    Type:                  Valid\n",
            "status:\n  conditions:\n  - type: Succeeded\n    status: \"False\"\n    reason: DataVolumeCreationFailed\n    message: Error while creating data volume for disk 1\n",
            "    Reason:                UnreachableProvider\n    Message:               cannot connect to the oVirt engine\n",
        ],
        Some(Layer::ControlPlane),
    );
}

#[test]
fn the_storage_checkups_storage_failures_are_the_control_planes() {
    expect(
        &[
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: storage-checkup-config\ndata:\n  status.succeeded: \"false\"\n  status.failureReason: \"there are multiple default storage classes\"\n",
            "data:\n  status.succeeded: \"false\"\n  status.failureReason: pvc failed to bound\n",
        ],
        Some(Layer::ControlPlane),
    );
}

#[test]
fn libvirt_refusing_a_disk_of_the_definition_is_the_control_planes() {
    expect(
        &[
            "{\"component\":\"virt-handler\",\"level\":\"error\",\"msg\":\"Synchronizing the VirtualMachineInstance failed.\",\"reason\":\"server error. command SyncVMI failed: \\\"LibvirtError(Code=67, Domain=10, Message='unsupported configuration: readonly ide disks are not supported')\\\"\"}\n",
            "virError(Code=67, Domain=10, Message='unsupported configuration: transient disks not supported yet')\n",
        ],
        Some(Layer::ControlPlane),
    );
}

#[test]
fn a_toolkits_plan_or_migration_listed_failed_is_the_control_planes() {
    expect(
        &[
            "$ oc get migrations.forklift.konveyor.io -n mtv\nNAME          READY   RUNNING   SUCCEEDED   FAILED   AGE\nwave-2-run    True                          True     4m\n",
            "kubectl get plans -A\nNAMESPACE   NAME      READY   EXECUTING   SUCCEEDED   FAILED   AGE\nmtv         wave-3    True                            True     2d\n",
        ],
        Some(Layer::ControlPlane),
    );
}

/// Guards: what the families must not take.
#[test]
fn guards_an_import_that_fails_and_a_tar_that_only_reads() {
    // An import that fails for real keeps a layer, whatever its progress line says.
    let (l, _, text) = blame(
        "{\"level\":\"error\",\"logger\":\"controller.import-populator\",\"msg\":\"Failed to update import progress for pvc vms/rootdisk\",\"error\":\"i/o timeout\"}\nE0105 08:01:00.000000 1 importer.go:200] Unable to process data: virtual image size 21474836480 is larger than the reported available storage 10737418240\n",
    );
    assert!(l.is_some(), "{text}");
    // tar's ordinary listing is no fault.
    let (l, _, text) = blame("/usr/bin/tar: Removing leading `/' from member names\n");
    assert_eq!(l, None, "{text}");
}

#[test]
fn guards_libvirt_refusals_about_the_host_and_an_import_in_progress() {
    // libvirt's refusal about what the host lacks stays the node's.
    let (l, _, text) = blame(
        "command SyncVMI failed: \"LibvirtError(Code=67, Domain=10, Message='unsupported configuration: host doesn't support passthrough of host PCI devices')\"\n",
    );
    assert_eq!(l, Some(Layer::Node), "{text}");
    // An import still copying its disks is no fault.
    let (l, _, text) = blame(
        "    Message:               Copying disks\n    Reason:                CopyingDisks\n    Status:                True\n    Type:                  Processing\n",
    );
    assert_eq!(l, None, "{text}");
}

#[test]
fn guards_a_toolkit_run_that_succeeded_or_still_runs() {
    for paste in [
        "NAME          READY   RUNNING   SUCCEEDED   FAILED   AGE\nwave-2-run    True              True                4m\n",
        "NAME          READY   RUNNING   SUCCEEDED   FAILED   AGE\nwave-2-run    True    True                         1m\n",
        "NAME           READY   PLAN      STAGE   ROLLBACK   ITINERARY   PHASE       AGE\nmig-db-move    True    plan-db   false              Final       Completed   15m\n",
    ] {
        let (l, _, text) = blame(paste);
        assert_eq!(l, None, "{paste}\n{text}");
    }
}
