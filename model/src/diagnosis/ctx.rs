//! What every rule works with: the evidence, the VMI, now, whom explanations name, and the
//! findings and missing evidence gathered so far; and the citation helpers the rules share.

use crate::evidence::Evidence;
use crate::explain::{Explanation, Subject, Topic, explain};
use crate::kube::{Condition, Event, Vmi};
use crate::time::Timestamp;
use crate::verdict::Finding;

/// The state of one diagnosis.
pub(super) struct Ctx<'a> {
    pub e: &'a Evidence,
    pub vmi: Option<&'a Vmi>,
    pub now: Option<Timestamp>,
    pub subject: Subject,
    pub findings: Vec<Finding>,
    pub missing: Vec<String>,
}

/// A component's own message (a condition's, a node's) followed by what it means: the message in
/// curly quotes, verbatim, so that a reader (and the translation, which leaves quoted data as it
/// is) tells the cluster's words from Strata's. With no explanation, the message alone, quoted.
pub(super) fn quoted(message: &str, explanation: &str) -> String {
    let m = message.trim();
    if m.is_empty() {
        explanation.to_string()
    } else if explanation.trim().is_empty() {
        format!("“{m}”")
    } else {
        format!("“{m}” {explanation}")
    }
}

/// Joins a free-text message and an explanation into one text with proper punctuation.
pub(super) fn sentences(message: &str, explanation: &str) -> String {
    crate::prose::then(message, explanation)
}

/// The citations of a condition: status, reason and message.
pub(super) fn cond_cite(c: &Condition) -> Vec<String> {
    let t = c.type_.as_deref().unwrap_or("?");
    let mut v = vec![format!(
        "status.conditions[{t}].status = {}",
        c.status.as_deref().unwrap_or("(unset)")
    )];
    if !c.reason().is_empty() {
        v.push(format!("status.conditions[{t}].reason = {}", c.reason()));
    }
    if !c.message().is_empty() {
        v.push(format!("status.conditions[{t}].message = {}", c.message()));
    }
    v
}

impl Ctx<'_> {
    pub fn push(&mut self, finding: Finding) {
        self.findings.push(finding);
    }
    pub fn explain(&self, topic: Topic, value: &str) -> Explanation {
        explain(topic, value, &self.subject)
    }
    /// The explanation's next steps alone (see [`crate::explain::next_steps`]).
    pub fn steps(&self, topic: Topic, value: &str) -> Vec<String> {
        crate::explain::next_steps(topic, value, &self.subject)
    }
    /// What to do about a catalogue value, for this VMI (see [`crate::remedy::for_value`]).
    pub fn remedy(&self, topic: Topic, value: &str) -> Vec<String> {
        crate::remedy::for_value(topic, value, &self.subject)
    }
    pub fn warning_events(&self, reason: &str) -> Vec<&Event> {
        self.e
            .events
            .iter()
            .map(|o| &o.value)
            .filter(|ev| ev.reason() == reason && ev.is_warning())
            .collect()
    }
}
