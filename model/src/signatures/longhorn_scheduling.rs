//! Longhorn refusing to place a replica of a volume on a node's disk: the Scheduled condition of
//! a volume (`VolumeConditionReasonReplicaSchedulingFailure`,
//! `…LocalReplicaSchedulingFailure`, longhorn/longhorn-manager
//! `k8s/pkg/apis/longhorn/v1beta2/volume.go`) and the reasons the replica scheduler gives, which
//! its message and longhorn-manager's log carry (the `ErrorReplicaSchedule…` strings of
//! `k8s/pkg/apis/longhorn/v1beta2/node.go`, appended by `scheduler/replica_scheduler.go` and
//! `controller/volume_controller.go`, "precheck new replica failed: %v", "failed to schedule
//! volume %v, no replica scheduled"). No disk fits the replica: the nodes' storage, broken (a
//! new volume cannot be created or attached; an existing one stays short of replicas). The
//! words that are other programs' too ("insufficient storage", "disks are unavailable") need a
//! word of Longhorn's replica or volume in the line.

use super::Signature;
use super::base::BASE;
use super::longhorn_steps::NODE;
use crate::verdict::{Health, Layer};

/// A replica that cannot be placed on any node's disk.
const SCHEDULING: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    title: "Longhorn could not schedule a replica of the VM's volume on any disk",
    cause: "no node's disk fits a replica of the volume (not enough schedulable space, disks \
        or nodes unavailable or disabled, tags, anti-affinity or the engine image not ready \
        there): a new volume cannot be created or attached, an existing one stays without the \
        replicas it asks for",
    next_steps: NODE,
    ..BASE
};

/// A word of Longhorn's replicas or volumes, for the scheduler's words other programs use too.
const CONTEXT: &[&str] = &["replica", "schedul", "longhorn", "volume"];

pub(super) const TABLE: &[Signature] = &[
    // the Scheduled condition
    Signature {
        id: "longhorn-replica-scheduling-failure",
        all: &["ReplicaSchedulingFailure"],
        none: &["LocalReplicaSchedulingFailure"],
        cased: &["ReplicaSchedulingFailure"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/volume.go (VolumeConditionReasonReplicaSchedulingFailure on the Scheduled condition, controller/volume_controller.go)",
        example: "    reason: ReplicaSchedulingFailure",
        ..SCHEDULING
    },
    Signature {
        id: "longhorn-local-replica-scheduling-failure",
        all: &["LocalReplicaSchedulingFailure"],
        cased: &["LocalReplicaSchedulingFailure"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/volume.go (VolumeConditionReasonLocalReplicaSchedulingFailure: data locality strict-local, no replica on the engine's node)",
        example: "    reason: LocalReplicaSchedulingFailure",
        ..SCHEDULING
    },
    // the scheduler's reasons
    Signature {
        id: "longhorn-schedule-insufficient-storage",
        all: &["insufficient storage"],
        any: CONTEXT,
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (ErrorReplicaScheduleInsufficientStorage = \"insufficient storage\"), scheduler/replica_scheduler.go",
        example: "    message: 'precheck new replica failed: insufficient storage'",
        ..SCHEDULING
    },
    Signature {
        id: "longhorn-schedule-disks-unavailable",
        all: &["disks are unavailable"],
        any: CONTEXT,
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (ErrorReplicaScheduleDiskUnavailable = \"disks are unavailable\"), scheduler/replica_scheduler.go",
        example: "level=debug msg=\"Failed to schedule replica for volume pvc-5e1d2c3b: disks are unavailable\"",
        ..SCHEDULING
    },
    Signature {
        id: "longhorn-schedule-nodes-unavailable",
        all: &["nodes are unavailable"],
        any: CONTEXT,
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (ErrorReplicaScheduleNodeUnavailable = \"nodes are unavailable\")",
        example: "level=debug msg=\"Failed to schedule replica for volume pvc-5e1d2c3b: nodes are unavailable\"",
        ..SCHEDULING
    },
    Signature {
        id: "longhorn-schedule-disk-not-found",
        all: &["disk not found"],
        any: CONTEXT,
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (ErrorReplicaScheduleDiskNotFound = \"disk not found\")",
        example: "    message: 'replica pvc-5e1d2c3b-r-8d7e6f5a: disk not found'",
        ..SCHEDULING
    },
    Signature {
        id: "longhorn-schedule-tags-not-fulfilled",
        all: &["tags not fulfilled"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (ErrorReplicaScheduleTagsNotFulfilled = \"tags not fulfilled\")",
        example: "    message: 'precheck new replica failed: tags not fulfilled'",
        ..SCHEDULING
    },
    Signature {
        id: "longhorn-schedule-hard-affinity",
        all: &["hard affinity cannot be satisfied"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (ErrorReplicaScheduleHardNodeAffinityNotSatisfied)",
        example: "    message: 'precheck new replica failed: hard affinity cannot be satisfied'",
        ..SCHEDULING
    },
    Signature {
        id: "longhorn-schedule-topology",
        all: &["topology requirement cannot be satisfied"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (ErrorReplicaScheduleTopologyNotSatisfied)",
        example: "    message: 'precheck new replica failed: topology requirement cannot be satisfied'",
        ..SCHEDULING
    },
    Signature {
        id: "longhorn-schedule-engine-image-not-ready",
        all: &["none of the node candidates contains a ready engine image"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (ErrorReplicaScheduleEngineImageNotReady)",
        example: "    message: 'replica scheduling failed: none of the node candidates contains a ready engine image'",
        ..SCHEDULING
    },
    Signature {
        id: "longhorn-schedule-linked-clone",
        all: &["linked clone replica cannot be satisfied"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (ErrorReplicaScheduleLinkedCloneNotSatisfied)",
        example: "    message: 'precheck new replica failed: linked clone replica cannot be satisfied'",
        ..SCHEDULING
    },
    Signature {
        id: "longhorn-schedule-precheck-failed",
        all: &["precheck new replica failed"],
        source: "longhorn/longhorn-manager controller/volume_controller.go (Scheduled False ReplicaSchedulingFailure, \"precheck new replica failed: %v\")",
        example: "    message: precheck new replica failed",
        ..SCHEDULING
    },
    Signature {
        id: "longhorn-schedule-replica-scheduling-failed",
        all: &["replica scheduling failed"],
        source: "longhorn/longhorn-manager k8s/pkg/apis/longhorn/v1beta2/node.go (ErrorReplicaScheduleSchedulingFailed = \"replica scheduling failed\"), controller/volume_controller.go",
        example: "    message: replica scheduling failed",
        ..SCHEDULING
    },
    Signature {
        id: "longhorn-schedule-no-replica-scheduled",
        all: &["no replica scheduled"],
        source: "longhorn/longhorn-manager controller/volume_controller.go (\"failed to schedule volume %v, no replica scheduled\")",
        example: "failed to schedule volume pvc-5e1d2c3b, no replica scheduled",
        ..SCHEDULING
    },
];
