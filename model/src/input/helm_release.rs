//! A Helm release whose newest revision is not deployed, read from `helm history` or `helm
//! list`. Helm's release statuses (helm/helm `pkg/release/common/status.go`, formerly
//! `pkg/release/status.go`): `deployed`, `superseded`, `uninstalled` are states; `failed` (the
//! release was not deployed), `unknown` (uncertain), and the transitions `pending-install`,
//! `pending-upgrade`, `pending-rollback` and `uninstalling` mark an operation that is running
//! (`IsPending`) — or, once its client or the controller running it is gone, one that never
//! finished, which refuses every next operation ("another operation … is in progress",
//! `signatures/helm.rs`). `helm history` prints one row per revision, oldest first, under
//! REVISION, UPDATED, STATUS, CHART, APP VERSION (ROLLBACK), DESCRIPTION (`pkg/cmd/history.go`);
//! `helm list` one row per release under NAME, NAMESPACE, REVISION, UPDATED, STATUS, CHART, APP
//! VERSION (`pkg/cmd/list.go`); both through uitable, columns separated by a tab. The newest
//! revision of a release (history), or a release's row (list), in one of those statuses is the
//! install's charts not at the state asked: the control plane's by this corpus' conventions
//! (the operators' and the platform's charts are Helm releases), degraded, read only when
//! nothing else blames a layer (`pipeline`).

use super::cells::spans;
use crate::evidence::Signal;
use crate::verdict::{Health, Layer};

/// The statuses of an operation that never finished, and of one that failed.
const PENDING: &[&str] = &[
    "pending-install",
    "pending-upgrade",
    "pending-rollback",
    "uninstalling",
];
const FAILED: &[&str] = &["failed", "unknown"];

/// Every status Helm prints.
const STATUSES: &[&str] = &[
    "deployed",
    "superseded",
    "uninstalled",
    "failed",
    "unknown",
    "pending-install",
    "pending-upgrade",
    "pending-rollback",
    "uninstalling",
];

/// A table line's cells: uitable's tab-separated columns, or (a paste that turned the tabs
/// into spaces) runs of two or more spaces.
fn cells(line: &str) -> Vec<&str> {
    let t = line.trim();
    if t.contains('\t') {
        t.split('\t')
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .collect()
    } else {
        spans(t).into_iter().map(|c| c.1).collect()
    }
}

/// Whether the header is Helm's (`helm history` or `helm list`), and whether it is a history.
fn header(cells: &[&str]) -> Option<bool> {
    let has = |n: &str| cells.contains(&n);
    (has("REVISION") && has("UPDATED") && has("STATUS") && has("CHART")).then(|| !has("NAME"))
}

/// A row's revision and status, read by their values (the UPDATED cell's padded day may split
/// when the tabs were lost): the first whole number, the first of Helm's statuses.
fn row<'a>(cells: &[&'a str]) -> Option<(u64, &'a str)> {
    let n = cells.iter().find_map(|c| c.parse().ok())?;
    let s = cells.iter().find(|c| STATUSES.contains(c))?;
    Some((n, s))
}

/// The table's rows that are not deployed: (line, status) of the newest revision of a history,
/// or of every release of a list.
fn bad_rows(lines: &[&str], from: usize, history: bool) -> Vec<(usize, String)> {
    let mut rows: Vec<(usize, u64, &str)> = Vec::new();
    for (i, line) in lines.iter().enumerate().skip(from) {
        match row(&cells(line)) {
            Some((n, s)) => rows.push((i, n, s)),
            None => break,
        }
    }
    let keep: Vec<(usize, u64, &str)> = if history {
        rows.iter()
            .copied()
            .max_by_key(|r| r.1)
            .into_iter()
            .collect()
    } else {
        rows
    };
    keep.into_iter()
        .filter(|(_, _, s)| PENDING.contains(s) || FAILED.contains(s))
        .map(|(i, _, s)| (i, s.to_string()))
        .collect()
}

/// A signal for the first Helm release the paste shows not deployed.
pub fn read(input: &str) -> Option<Signal> {
    let lines: Vec<&str> = input.lines().collect();
    let (at, status) = lines.iter().enumerate().find_map(|(i, l)| {
        let history = header(&cells(l))?;
        bad_rows(&lines, i + 1, history).into_iter().next()
    })?;
    let pending = PENDING.contains(&status.as_str());
    let (title, cause) = if pending {
        (
            "a Helm release's newest revision never finished its operation",
            "Helm marks a release pending-install, pending-upgrade, pending-rollback or \
             uninstalling while an operation runs; the newest revision still carries the mark, \
             so the operation was interrupted (its client or the controller running it \
             restarted) or hangs, the chart is not at the state asked and Helm refuses every \
             next operation on the release until it is rolled back",
        )
    } else {
        (
            "a Helm release's newest revision failed",
            "the newest revision of the release failed to deploy (or is in an unknown state), \
             so the chart's resources are not at the state asked; the revision's description \
             says why",
        )
    };
    Some(Signal {
        signature: Some(format!("helm-release:{status}")),
        layer: Some(Layer::ControlPlane),
        plane: None,
        health: Health::Degraded,
        title: title.into(),
        cause: cause.into(),
        next_steps: vec![
            "helm history <release> -n <ns> (each revision's status and description)".into(),
            "helm rollback <release> <last deployed revision> -n <ns>, once nothing else runs an operation on it".into(),
        ],
        source: "helm pkg/release/common/status.go (the release statuses), pkg/cmd/history.go, \
            pkg/cmd/list.go"
            .into(),
        line: at + 1,
        from: "a helm table".into(),
        excerpt: lines[at].trim().chars().take(160).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_newest_revision_of_a_history_and_every_release_of_a_list() {
        let history = "REVISION\tUPDATED\tSTATUS\tCHART\tAPP VERSION\tDESCRIPTION\n\
            1\tMon Jan  1 10:00:00 2024\tfailed\tc-1.0.0\t1.0\tUpgrade \"c\" failed\n\
            2\tMon Jan  1 11:00:00 2024\tdeployed\tc-1.0.1\t1.0\tUpgrade complete\n";
        assert!(read(history).is_none());
        let list = "NAME  NAMESPACE  REVISION  UPDATED  STATUS  CHART  APP VERSION\n\
            a  ns  3  2024-01-01 10:00:00 +0000 UTC  pending-upgrade  a-1.0  1.0\n";
        assert_eq!(read(list).map(|s| s.line), Some(2));
    }
}
