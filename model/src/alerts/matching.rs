//! Which objects an alert's labels name, and whether it concerns one VMI.
//!
//! KubeVirt's VM alerts carry `namespace` and a `vm` label (`withVMLabel` in
//! `pkg/monitoring/rules/alerts/vms.go` copies `name` into `vm`); `KubeVirtVMIExcessiveMigrations`
//! carries `vmi`; node alerts carry `node`; older launcher alerts carry the launcher `pod`. A VM
//! and its VMI share namespace and name. Component alerts carry the KubeVirt install namespace
//! and nothing else (`alerts.go` sets it), so a bare `namespace` names nothing.

use super::{Alert, Scope, known};
use crate::kube::VmiKey;
use serde::{Deserialize, Serialize};

/// One object an alert names.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Target {
    /// A VM and the VMI of the same name (label `vm`).
    Vm { namespace: String, name: String },
    /// A VMI (label `vmi`).
    Vmi { namespace: String, name: String },
    /// A pod, e.g. a VMI's launcher (label `pod`).
    Pod { namespace: String, name: String },
    /// A node (label `node`).
    Node { name: String },
    /// A migration object (label `vmim`).
    Migration { namespace: String, name: String },
    /// Nothing more specific: the cluster or a KubeVirt component.
    Cluster,
}

impl Target {
    /// The VMI a VM or VMI target names.
    pub fn vmi_key(&self) -> Option<VmiKey> {
        match self {
            Target::Vm { namespace, name } | Target::Vmi { namespace, name } => Some(VmiKey {
                cluster: String::new(),
                namespace: namespace.clone(),
                name: name.clone(),
            }),
            _ => None,
        }
    }
}

/// Every object the alert's labels name ([`Target::Cluster`] when none).
pub fn targets(a: &Alert) -> Vec<Target> {
    let mut out = Vec::new();
    let ns = a.label("namespace");
    let named = |label: &str| {
        ns.zip(a.label(label))
            .map(|(n, v)| (n.to_string(), v.to_string()))
    };
    if let Some((namespace, name)) = named("vm") {
        out.push(Target::Vm { namespace, name });
    }
    if let Some((namespace, name)) = named("vmi") {
        let t = Target::Vmi { namespace, name };
        if out.first().and_then(Target::vmi_key) != t.vmi_key() {
            out.push(t);
        }
    }
    if let Some((namespace, name)) = named("pod") {
        out.push(Target::Pod { namespace, name });
    }
    if let Some((namespace, name)) = named("vmim") {
        out.push(Target::Migration { namespace, name });
    }
    if let Some(n) = a.label("node") {
        out.push(Target::Node {
            name: n.to_string(),
        });
    }
    if out.is_empty() {
        out.push(Target::Cluster);
    }
    out
}

/// What identifies one VMI for matching: its key, its node(s), its pods and migrations.
#[derive(Debug, Clone, Copy)]
pub struct Involved<'a> {
    pub key: &'a VmiKey,
    /// The VMI's node and, while it migrates, the target node.
    pub nodes: &'a [&'a str],
    pub pods: &'a [&'a str],
    pub migrations: &'a [&'a str],
}

/// The alert's scope: the catalogue's for an alert KubeVirt ships; for others, a VMI when the
/// labels name one, a node when they name only a node, else the cluster.
pub fn scope(a: &Alert, t: &[Target]) -> Scope {
    if let Some(k) = known(&a.name) {
        return k.scope;
    }
    if t.iter()
        .any(|t| !matches!(t, Target::Node { .. } | Target::Cluster))
    {
        Scope::Vmi
    } else if t.iter().any(|t| matches!(t, Target::Node { .. })) {
        Scope::Node
    } else {
        Scope::Cluster
    }
}

/// Whether the alert concerns the VMI `v`: its labels name it (as VM, VMI, one of its pods or
/// migrations); or it is a node alert about its node; or it stops every VMI (no virt-handler or
/// virt-controller at all). A VMI alert that only carries the node it runs on (e.g.
/// `VMCannotBeEvicted`) concerns that VMI alone. An alert is matched within the cluster whose
/// Prometheus or Alertmanager it was read from, and KubeVirt's rules label no cluster
/// (`pkg/monitoring/rules/alerts/vms.go`), so the VMI's namespace and name are compared, not
/// the cluster its key names.
pub fn concerns(a: &Alert, v: &Involved) -> bool {
    let t = targets(a);
    let direct = t.iter().any(|t| match t {
        Target::Vm { .. } | Target::Vmi { .. } => t
            .vmi_key()
            .is_some_and(|k| k.namespace == v.key.namespace && k.name == v.key.name),
        Target::Pod { namespace, name } => {
            *namespace == v.key.namespace && v.pods.contains(&name.as_str())
        }
        Target::Migration { namespace, name } => {
            *namespace == v.key.namespace && v.migrations.contains(&name.as_str())
        }
        Target::Node { .. } | Target::Cluster => false,
    });
    direct
        || match scope(a, &t) {
            Scope::Node => t.iter().any(|t| match t {
                Target::Node { name } => v.nodes.contains(&name.as_str()),
                _ => false,
            }),
            Scope::EveryVmi => true,
            Scope::Vmi | Scope::Cluster => false,
        }
}
