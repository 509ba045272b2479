//! The verdict of a whole paste: the first finding over every diagnosis in causal order
//! (`diagnosis::causal`: a symptom yields to its cause, then Broken before Degraded, what a line
//! is about before who reported it, severity, ties to the layer most likely the cause), its
//! migration plane, and what it rests on. A paste whose evidence shows no broken or degraded layer blames none.

use super::pipeline::Analysis;
use crate::diagnosis::causal;
use crate::evidence::{Signal, SignalPlane};
use crate::migration::Plane;
use crate::verdict::{Finding, Health, Layer};
use serde::{Deserialize, Serialize};

/// The verdict a whole paste comes to: the layer it blames (or none), the migration plane, and
/// what it rests on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict {
    /// `None`: nothing in the paste shows a broken or degraded layer.
    pub layer: Option<Layer>,
    pub health: Health,
    pub plane: Option<SignalPlane>,
    /// The deciding finding's title.
    pub title: String,
    /// `from a virt-launcher log line (line 12)`, or `from the objects`.
    pub rests_on: String,
}

impl Analysis {
    /// The verdict of the whole paste: see [`verdict`].
    pub fn verdict(&self) -> Verdict {
        verdict(self)
    }
}

/// The verdict of a whole paste: the first finding over every diagnosis in causal order; where
/// it blames no layer and the paste was given a learned reading ([`super::lexicon`]), its
/// sentence adds the layer the words suggest (a hint: the layer stays none).
pub fn verdict(a: &Analysis) -> Verdict {
    let mut v = by_rules(a);
    if v.layer.is_none()
        && let Some(hint) = a.words.as_ref().and_then(super::lexicon::sentence)
    {
        v.title = format!("{}; {hint}", v.title);
    }
    v
}

/// The verdict by the rules alone: the first finding over every diagnosis in causal order.
fn by_rules(a: &Analysis) -> Verdict {
    // Every finding at its layer's (broken or degraded) health competes; the causal order of
    // `diagnosis::causal` decides (a symptom yields to its cause present in the paste).
    let present: Vec<&Finding> = a
        .report
        .diagnoses
        .iter()
        .flat_map(|d| d.layers.iter())
        .filter(|l| matches!(l.health, Health::Broken | Health::Degraded))
        .flat_map(|l| l.findings.iter().filter(move |f| f.health == l.health))
        .collect();
    let mut best: Option<&Finding> = None;
    for f in &present {
        if best.is_none_or(|b| causal::outranks(f, b, &present)) {
            best = Some(f);
        }
    }
    let Some(f) = best else {
        return Verdict {
            layer: None,
            health: Health::Unknown,
            plane: None,
            title: no_fault_title(a),
            rests_on: rests_on_all(a),
        };
    };
    let signal = a
        .signals
        .iter()
        .find(|s| s.layer == Some(f.layer) && s.title == f.title);
    let plane = match (f.layer, signal) {
        // A signal that says only that the migration failed (its phase) takes the plane another
        // line of the paste gives that failure.
        (Layer::Migration, Some(s)) => s
            .plane
            .or_else(|| {
                a.signals
                    .iter()
                    .filter(|x| x.layer == Some(Layer::Migration) && x.health == s.health)
                    .find_map(|x| x.plane)
            })
            .or_else(|| super::failed_plane::of_same_vmi(a, s)),
        (Layer::Migration, None) => report_plane(a)
            .or_else(|| {
                a.signals
                    .iter()
                    .filter(|s| s.layer == Some(Layer::Migration))
                    .find_map(|s| s.plane)
            })
            .or_else(|| migratability_plane(f)),
        _ => None,
    };
    Verdict {
        layer: Some(f.layer),
        health: f.health,
        plane,
        title: f.title.clone(),
        rests_on: signal
            .map(Signal::rests_on)
            .unwrap_or_else(|| "from the objects".into()),
    }
}

/// "no layer shows a fault", unless error lines of no named component are in the paste: then it
/// says so and where the first is, since they may still be the cause.
fn no_fault_title(a: &Analysis) -> String {
    let unnamed: Vec<&Signal> = a
        .signals
        .iter()
        .filter(|s| s.layer.is_none() && s.title == super::lines::UNNAMED_TITLE)
        .collect();
    match unnamed.first() {
        None => "no layer shows a fault".into(),
        Some(first) => format!(
            "no known message points at a layer; {} error line(s) name no component (first: \
             line {}), read them",
            unnamed.len(),
            first.line
        ),
    }
}

/// A finding on the VMI's `LiveMigratable` condition (it cannot live-migrate, so a drain or a
/// migration is refused before any data moves) is about the migration's control plane.
fn migratability_plane(f: &Finding) -> Option<SignalPlane> {
    f.evidence
        .iter()
        .any(|e| e.starts_with("status.conditions[LiveMigratable]"))
        .then_some(SignalPlane::Control)
}

fn report_plane(a: &Analysis) -> Option<SignalPlane> {
    a.report
        .diagnoses
        .iter()
        .flat_map(|d| d.migrations.iter())
        .filter_map(|m| m.failure.as_ref())
        .find_map(|f| match f.plane {
            Plane::ControlPlane => Some(SignalPlane::Control),
            Plane::DataPlane => Some(SignalPlane::Data),
            Plane::Unknown => None,
        })
}

fn rests_on_all(a: &Analysis) -> String {
    match a.signals.first() {
        Some(s) => format!("{} signal(s), first {}", a.signals.len(), s.rests_on()),
        None => "from the objects".into(),
    }
}
