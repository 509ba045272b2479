//! Signatures of migration messages: the control plane (admission, target pod scheduling, PDBs,
//! evictions, non-migratable volumes) and the data plane (libvirt/QEMU transfer, proxy sockets,
//! convergence) (data table).

use super::Signature;
use super::base::BASE;
use crate::evidence::SignalPlane;
use crate::verdict::{Health, Layer};

const C: Signature = Signature {
    layer: Some(Layer::Migration),
    plane: Some(SignalPlane::Control),
    health: Health::Broken,
    ..BASE
};

const D: Signature = Signature {
    plane: Some(SignalPlane::Data),
    ..C
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "migration-target-waits-multiple-active-pods",
        all: &[
            "Waiting to schedule target pod for migration",
            "multiple pods running for vmi",
        ],
        health: Health::Degraded,
        title: "the migration's target pod is not created: the VMI has several activePods",
        cause: "virt-controller creates a migration's target pod only while the VMI has at most \
            one active pod (VMIActivePodsCount over status.activePods and the launcher pods): a \
            pod left from an earlier migration, still listed in activePods or not yet gone, \
            keeps the new migration waiting forever",
        next_steps: &[
            "kubectl get vmi <name> -o jsonpath='{.status.activePods}'",
            "kubectl get pods -l kubevirt.io/created-by=<vmi uid> (a Completed or Terminating \
             launcher left over)",
        ],
        source: "pkg/virt-controller/watch/migration/migration.go (handleTargetPodCreation: \
            \"Waiting to schedule target pod for migration because there are already multiple \
            pods running for vmi %s/%s\")",
        example: r#"{"component":"virt-controller","kind":"","level":"info","msg":"Waiting to schedule target pod for migration because there are already multiple pods running for vmi prod/db","name":"migration-x7k2p","namespace":"prod","pos":"migration.go:1104"}"#,
        ..C
    },
    Signature {
        id: "migration-in-flight",
        all: &["in-flight migration detected"],
        title: "a new migration is refused: an in-flight migration is recorded",
        cause: "the migration-create-validator webhook denies a new VirtualMachineInstanceMigration \
            while the VMI's status.migrationState has a migrationUid that is neither completed \
            nor failed (stale after a target pod crash)",
        next_steps: &[
            "kubectl get vmim -n <ns> (delete the stale one)",
            "kubectl get vmi <name> -o jsonpath='{.status.migrationState}'",
        ],
        source: "pkg/virt-api/webhooks/validating-webhook/admitters/migration-create-admitter.go",
        example: r#"admission webhook "migration-create-validator.kubevirt.io" denied the request: in-flight migration detected. Active migration job (b0a8) is currently already in progress for VMI vmi-migratable."#,
        ..C
    },
    Signature {
        id: "disks-not-live-migratable",
        all: &["DisksNotLiveMigratable"],
        health: Health::Degraded,
        title: "the VMI cannot live-migrate: its disks are not shared (DisksNotLiveMigratable)",
        cause: "condition LiveMigratable is False with reason DisksNotLiveMigratable: a PVC is not \
            ReadWriteMany (non-shared PVC), so live migration is refused before any data moves",
        next_steps: &[
            "kubectl get pvc -n <ns> -o custom-columns=N:.metadata.name,AM:.spec.accessModes",
        ],
        source: "staging/src/kubevirt.io/api/core/v1/types.go \
            (VirtualMachineInstanceReasonDisksNotMigratable)",
        example: "    Reason:                DisksNotLiveMigratable",
        ..C
    },
    Signature {
        id: "non-shared-pvc",
        all: &["cannot migrate VMI with non-shared"],
        health: Health::Degraded,
        title: "the VMI cannot live-migrate: non-shared PVC or hostDisk",
        cause: "KubeVirt refuses live migration when a PVC is not shared (not ReadWriteMany): \
            LiveMigratable is False with DisksNotLiveMigratable",
        next_steps: &["use ReadWriteMany PVCs, or accept block migration where supported"],
        source: "pkg/virt-handler/vm.go (checkVolumesForMigration)",
        example: "    Message:               cannot migrate VMI with non-shared PVCs",
        ..C
    },
    Signature {
        id: "block-migration-method",
        all: &["BlockMigration"],
        health: Health::Unknown,
        title: "the VMI migrates by BlockMigration (copying its local volumes)",
        cause: "status.migrationMethod is BlockMigration whenever a volume is neither a shared PVC \
            or DataVolume, a shared hostDisk, a virtiofs filesystem nor a read-only disk: any \
            containerDisk, cloud-init or emptyDisk volume is copied, which is normal (or a volume \
            migration is under way); a PVC that is not shared (ReadWriteMany) makes the VMI not \
            live-migratable instead",
        next_steps: &["kubectl get vmi <name> -o jsonpath='{.spec.volumes}'"],
        source: "pkg/virt-handler/vm.go (checkVolumesForMigration); corpus item 047",
        example: "  Migration Method:  BlockMigration",
        ..C
    },
    Signature {
        id: "target-pod-shutdown",
        all: &["target pod shutdown during migration"],
        title: "the migration failed: the target pod shut down",
        cause: "the target virt-launcher pod went away while the migration was PreparingTarget or \
            running: its node shut down, or it was placed on the source node (source-node and \
            target the same) and shut down with it",
        next_steps: &[
            "kubectl get vmim <name> -o yaml",
            "kubectl get events -n <ns>",
        ],
        source: "pkg/virt-controller/watch/migration/migration.go: \
            \"Migration failed because target pod shutdown during migration\"",
        example: "Migration failed because target pod shutdown during migration",
        ..C
    },
    Signature {
        id: "target-pod-unschedulable",
        all: &["match pod anti-affinity rules"],
        title: "the migration target pod cannot be scheduled (affinity)",
        cause: "the target virt-launcher pod is Unschedulable: its nodeSelector / node affinity \
            leaves only nodes that its pod anti-affinity (against the source pod) excludes",
        next_steps: &["kubectl get pod <target pod> -o yaml (spec.affinity, nodeSelector)"],
        source: "kube-scheduler (FailedScheduling); corpus items 029, 048",
        example: "0/3 nodes are available: 1 node(s) didn't match pod affinity/anti-affinity, 1 node(s) didn't match pod anti-affinity rules",
        ..C
    },
    Signature {
        id: "target-node-selector",
        all: &["node affinity/selector"],
        title: "the migration target pod matches no node (node affinity/selector)",
        cause: "the target pod's nodeSelector or node affinity (e.g. a host-model CPU label copied \
            from the source node) matches no other node, so the target stays Pending",
        next_steps: &["kubectl get pod <target pod> -o jsonpath='{.spec.nodeSelector}'"],
        source: "kube-scheduler; corpus item 048 (host-model CPU model label)",
        example: "1 node(s) didn't match Pod's node affinity/selector,",
        ..C
    },
    Signature {
        id: "pdb-eviction-refused",
        all: &["Cannot evict pod as it would violate the pod's disruption budget"],
        title: "eviction of a virt-launcher pod refused by a PodDisruptionBudget",
        cause: "a PodDisruptionBudget that selects the pod refuses the eviction. KubeVirt up to \
            v1.5 created one per VMI with evictionStrategy LiveMigrate (the evictor waits for the \
            migration KubeVirt starts); from v1.6 it creates none and only deletes the old \
            kubevirt-disruption-budget-* ones, so the refusing PDB is someone else's",
        next_steps: &[
            "kubectl get pdb -n <ns> -o wide",
            "kubectl get vmim -n <ns>",
        ],
        source: "pkg/virt-controller/watch/drain/disruptionbudget/disruptionbudget.go; \
            corpus item 058",
        example: r#"E0422 10:01:03.039582 1 evictions.go:463] "Error evicting pod" err="error when evicting pod (ignoring) \"virt-launcher-mk\": Cannot evict pod as it would violate the pod's disruption budget.""#,
        ..C
    },
    Signature {
        id: "pdb-expanded",
        all: &["Expanded PodDisruptionBudget"],
        health: Health::Degraded,
        title: "the migration PodDisruptionBudget was expanded (a migration started; KubeVirt <= 1.5)",
        cause: "KubeVirt up to v1.5 expands the VMI's PodDisruptionBudget while it migrates; if it \
            is shrunk again without the VMI moving, the migration failed (look for the VMIM's \
            failure). From v1.6 KubeVirt keeps no PDBs for VMIs",
        next_steps: &["kubectl get vmim -n <ns> -o yaml"],
        source: "pkg/virt-controller/watch/drain/disruptionbudget/disruptionbudget.go (v1.5)",
        example: "SuccessfulUpdate | VirtualMachineInstance testw11Expanded PodDisruptionBudget kubevirt-disruption-budget-8p2dk",
        ..C
    },
    Signature {
        id: "pdb-shrank",
        all: &["Shrank PodDisruptionBudget"],
        layer: None,
        plane: None,
        health: Health::Unknown,
        title: "the migration PodDisruptionBudget shrank back: the migration ended (KubeVirt <= 1.5)",
        cause: "KubeVirt up to v1.5 shrinks the PodDisruptionBudget once the migration is \
            final (succeeded or failed) and one launcher pod is left: the end of every \
            migration, not a fault by itself; whether it failed is read from the migration's \
            own status and events",
        next_steps: &["kubectl get vmim -n <ns> -o yaml (status.phase, migrationState)"],
        source: "pkg/virt-controller/watch/drain/disruptionbudget/disruptionbudget.go (v1.5: \
            shrinkPDB \"shrank PodDisruptionBudget %s\" once isMigrationComplete: the VMIM final \
            and one active pod)",
        example: "SuccessfulUpdate | VirtualMachineInstance testw11Shrank PodDisruptionBudget kubevirt-disruption-budget-8p2dk",
        ..C
    },
    Signature {
        id: "drain-evicting",
        all: &["evicting pod"],
        health: Health::Degraded,
        title: "kubectl drain is evicting pods",
        cause: "a drain evicts the node's pods; a VMI with evictionStrategy LiveMigrate is \
            migrated instead of deleted (its eviction is refused until the migration is done, \
            so the drain retries and may exit non-zero)",
        next_steps: &[
            "kubectl get vmim -A",
            "kubectl get vmi -o jsonpath='{.spec.evictionStrategy}'",
        ],
        source: "kubectl drain; pkg/virt-api/webhooks (pod eviction admitter)",
        example: "evicting pod longhorn-system/instance-manager-r-93daf873",
        ..C
    },
    Signature {
        id: "drain-cordoned",
        all: &["cordoned"],
        none: &["uncordoned"],
        health: Health::Degraded,
        title: "a node was cordoned for a drain",
        cause: "the node is cordoned; its VMIs with evictionStrategy LiveMigrate must migrate away \
            before the drain finishes",
        next_steps: &["kubectl get vmi -A -o wide"],
        source: "kubectl drain",
        example: "node/node2 cordoned",
        ..C
    },
    Signature {
        id: "migrated-failed-event",
        all: &["migration uid", "failed. reason:"],
        plane: Some(SignalPlane::Data),
        title: "the live migration failed in libvirt (Warning Migrated)",
        cause: "virt-handler's Migrated event: the source virt-launcher's libvirt migration failed \
            (the virError in the reason names libvirt's error code, e.g. Code=9 operation failed, \
            Code=1 internal error)",
        next_steps: &[
            "kubectl logs <source virt-launcher pod> -c compute | grep -i migrat",
            "kubectl logs <target virt-launcher pod> -c compute",
        ],
        source: "pkg/virt-handler/migration-source.go: \
            \"VirtualMachineInstance migration uid %s failed. reason:%s\"",
        example: "Warning  Migrated  11s  virt-handler  VirtualMachineInstance migration uid 31dc failed. reason:Live migration failed error encountered during MigrateToURI3 libvirt api call: virError(Code=1, Domain=10",
        ..D
    },
    Signature {
        id: "migrate-to-uri3",
        all: &["MigrateToURI3"],
        title: "libvirt's MigrateToURI3 call failed",
        cause: "the source virt-launcher's libvirt api call MigrateToURI3 (the migration itself) \
            returned a virError",
        next_steps: &["kubectl logs <source virt-launcher pod> -c compute"],
        source: "pkg/virt-launcher/virtwrap/live-migration-source.go",
        example: "error encountered during MigrateToURI3 libvirt api call: virError(Code=1",
        ..D
    },
    Signature {
        id: "migrate-to-uri3-qemu-closed",
        // libvirt's two words for a QEMU that died before its monitor answered
        // (`src/qemu/qemu_process.c`, qemuProcessReportLogError), as `qemu-closed-monitor`.
        all: &["MigrateToURI3", "monitor"],
        any: &[
            "qemu unexpectedly closed the monitor",
            "process exited while connecting to monitor",
        ],
        title: "a QEMU died during the migration (MigrateToURI3: qemu unexpectedly closed the monitor)",
        cause: "while libvirt migrated the domain, a QEMU process (most often the target's, \
            which cannot load the source's state: a device, CPU feature or QEMU version it \
            lacks, or memory it cannot get) exited: the migration fails, the VMI stays on its \
            source; the target launcher's compute log says why its QEMU ended",
        next_steps: &[
            "kubectl logs <target virt-launcher pod> -c compute (the qemu lines)",
            "compare the source's and target's virt-launcher images and node CPU models",
        ],
        source: "libvirt src/qemu/qemu_monitor.c (\"qemu unexpectedly closed the monitor\") via \
            pkg/virt-launcher/virtwrap/live-migration-source.go (MigrateToURI3)",
        example: "Live migration failed: error encountered during MigrateToURI3 libvirt api call: virError(Code=1, Domain=10, Message='internal error: qemu unexpectedly closed the monitor')",
        ..D
    },
    Signature {
        id: "cannot-migrate-readonly",
        all: &["Cannot migrate empty or read-only disk"],
        title: "libvirt refuses to migrate an empty or read-only disk (virError Code=84)",
        cause: "libvirt cannot migrate (virError Code=84, operation not supported) a read-only or \
            empty disk with storage migration (e.g. a CD-ROM or a read-only volume)",
        next_steps: &["remove or share the read-only disk, or use a shared volume"],
        source: "libvirt (qemuMigrationSrcIsSafe) via \
            pkg/virt-launcher/virtwrap/live-migration-source.go; corpus item 060",
        example: "virError(Code=84, Domain=10, Message='Operation not supported: Cannot migrate empty or read-only disk sda')",
        ..D
    },
    Signature {
        id: "launcher-live-migration-failed",
        all: &["Live migration failed"],
        title: "the source virt-launcher reports Live migration failed",
        cause: "libvirt's migration of the domain failed in the source virt-launcher (the reason \
            carries libvirt's virError)",
        next_steps: &["kubectl logs <source virt-launcher pod> -c compute"],
        source: "pkg/virt-launcher/virtwrap/live-migration-source.go: \"Live migration failed.\"",
        example: r#"{"component":"virt-launcher","level":"error","msg":"Live migration failed","reason":"virError(Code=9)"}"#,
        ..D
    },
    Signature {
        id: "migration-proxy-closed",
        all: &["proxy unix socket listener returned error"],
        title: "the migration proxy's socket was torn down (migration-proxy)",
        cause: "virt-handler's migration-proxy closed its unix socket under \
            /var/run/kubevirt/migrationproxy while libvirt still used it: the Migrate command \
            failed and the proxy was stopped",
        next_steps: &[
            "kubectl logs -n kubevirt <virt-handler pods of both nodes> | grep -i migrat",
        ],
        source: "pkg/virt-handler/migration-proxy/migration-proxy.go: \
            \"proxy unix socket listener returned error.\"",
        example: r#"{"component":"virt-handler","level":"error","msg":"proxy unix socket listener returned error.","pos":"migration-proxy.go:434","reason":"accept unix /var/run/kubevirt/migrationproxy/x-source.sock: use of closed network connection"}"#,
        ..D
    },
    Signature {
        id: "command-migrate-failed",
        all: &["command Migrate failed"],
        title: "virt-launcher refused the Migrate command",
        cause: "virt-handler's Migrate command to the source virt-launcher failed (e.g. \"migration \
            job already executed\": a retried migration for the same job)",
        next_steps: &["kubectl logs <source virt-launcher pod> -c compute"],
        source: "pkg/virt-handler/migration-source.go; corpus item 003",
        example: r#"{"component":"virt-handler","level":"info","msg":"re-enqueuing VirtualMachineInstance default/vm1","reason":"server error. command Migrate failed: \"migration job already executed\""}"#,
        ..D
    },
    Signature {
        id: "migration-stuck",
        all: &["Live migration stuck for"],
        title: "the live migration is stuck (no progress) and gets aborted",
        cause: "the migration made no progress for longer than progressTimeout: the guest's \
            DirtyRate is above the MemoryBandwidth, so pre-copy never converges and KubeVirt \
            aborted it",
        next_steps: &[
            "allow post-copy or auto-converge in the MigrationPolicy",
            "raise bandwidthPerMigration, or migrate when the guest is idle",
        ],
        source: "pkg/virt-launcher/virtwrap/live-migration-source.go: \
            \"live migration stuck for %d seconds\"",
        example: "Live migration stuck for 181006630894 sec",
        ..D
    },
    Signature {
        id: "migration-dirty-rate",
        all: &["DirtyRate:", "MemoryBandwidth:"],
        health: Health::Degraded,
        title: "migration statistics: dirty rate against bandwidth",
        cause: "the guest dirties memory (DirtyRate) about as fast as the migration sends it \
            (MemoryBandwidth): pre-copy cannot converge",
        next_steps: &["compare DirtyRate and MemoryBandwidth over iterations"],
        source: "libvirt domain job info as logged by virt-launcher; corpus item 057",
        example: "MemoryTotal:24596MiB MemoryBandwidth:38Mbps DirtyRate:41Mbps",
        ..D
    },
    Signature {
        id: "vmim-phase-failed-no-state",
        all: &["VirtualMachineInstanceMigration", "phase: Failed"],
        title: "the VirtualMachineInstanceMigration Failed",
        cause: "the migration object Failed; without a migrationState the target never came up \
            (target pod deleted or unschedulable), so no data moved",
        next_steps: &["kubectl get events -n <ns> --field-selector involvedObject.name=<vmim>"],
        source: "staging/src/kubevirt.io/api/core/v1/types.go (MigrationFailed)",
        example: "VirtualMachineInstanceMigration test-5nrcb phase: Failed",
        ..C
    },
    Signature {
        id: "vmim-failed",
        all: &["kind: VirtualMachineInstanceMigration"],
        health: Health::Unknown,
        title: "a VirtualMachineInstanceMigration object",
        cause: "see the migration's phase: Failed without migrationState means the target never \
            came up (target pod deleted or unschedulable)",
        source: "staging/src/kubevirt.io/api/core/v1/types.go (VirtualMachineInstanceMigration)",
        example: "kind: VirtualMachineInstanceMigration",
        ..C
    },
    Signature {
        id: "harvester-migrating",
        all: &["harvesterhci.io/migrationState: Migrating"],
        health: Health::Degraded,
        title: "Harvester records a migration in progress (migrationState Migrating)",
        cause: "Harvester's annotation says the VMI is Migrating to \
            harvesterhci.io/migrationTargetNodeName; with a deletionTimestamp set and the target \
            node down the migration can never finish",
        next_steps: &[
            "kubectl get vmim -n <ns>",
            "kubectl get node <migrationTargetNodeName>",
        ],
        source: "Harvester annotations; corpus item 042",
        example: "    harvesterhci.io/migrationState: Migrating",
        ..C
    },
    Signature {
        id: "volume-migration-manual-recovery",
        all: &["ManualRecoveryRequired"],
        // virt-controller sets it only when the VMI is gone or final while the volume
        // migration ran (pkg/virt-controller/watch/vm/vm.go: "VMI was removed or was final
        // during the volume migration"): the migration's orchestration, its control plane.
        plane: Some(SignalPlane::Control),
        title: "the VM needs manual recovery after a failed volume migration",
        cause: "a volume (storage) migration failed and left some of the VM's volumes pointing \
            at inconsistent targets; virt-controller sets the VM's ManualRecoveryRequired \
            condition and refuses to start it, and virt-api refuses start and restart, until the \
            volumes are reassigned to their original claims by hand",
        next_steps: &[
            "kubectl get vm <name> -o yaml (spec.template.spec.volumes, status.volumeUpdateState)",
            "reassign the volumes to their original PVCs, then start the VM",
        ],
        source: "KubeVirt staging/src/kubevirt.io/api/core/v1/types.go \
            (VirtualMachineManualRecoveryRequired); pkg/virt-controller/watch/vm/vm.go",
        example: "  - type: ManualRecoveryRequired",
        ..C
    },
    Signature {
        id: "volume-migration-recovery-refusal",
        all: &["recovery required"],
        any: &[
            "Volume migration failed",
            "manual recovery required condtion",
        ],
        plane: Some(SignalPlane::Control),
        title: "the VM cannot start: a failed volume migration needs manual recovery",
        cause: "virt-api (start, restart) and virt-controller refuse to run a VM whose \
            ManualRecoveryRequired condition is set: a volume migration failed and left volumes \
            on inconsistent targets",
        next_steps: &["kubectl get vm <name> -o yaml (status.conditions, volumeUpdateState)"],
        source: "KubeVirt pkg/virt-api/rest/subresource.go (volumeMigrationManualRecoveryRequiredErr); \
            pkg/virt-controller/watch/vm/vm.go (failedManualRecoveryRequiredCondSetErrMsg)",
        example: "VM recovery required: Volume migration failed, leaving some volumes pointing to non-consistent targets; manual intervention is needed to reassign them to their original volumes.",
        ..C
    },
];
