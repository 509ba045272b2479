//! The words of the migrations page's filter values: triggers, outcomes, sort keys and failure
//! planes, in the page's language.

use crate::i18n::Key;
use crate::migrations_model::SortKey;

/// The label of a trigger key (`migrations_model::facts::TRIGGERS`).
pub fn trigger_label(key: &str) -> Key {
    match key {
        "user" => Key::MgTrUser,
        "evacuation" => Key::MgTrEvacuation,
        "workload_update" => Key::MgTrWorkload,
        "descheduler" => Key::MgTrDescheduler,
        _ => Key::MgTrUnknown,
    }
}

/// The label of an outcome key (`migrations_model::facts::OUTCOMES`).
pub fn outcome_label(key: &str) -> Key {
    match key {
        "pending" => Key::MgOcPending,
        "in_progress" => Key::MgOcInProgress,
        "succeeded" => Key::MgOcSucceeded,
        "failed" => Key::MgOcFailed,
        "aborted" => Key::MgOcAborted,
        _ => Key::MgOcUnknown,
    }
}

/// The label of a sort key.
pub fn sort_label(k: SortKey) -> Key {
    match k {
        SortKey::Created => Key::MgSortCreated,
        SortKey::Name => Key::MgSortName,
        SortKey::Vmi => Key::MgSortVmi,
        SortKey::Phase => Key::MgSortPhase,
        SortKey::Outcome => Key::MgSortOutcome,
        SortKey::Duration => Key::MgSortDuration,
    }
}

pub use crate::components::common::plane_label;
