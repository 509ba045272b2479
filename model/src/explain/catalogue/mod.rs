//! The catalogue's data: one table per kind of value, each citing the KubeVirt source its values
//! come from.
//!
//! [`entries`] walks the tables in a fixed order. Values are unique per topic (a test checks), so
//! the lookup finds the same entry whatever the order; the order is what
//! [`known_values`](crate::explain::known_values) lists, and the catalogue snapshot pins it.

mod by_condition;
mod conditions;
mod controller;
mod events;
mod eviction;
mod migratable;
mod migration;
mod reasons;
mod vm_conditions;
mod vm_status;
mod vmi_phase;

use crate::explain::entry::Entry;

pub(super) use by_condition::{BY_CONDITION, ByCondition};
pub(super) use migratable::NOT_MIGRATABLE_IMPLIES;

/// Every table, in the catalogue's order. The three kinds of condition reasons come in the order
/// they are listed for [`Topic::Reason`](crate::explain::Topic::Reason): live-migration blockers,
/// other reasons with pause and sync reasons, controller reasons.
const TABLES: &[&[Entry]] = &[
    vmi_phase::VMI_PHASES,
    conditions::CONDITION_TYPES,
    migratable::NOT_MIGRATABLE_REASONS,
    reasons::OTHER_REASONS,
    reasons::PAUSE_AND_SYNC_REASONS,
    controller::CONTROLLER_REASONS,
    events::VMI_EVENT_REASONS,
    migration::VMIM_PHASES,
    migration::VMIM_CONDITIONS,
    eviction::EVICTION_STRATEGIES,
    migration::MIGRATION_MODES,
    migration::ABORT_STATUSES,
    vm_status::VM_STATUSES,
    vm_conditions::VM_CONDITION_TYPES,
];

/// Every entry of every table, in the catalogue's order.
pub(super) fn entries() -> impl Iterator<Item = &'static Entry> {
    TABLES.iter().flat_map(|t| t.iter())
}
