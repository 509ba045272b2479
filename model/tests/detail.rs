//! The VMI page's view model, built from the scenario fixtures: roles of launcher pods, interface
//! provenance and the findings citing each interface, resolved explanations, the guest agent
//! states, events newest first.

use model::evidence::Evidence;
use model::explain::{Subject, Topic, explain};
use model::input::group;
use model::input::parse::parse;
use model::kube::GuestAgentResult;
use model::time::Timestamp;
use model::view::detail::{GuestView, PodRole, VmiDetail};

const NOW: &str = "2026-08-22T10:10:00Z";

fn bundles(name: &str) -> Vec<Evidence> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let objects = parse(&text)
        .unwrap()
        .objects
        .into_iter()
        .map(|l| l.object)
        .collect();
    group(objects, None).bundles
}

fn detail(fixture: &str, vmi: &str) -> VmiDetail {
    let e = bundles(fixture)
        .into_iter()
        .find(|b| b.key.name == vmi)
        .unwrap_or_else(|| panic!("{fixture}: no bundle {vmi}"));
    VmiDetail::build(&e, Timestamp::parse(NOW))
}

#[test]
fn launcher_pods_get_their_migration_roles() {
    let d = detail("precopy-converging.yaml", "app");
    assert!(d.migrating);
    let pods = d.pods.expect("a VMI is in the evidence");
    let role = |uid: &str| pods.iter().find(|p| p.uid.starts_with(uid)).unwrap();
    assert_eq!(role("1111").role, PodRole::Source);
    assert_eq!(
        role("1111").name.as_deref(),
        Some("virt-launcher-app-src12")
    );
    assert_eq!(role("1111").node, "node-1");
    assert_eq!(role("2222").role, PodRole::Target);
    assert_eq!(role("2222").node, "node-2");

    let healthy = detail("healthy-with-agent.yaml", "web");
    assert!(!healthy.migrating);
    let pods = healthy.pods.unwrap();
    assert!(!pods.is_empty());
    assert!(pods.iter().all(|p| p.role == PodRole::Current), "{pods:?}");
}

#[test]
fn interfaces_carry_provenance_and_the_findings_citing_them() {
    let d = detail("interfaces-disagree.yaml", "router");
    let labels: Vec<&str> = d.interfaces.iter().map(|i| i.label.as_str()).collect();
    assert_eq!(
        labels,
        ["default", "storage-net", "#2 (guest-only docker0)"]
    );
    let storage = &d.interfaces[1];
    assert_eq!(storage.sources, ["domain", "guest-agent", "multus-status"]);
    assert_eq!(storage.ips, ["192.168.50.7"]);
    assert!(
        !storage.issues.is_empty(),
        "the Multus/guest disagreement cites storage-net: {d:#?}"
    );
    assert!(d.interfaces[0].issues.is_empty(), "{:?}", d.interfaces[0]);
}

#[test]
fn conditions_are_explained_by_reason_then_type() {
    let d = detail("interfaces-disagree.yaml", "router");
    let subject = Subject {
        namespace: "net".into(),
        name: "router".into(),
        ..Default::default()
    };
    let lm = d
        .conditions
        .iter()
        .find(|c| c.type_ == "LiveMigratable")
        .unwrap();
    assert_eq!(lm.status, "False");
    assert_eq!(lm.reason, "InterfaceNotLiveMigratable");
    let by_reason = explain(Topic::Reason, "InterfaceNotLiveMigratable", &subject);
    assert_eq!(lm.explained.title, by_reason.title);
    assert_eq!(lm.explained.meaning, by_reason.meaning);
    assert!(!lm.explained.implies.is_empty());
    // Without a reason: the type's explanation, and no "implies".
    let ready = d.conditions.iter().find(|c| c.type_ == "Ready").unwrap();
    assert_eq!(
        ready.explained.title,
        explain(Topic::ConditionType, "Ready", &subject).title
    );
    assert!(ready.explained.implies.is_empty());
}

#[test]
fn every_fixture_gives_a_consistent_detail() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut seen_events = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let entry = entry.unwrap();
        // Object dumps only: `real/` holds what users pasted, which has a test of its own.
        if !entry.path().is_file() {
            continue;
        }
        let name = entry.file_name().into_string().unwrap();
        for e in bundles(&name) {
            let d = VmiDetail::build(&e, Timestamp::parse(NOW));
            assert_eq!(d.key, e.key);
            assert_eq!(d.pods.is_some(), e.vmi.is_some(), "{name}");
            let conditions = e.vmi().map_or(0, |v| v.status.conditions.len());
            assert_eq!(d.conditions.len(), conditions, "{name}");
            assert!(
                d.conditions.iter().all(|c| !c.explained.title.is_empty()),
                "{name}"
            );
            assert_eq!(d.events.len(), e.events.len(), "{name}");
            assert!(
                d.events.windows(2).all(|w| w[0].time >= w[1].time),
                "{name}: events newest first"
            );
            seen_events += d.events.len();
            // What goes over the wire comes back equal.
            let back: VmiDetail =
                serde_json::from_str(&serde_json::to_string(&d).unwrap()).unwrap();
            assert_eq!(back, d, "{name}");
        }
    }
    assert!(seen_events > 0, "some fixtures carry events");
}

#[test]
fn guest_agent_states_are_told_apart() {
    let healthy = bundles("healthy-with-agent.yaml").remove(0);
    // Running with AgentConnected and no answer yet: unknown, not "not connected".
    assert_eq!(GuestView::from_evidence(&healthy), GuestView::Unknown);
    let data = serde_json::json!({
        "guestAgentVersion": "8.2.0",
        "hostname": "web-1",
        "os": {"name": "Fedora Linux", "prettyName": "Fedora Linux 40", "kernelRelease": "6.8.5"},
        "userList": [{"userName": "fedora"}, {"userName": "root"}],
        "fsInfo": {"disks": [{"mountPoint": "/", "fileSystemType": "xfs", "usedBytes": 50.0, "totalBytes": 200.0}]}
    });
    let GuestView::Info(info) = GuestView::from_api(&GuestAgentResult::Ok { data }) else {
        panic!("an answer is info");
    };
    assert_eq!(info.os, "Fedora Linux 40");
    assert_eq!(info.kernel, "6.8.5");
    assert_eq!(info.users, ["fedora", "root"]);
    assert_eq!(info.filesystems[0].mount, "/");
    assert_eq!(info.filesystems[0].total_bytes, 200.0);
    assert_eq!(
        GuestView::from_api(&GuestAgentResult::Forbidden {
            message: "no".into()
        }),
        GuestView::Forbidden("no".into())
    );
    assert_eq!(
        GuestView::from_api(&GuestAgentResult::AgentNotConnected {
            message: "x".into()
        }),
        GuestView::NotConnected
    );
    let stopped = detail("unschedulable.yaml", "bigmem");
    assert_eq!(stopped.guest, GuestView::NotRunning);
}

fn detail_of(text: &str, vmi: &str) -> VmiDetail {
    let objects = parse(text)
        .unwrap()
        .objects
        .into_iter()
        .map(|l| l.object)
        .collect();
    let e = group(objects, None)
        .bundles
        .into_iter()
        .find(|b| b.key.name == vmi)
        .unwrap();
    VmiDetail::build(&e, Timestamp::parse(NOW))
}

/// A failed VMI whose `activePods` is empty still shows the launcher pod of the evidence (the
/// one the node finding cites), as finished, with its node; a running VMI's earlier migration
/// source kept in `activePods` is finished too, not a source.
#[test]
fn the_pods_table_lists_every_launcher_pod_of_the_evidence_with_its_role() {
    let failed = r#"
apiVersion: kubevirt.io/v1
kind: VirtualMachineInstance
metadata: {name: web-3, namespace: prod, uid: vmi-web3}
status:
  phase: Failed
  reason: NodeUnresponsive
  nodeName: n3
---
apiVersion: v1
kind: Pod
metadata:
  name: virt-launcher-web-3-x7k2p
  namespace: prod
  uid: pod-web3
  labels: {kubevirt.io/created-by: vmi-web3, kubevirt.io: virt-launcher}
spec: {nodeName: n3}
status: {phase: Failed}
"#;
    let d = detail_of(failed, "web-3");
    let pods = d.pods.expect("a VMI is in the evidence");
    assert_eq!(pods.len(), 1, "{pods:?}");
    assert_eq!(pods[0].name.as_deref(), Some("virt-launcher-web-3-x7k2p"));
    assert_eq!(pods[0].node, "n3");
    assert_eq!(pods[0].role, PodRole::Finished);

    let moved = r#"
apiVersion: kubevirt.io/v1
kind: VirtualMachineInstance
metadata: {name: db, namespace: prod, uid: vmi-db}
status:
  phase: Running
  nodeName: n2
  activePods: {pod-old: n1, pod-new: n2}
  migrationState: {completed: true, sourceNode: n1, targetNode: n2, sourcePod: virt-launcher-db-old, targetPod: virt-launcher-db-new}
---
apiVersion: v1
kind: Pod
metadata: {name: virt-launcher-db-old, namespace: prod, uid: pod-old, labels: {kubevirt.io/created-by: vmi-db}}
spec: {nodeName: n1}
status: {phase: Succeeded}
---
apiVersion: v1
kind: Pod
metadata: {name: virt-launcher-db-new, namespace: prod, uid: pod-new, labels: {kubevirt.io/created-by: vmi-db}}
spec: {nodeName: n2}
status: {phase: Running}
"#;
    let d = detail_of(moved, "db");
    let pods = d.pods.unwrap();
    let role = |uid: &str| pods.iter().find(|p| p.uid == uid).map(|p| p.role);
    assert_eq!(role("pod-old"), Some(PodRole::Finished));
    assert_eq!(role("pod-new"), Some(PodRole::Current));
    assert_eq!(pods.len(), 2);
}

/// After a failed migration the pods its state names keep their part: the failed target pod is
/// that migration's target, the source still its source (a post-copy failure leaves both).
#[test]
fn a_failed_migrations_pods_keep_their_part() {
    let failed = r#"
apiVersion: kubevirt.io/v1
kind: VirtualMachineInstance
metadata: {name: db, namespace: prod, uid: vmi-db}
status:
  phase: Running
  nodeName: n1
  activePods: {pod-src: n1, pod-tgt: n2}
  migrationState: {completed: true, failed: true, sourceNode: n1, targetNode: n2, sourcePod: virt-launcher-db-src, targetPod: virt-launcher-db-tgt}
---
apiVersion: v1
kind: Pod
metadata: {name: virt-launcher-db-src, namespace: prod, uid: pod-src, labels: {kubevirt.io/created-by: vmi-db}}
spec: {nodeName: n1}
status: {phase: Running}
---
apiVersion: v1
kind: Pod
metadata: {name: virt-launcher-db-tgt, namespace: prod, uid: pod-tgt, labels: {kubevirt.io/created-by: vmi-db}}
spec: {nodeName: n2}
status: {phase: Failed}
"#;
    let d = detail_of(failed, "db");
    let pods = d.pods.unwrap();
    let role = |uid: &str| pods.iter().find(|p| p.uid == uid).map(|p| p.role);
    assert_eq!(role("pod-tgt"), Some(PodRole::Target));
    assert_eq!(role("pod-src"), Some(PodRole::Source));
}
