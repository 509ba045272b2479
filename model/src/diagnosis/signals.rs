//! Signals from a paste's lines (logs, events, errors) as findings of the layer they point at.
//! Each finding says what it rests on ("from a virt-launcher log line (line 12)") and cites the
//! line; signals pointing at no layer (known noise, error lines of no named component) give no
//! finding, so a layer without evidence stays unknown. An error line no signature knows, pointing
//! at its component's layer, weighs least (severity info): any other finding of the same health
//! decides before it.

use super::ctx::Ctx;
use crate::explain::Severity;
use crate::verdict::{Finding, Health};

/// One finding per signal that points at a layer.
pub(super) fn signal_findings(cx: &mut Ctx) {
    for s in &cx.e.signals {
        let Some(layer) = s.layer else { continue };
        let severity = match s.health {
            _ if s.signature.is_none() => Severity::Info,
            Health::Broken => Severity::Error,
            Health::Degraded => Severity::Warning,
            _ => Severity::Info,
        };
        let mut f = Finding::new(layer, s.health, severity, s.title.clone());
        let plane = match s.plane {
            Some(crate::evidence::SignalPlane::Control) => " (migration control plane)",
            Some(crate::evidence::SignalPlane::Data) => " (migration data plane)",
            None => "",
        };
        f.detail = format!("{}{plane}; {}", s.cause, s.rests_on());
        f.evidence.push(format!("line {}: {}", s.line, s.excerpt));
        if !s.source.is_empty() {
            f.evidence.push(format!("message known from {}", s.source));
        }
        f.next_steps = s.next_steps.clone();
        f.standing = super::causal::standing_of(s);
        f.remedy = crate::remedy::signals::for_signature(
            s.signature.as_deref().unwrap_or(""),
            &cx.subject,
        );
        cx.findings.push(f);
    }
}
