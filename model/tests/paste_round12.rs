//! Round 12: mechanisms chosen because they decide misses in more than one batch (see
//! `fixtures/fresh/README.md`, "Round 12"). Each test's inputs are synthetic members of a
//! family, shaped after the program that prints them, never copied from a batch item:
//!
//! 1. a `kubectl get vmim` row still waiting for its target (Pending, Scheduling, Scheduled,
//!    PreparingTarget) is the migration's control plane: the CRD prints no age, and a
//!    migration is short-lived; a Running row, a Succeeded one or a described one not;
//! 2. a migration's target pod is the launcher KubeVirt labels `kubevirt.io/migrationJobUID`:
//!    such a pod described without a node is the migration's control plane, and the
//!    scheduler's anti-affinity or node-selector words about a pod the paste names, which is
//!    not a launcher, are that pod's scheduling failure (the node's), not a migration's.

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

// ---- 2. the migration's target pod, by KubeVirt's label ----

#[test]
fn a_described_launcher_labelled_as_a_migration_target_without_a_node_is_the_migrations() {
    let members = [
        "$ kubectl describe pod virt-launcher-db01-k8s2w -n apps\nName:         virt-launcher-db01-k8s2w\nNamespace:    apps\nPriority:     0\nNode:         <none>\nLabels:       kubevirt.io=virt-launcher\n              kubevirt.io/migrationJobUID=0c1d2e3f-aaaa-bbbb-cccc-000000000001\n              vm.kubevirt.io/name=db01\nStatus:       Pending\n",
        "Name:           virt-launcher-web-2x9qz\nNode:           <none>\nLabels:         kubevirt.io/migrationJobUID=77aa\n                kubevirt.io=virt-launcher\n",
    ];
    for p in members {
        let (layer, plane, text) = blame(p);
        assert_eq!(layer, Some(Layer::Migration), "{p}\n{text}");
        assert_eq!(plane, Some(SignalPlane::Control), "{p}\n{text}");
    }
}

#[test]
fn a_placed_target_or_an_unlabelled_launcher_is_not_a_waiting_target() {
    let members = [
        // placed on a node and running: the migration goes on
        "Name:         virt-launcher-db01-k8s2w\nNode:         worker-3/10.0.0.13\nLabels:       kubevirt.io/migrationJobUID=0c1d\n              kubevirt.io=virt-launcher\nStatus:       Running\n",
        // a launcher without the label and without a node: no migration named
        "Name:         virt-launcher-db01-k8s2w\nNode:         <none>\nLabels:       kubevirt.io=virt-launcher\n",
    ];
    for p in members {
        let (layer, _, text) = blame(p);
        assert_ne!(layer, Some(Layer::Migration), "{p}\n{text}");
    }
}

#[test]
fn the_schedulers_anti_affinity_words_about_another_pod_are_not_a_migration_target() {
    let members = [
        "$ kubectl describe pod -n monitoring prometheus-agent-6c9d8b7f5d-w2k4r\nEvents:\n  Type     Reason            Age   From               Message\n  ----     ------            ----  ----               -------\n  Warning  FailedScheduling  3m    default-scheduler  0/3 nodes are available: 3 node(s) didn't match pod anti-affinity rules. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.\n",
        "$ kubectl describe pods/ingress-ctl-7d9f6c5b4-abcde\nEvents:\n  Warning  FailedScheduling  10s  default-scheduler  0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector.\n",
    ];
    for p in members {
        let (layer, _, text) = blame(p);
        assert_eq!(layer, Some(Layer::Node), "{p}\n{text}");
    }
}

#[test]
fn the_schedulers_words_about_a_launcher_or_no_named_pod_stay_the_migrations() {
    let members = [
        "$ kubectl describe pod virt-launcher-db01-k8s2w\nEvents:\n  Warning  FailedScheduling  3m  default-scheduler  0/3 nodes are available: 1 node(s) didn't match pod anti-affinity rules, 2 node(s) didn't match Pod's node affinity/selector.\n",
        "  Warning  FailedScheduling  2m  default-scheduler  0/3 nodes are available: 3 node(s) didn't match pod anti-affinity rules.\n",
    ];
    for p in members {
        let (layer, _, text) = blame(p);
        assert_eq!(layer, Some(Layer::Migration), "{p}\n{text}");
    }
}
