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
//! - a table pasted after a Red Hat bash prompt (`[user@host dir]$`) is read, not refused as
//!   broken JSON.

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::blame;

fn expect(pastes: &[&str], layer: Option<Layer>) {
    for paste in pastes {
        let (l, _, text) = blame(paste);
        assert_eq!(l, layer, "{paste}\n{text}");
    }
}

#[test]
fn libvirt_refusing_the_migrations_parameters_is_the_migrations() {
    expect(
        &[
            "{\"component\":\"virt-launcher\",\"level\":\"error\",\"msg\":\"Live migration failed.\",\"reason\":\"virError(Code=8, Domain=10, Message='invalid argument: NBD URI must be supplied when migration URI uses UNIX transport method')\",\"timestamp\":\"2026-03-02T10:00:00Z\"}\n",
            "{\"component\":\"virt-launcher\",\"level\":\"error\",\"msg\":\"Live migration failed.\",\"reason\":\"virError(Code=84, Domain=10, Message='Operation not supported: Selecting disks to migrate is not implemented for tunnelled migration')\"}\n",
            "error: argument unsupported: post-copy is not supported with tunnelled migration\n",
        ],
        Some(Layer::Migration),
    );
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
