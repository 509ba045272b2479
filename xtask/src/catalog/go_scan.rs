//! A small hand-written scanner of Go source: comments blanked, string literals read, `const`
//! declarations, imports and call arguments found. No Go parser crate: the generator needs only
//! these lexical facts, and a line/token scanner tolerates every Go version without a grammar.

use std::collections::BTreeMap;

/// One `const` declaration with a string value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Const {
    pub name: String,
    /// The declared type (`VirtualMachinePrintableStatus`), `None` when untyped.
    pub ty: Option<String>,
    pub value: String,
}

/// One call found by [`calls`]: its arguments as source text, trimmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Call {
    /// The text before the method's dot, back to the start of the receiver chain's last part.
    pub receiver: String,
    pub method: String,
    pub args: Vec<String>,
    /// The call's 1-based line.
    pub line: usize,
}

/// The source with every comment replaced by spaces (newlines kept), so later scans see no
/// commented-out code and line numbers stay right. String and rune literals are kept.
pub fn strip_comments(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    out.push(b' ');
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let end = src[i + 2..].find("*/").map_or(b.len(), |e| i + 2 + e + 2);
                for &c in &b[i..end] {
                    out.push(if c == b'\n' { b'\n' } else { b' ' });
                }
                i = end;
            }
            b'"' | b'`' | b'\'' => {
                let end = literal_end(b, i);
                out.extend_from_slice(&b[i..end]);
                i = end;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8(out).unwrap_or_default()
}

/// The byte just after the string, raw string or rune literal that starts at `at`.
fn literal_end(b: &[u8], at: usize) -> usize {
    let quote = b[at];
    let mut i = at + 1;
    while i < b.len() {
        if b[i] == b'\\' && quote != b'`' {
            i += 2;
            continue;
        }
        if b[i] == quote || (b[i] == b'\n' && quote != b'`') {
            return i + 1;
        }
        i += 1;
    }
    b.len()
}

/// The value of the Go string literal (`"…"` with escapes, or `` `…` ``) at the start of `s`
/// (after spaces), with the rest of `s`.
pub fn string_literal(s: &str) -> Option<(String, &str)> {
    let s = s.trim_start();
    let b = s.as_bytes();
    let quote = *b.first()?;
    if quote != b'"' && quote != b'`' {
        return None;
    }
    let end = literal_end(b, 0);
    if end < 2 || b[end - 1] != quote {
        return None;
    }
    let body = &s[1..end - 1];
    let value = if quote == b'`' {
        body.to_string()
    } else {
        unescape(body)
    };
    Some((value, &s[end..]))
}

/// A string expression made only of literals joined by `+`; `None` for anything else.
pub fn string_expr(s: &str) -> Option<String> {
    let (mut value, mut rest) = string_literal(s)?;
    loop {
        let r = rest.trim_start();
        if r.is_empty() {
            return Some(value);
        }
        let (more, after) = string_literal(r.strip_prefix('+')?)?;
        value.push_str(&more);
        rest = after;
    }
}

/// The leading string literals of an expression joined by `+` (`"a" + "b" + x` gives `ab`).
pub fn leading_string(s: &str) -> Option<String> {
    let (mut value, mut rest) = string_literal(s)?;
    while let Some(r) = rest.trim_start().strip_prefix('+') {
        match string_literal(r) {
            Some((more, after)) => {
                value.push_str(&more);
                rest = after;
            }
            None => break,
        }
    }
    Some(value)
}

fn unescape(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

/// The imports of a file: alias (explicit, else the path's last element) to import path.
pub fn imports(src: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut in_block = false;
    for line in src.lines() {
        let t = line.trim();
        let spec = if in_block {
            if t.starts_with(')') {
                in_block = false;
                continue;
            }
            t
        } else if t == "import (" {
            in_block = true;
            continue;
        } else if let Some(rest) = t.strip_prefix("import ") {
            rest
        } else {
            continue;
        };
        let (alias, path) = match spec.find('"') {
            Some(q) => (spec[..q].trim(), string_literal(&spec[q..]).map(|(p, _)| p)),
            None => continue,
        };
        let Some(path) = path else { continue };
        let alias = if alias.is_empty() {
            path.rsplit('/').next().unwrap_or(&path).to_string()
        } else {
            alias.to_string()
        };
        out.insert(alias, path);
    }
    out
}

/// Every `const` with a string-literal value: single declarations and `const ( … )` blocks.
/// Expects comment-stripped source.
pub fn consts(src: &str) -> Vec<Const> {
    let mut out = Vec::new();
    let mut in_block = false;
    for line in src.lines() {
        let t = line.trim();
        if in_block {
            if t.starts_with(')') {
                in_block = false;
            } else if let Some(c) = const_spec(t) {
                out.push(c);
            }
        } else if t == "const (" {
            in_block = true;
        } else if let Some(rest) = t.strip_prefix("const ") {
            out.extend(const_spec(rest));
        }
    }
    out
}

/// `Name [Type] = "value"`.
fn const_spec(t: &str) -> Option<Const> {
    let (lhs, rhs) = t.split_once('=')?;
    let value = string_expr(rhs)?;
    let mut words = lhs.split_whitespace();
    let name = words.next()?;
    if !is_ident(name) {
        return None;
    }
    let ty = words.next().map(str::to_string);
    if words.next().is_some() || ty.as_deref().is_some_and(|t| !is_ident(t)) {
        return None;
    }
    Some(Const {
        name: name.to_string(),
        ty,
        value,
    })
}

pub fn is_ident(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Every call `<receiver>.<method>(…)` for the given method names, with its arguments split at
/// top-level commas. Expects comment-stripped source.
pub fn calls(src: &str, methods: &[&str]) -> Vec<Call> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' | b'`' | b'\'' => {
                i = literal_end(b, i);
                continue;
            }
            b'.' => {
                if let Some(call) = call_at(src, i, methods) {
                    out.push(call);
                }
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// The call whose method name follows the dot at `dot`, if it is one of `methods`.
fn call_at(src: &str, dot: usize, methods: &[&str]) -> Option<Call> {
    let rest = &src[dot + 1..];
    let name_len = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let method = &rest[..name_len];
    if !methods.contains(&method) || !rest[name_len..].starts_with('(') {
        return None;
    }
    let before = &src[..dot];
    let start = before
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
        .map_or(0, |p| p + 1);
    let args = split_args(&rest[name_len + 1..])?;
    Some(Call {
        receiver: before[start..].to_string(),
        method: method.to_string(),
        args,
        line: before.matches('\n').count() + 1,
    })
}

/// The arguments of a call whose `(` was just before `s`, up to the matching `)`.
pub fn split_args(s: &str) -> Option<Vec<String>> {
    let b = s.as_bytes();
    let mut args = Vec::new();
    let (mut depth, mut start, mut i) = (0usize, 0usize, 0usize);
    while i < b.len() {
        match b[i] {
            b'"' | b'`' | b'\'' => {
                i = literal_end(b, i);
                continue;
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' if depth > 0 => depth -= 1,
            b')' => {
                let last = s[start..i].trim();
                if !last.is_empty() {
                    args.push(last.to_string());
                }
                return Some(args);
            }
            b',' if depth == 0 => {
                args.push(s[start..i].trim().to_string());
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    None
}
