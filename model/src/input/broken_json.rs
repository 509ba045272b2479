//! A JSON log line broken over several lines by hand or by a terminal (its message string left
//! open at the line's end, the object closed lines later): every piece is part of one message,
//! so the message is read whole. A signature that needs words from two pieces (virt-controller's
//! "failed to create vmi migration target pod" with the quota admission's "exceeded quota" a few
//! lines below, `signatures/migration_target.rs`) then names what the pieces said together, and
//! the pieces' own readings of a part (the quota refusal alone) give way to it.
//!
//! A JSON log object (KubeVirt's `pkg/util/log`, zap, logrus) is one line: `{"…":"…",…}`. A
//! line that opens one (`{"`) and ends inside a string (an odd count of unescaped quotes after
//! the brace) is broken; the pieces run to the line that closes the object (`}`), blank lines
//! between them kept out, at most [`PIECES`] lines.

use super::read::ReadPaste;
use crate::signatures::match_line;

/// How many lines a broken object may span.
const PIECES: usize = 16;

/// Reads each broken JSON object's pieces as one message.
pub fn settle(out: &mut ReadPaste, input: &str) {
    if !crate::scan::holds(input, "{\"") {
        return;
    }
    let lines: Vec<&str> = input.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let Some(end) = broken_until(&lines, i) else {
            i += 1;
            continue;
        };
        let joined: String = lines[i..=end]
            .iter()
            .map(|l| l.trim())
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        let whole = match_line(&joined);
        let alone = |sig: &str| {
            lines[i..=end]
                .iter()
                .any(|l| match_line(l).is_some_and(|s| s.id == sig))
        };
        if let Some(sig) = whole.filter(|s| s.layer.is_some() && !alone(s.id)) {
            // Lines are numbered from 1 in signals.
            let range = i + 1..=end + 1;
            let mut first = true;
            out.signals.retain_mut(|x| {
                if !range.contains(&x.line) || x.layer.is_none() {
                    return true;
                }
                if first {
                    first = false;
                    super::component::take(x, sig);
                    true
                } else {
                    false
                }
            });
        }
        i = end + 1;
    }
}

/// The last line of the broken JSON object line `i` opens, when it is one.
fn broken_until(lines: &[&str], i: usize) -> Option<usize> {
    let line = lines[i];
    let at = line.find("{\"")?;
    let rest = &line[at..];
    if rest.contains('}') || open_quotes(rest).is_multiple_of(2) {
        return None;
    }
    (i + 1..lines.len().min(i + PIECES)).find(|&j| lines[j].contains('}'))
}

/// The quotes of `s` that no backslash escapes.
fn open_quotes(s: &str) -> usize {
    let b = s.as_bytes();
    (0..b.len())
        .filter(|&k| b[k] == b'"' && (k == 0 || b[k - 1] != b'\\'))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_object_left_open_runs_to_its_closing_brace() {
        let lines = [
            r#"{"level":"info","msg":"x","reason":"failed to create vmi migration target pod:"#,
            "",
            " exceeded quota: q,",
            r#""timestamp":"t"}"#,
        ];
        assert_eq!(broken_until(&lines, 0), Some(3));
        let whole = [r#"{"level":"info","msg":"x"}"#, "}"];
        assert_eq!(broken_until(&whole, 0), None);
    }
}
