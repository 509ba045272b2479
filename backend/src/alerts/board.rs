//! The last read of the alerts, indexed so that a VMI's candidates are found without a scan:
//! by the namespace its labels name, by node, and those that concern every VMI. Replaced as a
//! whole on each read.

use model::alerts::{Alert, AlertSource, Scope, Target, targets};
use parking_lot::RwLock;
use std::collections::BTreeMap;
use std::sync::Arc;

/// One read, indexed.
#[derive(Debug)]
pub struct Snapshot {
    pub source: AlertSource,
    pub alerts: Vec<Alert>,
    by_namespace: BTreeMap<String, Vec<usize>>,
    by_node: BTreeMap<String, Vec<usize>>,
    every: Vec<usize>,
}

impl Snapshot {
    /// `alerts` as read from `source`, indexed.
    pub fn new(source: AlertSource, alerts: Vec<Alert>) -> Snapshot {
        let mut s = Snapshot {
            source,
            alerts,
            by_namespace: BTreeMap::new(),
            by_node: BTreeMap::new(),
            every: Vec::new(),
        };
        for (i, a) in s.alerts.iter().enumerate() {
            let t = targets(a);
            let mut namespaces: Vec<&str> = Vec::new();
            for t in &t {
                match t {
                    Target::Vm { namespace, .. }
                    | Target::Vmi { namespace, .. }
                    | Target::Pod { namespace, .. }
                    | Target::Migration { namespace, .. } => namespaces.push(namespace),
                    Target::Node { name } => s.by_node.entry(name.clone()).or_default().push(i),
                    Target::Cluster => {}
                }
            }
            namespaces.dedup();
            for ns in namespaces {
                s.by_namespace.entry(ns.to_string()).or_default().push(i);
            }
            if model::alerts::matching::scope(a, &t) == Scope::EveryVmi {
                s.every.push(i);
            }
        }
        s
    }

    /// The alerts that may concern a VMI in `namespace` on `nodes` (the model decides which do).
    pub fn candidates(&self, namespace: &str, nodes: &[&str]) -> Vec<Alert> {
        let mut idx: Vec<usize> = self.every.clone();
        idx.extend(self.by_namespace.get(namespace).into_iter().flatten());
        for n in nodes {
            idx.extend(self.by_node.get(*n).into_iter().flatten());
        }
        idx.sort_unstable();
        idx.dedup();
        idx.into_iter().map(|i| self.alerts[i].clone()).collect()
    }
}

/// The board every reader shares.
#[derive(Debug)]
pub struct Board {
    now: RwLock<Arc<Snapshot>>,
}

impl Default for Board {
    fn default() -> Self {
        Board {
            now: RwLock::new(Arc::new(Snapshot::new(
                AlertSource::NotConfigured,
                Vec::new(),
            ))),
        }
    }
}

impl Board {
    /// The current snapshot.
    pub fn get(&self) -> Arc<Snapshot> {
        self.now.read().clone()
    }
    /// Replaces the snapshot; returns the one it replaced.
    pub fn set(&self, s: Snapshot) -> Arc<Snapshot> {
        std::mem::replace(&mut *self.now.write(), Arc::new(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use model::alerts::AlertState;

    fn a(labels: &[(&str, &str)]) -> Alert {
        Alert::new(labels.iter().copied(), [], AlertState::Firing, None)
    }

    #[test]
    fn candidates_by_namespace_node_and_every() {
        let s = Snapshot::new(
            AlertSource::NotConfigured,
            vec![
                a(&[
                    ("alertname", "VMCannotBeEvicted"),
                    ("namespace", "prod"),
                    ("vm", "x"),
                    ("node", "n1"),
                ]),
                a(&[
                    ("alertname", "OrphanedVirtualMachineInstances"),
                    ("namespace", "kubevirt"),
                    ("node", "n2"),
                ]),
                a(&[("alertname", "VirtHandlerDown"), ("namespace", "kubevirt")]),
                a(&[("alertname", "LowKVMNodesCount"), ("namespace", "kubevirt")]),
            ],
        );
        let names = |v: Vec<Alert>| v.into_iter().map(|a| a.name).collect::<Vec<_>>();
        assert_eq!(
            names(s.candidates("prod", &["n3"])),
            ["VMCannotBeEvicted", "VirtHandlerDown"]
        );
        assert_eq!(
            names(s.candidates("dev", &["n2"])),
            ["OrphanedVirtualMachineInstances", "VirtHandlerDown"]
        );
    }
}
