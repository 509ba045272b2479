//! Evidence bundles: everything known about one VMI ([`Evidence`]), each piece [`Observed`] at a
//! time, and which kinds were collected at all ([`Coverage`]). A pasted dump is grouped into
//! bundles by `input::group`; the backend builds them from its watches.

use crate::alerts::{Alert, AlertSource, Involved, concerns};
use crate::kube::VmiKey;
use crate::kube::vmi::Vmi;
use crate::kube::{Event, GuestAgentAnswer, MetricSample, Node, Pod, Vm, Vmim};
use crate::time::Timestamp;
use crate::verdict::{Health, Layer};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

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
    /// The VMI's node and any other node involved (migration target, evacuated node). Shared,
    /// not copied: thousands of VMIs run on one node, and a backend builds a bundle per VMI
    /// from the one node it keeps (issue 32: copying and dropping each VMI's node was about 6 %
    /// of a fleet's start). Written and read as the nodes themselves.
    #[serde(with = "shared_nodes")]
    pub nodes: Vec<Observed<Arc<Node>>>,
    pub guest_agent: Option<Observed<GuestAgentAnswer>>,
    /// Samples carry their own timestamps.
    pub metrics: Vec<MetricSample>,
    pub coverage: Coverage,
    /// The cluster-wide default eviction strategy (`KubeVirt.spec.configuration.evictionStrategy`),
    /// when known.
    pub cluster_eviction_strategy: Option<String>,
    /// Lines of a paste that are not objects (logs, events, errors), each read as a signal.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub signals: Vec<Signal>,
    /// Alerts that may concern the VMI (the diagnosis keeps those that do, [`Evidence::alerts`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alerts: Vec<Alert>,
    /// Where alerts come from (`None`: not known, e.g. a paste).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alert_source: Option<AlertSource>,
}

/// [`Evidence::nodes`] written and read as plain nodes (serde's own `Arc` support is a feature
/// that would rebuild every crate depending on serde).
mod shared_nodes {
    use super::{Arc, Node, Observed};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(
        nodes: &[Observed<Arc<Node>>],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        let plain: Vec<Observed<&Node>> = nodes
            .iter()
            .map(|o| Observed::new(&*o.value, o.observed_at))
            .collect();
        plain.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Vec<Observed<Arc<Node>>>, D::Error> {
        let plain = Vec::<Observed<Node>>::deserialize(d)?;
        Ok(plain
            .into_iter()
            .map(|o| Observed::new(Arc::new(o.value), o.observed_at))
            .collect())
    }
}

/// One line of a paste read as evidence: the known message it matches (or none), what it says
/// about which layer, and the line it came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Signal {
    /// The catalogue signature's id (`None`: an error line no signature knows).
    pub signature: Option<String>,
    /// The layer it points at (`None`: it says nothing about a layer, e.g. known noise).
    pub layer: Option<Layer>,
    /// For migration signals: `control` (before data moves) or `data` (the transfer itself).
    pub plane: Option<SignalPlane>,
    /// What it implies for its layer: Broken, Degraded, or Unknown for noise.
    pub health: Health,
    pub title: String,
    /// The cause, in plain words.
    pub cause: String,
    pub next_steps: Vec<String>,
    /// Where the message comes from (KubeVirt source file, or the corpus item).
    pub source: String,
    /// The paste's line (1-based).
    pub line: usize,
    /// What kind of line it is, e.g. `a virt-launcher log line`, `an events listing row`.
    pub from: String,
    /// The line itself, cut to a readable length.
    pub excerpt: String,
}

/// The migration plane a signal belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SignalPlane {
    /// Controller, scheduling, target pod, admission: before data moves.
    Control,
    /// The libvirt/QEMU transfer itself.
    Data,
}

impl Signal {
    /// `from a virt-launcher log line (line 12)`: what a verdict resting on it says.
    pub fn rests_on(&self) -> String {
        format!("from {} (line {})", self.from, self.line)
    }

    /// Reads the line again as no fault (a state by design, an expected outcome, noise): it
    /// blames no layer and says why under its new signature. Its line, excerpt and source stay.
    pub fn reread_as_noise(
        &mut self,
        signature: impl Into<String>,
        title: impl Into<String>,
        cause: impl Into<String>,
        next_steps: Vec<String>,
    ) {
        self.signature = Some(signature.into());
        self.layer = None;
        self.plane = None;
        self.health = Health::Unknown;
        self.title = title.into();
        self.cause = cause.into();
        self.next_steps = next_steps;
    }
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
            .map(|o| &*o.value)
            .find(|n| n.metadata.name() == name)
    }
    /// The alerts of the bundle that concern this VMI ([`crate::alerts::concerns`]): by its key,
    /// its nodes (its own and a migration target), its pods and its migrations.
    pub fn alerts(&self) -> Vec<&Alert> {
        if self.alerts.is_empty() {
            return Vec::new();
        }
        let vmi = self.vmi();
        let mut nodes: Vec<&str> = Vec::new();
        if let Some(v) = vmi {
            nodes.extend(v.status.node_name.as_deref());
            if let Some(m) = &v.status.migration_state {
                nodes.extend(m.target_node.as_deref());
            }
        }
        let pods: Vec<&str> = self.pods.iter().map(|p| p.value.metadata.name()).collect();
        let migrations: Vec<&str> = self
            .migrations
            .iter()
            .map(|m| m.value.metadata.name())
            .collect();
        let v = Involved {
            key: &self.key,
            nodes: &nodes,
            pods: &pods,
            migrations: &migrations,
        };
        self.alerts.iter().filter(|a| concerns(a, &v)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kube::FromJson;

    /// The shared nodes are written as plain nodes, with their observation times, and read back.
    #[test]
    fn nodes_are_written_and_read_as_plain_nodes() {
        let node = Node::from_json(&serde_json::json!({"metadata": {"name": "worker-a"},
            "status": {"conditions": [{"type": "Ready", "status": "True"}]}}));
        let at = Timestamp::parse("2026-11-30T08:00:00Z");
        let e = Evidence {
            nodes: vec![Observed::new(Arc::new(node.clone()), at)],
            ..Evidence::default()
        };
        let text = serde_json::to_value(&e).unwrap();
        assert_eq!(
            text["nodes"][0],
            serde_json::to_value(Observed::new(&node, at)).unwrap()
        );
        let back: Evidence = serde_json::from_value(text).unwrap();
        assert_eq!(back, e);
        assert_eq!(back.node("worker-a"), Some(&node));
    }
}
