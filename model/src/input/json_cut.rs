//! JSON cut at either end, as a paste of `kubectl get … -o json` often is: the values that are
//! whole are read, a value cut at the end is closed (its open strings, objects and arrays) and
//! read for what it holds, and lines before the first whole value (the tail of an item cut at
//! its start) are skipped and said. kubectl prints JSON with one `{` per line at the start of
//! each item (`printers.JSONPrinter`, two-space indentation), so an item starts at a line that
//! opens an object.
//!
//! Hand-written because serde_json reads whole values only; the scan is linear in the text and
//! each start line is tried at most once.

use serde_json::Value;

/// What could be read from cut JSON: each value with its line (1-based, in the text), and the
/// rules applied, for the block's report.
#[derive(Debug, Default)]
pub struct Salvaged {
    pub values: Vec<(usize, Value)>,
    pub rules: Vec<String>,
}

/// How many lines before the end a cut value is tried to be closed at.
const CLOSE_TRIES: usize = 6;
/// How many candidate start lines are tried.
const START_TRIES: usize = 8;

/// True when the text looks like (a piece of) JSON: its first line starts with `{`, `[`, `"`,
/// `}` or `]`.
pub fn looks_like_json(text: &str) -> bool {
    text.lines()
        .map(str::trim_start)
        .find(|l| !l.is_empty())
        .is_some_and(|l| l.starts_with(['{', '[', '"', '}', ']']))
}

/// Reads what can be read from JSON cut at either end; `None` when nothing can.
pub fn salvage(text: &str) -> Option<Salvaged> {
    let starts: Vec<usize> = line_starts(text);
    let candidates: Vec<usize> = starts
        .iter()
        .enumerate()
        .filter(|(_, at)| text[**at..].trim_start().starts_with(['{', '[']))
        .map(|(i, _)| i)
        .take(START_TRIES)
        .collect();
    for line in candidates {
        let mut out = Salvaged::default();
        if sequence(text, starts[line], &starts, &mut out) {
            if line > 0 {
                out.rules.push(format!(
                    "JSON cut at its start: lines 1-{line} (the end of a value cut before them) were skipped"
                ));
            }
            return Some(out);
        }
    }
    None
}

/// The byte offset where each line starts.
fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .filter(|i| *i < text.len())
        .collect()
}

fn line_of(starts: &[usize], at: usize) -> usize {
    starts.partition_point(|s| *s <= at)
}

/// Reads values from `at` on, separated by commas (the items of an array cut at its start),
/// until the text ends or closes an enclosing array or object. True when one value was read.
fn sequence(text: &str, mut at: usize, starts: &[usize], out: &mut Salvaged) -> bool {
    loop {
        let rest = &text[at..];
        let skip = rest.len()
            - rest
                .trim_start_matches(|c: char| c.is_whitespace() || c == ',')
                .len();
        at += skip;
        if at >= text.len() || !text[at..].starts_with(['{', '[']) {
            return !out.values.is_empty();
        }
        let mut stream = serde_json::Deserializer::from_str(&text[at..]).into_iter::<Value>();
        match stream.next() {
            Some(Ok(v)) => {
                out.values.push((line_of(starts, at), v));
                at += stream.byte_offset();
            }
            Some(Err(e)) if e.is_eof() => {
                if let Some(v) = close(&text[at..]) {
                    out.values.push((line_of(starts, at), v));
                    out.rules.push(
                        "JSON cut at its end: the open strings, objects and arrays were closed"
                            .into(),
                    );
                }
                return !out.values.is_empty();
            }
            _ => return !out.values.is_empty(),
        }
    }
}

/// A value cut at its end, closed: cut back a few lines at most (a half-written key or value:
/// a string cut mid-way is dropped, not finished), drop a trailing comma or a key without its
/// value, close what is open.
fn close(text: &str) -> Option<Value> {
    let lines: Vec<&str> = text.lines().collect();
    for keep in (lines.len().saturating_sub(CLOSE_TRIES)..=lines.len()).rev() {
        if keep == 0 {
            break;
        }
        let mut head = lines[..keep].join("\n");
        let trimmed = head.trim_end().trim_end_matches(',').to_string();
        head = trimmed;
        if head.ends_with(':') {
            continue;
        }
        // A string cut mid-way is never finished by guessing: that line goes.
        let Some(closers) = closers(&head).filter(|c| !c.starts_with('"')) else {
            continue;
        };
        head.push_str(&closers);
        if let Ok(v) = serde_json::from_str::<Value>(&head) {
            return Some(v);
        }
    }
    None
}

/// What closes the open strings, objects and arrays of `text`; `None` when it closes more than
/// it opens.
fn closers(text: &str) -> Option<String> {
    let (mut stack, mut in_string, mut escaped) = (Vec::new(), false, false);
    for c in text.chars() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '{' => stack.push('}'),
            '[' => stack.push(']'),
            '}' | ']' if stack.pop() != Some(c) => return None,
            _ => {}
        }
    }
    let mut out = String::new();
    if in_string {
        out.push('"');
    }
    out.extend(stack.into_iter().rev());
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_cut_at_its_end_is_closed() {
        let text = "{\n  \"kind\": \"VirtualMachineInstance\",\n  \"status\": {\n    \"phase\": \"Failed\",\n    \"conditions\": [\n      {\n        \"type\": \"Ready\",\n        \"reason\": \"PodTermin";
        let s = salvage(text).unwrap();
        assert_eq!(s.values.len(), 1);
        assert_eq!(s.values[0].1["status"]["phase"], "Failed");
        // The reason cut mid-string is dropped, not guessed.
        assert_eq!(s.values[0].1["status"]["conditions"][0].get("reason"), None);
        assert_eq!(s.values[0].1["status"]["conditions"][0]["type"], "Ready");
        assert!(s.rules[0].contains("cut at its end"));
    }

    #[test]
    fn items_after_a_cut_start_are_read_each_with_its_line() {
        let text = "        \"phase\": \"Running\"\n      }\n    },\n    {\n      \"kind\": \"VirtualMachineInstance\",\n      \"status\": {\"phase\": \"Failed\"}\n    },\n    {\n      \"kind\": \"Pod\"\n    }\n  ],\n  \"kind\": \"List\"\n}\n";
        let s = salvage(text).unwrap();
        let lines: Vec<usize> = s.values.iter().map(|v| v.0).collect();
        assert_eq!(lines, [4, 8]);
        assert_eq!(s.values[0].1["status"]["phase"], "Failed");
        assert!(s.rules[0].contains("lines 1-3"), "{:?}", s.rules);
        assert!(salvage("not json at all").is_none());
        assert_eq!(closers("{\"a\": [1, {\"b\": \"x"), Some("\"}]}".into()));
        assert_eq!(closers("}"), None);
    }
}
