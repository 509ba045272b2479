//! Round 3 of reading what people paste, by category, each shaped after the source that prints
//! it (not copied from a thread):
//!
//! 1. times: kubectl's ages (`duration.HumanDuration` of k8s.io/apimachinery: AGE, LAST SEEN,
//!    a describe's event `Age` with `(xN over M)`) are read, and of two blocks that contradict
//!    each other the newer one wins where their times say so, the note saying which and why;
//! 2. namespaces: the `-n NS` / `--namespace NS` / `-nNS` of the prompt's command names the
//!    namespace of a table without a NAMESPACE column and of a describe cut before its
//!    `Namespace:` line, so objects of one name in two namespaces stay apart, and a node (cluster
//!    scoped) has none;
//! 3. JSON and YAML streams (kubectl's `printers.JSONPrinter` / `YAMLPrinter`): `-o json` of
//!    one object, a `List` or a `…List`, JSON cut at either end, concatenated JSON and `---`
//!    streams with one broken document: every whole value is read, the cut one closed, and the
//!    broken one named in a note, never the whole paste lost.

use model::diagnosis::Diagnosis;
use model::input::{Analysis, analyse};
use model::verdict::Health;
use model::view::BlockFormat;

fn read(paste: &str) -> Analysis {
    analyse(paste, None).unwrap_or_else(|e| panic!("cannot read: {e}\n{paste}"))
}

fn notes(a: &Analysis) -> Vec<String> {
    a.report.notes.iter().map(|n| n.message.clone()).collect()
}

// ---- 1. times ----

/// `kubectl get vmi -o wide` as KubeVirt's CRD prints it (crds.go: Age, Phase, IP, NodeName,
/// Ready, Live-Migratable, Paused).
fn vmi_wide(rows: &[(&str, &str, &str, &str)]) -> String {
    let mut t = String::from(
        "NAME   AGE     PHASE     IP            NODENAME   READY   LIVE-MIGRATABLE   PAUSED\n",
    );
    for (name, age, phase, node) in rows {
        t.push_str(&format!(
            "{name:<6} {age:<7} {phase:<9} 10.244.0.9    {node:<10} True    True\n"
        ));
    }
    t
}

#[test]
fn the_newer_of_two_tables_wins_by_the_ages_of_what_both_list_even_when_pasted_first() {
    // Pasted first, but taken later: db is two hours older there. web failed on node01 in the
    // older listing and runs on node02 in the newer one.
    let paste = format!(
        "$ kubectl get vmi -n prod -o wide\n{}\n$ kubectl get vmi -n prod -o wide\n{}",
        vmi_wide(&[
            ("web", "50m", "Running", "node02"),
            ("db", "2d5h", "Running", "node01")
        ]),
        vmi_wide(&[
            ("web", "45m", "Failed", "node01"),
            ("db", "2d3h", "Running", "node01")
        ])
    );
    let a = read(&paste);
    let v = a.verdict();
    assert_ne!(v.health, Health::Broken, "{v:?}\n{:?}", notes(&a));
    let n = notes(&a);
    assert!(
        n.iter().any(|m| m.contains("line 2 is newer")
            && m.contains("db")
            && m.contains("node02")
            && m.contains("node01")),
        "{n:?}"
    );
}

#[test]
fn two_tables_whose_times_say_nothing_keep_paste_order_and_say_so() {
    let paste = format!(
        "$ kubectl get vmi -n prod -o wide\n{}\n$ kubectl get vmi -n prod -o wide\n{}",
        vmi_wide(&[("web", "50m", "Running", "node02")]),
        vmi_wide(&[("web", "45m", "Failed", "node01")])
    );
    let a = read(&paste);
    assert_eq!(a.verdict().health, Health::Broken, "{:?}", a.verdict());
    let n = notes(&a);
    assert!(n.iter().any(|m| m.contains("times do not say")), "{n:?}");
}

#[test]
fn a_creation_time_in_a_describe_dates_a_table_that_then_wins_over_an_older_describe() {
    // The table (pasted first) lists db, whose describe gives its creation: the table was taken
    // at 2024-05-02T10:00 or later, after everything the describe of web shows (08:00).
    let paste = format!(
        "$ kubectl get vmi -n prod -o wide\n{}
$ kubectl describe vmi db -n prod
Name:         db
Namespace:    prod
API Version:  kubevirt.io/v1
Kind:         VirtualMachineInstance
Metadata:
  Creation Timestamp:  2024-05-01T00:00:00Z
Status:
  Node Name:  node01
  Phase:      Running

$ kubectl describe vmi web -n prod
Name:         web
Namespace:    prod
API Version:  kubevirt.io/v1
Kind:         VirtualMachineInstance
Metadata:
  Creation Timestamp:  2024-05-02T07:00:00Z
Status:
  Conditions:
    Last Probe Time:       <nil>
    Last Transition Time:  2024-05-02T08:00:00Z
    Status:                False
    Type:                  Ready
  Node Name:  node01
  Phase:      Failed
",
        vmi_wide(&[
            ("web", "5m", "Running", "node02"),
            ("db", "1d10h", "Running", "node01")
        ])
    );
    let a = read(&paste);
    assert_ne!(a.verdict().health, Health::Broken, "{:?}", a.verdict());
    let n = notes(&a);
    assert!(
        n.iter()
            .any(|m| m.contains("line 2 is newer") && m.contains("created at")),
        "{n:?}"
    );
}

#[test]
fn a_headerless_table_with_unknown_ages_is_still_a_table() {
    // `translateTimestampSince` prints `<unknown>` for a zero creation time.
    let paste = "web   <unknown>   Failed    10.244.0.9   node01   False\n\
                 db    <unknown>   Running   10.244.0.8   node02   True\n";
    let a = read(paste);
    assert!(
        a.blocks.iter().any(|b| b.format == BlockFormat::Table),
        "{:?}",
        a.blocks
    );
    assert_eq!(a.verdict().health, Health::Broken, "{:?}", a.verdict());
}

#[test]
fn an_event_row_says_when_it_was_last_seen_and_how_often() {
    let paste = "$ kubectl describe pod virt-launcher-web-x7k2p -n prod
Name:         virt-launcher-web-x7k2p
Namespace:    prod
Node:         <none>
Status:       Pending
Containers:
  compute:
    Image:  quay.io/kubevirt/virt-launcher:v1.2.0
Events:
  Type     Reason            Age                 From               Message
  ----     ------            ----                ----               -------
  Warning  FailedScheduling  4m42s (x7 over 34m)  default-scheduler  0/3 nodes are available: 3 Insufficient devices.kubevirt.io/kvm.
";
    let a = read(paste);
    let s = a
        .signals
        .iter()
        .find(|s| s.line == 12)
        .unwrap_or_else(|| panic!("{:#?}", a.signals));
    assert!(
        s.from.contains("last seen 4m42s ago, 7 times over 34m"),
        "{}",
        s.from
    );
}

// ---- 2. namespaces ----

fn diagnosis<'a>(a: &'a Analysis, ns: &str, name: &str) -> &'a Diagnosis {
    a.report
        .diagnoses
        .iter()
        .find(|d| d.key.namespace == ns && d.key.name == name)
        .unwrap_or_else(|| {
            let keys: Vec<String> = a
                .report
                .diagnoses
                .iter()
                .map(|d| d.key.to_string())
                .collect();
            panic!("no {ns}/{name} among {keys:?}")
        })
}

#[test]
fn one_name_in_two_namespaces_stays_two_vmis_each_with_its_own_findings() {
    // The failing one first: its signal must not go to the other namespace's VMI.
    let paste = "$ kubectl get vmi -n prod
NAME   AGE   PHASE     IP           NODENAME   READY
web    3m    Failed                            False
$ kubectl --namespace staging get vmi
NAME   AGE   PHASE     IP           NODENAME   READY
web    45m   Running   10.0.0.5     node-a     True
";
    let a = read(paste);
    assert!(
        diagnosis(&a, "prod", "web").is_broken(),
        "{:#?}",
        a.report.diagnoses
    );
    assert!(
        !diagnosis(&a, "staging", "web").is_broken(),
        "{:#?}",
        a.report.diagnoses
    );
    assert!(a.report.notes.is_empty(), "{:?}", notes(&a));
}

#[test]
fn every_spelling_of_the_namespace_flag_names_the_table_rows() {
    for cmd in [
        "kubectl get vmi -nprod",
        "kubectl -n prod get vmi",
        "oc get vmi --namespace=prod",
        "k get vmi --namespace prod -o wide",
    ] {
        let paste = format!(
            "$ {cmd}\nNAME   AGE   PHASE    IP   NODENAME   READY\nweb    3m    Failed             False\n"
        );
        let a = read(&paste);
        assert!(diagnosis(&a, "prod", "web").is_broken(), "{cmd}");
    }
}

#[test]
fn a_describe_cut_before_its_namespace_takes_the_commands() {
    let paste = "$ kubectl describe vmi web -n prod
Status:
  Conditions:
    Last Probe Time:       <nil>
    Last Transition Time:  2024-05-02T08:00:00Z
    Status:                False
    Type:                  Ready
  Node Name:  node01
  Phase:      Failed
";
    let a = read(paste);
    assert!(
        diagnosis(&a, "prod", "web").is_broken(),
        "{:#?}",
        a.report.diagnoses
    );
}

#[test]
fn a_describe_whose_namespace_flag_comes_first_is_named_by_its_resource_and_name() {
    let paste = "$ kubectl describe -n prod vmi web
Status:
  Node Name:  node01
  Phase:      Failed
  Conditions:
    Last Probe Time:       <nil>
    Status:                False
    Type:                  Ready
";
    let a = read(paste);
    assert!(
        diagnosis(&a, "prod", "web").is_broken(),
        "{:#?}",
        a.report.diagnoses
    );
}

#[test]
fn a_table_without_namespace_and_a_describe_with_one_are_the_same_object() {
    // `kubectl get vmi` in the context's namespace, then the describe naming it: one VMI, whose
    // two sightings disagree.
    let paste = "$ kubectl get vmi -o wide
NAME   AGE   PHASE     IP          NODENAME   READY   LIVE-MIGRATABLE   PAUSED
web    5m    Running   10.0.0.5    node02     True    True

$ kubectl describe vmi web
Name:         web
Namespace:    default
API Version:  kubevirt.io/v1
Kind:         VirtualMachineInstance
Status:
  Node Name:  node01
  Phase:      Failed
";
    let a = read(paste);
    assert_eq!(a.report.diagnoses.len(), 1, "{:#?}", a.report.diagnoses);
    let n = notes(&a);
    assert!(
        n.iter()
            .any(|m| m.contains("default/web") && m.contains("node02")),
        "{n:?}"
    );
}

#[test]
fn a_node_listed_with_a_namespace_flag_is_still_cluster_scoped() {
    let paste = "$ kubectl get nodes -n prod
NAME     STATUS     ROLES    AGE   VERSION
node01   NotReady   worker   40d   v1.29.2

$ kubectl describe node node01
Name:               node01
Roles:              worker
Taints:             node.kubernetes.io/unreachable:NoSchedule
Unschedulable:      true
Conditions:
  Type             Status    LastHeartbeatTime                 Reason              Message
  ----             ------    -----------------                 ------              -------
  Ready            Unknown   Thu, 02 May 2024 08:11:43 +0000   NodeStatusUnknown   Kubelet stopped posting node status.
";
    let a = read(paste);
    let n = notes(&a);
    // One node, seen twice, the second saying more: a contradiction about node01, not two nodes.
    assert!(n.iter().any(|m| m.contains("Node node01 ")), "{n:?}");
}

// ---- 3. JSON and YAML streams ----

/// One VMI as `kubectl get vmi -o json` prints it (two-space indentation, kubectl's JSONPrinter),
/// indented by `pad`.
fn vmi_json(name: &str, phase: &str, pad: usize) -> String {
    let body = format!(
        "{{\n  \"apiVersion\": \"kubevirt.io/v1\",\n  \"kind\": \"VirtualMachineInstance\",\n  \"metadata\": {{\n    \"name\": \"{name}\",\n    \"namespace\": \"prod\"\n  }},\n  \"status\": {{\n    \"phase\": \"{phase}\",\n    \"nodeName\": \"node01\"\n  }}\n}}"
    );
    body.lines()
        .map(|l| format!("{}{l}", " ".repeat(pad)))
        .collect::<Vec<_>>()
        .join("\n")
}

fn names(a: &Analysis) -> Vec<String> {
    a.report
        .diagnoses
        .iter()
        .map(|d| d.key.to_string())
        .collect()
}

#[test]
fn json_lists_of_every_kind_name_are_read_item_by_item() {
    for list_kind in ["List", "VirtualMachineInstanceList"] {
        let paste = format!(
            "$ kubectl get vmi -n prod -o json\n{{\n  \"apiVersion\": \"v1\",\n  \"items\": [\n{},\n{}\n  ],\n  \"kind\": \"{list_kind}\",\n  \"metadata\": {{\n    \"resourceVersion\": \"\"\n  }}\n}}\n",
            vmi_json("web", "Running", 4),
            vmi_json("db", "Failed", 4)
        );
        let a = read(&paste);
        assert_eq!(names(&a), ["prod/web", "prod/db"], "{list_kind}");
        assert!(diagnosis(&a, "prod", "db").is_broken(), "{list_kind}");
    }
}

#[test]
fn json_cut_at_its_end_is_closed_and_read() {
    let whole = vmi_json("db", "Failed", 0);
    // Cut inside the status, mid-line, as a paste stopping at a length limit does.
    let cut = &whole[..whole.find("\"node0").unwrap() + 6];
    let paste = format!("Here is the VMI:\n\n$ kubectl get vmi db -n prod -o json\n{cut}\n");
    let a = read(&paste);
    assert!(diagnosis(&a, "prod", "db").is_broken(), "{:#?}", a.blocks);
    assert!(
        a.blocks.iter().any(|b| b.format == BlockFormat::ObjectJson
            && b.recovered.iter().any(|r| r.contains("cut at its end"))),
        "{:#?}",
        a.blocks
    );
}

#[test]
fn json_cut_at_its_start_reads_the_items_after_the_cut() {
    let list = format!(
        "{{\n  \"items\": [\n{},\n{}\n  ],\n  \"kind\": \"List\"\n}}",
        vmi_json("web", "Running", 4),
        vmi_json("db", "Failed", 4)
    );
    // The paste starts inside web's status.
    let cut = &list[list.find("\"phase\": \"Running").unwrap()..];
    let a = read(&format!("      {cut}\n"));
    assert!(diagnosis(&a, "prod", "db").is_broken(), "{:#?}", a.blocks);
    assert!(
        a.blocks.iter().any(|b| b.format == BlockFormat::ObjectJson
            && b.recovered.iter().any(|r| r.contains("cut at its start"))),
        "{:#?}",
        a.blocks
    );
}

#[test]
fn a_broken_document_of_a_stream_is_named_and_the_others_are_read() {
    let yaml = "apiVersion: kubevirt.io/v1
kind: VirtualMachineInstance
metadata:
  name: web
  namespace: prod
status:
  phase: Running
---
apiVersion: kubevirt.io/v1
kind: VirtualMachineInstance
metadata:
  name: edited
  namespace: prod
status:
  phase: [Running
  nodeName: node02
---
apiVersion: kubevirt.io/v1
kind: VirtualMachineInstance
metadata:
  name: db
  namespace: prod
status:
  phase: Failed
";
    let a = read(yaml);
    assert!(diagnosis(&a, "prod", "db").is_broken(), "{:?}", names(&a));
    assert!(
        !names(&a).contains(&"prod/edited".to_string()),
        "{:?}",
        names(&a)
    );
    let n: Vec<String> = a
        .report
        .notes
        .iter()
        .map(|n| format!("{}: {}", n.origin, n.message))
        .collect();
    assert!(
        n.iter()
            .any(|m| m.contains("document 2") && m.contains("not read")),
        "{n:?}"
    );
    // Concatenated JSON (`kubectl get -o json` run twice), the second value hand-edited.
    let json = format!(
        "{}\n{}\n",
        vmi_json("db", "Failed", 0),
        vmi_json("web", "Running", 0).replace("\"Running\"", "Running")
    );
    let a = read(&json);
    assert!(diagnosis(&a, "prod", "db").is_broken(), "{:?}", names(&a));
    assert!(
        a.report
            .notes
            .iter()
            .any(|m| m.origin.to_string().contains("document 2")),
        "{:?}",
        a.report.notes
    );
}

#[test]
fn json_log_lines_between_prose_are_each_read() {
    let paste = concat!(
        "virt-handler keeps saying this:\n",
        r#"{"component":"virt-handler","kind":"VirtualMachineInstance","level":"error","msg":"Synchronizing the VirtualMachineInstance failed.","name":"db","namespace":"prod","pos":"vm.go:1700","reason":"failed to detect VMI pod: dial unix //pods/abc/volumes/kubernetes.io~empty-dir/sockets/launcher-sock: connect: connection refused","timestamp":"2024-05-02T08:00:00.000000Z"}"#,
        "\nthen, a minute later:\n",
        r#"{"component":"virt-handler","kind":"VirtualMachineInstance","level":"info","msg":"VMI is in phase: Failed","name":"db","namespace":"prod","pos":"vm.go:1650","timestamp":"2024-05-02T08:01:00.000000Z"}"#,
        "\n"
    );
    let a = read(paste);
    assert!(diagnosis(&a, "prod", "db").is_broken(), "{:?}", names(&a));
    let logs = a
        .blocks
        .iter()
        .filter(|b| b.format == BlockFormat::ComponentLog)
        .count();
    assert_eq!(logs, 2, "{:#?}", a.blocks);
}
