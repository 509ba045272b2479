//! The lookups grouping needs, built once per dump: which pods, events, migrations, VMs, nodes,
//! guest agents and samples carry a given name, uid, label or annotation. Each answer is a list of
//! positions in the dump's order, so a bundle looks at its few candidates instead of every object
//! (grouping a dump of N VMIs stays linear, not N²). The candidates are then checked with the same
//! rules as before (namespaces, kinds), so the index only narrows, never decides.

use super::ByKind;
use crate::kube::{CREATED_BY_LABEL, DOMAIN_ANNOTATION};
use rustc_hash::FxHashMap;

/// Positions per key.
#[derive(Default)]
pub(super) struct Positions(FxHashMap<String, Vec<usize>>);

impl Positions {
    /// Adds `at` under `key` (an empty key too: a fragment's VMI has an empty name).
    fn add(&mut self, key: &str, at: usize) {
        match self.0.get_mut(key) {
            Some(v) => v.push(at),
            None => {
                self.0.insert(key.to_string(), vec![at]);
            }
        }
    }

    /// The positions of `key`, in the dump's order.
    pub(super) fn get(&self, key: &str) -> &[usize] {
        self.0.get(key).map(Vec::as_slice).unwrap_or(&[])
    }
}

/// Every lookup of one dump.
#[derive(Default)]
pub(super) struct Index {
    /// Migrations by `spec.vmiName`.
    pub vmims_by_vmi: Positions,
    /// Pods by `kubevirt.io/created-by` label, by uid, by `kubevirt.io/domain` annotation, by name.
    pub pods_by_created_by: Positions,
    pub pods_by_uid: Positions,
    pub pods_by_domain: Positions,
    pub pods_by_name: Positions,
    /// Events by `involvedObject.uid` and by `involvedObject.name`.
    pub events_by_uid: Positions,
    pub events_by_name: Positions,
    /// VMs, nodes and guest agents by name.
    pub vms_by_name: Positions,
    pub nodes_by_name: Positions,
    pub agents_by_name: Positions,
    /// Guest-agent errors by the VMI they name.
    pub agent_errors_by_name: Positions,
    /// Samples by the name of the VMI they carry (`name` or `vmi` label), with its namespace.
    pub metrics_by_name: Positions,
    pub metric_keys: Vec<Option<(String, String)>>,
}

impl Index {
    pub(super) fn build(k: &ByKind) -> Index {
        let mut ix = Index::default();
        for (i, m) in k.vmims.iter().enumerate() {
            ix.vmims_by_vmi
                .add(m.spec.vmi_name.as_deref().unwrap_or(""), i);
        }
        for (i, p) in k.pods.iter().enumerate() {
            let md = &p.metadata;
            if let Some(u) = md.labels.get(CREATED_BY_LABEL) {
                ix.pods_by_created_by.add(u, i);
            }
            ix.pods_by_uid.add(md.uid.as_deref().unwrap_or(""), i);
            if let Some(d) = md.annotations.get(DOMAIN_ANNOTATION) {
                ix.pods_by_domain.add(d, i);
            }
            ix.pods_by_name.add(md.name(), i);
        }
        for (i, e) in k.events.iter().enumerate() {
            let io = &e.involved_object;
            ix.events_by_uid.add(io.uid.as_deref().unwrap_or(""), i);
            ix.events_by_name.add(io.name.as_deref().unwrap_or(""), i);
        }
        for (i, v) in k.vms.iter().enumerate() {
            ix.vms_by_name.add(v.metadata.name(), i);
        }
        for (i, n) in k.nodes.iter().enumerate() {
            ix.nodes_by_name.add(n.metadata.name(), i);
        }
        for (i, a) in k.agents.iter().enumerate() {
            ix.agents_by_name.add(a.metadata.name(), i);
        }
        for (i, (n, _)) in k.agent_errors.iter().enumerate() {
            ix.agent_errors_by_name.add(n.as_deref().unwrap_or(""), i);
        }
        ix.metric_keys = k.metrics.iter().map(|s| s.vmi_key()).collect();
        for (i, key) in ix.metric_keys.iter().enumerate() {
            if let Some((_, name)) = key {
                ix.metrics_by_name.add(name, i);
            }
        }
        ix
    }
}

/// Positions from several lists, each once, in the dump's order.
pub(super) fn merged<'a>(lists: impl IntoIterator<Item = &'a [usize]>) -> Vec<usize> {
    let mut all: Vec<usize> = lists.into_iter().flatten().copied().collect();
    all.sort_unstable();
    all.dedup();
    all
}
