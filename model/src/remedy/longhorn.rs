//! Remedies of Longhorn's failure vocabulary (`signatures/longhorn*.rs`), by signature id.
//!
//! Written from longhorn/longhorn-manager: a faulted volume is salvaged from its failed replicas
//! (`controller/volume_controller.go`, the `auto-salvage` setting of `types/setting.go`); a
//! replica set to ERR is replaced by a rebuilt one (`replenishReplicas`); the replica scheduler
//! weighs each disk's schedulable space by `storage-over-provisioning-percentage` and
//! `storage-minimal-available-percentage`, the node's and disk's `allowScheduling` and tags,
//! and `replica-soft-anti-affinity` (`scheduler/replica_scheduler.go`, `types/setting.go`); a
//! Longhorn node's conditions name what it lacks (`k8s/pkg/apis/longhorn/v1beta2/node.go`);
//! the CSI driver attaches only a volume ready for workloads (`csi/controller_server.go`).

/// No replica left: bring one back and salvage.
const SALVAGE: &[&str] = &[
    "Bring a replica back: fix the node, disk or instance manager the volume's replicas were on, then salvage the volume from the replica with the newest data (Longhorn's UI, Volume, Salvage; with the `auto-salvage` setting on, Longhorn does it once a replica's node returns) and start the VM again.",
];
/// A replica dropped or not rebuilt.
const REBUILD: &[&str] = &[
    "Fix what failed under the replica (its node's disk space, its instance manager pod, the network between the nodes); Longhorn then rebuilds a replica on its own until the volume is healthy again (`kubectl get replicas.longhorn.io -n longhorn-system`).",
];
/// No disk fits a replica.
const SCHEDULE: &[&str] = &[
    "Give Longhorn a disk that fits the replica: free or add space on a schedulable disk (or raise `storage-over-provisioning-percentage`, lower `storage-minimal-available-percentage`), enable scheduling on the nodes and disks, match the volume's node and disk tags, or lower the volume's number of replicas.",
];
/// A Longhorn node down or lacking a prerequisite.
const NODE: &[&str] = &[
    "Bring the Longhorn node back: its longhorn-manager pod (`kubectl get pods -n longhorn-system -o wide`), the Kubernetes node's readiness, or what its condition says it lacks (kernel modules, the iSCSI or NFS client packages, mount propagation, huge pages).",
];
/// A Longhorn disk not ready.
const DISK: &[&str] = &[
    "Mount the disk back at its path with the file system Longhorn knew (a disk whose file system changed is refused), or remove the disk from the Longhorn node once its replicas are moved and add it again.",
];
/// The CSI driver refused to attach or mount.
const CSI: &[&str] = &[
    "Make the volume ready first: fix the replicas or engine its robustness and conditions point at, or let an attach or detach still running finish; then restart the VM so its launcher pod asks for the volume again.",
];
/// A volume not filled from its backup, image or source.
const PROVISION: &[&str] = &[
    "Fix the source Longhorn names (the backup target's reachability and credentials, the backing image's download or its size against the volume's, the clone's source volume), then create the volume or the VM's disk again.",
];
/// A migratable volume's migration refused or reverted (`manager/volume.go` MigrationStart:
/// attached, healthy, not upgrading).
const MIGRATE: &[&str] = &[
    "Make the volume healthy before migrating the VM: let Longhorn rebuild every replica the volume asks for (on a cluster with fewer nodes than replicas, lower the volume's number of replicas), let an engine upgrade finish, then migrate the VM again.",
];

/// Every id with a remedy here, by remedy.
const BY_ID: &[(&[&str], &[&str])] = &[
    (
        &[
            "longhorn-volume-faulted",
            "longhorn-robustness-faulted",
            "longhorn-robustness-faulted-cell",
            "longhorn-detached-unexpectedly",
            "longhorn-engine-dead-unexpectedly",
            "longhorn-engine-no-backend",
            "longhorn-engine-no-replica-for-salvage",
            "longhorn-engine-no-healthy-replica",
            "longhorn-degraded-read-eio",
        ],
        SALVAGE,
    ),
    (
        &[
            "longhorn-replica-in-error",
            "longhorn-replica-faulted",
            "longhorn-failed-rebuilding",
            "longhorn-failed-rebuilding-replica",
            "longhorn-failed-to-rebuild-replica",
            "longhorn-replica-in-err-mode",
            "longhorn-engine-replica-to-err",
            "longhorn-engine-replica-no-space",
            "longhorn-engine-rw-timeout",
            "longhorn-engine-replica-service-unreachable",
        ],
        REBUILD,
    ),
    (
        &[
            "longhorn-disk-filesystem-changed",
            "longhorn-disk-no-disk-info",
            "longhorn-disk-not-ready",
            "longhorn-disk-service-unreachable",
        ],
        DISK,
    ),
    (
        &[
            "longhorn-restore-failure",
            "longhorn-replica-failed-restore",
            "longhorn-get-backing-image-failed",
            "longhorn-backing-image-too-large",
            "longhorn-volume-clone-failed",
        ],
        PROVISION,
    ),
    (
        &[
            "longhorn-migration-start-refused",
            "longhorn-migration-destination-refused",
            "longhorn-migration-confirm-failed",
            "longhorn-migration-held",
            "longhorn-migration-skipped-not-healthy",
        ],
        MIGRATE,
    ),
];

/// The remedy of a Longhorn signature `id`, if it has one here.
pub fn for_id(id: &str) -> Option<&'static [&'static str]> {
    if let Some((_, a)) = BY_ID.iter().find(|(ids, _)| ids.contains(&id)) {
        return Some(a);
    }
    let family = |p: &str| id.starts_with(p);
    if family("longhorn-schedule-") || id.ends_with("replica-scheduling-failure") {
        return Some(SCHEDULE);
    }
    if family("longhorn-node-")
        && !matches!(
            id,
            "longhorn-node-multipathd-running" | "longhorn-node-kubernetes-node-cordoned"
        )
    {
        return Some(NODE);
    }
    if family("longhorn-csi-") && !family("longhorn-csi-expansion") {
        return Some(CSI);
    }
    None
}
