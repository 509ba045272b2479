//! A migration toolkit's own resource listed as failed: a Forklift (MTV) plan or migration, or
//! an MTC migration, printed by `kubectl get` with the columns its CRD declares.
//!
//! Forklift's Plan and Migration (kubev2v/forklift `pkg/apis/forklift/v1beta1/plan.go`,
//! `migration.go`) print `READY`, `EXECUTING` (a migration: `RUNNING`), `SUCCEEDED` and `FAILED`,
//! each the status of the condition of that name; `True` under `FAILED` is the plan's or the
//! run's `Failed` condition: the import of its VMs ended without them (the VMs' disks are never
//! provisioned, the control plane's by the corpus's convention for imports). MTC's MigMigration
//! (konveyor/mig-controller `pkg/apis/migration/v1alpha1/migmigration_types.go`) prints `READY`,
//! `PLAN`, `STAGE`, `ROLLBACK`, `ITINERARY` (`.status.itinerary`) and `PHASE`; the controller
//! switches a run that errs to its `Failed` itinerary (`pkg/controller/migmigration/task.go`),
//! so a row holding the cell `Failed` is a storage or namespace migration that failed: the
//! control plane's. The reader asks the paste for the headers' words once and reads only the
//! rows right under such a header; the failing row is the line cited. Blank cells collapse in
//! a retyped table, so Forklift's column is read at the header's offset and MTC's by the cell.

use crate::evidence::Signal;
use crate::scan;
use crate::verdict::{Health, Layer};

/// Words only these headers hold (lower case, for the one scan of the paste).
const HEADS: &[&str] = &["succeeded", "itinerary"];

/// Forklift's header: every one of these columns, and one of the two run columns.
fn forklift_header(h: &str) -> bool {
    ["READY", "SUCCEEDED", "FAILED"].iter().all(|c| cell(h, c))
        && (cell(h, "EXECUTING") || cell(h, "RUNNING"))
}

/// MTC's MigMigration header.
fn mtc_header(h: &str) -> bool {
    ["READY", "PLAN", "ITINERARY", "PHASE"]
        .iter()
        .all(|c| cell(h, c))
}

/// `word` as a whole whitespace-separated cell of `line`, in the case given.
fn cell(line: &str, word: &str) -> bool {
    line.split_whitespace().any(|c| c == word)
}

/// The first failing row under the header that starts `from` (its offset in lines after the
/// header), with the kind of resource.
fn failed_row(from: &str) -> Option<(usize, &str, &'static str)> {
    let mut lines = scan::lines(from);
    let head = lines.next()?;
    let (forklift, mtc) = (forklift_header(head), mtc_header(head));
    if !forklift && !mtc {
        return None;
    }
    let failed_at = head.find("FAILED");
    for (i, row) in lines.enumerate() {
        let t = row.trim();
        if t.is_empty() || t.starts_with("```") || t.starts_with('$') {
            break;
        }
        let hit = if forklift {
            failed_at.is_some_and(|f| row.get(f..).is_some_and(|r| r.starts_with("True")))
        } else {
            cell(row, "Failed")
        };
        if hit {
            let kind = if forklift {
                "a Forklift plan or migration"
            } else {
                "an MTC migration"
            };
            return Some((i + 1, row.trim(), kind));
        }
    }
    None
}

/// A signal for a toolkit's plan or migration listed as failed.
pub fn read(input: &str) -> Option<Signal> {
    if !HEADS.iter().any(|h| scan::text_holds_ignore_case(input, h)) {
        return None;
    }
    for (at, start) in scan::line_starts_holding_ignore_case(input, HEADS) {
        let Some((offset, row, kind)) = failed_row(&input[start..]) else {
            continue;
        };
        return Some(Signal {
            signature: Some("toolkit-migration-failed".into()),
            layer: Some(Layer::ControlPlane),
            plane: None,
            health: Health::Broken,
            title: "a migration toolkit's plan or migration is listed as failed".into(),
            cause: "the Forklift (MTV) plan or migration, or the MTC migration, reports its \
                Failed condition or itinerary: the import or storage migration of its VMs \
                ended without them (a step of the toolkit's own pipeline failed: the disks' \
                copy, the conversion, the swap of the claims), so the VMs' disks are not \
                provisioned where the plan wanted them"
                .into(),
            next_steps: vec![
                "kubectl get plan <plan> -n <ns> -o yaml (status.migration.vms[].error, pipeline steps)".into(),
                "kubectl get migmigration <migration> -n openshift-migration -o yaml (status.conditions, errors)".into(),
                "the toolkit controller's log (forklift-controller, migration-controller)".into(),
            ],
            source: "kubev2v/forklift pkg/apis/forklift/v1beta1/plan.go (printcolumn FAILED); \
                konveyor/mig-controller pkg/apis/migration/v1alpha1/migmigration_types.go \
                (printcolumn Itinerary, Phase)"
                .into(),
            line: at + offset + 1,
            from: kind.into(),
            excerpt: row.chars().take(240).collect(),
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_and_rows_are_told_apart() {
        assert!(forklift_header(
            "NAMESPACE  NAME  READY  EXECUTING  SUCCEEDED  FAILED  AGE"
        ));
        assert!(!forklift_header("NAME  READY  STATUS  RESTARTS  AGE"));
        assert!(mtc_header(
            "NAME  READY  PLAN  STAGE  ROLLBACK  ITINERARY  PHASE  AGE"
        ));
        let t = "NAME  READY  RUNNING  SUCCEEDED  FAILED  AGE\nrun-1 True             True             2m\n";
        assert!(failed_row(t).is_none());
        let t = "NAME   READY   RUNNING   SUCCEEDED   FAILED   AGE\nrun-1  True                          True     2m\n";
        assert_eq!(failed_row(t).map(|r| r.0), Some(1));
    }
}
