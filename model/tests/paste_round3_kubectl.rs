//! Round 3 of reading what people paste (continued from `paste_round3.rs`), shaped after the
//! source that prints it:
//!
//! 1. every column set kubectl prints for the kinds that matter (printers.go, KubeVirt's CRD
//!    printer columns in crds.go, CDI's DataVolume columns): default, `-o wide`, `-A`,
//!    `--show-labels`, `-L key` columns, `--no-headers` with the kind on the command line, for
//!    vm, vmi, vmim, pods, nodes, pvc, dv, VMI replica sets and migration policies;
//! 2. every pod STATUS word kubectl prints (printPod: phase, the kubelet's status reasons and
//!    admission rejections, `Init:` forms, container waiting and terminated reasons, `Signal:N`,
//!    `ExitCode:N`, `Terminating`) and node STATUS combination (printNode) means something and,
//!    when it is a fault, names its layer.

use model::input::{Analysis, analyse};
use model::verdict::Health;

fn read(paste: &str) -> Analysis {
    analyse(paste, None).unwrap_or_else(|e| panic!("cannot read: {e}\n{paste}"))
}

// ---- 1. every column set ----

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

// ---- 2. pod and node status words ----

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
    // A launcher pod being deleted, shown alone, is the state someone pasted because it does not
    // end (round 4): the node, degraded.
    ("Terminating", true),
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
        // A cordon alone is an intent, not a fault (round 8, `input/vocab/node.rs`).
        ("Ready,SchedulingDisabled", None),
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
