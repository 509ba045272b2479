//! Round 5 of reading what people paste, by category, each input shaped after the source that
//! prints it (not copied from a thread):
//!
//! 1. `kubectl get` rows without their header whose alignment was lost (single spaces), and
//!    events rows without their header;

use model::evidence::SignalPlane;
use model::input::{Analysis, analyse};
use model::verdict::Layer;

fn read(paste: &str) -> Analysis {
    analyse(paste, None).unwrap_or_else(|e| panic!("cannot read: {e}\n{paste}"))
}

/// The verdict's layer and plane.
fn blame(paste: &str) -> (Option<Layer>, Option<SignalPlane>, String) {
    let v = read(paste).verdict();
    (v.layer, v.plane, v.title)
}

// ---- 1. rows without their header ----

#[test]
fn pod_rows_whose_alignment_collapsed_to_single_spaces_are_read() {
    // printPod: NAME READY STATUS RESTARTS AGE, padding lost.
    let healthy = "```\nvirt-launcher-db-a1b2c 0/1 Completed 0 40m\n\
        virt-launcher-db-d3e4f 1/1 Running 0 2m\n```\n";
    assert_eq!(blame(healthy).0, None);
    let broken = "virt-launcher-db-a1b2c 0/1 CrashLoopBackOff 7 40m\n\
        virt-launcher-web-d3e4f 1/1 Running 0 2m\n";
    assert_eq!(blame(broken).0, Some(Layer::Node), "{broken}");
}

#[test]
fn event_rows_without_their_header_are_read_by_type_and_object() {
    // printEvent: LAST SEEN TYPE REASON OBJECT MESSAGE (core/v1 EventTypeNormal/Warning).
    let healthy = "3m    Normal   SuccessfulCreate   virtualmachineinstance/db   Created virtual machine pod virt-launcher-db-x1y2z\n\
        2m    Normal   Started            virtualmachine/db           Started the virtual machine by creating the new virtual machine instance db\n";
    assert_eq!(blame(healthy).0, None);
    let ns = "vms   3m   Warning   FailedScheduling   pod/virt-launcher-db-x1y2z   0/3 nodes are available: 3 Insufficient memory.\n";
    assert!(
        read(ns)
            .blocks
            .iter()
            .any(|b| b.format == model::view::BlockFormat::Table)
    );
    assert_eq!(blame(ns).0, Some(Layer::Node), "{ns}");
}
