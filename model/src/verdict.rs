//! The verdict vocabulary every rule speaks: a layer's [`Health`], the [`Layer`]s, how sure a
//! verdict is ([`Confidence`]) and one [`Finding`] with its builder. Plain data, shared by the
//! diagnosis, the migration interpretation and the views.

use crate::explain::Severity;
use serde::{Deserialize, Serialize};

/// Health of a layer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Health {
    Healthy,
    Degraded,
    Broken,
    /// Not enough evidence.
    #[default]
    Unknown,
}

impl Health {
    /// Unknown < Healthy < Degraded < Broken: how bad a health is, for sorting.
    pub fn rank(self) -> u8 {
        match self {
            Health::Unknown => 0,
            Health::Healthy => 1,
            Health::Degraded => 2,
            Health::Broken => 3,
        }
    }

    /// The order "unhealthy first" (worst first): Broken, Degraded, Unknown, Healthy. The
    /// overview's cards, the wall's problems, the nodes page and the incident file's layers
    /// all sort by it.
    pub fn unhealthy_first(self) -> u8 {
        match self {
            Health::Broken => 0,
            Health::Degraded => 1,
            Health::Unknown => 2,
            Health::Healthy => 3,
        }
    }

    /// The worse of two: Broken, then Degraded, then Healthy; Unknown only when both are.
    pub fn worse(self, other: Health) -> Health {
        if other.rank() > self.rank() {
            other
        } else {
            self
        }
    }
    /// `healthy`, `degraded`, `broken`, `unknown`.
    pub fn as_str(self) -> &'static str {
        match self {
            Health::Healthy => "healthy",
            Health::Degraded => "degraded",
            Health::Broken => "broken",
            Health::Unknown => "unknown",
        }
    }

    /// The health [`Health::as_str`] (its serde name) spells `s`; `None` for anything else.
    pub fn parse(s: &str) -> Option<Health> {
        [
            Health::Healthy,
            Health::Degraded,
            Health::Broken,
            Health::Unknown,
        ]
        .into_iter()
        .find(|h| h.as_str() == s)
    }
}

/// The layers, in report order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Layer {
    ControlPlane,
    Node,
    Guest,
    Network,
    Migration,
}

impl Layer {
    /// All layers in report order.
    pub const ALL: [Layer; 5] = [
        Layer::ControlPlane,
        Layer::Node,
        Layer::Guest,
        Layer::Network,
        Layer::Migration,
    ];
    /// Human name.
    pub fn as_str(self) -> &'static str {
        match self {
            Layer::ControlPlane => "control plane",
            Layer::Node => "node/launcher",
            Layer::Guest => "guest",
            Layer::Network => "network",
            Layer::Migration => "migration",
        }
    }

    /// Its serde name, as the flight recorder and the API write it: `control_plane`, `node`,
    /// `guest`, `network`, `migration`.
    pub fn name(self) -> &'static str {
        match self {
            Layer::ControlPlane => "control_plane",
            Layer::Node => "node",
            Layer::Guest => "guest",
            Layer::Network => "network",
            Layer::Migration => "migration",
        }
    }

    /// The layer [`Layer::name`] spells `s`; `None` for anything else.
    pub fn from_name(s: &str) -> Option<Layer> {
        Layer::ALL.into_iter().find(|l| l.name() == s)
    }
}

/// How sure a verdict is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Confidence {
    Low,
    Medium,
    High,
}

impl Confidence {
    /// `low`, `medium`, `high` (its serde name).
    pub fn as_str(self) -> &'static str {
        match self {
            Confidence::Low => "low",
            Confidence::Medium => "medium",
            Confidence::High => "high",
        }
    }
}

/// One observation with what it implies for its layer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finding {
    pub layer: Layer,
    /// What this finding says about the layer.
    pub health: Health,
    pub severity: Severity,
    pub title: String,
    pub detail: String,
    /// Exact citations, e.g. `status.conditions[LiveMigratable].reason = DisksNotLiveMigratable`.
    pub evidence: Vec<String>,
    /// What to look at: inspection commands.
    pub next_steps: Vec<String>,
    /// What to do about it: the actions that fix the cause (commands in backticks), chosen by
    /// the remedy module.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub remedy: Vec<String>,
    /// Two layers say things that cannot both be true.
    pub contradiction: bool,
    /// Where the finding stands in the chain of causes (see `diagnosis::causal`); the
    /// diagnosis' own weighing, not sent.
    #[serde(skip)]
    pub standing: Standing,
}

/// Where a finding stands in the chain of causes: what the weighing between findings reads
/// (`diagnosis::causal`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Standing {
    /// A fault of the object the finding is about.
    #[default]
    Cause,
    /// A state that a fault of one of these layers explains (a pod waiting for a node).
    Symptom(&'static [Layer]),
    /// Inferred only from who reported a line, not from what it is about.
    Reporter,
}

impl Finding {
    /// A finding about `layer` with its title; detail, evidence and next steps start empty.
    pub fn new(layer: Layer, health: Health, severity: Severity, title: impl Into<String>) -> Self {
        Finding {
            layer,
            health,
            severity,
            title: title.into(),
            detail: String::new(),
            evidence: Vec::new(),
            next_steps: Vec::new(),
            remedy: Vec::new(),
            contradiction: false,
            standing: Standing::Cause,
        }
    }
    /// A contradiction between layers: an error when it breaks the layer, a warning otherwise.
    pub fn contradiction(layer: Layer, health: Health, title: impl Into<String>) -> Self {
        let severity = if health == Health::Broken {
            Severity::Error
        } else {
            Severity::Warning
        };
        Finding {
            contradiction: true,
            ..Finding::new(layer, health, severity, title)
        }
    }
    /// Sets the text that explains the finding.
    pub fn explained(mut self, detail: impl Into<String>) -> Self {
        self.detail = detail.into();
        self
    }
    /// Sets the exact citations of the evidence.
    pub fn cite(mut self, evidence: Vec<String>) -> Self {
        self.evidence = evidence;
        self
    }
    /// Sets what to do next.
    pub fn steps(mut self, next_steps: Vec<String>) -> Self {
        self.next_steps = next_steps;
        self
    }
    /// Sets what to do about it: the actions that fix the cause.
    pub fn remedy(mut self, remedy: Vec<String>) -> Self {
        self.remedy = remedy;
        self
    }
}

/// Combines findings: the worst non-Unknown health wins; Unknown only when nothing positive or
/// negative was found.
pub fn combine(findings: &[Finding]) -> Health {
    findings
        .iter()
        .map(|f| f.health)
        .fold(Health::Unknown, Health::worse)
}
