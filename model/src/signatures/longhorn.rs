//! Longhorn's words for the replicated volume under a VM's disk failing, as longhorn-manager
//! records them (Warning events with reason `Faulted`, shown by `kubectl get events`, `kubectl
//! describe` or longhorn-manager's own log of the events it records): its engine monitor
//! (longhorn/longhorn-manager `controller/engine_controller.go`, replica mode `ERR`: "Detected
//! replica %v (%v) in error", "Detected replica %v (%v) faulted" in older releases; a checksum
//! mismatch: "Detected corrupted replica %v") and its volume controller
//! (`controller/volume_controller.go`, robustness `faulted` once no healthy replica is left:
//! "volume %v became faulted", and the volume is detached). Longhorn's replicas live on the
//! nodes' disks, served by each node's instance manager: the node's storage, as the corpus
//! conventions read Longhorn's managers (`components.rs`, `input/panic_owner.rs`). A replica
//! in error with others healthy leaves the volume degraded; a faulted volume is lost to its VM.

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

pub(super) const FAULTED: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    title: "a Longhorn volume under the VM's disk faulted",
    cause: "Longhorn found no healthy replica left for the volume (each replica on a node's \
        disk failed or was stopped) and detached it: the VM's disk is gone until a replica is \
        salvaged; the nodes' disks, their instance managers or the network between them failed",
    next_steps: &[
        "kubectl get volumes.longhorn.io,replicas.longhorn.io -n longhorn-system (robustness, state, node)",
        "kubectl logs -n longhorn-system <longhorn-manager pod on the replicas' nodes>",
        "check the nodes' disks (df -h, dmesg) under the Longhorn data path",
    ],
    source: "longhorn/longhorn-manager controller/volume_controller.go (\"volume %v became \
        faulted\"); controller/engine_controller.go (\"Detected replica %v (%v) in error\", \
        \"Detected corrupted replica %v\")",
    ..BASE
};

const REPLICA: Signature = Signature {
    health: Health::Degraded,
    title: "a Longhorn replica of the VM's volume failed",
    cause: "Longhorn's engine found a replica of the volume in error (its node's disk, \
        instance manager or the network to it failed, or its data no longer matches): the \
        volume runs degraded on the replicas left and faults when none is left",
    ..FAULTED
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "longhorn-volume-faulted",
        all: &["volume ", " became faulted"],
        example: "Warning  Faulted  2m  longhorn-volume-controller  volume pvc-0c2f4e1a-6f3b-4c55-9a8e-1f2d3c4b5a69 became faulted",
        ..FAULTED
    },
    Signature {
        id: "longhorn-replica-in-error",
        all: &["Detected replica ", ") in error"],
        example: "Warning  Faulted  2m  longhorn-engine-controller  Detected replica pvc-0c2f4e1a-r-1a2b3c4d (10.42.1.17:10000) in error",
        ..REPLICA
    },
    Signature {
        id: "longhorn-replica-faulted",
        all: &["Detected replica ", ") faulted"],
        example: "Detected replica pvc-0c2f4e1a-r-1a2b3c4d (10.42.1.17) faulted",
        ..REPLICA
    },
    Signature {
        id: "longhorn-replica-corrupted",
        all: &["Detected corrupted replica "],
        example: "Warning  Faulted  2m  longhorn-engine-controller  Detected corrupted replica tcp://10.42.1.17:10000",
        ..REPLICA
    },
];
