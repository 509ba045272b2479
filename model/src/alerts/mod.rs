//! Alerts as evidence: KubeVirt's alerts (its `pkg/monitoring/rules/alerts/` rules, evaluated by
//! Prometheus and routed by Alertmanager) as pure data ([`Alert`]), the catalogue of the alerts
//! KubeVirt ships with the layer each speaks about ([`catalogue`]), which VMIs, VMs, nodes and
//! migrations an alert's labels name ([`matching`]), and a matched alert as a cited finding of
//! its layer with a link to its upstream runbook ([`finding`]).
//!
//! The backend reads the alerts (Alertmanager API v2 or Prometheus `/api/v1/alerts`) and hands
//! them over as they are; everything they mean is decided here.

pub mod catalogue;
pub mod finding;
pub mod matching;

pub use catalogue::{KnownAlert, Scope, known};
pub use finding::finding;
pub use matching::{Involved, Target, concerns, targets};

use crate::time::Timestamp;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Where the upstream runbooks live (kubevirt/monitoring `docs/runbooks/<Name>.md`). KubeVirt's
/// own rules point at `https://kubevirt.io/monitoring/runbooks/<Name>` (the same documents,
/// `pkg/monitoring/rules/alerts/alerts.go`, `defaultRunbookURLTemplate`).
pub const RUNBOOK_BASE: &str = "https://github.com/kubevirt/monitoring/blob/main/docs/runbooks/";

/// At most this many labels are kept per alert, and this many bytes per label value or
/// annotation: an alert is data from another system, so it is bounded before it is kept.
pub const MAX_LABELS: usize = 32;
pub const MAX_TEXT: usize = 1024;

/// The state of one alert.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum AlertState {
    /// Its condition held for its `for:` duration (Prometheus `firing`, Alertmanager `active`).
    #[default]
    Firing,
    /// Its condition holds, not yet for its `for:` duration (Prometheus only).
    Pending,
    /// Silenced or inhibited in Alertmanager (`suppressed`).
    Suppressed,
}

impl AlertState {
    pub fn as_str(self) -> &'static str {
        match self {
            AlertState::Firing => "firing",
            AlertState::Pending => "pending",
            AlertState::Suppressed => "suppressed",
        }
    }
}

/// One alert as Prometheus or Alertmanager reports it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Alert {
    /// The `alertname` label.
    pub name: String,
    pub state: AlertState,
    /// Every label (including `alertname` and `severity`), bounded by [`MAX_LABELS`].
    pub labels: BTreeMap<String, String>,
    /// The `summary` annotation.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub summary: String,
    /// The `description` annotation.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// Since when it is active (Prometheus `activeAt`, Alertmanager `startsAt`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub since: Option<Timestamp>,
}

/// Cuts `s` to [`MAX_TEXT`] bytes at a character boundary.
fn bounded(s: &str) -> String {
    if s.len() <= MAX_TEXT {
        return s.to_string();
    }
    let mut end = MAX_TEXT;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s[..end].to_string()
}

impl Alert {
    /// An alert from its labels and annotations, bounded ([`MAX_LABELS`], [`MAX_TEXT`]); the
    /// name is the `alertname` label (empty when absent).
    pub fn new<'a>(
        labels: impl IntoIterator<Item = (&'a str, &'a str)>,
        annotations: impl IntoIterator<Item = (&'a str, &'a str)>,
        state: AlertState,
        since: Option<Timestamp>,
    ) -> Alert {
        let labels: BTreeMap<String, String> = labels
            .into_iter()
            .take(MAX_LABELS)
            .map(|(k, v)| (bounded(k), bounded(v)))
            .collect();
        let mut a = Alert {
            name: labels.get("alertname").cloned().unwrap_or_default(),
            state,
            labels,
            since,
            ..Default::default()
        };
        for (k, v) in annotations {
            match k {
                "summary" => a.summary = bounded(v),
                "description" => a.description = bounded(v),
                _ => {}
            }
        }
        a
    }
    /// A label's value, if set and not empty.
    pub fn label(&self, k: &str) -> Option<&str> {
        self.labels
            .get(k)
            .map(String::as_str)
            .filter(|v| !v.is_empty())
    }
    /// The `severity` label (empty when absent).
    pub fn severity(&self) -> &str {
        self.label("severity").unwrap_or_default()
    }
    /// The link to its upstream runbook: only for alerts KubeVirt ships (a name from the data
    /// never becomes a link unless the catalogue knows it).
    pub fn runbook(&self) -> Option<String> {
        known(&self.name).map(|k| format!("{RUNBOOK_BASE}{}.md", k.name))
    }
    /// `VMCannotBeEvicted{namespace="prod", node="worker-1", vm="db-0"}`: the name and the labels
    /// that say what it is about.
    pub fn cite(&self) -> String {
        let shown: Vec<String> = self
            .labels
            .iter()
            .filter(|(k, _)| {
                // The VMI's own labels, copied onto its series, say nothing about the alert.
                !k.starts_with("kubernetes_vmi_label_")
                    && !matches!(
                        k.as_str(),
                        "alertname"
                            | "kubernetes_operator_part_of"
                            | "kubernetes_operator_component"
                            | "operator_health_impact"
                            | "prometheus"
                            | "job"
                            | "instance"
                    )
            })
            .map(|(k, v)| format!("{k}=\"{v}\""))
            .collect();
        format!("{}{{{}}}", self.name, shown.join(", "))
    }
}

/// Where the alerts came from, as far as the evidence knows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum AlertSource {
    /// Neither `--alertmanager-url` nor `--prometheus-url` was given.
    NotConfigured,
    /// Read from this source (`alertmanager` or `prometheus`) at this time.
    Read { from: String, at: Option<Timestamp> },
    /// The last read failed (a generic text; details are in the server's log).
    Failed { from: String, error: String },
}

impl AlertSource {
    /// What a diagnosis lists as missing evidence, if anything.
    pub fn missing(&self) -> Option<String> {
        match self {
            AlertSource::NotConfigured => Some(
                "alerts: no Alertmanager or Prometheus configured (--alertmanager-url, --prometheus-url)"
                    .into(),
            ),
            AlertSource::Read { .. } => None,
            AlertSource::Failed { from, error } => {
                Some(format!("alerts: reading them from {from} failed: {error}"))
            }
        }
    }
}
