//! Readings of state (`input/state.rs`, the fresh README's "State readings"): a paste without a
//! line that states a failure, whose objects' state is the fault by how long it has lasted.
//! Every input is synthetic, shaped after what CDI records and kubectl prints (CDI's
//! `DataVolumePhase` and the datavolume controller's events, kubectl's describe event rows and
//! `get dv` columns), never copied from a batch item.

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::Layer;
use support_blame::blame;

const STEP_TITLE: &str = "a DataVolume has stayed in a step that moves no data";

/// A describe's events of a DataVolume whose newest event is `reason`, `age` ago (after its
/// `Pending` 50 minutes ago).
fn dv_events(reason: &str, age: &str, message: &str) -> String {
    format!(
        "Events:\n  Type    Reason           Age    From                   Message\n  ----    ------           ----   ----                   -------\n  Normal  Pending          50m    datavolume-controller  PVC disk-a Pending\n  Normal  {reason}  {age}  datavolume-controller  {message}\n"
    )
}

#[test]
fn a_datavolume_stuck_in_a_step_that_moves_no_data_is_the_control_planes() {
    for (reason, msg) in [
        (
            "SnapshotForSmartCloneInProgress",
            "Creating snapshot for smart-clone is in progress (for pvc ns1/src)",
        ),
        (
            "CSICloneInProgress",
            "CSI Volume clone in progress (for pvc ns1/src)",
        ),
        ("ImportScheduled", "Import into disk-a scheduled"),
        ("ExpansionInProgress", "PVC expansion in progress"),
    ] {
        let (l, _, text) = blame(&dv_events(reason, "42m", msg));
        assert_eq!(l, Some(Layer::ControlPlane), "{reason}: {text}");
        assert!(text.contains(STEP_TITLE), "{text}");
    }
}

#[test]
fn a_young_step_a_step_that_moves_data_or_a_later_event_is_no_fault() {
    // Younger than the "stuck in a phase" limit.
    let young = dv_events("SnapshotForSmartCloneInProgress", "2m", "Creating snapshot");
    // Steps that transfer data may rightly last long.
    let importing = dv_events("ImportInProgress", "42m", "Import into disk-a in progress");
    let uploading = dv_events("UploadReady", "42m", "Upload into disk-a ready");
    // A newer event after the step: it ended.
    let done = format!(
        "{}  Normal  ImportSucceeded  3m  datavolume-controller  Successfully imported into PVC disk-a\n",
        dv_events("ImportScheduled", "42m", "Import into disk-a scheduled")
    );
    for paste in [young, importing, uploading, done] {
        let (l, _, text) = blame(&paste);
        assert_eq!(l, None, "{paste}\n{text}");
        assert!(!text.contains(STEP_TITLE), "{text}");
    }
}

#[test]
fn a_datavolume_row_stuck_in_a_snapshot_step_is_stuck_before_its_population() {
    let stuck = "$ kubectl get dv -n ns1\nNAME     PHASE                             PROGRESS   RESTARTS   AGE\ndisk-a   SnapshotForSmartCloneInProgress   N/A        0          45m\n";
    let (l, _, text) = blame(stuck);
    assert_eq!(l, Some(Layer::ControlPlane), "{text}");
    let young = stuck.replace("45m", "90s");
    let (l, _, text) = blame(&young);
    assert_eq!(l, None, "{text}");
}

const PRE_DRAIN_TITLE: &str = "the node's upgrade still waits for its VMs";

#[test]
fn a_paste_ending_inside_the_pre_drain_wait_is_the_migrations() {
    // Harvester's package/upgrade/upgrade_node.sh under `set -x`, the loop still running.
    for paste in [
        "+ vm_count=2\n+ '[' 2 = 0 ']'\n+ echo 'Waiting for VM live-migration or shutdown...(2 left)'\nWaiting for VM live-migration or shutdown...(2 left)\n+ sleep 5\n+ retries=12\n",
        "Waiting for VM live-migration or shutdown...(count: 1)\nWaiting for VM live-migration or shutdown...(count: 1)\n",
    ] {
        let (l, p, text) = blame(paste);
        assert_eq!(l, Some(Layer::Migration), "{text}");
        assert_eq!(p, Some(model::evidence::SignalPlane::Control), "{text}");
        assert!(text.contains(PRE_DRAIN_TITLE), "{text}");
    }
}

#[test]
fn a_pre_drain_wait_that_ended_is_no_fault() {
    let done = "Waiting for VM live-migration or shutdown...(count: 1)\nall VMs on node node-1 have been live-migrated or shutdown\nStop upgrade repo VM: upgrade-repo-hvst-upgrade-abcde\n";
    let (l, _, text) = blame(done);
    assert!(!text.contains(PRE_DRAIN_TITLE), "{text}");
    assert_ne!(l, Some(Layer::Migration), "{text}");
}
