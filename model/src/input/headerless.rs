//! A `kubectl get` table whose header and command were cut away (`--no-headers`, a paste that
//! starts below the header), or whose alignment was lost when copied (the tabwriter's padding
//! collapsed to one space by a chat or a mail client): the kind is guessed from the rows'
//! shapes, and each row's cells are split by runs of two spaces, else by single spaces.
//!
//! The shapes follow kubectl's printers (Kubernetes `pkg/printers/internalversion/printers.go`:
//! a pod's `NAME READY STATUS RESTARTS AGE`, a node's `NAME STATUS ROLES AGE VERSION`, an
//! event's `LAST SEEN TYPE REASON OBJECT MESSAGE` with its TYPE `Normal` or `Warning`
//! (`core/v1` EventTypeNormal/EventTypeWarning) and its OBJECT `kind/name`) and KubeVirt's CRD
//! printer columns (`pkg/virt-operator/resource/generate/components/crds.go`).

use super::age::is_age_cell;
use super::cells::spans;
use super::vocab::{Kind, meaning};

/// The cells of a row printed without a header: the double-space spans when there are at least
/// three (kubectl's alignment is intact), else the single-space words; either way at most
/// `n` cells, the words past the last column joining it (an event's MESSAGE).
pub fn loose_cells(line: &str, n: usize) -> Vec<&str> {
    let sp = spans(line);
    let starts: Vec<usize> = if sp.len() >= 3 || sp.len() >= n {
        sp.iter().map(|s| s.0).collect()
    } else {
        word_starts(line)
    };
    let n = n.max(1);
    let mut cells = Vec::with_capacity(n);
    for (i, start) in starts.iter().enumerate().take(n) {
        let end = if i + 1 == n {
            line.len()
        } else {
            starts.get(i + 1).copied().unwrap_or(line.len())
        };
        cells.push(line[*start..end].trim());
    }
    cells.resize(n, "");
    cells
}

/// Where each whitespace-separated word of a line starts.
fn word_starts(line: &str) -> Vec<usize> {
    let b = line.as_bytes();
    (0..b.len())
        .filter(|&i| !b[i].is_ascii_whitespace() && (i == 0 || b[i - 1].is_ascii_whitespace()))
        .collect()
}

/// The cells of a row for guessing: spans, else words when fewer than three spans.
fn guess_cells(line: &str) -> Vec<&str> {
    let sp = spans(line);
    if sp.len() >= 3 {
        return sp.into_iter().map(|s| s.1).collect();
    }
    line.split_whitespace().collect()
}

/// The kind of a table whose header and command were cut away, from its rows' shapes: a pod's
/// READY `1/2` then a pod status; a node's `v1.29.2` VERSION last; an event's age, then
/// `Normal`/`Warning`, a reason and a `kind/name` object; a VM's or VMI's age then a value of its
/// vocabulary (a VMI row has an IP or a node after its phase, a VM row ends in True/False).
/// With a NAMESPACE first, the same one cell on. `None` unless every row agrees.
pub fn guess_rows(text: &[&str]) -> Option<(Kind, bool)> {
    let mut found: Option<(Kind, bool)> = None;
    for line in text
        .iter()
        .take(50)
        .filter(|l| !super::cells::is_elision(l))
    {
        let sp = guess_cells(line);
        if sp.len() < 3 || sp[0].contains(' ') {
            return None;
        }
        let guess = [false, true]
            .into_iter()
            .find_map(|ns| guess_one(if ns { &sp[1..] } else { &sp[..] }).map(|k| (k, ns)));
        match (guess, found) {
            (None, _) => return None,
            (Some(g), Some(f)) if g != f => return None,
            (g, _) => found = g,
        }
    }
    found
}

/// The kind one row's cells (after any NAMESPACE) have the shape of.
fn guess_one(c: &[&str]) -> Option<Kind> {
    let at = |i: usize| c.get(i).copied().unwrap_or("");
    let is_ratio = |s: &str| {
        s.split_once('/')
            .is_some_and(|(a, b)| a.parse::<u32>().is_ok() && b.parse::<u32>().is_ok())
    };
    if is_ratio(at(1)) && meaning(Kind::Pod, at(2)).is_some() {
        return Some(Kind::Pod);
    }
    if meaning(Kind::Node, at(1)).is_some() && c.last().is_some_and(|v| v.starts_with("v1.")) {
        return Some(Kind::Node);
    }
    if !is_age_cell(at(1)) {
        return is_event(c).then_some(Kind::Event);
    }
    let bool_last = c.len() == 4 && matches!(at(3), "True" | "False");
    if bool_last && meaning(Kind::Vm, at(2)).is_some() {
        return Some(Kind::Vm);
    }
    (meaning(Kind::Vmi, at(2)).is_some() && c.len() >= 3 && !bool_last).then_some(Kind::Vmi)
}

/// An event row: LAST SEEN (an age), TYPE, REASON (one word), OBJECT (`kind/name`).
fn is_event(c: &[&str]) -> bool {
    c.len() >= 4
        && is_age_cell(c[0])
        && matches!(c[1], "Normal" | "Warning")
        && !c[2].contains(' ')
        && c[3].split_once('/').is_some_and(|(k, n)| {
            !k.is_empty()
                && !n.is_empty()
                && k.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.')
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_by_single_spaces_when_the_alignment_was_lost() {
        let c = loose_cells("virt-launcher-a-x 0/1 Completed 0 12m", 5);
        assert_eq!(c, ["virt-launcher-a-x", "0/1", "Completed", "0", "12m"]);
        let c = loose_cells("5m  Warning  Failed  pod/x  Error: a  b", 5);
        assert_eq!(c, ["5m", "Warning", "Failed", "pod/x", "Error: a  b"]);
    }
}
