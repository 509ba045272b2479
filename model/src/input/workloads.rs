//! `kubectl get` tables of what installs KubeVirt and CDI, read for what they say of the
//! control plane: the apps workloads (Deployments, DaemonSets, ReplicaSets, StatefulSets, alone
//! or in a `kubectl get all`) and the KubeVirt custom resource. A workload whose ready count is
//! short of what it wants points at its layer (virt-handler's DaemonSet at the nodes, every
//! other one at the control plane); an operator listed in a namespace-wide listing without any
//! of the components it deploys means the install never finished; a KubeVirt resource with no
//! phase, or deploying or deleting, says the same.
//!
//! Columns from kubectl's printers (k8s.io/kubernetes `pkg/printers/internalversion/printers.go`:
//! deployments NAME READY UP-TO-DATE AVAILABLE AGE; daemon sets NAME DESIRED CURRENT READY
//! UP-TO-DATE AVAILABLE NODE SELECTOR AGE; replica sets NAME DESIRED CURRENT READY AGE; stateful
//! sets NAME READY AGE). The KubeVirt resource's phases are `KubeVirtPhase` in KubeVirt's
//! `staging/src/kubevirt.io/api/core/v1/types.go` (unset, Deploying, Deployed, Deleting,
//! Deleted). The components each operator deploys: KubeVirt's
//! `pkg/virt-operator/resource/generate/components/deployments.go` (virt-api, virt-controller)
//! and `daemonsets.go` (virt-handler); CDI's `pkg/operator/resources/namespaced/` (cdi-apiserver,
//! cdi-deployment, cdi-uploadproxy).

use super::blocks::Block;
use super::read::ReadPaste;
use super::table::read_table;
use crate::evidence::Signal;
use crate::verdict::{Health, Layer};

/// An operator and the components it deploys (any one of them shows it has begun).
const OPERATORS: &[(&str, &[&str])] = &[
    (
        "virt-operator",
        &["virt-api", "virt-controller", "virt-handler"],
    ),
    (
        "cdi-operator",
        &["cdi-apiserver", "cdi-deployment", "cdi-uploadproxy"],
    ),
];

/// The kinds a listing row may be, from its `kind/` prefix or the command.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Workload {
    Deployment,
    DaemonSet,
    ReplicaSet,
    StatefulSet,
    KubeVirt,
    Other,
}

fn workload_of(word: &str) -> Option<Workload> {
    let w = word.split('.').next().unwrap_or("").to_ascii_lowercase();
    Some(match w.as_str() {
        "deploy" | "deployment" | "deployments" => Workload::Deployment,
        "ds" | "daemonset" | "daemonsets" => Workload::DaemonSet,
        "rs" | "replicaset" | "replicasets" => Workload::ReplicaSet,
        "sts" | "statefulset" | "statefulsets" => Workload::StatefulSet,
        "kv" | "kvs" | "kubevirt" | "kubevirts" => Workload::KubeVirt,
        "all" | "po" | "pod" | "pods" => Workload::Other,
        _ => return None,
    })
}

/// The resource a `kubectl get` command lists, and whether it lists a whole namespace (no
/// object named, no pipe through `grep`).
fn command_listing(command: &str) -> Option<(Workload, bool)> {
    let (cmd, piped) = match command.split_once('|') {
        Some((c, _)) => (c, true),
        None => (command, false),
    };
    let words: Vec<&str> = cmd.split_whitespace().collect();
    let get = words.iter().position(|w| *w == "get")?;
    let mut args = Vec::new();
    let mut skip = false;
    for w in &words[get + 1..] {
        if skip {
            skip = false;
        } else if matches!(*w, "-n" | "--namespace" | "-o" | "-l" | "--selector") {
            skip = true;
        } else if !w.starts_with('-') {
            args.push(*w);
        }
    }
    let first = args.first()?;
    let kind = first.split(',').find_map(workload_of)?;
    let whole = !piped && args.len() == 1 && !first.contains('/');
    Some((kind, whole))
}

/// Reads one table block: its workload rows' readiness, the KubeVirt resource's phase, and
/// (for a namespace-wide listing) the names it holds.
pub fn read_block(block: &Block<'_>, out: &mut ReadPaste) {
    let listing = block.command.and_then(command_listing);
    if block.command.is_some() {
        out.workloads.open = listing.is_some_and(|l| l.1);
    }
    let Some(t) = read_table(&block.text, block.lines.first, block.command) else {
        return;
    };
    let name_col = t.col(&["NAME"]);
    let ready_col = t.col(&["READY"]);
    let desired_col = t.col(&["DESIRED"]);
    let phase_col = t.col(&["PHASE"]);
    let has = |n: &str| t.col(&[n]).is_some();
    let header_kind = if has("UP-TO-DATE") && has("DESIRED") {
        Some(Workload::DaemonSet)
    } else if has("UP-TO-DATE") {
        Some(Workload::Deployment)
    } else if has("DESIRED") && has("CURRENT") {
        Some(Workload::ReplicaSet)
    } else {
        None
    };
    for r in &t.rows {
        let full = r.cell(name_col);
        if full.is_empty() || full.contains(char::is_whitespace) {
            continue;
        }
        let (prefix, name) = match full.rsplit_once('/') {
            Some((k, n)) => (workload_of(k), n),
            None => (None, full),
        };
        let kind = prefix
            .or(header_kind)
            .or(listing.map(|l| l.0))
            .unwrap_or(Workload::Other);
        if out.workloads.open {
            out.workloads
                .names
                .push((name.to_string(), r.line, r.text.trim().to_string()));
        }
        let signal = match kind {
            Workload::KubeVirt if phase_col.is_some() => kubevirt_phase(r.cell(phase_col)),
            Workload::Deployment | Workload::StatefulSet => {
                short(name, ratio(r.cell(ready_col)), kind)
            }
            Workload::DaemonSet | Workload::ReplicaSet => {
                let want = r.cell(desired_col).parse().ok();
                let have = r.cell(ready_col).parse().ok();
                short(name, have.zip(want), kind)
            }
            _ => None,
        };
        if let Some(mut s) = signal {
            s.line = r.line;
            s.excerpt = r.text.trim().to_string();
            out.signals.push(s);
        }
    }
}

/// A `kubectl describe` of a DaemonSet or Deployment, read for the same shortfall as its table
/// row: kubectl's describers (`staging/src/k8s.io/kubectl/pkg/describe/describe.go`) print a
/// DaemonSet's `Desired Number of Nodes Scheduled: N` and `Number of Nodes Scheduled with
/// Available Pods: M`, and a Deployment's `Replicas: N desired | … | M available | …`.
pub fn read_describe(block: &Block<'_>, out: &mut ReadPaste) {
    let mut name = None;
    let (mut want, mut have, mut at) = (None, None, (0, ""));
    let mut kind = Workload::DaemonSet;
    for (i, line) in block.text.iter().enumerate() {
        let Some((key, value)) = line.split_once(':') else {
            continue;
        };
        let (key, value) = (key.trim(), value.trim());
        match key {
            "Name" if name.is_none() => name = Some(value),
            "Desired Number of Nodes Scheduled" => want = value.parse::<u32>().ok(),
            "Number of Nodes Scheduled with Available Pods" => {
                have = value.parse::<u32>().ok();
                at = (block.lines.first + i, *line);
            }
            "Replicas" if value.contains(" desired") => {
                kind = Workload::Deployment;
                let count = |word: &str| {
                    value.split('|').find_map(|p| {
                        let (n, w) = p.trim().split_once(' ')?;
                        (w.trim() == word).then(|| n.parse::<u32>().ok()).flatten()
                    })
                };
                (want, have) = (count("desired"), count("available"));
                at = (block.lines.first + i, *line);
            }
            _ => {}
        }
    }
    let Some(name) = name else { return };
    if let Some(mut s) = short(name, have.zip(want), kind) {
        s.line = at.0;
        s.excerpt = at.1.trim().to_string();
        s.from = "a kubectl describe of a workload".into();
        out.signals.push(s);
    }
}

/// `1/2` → (1, 2).
fn ratio(cell: &str) -> Option<(u32, u32)> {
    let (a, b) = cell.split_once('/')?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

fn signal(id: String, layer: Layer, health: Health, title: String, cause: &str) -> Signal {
    Signal {
        signature: Some(id),
        layer: Some(layer),
        plane: None,
        health,
        title,
        cause: cause.to_string(),
        next_steps: vec![
            "kubectl get kubevirt -A -o yaml (status.phase, conditions)".into(),
            "kubectl get pods -n <namespace> and kubectl describe the workload (events)".into(),
        ],
        source: "k8s.io/kubernetes pkg/printers/internalversion/printers.go; KubeVirt \
            pkg/virt-operator/resource/generate/components"
            .into(),
        line: 0,
        from: "a kubectl get workload table row".into(),
        excerpt: String::new(),
    }
}

/// A workload with fewer ready replicas than it wants.
fn short(name: &str, ready: Option<(u32, u32)>, kind: Workload) -> Option<Signal> {
    let (have, want) = ready?;
    if have >= want {
        return None;
    }
    let layer = if name == "virt-handler" {
        Layer::Node
    } else {
        Layer::ControlPlane
    };
    let health = if have == 0 {
        Health::Broken
    } else {
        Health::Degraded
    };
    Some(signal(
        format!("workload-not-ready:{name}"),
        layer,
        health,
        format!("{kind:?} {name} has {have} of {want} replicas ready"),
        "a component's pods are not all ready: what it serves (the API's webhooks, the \
         controllers, the node agent) is missing or partial until they are",
    ))
}

/// The KubeVirt resource's PHASE cell.
fn kubevirt_phase(phase: &str) -> Option<Signal> {
    let (health, what) = match phase {
        "Deployed" => return None,
        "" => (
            Health::Degraded,
            "has no phase: virt-operator has not begun deploying KubeVirt",
        ),
        "Deploying" => (
            Health::Degraded,
            "is Deploying: KubeVirt's components are not all up",
        ),
        "Deleting" | "Deleted" => (Health::Broken, "is being deleted: KubeVirt is going away"),
        _ => return None,
    };
    Some(signal(
        format!("kubevirt-phase:{phase}"),
        Layer::ControlPlane,
        health,
        format!("the KubeVirt resource {what}"),
        "the KubeVirt custom resource's phase says how far virt-operator got: until it is \
         Deployed, virt-api, virt-controller and virt-handler are not all serving, and VMs \
         cannot be created or started",
    ))
}

/// Once every block is read: an operator listed without any component it deploys.
pub fn settle(out: &mut ReadPaste) {
    let names = std::mem::take(&mut out.workloads.names);
    for (operator, operands) in OPERATORS {
        let Some((_, line, excerpt)) = names.iter().find(|(n, _, _)| is_named(n, operator)) else {
            continue;
        };
        if operands
            .iter()
            .any(|c| names.iter().any(|(n, _, _)| is_named(n, c)))
        {
            continue;
        }
        let mut s = signal(
            format!("operator-without-operands:{operator}"),
            Layer::ControlPlane,
            Health::Broken,
            format!(
                "{operator} runs but none of its components ({}) is deployed",
                operands.join(", ")
            ),
            "the namespace lists the operator and nothing it deploys: the install never \
             finished (the operator's custom resource missing or stuck, the operator failing \
             to create its components), so the API it serves is absent",
        );
        s.line = *line;
        s.excerpt = excerpt.clone();
        s.from = "a namespace-wide kubectl get listing".into();
        out.signals.push(s);
    }
    out.workloads.names = names;
}

/// `virt-api`, or a pod or replica set of it (`virt-api-5d4f…-x2x9z`).
fn is_named(name: &str, component: &str) -> bool {
    name == component
        || name
            .strip_prefix(component)
            .is_some_and(|r| r.starts_with('-'))
}
