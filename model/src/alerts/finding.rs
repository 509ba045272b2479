//! A matched alert as a finding of its layer: its health from its state and its own `severity`
//! label, the alert and its labels cited, its summary and description as the detail, and its
//! upstream runbook as the first next step.

use super::{Alert, AlertState, known};
use crate::explain::Severity;
use crate::verdict::{Finding, Health};

/// What the alert says about its layer: a firing `critical` alert breaks it, a firing `warning`
/// degrades it; a pending, silenced or `info` alert is cited without judging the layer.
pub fn health(a: &Alert) -> (Health, Severity) {
    match (a.state, a.severity()) {
        (AlertState::Firing, "critical") => (Health::Broken, Severity::Error),
        (AlertState::Firing, "warning") => (Health::Degraded, Severity::Warning),
        _ => (Health::Unknown, Severity::Info),
    }
}

/// The finding of an alert KubeVirt ships (`None` for other alerts: their layer is unknown).
pub fn finding(a: &Alert) -> Option<Finding> {
    let k = known(&a.name)?;
    let (health, severity) = health(a);
    let sev = match a.severity() {
        "" => String::new(),
        s => format!(", {s}"),
    };
    let title = format!("Alert {} {}{sev}", a.name, a.state.as_str());
    let mut detail = vec![k.meaning.to_string()];
    detail.extend(
        [&a.summary, &a.description]
            .into_iter()
            .map(|s| s.trim())
            .filter(|s| !s.is_empty())
            .map(|s| {
                if s.ends_with(['.', '!', '?']) {
                    s.to_string()
                } else {
                    format!("{s}.")
                }
            }),
    );
    let mut evidence = vec![match a.since {
        Some(t) => format!("alert {} {} since {t}", a.cite(), a.state.as_str()),
        None => format!("alert {} {}", a.cite(), a.state.as_str()),
    }];
    evidence.push(format!("rule in {}", k.source));
    let mut steps = Vec::new();
    if let Some(r) = a.runbook() {
        steps.push(format!("Follow the runbook {r}"));
    }
    // The labels KubeVirt's rules carry name the VM and its node (`pkg/monitoring/rules/alerts`).
    let subject = crate::explain::Subject {
        namespace: a.label("namespace").unwrap_or_default().to_string(),
        name: a.label("name").unwrap_or_default().to_string(),
        node: a.label("node").map(str::to_string),
        ..Default::default()
    };
    Some(
        Finding::new(k.layer, health, severity, title)
            .explained(detail.join(" "))
            .cite(evidence)
            .steps(steps)
            .remedy(crate::remedy::alerts::for_alert(&a.name, &subject)),
    )
}
