//! QEMU refusing a migration command libvirt sends it. virt-launcher migrates a domain through
//! libvirt (`MigrateToURI3` on the source, the incoming side on the target); libvirt drives
//! QEMU's migration with QMP commands (qemu `qapi/migration.json`: `migrate-set-capabilities`,
//! `migrate-set-parameters`, `migrate`, `migrate-incoming`, `migrate-start-postcopy`,
//! `migrate_cancel`, `migrate-continue`, `migrate-pause`, `migrate-recover`) and reports QEMU's
//! refusal of any of them as "unable to execute QEMU command '%s': %s" (libvirt
//! `src/qemu/qemu_monitor_json.c`, qemuMonitorJSONCheckErrorFull). What QEMU refuses there is
//! the transfer itself (a capability or parameter its build, the host or the guest's memory
//! does not allow, a migration already running), so the migration's data plane, not the
//! controllers' side. Its post-copy refusals are matched on their own words too, since they are
//! quoted alone as a migration's failure reason: `migrate_caps_check` (qemu
//! `migration/options.c`: "Postcopy is not supported: " before the host's reason, "Postcopy is
//! not compatible with ignore-shared", "Postcopy is not yet compatible with multifd", "Postcopy
//! preempt requires postcopy-ram") and `postcopy_ram_supported_by_host` (qemu
//! `migration/postcopy-ram.c`: "Userfaultfd not available: %s", the kernel's userfaultfd
//! refused to the process, e.g. by `vm.unprivileged_userfaultfd=0` or a seccomp profile).

use super::Signature;
use super::base::BASE;
use crate::evidence::SignalPlane;
use crate::verdict::{Health, Layer};

const DATA: Signature = Signature {
    layer: Some(Layer::Migration),
    plane: Some(SignalPlane::Data),
    health: Health::Broken,
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "qemu-migration-command-refused",
        all: &["unable to execute QEMU command", "'migrate"],
        title: "QEMU refused a migration command libvirt sent it",
        cause: "libvirt drives the transfer of the VM's memory and state through QEMU's \
            migration commands (setting the migration's capabilities and parameters, starting \
            the outgoing or incoming side, switching to post-copy); QEMU refused one of them, \
            so the transfer does not start or stops and the migration fails while the VM keeps \
            running on its source",
        next_steps: &[
            "kubectl get vmim <migration> -n <ns> -o yaml (status.migrationState.failureReason)",
            "kubectl get migrationpolicy -o yaml; kubectl get kubevirt -A -o yaml (spec.configuration.migrations: allowPostCopy, allowAutoConverge, parallel connections)",
            "kubectl logs <virt-launcher pod> -c compute (the QEMU error in full, source and target)",
        ],
        source: "libvirt src/qemu/qemu_monitor_json.c (qemuMonitorJSONCheckErrorFull: \"unable \
            to execute QEMU command '%s': %s\"); qemu qapi/migration.json (the migrate* commands)",
        example: "internal error: unable to execute QEMU command 'migrate-set-parameters': Parameter 'max-bandwidth' expects an int64 value",
        ..DATA
    },
    Signature {
        id: "qemu-postcopy-unsupported",
        any: &[
            "Postcopy is not supported",
            "Userfaultfd not available",
            "Postcopy is not compatible with",
            "Postcopy is not yet compatible with",
            "Postcopy preempt requires",
        ],
        all: &["postcopy"],
        title: "QEMU cannot run this migration in post-copy mode",
        cause: "a migration policy or KubeVirt's configuration allows post-copy, and QEMU on the \
            target checks that the host lets it handle page faults itself (the kernel's \
            userfaultfd) before accepting it; the host refuses it to the launcher's process \
            (vm.unprivileged_userfaultfd=0, the container's seccomp profile) or another \
            capability rules post-copy out, so the migration fails without moving the VM",
        next_steps: &[
            "on the target node: sysctl vm.unprivileged_userfaultfd (1 lets QEMU open userfaultfd)",
            "kubectl get migrationpolicy -o yaml; kubectl get kubevirt -A -o jsonpath='{.items[0].spec.configuration.migrations.allowPostCopy}'",
        ],
        source: "qemu migration/options.c (migrate_caps_check: \"Postcopy is not supported: \"); \
            migration/postcopy-ram.c (postcopy_ram_supported_by_host: \"Userfaultfd not \
            available: %s\")",
        example: "Postcopy is not supported: Userfaultfd not available: Operation not permitted",
        ..DATA
    },
];
