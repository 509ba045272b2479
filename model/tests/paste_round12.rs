//! Round 12: mechanisms chosen because they decide misses in more than one batch (see
//! `fixtures/fresh/README.md`, "Round 12"). Each test's inputs are synthetic members of a
//! family, shaped after the program that prints them, never copied from a batch item:
//!
//! 1. a `kubectl get vmim` row still waiting for its target (Pending, Scheduling, Scheduled,
//!    PreparingTarget) is the migration's control plane: the CRD prints no age, and a
//!    migration is short-lived; a Running row, a Succeeded one or a described one not.

#[path = "support/blame.rs"]
mod support_blame;

use model::evidence::SignalPlane;
use model::verdict::Layer;
use support_blame::blame;

// ---- 1. a migration waiting for its target ----

#[test]
fn a_migration_row_waiting_for_its_target_is_the_migrations_control_plane() {
    let members = [
        // the default columns, one row Pending
        "$ kubectl get vmim -n apps\nNAME          PHASE     VMI\nmig-db-7q2xv  Pending   db\n",
        // all namespaces, one row Scheduled beside a finished one of another VMI
        "$ kubectl get virtualmachineinstancemigrations -A\nNAMESPACE   NAME                      PHASE       VMI\nops         kubevirt-evacuation-h2k9d  Succeeded   web\nops         kubevirt-evacuation-pq8zm  Scheduled   api\n",
        // PreparingTarget alone
        "NAME           PHASE             VMI\nmove-cache-1   PreparingTarget   cache\n",
    ];
    for p in members {
        let (layer, plane, text) = blame(p);
        assert_eq!(layer, Some(Layer::Migration), "{p}\n{text}");
        assert_eq!(plane, Some(SignalPlane::Control), "{p}\n{text}");
    }
}

#[test]
fn a_migration_row_transferring_or_done_blames_nothing() {
    let members = [
        "$ kubectl get vmim\nNAME          PHASE       VMI\nmig-db-7q2xv  Running     db\n",
        "$ kubectl get vmim\nNAME          PHASE       VMI\nmig-db-7q2xv  Succeeded   db\nmig-db-k3p9s  Succeeded   db\n",
        "NAME           PHASE         VMI\nmove-cache-1   TargetReady   cache\n",
    ];
    for p in members {
        let (layer, _, text) = blame(p);
        assert_eq!(layer, None, "{p}\n{text}");
    }
}

#[test]
fn a_vmi_or_pod_pending_without_age_is_still_not_a_migration() {
    let members = [
        "$ kubectl get vmi\nNAME   AGE   PHASE     IP    NODENAME   READY\ndb     5s    Pending                    False\n",
        "$ kubectl get pods\nNAME                      READY   STATUS    RESTARTS   AGE\nvirt-launcher-db-x7k2p    0/2     Pending   0          4s\n",
    ];
    for p in members {
        let (layer, _, text) = blame(p);
        assert_ne!(layer, Some(Layer::Migration), "{p}\n{text}");
    }
}
