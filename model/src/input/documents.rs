//! JSON and YAML documents: one JSON value, concatenated JSON values, or `---`-separated YAML
//! documents, each with the line it starts on; syntax errors name the line and column.

use super::object::{EXPECTED, ParseError};
use serde_json::Value;

/// Splits the input into documents (JSON values or YAML documents), each with its first line.
pub fn read_documents(input: &str) -> Result<Vec<(usize, Value)>, ParseError> {
    let t = input.trim_start();
    if t.starts_with('{') || t.starts_with('[') {
        let offset_lines = input[..input.len() - t.len()].matches('\n').count();
        let mut out = Vec::new();
        let mut stream = serde_json::Deserializer::from_str(t).into_iter::<Value>();
        let mut json_err = None;
        // Newlines are counted incrementally, so a long stream of documents stays linear.
        let (mut counted_to, mut lines_before) = (0usize, 0usize);
        loop {
            let start = stream.byte_offset();
            match stream.next() {
                None => break,
                Some(Ok(v)) => {
                    let skipped = t[start..].len() - t[start..].trim_start().len();
                    let at = start + skipped;
                    lines_before += t[counted_to..at].matches('\n').count();
                    counted_to = at;
                    out.push((offset_lines + lines_before + 1, v));
                }
                Some(Err(e)) => {
                    json_err = Some(e);
                    break;
                }
            }
        }
        match json_err {
            None => return Ok(out),
            Some(e) => {
                // Maybe YAML flow style; if YAML cannot read it either, the JSON error is clearer.
                if let Ok(docs) = read_yaml(input) {
                    return Ok(docs);
                }
                return Err(ParseError {
                    line: Some(e.line() + offset_lines),
                    column: Some(e.column()),
                    message: format!("invalid JSON: {e}"),
                });
            }
        }
    }
    read_yaml(input)
}

pub(super) fn read_yaml(input: &str) -> Result<Vec<(usize, Value)>, ParseError> {
    let mut out = Vec::new();
    for (start_line, text) in split_yaml_documents(input) {
        if text.lines().all(|l| {
            let l = l.trim();
            l.is_empty() || l.starts_with('#') || l == "..."
        }) {
            continue;
        }
        let read = match super::fast_yaml::document(&text) {
            Some(v) => Ok(v),
            None => serde_saphyr::from_str::<Value>(&text),
        };
        match read {
            Ok(Value::Null) => {}
            Ok(v) => out.push((start_line, v)),
            Err(e) => {
                let loc = e.location();
                let line = loc.map(|l| l.line() as usize + start_line - 1);
                let column = loc.map(|l| l.column() as usize);
                let first = e
                    .to_string()
                    .lines()
                    .next()
                    .unwrap_or("")
                    .trim()
                    .to_string();
                return Err(ParseError {
                    line,
                    column,
                    message: format!("invalid YAML: {first}; {EXPECTED}"),
                });
            }
        }
    }
    Ok(out)
}

/// Splits on `---` lines. The separator line itself is blanked so line numbers stay exact; a
/// document that starts on the `---` line (`--- {a: 1}`) keeps its content.
pub fn split_yaml_documents(input: &str) -> Vec<(usize, String)> {
    let mut docs = Vec::new();
    let mut cur = String::new();
    let mut start = 1;
    for (i, line) in input.lines().enumerate() {
        let is_sep = line == "---" || line.starts_with("--- ") || line.starts_with("---\t");
        if is_sep {
            if !cur.trim().is_empty() {
                docs.push((start, std::mem::take(&mut cur)));
            }
            cur.clear();
            start = i + 1;
            // Keep preceding lines empty so saphyr's line numbers map with an offset.
            cur.push_str(&" ".repeat(3));
            cur.push_str(&line[3..]);
            cur.push('\n');
        } else {
            cur.push_str(line);
            cur.push('\n');
        }
    }
    if !cur.trim().is_empty() {
        docs.push((start, cur));
    }
    docs
}
