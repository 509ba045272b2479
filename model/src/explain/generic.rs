//! The generic explanation of a value the catalogue does not know (`known: false`), shaped by
//! what the value looks like.

use crate::explain::catalogue::NOT_MIGRATABLE_IMPLIES;
use crate::explain::commands::{EVENTS, GET_VMI, render_all};
use crate::explain::{Explanation, Severity, Subject, Topic, topic_name};

/// What an unknown value looks like, which decides its generic text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// A reason named like the reasons that block live migration (`…NotLiveMigratable`,
    /// `…NotMigratable`).
    NotMigratableReason,
    /// A reason or event reason that is a sentence rather than a code.
    Sentence,
    /// Anything else.
    Other,
}

impl Shape {
    fn of(topic: Topic, value: &str) -> Shape {
        let reason = topic == Topic::Reason;
        let any_reason = reason || topic == Topic::EventReason;
        if reason && (value.ends_with("NotLiveMigratable") || value.ends_with("NotMigratable")) {
            Shape::NotMigratableReason
        } else if any_reason && value.contains(' ') {
            Shape::Sentence
        } else {
            Shape::Other
        }
    }
}

/// The generic entry for an unknown `value` of `topic`.
pub(super) fn generic(topic: Topic, value: &str, s: &Subject) -> Explanation {
    let shown = if value.is_empty() { "(empty)" } else { value };
    let (title, meaning, implies, can_migrate, steps): (_, _, String, _, &[&str]) =
        match Shape::of(topic, value) {
            Shape::NotMigratableReason => (
                format!("Not live-migratable ({shown})"),
                format!(
                    "A reason Strata does not know ({shown}), named like the reasons that block \
                     live migration; the condition's message has the detail."
                ),
                NOT_MIGRATABLE_IMPLIES.into(),
                Some(false),
                &[GET_VMI],
            ),
            Shape::Sentence => (
                "Free-text reason".into(),
                format!(
                    "The reason is a sentence rather than a code: “{shown}”. It usually carries \
                     an error text."
                ),
                "Read it together with the condition or event it belongs to.".into(),
                None,
                &[GET_VMI, EVENTS],
            ),
            Shape::Other => (
                format!("Unrecognised value {shown}"),
                format!(
                    "\"{shown}\" is not among the values Strata knows for {} (it may come from a \
                     newer or older KubeVirt). It is shown verbatim.",
                    topic_name(topic)
                ),
                "Strata cannot say what it implies; read the message and events next to it.".into(),
                None,
                &[GET_VMI, EVENTS],
            ),
        };
    Explanation {
        topic,
        value: value.to_string(),
        title,
        meaning,
        implies,
        can_migrate,
        next_steps: render_all(steps, s),
        severity: Severity::Warning,
        known: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_follow_the_original_rules() {
        assert_eq!(
            Shape::of(Topic::Reason, "XNotLiveMigratable"),
            Shape::NotMigratableReason
        );
        assert_eq!(
            Shape::of(Topic::Reason, "XNotMigratable"),
            Shape::NotMigratableReason
        );
        // Only condition reasons are read as migration blockers; an event reason is a code.
        assert_eq!(
            Shape::of(Topic::EventReason, "XNotMigratable"),
            Shape::Other
        );
        // A sentence ending like a blocker is still a blocker (the first rule wins).
        assert_eq!(
            Shape::of(Topic::Reason, "a b NotMigratable"),
            Shape::NotMigratableReason
        );
        assert_eq!(Shape::of(Topic::EventReason, "a b"), Shape::Sentence);
        assert_eq!(Shape::of(Topic::VmiPhase, "a b"), Shape::Other);
    }
}
