use super::*;
use crate::cluster::ClusterIssue;

fn files(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect()
}

const VMI: &str = "apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstance\n\
    metadata: {name: web, namespace: prod, creationTimestamp: \"2026-11-30T08:00:00Z\"}\n\
    status: {phase: Failed, nodeName: worker-b}\n";

const NODES: &str = "apiVersion: v1\nkind: List\nitems:\n\
    - kind: Node\n  metadata: {name: worker-b, labels: {kubevirt.io/schedulable: \"false\"}}\n  \
    status: {allocatable: {cpu: \"4\", devices.kubevirt.io/kvm: \"0\"}}\n";

const HANDLER: &str = "kind: Pod\nmetadata: {name: virt-handler-q, namespace: kubevirt, \
    labels: {kubevirt.io: virt-handler}}\nspec: {nodeName: worker-b}\n\
    status: {phase: Pending}\n";

#[test]
fn every_vmi_cluster_findings_logs_and_ignored_files() {
    let log = "{\"component\":\"virt-handler\",\"level\":\"error\",\"msg\":\"boom\"}\n";
    let a = analyse_files(
        &files(&[
            (
                "mg/namespaces/prod/kubevirt.io/virtualmachineinstances/web.yaml",
                VMI,
            ),
            (
                "mg/namespaces/prod/kubevirt.io/virtualmachineinstances.yaml",
                VMI,
            ),
            ("mg/cluster-scoped-resources/core/nodes.yaml", NODES),
            (
                "mg/namespaces/kubevirt/pods/virt-handler-q/virt-handler-q.yaml",
                HANDLER,
            ),
            (
                "mg/namespaces/kubevirt/pods/virt-handler-q/virt-handler/virt-handler/logs/current.log",
                log,
            ),
            ("mg/nodes/worker-b/dmesg", "kvm: disabled by bios"),
            (
                "mg/namespaces/prod/core/services.yaml",
                "kind: Service\nmetadata: {name: s}\n",
            ),
        ]),
        None,
    );
    assert_eq!(a.layout, Layout::MustGather);
    assert_eq!(a.report.diagnoses.len(), 1, "the VMI twice is one VMI");
    let issues: Vec<ClusterIssue> = a.cluster.iter().map(|f| f.issue).collect();
    assert!(issues.contains(&ClusterIssue::NoKvm), "{issues:?}");
    assert!(issues.contains(&ClusterIssue::HandlerUnschedulable));
    assert!(issues.contains(&ClusterIssue::HandlerPodDown));
    assert_eq!(a.log_errors.len(), 1);
    assert_eq!(a.log_errors[0].line, 1);
    let ignored: Vec<&str> = a
        .files
        .iter()
        .filter(|f| matches!(f.outcome, FileOutcome::Ignored { .. }))
        .map(|f| f.path.as_str())
        .collect();
    assert_eq!(
        ignored,
        [
            "mg/namespaces/prod/core/services.yaml",
            "mg/nodes/worker-b/dmesg"
        ]
    );
    assert_eq!(a.exit_code(), 1);
}

#[test]
fn nothing_readable_exits_two_and_skipped_files_keep_path_order() {
    let mut a = analyse_files(&files(&[("b/readme.txt", "hello")]), None);
    assert_eq!(a.exit_code(), 2);
    a.note_skipped("a/huge.yaml".into(), "too large".into());
    assert_eq!(a.files[0].path, "a/huge.yaml");
    assert_eq!(a.files_read(), 0);
}

#[test]
fn a_syntax_error_names_the_file_line() {
    let a = analyse_files(&files(&[("x.yaml", "kind: [")]), None);
    match &a.files[0].outcome {
        FileOutcome::Ignored { reason } => assert!(reason.contains("line 1"), "{reason}"),
        o => panic!("{o:?}"),
    }
}

#[test]
fn a_log_signal_goes_to_the_vmi_whose_launcher_wrote_it_or_whose_name_it_carries() {
    use crate::verdict::{Health, Layer};
    let signal = |excerpt: &str| Signal {
        signature: Some("test".into()),
        layer: Some(Layer::Node),
        plane: None,
        health: Health::Broken,
        title: "t".into(),
        cause: String::new(),
        next_steps: Vec::new(),
        source: String::new(),
        line: 3,
        from: "a virt-launcher log line of logs/default/virt-launcher-vm1-x7k2p/compute.log".into(),
        excerpt: excerpt.into(),
    };
    let mut bundles = vec![
        Evidence {
            key: crate::VmiKey {
                cluster: String::new(),
                namespace: "default".into(),
                name: "vm1".into(),
            },
            ..Default::default()
        },
        Evidence {
            key: crate::VmiKey {
                cluster: String::new(),
                namespace: "default".into(),
                name: "vm10".into(),
            },
            ..Default::default()
        },
    ];
    let launcher = LogSource {
        namespace: Some("default".into()),
        pod: Some("virt-launcher-vm10-abcde".into()),
        container: Some("compute".into()),
    };
    attach(&mut bundles, &launcher, signal("boom"));
    assert_eq!((bundles[0].signals.len(), bundles[1].signals.len()), (0, 1));
    let handler = LogSource::default();
    attach(
        &mut bundles,
        &handler,
        signal("{\"name\":\"vm1\",\"msg\":\"x\"}"),
    );
    assert_eq!(bundles[0].signals.len(), 1);
    // Neither: kept for the tree's own list only.
    attach(&mut bundles, &handler, signal("nothing about a VMI"));
    assert_eq!((bundles[0].signals.len(), bundles[1].signals.len()), (1, 1));
}
