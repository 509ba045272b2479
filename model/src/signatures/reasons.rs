//! WHO records a Warning event, by its REASON word, for the reader of last resort
//! (`input::last_resort`) when the row names no recorder (`kubectl get events` prints none) and
//! KubeVirt's generated catalogue does not know the reason:
//! - the kubelet's reasons (`pkg/kubelet/events/event.go` in kubernetes/kubernetes: container,
//!   image, volume, sandbox, probe, node and garbage-collection failures), its eviction manager's
//!   `Evicted` (`pkg/kubelet/eviction/eviction_manager.go`) and OOM watcher's `SystemOOM`
//!   (`pkg/kubelet/oom/oom_watcher_linux.go`): the node;
//! - the attach/detach controller's volume reasons (`pkg/controller/volume/attachdetach`): the
//!   pod's volume on its node;
//! - the node lifecycle controller's `NodeNotReady` and the taint eviction's
//!   `TaintManagerEviction` (`pkg/controller/nodelifecycle`, `pkg/controller/tainteviction`): the
//!   node;
//! - the scheduler's `FailedScheduling` (`pkg/scheduler/schedule_one.go`): no node fits the pod,
//!   the nodes' capacity by the corpus conventions (a launcher unschedulable for lack of node
//!   resources is the node);
//! - the workload and volume controllers' `FailedCreate`, `FailedDelete`, `FailedBinding`,
//!   `ProvisioningFailed`, `VolumeFailedDelete` (`pkg/controller/replicaset`,
//!   `pkg/controller/volume/persistentvolume`): the control plane;
//! - for an event its recorder logged, the reasons KubeVirt's and CDI's controllers record,
//!   from the generated catalogues (`explain/generated`: the recording file's component).

use crate::verdict::Layer;

/// Reason → (recorder, layer).
const REASONS: &[(&str, &str, Layer)] = &[
    ("Failed", "kubelet", Layer::Node),
    ("BackOff", "kubelet", Layer::Node),
    ("ExceededGracePeriod", "kubelet", Layer::Node),
    ("InspectFailed", "kubelet", Layer::Node),
    ("ErrImageNeverPull", "kubelet", Layer::Node),
    (
        "NodeNotReady",
        "kubelet or node lifecycle controller",
        Layer::Node,
    ),
    ("NodeNotSchedulable", "kubelet", Layer::Node),
    ("KubeletSetupFailed", "kubelet", Layer::Node),
    ("FailedMount", "kubelet", Layer::Node),
    ("FailedUnMount", "kubelet", Layer::Node),
    ("FailedMapVolume", "kubelet", Layer::Node),
    ("FailedUnmapDevice", "kubelet", Layer::Node),
    ("HostPortConflict", "kubelet", Layer::Node),
    ("InsufficientFreeCPU", "kubelet", Layer::Node),
    ("InsufficientFreeMemory", "kubelet", Layer::Node),
    ("OutOfDisk", "kubelet", Layer::Node),
    ("Rebooted", "kubelet", Layer::Node),
    ("Shutdown", "kubelet", Layer::Node),
    ("ContainerGCFailed", "kubelet", Layer::Node),
    ("ImageGCFailed", "kubelet", Layer::Node),
    ("InvalidDiskCapacity", "kubelet", Layer::Node),
    ("FreeDiskSpaceFailed", "kubelet", Layer::Node),
    ("Unhealthy", "kubelet", Layer::Node),
    ("FailedSync", "kubelet", Layer::Node),
    ("FailedPostStartHook", "kubelet", Layer::Node),
    ("FailedPreStopHook", "kubelet", Layer::Node),
    ("FailedCreatePodSandBox", "kubelet", Layer::Node),
    ("FailedPodSandBoxStatus", "kubelet", Layer::Node),
    ("FailedKillPod", "kubelet", Layer::Node),
    ("FailedCreatePodContainer", "kubelet", Layer::Node),
    ("NetworkNotReady", "kubelet", Layer::Node),
    ("VolumeResizeFailed", "kubelet", Layer::Node),
    ("FileSystemResizeFailed", "kubelet", Layer::Node),
    ("FailedNodeAllocatableEnforcement", "kubelet", Layer::Node),
    ("Evicted", "kubelet eviction manager", Layer::Node),
    (
        "EvictionThresholdMet",
        "kubelet eviction manager",
        Layer::Node,
    ),
    ("SystemOOM", "kubelet OOM watcher", Layer::Node),
    (
        "FailedAttachVolume",
        "attach/detach controller",
        Layer::Node,
    ),
    (
        "FailedDetachVolume",
        "attach/detach controller",
        Layer::Node,
    ),
    (
        "TaintManagerEviction",
        "taint eviction controller",
        Layer::Node,
    ),
    ("FailedScheduling", "kube-scheduler", Layer::Node),
    ("FailedCreate", "a workload controller", Layer::ControlPlane),
    ("FailedDelete", "a workload controller", Layer::ControlPlane),
    (
        "FailedBinding",
        "the persistent volume controller",
        Layer::ControlPlane,
    ),
    (
        "ProvisioningFailed",
        "the volume provisioner",
        Layer::ControlPlane,
    ),
    (
        "VolumeFailedDelete",
        "the persistent volume controller",
        Layer::ControlPlane,
    ),
];

/// The recorder and layer of a Warning event's `reason`.
pub fn recorder(reason: &str) -> Option<(&'static str, Layer)> {
    REASONS
        .iter()
        .find(|(r, ..)| *r == reason)
        .map(|(_, who, layer)| (*who, *layer))
}

/// A reason KubeVirt's or CDI's controllers record, from the generated catalogues (the
/// component of the file that records it, and that package's layer). Only for an event its
/// recorder logged (the log is the recorder's own): a `kubectl get events` row with such a
/// reason on another object says nothing (`tests/paste_round2.rs`).
pub fn generated_recorder(reason: &str) -> Option<(&'static str, Layer)> {
    use crate::explain::generated::{self, Kind};
    let e = generated::event_reason(reason).or_else(|| {
        generated::data_volume_value(reason)
            .iter()
            .find(|e| e.kind == Kind::DataVolumeReason)
    })?;
    Some((e.component.as_str(), super::fallback::layer_of(e.layer)))
}

/// The reason cell of a Warning event row: the cell after `Warning`.
pub fn warning_reason(line: &str) -> Option<&str> {
    let mut cells = line.split_whitespace();
    cells.by_ref().take(3).find(|c| *c == "Warning")?;
    cells.next()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_names_its_recorder() {
        assert_eq!(recorder("FailedMount"), Some(("kubelet", Layer::Node)));
        assert_eq!(recorder("Scheduled"), None);
        assert_eq!(
            warning_reason("5m  Warning  FailedMount  pod/x  MountVolume.SetUp failed"),
            Some("FailedMount")
        );
    }
}
