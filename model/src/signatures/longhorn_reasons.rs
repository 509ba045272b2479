//! Longhorn naming a failure by its reason: the `reason` of the conditions longhorn-manager
//! writes on its Volume, Replica, Node (and their disks) and Instance resources, the reasons of
//! the Warning events it records, and a volume's robustness, which is what an operator pastes
//! (`kubectl describe volumes.longhorn.io|nodes.longhorn.io`, `-o yaml`, `get events`,
//! `get volumes.longhorn.io`). Read from longhorn/longhorn-manager:
//!
//! - the condition types and reasons of `k8s/pkg/apis/longhorn/v1beta2/volume.go`
//!   (`VolumeConditionReason…`), `replica.go` (`GetBackingImageFailed`; its `RebuildFailed` condition is present while False and its reasons are common words, so the `FailedRebuilding` event stands for it), `node.go`
//!   (`NodeConditionReason…`, `DiskConditionReason…`) and `instancemanager.go`
//!   (`InstanceCreationFailure`);
//! - the event reasons of `constant/events.go`, as `controller/volume_controller.go`,
//!   `engine_controller.go`, `instance_handler.go` and `volume_attachment_controller.go` record
//!   them: a reason Longhorn alone spells (`FailedRebuilding`, `DetachedUnexpectedly`,
//!   `AutoSalvaged`, `ShardFailed`, `DegradedReadEIO`) is matched alone, a word other programs use too (`Faulted`, `Unknown`,
//!   `FailedStarting`, `EvictionFailed`, `FailedExpansion`, `MigrationFailed`) only with the
//!   message Longhorn writes with it;
//! - the robustness of `volume.go` (`healthy`, `degraded`, `faulted`, `unknown`).
//!
//! Longhorn's replicas live on the nodes' disks, served by each node's instance manager: the
//! node's storage (the fresh corpus's convention for a storage fault), broken when the VM's
//! volume cannot serve, degraded while it serves on fewer replicas. Filling a volume from a
//! backup, a backing image (a Harvester VM image) or a clone source is the disk's provisioning,
//! like CDI's import: the control plane's, by the same conventions. The `…Success` and normal
//! reasons (`Healthy`, `Attached`, `Rebuilt`, `Ready`) are not here. Faulted volumes and
//! replicas in error are in `longhorn.rs`.

use super::Signature;
use super::base::BASE;
use super::longhorn::FAULTED;
use super::longhorn_steps::{NODE, VOLUME};
use crate::verdict::{Health, Layer};

/// A volume serving on fewer healthy replicas than it asks for.
const DEGRADED: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Degraded,
    title: "a Longhorn volume under the VM's disk runs degraded",
    cause: "the volume has fewer healthy replicas than it asks for (a replica's node, disk or \
        instance manager failed, or its rebuild failed): the VM's disk still works on the \
        replicas left, and faults if they fail too",
    next_steps: VOLUME,
    ..BASE
};

/// A volume's engine lost while attached, or its state unknown.
const ENGINE_LOST: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    title: "the Longhorn engine of the VM's volume stopped while attached",
    cause: "the engine serving the volume on the VM's node died or could not be started or \
        reached (its instance manager pod failed, the node went down or the engine process \
        crashed): the VM's disk stops answering until Longhorn starts the engine again, and \
        the volume is detached and marked faulted",
    next_steps: VOLUME,
    ..BASE
};

/// A replica not rebuilt, evicted or salvaged.
const REBUILD: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Degraded,
    title: "Longhorn could not rebuild or move a replica of the VM's volume",
    cause: "Longhorn tried to rebuild a replica (or to add one to evict another, or salvaged \
        failed replicas) and failed, often for the network between the nodes, a full disk or \
        a replica's node going away: the volume keeps running on fewer replicas, degraded",
    next_steps: VOLUME,
    ..BASE
};

/// A Longhorn node down or lacking what Longhorn needs.
const NODE_DOWN: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    title: "a Longhorn node is not ready",
    cause: "Longhorn marks the node not ready: its longhorn-manager pod is down or missing, the \
        Kubernetes node is gone, not ready or under pressure, or it lacks what Longhorn needs \
        (mount propagation, kernel modules, the iSCSI or NFS client packages, huge pages): no \
        replica or engine runs there, and volumes with replicas there degrade",
    next_steps: NODE,
    ..BASE
};

/// A Longhorn disk not ready.
const DISK: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    title: "a Longhorn disk on a node is not ready",
    cause: "Longhorn cannot use a disk of the node (its file system changed or vanished, its \
        information cannot be read, or the disk service does not answer): replicas on it \
        fail and no new replica is scheduled there",
    next_steps: NODE,
    ..BASE
};

/// A node that works but warns.
const NODE_WARNING: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Degraded,
    title: "a Longhorn node warns of its configuration",
    cause: "the node works for Longhorn, but its condition warns of something that can break \
        volumes there (multipathd running and taking Longhorn's devices, the Kubernetes node \
        cordoned so no new replica lands there)",
    next_steps: NODE,
    ..BASE
};

/// A volume filled from a backup, a backing image or a clone source.
const PROVISION: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    title: "Longhorn could not fill the volume from its backup, image or source",
    cause: "the volume is filled from a backup (restore), a backing image (a Harvester VM \
        image) or another volume (clone), and that failed (the backup target or image \
        unreachable, the image larger than the volume, the source gone): the VM's disk is \
        not provisioned",
    next_steps: VOLUME,
    ..BASE
};

/// A shared volume's workload pod deleted to remount it.
const REBUILD_REMOUNT: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Degraded,
    title: "Longhorn restarts a workload to remount its shared volume",
    cause: "the CSI plugin pod on the node restarted unexpectedly, so the NFS mount of a shared \
        (RWX) Longhorn volume is stale; Longhorn deletes the workload's pod (a VM's launcher \
        too) so it mounts the volume again",
    next_steps: VOLUME,
    ..BASE
};

/// A migratable volume's second engine (a VM's live migration) lost.
const MIGRATION: Signature = Signature {
    layer: Some(Layer::Migration),
    health: Health::Degraded,
    title: "Longhorn's migration of the VM's volume to the target node failed",
    cause: "a live migration attaches a migratable Longhorn volume on the target node too; \
        that second attachment failed or was dropped, so the VM's migration cannot finish \
        and Longhorn waits for the volume to be detached from the extra node",
    next_steps: VOLUME,
    ..BASE
};

/// Housekeeping of a serving volume failed.
const UPKEEP: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Degraded,
    title: "Longhorn's upkeep of the VM's volume failed",
    cause: "the volume serves, but Longhorn failed to expand it, purge or check its snapshots, \
        or warns of too many snapshots: the disk keeps its old size or its snapshots keep \
        growing on the nodes' disks until the cause is fixed",
    next_steps: VOLUME,
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    // a volume's robustness
    Signature {
        id: "longhorn-volume-degraded",
        all: &["volume ", " became degraded"],
        source: "longhorn/longhorn-manager controller/volume_controller.go (Eventf Normal EventReasonDegraded \"volume %v became degraded\")",
        example: "  Normal   Degraded  3m  longhorn-volume-controller  volume pvc-5e1d2c3b-7a8f-4e21-9c0d-2b3a4c5d6e7f became degraded",
        ..DEGRADED
    },
    Signature {
        id: "longhorn-robustness-degraded",
        all: &["robustness", "degraded"],
        none: &["became degraded"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/volume.go (VolumeRobustnessDegraded = \"degraded\")",
        example: "  robustness: degraded",
        ..DEGRADED
    },
    Signature {
        id: "longhorn-robustness-degraded-cell",
        all: &["degraded"],
        cells: &["degraded"],
        any: &["attached", "attaching", "detaching"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/volume.go (the ROBUSTNESS column of kubectl get volumes.longhorn.io)",
        example: "pvc-5e1d2c3b-7a8f-4e21-9c0d-2b3a4c5d6e7f   v1    attached   degraded   True   10Gi   worker-2   41d",
        ..DEGRADED
    },
    Signature {
        id: "longhorn-robustness-faulted",
        all: &["robustness", "faulted"],
        none: &["became faulted", "dead unexpectedly"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/volume.go (VolumeRobustnessFaulted = \"faulted\", during detached)",
        example: "  robustness: faulted",
        ..FAULTED
    },
    Signature {
        id: "longhorn-robustness-faulted-cell",
        all: &["faulted"],
        cells: &["faulted"],
        any: &["detached", "attached", "attaching", "detaching"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/volume.go (the ROBUSTNESS column of kubectl get volumes.longhorn.io)",
        example: "pvc-5e1d2c3b-7a8f-4e21-9c0d-2b3a4c5d6e7f   v1    detached   faulted   True   10Gi      41d",
        ..FAULTED
    },
    Signature {
        id: "longhorn-robustness-unknown",
        all: &["volume ", " robustness is unknown"],
        source: "longhorn/longhorn-manager controller/volume_controller.go (Eventf Warning EventReasonUnknown \"volume %v robustness is unknown\": the engine's state is unknown)",
        example: "  Warning  Unknown  30s  longhorn-volume-controller  volume pvc-5e1d2c3b-7a8f-4e21-9c0d-2b3a4c5d6e7f robustness is unknown",
        ..ENGINE_LOST
    },
    // the engine lost
    Signature {
        id: "longhorn-detached-unexpectedly",
        all: &["DetachedUnexpectedly"],
        cased: &["DetachedUnexpectedly"],
        source: "longhorn/longhorn-manager controller/volume_controller.go (Event Warning EventReasonDetachedUnexpectedly \"Engine of volume %v dead unexpectedly, setting v.Status.Robustness to faulted\")",
        example: "  Warning  DetachedUnexpectedly  2m  longhorn-volume-attachment-controller  Failed to detach manually attached volume due to detach-manually-attached-volumes-when-cordoned is set to false",
        ..ENGINE_LOST
    },
    Signature {
        id: "longhorn-engine-dead-unexpectedly",
        all: &[" of volume ", " dead unexpectedly"],
        source: "longhorn/longhorn-manager controller/volume_controller.go (\"Engine of volume %v dead unexpectedly\", \"EngineFrontend of volume %v dead unexpectedly\"; its log: \"Engine of volume dead unexpectedly, setting v.Status.Robustness to faulted\")",
        example: "level=warning msg=\"Engine of volume pvc-5e1d2c3b dead unexpectedly, setting v.Status.Robustness to faulted\"",
        ..ENGINE_LOST
    },
    Signature {
        id: "longhorn-failed-starting",
        all: &["FailedStarting", "Error starting "],
        cased: &["FailedStarting"],
        source: "longhorn/longhorn-manager controller/instance_handler.go (Eventf Warning EventReasonFailedStarting \"Error starting %v: %v\")",
        example: "  Warning  FailedStarting  1m  longhorn-engine-controller  Error starting pvc-5e1d2c3b-e-0: failed to create instance",
        ..ENGINE_LOST
    },
    Signature {
        id: "longhorn-instance-creation-failure",
        all: &["InstanceCreationFailure"],
        cased: &["InstanceCreationFailure"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/instancemanager.go (InstanceConditionReasonInstanceCreationFailure, on the engine's or replica's InstanceCreation condition)",
        example: "    reason: InstanceCreationFailure",
        ..ENGINE_LOST
    },
    // replicas rebuilt, evicted, salvaged
    Signature {
        id: "longhorn-failed-rebuilding",
        all: &["FailedRebuilding"],
        cased: &["FailedRebuilding"],
        source: "longhorn/longhorn-manager controller/engine_controller.go (Eventf Warning EventReasonFailedRebuilding \"Failed rebuilding replica with Address %v: %v\")",
        example: "  Warning  FailedRebuilding  4m  longhorn-engine-controller  Failed rebuilding replica with Address 10.42.2.31:10000: rpc error: code = Unknown desc = failed to sync files",
        ..REBUILD
    },
    Signature {
        id: "longhorn-failed-rebuilding-replica",
        all: &["Failed rebuilding replica with Address"],
        source: "longhorn/longhorn-manager controller/engine_controller.go (\"Failed rebuilding replica with Address %v: %v\"; its log: \"Failed to rebuild replica %v\")",
        example: "Failed rebuilding replica with Address 10.42.2.31:10000: context deadline exceeded",
        ..REBUILD
    },
    Signature {
        id: "longhorn-failed-to-rebuild-replica",
        all: &["Failed to rebuild replica "],
        cased: &["Failed to rebuild replica "],
        source: "longhorn/longhorn-manager controller/engine_controller.go (log.WithError(rebuildErr).Errorf(\"Failed to rebuild replica %v\", addr))",
        example: "level=error msg=\"Failed to rebuild replica 10.52.3.44:10105\" error=\"proxyServer=10.52.1.9:8501 destination=10.52.1.9:10010: failed to add replica\"",
        ..REBUILD
    },
    Signature {
        id: "longhorn-replica-in-err-mode",
        all: &["replica ", " is in ERR mode"],
        cased: &["ERR mode"],
        source: "longhorn/longhorn-manager controller/engine_controller.go (fmt.Errorf(\"replica %v is in ERR mode, which is invalid for rebuilding\", replicaName))",
        example: "replica pvc-3f9e1c2a-r-77e1d0c2 is in ERR mode, which is invalid for rebuilding",
        ..REBUILD
    },
    Signature {
        id: "longhorn-auto-salvaged",
        all: &["AutoSalvaged"],
        cased: &["AutoSalvaged"],
        source: "longhorn/longhorn-manager controller/volume_controller.go (Event Warning EventReasonAutoSalvaged \"Replica %v of volume %v will be automatically salvaged\")",
        example: "  Warning  AutoSalvaged  5m  longhorn-volume-controller  Replica pvc-5e1d2c3b-r-8d7e6f5a of volume pvc-5e1d2c3b will be automatically salvaged",
        ..REBUILD
    },
    Signature {
        id: "longhorn-eviction-failed",
        all: &["EvictionFailed", "volume "],
        cased: &["EvictionFailed"],
        source: "longhorn/longhorn-manager controller/volume_controller.go (Eventf Warning EventReasonEvictionFailed \"volume %v failed to create one more replica\", \"volume %v failed to evict replica %v\")",
        example: "  Warning  EvictionFailed  1m  longhorn-volume-controller  volume pvc-5e1d2c3b failed to evict replica pvc-5e1d2c3b-r-8d7e6f5a",
        ..REBUILD
    },
    Signature {
        id: "longhorn-marked-replica-failed",
        all: &["Marked replica ", " as failed because "],
        source: "longhorn/longhorn-manager controller/volume_controller.go (\"Marked replica %v as failed because %v\": the node deleted, the volume not attached and the instance manager unable to launch the replica, never started on a node down)",
        example: "Marked replica pvc-5e1d2c3b-r-8d7e6f5a as failed because the replica never started on node worker-3 that is down or deleted",
        ..REBUILD
    },
    // a Longhorn node
    Signature {
        id: "longhorn-node-manager-pod-down",
        all: &["ManagerPodDown"],
        cased: &["ManagerPodDown"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (NodeConditionReasonManagerPodDown, controller/node_controller.go)",
        example: "    reason: ManagerPodDown",
        ..NODE_DOWN
    },
    Signature {
        id: "longhorn-node-manager-pod-missing",
        all: &["ManagerPodMissing"],
        cased: &["ManagerPodMissing"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (NodeConditionReasonManagerPodMissing)",
        example: "    reason: ManagerPodMissing",
        ..NODE_DOWN
    },
    Signature {
        id: "longhorn-node-kubernetes-node-gone",
        all: &["KubernetesNodeGone"],
        cased: &["KubernetesNodeGone"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (NodeConditionReasonKubernetesNodeGone)",
        example: "    reason: KubernetesNodeGone",
        ..NODE_DOWN
    },
    Signature {
        id: "longhorn-node-kubernetes-node-not-ready",
        all: &["KubernetesNodeNotReady"],
        cased: &["KubernetesNodeNotReady"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (NodeConditionReasonKubernetesNodeNotReady)",
        example: "    reason: KubernetesNodeNotReady",
        ..NODE_DOWN
    },
    Signature {
        id: "longhorn-node-kubernetes-node-pressure",
        all: &["KubernetesNodePressure"],
        cased: &["KubernetesNodePressure"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (NodeConditionReasonKubernetesNodePressure)",
        example: "    reason: KubernetesNodePressure",
        ..NODE_DOWN
    },
    Signature {
        id: "longhorn-node-unknown-condition-true",
        all: &["UnknownNodeConditionTrue"],
        cased: &["UnknownNodeConditionTrue"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (NodeConditionReasonUnknownNodeConditionTrue)",
        example: "    reason: UnknownNodeConditionTrue",
        ..NODE_DOWN
    },
    Signature {
        id: "longhorn-node-no-mount-propagation",
        all: &["NoMountPropagationSupport"],
        cased: &["NoMountPropagationSupport"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (NodeConditionReasonNoMountPropagationSupport)",
        example: "    reason: NoMountPropagationSupport",
        ..NODE_DOWN
    },
    Signature {
        id: "longhorn-node-kernel-modules-not-loaded",
        all: &["KernelModulesNotLoaded"],
        cased: &["KernelModulesNotLoaded"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (NodeConditionReasonKernelModulesNotLoaded)",
        example: "    reason: KernelModulesNotLoaded",
        ..NODE_DOWN
    },
    Signature {
        id: "longhorn-node-packages-not-installed",
        all: &["PackagesNotInstalled"],
        cased: &["PackagesNotInstalled"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (NodeConditionReasonPackagesNotInstalled)",
        example: "    reason: PackagesNotInstalled",
        ..NODE_DOWN
    },
    Signature {
        id: "longhorn-node-check-kernel-config-failed",
        all: &["CheckKernelConfigFailed"],
        cased: &["CheckKernelConfigFailed"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (NodeConditionReasonCheckKernelConfigFailed)",
        example: "    reason: CheckKernelConfigFailed",
        ..NODE_DOWN
    },
    Signature {
        id: "longhorn-node-nfs-client-not-found",
        all: &["NFSClientIsNotFound"],
        cased: &["NFSClientIsNotFound"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (NodeConditionReasonNFSClientIsNotFound)",
        example: "    reason: NFSClientIsNotFound",
        ..NODE_DOWN
    },
    Signature {
        id: "longhorn-node-nfs-client-misconfigured",
        all: &["NFSClientIsMisconfigured"],
        cased: &["NFSClientIsMisconfigured"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (NodeConditionReasonNFSClientIsMisconfigured)",
        example: "    reason: NFSClientIsMisconfigured",
        ..NODE_DOWN
    },
    Signature {
        id: "longhorn-node-huge-pages-not-configured",
        all: &["HugePagesNotConfigured"],
        cased: &["HugePagesNotConfigured"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (NodeConditionReasonHugePagesNotConfigured)",
        example: "    reason: HugePagesNotConfigured",
        ..NODE_DOWN
    },
    Signature {
        id: "longhorn-node-insufficient-huge-pages",
        all: &["InsufficientHugePages"],
        cased: &["InsufficientHugePages"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (NodeConditionReasonInsufficientHugePages)",
        example: "    reason: InsufficientHugePages",
        ..NODE_DOWN
    },
    Signature {
        id: "longhorn-node-namespace-executor-err",
        all: &["NamespaceExecutorErr"],
        cased: &["NamespaceExecutorErr"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (NodeConditionReasonNamespaceExecutorErr)",
        example: "    reason: NamespaceExecutorErr",
        ..NODE_DOWN
    },
    Signature {
        id: "longhorn-node-multipathd-running",
        all: &["MultipathdIsRunning"],
        cased: &["MultipathdIsRunning"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (NodeConditionReasonMultipathdIsRunning, the Multipathd condition)",
        example: "    reason: MultipathdIsRunning",
        ..NODE_WARNING
    },
    Signature {
        id: "longhorn-node-kubernetes-node-cordoned",
        all: &["KubernetesNodeCordoned"],
        cased: &["KubernetesNodeCordoned"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (NodeConditionReasonKubernetesNodeCordoned, the Schedulable condition)",
        example: "    reason: KubernetesNodeCordoned",
        ..NODE_WARNING
    },
    // a Longhorn disk
    Signature {
        id: "longhorn-disk-filesystem-changed",
        all: &["DiskFilesystemChanged"],
        cased: &["DiskFilesystemChanged"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (DiskConditionReasonDiskFilesystemChanged)",
        example: "        reason: DiskFilesystemChanged",
        ..DISK
    },
    Signature {
        id: "longhorn-disk-no-disk-info",
        all: &["NoDiskInfo"],
        cased: &["NoDiskInfo"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (DiskConditionReasonNoDiskInfo)",
        example: "        reason: NoDiskInfo",
        ..DISK
    },
    Signature {
        id: "longhorn-disk-not-ready",
        all: &["DiskNotReady"],
        cased: &["DiskNotReady"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (DiskConditionReasonDiskNotReady)",
        example: "        reason: DiskNotReady",
        ..DISK
    },
    Signature {
        id: "longhorn-disk-service-unreachable",
        all: &["DiskServiceUnreachable"],
        cased: &["DiskServiceUnreachable"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (DiskConditionReasonDiskServiceUnreachable)",
        example: "        reason: DiskServiceUnreachable",
        ..DISK
    },
    // provisioning: restore, backing image, clone
    Signature {
        id: "longhorn-restore-failure",
        all: &["RestoreFailure"],
        cased: &["RestoreFailure"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/volume.go (VolumeConditionReasonRestoreFailure, \"All replica restore failed and the volume became Faulted\")",
        example: "    reason: RestoreFailure",
        ..PROVISION
    },
    Signature {
        id: "longhorn-replica-failed-restore",
        all: &["replica ", " failed the restore"],
        source: "longhorn/longhorn-manager controller/volume_controller.go (Eventf Warning EventReasonFailedRestore \"replica %v failed the restore: %s\")",
        example: "  Warning  FailedRestore  2m  longhorn-volume-controller  replica pvc-5e1d2c3b-r-8d7e6f5a failed the restore: backup target is unavailable",
        ..PROVISION
    },
    Signature {
        id: "longhorn-get-backing-image-failed",
        all: &["GetBackingImageFailed"],
        cased: &["GetBackingImageFailed"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/volume.go, replica.go (VolumeConditionReasonWaitForBackingImageFailed = \"GetBackingImageFailed\")",
        example: "    reason: GetBackingImageFailed",
        ..PROVISION
    },
    Signature {
        id: "longhorn-backing-image-too-large",
        all: &["BackingImageVirtualSizeTooLarge"],
        cased: &["BackingImageVirtualSizeTooLarge"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/volume.go (VolumeConditionReasonBackingImageVirtualSizeTooLarge, the BackingImageIncompatible condition)",
        example: "    reason: BackingImageVirtualSizeTooLarge",
        ..PROVISION
    },
    Signature {
        id: "longhorn-volume-clone-failed",
        all: &["VolumeCloneFailed", "cannot find the source volume"],
        cased: &["VolumeCloneFailed"],
        source: "longhorn/longhorn-manager constant/events.go (EventReasonVolumeCloneFailed), controller/volume_controller.go (\"cannot find the source volume %v\")",
        example: "  Warning  VolumeCloneFailed  1m  longhorn-volume-controller  cannot find the source volume pvc-1a2b3c4d",
        ..PROVISION
    },
    // an erasure-coded (v2) volume's shards
    Signature {
        id: "longhorn-shard-failed",
        all: &["ShardFailed"],
        cased: &["ShardFailed"],
        source: "longhorn/longhorn-manager controller/shard_group_controller.go (Eventf Warning EventReasonShardFailed \"shard %v (slot %v) of volume %v failed\")",
        example: "  Warning  ShardFailed  2m  longhorn-shard-group-controller  shard pvc-3f9e1c2a-s-2 (slot 2) of volume pvc-3f9e1c2a failed",
        ..DEGRADED
    },
    Signature {
        id: "longhorn-degraded-read-eio",
        all: &["DegradedReadEIO"],
        cased: &["DegradedReadEIO"],
        source: "longhorn/longhorn-manager controller/shard_group_controller.go (Eventf Warning EventReasonDegradedReadEIO \"EC volume %v: %v\")",
        example: "  Warning  DegradedReadEIO  1m  longhorn-shard-group-controller  EC volume pvc-3f9e1c2a: too many shards lost to reconstruct reads",
        title: "an erasure-coded Longhorn volume failed reads with I/O errors",
        cause: "too many shards of the erasure-coded volume are lost to rebuild the data a \
            read asks for: the VM's reads on that volume fail with EIO until shards are back",
        ..ENGINE_LOST
    },
    // a shared (RWX) volume's workload restarted
    Signature {
        id: "longhorn-remount-requested",
        all: &["Requesting workload pod ", " to remount"],
        source: "longhorn/longhorn-manager controller/kubernetes_pod_controller.go (Eventf Warning EventReasonRemount \"Requesting workload pod %v deletion to remount NFS share after unexpected CSI plugin pod %v restart on node %v\")",
        example: "  Warning  Remount  30s  longhorn-kubernetes-pod-controller  Requesting workload pod virt-launcher-vm1-x2x9k deletion to remount NFS share after unexpected CSI plugin pod longhorn-csi-plugin-7kq2d restart on node worker-2",
        ..REBUILD_REMOUNT
    },
    // upkeep of a serving volume
    Signature {
        id: "longhorn-too-many-snapshots",
        all: &["TooManySnapshots"],
        // The condition's type is spelled like its reason, and present while it is False.
        none: &["type"],
        cased: &["TooManySnapshots"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/volume.go (VolumeConditionTypeTooManySnapshots, VolumeConditionReasonTooManySnapshots)",
        example: "    reason: TooManySnapshots",
        ..UPKEEP
    },
    Signature {
        id: "longhorn-failed-expansion",
        all: &["FailedExpansion", " to expand "],
        cased: &["FailedExpansion"],
        source: "longhorn/longhorn-manager controller/engine_controller.go (Eventf Warning EventReasonFailedExpansion \"Engine failed or partially failed to expand the size at %v: %v\"), engine_frontend_controller.go",
        example: "  Warning  FailedExpansion  1m  longhorn-engine-controller  Engine failed or partially failed to expand the size at 2025-03-01T10:00:00Z: no space left on device",
        ..UPKEEP
    },
    Signature {
        id: "longhorn-snapshot-purge-failed",
        all: &["SnapshotPurge"],
        any: &[
            "FailedSnapshotPurge",
            "TimeoutSnapshotPurge",
            "FailedStartingSnapshotPurge",
        ],
        cased: &["SnapshotPurge"],
        source: "longhorn/longhorn-manager constant/events.go (EventReasonFailedSnapshotPurge, TimeoutSnapshotPurge, FailedStartingSnapshotPurge), controller/engine_controller.go, volume_controller.go (\"replica %v failed the snapshot purge: %s\")",
        example: "  Warning  FailedSnapshotPurge  3m  longhorn-volume-controller  replica pvc-5e1d2c3b-r-8d7e6f5a failed the snapshot purge: timeout",
        ..UPKEEP
    },
    Signature {
        id: "longhorn-snapshot-integrity-check-failed",
        all: &["FailedSnapshotDataIntegrityCheck"],
        cased: &["FailedSnapshotDataIntegrityCheck"],
        source: "longhorn/longhorn-manager controller/monitor/snapshot_monitor.go (Eventf Warning EventReasonFailedSnapshotDataIntegrityCheck \"Failed to check the data integrity of snapshot %v for volume %v\")",
        example: "  Warning  FailedSnapshotDataIntegrityCheck  5m  longhorn-snapshot-monitor  Failed to check the data integrity of snapshot snap-01 for volume pvc-5e1d2c3b",
        ..UPKEEP
    },
    Signature {
        id: "longhorn-volume-migration-failed",
        all: &["Volume migration failed unexpectedly"],
        source: "longhorn/longhorn-manager controller/volume_controller.go (Event Warning EventReasonMigrationFailed \"Volume migration failed unexpectedly; detach volume from extra node to resume\")",
        example: "  Warning  MigrationFailed  1m  longhorn-volume-controller  Volume migration failed unexpectedly; detach volume from extra node to resume",
        ..MIGRATION
    },
];
