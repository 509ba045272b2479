//! The explanation catalogue: for every VMI phase, condition type, reason, pause reason, event
//! reason, VMIM phase and condition, eviction strategy, migration mode, abort status and VM
//! printable status KubeVirt's source defines, a title, what it means in plain words, what it
//! implies (can the VM migrate? will a drain block?), what to check next (commands naming the
//! object), and a severity.
//!
//! * [`catalogue`]: the data, one table per kind of value, each citing its KubeVirt source.
//! * [`entry`]: the entry type. [`commands`]: the command templates and how they are filled in.
//! * [`agent_reason`]: the free-text `AgentVersionNotSupported` reasons, matched by their wording.
//! * [`generic`]: the entry an unknown value gets (`known: false`).
//! * [`phase_case`]: the one sentence for the case at hand where an entry lists several.
//! * [`generated`]: the tables `cargo xtask catalog` reads from KubeVirt's and CDI's source.
//!
//! The lookup order of [`explain`]: the exact value; the value trimmed; for an event reason, the
//! condition reason of that name; for a reason, the free-text agent reasons; the generic entry.

mod agent_reason;
mod catalogue;
mod commands;
mod entry;
pub mod generated;
mod generic;
mod phase_case;

use serde::{Deserialize, Serialize};

use agent_reason::AgentGap;
use commands::render_all;
use entry::Entry;
use generic::generic;
pub use phase_case::failed_case;

/// How bad a value or finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// Normal or good.
    Info,
    /// Needs attention; the VM works.
    Warning,
    /// Something is broken.
    Error,
    /// Broken with loss of the running guest (crash, irrecoverable).
    Critical,
}

/// What kind of value is being explained.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Topic {
    VmiPhase,
    ConditionType,
    /// Condition reasons (LiveMigratable, Ready, pause, controller sync-error reasons, …).
    Reason,
    /// Reasons of Events on VMIs and VMIMs.
    EventReason,
    VmimPhase,
    VmimCondition,
    EvictionStrategy,
    MigrationMode,
    AbortStatus,
    VmPrintableStatus,
}

/// The object an explanation's commands name.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Subject {
    pub namespace: String,
    pub name: String,
    pub node: Option<String>,
    pub uid: Option<String>,
    pub migration: Option<String>,
    pub pod: Option<String>,
}

/// One catalogue entry, with its commands filled in for a [`Subject`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Explanation {
    pub topic: Topic,
    /// The value explained, verbatim.
    pub value: String,
    pub title: String,
    /// What it means, in plain words.
    pub meaning: String,
    /// What follows from it: migration, drains, the guest.
    pub implies: String,
    /// `Some(false)` when this value means the VM cannot live-migrate.
    pub can_migrate: Option<bool>,
    /// Commands to run next.
    pub next_steps: Vec<String>,
    pub severity: Severity,
    /// False for the generic entry given to an unknown value.
    pub known: bool,
}

fn from_entry(e: &Entry, value: &str, s: &Subject) -> Explanation {
    Explanation {
        topic: e.topic,
        value: value.to_string(),
        title: e.title.to_string(),
        meaning: e.meaning.to_string(),
        implies: e.implies.to_string(),
        can_migrate: e.can_migrate,
        next_steps: render_all(e.steps, s),
        severity: e.severity,
        known: true,
    }
}

fn lookup(topic: Topic, value: &str) -> Option<&'static Entry> {
    // A map built once rather than a scan of every table per look-up: each finding looks up
    // its explanation, for every VMI. The first entry of a (topic, value) wins, as in the scan.
    type Entries = rustc_hash::FxHashMap<(Topic, &'static str), &'static Entry>;
    static BY_VALUE: std::sync::OnceLock<Entries> = std::sync::OnceLock::new();
    let map = BY_VALUE.get_or_init(|| {
        let mut map = Entries::default();
        for e in catalogue::entries() {
            map.entry((e.topic, e.value)).or_insert(e);
        }
        map
    });
    // The map is covariant in its keys: looked up with a value that lives shorter.
    let map: &rustc_hash::FxHashMap<(Topic, &str), &'static Entry> = map;
    map.get(&(topic, value)).copied()
}

/// Fills a command template's placeholders (`{ns}`, `{name}`, `{node}`, `{pod}`, `{migration}`,
/// `{uid}`) for `s`, as the catalogue's own next steps are.
pub fn render_command(template: &str, s: &Subject) -> String {
    commands::render(template, s)
}

/// True when the catalogue has an entry for exactly this value (no generic fallback).
pub fn has_entry(topic: Topic, value: &str) -> bool {
    lookup(topic, value).is_some()
        || (topic == Topic::Reason && AgentGap::of_reason(value).is_some())
}

/// Explains `value` of kind `topic` for `subject`. Never fails: unknown values get a generic
/// entry with `known: false`.
pub fn explain(topic: Topic, value: &str, subject: &Subject) -> Explanation {
    if let Some(e) = entry_of(topic, value) {
        return from_entry(e, value, subject);
    }
    if topic == Topic::Reason
        && let Some(gap) = AgentGap::of_reason(value)
    {
        return gap.explanation(topic, value, subject);
    }
    generic(topic, value, subject)
}

/// The catalogue entry [`explain`] gives `value`, when the catalogue has one: the exact value,
/// the value trimmed, or for an event reason the condition reason of that name.
fn entry_of(topic: Topic, value: &str) -> Option<&'static Entry> {
    if let Some(e) = lookup(topic, value) {
        return Some(e);
    }
    let trimmed = value.trim();
    if trimmed != value
        && let Some(e) = lookup(topic, trimmed)
    {
        return Some(e);
    }
    if topic == Topic::EventReason {
        return lookup(Topic::Reason, value);
    }
    None
}

/// The next steps of [`explain`]'s explanation, without its other texts: a rule that only
/// quotes the steps asks for these, for every VMI.
pub fn next_steps(topic: Topic, value: &str, subject: &Subject) -> Vec<String> {
    match entry_of(topic, value) {
        Some(e) => render_all(e.steps, subject),
        None => explain(topic, value, subject).next_steps,
    }
}

/// The severity of [`explain`]'s explanation, without its texts.
pub fn severity(topic: Topic, value: &str, subject: &Subject) -> Severity {
    match entry_of(topic, value) {
        Some(e) => e.severity,
        None => explain(topic, value, subject).severity,
    }
}

/// Explains a condition by its type and reason: the (type, reason) entry first (for reasons
/// several condition types share, such as `NotMigratable` on `LiveMigratable` and
/// `StorageLiveMigratable`; some only for a message they contain), then the reason's own entry,
/// or, for a condition without a reason, the type's entry. (The reason's entry comes before the
/// type's: it is the more specific text.)
pub fn explain_condition(
    type_: &str,
    reason: &str,
    message: &str,
    subject: &Subject,
) -> Explanation {
    let reason_t = reason.trim();
    let keyed = catalogue::BY_CONDITION
        .iter()
        .find(|b: &&catalogue::ByCondition| {
            b.condition == type_
                && b.entry.value == reason_t
                && b.message.is_none_or(|m| message.contains(m))
        });
    if let Some(b) = keyed {
        return from_entry(&b.entry, reason, subject);
    }
    if reason_t.is_empty() {
        return explain(Topic::ConditionType, type_, subject);
    }
    explain(Topic::Reason, reason, subject)
}

/// Human name of a topic.
pub fn topic_name(t: Topic) -> &'static str {
    match t {
        Topic::VmiPhase => "a VMI phase",
        Topic::ConditionType => "a VMI condition type",
        Topic::Reason => "a condition reason",
        Topic::EventReason => "an event reason",
        Topic::VmimPhase => "a migration phase",
        Topic::VmimCondition => "a migration condition",
        Topic::EvictionStrategy => "an eviction strategy",
        Topic::MigrationMode => "a migration mode",
        Topic::AbortStatus => "an abort status",
        Topic::VmPrintableStatus => "a VM status",
    }
}

/// Every value the catalogue knows for a topic (for UIs and tests), in the catalogue's order.
pub fn known_values(topic: Topic) -> Vec<&'static str> {
    catalogue::entries()
        .filter(|e| e.topic == topic)
        .map(|e| e.value)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn subj() -> Subject {
        Subject {
            namespace: "prod".into(),
            name: "web".into(),
            node: Some("node-1".into()),
            uid: Some("u-1".into()),
            ..Default::default()
        }
    }

    #[test]
    fn entries_are_complete_and_unique() {
        let mut seen = std::collections::HashSet::new();
        for e in catalogue::entries() {
            assert!(
                seen.insert((e.topic, e.value)),
                "duplicate {:?} {}",
                e.topic,
                e.value
            );
            assert!(
                !e.title.is_empty() && !e.meaning.is_empty() && !e.implies.is_empty(),
                "{}",
                e.value
            );
            let severe = e.severity >= Severity::Warning;
            assert!(
                !severe || !e.steps.is_empty(),
                "a warning needs a next step: {:?} {}",
                e.topic,
                e.value
            );
        }
    }

    #[test]
    fn commands_name_the_object() {
        let x = explain(Topic::Reason, "DisksNotLiveMigratable", &subj());
        assert!(x.known);
        assert_eq!(x.can_migrate, Some(false));
        assert!(
            x.next_steps
                .iter()
                .any(|s| s == "kubectl get vmi web -n prod -o yaml")
        );
        assert!(x.implies.contains("drain"));
        let p = explain(Topic::VmiPhase, "Scheduling", &subj());
        assert!(
            p.next_steps
                .iter()
                .any(|s| s.contains("kubevirt.io/created-by=u-1"))
        );
    }

    #[test]
    fn sentence_and_free_text_reasons() {
        let s = explain(
            Topic::Reason,
            "Synchronizing with the Domain failed.",
            &subj(),
        );
        assert!(s.known && s.severity == Severity::Error);
        let a = explain(
            Topic::Reason,
            "This guest agent doesn't support required password commands",
            &subj(),
        );
        assert!(a.known && a.meaning.contains("password"));
        let old = explain(
            Topic::Reason,
            "Guest agent version '2.5.0' is not supported",
            &subj(),
        );
        assert!(old.known && old.meaning.contains("version"));
    }

    #[test]
    fn unknown_values_get_generic_entries() {
        let u = explain(Topic::Reason, "QuantumFluxNotLiveMigratable", &subj());
        assert!(!u.known && u.can_migrate == Some(false));
        let f = explain(Topic::Reason, "something odd happened.", &subj());
        assert!(!f.known && f.title == "Free-text reason");
        let g = explain(Topic::VmiPhase, "Hibernating", &subj());
        assert!(!g.known && g.title.contains("Hibernating") && !g.next_steps.is_empty());
    }

    #[test]
    fn event_reasons_fall_back_to_controller_reasons() {
        let e = explain(Topic::EventReason, "FailedMigration", &subj());
        assert!(e.known && e.severity == Severity::Error);
    }

    #[test]
    fn tables_keep_the_catalogue_order() {
        let reasons = known_values(Topic::Reason);
        let at = |v: &str| reasons.iter().position(|x| *x == v).unwrap();
        assert_eq!(reasons.first(), Some(&"InterfaceNotLiveMigratable"));
        assert_eq!(at("VirtIOFSNotLiveMigratable") + 1, at("PodTerminating"));
        assert_eq!(at("NodeUnresponsive") + 1, at("PausedByUser"));
        assert_eq!(
            at("Synchronizing with the Domain failed.") + 1,
            at("FailedCreate")
        );
        assert_eq!(reasons.last(), Some(&"MigrationBackoff"));
        // Issue 15 added ReadinessGatesNotReady, ContainersNotReady, PodCompleted (other
        // reasons) and FailedCreateValidation (controller reasons).
        assert_eq!(reasons.len(), 14 + 20 + 4 + 28);
        let phases = known_values(Topic::VmiPhase);
        assert_eq!((phases[0], phases[8], phases.len()), ("", "Unknown", 9));
        let statuses = known_values(Topic::VmPrintableStatus);
        assert_eq!(statuses.last(), Some(&"WaitingForReceiver"));
        // + 4 reasons and the 3 VM condition types of issue 15.
        assert_eq!(catalogue::entries().count(), 153);
    }

    #[test]
    fn lookup_tries_exact_then_trimmed_then_condition_reasons() {
        let padded = explain(Topic::Reason, " PausedByUser\n", &subj());
        assert!(padded.known && padded.value == " PausedByUser\n");
        assert_eq!(padded.title, "Paused by a user");
        // An event reason with its own entry keeps it; others fall back to condition reasons.
        let own = explain(Topic::EventReason, "Migrated", &subj());
        assert_eq!(own.topic, Topic::EventReason);
        let borrowed = explain(Topic::EventReason, "FailedCreate", &subj());
        assert_eq!(borrowed.topic, Topic::Reason);
        // Free-text agent reasons are condition reasons only.
        let agent = "This guest agent doesn't support required basic commands";
        assert!(has_entry(Topic::Reason, agent) && !has_entry(Topic::EventReason, agent));
        assert!(!explain(Topic::EventReason, agent, &subj()).known);
    }

    #[test]
    fn computed_texts_are_unchanged() {
        let a = explain(
            Topic::Reason,
            "This guest agent doesn't support required public key commands",
            &subj(),
        );
        assert_eq!(
            a.meaning,
            "The guest agent in the VM lacks the commands to manage SSH public keys (needed for access credentials)."
        );
        assert_eq!(
            a.implies,
            "Guest data (OS info, IPs, users, filesystems) may be missing or incomplete; the agent endpoints still answer. Migration is not affected."
        );
        assert_eq!(
            a.next_steps,
            [
                "virtctl guestosinfo web -n prod",
                "virtctl console web -n prod   # update qemu-guest-agent in the guest"
            ]
        );
        let u = explain(Topic::Reason, "QuantumFluxNotLiveMigratable", &subj());
        assert_eq!(
            u.meaning,
            "A reason Strata does not know (QuantumFluxNotLiveMigratable), named like the reasons that block live migration; the condition's message has the detail."
        );
        assert_eq!(
            u.implies,
            "The VM cannot live-migrate. A node drain blocks on it when its eviction strategy is LiveMigrate (the eviction is denied); with LiveMigrateIfPossible or None the VM is shut down instead: run strategy Always starts it again elsewhere; RerunOnFailure only when the guest had to be destroyed after the grace period (phase Failed), not after a clean shutdown (phase Succeeded)."
        );
        let f = explain(Topic::EventReason, "it broke.", &subj());
        assert_eq!(
            f.meaning,
            "The reason is a sentence rather than a code: “it broke.”. It usually carries an error text."
        );
        assert_eq!(
            f.next_steps[1],
            "kubectl get events -n prod --field-selector involvedObject.name=web --sort-by=.lastTimestamp"
        );
        let g = explain(Topic::AbortStatus, "", &subj());
        assert_eq!(
            g.meaning,
            "\"(empty)\" is not among the values Strata knows for an abort status (it may come from a newer or older KubeVirt). It is shown verbatim."
        );
        assert_eq!(
            g.implies,
            "Strata cannot say what it implies; read the message and events next to it."
        );
    }
}
