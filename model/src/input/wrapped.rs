//! A YAML string value wrapped over several lines, as `kubectl get -o yaml` prints a long
//! condition message (go-yaml folds a plain or quoted scalar longer than its line width onto
//! more-indented continuation lines, YAML 1.2 §7.3 flow scalars: a line break inside one reads
//! as a space): the value is joined back so the message is matched whole, not as two halves of
//! which neither names its cause (`admission webhook "x"` on one line, `denied the request:` on
//! the next).

use crate::scan::FastLines as _;
/// At most this many continuation lines are joined (a condition message; not a whole file).
const MAX_CONTINUATION: usize = 12;

/// The line `i` of `text` joined with the continuation lines of a scalar it opens (`key: 'a …`
/// without its closing quote, or `key: a …` followed by more-indented lines that are not keys
/// or list items), and how many lines were joined after it; `None` when it continues nothing.
pub fn joined(text: &[&str], i: usize) -> Option<(String, usize)> {
    let line = text.get(i)?;
    let indent = line.len() - line.trim_start_fast().len();
    // Only a more-indented next line continues a value: asked first, as most lines are not
    // followed by one and every line of a block is asked.
    let next = text.get(i + 1)?;
    if next.len() - next.trim_start_fast().len() <= indent || next.trim_fast().is_empty() {
        return None;
    }
    let body = line.trim_start_fast().trim_start_matches("- ");
    let (key, value) = body.split_once(": ")?;
    if key.is_empty() || key.contains(' ') || key.starts_with(['"', '\'', '#']) {
        return None;
    }
    let value = value.trim_start_fast();
    let quote = value.chars().next().filter(|c| *c == '\'' || *c == '"');
    if let Some(q) = quote
        && closes(&value[1..], q)
    {
        return None;
    }
    // A folded block scalar (`>`, `>-`, `>+`, with an indentation digit or not; YAML 1.2
    // §8.1.3): its more-indented lines are one text whose line breaks read as spaces, however
    // they look (a `key: value` inside it is text). A literal one (`|`) keeps its lines apart.
    let folded = quote.is_none()
        && value.strip_prefix('>').is_some_and(|r| {
            r.trim_end()
                .bytes()
                .all(|b| matches!(b, b'-' | b'+' | b'0'..=b'9'))
        });
    if quote.is_none() && !folded && (value.is_empty() || value.starts_with(['|', '>', '{', '['])) {
        return None;
    }
    // Built at the first continuation line: most values continue nothing.
    let mut out = String::new();
    let mut n = 0;
    for next in text.iter().skip(i + 1).take(MAX_CONTINUATION) {
        let t = next.trim_fast();
        let next_indent = next.len() - next.trim_start_fast().len();
        if t.is_empty() || next_indent <= indent {
            break;
        }
        if quote.is_none() && !folded && (t.starts_with("- ") || is_key_line(t)) {
            break;
        }
        if n == 0 {
            out.push_str(line.trim_end_fast());
        }
        out.push(' ');
        out.push_str(t);
        n += 1;
        if let Some(q) = quote
            && closes(t, q)
        {
            break;
        }
    }
    (n > 0).then_some((out, n))
}

/// Whether `rest` (after an opening quote) holds the closing quote: `'` doubled is an escaped
/// single quote; `\"` an escaped double quote.
fn closes(rest: &str, q: char) -> bool {
    let b = rest.as_bytes();
    let mut k = 0;
    while k < b.len() {
        if q == '"' && b[k] == b'\\' {
            k += 2;
            continue;
        }
        if b[k] == q as u8 {
            if q == '\'' && b.get(k + 1) == Some(&b'\'') {
                k += 2;
                continue;
            }
            return true;
        }
        k += 1;
    }
    false
}

/// `key: value` or `key:` with a one-word key.
fn is_key_line(t: &str) -> bool {
    t.split_once(':').is_some_and(|(k, v)| {
        !k.is_empty() && !k.contains(' ') && (v.is_empty() || v.starts_with(' '))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quoted_and_a_plain_scalar_are_joined_and_a_whole_one_is_not() {
        let text = [
            "  - message: 'admission webhook \"x.io\"",
            "      denied the request:  it''s missing'",
            "    reason: Failed",
        ];
        let (j, n) = joined(&text, 0).unwrap();
        assert_eq!(n, 1);
        assert!(
            j.ends_with("\"x.io\" denied the request:  it''s missing'"),
            "{j}"
        );
        let plain = [
            "    message: a long text that go-yaml",
            "      folded here",
            "    type: X",
        ];
        assert_eq!(joined(&plain, 0).unwrap().1, 1);
        assert!(joined(&["    message: 'whole'", "      next"], 0).is_none());
        assert!(joined(&["    reason: Failed", "    type: X"], 0).is_none());
    }

    #[test]
    fn a_folded_block_scalar_is_joined_and_a_literal_one_is_not() {
        let text = [
            "    message: >-",
            "      the first half of a message, then",
            "      note: the second half",
            "    reason: Failed",
        ];
        let (j, n) = joined(&text, 0).unwrap();
        assert_eq!(n, 2);
        assert!(
            j.ends_with("message: >- the first half of a message, then note: the second half"),
            "{j}"
        );
        assert!(joined(&["    message: |", "      one", "      two"], 0).is_none());
        assert!(joined(&["    message: >x", "      one"], 0).is_none());
    }
}
