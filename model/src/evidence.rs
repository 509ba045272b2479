//! Evidence bundles: everything known about one VMI, and the grouping of a dump of objects into
//! one bundle per VMI (the CLI, the paste-a-dump page and the backend all use [`group`]).
//!
//! A VMI's launcher pods are found through `status.activePods`, the `kubevirt.io/created-by`
//! label, the `kubevirt.io/domain` annotation and the pods named in `migrationState`; its
//! migrations through `spec.vmiName`; its events through `involvedObject`; its node by name.

use crate::kube::VmiKey;
use crate::kube::vmi::Vmi;
use crate::kube::{
    CREATED_BY_LABEL, DOMAIN_ANNOTATION, Event, GuestAgentAnswer, MetricSample, Node, Pod, Vm, Vmim,
};
use crate::parse::Object;
use crate::time::Timestamp;
use serde::{Deserialize, Serialize};

/// A piece of evidence with the time it was observed (`None`: unknown, e.g. a pasted dump).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Observed<T> {
    pub value: T,
    pub observed_at: Option<Timestamp>,
}

impl<T> Observed<T> {
    /// Wraps a value observed at `at`.
    pub fn new(value: T, at: Option<Timestamp>) -> Self {
        Observed {
            value,
            observed_at: at,
        }
    }
}

/// Which kinds of objects were collected at all. When a kind was collected, the absence of a
/// matching object is evidence; when it was not, absence means "not known".
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Coverage {
    pub pods: bool,
    pub migrations: bool,
    pub events: bool,
    pub nodes: bool,
}

/// Everything known about one VMI.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Evidence {
    /// The VMI's namespace/name (from the VMI, or from a migration's `spec.vmiName`).
    pub key: VmiKey,
    pub vmi: Option<Observed<Vmi>>,
    pub vm: Option<Observed<Vm>>,
    pub pods: Vec<Observed<Pod>>,
    pub migrations: Vec<Observed<Vmim>>,
    pub events: Vec<Observed<Event>>,
    /// The VMI's node and any other node involved (migration target, evacuated node).
    pub nodes: Vec<Observed<Node>>,
    pub guest_agent: Option<Observed<GuestAgentAnswer>>,
    /// Samples carry their own timestamps.
    pub metrics: Vec<MetricSample>,
    pub coverage: Coverage,
    /// The cluster-wide default eviction strategy (`KubeVirt.spec.configuration.evictionStrategy`),
    /// when known.
    pub cluster_eviction_strategy: Option<String>,
}

impl Evidence {
    /// A bundle with only a VMI (what the overview has).
    pub fn from_vmi(vmi: Vmi, observed_at: Option<Timestamp>) -> Evidence {
        Evidence {
            key: vmi.key(),
            vmi: Some(Observed::new(vmi, observed_at)),
            ..Default::default()
        }
    }
    /// Whom explanations and next steps name: this VMI, its node and uid.
    pub fn subject(&self) -> crate::explain::Subject {
        let vmi = self.vmi();
        crate::explain::Subject {
            namespace: self.key.namespace.clone(),
            name: self.key.name.clone(),
            node: vmi.and_then(|v| v.status.node_name.clone()),
            uid: vmi.and_then(|v| v.metadata.uid.clone()),
            migration: None,
            pod: None,
        }
    }
    /// The VMI, if known.
    pub fn vmi(&self) -> Option<&Vmi> {
        self.vmi.as_ref().map(|o| &o.value)
    }
    /// A node by name.
    pub fn node(&self, name: &str) -> Option<&Node> {
        self.nodes
            .iter()
            .map(|o| &o.value)
            .find(|n| n.metadata.name() == name)
    }
}

/// A dump grouped per VMI.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Dump {
    /// One bundle per VMI, plus one per VMI that is only named by a migration.
    pub bundles: Vec<Evidence>,
    /// Every node in the dump (for drain impact).
    pub nodes: Vec<Node>,
    /// Every VM in the dump.
    pub vms: Vec<Vm>,
    /// Pods and events that matched no VMI (counted for the report).
    pub unmatched: usize,
}

fn ns_eq(a: &str, b: &str) -> bool {
    a == b || a.is_empty() || b.is_empty()
}

/// Groups parsed objects into per-VMI evidence bundles. `observed_at` is when the dump was taken,
/// when known.
pub fn group(objects: Vec<Object>, observed_at: Option<Timestamp>) -> Dump {
    let mut vmis = Vec::new();
    let mut vms = Vec::new();
    let mut vmims = Vec::new();
    let mut pods = Vec::new();
    let mut nodes = Vec::new();
    let mut events = Vec::new();
    let mut agents = Vec::new();
    let mut agent_errors: Vec<(Option<String>, GuestAgentAnswer)> = Vec::new();
    let mut metrics = Vec::new();
    let mut coverage = Coverage::default();
    for o in objects {
        match o {
            Object::Vmi(v) => vmis.push(*v),
            Object::Vm(v) => vms.push(*v),
            Object::Vmim(v) => {
                coverage.migrations = true;
                vmims.push(*v)
            }
            Object::Pod(p) => {
                coverage.pods = true;
                pods.push(*p)
            }
            Object::Node(n) => {
                coverage.nodes = true;
                nodes.push(*n)
            }
            Object::Event(e) => {
                coverage.events = true;
                events.push(*e)
            }
            Object::GuestAgent(g) => agents.push(*g),
            Object::GuestAgentError { name, answer } => agent_errors.push((name, answer)),
            Object::Metrics(m) => metrics.extend(m),
        }
    }
    // VMIs named only by a migration get a bundle of their own.
    let mut keys: Vec<(VmiKey, Option<Vmi>)> =
        vmis.into_iter().map(|v| (v.key(), Some(v))).collect();
    for m in &vmims {
        let key = VmiKey {
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
    let single = keys.len() == 1;
    let mut used_pods = vec![false; pods.len()];
    let mut used_events = vec![false; events.len()];
    let mut bundles = Vec::new();
    for (key, vmi) in keys {
        let mut e = Evidence {
            key: key.clone(),
            coverage,
            ..Default::default()
        };
        let matches_name = |ns: &str, name: &str| name == key.name && ns_eq(ns, &key.namespace);
        e.migrations = vmims
            .iter()
            .filter(|m| {
                matches_name(
                    m.metadata.namespace(),
                    m.spec.vmi_name.as_deref().unwrap_or(""),
                )
            })
            .cloned()
            .map(|m| Observed::new(m, observed_at))
            .collect();
        let uid = vmi
            .as_ref()
            .and_then(|v| v.metadata.uid.clone())
            .filter(|u| !u.is_empty());
        let mut pod_names: Vec<String> = Vec::new();
        if let Some(v) = &vmi
            && let Some(ms) = &v.status.migration_state
        {
            pod_names.extend(ms.target_pod.iter().chain(ms.source_pod.iter()).cloned());
        }
        for m in &e.migrations {
            if let Some(ms) = &m.value.status.migration_state {
                pod_names.extend(ms.target_pod.iter().chain(ms.source_pod.iter()).cloned());
            }
        }
        for (i, p) in pods.iter().enumerate() {
            let pod_uid = p.metadata.uid.as_deref().unwrap_or("");
            let by_uid = uid.as_deref().is_some_and(|u| {
                p.metadata.labels.get(CREATED_BY_LABEL).map(String::as_str) == Some(u)
            });
            let by_active = !pod_uid.is_empty()
                && vmi
                    .as_ref()
                    .is_some_and(|v| v.status.active_pods.contains_key(pod_uid));
            let same_ns = ns_eq(p.metadata.namespace(), &key.namespace);
            let by_domain = same_ns
                && p.metadata
                    .annotations
                    .get(DOMAIN_ANNOTATION)
                    .map(String::as_str)
                    == Some(key.name.as_str());
            let by_name = same_ns && pod_names.iter().any(|n| n == p.metadata.name());
            let unnamed_single = single && key.name.is_empty() && p.is_launcher();
            if by_uid || by_active || by_domain || by_name || unnamed_single {
                used_pods[i] = true;
                e.pods.push(Observed::new(p.clone(), observed_at));
            }
        }
        let pod_names_found: Vec<String> = e
            .pods
            .iter()
            .map(|p| p.value.metadata.name().to_string())
            .collect();
        let vmim_names: Vec<String> = e
            .migrations
            .iter()
            .map(|m| m.value.metadata.name().to_string())
            .collect();
        for (i, ev) in events.iter().enumerate() {
            let io = &ev.involved_object;
            let (kind, name, ns) = (
                io.kind.as_deref().unwrap_or(""),
                io.name.as_deref().unwrap_or(""),
                io.namespace.as_deref().unwrap_or(""),
            );
            let uid_match = uid.is_some() && io.uid == uid;
            let hit = uid_match
                || (ns_eq(ns, &key.namespace)
                    && match kind {
                        "VirtualMachineInstance" | "VirtualMachine" => name == key.name,
                        "VirtualMachineInstanceMigration" => vmim_names.iter().any(|n| n == name),
                        "Pod" => pod_names_found.iter().any(|n| n == name),
                        _ => false,
                    })
                || (single && key.name.is_empty() && kind == "VirtualMachineInstance");
            if hit {
                used_events[i] = true;
                e.events.push(Observed::new(ev.clone(), observed_at));
            }
        }
        e.vm = vms
            .iter()
            .find(|v| {
                v.metadata.name() == key.name && ns_eq(v.metadata.namespace(), &key.namespace)
            })
            .cloned()
            .map(|v| Observed::new(v, observed_at));
        let mut node_names: Vec<String> = Vec::new();
        if let Some(v) = &vmi {
            node_names.extend(v.status.node_name.iter().cloned());
            node_names.extend(v.status.evacuation_node_name.iter().cloned());
            node_names.extend(v.status.active_pods.values().cloned());
            if let Some(ms) = &v.status.migration_state {
                node_names.extend(ms.target_node.iter().chain(ms.source_node.iter()).cloned());
            }
        }
        node_names.extend(
            e.pods
                .iter()
                .filter_map(|p| p.value.node().map(str::to_string)),
        );
        e.nodes = nodes
            .iter()
            .filter(|n| {
                node_names.iter().any(|x| x == n.metadata.name())
                    || (single && node_names.is_empty() && nodes.len() == 1)
            })
            .cloned()
            .map(|n| Observed::new(n, observed_at))
            .collect();
        let agent = agents
            .iter()
            .find(|a| {
                a.metadata.name() == key.name && ns_eq(a.metadata.namespace(), &key.namespace)
            })
            .or_else(|| {
                if single && agents.len() == 1 {
                    agents.first()
                } else {
                    None
                }
            });
        e.guest_agent = agent
            .map(|a| GuestAgentAnswer::Info(Box::new(a.clone())))
            .or_else(|| {
                agent_errors
                    .iter()
                    .find(|(n, _)| {
                        n.as_deref() == Some(key.name.as_str()) || (single && n.is_none())
                    })
                    .map(|(_, a)| a.clone())
            })
            .map(|a| Observed::new(a, observed_at));
        e.metrics = metrics
            .iter()
            .filter(|s| match s.vmi_key() {
                Some((ns, name)) => name == key.name && ns_eq(&ns, &key.namespace),
                None => single,
            })
            .cloned()
            .collect();
        e.vmi = vmi.map(|v| Observed::new(v, observed_at));
        bundles.push(e);
    }
    let unmatched =
        used_pods.iter().filter(|u| !**u).count() + used_events.iter().filter(|u| !**u).count();
    Dump {
        bundles,
        nodes,
        vms,
        unmatched,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse;

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
