//! Mechanisms (G) and (B) of the fresh corpus's README ("Mechanisms (G) and (B)"): how the
//! reader weighs a failed object's own status against the paste's evidence of where its cause
//! is, and a state that is a relation between objects. Every paste is built from KubeVirt's
//! semantics (the source file each reader cites), never from a batch item's lines.
//!
//! - **a VMI Failed after the paste deletes its launcher pod** (`input/deleted_launcher.rs`):
//!   KubeVirt sets a VMI whose pod is gone to Failed (`pkg/virt-controller/watch/vmi/
//!   lifecycle.go`); the phase is the deletion's outcome, not the node's fault;
//! - **a Failed migration's plane from the same VMI's other migrations**
//!   (`input/failed_plane.rs`): a final phase says nothing of where the migration stopped; the
//!   VMI's migration still waiting for its target (the control plane) or transferring (the data
//!   plane) says where its migrations stop;
//! - **a table header glued to a `-o jsonpath` output** (`input/glued.rs`): kubectl prints a
//!   template's output with no newline, so the next command's header starts on its line; the
//!   header is read where it starts and the table under it is read.

#[path = "support/blame.rs"]
mod support_blame;

use model::evidence::SignalPlane;
use model::verdict::Layer;
use support_blame::{blame, layer};

const VMI_FAILED: &str = "NAME     AGE   PHASE    IP            NODENAME   READY
web-01   12m   Failed   10.244.1.17   worker-2   False
";

#[test]
fn a_vmi_failed_after_its_launcher_pod_was_deleted_is_not_the_nodes() {
    for command in [
        "$ kubectl delete pod virt-launcher-web-01-k7x2q -n shop\npod \"virt-launcher-web-01-k7x2q\" deleted\n",
        "$ oc -n shop delete pod/virt-launcher-web-01-k7x2q\npod \"virt-launcher-web-01-k7x2q\" deleted\n",
    ] {
        let paste = format!("{command}$ kubectl get vmi -n shop\n{VMI_FAILED}");
        let (l, _, text) = blame(&paste);
        assert_eq!(l, Some(Layer::ControlPlane), "{text}");
        assert!(
            text.contains("after its launcher pod was deleted"),
            "{text}"
        );
    }
}

#[test]
fn a_failed_vmi_without_a_deletion_keeps_the_nodes_reading() {
    // No delete, a delete of another VMI's launcher, or another verb on this one: the Failed
    // phase keeps its reading (the domain or its pod ended on the node).
    for command in [
        "",
        "$ kubectl delete pod virt-launcher-db-02-p9w4z -n shop\n",
        "$ kubectl logs virt-launcher-web-01-k7x2q -n shop\n",
    ] {
        let paste = format!("{command}$ kubectl get vmi -n shop\n{VMI_FAILED}");
        assert_eq!(layer(&paste), Some(Layer::Node), "{paste}");
    }
}

const FAILED_MIGRATIONS: &str = "NAMESPACE   NAME                        PHASE             VMI
lab         kubevirt-evacuation-4kq2m   Failed            db-01
lab         kubevirt-evacuation-9wz7c   Failed            db-01
";

#[test]
fn failed_migrations_take_the_plane_of_the_same_vmis_waiting_one() {
    for (waiting, plane) in [
        ("Pending", SignalPlane::Control),
        ("Scheduling", SignalPlane::Control),
        ("PreparingTarget", SignalPlane::Control),
    ] {
        let paste = format!(
            "$ kubectl get vmim -A\n{FAILED_MIGRATIONS}lab         kubevirt-evacuation-x2r8d   {waiting:<17} db-01\n"
        );
        let (l, p, text) = blame(&paste);
        assert_eq!(l, Some(Layer::Migration), "{text}");
        assert_eq!(p, Some(plane), "{waiting}: {text}");
    }
}

#[test]
fn a_failed_migration_alone_or_beside_another_vmis_keeps_no_plane() {
    // Alone: nothing says where it stopped.
    let alone = format!("$ kubectl get vmim -A\n{FAILED_MIGRATIONS}");
    let (l, p, _) = blame(&alone);
    assert_eq!((l, p), (Some(Layer::Migration), None));
    // Another VMI's waiting migration says nothing of db-01's.
    let other = format!(
        "$ kubectl get vmim -A\n{FAILED_MIGRATIONS}lab         kubevirt-evacuation-x2r8d   Pending           cache-07\n"
    );
    let (l, p, text) = blame(&other);
    assert_eq!((l, p), (Some(Layer::Migration), None), "{text}");
}

const WAITING_MIGRATIONS: &str = "lab         kubevirt-evacuation-7gk2s   Pending           db-01
lab         kubevirt-evacuation-q4n8w   Running           cache-07
";

#[test]
fn a_header_glued_to_a_jsonpath_output_starts_its_table() {
    for output in [r#"{"limits.cpu":"4"}"#, "Running", "10.244.1.17"] {
        let paste = format!(
            "$ kubectl get vmi db-01 -o jsonpath='{{.status.phase}}' && kubectl get vmim -A\n{output}NAMESPACE   NAME                        PHASE             VMI\n{WAITING_MIGRATIONS}"
        );
        let (l, p, text) = blame(&paste);
        assert_eq!(l, Some(Layer::Migration), "{text}");
        assert_eq!(p, Some(SignalPlane::Control), "{text}");
        assert!(text.contains("Pending"), "{text}");
    }
}

#[test]
fn a_header_on_its_own_line_reads_as_before() {
    let paste = format!(
        "$ kubectl get vmim -A\nNAMESPACE   NAME                        PHASE             VMI\n{WAITING_MIGRATIONS}"
    );
    let (l, p, text) = blame(&paste);
    assert_eq!(
        (l, p),
        (Some(Layer::Migration), Some(SignalPlane::Control)),
        "{text}"
    );
}
