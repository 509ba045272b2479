//! libvirt refusing the arguments of a migration before any memory moves. virt-launcher's
//! source side (KubeVirt `pkg/virt-launcher/virtwrap/live-migration-source.go`, which builds
//! the flags and parameters of `MigrateToURI3`: the UNIX-socket URI virt-handler proxies, the
//! disks to copy and their NBD URI for a volume or block migration, post-copy, TLS) hands them
//! to libvirt, whose QEMU driver checks them first (libvirt `src/qemu/qemu_migration.c`,
//! qemuMigrationSrcBeginPhase and the perform phase; `src/qemu/qemu_driver.c`
//! qemuDomainMigratePerform3Params): "NBD URI must be supplied when migration URI uses UNIX
//! transport method" (disks to copy but no NBD URI: KubeVirt judged a volume shared that is
//! not), "Selecting disks to migrate is not implemented for tunnelled migration", "migration of
//! non-shared storage is not supported with tunnelled migration", "post-copy migration is not
//! supported with non-live or paused migration", "post-copy is not supported with tunnelled
//! migration", "offline migration cannot handle non-shared storage", "this libvirtd instance
//! allows migration only with VIR_MIGRATE_TLS flag". Each is the migration's own parameters as
//! KubeVirt chose them for this VM: the migration fails at once and the VM stays on its source.

use super::Signature;
use super::base::BASE;
use crate::evidence::SignalPlane;
use crate::verdict::{Health, Layer};

const REFUSED: Signature = Signature {
    layer: Some(Layer::Migration),
    plane: Some(SignalPlane::Control),
    health: Health::Broken,
    title: "libvirt refused the migration's parameters before starting it",
    cause: "virt-launcher on the source asked libvirt to migrate the domain with flags and \
        parameters libvirt's checks refuse (disks to copy without the NBD address their copy \
        needs, because a volume was judged shared or not shared wrongly; post-copy or TLS \
        together with a mode that does not allow it), so the migration fails before any \
        memory moves and the VM stays on its source",
    next_steps: &[
        "kubectl get vmim <migration> -n <ns> -o yaml (status.migrationState.failureReason)",
        "kubectl get vmi <vm> -n <ns> -o yaml (status.volumeStatus and the volumes' access modes: which volumes are migrated, which shared)",
        "kubectl logs <source virt-launcher pod> -c compute | grep -i migrat",
    ],
    source: "libvirt src/qemu/qemu_migration.c (qemuMigrationSrcBeginPhase, the perform phase: \
        \"NBD URI must be supplied when migration URI uses UNIX transport method\"); KubeVirt \
        pkg/virt-launcher/virtwrap/live-migration-source.go",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "libvirt-migration-nbd-uri-missing",
        all: &["NBD URI must be supplied"],
        example: "invalid argument: NBD URI must be supplied when migration URI uses UNIX transport method",
        ..REFUSED
    },
    Signature {
        id: "libvirt-migration-disk-selection-tunnelled",
        all: &["Selecting disks to migrate is not implemented"],
        example: "Operation not supported: Selecting disks to migrate is not implemented for tunnelled migration",
        ..REFUSED
    },
    Signature {
        id: "libvirt-migration-non-shared-tunnelled",
        all: &["migration of non-shared storage is not supported with tunnelled"],
        example: "Operation not supported: migration of non-shared storage is not supported with tunnelled migration and this QEMU",
        ..REFUSED
    },
    Signature {
        id: "libvirt-migration-postcopy-non-live",
        all: &["post-copy migration is not supported with non-live"],
        example: "argument unsupported: post-copy migration is not supported with non-live or paused migration",
        ..REFUSED
    },
    Signature {
        id: "libvirt-migration-postcopy-tunnelled",
        all: &["post-copy is not supported with tunnelled migration"],
        example: "argument unsupported: post-copy is not supported with tunnelled migration",
        ..REFUSED
    },
    Signature {
        id: "libvirt-migration-offline-non-shared",
        all: &["offline migration cannot handle non-shared storage"],
        example: "Requested operation is not valid: offline migration cannot handle non-shared storage",
        ..REFUSED
    },
    Signature {
        id: "libvirt-migration-tls-required",
        all: &["allows migration only with VIR_MIGRATE_TLS"],
        example: "Requested operation is not valid: this libvirtd instance allows migration only with VIR_MIGRATE_TLS flag",
        ..REFUSED
    },
];
