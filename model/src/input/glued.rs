//! A table header glued to the output before it. `kubectl get … -o jsonpath=…` prints its
//! template's output with no newline after it (`JSONPathPrinter.PrintObj` in
//! `k8s.io/cli-runtime/pkg/printers/jsonpath.go` executes the template into the writer and
//! adds nothing), so in a chain such as `kubectl get X -o jsonpath='{…}' && kubectl get vmim
//! -A` the next command's header starts on the same line, right after the last character of
//! that output: `…"}NAMESPACE   NAME   PHASE   VMI`. The header is read where it starts, so the
//! table under it is read as one, under the chain's next command; the text before it stays a
//! block of its own. (A diff's `+` before a header is cut the same way.)

use super::table::{header_columns, header_kind};
use crate::scan::FastLines as _;

/// The line cut where a known table header starts right after other output, when it does:
/// (the output before, the header).
pub fn glued_header(line: &str) -> Option<(&str, &str)> {
    // Every line of a paste is asked: the word is looked for byte by byte, with no searcher
    // set up per line (`NAME` cannot overlap itself, so these are `match_indices`' hits).
    let mut from = 0;
    let hits = std::iter::from_fn(|| {
        let at = from + crate::scan::find(&line[from..], "NAME")?;
        from = at + 4;
        Some(at)
    });
    for i in hits {
        if i == 0 {
            continue;
        }
        let before = &line[..i];
        let last = before.chars().next_back()?;
        // Glued: no blank between; not inside a longer upper-case word (`HOSTNAME`) or a
        // header's own column (`NAMESPACE` after a blank).
        if last.is_whitespace() || last.is_ascii_uppercase() || matches!(last, '_' | '-') {
            continue;
        }
        if before.trim_fast().is_empty() {
            continue;
        }
        let header = &line[i..];
        if !(header.starts_with("NAMESPACE ") || header.starts_with("NAME ")) {
            continue;
        }
        let cols = header_columns(header);
        if cols.len() >= 2 && header_kind(&cols, None).is_some() {
            return Some((before, header));
        }
    }
    None
}

/// The commands after the first of a shell chain (`a && b`, `a; b`, `a || b`): whose output
/// follows the first's.
pub fn next_in_chain(command: &str) -> Option<&str> {
    let cut = ["&&", "||", ";"]
        .iter()
        .filter_map(|sep| command.find(sep).map(|i| (i, sep.len())))
        .min()?;
    let rest = command[cut.0 + cut.1..].trim_fast();
    (!rest.is_empty()).then_some(rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_header_after_a_jsonpath_output_is_cut_off_it() {
        let line = r#"{"a":"1"}NAMESPACE   NAME        PHASE     VMI"#;
        assert_eq!(
            glued_header(line),
            Some((r#"{"a":"1"}"#, "NAMESPACE   NAME        PHASE     VMI"))
        );
        assert_eq!(
            glued_header("10.0.0.7NAME     AGE   PHASE     IP    NODENAME   READY").map(|x| x.0),
            Some("10.0.0.7")
        );
    }

    #[test]
    fn the_next_command_of_a_chain() {
        assert_eq!(
            next_in_chain("kubectl get x -o jsonpath='{.a}' && kubectl get vmim -A"),
            Some("kubectl get vmim -A")
        );
        assert_eq!(next_in_chain("kubectl get vmim"), None);
    }

    #[test]
    fn a_header_or_prose_is_not_cut() {
        assert_eq!(glued_header("NAMESPACE   NAME   PHASE   VMI"), None);
        assert_eq!(glued_header("NAME   HOSTNAME   STATUS   RESTARTS"), None);
        assert_eq!(glued_header("the column NAME shows it"), None);
        assert_eq!(glued_header("HOSTNAME   STATUS   RESTARTS"), None);
    }
}
