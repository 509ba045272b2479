//! A table line's cells and a header's columns: runs of text separated by two or more spaces or a
//! tab, as kubectl's tabwriter prints them. A leaf shared by the table, header-less row and event
//! row readers.

use crate::scan::FastLines as _;
/// One column: its upper-case name and the byte where it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    pub name: String,
    pub start: usize,
}

/// A line that only says something was left out (`...`, `[...]`, `[..]`, `<snip>`): a paste's
/// author cutting rows of a table or lines of a YAML, not a row or a line of its own.
pub fn is_elision(line: &str) -> bool {
    let t = line.trim_fast().trim_start_matches('#').trim_fast();
    matches!(
        t,
        "..."
            | "…"
            | "[...]"
            | "[..]"
            | "(...)"
            | "<...>"
            | "<snip>"
            | "[snip]"
            | "snip"
            | "<snipped>"
    ) || (t.len() >= 3 && t.chars().all(|c| c == '.'))
}

/// The cells of a line: runs of text separated by two or more spaces or a tab, with where each
/// starts.
pub(super) fn spans(line: &str) -> Vec<(usize, &str)> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
            i += 1;
        }
        let start = i;
        while i < b.len() {
            let gap = b[i] == b'\t' || (b[i] == b' ' && b.get(i + 1).is_some_and(|c| *c == b' '));
            if gap {
                break;
            }
            i += 1;
        }
        if i > start {
            out.push((start, line[start..i].trim_end_fast()));
        }
    }
    out
}

/// A line without the cell markers a web page's table viewer left at its end (a gist's ` | |`):
/// a lone `|` after the last cell is no kubectl cell.
pub fn without_cell_markers(line: &str) -> &str {
    let mut t = line.trim_end_fast();
    while let Some(rest) = t.strip_suffix('|') {
        if !(rest.is_empty() || rest.ends_with(char::is_whitespace)) {
            break;
        }
        t = rest.trim_end_fast();
    }
    t
}
