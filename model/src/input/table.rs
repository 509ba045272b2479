//! Reading a `kubectl get` table column by column: the header's column names and where each
//! starts (kubectl's tabwriter aligns every cell under its header), the kind the table lists
//! (from the command line when there is one, else from its header columns), and each row's
//! cells by column name. A table cut at the top (no header) is read with the command's kind
//! and kubectl's default columns for it (`-A` adds NAMESPACE, `-o wide` the wide columns).
//!
//! The columns follow kubectl's printers (`pkg/printers/internalversion/printers.go`: pods,
//! nodes, PVCs, events) and the CRDs' `additionalPrinterColumns` in KubeVirt's
//! `pkg/virt-operator/resource/generate/components/crds.go` (VMI: Age, Phase, IP, NodeName,
//! Ready, then Live-Migratable and Paused with `-o wide`; VM: Age, Status, Ready; VMIM: Phase,
//! VMI) and CDI's DataVolume CRD (Phase, Progress, Restarts, Age).

use super::columns::{default_columns, printed_kind};
use super::headerless::{guess_rows, loose_cells};
use super::vocab::Kind;

pub use super::cells::Column;
pub(super) use super::cells::spans;

/// A table read: its kind (when known), its columns, and its rows (paste line, cells).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table<'a> {
    pub kind: Option<Kind>,
    pub columns: Vec<Column>,
    /// Whether the header was in the paste (else the columns are kubectl's defaults).
    pub header: bool,
    pub rows: Vec<Row<'a>>,
}

/// One row: its line in the paste, the line itself and one cell per column (empty when blank).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row<'a> {
    pub line: usize,
    pub text: &'a str,
    pub cells: Vec<&'a str>,
}

impl Table<'_> {
    /// The index of the first column with one of these names.
    pub fn col(&self, names: &[&str]) -> Option<usize> {
        self.columns
            .iter()
            .position(|c| names.contains(&c.name.as_str()))
    }
}

impl<'a> Row<'a> {
    /// The cell of column `i` (`""` when absent).
    pub fn cell(&self, i: Option<usize>) -> &'a str {
        i.and_then(|i| self.cells.get(i).copied()).unwrap_or("")
    }
}

/// The columns of a header line.
pub fn header_columns(line: &str) -> Vec<Column> {
    spans(line)
        .into_iter()
        .map(|(start, name)| Column {
            name: name.to_string(),
            start,
        })
        .collect()
}

/// The kind a command line lists (`kubectl get vmi -A`, `oc get pods -n x`, `k get no`), and
/// whether it asks for all namespaces and the wide output.
pub fn command_kind(command: &str) -> Option<(Kind, bool, bool)> {
    let words: Vec<&str> = command.split_whitespace().collect();
    let get = words.iter().position(|w| *w == "get")?;
    let tool = words[..get].first().copied().unwrap_or("");
    if !matches!(
        tool,
        "kubectl" | "oc" | "k" | "kc" | "sudo" | "microk8s" | "k3s"
    ) {
        return None;
    }
    let mut kind = None;
    let mut skip = false;
    for w in &words[get + 1..] {
        if skip {
            skip = false;
            continue;
        }
        if matches!(
            *w,
            "-n" | "--namespace" | "-o" | "-l" | "--selector" | "--field-selector"
        ) {
            skip = true;
            continue;
        }
        if !w.starts_with('-') {
            kind = w.split(',').next().and_then(Kind::from_resource);
            break;
        }
    }
    let all = words.iter().any(|w| *w == "-A" || *w == "--all-namespaces");
    let wide = command.contains("-o wide")
        || command.contains("-owide")
        || command.contains("--output=wide");
    kind.map(|k| (k, all, wide))
}

/// The kind a header's columns say the table lists: the kind whose printed columns they start
/// with ([`printed_kind`]), else by telling columns (older printers, hand-edited headers).
pub fn header_kind(cols: &[Column], command: Option<Kind>) -> Option<Kind> {
    if let Some(k) = printed_kind(cols, command) {
        return Some(k);
    }
    let has = |n: &str| cols.iter().any(|c| c.name == n);
    if has("LAST SEEN") || (has("REASON") && has("OBJECT")) {
        return Some(Kind::Event);
    }
    if has("PHASE") && has("VMI") {
        return Some(Kind::Vmim);
    }
    if has("PHASE") && (has("NODENAME") || has("IP") || has("LIVE-MIGRATABLE")) {
        return Some(Kind::Vmi);
    }
    if has("PHASE") && (has("PROGRESS") || has("RESTARTS")) {
        return Some(Kind::Dv);
    }
    if has("STATUS") && has("RESTARTS") {
        return Some(Kind::Pod);
    }
    if has("STATUS") && (has("ROLES") || has("VERSION")) {
        return Some(Kind::Node);
    }
    if has("STATUS") && (has("VOLUME") || has("CAPACITY") || has("STORAGECLASS")) {
        return Some(Kind::Pvc);
    }
    if has("STATUS") && has("READY") && has("AGE") && cols.len() <= 5 {
        return Some(Kind::Vm);
    }
    if has("PHASE") && has("AGE") {
        return Some(Kind::Vmi);
    }
    None
}

/// Reads a block as a table: with its header (at its first line, or after a few lines of
/// prose), or without one when the command names the kind. `None` when it is neither.
pub fn read_table<'a>(
    text: &[&'a str],
    first_line: usize,
    command: Option<&str>,
) -> Option<Table<'a>> {
    let from_cmd = command.and_then(command_kind);
    let at = text
        .iter()
        .take(5)
        .position(|l| super::shapes::is_table_header(l));
    let (columns, header, body_from) = match (at, from_cmd) {
        (Some(i), _) => (header_columns(text[i]), true, i + 1),
        (None, Some((k, all, wide))) => {
            // kubectl prints NAMESPACE first only across namespaces (`-A`); rows whose own
            // shape is the command's kind one cell on carry it whatever the command line
            // pasted above them says (a command edited or from another run).
            let all = all || guess_rows(text) == Some((k, true));
            let wide = wide || rows_are_wide(text, k, all);
            let names = default_columns(k, all, wide);
            let cols = names
                .iter()
                .map(|n| Column {
                    name: n.to_string(),
                    start: 0,
                })
                .collect();
            (cols, false, 0)
        }
        (None, None) => {
            let (k, ns) = guess_rows(text)?;
            let cols = default_columns(k, ns, rows_are_wide(text, k, ns))
                .iter()
                .map(|n| Column {
                    name: n.to_string(),
                    start: 0,
                })
                .collect();
            (cols, false, 0)
        }
    };
    let from_cmd = from_cmd.or_else(|| {
        (!header)
            .then(|| guess_rows(text))
            .flatten()
            .map(|(k, ns)| (k, ns, false))
    });
    // The command's kind when it names one kind; the header's when it names several (`get
    // vmi,vm`, `get all`) or none.
    let single = command.is_some_and(|c| !c.contains(',') && !c.contains(" all"));
    let kind = match (from_cmd, header) {
        (Some(c), false) => Some(c.0),
        (Some(c), true) if single => Some(c.0),
        _ => header_kind(&columns, from_cmd.map(|c| c.0)).or(from_cmd.map(|c| c.0)),
    };
    let mut rows = Vec::new();
    for (i, full) in text.iter().enumerate().skip(body_from) {
        let line = super::cells::without_cell_markers(full);
        let sp = spans(line);
        if sp.is_empty()
            || super::cells::is_elision(line)
            || super::shapes::is_collapsed_header(line)
        {
            continue;
        }
        let cells = if header {
            place(&sp, &columns)
        } else {
            loose_cells(line, columns.len())
        };
        rows.push(Row {
            line: first_line + i,
            text: line,
            cells,
        });
    }
    Some(Table {
        kind,
        columns,
        header,
        rows,
    })
}

/// Rows printed without a header that hold every column of the kind's `-o wide` shape (kubectl
/// adds the columns of priority 1 after the default ones, Kubernetes
/// `pkg/printers/internalversion/printers.go`: a pod's IP, NODE, NOMINATED NODE, READINESS
/// GATES), so their cells are read under those columns, not joined into the last default one.
fn rows_are_wide(text: &[&str], kind: Kind, all: bool) -> bool {
    let (default, wide) = (
        default_columns(kind, all, false).len(),
        default_columns(kind, all, true).len(),
    );
    let mut rows = text
        .iter()
        .filter(|l| !super::cells::is_elision(l))
        .map(|l| spans(l).len())
        .filter(|&n| n > 0);
    wide > default && rows.next().is_some_and(|n| n >= wide) && rows.all(|n| n >= wide)
}

/// Each span in the column whose start is nearest (kubectl aligns cells under their header);
/// spans past the last column join it (an event's MESSAGE with double spaces).
fn place<'a>(sp: &[(usize, &'a str)], columns: &[Column]) -> Vec<&'a str> {
    let mut cells = vec![""; columns.len()];
    let mut last_used = None;
    for (start, text) in sp {
        let mut best = 0;
        for (j, c) in columns.iter().enumerate() {
            if c.start <= start + 1 {
                best = j;
            }
        }
        // A cell may start left of its header only when the previous column overflowed.
        if last_used.is_some_and(|l| best <= l) {
            best = (last_used.unwrap_or(0) + 1).min(columns.len() - 1);
        }
        if cells[best].is_empty() {
            cells[best] = text;
        }
        last_used = Some(best);
    }
    cells
}

/// What each row of a table says of its object (events are read line by line elsewhere).
pub fn sightings(t: &Table<'_>, command: Option<&str>) -> Vec<super::sightings::Sighting> {
    let Some(kind) = t.kind.filter(|k| *k != Kind::Event) else {
        return Vec::new();
    };
    let ns_col = t.col(&["NAMESPACE"]);
    let name_col = t.col(&["NAME"]);
    let status_col = match kind {
        Kind::Vmi | Kind::Vmim | Kind::Dv => t.col(&["PHASE", "STATUS"]),
        _ => t.col(&["STATUS", "PHASE"]),
    };
    let node_col = t.col(&["NODENAME", "NODE"]);
    let vmi_col = t.col(&["VMI"]);
    let restarts_col = t.col(&["RESTARTS"]);
    let age_col = t.col(&["AGE"]);
    let ready_col = t.col(&["READY"]);
    let ip_col = t.col(&["IP"]);
    let ns_arg = command.and_then(namespace_arg).unwrap_or("");
    let from = format!(
        "a kubectl get {} table row",
        super::sightings::short_kind(kind)
    );
    t.rows
        .iter()
        .filter(|r| {
            // A row has a name without spaces and at least one more cell (a line of prose
            // right after the table has neither).
            let name = r.cell(name_col);
            let cells = r.cells.iter().filter(|c| !c.is_empty()).count();
            !name.is_empty()
                && !name.contains(char::is_whitespace)
                && cells >= 2
                && !is_header_like(r.text)
        })
        .filter_map(|r| {
            let ns = r.cell(ns_col);
            // `virtualmachineinstance.kubevirt.io/web` (several kinds in one command): the
            // row's own kind.
            let kind = match r.cell(name_col).split_once('/') {
                Some((k, _)) => Kind::from_resource(k)?,
                None => kind,
            };
            Some(super::sightings::Sighting {
                kind,
                namespace: if !kind.namespaced() {
                    ""
                } else if ns.is_empty() {
                    ns_arg
                } else {
                    ns
                }
                .to_string(),
                name: strip_type(r.cell(name_col)).to_string(),
                status: r.cell(status_col).to_string(),
                node: r
                    .cell(node_col)
                    .trim_matches(['<', '>'])
                    .replace("none", ""),
                vmi: r.cell(vmi_col).to_string(),
                restarts: leading_number(r.cell(restarts_col)),
                ready: ratio(r.cell(ready_col)).filter(|_| kind == Kind::Pod),
                ip: ip_col.map(|_| r.cell(ip_col).replace("<none>", "")),
                age: super::age::parse_age(r.cell(age_col)),
                line: r.line,
                // Set by the caller, which knows the block.
                block: 0,
                from: from.clone(),
                excerpt: r.text.to_string(),
            })
        })
        .collect()
}

/// A READY cell `1/2`.
fn ratio(cell: &str) -> Option<(u32, u32)> {
    let (a, b) = cell.split_once('/')?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

/// The count at the start of a RESTARTS cell (`11`, `2 (5m55s ago)`), 0 when there is none.
fn leading_number(cell: &str) -> u32 {
    let digits = cell.bytes().take_while(u8::is_ascii_digit).count();
    cell[..digits].parse().unwrap_or(0)
}

/// `pod/virt-launcher-x` printed with `kubectl get all` or several kinds: the name alone.
fn strip_type(name: &str) -> &str {
    name.rsplit_once('/').map_or(name, |(_, n)| n)
}

fn is_header_like(line: &str) -> bool {
    super::shapes::is_table_header(line) || super::shapes::is_collapsed_header(line)
}

/// The `-n NS` / `-nNS` / `-n=NS` / `--namespace NS` / `--namespace=NS` of a command.
pub fn namespace_arg(command: &str) -> Option<&str> {
    let mut words = command.split_whitespace();
    while let Some(w) = words.next() {
        if w == "-n" || w == "--namespace" {
            return words.next();
        }
        if let Some(v) = w
            .strip_prefix("--namespace=")
            .or_else(|| w.strip_prefix("-n="))
            // `-nprod`: a shorthand flag with its value attached (pflag).
            .or_else(|| {
                w.strip_prefix("-n")
                    .filter(|v| !v.is_empty() && !v.starts_with('-'))
            })
        {
            return Some(v);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_by_header_even_when_blank() {
        let text = [
            "NAME     AGE     PHASE        IP    NODENAME   READY",
            "testvm   7m50s   Scheduling                    False",
        ];
        let t = read_table(&text, 1, None).unwrap();
        assert_eq!(t.kind, Some(Kind::Vmi));
        let r = &t.rows[0];
        assert_eq!(r.cell(t.col(&["PHASE"])), "Scheduling");
        assert_eq!(r.cell(t.col(&["NODENAME"])), "");
        assert_eq!(r.cell(t.col(&["READY"])), "False");
    }
}
