//! The nodes of a migration in flight. KubeVirt copies the VMI's `migrationState` into the
//! VMIM only once the migration is final (`pkg/virt-controller/watch/migration/migration.go`:
//! "Store the finalized migration state data from the VMI status in the migration object"), so
//! while it runs its source and target are only on the VMI: its `status.nodeName` (the source
//! until the switch-over) and its in-progress `migrationState.targetNode`, which the live
//! summary carries. Only one migration of a VMI is past `Pending` at a time (the others wait
//! in `Pending`), so a VMIM past `Pending` and not final is the one the VMI shows.

use model::api::MigrationRow;
use model::view::{Outcome, VmiKey, VmiSummary};
use std::collections::BTreeMap;

/// Whether the VMIM is past `Pending` and not over: the VMI's migration in progress is this one.
fn in_flight(r: &MigrationRow) -> bool {
    !matches!(
        r.report.phase.as_str(),
        "" | "Pending" | "Succeeded" | "Failed"
    ) && matches!(r.report.outcome, Outcome::InProgress | Outcome::Pending)
}

/// `rows` with the source and target of each migration in flight that names none, from its
/// VMI's live summary (when that shows a migration in progress to another node), and its mode.
pub fn with_live_nodes(mut rows: Vec<MigrationRow>, live: &[VmiSummary]) -> Vec<MigrationRow> {
    let by_key: BTreeMap<&VmiKey, &VmiSummary> = live.iter().map(|s| (&s.key, s)).collect();
    for r in rows.iter_mut().filter(|r| in_flight(r)) {
        let m = &mut r.report;
        if m.source_node.is_some() || m.target_node.is_some() {
            continue;
        }
        let key = VmiKey {
            cluster: String::new(),
            namespace: m.namespace.clone(),
            name: m.vmi_name.clone(),
        };
        let Some(s) = by_key.get(&key) else { continue };
        let Some(brief) = &s.migration else { continue };
        if brief.target_node.is_some() && brief.target_node != s.node {
            m.source_node = s.node.clone();
            m.target_node = brief.target_node.clone();
            if m.mode.is_none() {
                m.mode = brief.mode.clone();
            }
        }
    }
    rows
}
