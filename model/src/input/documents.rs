//! JSON and YAML documents: one JSON value, concatenated JSON values, or `---`-separated YAML
//! documents, each with the line it starts on; syntax errors name the line and column.
//!
//! A YAML `kind: List` as kubectl prints it (`items:` at column 0, each item a `- ` at column
//! 0) is read one item at a time ([`super::list`]): an item the parser cannot read, or one that
//! reaches a limit of the parser, is reported on its own and every other item is still read,
//! and no value of the whole list is ever held. [`each_document`] hands each value on as soon as
//! it is read, so a dump is never held twice.

use super::object::{EXPECTED, ParseError};
use crate::scan::FastLines as _;
use serde_json::Value;
use std::borrow::Cow;

/// One value read from the input: a document, or one item of a YAML `kind: List`.
#[derive(Debug)]
pub enum Piece {
    /// A value, the line it starts on, and its path in its document (`/items/3`, or empty).
    Read {
        line: usize,
        path: String,
        value: Value,
    },
    /// An item of a List that could not be read (the others were), with why.
    Unreadable {
        line: usize,
        path: String,
        error: ParseError,
    },
}

/// Splits the input into documents (JSON values or YAML documents), each with its first line
/// (the items of a YAML List each on their own; unreadable items are left out).
pub fn read_documents(input: &str) -> Result<Vec<(usize, Value)>, ParseError> {
    let mut out = Vec::new();
    each_document(input, &mut |_, piece| {
        if let Piece::Read { line, value, .. } = piece {
            out.push((line, value));
        }
    })?;
    Ok(out)
}

/// Reads the input document by document, handing each [`Piece`] with its document number (from
/// 1) to `f` as soon as it is read. Fails on the first document that cannot be read at all.
pub fn each_document(input: &str, f: &mut dyn FnMut(usize, Piece)) -> Result<(), ParseError> {
    let t = input.trim_start_fast();
    if !(t.starts_with('{') || t.starts_with('[')) {
        return each_yaml(input, f);
    }
    let (values, rest) = read_json(input)?;
    let n = values.len();
    for (i, (line, value)) in values.into_iter().enumerate() {
        let path = String::new();
        f(i + 1, Piece::Read { line, path, value });
    }
    if let Some(error) = rest {
        let line = error.line.unwrap_or(1);
        let path = String::new();
        f(n + 1, Piece::Unreadable { line, path, error });
    }
    Ok(())
}

/// Values read, and the error of the value that could not be (the rest of the input).
type JsonValues = (Vec<(usize, Value)>, Option<ParseError>);

/// Concatenated JSON values (or YAML flow style, when JSON cannot read it). When a value after
/// whole ones cannot be read, the whole ones are kept and the error is handed back with them.
fn read_json(input: &str) -> Result<JsonValues, ParseError> {
    let t = input.trim_start_fast();
    let offset_lines = input[..input.len() - t.len()].matches('\n').count();
    let mut out = Vec::new();
    let mut stream = serde_json::Deserializer::from_str(t).into_iter::<Value>();
    // Newlines are counted incrementally, so a long stream of documents stays linear.
    let (mut counted_to, mut lines_before) = (0usize, 0usize);
    loop {
        let start = stream.byte_offset();
        match stream.next() {
            None => return Ok((out, None)),
            Some(Ok(v)) => {
                let skipped = t[start..].len() - t[start..].trim_start_fast().len();
                let at = start + skipped;
                lines_before += t[counted_to..at].matches('\n').count();
                counted_to = at;
                out.push((offset_lines + lines_before + 1, v));
            }
            Some(Err(e)) => {
                let error = ParseError {
                    line: Some(e.line() + offset_lines),
                    column: Some(e.column()),
                    message: format!("invalid JSON: “{e}”"),
                };
                if !out.is_empty() {
                    return Ok((out, Some(error)));
                }
                // Maybe YAML flow style; if YAML cannot read it either, the JSON error is clearer.
                if let Ok(docs) = read_documents_yaml(input) {
                    return Ok((docs, None));
                }
                return Err(error);
            }
        }
    }
}

/// Every YAML document (and List item) as `(line, value)`.
fn read_documents_yaml(input: &str) -> Result<Vec<(usize, Value)>, ParseError> {
    let mut out = Vec::new();
    each_yaml(input, &mut |_, piece| {
        if let Piece::Read { line, value, .. } = piece {
            out.push((line, value));
        }
    })?;
    Ok(out)
}

/// `---`-separated YAML documents, a List's items one by one. Among several documents, one
/// that cannot be read is handed on as [`Piece::Unreadable`] and the others are read; a single
/// document that cannot be read is the input's error.
fn each_yaml(input: &str, f: &mut dyn FnMut(usize, Piece)) -> Result<(), ParseError> {
    let blank = |text: &str| {
        text.lines_fast().all(|l| {
            let l = l.trim_fast();
            l.is_empty() || l.starts_with('#') || l == "..."
        })
    };
    // Borrowed from the input where possible: a dump of one `kind: List` is never copied whole.
    let docs: Vec<_> = yaml_documents(input).collect();
    let several = docs.iter().filter(|(_, t)| !blank(t)).nth(1).is_some();
    let mut number = 0;
    for (start_line, text) in docs {
        if blank(&text) {
            continue;
        }
        number += 1;
        if let Some(items) = super::list::items(&text) {
            for (i, item) in items.into_iter().enumerate() {
                let (line, path) = (start_line + item.line, format!("/items/{i}"));
                let read = match super::fast_yaml::document_lines(item.lines(&text)) {
                    Some(v) => Ok(v),
                    None => full_parse(&item.text(&text), line),
                };
                match read {
                    Ok(Value::Null) => {}
                    Ok(value) => f(number, Piece::Read { line, path, value }),
                    Err(error) => f(number, Piece::Unreadable { line, path, error }),
                }
            }
            continue;
        }
        let path = String::new();
        match read_one(&text, start_line) {
            Ok(Value::Null) => {}
            Ok(value) => f(
                number,
                Piece::Read {
                    line: start_line,
                    path,
                    value,
                },
            ),
            Err(error) if several => f(
                number,
                Piece::Unreadable {
                    line: start_line,
                    path,
                    error,
                },
            ),
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// One YAML document (or List item) whose first line is line `start_line` of the input: the fast
/// reader, else the full parser.
fn read_one(text: &str, start_line: usize) -> Result<Value, ParseError> {
    match super::fast_yaml::document(text) {
        Some(v) => Ok(v),
        None => full_parse(text, start_line),
    }
}

/// The full parser on one document whose first line is line `start_line` of the input. A limit
/// of the full parser is said as such.
fn full_parse(text: &str, start_line: usize) -> Result<Value, ParseError> {
    serde_saphyr::from_str::<Value>(text).map_err(|e| {
        let loc = e.location();
        let line = loc.map(|l| l.line() as usize + start_line - 1);
        let column = loc.map(|l| l.column() as usize);
        let first = e
            .to_string()
            .lines_fast()
            .next()
            .unwrap_or("")
            .trim_fast()
            .to_string();
        let message = if is_limit(&e) {
            format!(
                "valid YAML maybe, but it reaches a limit of the YAML parser ({first}); \
                 this part was not read (a `kind: List` is read item by item, so only an item \
                 this large is skipped)"
            )
        } else {
            format!("invalid YAML: “{first}”; {EXPECTED}")
        };
        ParseError {
            line,
            column,
            message,
        }
    })
}

/// True when the parser stopped at one of its limits (its budget), not at a syntax error.
fn is_limit(mut e: &serde_saphyr::Error) -> bool {
    loop {
        match e {
            serde_saphyr::Error::WithSnippet { error, .. }
            | serde_saphyr::Error::AliasError { error, .. } => e = error,
            serde_saphyr::Error::Budget { .. } => return true,
            _ => return false,
        }
    }
}

/// Splits on `---` lines. The separator line itself is blanked so line numbers stay exact; a
/// document that starts on the `---` line (`--- {a: 1}`) keeps its content.
pub fn split_yaml_documents(input: &str) -> Vec<(usize, String)> {
    yaml_documents(input)
        .map(|(line, text)| (line, text.into_owned()))
        .collect()
}

/// [`split_yaml_documents`] one document at a time, each borrowed from the input when its text
/// is the input's own (no separator line to blank, no `\r`, a final newline): a dump of one
/// `kind: List` is then never copied whole.
pub fn yaml_documents(input: &str) -> impl Iterator<Item = (usize, Cow<'_, str>)> {
    Documents {
        input,
        lines: input.split_inclusive('\n').enumerate(),
        at: 0,
        start: 1,
        from: 0,
        on_separator: false,
        own_text: true,
    }
}

/// The state of [`yaml_documents`]: the document being read starts on line `start`, at byte
/// `from`; `at` is where the next line starts.
struct Documents<'a> {
    input: &'a str,
    lines: std::iter::Enumerate<std::str::SplitInclusive<'a, char>>,
    at: usize,
    start: usize,
    from: usize,
    /// It starts on a `---` line (blanked in its text).
    on_separator: bool,
    /// Its text is the input's own, byte for byte.
    own_text: bool,
}

impl<'a> Documents<'a> {
    /// The document that ends at byte `end`, unless it is blank.
    fn document(&self, end: usize) -> Option<(usize, Cow<'a, str>)> {
        let raw = &self.input[self.from..end];
        let text = if self.own_text {
            Cow::Borrowed(raw)
        } else {
            let mut cur = String::with_capacity(raw.len() + 1);
            // A `---` line blanked, not dropped, so saphyr's line numbers map with an offset.
            let body = if self.on_separator && !raw.is_empty() {
                cur.push_str("   ");
                &raw[3..]
            } else {
                raw
            };
            if body.contains('\r') {
                // Every line end made `\n` (what `lines` cuts at).
                for line in body.lines_fast() {
                    cur.push_str(line);
                    cur.push('\n');
                }
            } else {
                // The same without cutting it: the text whole, ending in a newline.
                cur.push_str(body);
                if !cur.is_empty() && !cur.ends_with('\n') {
                    cur.push('\n');
                }
            }
            Cow::Owned(cur)
        };
        (!text.trim_fast().is_empty()).then_some((self.start, text))
    }
}

impl<'a> Iterator for Documents<'a> {
    type Item = (usize, Cow<'a, str>);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let Some((i, raw)) = self.lines.next() else {
                let last = self.document(self.at);
                self.from = self.at;
                return last;
            };
            let (begin, line) = (self.at, super::list::line_of(raw));
            self.at += raw.len();
            let is_sep = line == "---" || line.starts_with("--- ") || line.starts_with("---\t");
            if !is_sep {
                self.own_text &= self.at - begin == line.len() + 1;
                continue;
            }
            let before = self.document(begin);
            (self.start, self.from) = (i + 1, begin);
            (self.on_separator, self.own_text) = (true, false);
            if before.is_some() {
                return before;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The splitting as it was, copying every document: the reference.
    fn split_copying(input: &str) -> Vec<(usize, String)> {
        let mut docs = Vec::new();
        let mut cur = String::new();
        let mut start = 1;
        for (i, line) in input.lines_fast().enumerate() {
            let is_sep = line == "---" || line.starts_with("--- ") || line.starts_with("---\t");
            if is_sep {
                if !cur.trim_fast().is_empty() {
                    docs.push((start, std::mem::take(&mut cur)));
                }
                cur.clear();
                start = i + 1;
                cur.push_str(&" ".repeat(3));
                cur.push_str(&line[3..]);
                cur.push('\n');
            } else {
                cur.push_str(line);
                cur.push('\n');
            }
        }
        if !cur.trim_fast().is_empty() {
            docs.push((start, cur));
        }
        docs
    }

    const LINES: [&str; 12] = [
        "---",
        "--- {a: 1}",
        "---\tb: 2",
        "----",
        "",
        "   ",
        "a: 1",
        "  b: x",
        "c: y\r",
        "...",
        "# note",
        "items:",
    ];

    proptest! {
        #[test]
        fn documents_are_split_as_by_copying(
            picks in prop::collection::vec(0..LINES.len(), 0..20),
            newline_at_end in any::<bool>(),
            crlf in any::<bool>(),
        ) {
            let sep = if crlf { "\r\n" } else { "\n" };
            let mut input = picks.iter().map(|&i| LINES[i]).collect::<Vec<_>>().join(sep);
            if newline_at_end {
                input.push_str(sep);
            }
            prop_assert_eq!(split_yaml_documents(&input), split_copying(&input));
        }
    }

    #[test]
    fn a_list_dump_is_borrowed_and_documents_after_a_separator_are_not() {
        let input = "apiVersion: v1\nitems:\n- kind: Pod\nkind: List\n";
        let docs: Vec<_> = yaml_documents(input).collect();
        assert!(matches!(&docs[..], [(1, Cow::Borrowed(t))] if *t == input));
        let input = "---\nkind: Pod\n---\nkind: Node\n";
        let docs: Vec<_> = yaml_documents(input).collect();
        assert_eq!(docs.len(), 2);
        assert!(docs.iter().all(|(_, t)| matches!(t, Cow::Owned(_))));
        assert_eq!(docs[1], (3, Cow::Owned("   \nkind: Node\n".to_string())));
    }
}
