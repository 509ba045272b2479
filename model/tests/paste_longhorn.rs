//! Mechanism (A) of the fresh corpus's misses (`fixtures/fresh/README.md`, "Longhorn's
//! vocabulary"): Longhorn's own failure words, read from its source (longhorn/longhorn-manager
//! `k8s/pkg/apis/longhorn/v1beta2/*.go`, `constant/events.go`, `controller/*.go`, `csi/*.go`,
//! `scheduler/replica_scheduler.go`; longhorn/longhorn-engine; longhorn/longhorn-instance-manager)
//! in `signatures/longhorn_reasons.rs`, `longhorn_scheduling.rs`, `longhorn_csi.rs` and
//! `longhorn_engine.rs`. Each test pastes members of that vocabulary in the shapes an operator
//! copies (describe, events, YAML, `kubectl get`, logs), never a batch item's lines; the guards
//! paste a healthy Longhorn.

#[path = "support/blame.rs"]
mod support_blame;

use model::verdict::{Health, Layer};
use support_blame::{blame, layer};

fn longhorn_volume_yaml(conditions: &str, robustness: &str, state: &str) -> String {
    format!(
        "apiVersion: longhorn.io/v1beta2\nkind: Volume\nmetadata:\n  name: pvc-3f9e1c2a-8b7d-4e6f-a5b4-c3d2e1f0a9b8\n  \
         namespace: longhorn-system\nspec:\n  numberOfReplicas: 3\n  size: \"21474836480\"\nstatus:\n  \
         conditions:\n{conditions}  robustness: {robustness}\n  state: {state}\n"
    )
}

#[test]
fn a_volume_whose_replicas_no_disk_fits_is_the_nodes_storage() {
    for message in [
        "precheck new replica failed: insufficient storage",
        "replica scheduling failed: tags not fulfilled",
        "precheck new replica failed: hard affinity cannot be satisfied",
    ] {
        let conditions = format!(
            "  - lastProbeTime: \"\"\n    lastTransitionTime: \"2025-06-02T08:11:40Z\"\n    \
             message: '{message}'\n    reason: ReplicaSchedulingFailure\n    status: \"False\"\n    \
             type: Scheduled\n"
        );
        let paste = longhorn_volume_yaml(&conditions, "unknown", "detached");
        let (l, _, text) = blame(&paste);
        assert_eq!(l, Some(Layer::Node), "{text}");
        assert!(
            text.contains("Longhorn could not schedule a replica"),
            "{text}"
        );
    }
}

#[test]
fn longhorns_warning_events_about_the_engine_and_replicas_are_the_nodes() {
    for (reason, message, title) in [
        (
            "DetachedUnexpectedly",
            "Engine of volume pvc-3f9e1c2a dead unexpectedly, setting v.Status.Robustness to faulted",
            "the Longhorn engine of the VM's volume stopped while attached",
        ),
        (
            "FailedRebuilding",
            "Failed rebuilding replica with Address 10.52.3.44:10105: rpc error: code = Unknown desc = failed to sync files",
            "Longhorn could not rebuild or move a replica",
        ),
        (
            "AutoSalvaged",
            "Replica pvc-3f9e1c2a-r-77e1d0c2 of volume pvc-3f9e1c2a will be automatically salvaged",
            "Longhorn could not rebuild or move a replica",
        ),
    ] {
        let paste = format!(
            "LAST SEEN   TYPE      REASON                 OBJECT                                        MESSAGE\n\
             4m          Warning   {reason}   volume/pvc-3f9e1c2a   {message}\n"
        );
        let (l, _, text) = blame(&paste);
        assert_eq!(l, Some(Layer::Node), "{text}");
        assert!(text.contains(title), "{reason}: {text}");
    }
}

#[test]
fn the_csi_driver_refusing_to_stage_a_volume_is_the_nodes_storage() {
    for message in [
        "MountVolume.MountDevice failed for volume \"pvc-3f9e1c2a\" : rpc error: code = InvalidArgument desc = volume pvc-3f9e1c2a hasn't been attached yet",
        "MountVolume.MountDevice failed for volume \"pvc-3f9e1c2a\" : rpc error: code = Internal desc = failed to evaluate device filesystem /dev/longhorn/pvc-3f9e1c2a format: exit status 1",
        "MapVolume.SetUpDevice failed for volume \"pvc-3f9e1c2a\" : rpc error: code = Aborted desc = volume pvc-3f9e1c2a share not yet available",
    ] {
        let paste = format!(
            "Events:\n  Type     Reason       Age                From     Message\n  \
             ----     ------       ----               ----     -------\n  \
             Warning  FailedMount  12s (x9 over 4m)   kubelet  {message}\n"
        );
        let (l, _, text) = blame(&paste);
        assert_eq!(l, Some(Layer::Node), "{text}");
        assert!(
            text.contains("Longhorn's CSI driver could not attach or mount"),
            "{text}"
        );
    }
}

#[test]
fn the_engine_with_no_replica_left_is_broken_and_one_dropped_is_degraded() {
    let none_left = "time=\"2025-06-02T08:20:13Z\" level=error msg=\"I/O error\" func=\"controller.(*Controller).handleErrorNoLock\" error=\"no backend available\"\n";
    let (l, _, text) = blame(none_left);
    assert_eq!(l, Some(Layer::Node), "{text}");
    assert!(text.contains("has no replica left to serve"), "{text}");

    let dropped = "time=\"2025-06-02T08:19:58Z\" level=error msg=\"R/W Timeout. No response received in 8s\" func=\"dataconn.(*Client).handleTimeout\"\n\
        time=\"2025-06-02T08:19:58Z\" level=error msg=\"Setting replica tcp://10.52.3.44:10105 to ERR\" func=\"controller.(*Controller).handleErrorNoLock\" error=\"r/w timeout\"\n";
    let (l, _, text) = blame(dropped);
    assert_eq!(l, Some(Layer::Node), "{text}");
    assert!(text.contains("dropped a replica"), "{text}");
    let a = model::input::analyse(dropped, None).expect("read");
    assert_eq!(a.verdict().health, Health::Degraded, "{text}");
}

#[test]
fn a_longhorn_node_lacking_what_longhorn_needs_is_the_nodes() {
    for (ty, reason) in [
        ("KernelModulesLoaded", "KernelModulesNotLoaded"),
        ("RequiredPackages", "PackagesNotInstalled"),
        ("Ready", "ManagerPodDown"),
    ] {
        let paste = format!(
            "apiVersion: longhorn.io/v1beta2\nkind: Node\nmetadata:\n  name: worker-4\n  \
             namespace: longhorn-system\nstatus:\n  conditions:\n  - lastProbeTime: \"\"\n    \
             lastTransitionTime: \"2025-06-01T11:02:09Z\"\n    message: 'see the node's {ty} check'\n    \
             reason: {reason}\n    status: \"False\"\n    type: {ty}\n"
        );
        assert_eq!(layer(&paste), Some(Layer::Node), "{paste}");
    }
}

#[test]
fn a_faulted_volume_in_longhorns_listing_is_the_nodes_and_degraded_stays_degraded() {
    let faulted = "NAME                                       DATA ENGINE   STATE      ROBUSTNESS   SCHEDULED   SIZE          NODE       AGE\n\
        pvc-3f9e1c2a-8b7d-4e6f-a5b4-c3d2e1f0a9b8   v1            detached   faulted      True        21474836480              88d\n";
    let (l, _, text) = blame(faulted);
    assert_eq!(l, Some(Layer::Node), "{text}");
    assert!(
        text.contains("a Longhorn volume under the VM's disk faulted"),
        "{text}"
    );

    let degraded = "NAME                                       DATA ENGINE   STATE      ROBUSTNESS   SCHEDULED   SIZE          NODE       AGE\n\
        pvc-3f9e1c2a-8b7d-4e6f-a5b4-c3d2e1f0a9b8   v1            attached   degraded     True        21474836480   worker-4   88d\n";
    let (l, _, text) = blame(degraded);
    assert_eq!(l, Some(Layer::Node), "{text}");
    assert!(text.contains("runs degraded"), "{text}");
    let a = model::input::analyse(degraded, None).expect("read");
    assert_eq!(a.verdict().health, Health::Degraded, "{text}");
}

#[test]
fn a_volume_not_filled_from_its_backing_image_is_not_provisioned() {
    let conditions = "  - lastProbeTime: \"\"\n    lastTransitionTime: \"2025-06-02T08:11:40Z\"\n    \
        message: 'failed to get backing image default-image-x7q2m: backingimage.longhorn.io \"default-image-x7q2m\" not found'\n    \
        reason: GetBackingImageFailed\n    status: \"True\"\n    type: WaitForBackingImage\n";
    let paste = longhorn_volume_yaml(conditions, "unknown", "detached");
    let (l, _, text) = blame(&paste);
    assert_eq!(l, Some(Layer::ControlPlane), "{text}");
}

// Guards: a healthy Longhorn.

#[test]
fn a_healthy_longhorn_listing_blames_nothing() {
    let paste = "NAME                                       DATA ENGINE   STATE      ROBUSTNESS   SCHEDULED   SIZE          NODE       AGE\n\
        pvc-3f9e1c2a-8b7d-4e6f-a5b4-c3d2e1f0a9b8   v1            attached   healthy      True        21474836480   worker-4   88d\n\
        pvc-0d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6   v1            detached   unknown      True        10737418240              12d\n";
    assert_eq!(layer(paste), None, "{paste}");
}

#[test]
fn a_healthy_volume_and_node_yaml_blames_nothing() {
    let conditions = "  - lastProbeTime: \"\"\n    lastTransitionTime: \"2025-06-02T08:11:40Z\"\n    \
        message: \"\"\n    reason: \"\"\n    status: \"True\"\n    type: Scheduled\n  \
        - lastProbeTime: \"\"\n    lastTransitionTime: \"2025-06-02T08:11:40Z\"\n    message: \"\"\n    \
        reason: \"\"\n    status: \"False\"\n    type: TooManySnapshots\n";
    let paste = longhorn_volume_yaml(conditions, "healthy", "attached");
    assert_eq!(layer(&paste), None, "{paste}");
}

#[test]
fn longhorns_normal_events_blame_nothing() {
    let paste = "LAST SEEN   TYPE     REASON     OBJECT                MESSAGE\n\
        9m          Normal   Attached   volume/pvc-3f9e1c2a   volume pvc-3f9e1c2a has been attached to worker-4\n\
        8m          Normal   Rebuilt    engine/pvc-3f9e1c2a-e-0   Replica pvc-3f9e1c2a-r-77e1d0c2 with Address 10.52.3.44:10105 has been rebuilt for volume pvc-3f9e1c2a\n\
        8m          Normal   Healthy    volume/pvc-3f9e1c2a   volume pvc-3f9e1c2a became healthy\n";
    assert_eq!(layer(paste), None, "{paste}");
}

/// Every Longhorn entry speaks Japanese, and every broken one has its own remedy (the
/// controller and instance services unreachable keep the layer's general one).
#[test]
fn each_longhorn_entry_has_japanese_and_each_broken_one_a_remedy() {
    use model::explain::Subject;
    let subject = Subject::default();
    let general = [
        "longhorn-engine-controller-service-unreachable",
        "longhorn-instance-service-unreachable",
        "longhorn-disk-service-unreachable-client",
        "longhorn-robustness-unknown",
        "longhorn-failed-starting",
        "longhorn-instance-creation-failure",
    ];
    let mut n = 0;
    for s in model::signatures::catalogue() {
        if !s.id.starts_with("longhorn-") {
            continue;
        }
        n += 1;
        let r = model::remedy::signals::for_signature(s.id, &subject);
        if s.health == Health::Broken && !general.contains(&s.id) {
            assert!(!r.is_empty(), "{} has no remedy", s.id);
        }
        let steps = s.next_steps.iter().copied();
        for text in r
            .iter()
            .map(String::as_str)
            .chain([s.title, s.cause])
            .chain(steps)
        {
            assert!(
                model::i18n::ja(text).is_some(),
                "{}: no Japanese for {text}",
                s.id
            );
        }
    }
    assert!(n >= 70, "{n} Longhorn entries");
}

#[test]
fn the_kernel_losing_the_iscsi_session_under_a_volume_is_the_nodes() {
    let paste = "[Tue Jun  3 02:11:40 2025]  connection7:0: detected conn error (1020)\n\
        [Tue Jun  3 02:13:40 2025]  session7: session recovery timed out after 120 secs\n\
        [Tue Jun  3 02:13:40 2025] sd 9:0:0:1: rejecting I/O to offline device\n";
    let (l, _, text) = blame(paste);
    assert_eq!(l, Some(Layer::Node), "{text}");
    assert!(
        text.contains("iSCSI session to a volume's target was lost"),
        "{text}"
    );
    for s in model::signatures::catalogue() {
        if s.id.starts_with("iscsi-") || s.id == "scsi-device-offlined" {
            for text in [s.title, s.cause]
                .into_iter()
                .chain(s.next_steps.iter().copied())
            {
                assert!(model::i18n::ja(text).is_some(), "{}: {text}", s.id);
            }
        }
    }
}
