//! Grouping a dump of objects into one evidence bundle per VMI (the CLI, the paste-a-dump page
//! and the backend all use [`group`]).
//!
//! A VMI's launcher pods are found through `status.activePods`, the `kubevirt.io/created-by`
//! label, the `kubevirt.io/domain` annotation and the pods named in `migrationState`; its
//! migrations through `spec.vmiName`; its events through `involvedObject`; its node by name.
//! Every lookup goes through an [`index`] built once, so grouping stays linear in the dump.

mod index;
#[cfg(test)]
mod reference;
#[cfg(test)]
mod same_as_reference;

use super::object::Object;
use crate::evidence::{Coverage, Evidence, Observed};
use crate::kube::vmi::Vmi;
use crate::kube::{
    CREATED_BY_LABEL, DOMAIN_ANNOTATION, Event, GuestAgentAnswer, GuestAgentInfo, MetricSample,
    Node, Pod, Vm, VmiKey, Vmim,
};
use crate::time::Timestamp;
use index::{Index, merged};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A dump grouped per VMI.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Dump {
    /// One bundle per VMI, plus one per VMI that is only named by a migration.
    pub bundles: Vec<Evidence>,
    /// Every node in the dump (for drain impact).
    pub nodes: Vec<Node>,
    /// Every VM in the dump.
    pub vms: Vec<Vm>,
    /// Every pod in the dump (for drain impact: hot-plug attachment and migration target pods
    /// block a drain).
    pub pods: Vec<Pod>,
    /// Pods and events that matched no VMI (counted for the report).
    pub unmatched: usize,
}

fn ns_eq(a: &str, b: &str) -> bool {
    a == b || a.is_empty() || b.is_empty()
}

/// The objects of a dump sorted by kind, and which kinds were there at all.
#[derive(Default)]
pub(super) struct ByKind {
    vmis: Vec<Vmi>,
    /// Where each VMI and each migration was in the dump (its position among all objects).
    vmi_at: Vec<usize>,
    vmim_at: Vec<usize>,
    vms: Vec<Vm>,
    vmims: Vec<Vmim>,
    pods: Vec<Pod>,
    nodes: Vec<Node>,
    events: Vec<Event>,
    agents: Vec<GuestAgentInfo>,
    agent_errors: Vec<(Option<String>, GuestAgentAnswer)>,
    metrics: Vec<MetricSample>,
    coverage: Coverage,
}

impl ByKind {
    fn sort(objects: Vec<Object>) -> ByKind {
        let mut k = ByKind::default();
        for (at, o) in objects.into_iter().enumerate() {
            match o {
                Object::Vmi(v) => {
                    k.vmi_at.push(at);
                    k.vmis.push(*v)
                }
                Object::Vm(v) => k.vms.push(*v),
                Object::Vmim(v) => {
                    k.coverage.migrations = true;
                    k.vmim_at.push(at);
                    k.vmims.push(*v)
                }
                Object::Pod(p) => {
                    k.coverage.pods = true;
                    k.pods.push(*p)
                }
                Object::Node(n) => {
                    k.coverage.nodes = true;
                    k.nodes.push(*n)
                }
                Object::Event(e) => {
                    k.coverage.events = true;
                    k.events.push(*e)
                }
                Object::GuestAgent(g) => k.agents.push(*g),
                Object::GuestAgentError { name, answer } => k.agent_errors.push((name, answer)),
                Object::Metrics(m) => k.metrics.extend(m),
            }
        }
        k
    }

    /// One key per VMI, with the VMI's position; VMIs named only by a migration get a key (and a
    /// bundle) of their own.
    fn keys(&mut self) -> Vec<(VmiKey, Option<Vmi>, Option<usize>)> {
        let mut keys: Vec<(VmiKey, Option<Vmi>, Option<usize>)> = std::mem::take(&mut self.vmis)
            .into_iter()
            .zip(self.vmi_at.iter().copied())
            .map(|(v, at)| (v.key(), Some(v), Some(at)))
            .collect();
        // The namespaces each name has a key in (an empty namespace matches any).
        let mut known: rustc_hash::FxHashMap<String, Vec<String>> = Default::default();
        for (k, _, _) in &keys {
            known
                .entry(k.name.clone())
                .or_default()
                .push(k.namespace.clone());
        }
        for m in &self.vmims {
            let key = VmiKey {
                cluster: String::new(),
                namespace: m.metadata.namespace().to_string(),
                name: m.spec.vmi_name.clone().unwrap_or_default(),
            };
            let namespaces = known.entry(key.name.clone()).or_default();
            if !namespaces.iter().any(|ns| ns_eq(ns, &key.namespace)) {
                namespaces.push(key.namespace.clone());
                keys.push((key, None, None));
            }
        }
        keys
    }
}

/// The state of one grouping pass: the objects, and which pods and events found a VMI.
struct Grouping {
    objects: ByKind,
    index: Index,
    observed_at: Option<Timestamp>,
    /// Only one VMI in the dump: unnamed objects belong to it.
    single: bool,
    /// The positions of the VMIs without a name (fragments such as a bare `status:`), in order:
    /// with several, a migration without a VMI name goes to the nearest one before it.
    unnamed_vmis: Vec<usize>,
    used_pods: Vec<bool>,
    used_events: Vec<bool>,
}

/// A bundle with the positions of its migrations and events, not yet placed in it.
struct Found {
    evidence: Evidence,
    migrations: Vec<usize>,
    events: Vec<usize>,
}

/// Item `i`, moved out when this is its last use, else cloned.
fn take_last<T: Clone + Default>(items: &mut [T], uses: &mut [u32], i: usize) -> T {
    uses[i] -= 1;
    if uses[i] == 0 {
        std::mem::take(&mut items[i])
    } else {
        items[i].clone()
    }
}

/// Groups parsed objects into per-VMI evidence bundles. `observed_at` is when the dump was taken,
/// when known.
pub fn group(objects: Vec<Object>, observed_at: Option<Timestamp>) -> Dump {
    let mut objects = ByKind::sort(objects);
    let keys = objects.keys();
    let unnamed_vmis = keys
        .iter()
        .filter(|(k, _, _)| k.name.is_empty())
        .filter_map(|(_, _, at)| *at)
        .collect();
    let mut g = Grouping {
        index: Index::build(&objects),
        single: keys.len() == 1,
        unnamed_vmis,
        used_pods: vec![false; objects.pods.len()],
        used_events: vec![false; objects.events.len()],
        objects,
        observed_at,
    };
    let found: Vec<Found> = keys
        .into_iter()
        .map(|(key, vmi, at)| g.bundle(key, vmi, at))
        .collect();
    let bundles = g.place(found);
    let unmatched =
        g.used_pods.iter().filter(|u| !**u).count() + g.used_events.iter().filter(|u| !**u).count();
    Dump {
        bundles,
        nodes: g.objects.nodes,
        vms: g.objects.vms,
        pods: g.objects.pods,
        unmatched,
    }
}

impl Grouping {
    fn observed<T>(&self, value: T) -> Observed<T> {
        Observed::new(value, self.observed_at)
    }

    fn bundle(&mut self, key: VmiKey, vmi: Option<Vmi>, at: Option<usize>) -> Found {
        let mut e = Evidence {
            key: key.clone(),
            coverage: self.objects.coverage,
            ..Default::default()
        };
        let migrations = self.migrations(&key, at);
        let uid = vmi
            .as_ref()
            .and_then(|v| v.metadata.uid.clone())
            .filter(|u| !u.is_empty());
        e.pods = self.pods(&key, vmi.as_ref(), uid.as_deref(), &migrations);
        let events = self.events(&key, uid.as_ref(), &e.pods, &migrations);
        let vms = &self.objects.vms;
        e.vm = self
            .index
            .vms_by_name
            .get(&key.name)
            .iter()
            .map(|&i| &vms[i])
            .find(|v| ns_eq(v.metadata.namespace(), &key.namespace))
            .cloned()
            .map(|v| self.observed(v));
        e.nodes = self.nodes(vmi.as_ref(), &e.pods);
        e.guest_agent = self.guest_agent(&key);
        e.metrics = self.metrics(&key);
        e.vmi = vmi.map(|v| self.observed(v));
        Found {
            evidence: e,
            migrations,
            events,
        }
    }

    /// Puts each bundle's migrations and events in it: moved into the last bundle that has one
    /// (the dump keeps none of them), cloned into the others.
    fn place(&mut self, found: Vec<Found>) -> Vec<Evidence> {
        let mut migration_uses = vec![0u32; self.objects.vmims.len()];
        let mut event_uses = vec![0u32; self.objects.events.len()];
        for f in &found {
            f.migrations.iter().for_each(|&i| migration_uses[i] += 1);
            f.events.iter().for_each(|&i| event_uses[i] += 1);
        }
        let at = self.observed_at;
        let (vmims, events) = (&mut self.objects.vmims, &mut self.objects.events);
        found
            .into_iter()
            .map(|f| {
                let mut e = f.evidence;
                e.migrations = f
                    .migrations
                    .into_iter()
                    .map(|i| Observed::new(take_last(vmims, &mut migration_uses, i), at))
                    .collect();
                e.events = f
                    .events
                    .into_iter()
                    .map(|i| Observed::new(take_last(events, &mut event_uses, i), at))
                    .collect();
                e
            })
            .collect()
    }

    /// The positions of the VMI's migrations.
    fn migrations(&self, key: &VmiKey, at: Option<usize>) -> Vec<usize> {
        let (vmims, vmim_at) = (&self.objects.vmims, &self.objects.vmim_at);
        // Several unnamed VMIs: each unnamed migration belongs to one of them, not to all.
        let nearest_only = key.name.is_empty() && self.unnamed_vmis.len() > 1;
        self.index
            .vmims_by_vmi
            .get(&key.name)
            .iter()
            .filter(|&&i| !nearest_only || at == Some(self.nearest_unnamed_vmi(vmim_at[i])))
            .filter(|&&i| ns_eq(vmims[i].metadata.namespace(), &key.namespace))
            .copied()
            .collect()
    }

    /// The unnamed VMI last before position `at`, or the first one when none is before it.
    fn nearest_unnamed_vmi(&self, at: usize) -> usize {
        let before = self.unnamed_vmis.partition_point(|&p| p < at);
        self.unnamed_vmis[before.saturating_sub(1)]
    }

    fn pods(
        &mut self,
        key: &VmiKey,
        vmi: Option<&Vmi>,
        uid: Option<&str>,
        migrations: &[usize],
    ) -> Vec<Observed<Pod>> {
        let mut pod_names: Vec<String> = Vec::new();
        if let Some(ms) = vmi.and_then(|v| v.status.migration_state.as_ref()) {
            pod_names.extend(ms.target_pod.iter().chain(ms.source_pod.iter()).cloned());
        }
        for &m in migrations {
            if let Some(ms) = &self.objects.vmims[m].status.migration_state {
                pod_names.extend(ms.target_pod.iter().chain(ms.source_pod.iter()).cloned());
            }
        }
        let unnamed_single = self.single && key.name.is_empty();
        let candidates: Vec<usize> = if unnamed_single {
            (0..self.objects.pods.len()).collect()
        } else {
            let ix = &self.index;
            let active = vmi.into_iter().flat_map(|v| v.status.active_pods.keys());
            merged(
                uid.map(|u| ix.pods_by_created_by.get(u))
                    .into_iter()
                    .chain(active.map(|u| ix.pods_by_uid.get(u)))
                    .chain(std::iter::once(ix.pods_by_domain.get(&key.name)))
                    .chain(pod_names.iter().map(|n| ix.pods_by_name.get(n))),
            )
        };
        let mut found = Vec::with_capacity(candidates.len());
        for i in candidates {
            let p = &self.objects.pods[i];
            let pod_uid = p.metadata.uid.as_deref().unwrap_or("");
            let by_uid = uid.is_some_and(|u| {
                p.metadata.labels.get(CREATED_BY_LABEL).map(String::as_str) == Some(u)
            });
            let by_active = !pod_uid.is_empty()
                && vmi.is_some_and(|v| v.status.active_pods.contains_key(pod_uid));
            let same_ns = ns_eq(p.metadata.namespace(), &key.namespace);
            let by_domain = same_ns
                && p.metadata
                    .annotations
                    .get(DOMAIN_ANNOTATION)
                    .map(String::as_str)
                    == Some(key.name.as_str());
            let by_name = same_ns && pod_names.iter().any(|n| n == p.metadata.name());
            let unnamed_launcher = unnamed_single && p.is_launcher();
            if by_uid || by_active || by_domain || by_name || unnamed_launcher {
                self.used_pods[i] = true;
                found.push(Observed::new(p.clone(), self.observed_at));
            }
        }
        found
    }

    /// The positions of the VMI's events.
    fn events(
        &mut self,
        key: &VmiKey,
        uid: Option<&String>,
        pods: &[Observed<Pod>],
        migrations: &[usize],
    ) -> Vec<usize> {
        let pod_names: Vec<&str> = pods.iter().map(|p| p.value.metadata.name()).collect();
        let vmims = &self.objects.vmims;
        let vmim_names: Vec<&str> = migrations
            .iter()
            .map(|&m| vmims[m].metadata.name())
            .collect();
        let candidates: Vec<usize> = if self.single && key.name.is_empty() {
            (0..self.objects.events.len()).collect()
        } else {
            let ix = &self.index;
            let by_name = |n: &&str| ix.events_by_name.get(n);
            merged(
                uid.map(|u| ix.events_by_uid.get(u))
                    .into_iter()
                    .chain(std::iter::once(ix.events_by_name.get(&key.name)))
                    .chain(vmim_names.iter().map(by_name))
                    .chain(pod_names.iter().map(by_name)),
            )
        };
        let mut found = Vec::with_capacity(candidates.len());
        for i in candidates {
            let ev = &self.objects.events[i];
            let io = &ev.involved_object;
            let (kind, name, ns) = (
                io.kind.as_deref().unwrap_or(""),
                io.name.as_deref().unwrap_or(""),
                io.namespace.as_deref().unwrap_or(""),
            );
            let uid_match = uid.is_some() && io.uid.as_ref() == uid;
            let hit = uid_match
                || (ns_eq(ns, &key.namespace)
                    && match kind {
                        "VirtualMachineInstance" | "VirtualMachine" => name == key.name,
                        "VirtualMachineInstanceMigration" => vmim_names.contains(&name),
                        "Pod" => pod_names.contains(&name),
                        _ => false,
                    })
                || (self.single && key.name.is_empty() && kind == "VirtualMachineInstance");
            if hit {
                self.used_events[i] = true;
                found.push(i);
            }
        }
        found
    }

    /// The VMI's node, its evacuation and migration nodes and its pods' nodes.
    fn nodes(&self, vmi: Option<&Vmi>, pods: &[Observed<Pod>]) -> Vec<Observed<Arc<Node>>> {
        let mut node_names: Vec<String> = Vec::new();
        if let Some(v) = vmi {
            node_names.extend(v.status.node_name.iter().cloned());
            node_names.extend(v.status.evacuation_node_name.iter().cloned());
            node_names.extend(v.status.active_pods.values().cloned());
            if let Some(ms) = &v.status.migration_state {
                node_names.extend(ms.target_node.iter().chain(ms.source_node.iter()).cloned());
            }
        }
        node_names.extend(
            pods.iter()
                .filter_map(|p| p.value.node().map(str::to_string)),
        );
        let nodes = &self.objects.nodes;
        let at = if self.single && node_names.is_empty() && nodes.len() == 1 {
            vec![0]
        } else {
            merged(node_names.iter().map(|n| self.index.nodes_by_name.get(n)))
        };
        at.into_iter()
            .map(|i| self.observed(Arc::new(nodes[i].clone())))
            .collect()
    }

    fn guest_agent(&self, key: &VmiKey) -> Option<Observed<GuestAgentAnswer>> {
        let agents = &self.objects.agents;
        let agent = self
            .index
            .agents_by_name
            .get(&key.name)
            .iter()
            .map(|&i| &agents[i])
            .find(|a| ns_eq(a.metadata.namespace(), &key.namespace))
            .or_else(|| {
                if self.single && agents.len() == 1 {
                    agents.first()
                } else {
                    None
                }
            });
        agent
            .map(|a| GuestAgentAnswer::Info(Box::new(a.clone())))
            .or_else(|| {
                let errors = &self.objects.agent_errors;
                let named = |(n, _): &&(Option<String>, GuestAgentAnswer)| {
                    n.as_deref() == Some(key.name.as_str()) || (self.single && n.is_none())
                };
                if self.single {
                    errors.iter().find(named)
                } else {
                    let at = self.index.agent_errors_by_name.get(&key.name);
                    at.iter().map(|&i| &errors[i]).find(named)
                }
                .map(|(_, a)| a.clone())
            })
            .map(|a| self.observed(a))
    }

    fn metrics(&self, key: &VmiKey) -> Vec<MetricSample> {
        let (samples, keys) = (&self.objects.metrics, &self.index.metric_keys);
        let fits = |i: &usize| match &keys[*i] {
            Some((ns, name)) => *name == key.name && ns_eq(ns, &key.namespace),
            None => self.single,
        };
        let at: Vec<usize> = if self.single {
            (0..samples.len()).filter(fits).collect()
        } else {
            let named = self.index.metrics_by_name.get(&key.name);
            named.iter().copied().filter(fits).collect()
        };
        at.into_iter().map(|i| samples[i].clone()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::parse::parse;

    #[test]
    fn groups_pods_migrations_events_and_nodes() {
        let input = r#"
kind: VirtualMachineInstance
metadata: {name: web, namespace: prod, uid: vmi-uid}
status:
  nodeName: node-1
  activePods: {pod-a: node-1}
---
kind: Pod
metadata: {name: virt-launcher-web-a, namespace: prod, uid: pod-a}
---
kind: Pod
metadata: {name: virt-launcher-web-b, namespace: prod, uid: pod-b, labels: {kubevirt.io/created-by: vmi-uid}}
---
kind: Pod
metadata: {name: virt-launcher-other, namespace: prod, uid: pod-c, labels: {kubevirt.io/created-by: other}}
---
kind: VirtualMachineInstanceMigration
metadata: {name: mig-1, namespace: prod}
spec: {vmiName: web}
---
kind: VirtualMachineInstanceMigration
metadata: {name: mig-2, namespace: prod}
spec: {vmiName: db}
---
kind: Event
metadata: {name: e1, namespace: prod}
involvedObject: {kind: VirtualMachineInstanceMigration, name: mig-1, namespace: prod}
reason: Migrating
---
kind: Node
metadata: {name: node-1}
---
kind: Node
metadata: {name: node-9}
"#;
        let objects = parse(input)
            .unwrap()
            .objects
            .into_iter()
            .map(|l| l.object)
            .collect();
        let dump = group(objects, None);
        assert_eq!(dump.bundles.len(), 2);
        let web = &dump.bundles[0];
        assert_eq!(web.pods.len(), 2);
        assert_eq!(web.migrations.len(), 1);
        assert_eq!(web.events.len(), 1);
        assert_eq!(web.nodes.len(), 1);
        assert!(web.coverage.pods && web.coverage.events);
        let db = &dump.bundles[1];
        assert!(db.vmi.is_none());
        assert_eq!(db.key.name, "db");
        assert_eq!(db.migrations.len(), 1);
        assert_eq!(dump.unmatched, 1);
    }
}
