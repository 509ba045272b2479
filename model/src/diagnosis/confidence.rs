//! How sure each layer's verdict is, and which observations were too old to trust fully.

use super::ctx::Ctx;
use crate::evidence::Evidence;
use crate::thresholds::OLD_OBSERVATION_SECS;
use crate::time::{Timestamp, format_duration};
use crate::verdict::{Confidence, Health, Layer};

/// Evidence observed more than [`OLD_OBSERVATION_SECS`] before `now`.
pub(super) fn old_observations(e: &Evidence, now: Option<Timestamp>) -> Vec<String> {
    let Some(now) = now else { return Vec::new() };
    let mut out = Vec::new();
    // What was observed is named only when it is old (most evidence is not).
    let mut check = |what: &dyn Fn() -> String, at: Option<Timestamp>| {
        if let Some(at) = at
            && at.seconds_until(now) > OLD_OBSERVATION_SECS
        {
            out.push(format!(
                "fresh {} (the one used was observed {} before now)",
                what(),
                format_duration(at.seconds_until(now))
            ));
        }
    };
    if let Some(v) = &e.vmi {
        check(&|| "VMI status".into(), v.observed_at);
    }
    for p in &e.pods {
        check(
            &|| format!("pod {}", p.value.metadata.name()),
            p.observed_at,
        );
    }
    for n in &e.nodes {
        check(
            &|| format!("node {}", n.value.metadata.name()),
            n.observed_at,
        );
    }
    for m in &e.migrations {
        check(
            &|| format!("migration {}", m.value.metadata.name()),
            m.observed_at,
        );
    }
    if let Some(g) = &e.guest_agent {
        check(&|| "guest agent answer".into(), g.observed_at);
    }
    out
}

/// The layer's health rests only on log lines no signature knows (their component's layer).
fn only_unrecognised_lines(cx: &Ctx<'_>, layer: Layer, health: Health) -> bool {
    let unrecognised = |title: &str| {
        cx.e.signals
            .iter()
            .any(|s| s.signature.is_none() && s.layer == Some(layer) && s.title == title)
    };
    let mut deciding = cx
        .findings
        .iter()
        .filter(|f| f.layer == layer && f.health == health)
        .peekable();
    deciding.peek().is_some() && deciding.all(|f| unrecognised(&f.title))
}

/// High with direct evidence of the layer, Medium without, Low when unknown, stale or resting
/// only on log lines no signature knows.
pub(super) fn confidence(cx: &Ctx<'_>, layer: Layer, health: Health, stale: bool) -> Confidence {
    if health == Health::Unknown {
        return Confidence::Low;
    }
    let vmi_old = cx
        .now
        .zip(cx.e.vmi.as_ref().and_then(|v| v.observed_at))
        .is_some_and(|(now, at)| at.seconds_until(now) > OLD_OBSERVATION_SECS);
    if vmi_old || only_unrecognised_lines(cx, layer, health) {
        return Confidence::Low;
    }
    let e = cx.e;
    let direct = match layer {
        Layer::ControlPlane => cx.vmi.is_some(),
        Layer::Node => !e.pods.is_empty() && !e.nodes.is_empty(),
        Layer::Guest => {
            e.guest_agent.is_some()
                || cx
                    .vmi
                    .is_some_and(|v| v.condition("AgentConnected").is_some())
        }
        Layer::Network => cx.vmi.is_some_and(|v| !v.status.interfaces.is_empty()),
        Layer::Migration => {
            cx.vmi
                .is_some_and(|v| v.condition("LiveMigratable").is_some())
                || !e.migrations.is_empty()
        }
    };
    if stale && layer != Layer::Node {
        Confidence::Low
    } else if direct {
        Confidence::High
    } else {
        Confidence::Medium
    }
}
