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
//!    broken one named in a note, never the whole paste lost;
//! 4. every column set kubectl prints for the kinds that matter (printers.go, KubeVirt's CRD
//!    printer columns in crds.go, CDI's DataVolume columns): default, `-o wide`, `-A`,
//!    `--show-labels`, `-L key` columns, `--no-headers` with the kind on the command line, for
//!    vm, vmi, vmim, pods, nodes, pvc, dv, VMI replica sets and migration policies;
//! 5. every pod STATUS word kubectl prints (printPod: phase, the kubelet's status reasons and
//!    admission rejections, `Init:` forms, container waiting and terminated reasons, `Signal:N`,
//!    `ExitCode:N`, `Terminating`) and node STATUS combination (printNode) means something and,
//!    when it is a fault, names its layer.

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

// ---- 4. every column set ----

/// A table as kubectl's tabwriter prints it: each column padded to its widest cell plus three
/// spaces.
fn tabwrite(rows: &[Vec<String>]) -> String {
    let n = rows.iter().map(Vec::len).max().unwrap_or(0);
    let width: Vec<usize> = (0..n)
        .map(|i| {
            rows.iter()
                .map(|r| r.get(i).map_or(0, String::len))
                .max()
                .unwrap_or(0)
        })
        .collect();
    rows.iter()
        .map(|r| {
            r.iter()
                .enumerate()
                .map(|(i, c)| format!("{c:<w$}", w = width[i] + 3))
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A row's cell for a column: the name, the status, an age, and a plausible value otherwise.
fn cell(col: &str, name: &str, status: &str) -> String {
    match col {
        "NAME" => name.into(),
        "NAMESPACE" => "prod".into(),
        "STATUS" | "PHASE" => status.into(),
        "AGE" => "5m".into(),
        "READY" => "0/2".into(),
        "RESTARTS" => "4 (2m ago)".into(),
        "IP" | "INTERNAL-IP" => "10.244.1.7".into(),
        "NODE" | "NODENAME" => "node01".into(),
        "VERSION" => "v1.29.2".into(),
        "ROLES" => "worker".into(),
        "LABELS" => "kubevirt.io=virt-launcher,vm.kubevirt.io/name=web".into(),
        "TIER2" => "gold".into(),
        "PROGRESS" => "N/A".into(),
        "DESIRED" | "CURRENT" => "3".into(),
        "VMI" => "web".into(),
        _ => "<none>".into(),
    }
}

/// Each kind's columns as the printers print them, with a failing status of its vocabulary
/// (`None`: the kind has none).
/// A resource name, its default columns, its `-o wide` columns, a failing status.
type Shape = (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
    Option<&'static str>,
);

const SHAPES: &[Shape] = &[
    (
        "vmi",
        &["NAME", "AGE", "PHASE", "IP", "NODENAME", "READY"],
        &["LIVE-MIGRATABLE", "PAUSED"],
        Some("Failed"),
    ),
    (
        "vm",
        &["NAME", "AGE", "STATUS", "READY"],
        &[],
        Some("ErrorUnschedulable"),
    ),
    ("vmim", &["NAME", "PHASE", "VMI"], &[], Some("Failed")),
    (
        "pods",
        &["NAME", "READY", "STATUS", "RESTARTS", "AGE"],
        &["IP", "NODE", "NOMINATED NODE", "READINESS GATES"],
        Some("CrashLoopBackOff"),
    ),
    (
        "nodes",
        &["NAME", "STATUS", "ROLES", "AGE", "VERSION"],
        &[
            "INTERNAL-IP",
            "EXTERNAL-IP",
            "OS-IMAGE",
            "KERNEL-VERSION",
            "CONTAINER-RUNTIME",
        ],
        Some("NotReady"),
    ),
    (
        "pvc",
        &[
            "NAME",
            "STATUS",
            "VOLUME",
            "CAPACITY",
            "ACCESS MODES",
            "STORAGECLASS",
            "VOLUMEATTRIBUTESCLASS",
            "AGE",
        ],
        &["VOLUMEMODE"],
        Some("Lost"),
    ),
    (
        "dv",
        &["NAME", "PHASE", "PROGRESS", "RESTARTS", "AGE"],
        &[],
        Some("Failed"),
    ),
    (
        "virtualmachineinstancereplicasets",
        &["NAME", "DESIRED", "CURRENT", "READY", "AGE"],
        &[],
        None,
    ),
    ("migrationpolicies", &["NAME", "AGE"], &[], None),
];

#[test]
fn every_column_set_of_every_kind_is_read_row_by_row() {
    let mut misses = Vec::new();
    for (resource, default, wide, failing) in SHAPES {
        let cluster = *resource == "nodes" || *resource == "migrationpolicies";
        // (flags, columns shown, header printed)
        let mut shapes: Vec<(String, Vec<&str>, bool)> = Vec::new();
        let mut wide_cols = default.to_vec();
        wide_cols.extend(*wide);
        let mut ns_cols = vec!["NAMESPACE"];
        ns_cols.extend(*default);
        let mut labelled = default.to_vec();
        labelled.extend(["TIER2", "LABELS"]);
        shapes.push((String::new(), default.to_vec(), true));
        shapes.push(("-o wide".into(), wide_cols.clone(), true));
        if !cluster {
            shapes.push(("-A".into(), ns_cols.clone(), true));
        }
        shapes.push(("-L example.com/tier2 --show-labels".into(), labelled, true));
        shapes.push(("--no-headers".into(), default.to_vec(), false));
        shapes.push(("-o wide --no-headers".into(), wide_cols, false));
        for (flags, cols, header) in shapes {
            let status = failing.unwrap_or("");
            let mut rows: Vec<Vec<String>> = Vec::new();
            if header {
                rows.push(cols.iter().map(|c| c.to_string()).collect());
            }
            rows.push(cols.iter().map(|c| cell(c, "web-x7k2p", status)).collect());
            let paste = format!("$ kubectl get {resource} {flags}\n{}\n", tabwrite(&rows));
            let a = read(&paste);
            let read_items: Vec<&str> = a
                .blocks
                .iter()
                .flat_map(|b| b.read.iter().map(|r| r.what.as_str()))
                .collect();
            let named = read_items.iter().any(|w| w.contains("web-x7k2p"));
            let judged = failing.is_none() || a.verdict().layer.is_some();
            if !named || !judged {
                misses.push(format!(
                    "{resource} {flags}: {read_items:?} {:?}",
                    a.verdict().title
                ));
            }
        }
    }
    assert!(misses.is_empty(), "{misses:#?}");
}

#[test]
fn a_header_without_its_command_names_its_kind_whatever_columns_follow() {
    // -A --show-labels of `kubectl get vm`, the prompt line cut away.
    let vm = "NAMESPACE   NAME   AGE   STATUS               READY   LABELS
prod        web    5m    ErrorUnschedulable   False   kubevirt.io/vm=web
";
    assert!(
        read(vm).verdict().layer.is_some(),
        "{:?}",
        read(vm).verdict()
    );
    // A -L column whose key ends in a digit.
    let pods = "NAME                      READY   STATUS             RESTARTS      AGE   TIER2
virt-launcher-web-x7k2p   1/2     CrashLoopBackOff   5 (30s ago)   9m    gold
";
    assert!(
        read(pods).verdict().layer.is_some(),
        "{:?}",
        read(pods).verdict()
    );
}

#[test]
fn an_apps_replica_set_is_not_a_vmi_replica_set() {
    // `kubectl get all -n kubevirt` prints a ReplicaSet table with a VMIRS's columns.
    let paste = "$ kubectl get all -n kubevirt
NAME                                        DESIRED   CURRENT   READY   AGE
replicaset.apps/virt-api-7d9c6f4b5f         2         2         2       40d
";
    // Nothing in it concerns a VM: it may be refused, but never read as a VMIRS.
    if let Ok(a) = analyse(paste, None) {
        let read_items: Vec<&str> = a
            .blocks
            .iter()
            .flat_map(|b| b.read.iter().map(|r| r.what.as_str()))
            .collect();
        assert!(
            !read_items
                .iter()
                .any(|w| w.contains("VirtualMachineInstanceReplicaSet")),
            "{read_items:?}"
        );
    }
}

// ---- 5. pod and node status words ----

/// Every word printPod can print for a launcher pod, with whether it is a fault.
const POD_WORDS: &[(&str, bool)] = &[
    // A launcher still Pending is a degraded node/launcher (signature `launcher-pending`).
    ("Pending", true),
    ("Running", false),
    ("Succeeded", false),
    ("Completed", false),
    ("ContainerCreating", false),
    ("PodInitializing", false),
    ("Init:0/3", false),
    ("Terminating", false),
    ("Init:Error", true),
    ("Init:CrashLoopBackOff", true),
    ("Init:OOMKilled", true),
    ("Init:Signal:9", true),
    ("Init:ExitCode:2", true),
    ("Init:ContainerStatusUnknown", true),
    ("Init:ImagePullBackOff", true),
    ("Init:CreateContainerConfigError", true),
    ("Init:CreatePodSandboxError", true),
    ("Signal:9", true),
    ("ExitCode:137", true),
    ("NodeLost", true),
    ("Evicted", true),
    ("SchedulingGated", true),
    ("ContainerStatusUnknown", true),
    ("NotReady", true),
    ("Unknown", true),
    ("Error", true),
    ("OOMKilled", true),
    ("CrashLoopBackOff", true),
    ("ErrImagePull", true),
    ("ImagePullBackOff", true),
    ("ImageInspectError", true),
    ("RegistryUnavailable", true),
    ("CreatePodSandboxError", true),
    ("CreateContainerConfigError", true),
    ("CreateContainerError", true),
    ("RunContainerError", true),
    ("PreCreateHookError", true),
    ("PostStartHookError", true),
    ("ContainerCannotRun", true),
    ("StartError", true),
    ("DeadlineExceeded", true),
    ("NodeAffinity", true),
    ("OutOfcpu", true),
    ("OutOfdevices.kubevirt.io/kvm", true),
    ("InvalidNodeInfo", true),
    ("PodOSNotSupported", true),
    ("UnexpectedAdmissionError", true),
    ("Preempting", true),
    ("Terminated", true),
];

#[test]
fn every_pod_status_word_means_something_and_a_fault_names_its_layer() {
    let mut misses = Vec::new();
    for (word, fault) in POD_WORDS {
        let rows = vec![
            ["NAME", "READY", "STATUS", "RESTARTS", "AGE"]
                .map(String::from)
                .to_vec(),
            ["virt-launcher-web-x7k2p", "0/2", word, "0", "3m"]
                .map(String::from)
                .to_vec(),
        ];
        let paste = format!("$ kubectl get pods -n prod\n{}\n", tabwrite(&rows));
        let a = read(&paste);
        let items: Vec<&str> = a
            .blocks
            .iter()
            .flat_map(|b| b.read.iter().map(|r| r.what.as_str()))
            .collect();
        if items.iter().any(|w| w.contains("does not know")) || items.is_empty() {
            misses.push(format!("{word}: {items:?}"));
            continue;
        }
        let layered = a.signals.iter().any(|s| s.line == 3 && s.layer.is_some());
        if layered != *fault {
            misses.push(format!("{word}: a fault? {layered}, expected {fault}"));
        }
    }
    assert!(misses.is_empty(), "{misses:#?}");
}

#[test]
fn every_node_status_combination_printnode_prints_is_judged() {
    for (status, health) in [
        ("Ready", None),
        ("Ready,SchedulingDisabled", Some(Health::Degraded)),
        ("NotReady", Some(Health::Broken)),
        ("NotReady,SchedulingDisabled", Some(Health::Broken)),
        ("Unknown", Some(Health::Broken)),
        ("Unknown,SchedulingDisabled", Some(Health::Broken)),
    ] {
        let rows = vec![
            ["NAME", "STATUS", "ROLES", "AGE", "VERSION"]
                .map(String::from)
                .to_vec(),
            ["node01", status, "worker", "40d", "v1.29.2"]
                .map(String::from)
                .to_vec(),
        ];
        let a = read(&format!("$ kubectl get nodes\n{}\n", tabwrite(&rows)));
        let got = a
            .signals
            .iter()
            .find(|s| s.line == 3 && s.layer == Some(model::verdict::Layer::Node))
            .map(|s| s.health);
        assert_eq!(got, health, "{status}");
    }
}
