//! The compact projection of one VMI that the overview shows and the stream carries.

use crate::diagnosis::diagnose;
use crate::evidence::Evidence;
use crate::kube::VmiKey;
use crate::kube::vmi::Vmi;
use crate::time::Timestamp;
use crate::verdict::{Health, Layer};
use serde::{Deserialize, Serialize};

/// What the overview card of one VMI needs. Small on purpose: one per VMI is kept by the backend
/// and sent to every browser, so fields at their default (absent, false) are left out of the JSON.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VmiSummary {
    pub key: VmiKey,
    /// `metadata.uid`: which object this is (a VMI deleted and created again under the same
    /// name is another one). The flight recorder keys history by it; the stream's compact form
    /// leaves it out (browsers do not need it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uid: Option<Box<str>>,
    /// `status.phase` verbatim; empty when unset.
    pub phase: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node: Option<String>,
    /// `status.interfaces[0].ipAddress`, as the `kubectl get vmi` IP column shows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ip: Option<String>,
    /// `Paused=True` condition present (the phase stays `Running` when paused).
    #[serde(default, skip_serializing_if = "is_false")]
    pub paused: bool,
    /// `LiveMigratable` True/False; `None` when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub live_migratable: Option<bool>,
    /// The `LiveMigratable=False` reason, verbatim.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_migratable_reason: Option<String>,
    /// Guest agent state.
    #[serde(default)]
    pub agent: AgentState,
    /// The migration in progress, if any. Boxed: most VMIs are not migrating, and the backend
    /// keeps one summary per VMI (56 bytes less each when there is none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub migration: Option<Box<MigrationBrief>>,
    /// Per-layer verdict at a glance, from what the backend knows cheaply (the VMI, its launcher
    /// pods, nodes and migrations).
    #[serde(default)]
    pub layers: LayerGlance,
    /// The diagnosis headline from the same evidence, without its leading `namespace/name: `.
    #[serde(default)]
    pub headline: String,
    /// How many firing alerts KubeVirt ships concern the VMI (`crate::alerts`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub alerts: u16,
    /// When the VMI last changed state as its object tells ([`last_change`]): the overview
    /// puts the newest change first within a verdict.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub changed: Option<Timestamp>,
}

/// When `vmi` last changed state, as its object records it: the newest of its phase
/// transitions and its conditions' transitions (KubeVirt's
/// `staging/src/kubevirt.io/api/core/v1/types.go`: `VirtualMachineInstanceStatus.
/// PhaseTransitionTimestamps`, `VirtualMachineInstanceCondition.LastTransitionTime`), else its
/// creation; `None` when it records no time that parses.
pub fn last_change(vmi: &Vmi) -> Option<Timestamp> {
    let phases = vmi
        .status
        .phase_transition_timestamps
        .iter()
        .filter_map(|p| p.phase_transition_timestamp.as_deref());
    let conditions = vmi
        .status
        .conditions
        .iter()
        .filter_map(|c| c.last_transition_time.as_deref());
    phases
        .chain(conditions)
        .filter_map(Timestamp::parse)
        .max()
        .or_else(|| {
            vmi.metadata
                .creation_timestamp
                .as_deref()
                .and_then(Timestamp::parse)
        })
}

/// For `skip_serializing_if`: a zero is left out.
pub(crate) fn is_zero(n: &u16) -> bool {
    *n == 0
}

/// For `skip_serializing_if`: a `false` is left out.
pub(crate) fn is_false(b: &bool) -> bool {
    !b
}

/// Guest agent state as the VMI shows it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AgentState {
    /// `AgentConnected` absent.
    #[default]
    Absent,
    /// `AgentConnected=True`.
    Connected,
    /// Connected, but `AgentVersionNotSupported=True`.
    Unsupported,
}

/// A migration in progress, as far as the VMI shows it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct MigrationBrief {
    /// `PreCopy`, `PostCopy`, `Paused` or unknown verbatim.
    #[serde(default)]
    pub mode: Option<String>,
    #[serde(default)]
    pub target_node: Option<String>,
    /// Percent done, when metrics are known (never from the VMI alone).
    #[serde(default)]
    pub percent: Option<f64>,
}

/// The verdict of every layer of the diagnosis, in [`Layer::ALL`] order: the overview's chips and
/// verdict, and what the flight recorder follows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LayerGlance {
    #[serde(default)]
    pub control_plane: Health,
    #[serde(default)]
    pub node: Health,
    #[serde(default)]
    pub guest: Health,
    #[serde(default)]
    pub network: Health,
    #[serde(default)]
    pub migration: Health,
}

impl LayerGlance {
    /// The health of every layer, in [`Layer::ALL`] order.
    pub fn all(&self) -> [Health; 5] {
        [
            self.control_plane,
            self.node,
            self.guest,
            self.network,
            self.migration,
        ]
    }

    /// The worst layer: the VMI's verdict at a glance, the diagnosis' overall verdict (a
    /// migration that is failing makes the VMI broken at a glance, as its headline says).
    pub fn worst(&self) -> Health {
        self.all()
            .into_iter()
            .fold(Health::Unknown, |a, h| a.worse(h))
    }

    /// The verdict a VMI is counted under (the overview's card and chips, a cluster's counts):
    /// the worst layer, except that a VMI with no layer worse than healthy but a layer not known
    /// ("healthy as far as seen") is unknown, not healthy.
    pub fn verdict(&self) -> Health {
        match self.worst() {
            Health::Healthy if self.all().contains(&Health::Unknown) => Health::Unknown,
            worst => worst,
        }
    }

    /// `layer`'s verdict.
    pub fn get(&self, layer: Layer) -> Health {
        match layer {
            Layer::ControlPlane => self.control_plane,
            Layer::Node => self.node,
            Layer::Guest => self.guest,
            Layer::Network => self.network,
            Layer::Migration => self.migration,
        }
    }

    /// Every layer with its verdict, in report order, under its name ([`Layer::name`]).
    pub fn named(&self) -> [(&'static str, Health); 5] {
        Layer::ALL.map(|l| (l.name(), self.get(l)))
    }
}

impl VmiSummary {
    /// Projects a VMI alone. Objects without a name or namespace get empty strings, never a
    /// panic.
    pub fn from_vmi(vmi: &Vmi) -> VmiSummary {
        VmiSummary::from_evidence(&Evidence::from_vmi(vmi.clone(), None), None)
    }

    /// Projects what is known about one VMI: the VMI, and whatever else the bundle holds (its
    /// launcher pods, nodes, migrations), so the layers and the headline are those of
    /// [`diagnose`] over all of it: a VMI whose launcher pod is gone, or whose node is NotReady,
    /// does not look healthy at a glance. `now` is passed to the diagnosis (`None`: time-based
    /// findings are left out, which suits a projection that is not re-evaluated as time passes).
    ///
    /// The migration is the VMI's `migrationState` when in progress, else an unfinished
    /// migration object of the bundle (target node from its `migrationState`, when set).
    pub fn from_evidence(e: &Evidence, now: Option<Timestamp>) -> VmiSummary {
        let empty = Vmi::default();
        let vmi = e.vmi().unwrap_or(&empty);
        let d = diagnose(e, now);
        let lm = vmi.condition("LiveMigratable");
        let agent = match (
            vmi.condition("AgentConnected").is_some_and(|c| c.is_true()),
            vmi.condition("AgentVersionNotSupported")
                .is_some_and(|c| c.is_true()),
        ) {
            (true, true) => AgentState::Unsupported,
            (true, false) => AgentState::Connected,
            _ => AgentState::Absent,
        };
        let from_vmi = vmi
            .status
            .migration_state
            .as_ref()
            .filter(|m| m.is_in_progress(now))
            .map(|m| MigrationBrief {
                mode: m.mode.clone(),
                target_node: m.target_node.clone(),
                percent: None,
            });
        let from_vmim = || {
            e.migrations
                .iter()
                .map(|m| &m.value)
                .find(|m| !m.is_final() && !m.phase().is_empty())
                .map(|m| MigrationBrief {
                    mode: m
                        .status
                        .migration_state
                        .as_ref()
                        .and_then(|s| s.mode.clone()),
                    target_node: m
                        .status
                        .migration_state
                        .as_ref()
                        .and_then(|s| s.target_node.clone()),
                    percent: None,
                })
        };
        VmiSummary {
            live_migratable: vmi.live_migratable(),
            not_migratable_reason: lm.filter(|c| c.is_false()).map(|c| c.reason().to_string()),
            agent,
            migration: from_vmi.or_else(from_vmim).map(Box::new),
            layers: LayerGlance {
                control_plane: d.layer(Layer::ControlPlane).health,
                node: d.layer(Layer::Node).health,
                guest: d.layer(Layer::Guest).health,
                network: d.layer(Layer::Network).health,
                migration: d.layer(Layer::Migration).health,
            },
            // The card and the wall show the key beside it, so it is not repeated in front.
            headline: d
                .headline
                .strip_prefix(&format!("{}: ", e.key))
                .map(str::to_string)
                .unwrap_or_else(|| d.headline.clone()),
            key: e.key.clone(),
            uid: vmi
                .metadata
                .uid
                .as_deref()
                .filter(|u| !u.is_empty())
                .map(Box::from),
            phase: vmi.status.phase.clone().unwrap_or_default(),
            node: vmi.status.node_name.clone().filter(|n| !n.is_empty()),
            ip: vmi
                .status
                .interfaces
                .first()
                .and_then(|i| i.ip_address.clone())
                .filter(|ip| !ip.is_empty()),
            paused: vmi
                .condition("Paused")
                .is_some_and(|c| c.status.as_deref() == Some("True")),
            alerts: e
                .alerts()
                .iter()
                .filter(|a| {
                    a.state == crate::alerts::AlertState::Firing
                        && crate::alerts::known(&a.name).is_some()
                })
                .count()
                .min(u16::MAX as usize) as u16,
            changed: last_change(vmi),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_vmi_healthy_as_far_as_seen_is_counted_unknown() {
        let all = |h| LayerGlance {
            control_plane: h,
            node: h,
            guest: h,
            network: h,
            migration: h,
        };
        assert_eq!(all(Health::Healthy).verdict(), Health::Healthy);
        assert_eq!(all(Health::Unknown).verdict(), Health::Unknown);
        let partly = LayerGlance {
            guest: Health::Unknown,
            ..all(Health::Healthy)
        };
        assert_eq!(partly.worst(), Health::Healthy);
        assert_eq!(partly.verdict(), Health::Unknown);
        let broken = LayerGlance {
            network: Health::Broken,
            ..partly
        };
        assert_eq!(broken.verdict(), Health::Broken);
    }

    #[test]
    fn the_worst_layer_is_the_verdict() {
        use Health::*;
        let g = |control_plane, node, guest| LayerGlance {
            control_plane,
            node,
            guest,
            ..LayerGlance::default()
        };
        assert_eq!(g(Healthy, Broken, Unknown).worst(), Broken);
        assert_eq!(g(Degraded, Healthy, Broken).worst(), Broken);
        assert_eq!(g(Unknown, Unknown, Degraded).worst(), Degraded);
        assert_eq!(g(Unknown, Healthy, Unknown).worst(), Healthy);
        assert_eq!(g(Unknown, Unknown, Unknown).worst(), Unknown);
        assert_eq!(LayerGlance::default().worst(), Unknown);
        let migrating = LayerGlance {
            migration: Broken,
            ..g(Healthy, Healthy, Healthy)
        };
        assert_eq!(migrating.worst(), Broken);
        assert_eq!(migrating.get(Layer::Migration), Broken);
    }

    #[test]
    fn every_layer_is_named_as_serde_names_it() {
        let g = LayerGlance {
            network: Health::Degraded,
            ..LayerGlance::default()
        };
        for (l, (name, h)) in Layer::ALL.into_iter().zip(g.named()) {
            assert_eq!(serde_json::to_value(l).unwrap(), name);
            assert_eq!(h, g.get(l));
        }
        assert_eq!(g.named()[3], ("network", Health::Degraded));
    }

    #[test]
    fn the_summary_carries_the_network_and_migration_verdicts() {
        // A running VMI whose only interface's link is down: the network layer is degraded.
        let s = VmiSummary::from_vmi(&Vmi::from_value(&json!({
            "metadata": {"name": "web", "namespace": "prod"},
            "status": {"phase": "Running", "interfaces": [
                {"name": "default", "ipAddress": "10.0.0.1", "linkState": "down"}]}
        })));
        assert_eq!(s.layers.network, Health::Degraded, "{s:?}");
        let d = diagnose(
            &Evidence::from_vmi(
                Vmi::from_value(&json!({
                    "metadata": {"name": "web", "namespace": "prod"},
                    "status": {"phase": "Running"}})),
                None,
            ),
            None,
        );
        let s = VmiSummary::from_vmi(&Vmi::from_value(&json!({
            "metadata": {"name": "web", "namespace": "prod"},
            "status": {"phase": "Running"}})));
        assert_eq!(s.layers.migration, d.layer(Layer::Migration).health);
    }

    #[test]
    fn defaults_stay_off_the_wire_and_come_back() {
        let bare = VmiSummary::from_vmi(&Vmi::from_value(
            &json!({"metadata": {"name": "web", "namespace": "prod"}}),
        ));
        let j = serde_json::to_value(&bare).unwrap();
        for absent in ["node", "ip", "paused", "live_migratable", "migration"] {
            assert!(j.get(absent).is_none(), "{absent} in {j}");
        }
        assert_eq!(serde_json::from_value::<VmiSummary>(j).unwrap(), bare);
        let paused = VmiSummary {
            paused: true,
            node: Some("n1".into()),
            ..bare
        };
        let j = serde_json::to_value(&paused).unwrap();
        assert_eq!(j["paused"], true);
        assert_eq!(serde_json::from_value::<VmiSummary>(j).unwrap(), paused);
    }

    #[test]
    fn the_last_change_is_the_newest_transition_of_phase_or_condition() {
        let vmi = |status: serde_json::Value| {
            Vmi::from_value(&json!({
                "metadata": {"name": "web", "namespace": "prod",
                    "creationTimestamp": "2024-05-01T09:00:00Z"},
                "status": status
            }))
        };
        let t = |s: &str| Timestamp::parse(s);
        let both = vmi(json!({
            "phaseTransitionTimestamps": [
                {"phase": "Scheduling", "phaseTransitionTimestamp": "2024-05-01T10:00:00Z"},
                {"phase": "Running", "phaseTransitionTimestamp": "2024-05-01T10:00:09Z"}],
            "conditions": [
                {"type": "Ready", "status": "True", "lastTransitionTime": "2024-05-01T10:00:05Z"},
                {"type": "AgentConnected", "status": "True", "lastTransitionTime": "2024-05-01T11:30:00Z"}]
        }));
        assert_eq!(
            VmiSummary::from_vmi(&both).changed,
            t("2024-05-01T11:30:00Z")
        );
        let phases = vmi(json!({"phaseTransitionTimestamps": [
            {"phase": "Running", "phaseTransitionTimestamp": "2024-05-01T10:00:09Z"},
            {"phase": "Failed", "phaseTransitionTimestamp": "not a time"}]}));
        assert_eq!(last_change(&phases), t("2024-05-01T10:00:09Z"));
        // Nothing recorded: its creation; nothing at all: none, and no panic.
        assert_eq!(last_change(&vmi(json!({}))), t("2024-05-01T09:00:00Z"));
        assert_eq!(last_change(&Vmi::from_value(&json!({"status": 7}))), None);
    }

    #[test]
    fn projects_phase_node_ip_and_pause() {
        let vmi = Vmi::from_value(&json!({
            "metadata": {"name": "web", "namespace": "prod"},
            "status": {
                "phase": "Running", "nodeName": "node-1",
                "interfaces": [{"ipAddress": "10.0.0.5", "name": "default"}],
                "conditions": [{"type": "Paused", "status": "True", "reason": "PausedByUser"}]
            }
        }));
        let s = VmiSummary::from_vmi(&vmi);
        assert_eq!(s.key.to_string(), "prod/web");
        assert_eq!(s.phase, "Running");
        assert_eq!(s.node.as_deref(), Some("node-1"));
        assert_eq!(s.ip.as_deref(), Some("10.0.0.5"));
        assert!(s.paused);
        // A user's pause is intended (issue 15).
        assert_eq!(s.layers.guest, Health::Healthy);
        assert_eq!(s.agent, AgentState::Absent);
    }

    #[test]
    fn projects_migration_agent_and_layers() {
        let vmi = Vmi::from_value(&json!({
            "metadata": {"name": "db", "namespace": "prod"},
            "status": {
                "phase": "Running", "nodeName": "node-1",
                "conditions": [
                    {"type": "AgentConnected", "status": "True"},
                    {"type": "LiveMigratable", "status": "False", "reason": "DisksNotLiveMigratable"}
                ],
                "migrationState": {"startTimestamp": "2024-01-01T00:00:00Z", "mode": "PostCopy", "targetNode": "node-2"}
            }
        }));
        let s = VmiSummary::from_vmi(&vmi);
        assert_eq!(s.live_migratable, Some(false));
        assert_eq!(
            s.not_migratable_reason.as_deref(),
            Some("DisksNotLiveMigratable")
        );
        assert_eq!(s.agent, AgentState::Connected);
        assert_eq!(
            s.migration.as_ref().and_then(|m| m.mode.as_deref()),
            Some("PostCopy")
        );
        assert_eq!(s.layers.guest, Health::Healthy);
        assert_eq!(s.layers.control_plane, Health::Healthy);
        let old: VmiSummary = serde_json::from_value(json!({"key": {"namespace": "a", "name": "b"}, "phase": "Running", "node": null, "ip": null, "paused": false})).unwrap();
        assert_eq!(old.layers.guest, Health::Unknown);
    }

    #[test]
    fn empty_object_projects_to_blanks() {
        let s = VmiSummary::from_vmi(&Vmi::from_value(&json!({})));
        assert_eq!(s.key.name, "");
        assert_eq!(s.phase, "");
        assert!(s.node.is_none() && s.ip.is_none() && !s.paused);
    }

    #[test]
    fn evidence_beyond_the_vmi_shows_in_the_glance() {
        use crate::evidence::Observed;
        use crate::kube::{Node, Pod, Vmim};
        let vmi = Vmi::from_value(&json!({
            "metadata": {"name": "web", "namespace": "prod", "uid": "u1"},
            "status": {"phase": "Running", "nodeName": "node-1",
                "activePods": {"p1": "node-1"},
                "conditions": [{"type": "Ready", "status": "True"}]}
        }));
        let alone = VmiSummary::from_vmi(&vmi);
        let pod = |phase: &str| {
            Pod::from_value(&json!({
                "metadata": {"name": "virt-launcher-web-abcde", "namespace": "prod", "uid": "p1",
                    "labels": {"kubevirt.io/created-by": "u1"}},
                "spec": {"nodeName": "node-1"},
                "status": {"phase": phase, "conditions": [{"type": "Ready", "status": "True"}]}
            }))
        };
        let node = |ready: &str| {
            Node::from_value(&json!({"metadata": {"name": "node-1"},
                "status": {"conditions": [{"type": "Ready", "status": ready}]}}))
        };
        let with = |pod: Pod, node: Node| {
            let mut e = Evidence::from_vmi(vmi.clone(), None);
            e.pods = vec![Observed::new(pod, None)];
            e.nodes = vec![Observed::new(node.into(), None)];
            e.coverage.pods = true;
            e.coverage.nodes = true;
            VmiSummary::from_evidence(&e, None)
        };
        let healthy = with(pod("Running"), node("True"));
        assert_eq!(healthy.layers.node, Health::Healthy);
        assert_eq!(healthy.key, alone.key);
        assert_eq!(healthy.phase, alone.phase);
        // The node went NotReady: the VMI alone still says Running, the glance does not.
        let not_ready = with(pod("Running"), node("False"));
        assert_eq!(not_ready.layers.node, Health::Broken);
        assert!(
            not_ready.headline.contains("node-1"),
            "{}",
            not_ready.headline
        );
        // The key is shown beside the headline, not repeated in it.
        let key = format!("{}: ", not_ready.key);
        assert!(
            !not_ready.headline.starts_with(&key),
            "{}",
            not_ready.headline
        );
        assert!(
            not_ready.headline.starts_with("node/launcher broken"),
            "{}",
            not_ready.headline
        );
        // The launcher pod failed under a Running VMI.
        let failed = with(pod("Failed"), node("True"));
        assert_ne!(failed.layers.node, Health::Healthy, "{failed:?}");
        // A pending migration object shows before the VMI's migrationState does.
        let mut e = Evidence::from_vmi(vmi.clone(), None);
        e.migrations = vec![Observed::new(
            Vmim::from_value(&json!({"metadata": {"name": "m1", "namespace": "prod"},
                "spec": {"vmiName": "web"}, "status": {"phase": "Scheduling"}})),
            None,
        )];
        e.coverage.migrations = true;
        let s = VmiSummary::from_evidence(&e, None);
        assert!(s.migration.is_some());
        assert!(alone.migration.is_none());
        e.migrations[0].value.status.phase = Some("Succeeded".into());
        assert!(VmiSummary::from_evidence(&e, None).migration.is_none());
    }
}
