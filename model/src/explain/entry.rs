//! One catalogue entry: the fixed text Strata has for one value of one [`Topic`].

use crate::explain::{Severity, Topic};

/// A catalogue entry. Its `steps` are command templates with placeholders (`{ns}`, `{name}`,
/// `{node}`, `{uid}`, `{migration}`, `{pod}`) that [`crate::explain::commands::render`] fills in.
#[derive(Debug)]
pub(super) struct Entry {
    /// The kind of value this entry explains.
    pub(super) topic: Topic,
    /// The value, exactly as KubeVirt writes it.
    pub(super) value: &'static str,
    pub(super) severity: Severity,
    /// `Some(false)` when this value means the VM cannot live-migrate.
    pub(super) can_migrate: Option<bool>,
    pub(super) title: &'static str,
    /// What it means, in plain words.
    pub(super) meaning: &'static str,
    /// What follows from it: migration, drains, the guest.
    pub(super) implies: &'static str,
    /// Command templates to run next.
    pub(super) steps: &'static [&'static str],
}
