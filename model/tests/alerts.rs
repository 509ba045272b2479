//! Alerts as evidence: which VMI an alert concerns, the layer and health its finding gets, the
//! runbook link, and the count on the overview card.

use model::alerts::{Alert, AlertSource, AlertState, Target, targets};
use model::evidence::{Evidence, Observed};
use model::kube::{Pod, Vmi};
use model::verdict::{Health, Layer};
use model::{VmiSummary, diagnose};
use serde_json::json;

fn vmi(ns: &str, name: &str, node: &str) -> Evidence {
    Evidence::from_vmi(
        Vmi::from_value(&json!({
            "metadata": {"name": name, "namespace": ns, "uid": "u1"},
            "status": {"phase": "Running", "nodeName": node,
                "conditions": [{"type": "Ready", "status": "True"},
                               {"type": "LiveMigratable", "status": "True"}]}
        })),
        None,
    )
}

fn alert(labels: &[(&str, &str)], state: AlertState) -> Alert {
    Alert::new(
        labels.iter().copied(),
        [
            ("summary", "the summary"),
            ("description", "the description"),
        ],
        state,
        model::Timestamp::parse("2026-01-01T00:00:00Z"),
    )
}

/// `VMCannotBeEvicted` as KubeVirt's rule labels it (`vms.go`: `withVMLabel` over
/// `kubevirt_vmi_non_evictable{node, namespace, name}`).
fn cannot_be_evicted(name: &str) -> Alert {
    alert(
        &[
            ("alertname", "VMCannotBeEvicted"),
            ("namespace", "prod"),
            ("name", name),
            ("vm", name),
            ("node", "worker-1"),
            ("severity", "warning"),
            ("kubernetes_operator_part_of", "kubevirt"),
        ],
        AlertState::Firing,
    )
}

fn findings(e: &Evidence, layer: Layer) -> Vec<model::verdict::Finding> {
    diagnose(e, None).layer(layer).findings.clone()
}

#[test]
fn a_vm_alert_is_cited_in_its_layer_with_its_runbook() {
    let mut e = vmi("prod", "db-0", "worker-1");
    e.alerts = vec![cannot_be_evicted("db-0")];
    let d = diagnose(&e, None);
    let m = d.layer(Layer::Migration);
    assert_eq!(m.health, Health::Degraded, "{m:#?}");
    let f = m
        .findings
        .iter()
        .find(|f| f.title.contains("VMCannotBeEvicted"))
        .expect("a finding");
    assert_eq!(f.title, "Alert VMCannotBeEvicted firing, warning");
    assert!(f.evidence[0].contains(r#"vm="db-0""#), "{:?}", f.evidence);
    assert!(f.evidence[0].contains("since 2026-01-01T00:00:00Z"));
    assert!(f.evidence.iter().any(|c| c.contains("rules/alerts/vms.go")));
    assert!(f.detail.contains("the description"));
    assert_eq!(
        f.next_steps[0],
        "Follow the runbook https://github.com/kubevirt/monitoring/blob/main/docs/runbooks/VMCannotBeEvicted.md"
    );
    assert_eq!(VmiSummary::from_evidence(&e, None).alerts, 1);
}

#[test]
fn a_vm_alert_does_not_concern_its_neighbour_on_the_node() {
    let mut e = vmi("prod", "web-1", "worker-1");
    e.alerts = vec![cannot_be_evicted("db-0")];
    assert!(e.alerts().is_empty());
    assert!(
        findings(&e, Layer::Migration)
            .iter()
            .all(|f| !f.title.contains("Alert"))
    );
    assert_eq!(VmiSummary::from_evidence(&e, None).alerts, 0);
    // Nor a VMI of the same name in another namespace.
    let mut e = vmi("dev", "db-0", "worker-1");
    e.alerts = vec![cannot_be_evicted("db-0")];
    assert!(e.alerts().is_empty());
}

#[test]
fn a_vm_alert_concerns_the_vmi_of_its_name_in_the_cluster_it_was_read_from() {
    // A fleet's second cluster keys its VMIs with its name; its Prometheus's alerts name no
    // cluster (KubeVirt's rules label none), and are read for that cluster alone.
    let key = model::VmiKey::new("prod", "db-0").in_cluster("edge");
    let involved = |key| model::alerts::Involved {
        key,
        nodes: &["worker-1"],
        pods: &[],
        migrations: &[],
    };
    let a = cannot_be_evicted("db-0");
    assert!(model::alerts::concerns(&a, &involved(&key)));
    let other = model::VmiKey::new("prod", "web-1").in_cluster("edge");
    assert!(!model::alerts::concerns(&a, &involved(&other)));
}

#[test]
fn a_node_alert_concerns_every_vmi_on_that_node() {
    // `OrphanedVirtualMachineInstances` (`virt-handler.go`): labels `node` and the KubeVirt
    // install namespace only.
    let orphaned = alert(
        &[
            ("alertname", "OrphanedVirtualMachineInstances"),
            ("namespace", "kubevirt"),
            ("node", "worker-2"),
            ("severity", "warning"),
        ],
        AlertState::Firing,
    );
    let mut on = vmi("prod", "a", "worker-2");
    on.alerts = vec![orphaned.clone()];
    assert_eq!(
        diagnose(&on, None).layer(Layer::Node).health,
        Health::Degraded
    );
    assert!(
        findings(&on, Layer::Node)
            .iter()
            .any(|f| f.title == "Alert OrphanedVirtualMachineInstances firing, warning")
    );
    let mut off = vmi("prod", "b", "worker-3");
    off.alerts = vec![orphaned];
    assert!(off.alerts().is_empty());
}

#[test]
fn a_critical_guest_alert_breaks_the_guest_layer() {
    let mut e = vmi("prod", "db-0", "worker-1");
    e.alerts = vec![alert(
        &[
            ("alertname", "GuestFilesystemAlmostOutOfSpace"),
            ("namespace", "prod"),
            ("name", "db-0"),
            ("vm", "db-0"),
            ("disk_name", "vda4"),
            ("mount_point", "/"),
            ("severity", "critical"),
        ],
        AlertState::Firing,
    )];
    assert_eq!(
        diagnose(&e, None).layer(Layer::Guest).health,
        Health::Broken
    );
}

#[test]
fn excessive_migrations_are_named_by_the_vmi_label() {
    let mut e = vmi("prod", "db-0", "worker-1");
    e.alerts = vec![alert(
        &[
            ("alertname", "KubeVirtVMIExcessiveMigrations"),
            ("namespace", "prod"),
            ("vmi", "db-0"),
            ("severity", "warning"),
        ],
        AlertState::Firing,
    )];
    assert!(
        findings(&e, Layer::Migration)
            .iter()
            .any(|f| f.title.starts_with("Alert KubeVirtVMIExcessiveMigrations"))
    );
}

#[test]
fn no_virt_handler_at_all_breaks_every_vmi_node_layer() {
    let mut e = vmi("prod", "db-0", "worker-1");
    e.alerts = vec![alert(
        &[
            ("alertname", "VirtHandlerDown"),
            ("namespace", "kubevirt"),
            ("severity", "critical"),
        ],
        AlertState::Firing,
    )];
    assert_eq!(diagnose(&e, None).layer(Layer::Node).health, Health::Broken);
    // A partial one (which handler is unknown) is listed, not attached.
    e.alerts = vec![alert(
        &[
            ("alertname", "LowReadyVirtHandlerCount"),
            ("namespace", "kubevirt"),
            ("severity", "warning"),
        ],
        AlertState::Firing,
    )];
    assert!(e.alerts().is_empty());
}

#[test]
fn a_pending_alert_is_cited_without_judging_the_layer() {
    let mut e = vmi("prod", "db-0", "worker-1");
    let before = diagnose(&e, None).layer(Layer::Migration).health;
    let mut a = cannot_be_evicted("db-0");
    a.state = AlertState::Pending;
    e.alerts = vec![a];
    let d = diagnose(&e, None);
    assert_eq!(d.layer(Layer::Migration).health, before);
    assert!(
        d.layer(Layer::Migration)
            .findings
            .iter()
            .any(|f| f.title == "Alert VMCannotBeEvicted pending, warning")
    );
    assert_eq!(VmiSummary::from_evidence(&e, None).alerts, 0);
}

#[test]
fn an_alert_kubevirt_does_not_ship_is_no_finding_and_no_link() {
    let mut e = vmi("prod", "db-0", "worker-1");
    let a = alert(
        &[
            ("alertname", "MyOwnAlert"),
            ("namespace", "prod"),
            ("vm", "db-0"),
            ("severity", "critical"),
        ],
        AlertState::Firing,
    );
    assert!(a.runbook().is_none());
    e.alerts = vec![a];
    assert_eq!(e.alerts().len(), 1, "it concerns the VMI");
    let d = diagnose(&e, None);
    assert!(
        d.layers
            .iter()
            .all(|l| l.findings.iter().all(|f| !f.title.contains("MyOwnAlert")))
    );
    assert_eq!(VmiSummary::from_evidence(&e, None).alerts, 0);
}

#[test]
fn a_launcher_pod_label_names_its_vmi() {
    let mut e = vmi("prod", "db-0", "worker-1");
    e.pods = vec![Observed::new(
        Pod::from_value(
            &json!({"metadata": {"name": "virt-launcher-db-0-abcde", "namespace": "prod"}}),
        ),
        None,
    )];
    e.alerts = vec![alert(
        &[
            ("alertname", "KubevirtVmHighMemoryUsage"),
            ("namespace", "prod"),
            ("pod", "virt-launcher-db-0-abcde"),
            ("container", "compute"),
            ("severity", "warning"),
        ],
        AlertState::Firing,
    )];
    assert_eq!(
        diagnose(&e, None).layer(Layer::Node).health,
        Health::Degraded
    );
}

#[test]
fn targets_name_what_the_labels_name() {
    let t = targets(&cannot_be_evicted("db-0"));
    assert_eq!(
        t,
        vec![
            Target::Vm {
                namespace: "prod".into(),
                name: "db-0".into()
            },
            Target::Node {
                name: "worker-1".into()
            }
        ]
    );
    let bare = alert(
        &[
            ("alertname", "VirtControllerDown"),
            ("namespace", "kubevirt"),
        ],
        AlertState::Firing,
    );
    assert_eq!(targets(&bare), vec![Target::Cluster]);
}

#[test]
fn no_alert_source_is_said_and_changes_nothing_else() {
    let mut e = vmi("prod", "db-0", "worker-1");
    let plain = diagnose(&e, None);
    e.alert_source = Some(AlertSource::NotConfigured);
    let d = diagnose(&e, None);
    assert!(
        d.missing_evidence
            .iter()
            .any(|m| m.contains("no Alertmanager or Prometheus configured")),
        "{:?}",
        d.missing_evidence
    );
    assert_eq!(d.layers, plain.layers);
}

#[test]
fn alerts_are_bounded() {
    let long = "x".repeat(10_000);
    let labels: Vec<(String, String)> = (0..100)
        .map(|i| (format!("l{i:03}"), long.clone()))
        .collect();
    let a = Alert::new(
        labels.iter().map(|(k, v)| (k.as_str(), v.as_str())),
        [("summary", long.as_str())],
        AlertState::Firing,
        None,
    );
    assert_eq!(a.labels.len(), model::alerts::MAX_LABELS);
    assert!(
        a.labels
            .values()
            .all(|v| v.len() <= model::alerts::MAX_TEXT)
    );
    assert_eq!(a.summary.len(), model::alerts::MAX_TEXT);
}

#[test]
fn the_citation_leaves_out_the_vmis_own_labels_and_sentences_end() {
    let mut a = cannot_be_evicted("db-0");
    a.labels.insert(
        "kubernetes_vmi_label_kubevirt_io_nodeName".into(),
        "worker-1".into(),
    );
    a.summary = "no stop".into();
    let f = model::alerts::finding(&a).unwrap();
    assert!(
        !f.evidence[0].contains("kubernetes_vmi_label_"),
        "{}",
        f.evidence[0]
    );
    assert!(
        f.detail.contains("no stop. the description."),
        "{}",
        f.detail
    );
}
