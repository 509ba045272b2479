//! The grouping as it was before the [`super::index`]: every bundle scans every object (N² in the
//! number of VMIs). Kept, for tests only, as the reference the indexed grouping must equal.

use super::Dump;
use crate::evidence::{Coverage, Evidence, Observed};
use crate::input::object::Object;
use crate::kube::vmi::Vmi;
use crate::kube::{
    CREATED_BY_LABEL, DOMAIN_ANNOTATION, Event, GuestAgentAnswer, GuestAgentInfo, MetricSample,
    Node, Pod, Vm, VmiKey, Vmim,
};
use crate::time::Timestamp;
use std::sync::Arc;

fn ns_eq(a: &str, b: &str) -> bool {
    a == b || a.is_empty() || b.is_empty()
}

/// The objects of a dump sorted by kind, and which kinds were there at all.
#[derive(Default)]
struct ByKind {
    vmis: Vec<Vmi>,
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
        for o in objects {
            match o {
                Object::Vmi(v) => k.vmis.push(*v),
                Object::Vm(v) => k.vms.push(*v),
                Object::Vmim(v) => {
                    k.coverage.migrations = true;
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

    /// One key per VMI; VMIs named only by a migration get a key (and a bundle) of their own.
    fn keys(&mut self) -> Vec<(VmiKey, Option<Vmi>)> {
        let mut keys: Vec<(VmiKey, Option<Vmi>)> = std::mem::take(&mut self.vmis)
            .into_iter()
            .map(|v| (v.key(), Some(v)))
            .collect();
        for m in &self.vmims {
            let key = VmiKey {
                cluster: String::new(),
                namespace: m.metadata.namespace().to_string(),
                name: m.spec.vmi_name.clone().unwrap_or_default(),
            };
            if !keys
                .iter()
                .any(|(k, _)| k.name == key.name && ns_eq(&k.namespace, &key.namespace))
            {
                keys.push((key, None));
            }
        }
        keys
    }
}

/// The state of one grouping pass: the objects, and which pods and events found a VMI.
struct Grouping {
    objects: ByKind,
    observed_at: Option<Timestamp>,
    /// Only one VMI in the dump: unnamed objects belong to it.
    single: bool,
    used_pods: Vec<bool>,
    used_events: Vec<bool>,
}

/// Groups parsed objects into per-VMI evidence bundles. `observed_at` is when the dump was taken,
/// when known.
pub fn group_reference(objects: Vec<Object>, observed_at: Option<Timestamp>) -> Dump {
    let mut objects = ByKind::sort(objects);
    let keys = objects.keys();
    let mut g = Grouping {
        single: keys.len() == 1,
        used_pods: vec![false; objects.pods.len()],
        used_events: vec![false; objects.events.len()],
        objects,
        observed_at,
    };
    let bundles = keys
        .into_iter()
        .map(|(key, vmi)| g.bundle(key, vmi))
        .collect();
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

    fn bundle(&mut self, key: VmiKey, vmi: Option<Vmi>) -> Evidence {
        let mut e = Evidence {
            key: key.clone(),
            coverage: self.objects.coverage,
            ..Default::default()
        };
        e.migrations = self.migrations(&key);
        let uid = vmi
            .as_ref()
            .and_then(|v| v.metadata.uid.clone())
            .filter(|u| !u.is_empty());
        e.pods = self.pods(&key, vmi.as_ref(), uid.as_deref(), &e.migrations);
        e.events = self.events(&key, uid.as_ref(), &e);
        e.vm = self
            .objects
            .vms
            .iter()
            .find(|v| {
                v.metadata.name() == key.name && ns_eq(v.metadata.namespace(), &key.namespace)
            })
            .cloned()
            .map(|v| self.observed(v));
        e.nodes = self.nodes(vmi.as_ref(), &e.pods);
        e.guest_agent = self.guest_agent(&key);
        e.metrics = self.metrics(&key);
        e.vmi = vmi.map(|v| self.observed(v));
        e
    }

    fn migrations(&self, key: &VmiKey) -> Vec<Observed<Vmim>> {
        self.objects
            .vmims
            .iter()
            .filter(|m| {
                m.spec.vmi_name.as_deref().unwrap_or("") == key.name
                    && ns_eq(m.metadata.namespace(), &key.namespace)
            })
            .cloned()
            .map(|m| self.observed(m))
            .collect()
    }

    fn pods(
        &mut self,
        key: &VmiKey,
        vmi: Option<&Vmi>,
        uid: Option<&str>,
        migrations: &[Observed<Vmim>],
    ) -> Vec<Observed<Pod>> {
        let mut pod_names: Vec<String> = Vec::new();
        if let Some(ms) = vmi.and_then(|v| v.status.migration_state.as_ref()) {
            pod_names.extend(ms.target_pod.iter().chain(ms.source_pod.iter()).cloned());
        }
        for m in migrations {
            if let Some(ms) = &m.value.status.migration_state {
                pod_names.extend(ms.target_pod.iter().chain(ms.source_pod.iter()).cloned());
            }
        }
        let mut found = Vec::new();
        for (i, p) in self.objects.pods.iter().enumerate() {
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
            let unnamed_single = self.single && key.name.is_empty() && p.is_launcher();
            if by_uid || by_active || by_domain || by_name || unnamed_single {
                self.used_pods[i] = true;
                found.push(Observed::new(p.clone(), self.observed_at));
            }
        }
        found
    }

    fn events(&mut self, key: &VmiKey, uid: Option<&String>, e: &Evidence) -> Vec<Observed<Event>> {
        let pod_names: Vec<&str> = e.pods.iter().map(|p| p.value.metadata.name()).collect();
        let vmim_names: Vec<&str> = e
            .migrations
            .iter()
            .map(|m| m.value.metadata.name())
            .collect();
        let mut found = Vec::new();
        for (i, ev) in self.objects.events.iter().enumerate() {
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
                found.push(Observed::new(ev.clone(), self.observed_at));
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
        nodes
            .iter()
            .filter(|n| {
                node_names.iter().any(|x| x == n.metadata.name())
                    || (self.single && node_names.is_empty() && nodes.len() == 1)
            })
            .map(|n| self.observed(Arc::new(n.clone())))
            .collect()
    }

    fn guest_agent(&self, key: &VmiKey) -> Option<Observed<GuestAgentAnswer>> {
        let agents = &self.objects.agents;
        let agent = agents
            .iter()
            .find(|a| {
                a.metadata.name() == key.name && ns_eq(a.metadata.namespace(), &key.namespace)
            })
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
                self.objects
                    .agent_errors
                    .iter()
                    .find(|(n, _)| {
                        n.as_deref() == Some(key.name.as_str()) || (self.single && n.is_none())
                    })
                    .map(|(_, a)| a.clone())
            })
            .map(|a| self.observed(a))
    }

    fn metrics(&self, key: &VmiKey) -> Vec<MetricSample> {
        self.objects
            .metrics
            .iter()
            .filter(|s| match s.vmi_key() {
                Some((ns, name)) => name == key.name && ns_eq(&ns, &key.namespace),
                None => self.single,
            })
            .cloned()
            .collect()
    }
}
