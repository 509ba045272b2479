//! A fast path for the regular YAML that `kubectl get -o yaml` emits: block mappings and
//! sequences (compact or indented), single-line plain and quoted scalars, `|`/`|-` blocks and
//! empty `{}`/`[]`. Anything else (flow collections, anchors, tags, multi-line scalars, tabs,
//! comments after values, duplicate keys, scalars whose type is not obvious) makes it give up,
//! and the document is read by the full parser, which also reports every syntax error.
//!
//! Hand-written because the full YAML parsers (serde-saphyr, saphyr, yaml-rust2) spend most of
//! a 10 MB dump on event and token machinery this subset does not need. It must read what it
//! accepts exactly as serde-saphyr does: `tests` and `model/tests/fast_yaml.rs` compare both on
//! every fixture, the real corpus, generated dumps and random documents.

use crate::scan::FastLines as _;
use serde_json::{Map, Number, Value};

/// One significant line: its indentation and its text after the indentation.
#[derive(Clone, Copy)]
struct Line<'a> {
    indent: usize,
    text: &'a str,
    /// Index into the document's raw lines (block scalars read those).
    raw: usize,
}

struct Reader<'a> {
    raw: Vec<&'a str>,
    lines: Vec<Line<'a>>,
    at: usize,
    /// How many mappings and sequences are open (bounded, so no paste exhausts the stack).
    depth: usize,
}

/// Deeper nesting is left to the full parser (and its own limits).
const MAX_DEPTH: usize = 64;

/// Reads one YAML document (no `---` line in it) when it is in the subset, as serde-saphyr would
/// read it into a [`Value`]; `None` when it is not (then the full parser must read it).
pub fn document(text: &str) -> Option<Value> {
    document_lines(text.lines_fast().collect())
}

/// [`document`] of the text whose lines are `raw` (a List item's lines, read where they are).
pub fn document_lines(raw: Vec<&str>) -> Option<Value> {
    let mut lines = Vec::with_capacity(raw.len());
    for (i, l) in raw.iter().enumerate() {
        if l.bytes().any(|b| b == b'\t' || b == b'\r') {
            return None;
        }
        let t = l.trim_start_matches(' ');
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        lines.push(Line {
            indent: l.len() - t.len(),
            text: t,
            raw: i,
        });
    }
    let first = *lines.first()?;
    let mut r = Reader {
        raw,
        lines,
        at: 0,
        depth: 0,
    };
    let v = r.node(first.indent)?;
    (r.at == r.lines.len()).then_some(v)
}

impl<'a> Reader<'a> {
    fn peek(&self) -> Option<Line<'a>> {
        self.lines.get(self.at).copied()
    }

    /// A mapping or a sequence starting at the current line, at `indent`.
    fn node(&mut self, indent: usize) -> Option<Value> {
        let l = self.peek()?;
        if l.indent != indent {
            return None;
        }
        if is_dash(l.text) {
            self.sequence(indent)
        } else {
            self.mapping(indent)
        }
    }

    fn mapping(&mut self, indent: usize) -> Option<Value> {
        self.depth += 1;
        let map = self.entries(indent);
        self.depth -= 1;
        map
    }

    fn entries(&mut self, indent: usize) -> Option<Value> {
        if self.depth > MAX_DEPTH {
            return None;
        }
        let mut map = Map::new();
        while let Some(l) = self.peek() {
            if l.indent < indent || (l.indent == indent && is_dash(l.text)) {
                break;
            }
            if l.indent > indent {
                return None;
            }
            let (key, rest) = split_key(l.text)?;
            self.at += 1;
            let value = if rest.is_empty() {
                match self.peek() {
                    Some(n) if n.indent > indent => self.node(n.indent)?,
                    Some(n) if n.indent == indent && is_dash(n.text) => self.sequence(indent)?,
                    _ => Value::Null,
                }
            } else {
                self.inline(rest, indent, l.raw)?
            };
            if map.insert(key, value).is_some() {
                return None;
            }
        }
        Some(Value::Object(map))
    }

    fn sequence(&mut self, indent: usize) -> Option<Value> {
        self.depth += 1;
        let seq = self.items(indent);
        self.depth -= 1;
        seq
    }

    fn items(&mut self, indent: usize) -> Option<Value> {
        if self.depth > MAX_DEPTH {
            return None;
        }
        let mut items = Vec::new();
        while let Some(l) = self.peek() {
            if l.indent != indent || !is_dash(l.text) {
                if l.indent > indent {
                    return None;
                }
                break;
            }
            let rest = l.text[1..].trim_start_matches(' ');
            if rest.is_empty() {
                self.at += 1;
                items.push(match self.peek() {
                    Some(n) if n.indent > indent => self.node(n.indent)?,
                    _ => Value::Null,
                });
                continue;
            }
            if is_dash(rest) || rest.starts_with('#') {
                return None;
            }
            if split_key(rest).is_some() {
                // `- key: value`: a mapping whose keys line up with `key`.
                let inner = indent + (l.text.len() - rest.len());
                self.lines[self.at] = Line {
                    indent: inner,
                    text: rest,
                    raw: l.raw,
                };
                items.push(self.mapping(inner)?);
                continue;
            }
            self.at += 1;
            items.push(self.inline(rest, indent, l.raw)?);
        }
        Some(Value::Array(items))
    }

    /// The value written on the same line as its key or dash (`rest`), in a node at `indent`.
    fn inline(&mut self, rest: &'a str, indent: usize, raw: usize) -> Option<Value> {
        // A deeper line right after a scalar would continue it (a multi-line scalar).
        let deeper = self.peek().is_some_and(|n| n.indent > indent);
        match rest {
            "{}" if !deeper => return Some(Value::Object(Map::new())),
            "[]" if !deeper => return Some(Value::Array(Vec::new())),
            "|" | "|-" => return self.block(rest == "|", indent, raw),
            _ => {}
        }
        if deeper {
            return None;
        }
        scalar(rest)
    }

    /// A `|` (clip) or `|-` (strip) literal block after line `raw`, more indented than `indent`.
    fn block(&mut self, clip: bool, indent: usize, raw: usize) -> Option<Value> {
        let (mut width, mut first, mut end) = (None, 0, raw);
        let mut k = raw + 1;
        while let Some(l) = self.raw.get(k) {
            let t = l.trim_start_matches(' ');
            let at = l.len() - t.len();
            if !t.is_empty() && at <= indent {
                break;
            }
            if !t.is_empty() {
                let w = *width.get_or_insert(at);
                if at < w {
                    return None;
                }
                if first == 0 {
                    first = k;
                }
                end = k;
            } else if !l.is_empty() {
                // Spaces on a blank line: whether they are content depends on their count.
                return None;
            }
            k += 1;
        }
        let width = width?;
        if self.raw[raw + 1..first].iter().any(|l| !l.is_empty()) {
            return None;
        }
        let mut out = String::new();
        // Empty lines before the first content line are newlines of the content.
        for (n, l) in self.raw[raw + 1..=end].iter().enumerate() {
            if n > 0 {
                out.push('\n');
            }
            out.push_str(l.get(width..).unwrap_or(""));
        }
        if clip {
            out.push('\n');
        }
        while self.peek().is_some_and(|n| n.raw <= end) {
            self.at += 1;
        }
        Some(Value::String(out))
    }
}

/// `-` alone or followed by a space: a sequence entry.
fn is_dash(t: &str) -> bool {
    t == "-" || t.starts_with("- ")
}

/// `key: rest` or `key:`, with a plain key that is surely a string or a simple quoted one.
fn split_key(t: &str) -> Option<(String, &str)> {
    let (key, after) = if let Some(q) = t.strip_prefix('"') {
        let end = q.find('"')?;
        let k = &q[..end];
        if k.contains('\\') {
            return None;
        }
        (k.to_string(), &q[end + 1..])
    } else if let Some(q) = t.strip_prefix('\'') {
        let end = q.find('\'')?;
        (q[..end].to_string(), &q[end + 1..])
    } else {
        let end = key_end(t)?;
        let k = &t[..end];
        if !plain_string(k) || k.contains(':') {
            return None;
        }
        (k.to_string(), &t[end..])
    };
    let rest = after.strip_prefix(':')?;
    if !(rest.is_empty() || rest.starts_with(' ')) {
        return None;
    }
    Some((key, rest.trim_start_matches(' ')))
}

/// Where a plain key ends: the first `:` followed by a space or the end of the line.
fn key_end(t: &str) -> Option<usize> {
    let b = t.as_bytes();
    let mut from = 0;
    while let Some(i) = t[from..].find(':') {
        let at = from + i;
        if b.get(at + 1).is_none_or(|&c| c == b' ') {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// A plain scalar that would mean more than itself: `: ` (a mapping), ` #` (a comment), or a
/// trailing `:` or space. One scan of the bytes (this runs on every value of a dump).
fn not_plain(t: &str) -> bool {
    let b = t.as_bytes();
    matches!(b.last(), Some(b':' | b' ')) || b.windows(2).any(|w| w == b": " || w == b" #")
}

/// A scalar written on one line: quoted, a simple integer, or a plain string.
fn scalar(t: &str) -> Option<Value> {
    if let Some(q) = t.strip_prefix('"') {
        let s = q.strip_suffix('"')?;
        return (!s.contains(['"', '\\'])).then(|| Value::String(s.to_string()));
    }
    if let Some(q) = t.strip_prefix('\'') {
        let s = q.strip_suffix('\'')?;
        if !s.contains('\'') {
            return Some(Value::String(s.to_string()));
        }
        if s.replace("''", "").contains('\'') {
            return None;
        }
        return Some(Value::String(s.replace("''", "'")));
    }
    if matches!(t, "~" | "null" | "Null" | "NULL") {
        return Some(Value::Null);
    }
    if let Some(b) = yaml11_bool(t) {
        return Some(Value::Bool(b));
    }
    if not_plain(t) {
        return None;
    }
    if let Some(n) = integer(t) {
        return Some(n);
    }
    plain_string(t).then(|| Value::String(t.to_string()))
}

/// The YAML 1.1 booleans serde-saphyr reads by default (any case).
fn yaml11_bool(t: &str) -> Option<bool> {
    let is = |words: [&str; 4]| words.iter().any(|w| t.eq_ignore_ascii_case(w));
    if is(["true", "yes", "y", "on"]) {
        Some(true)
    } else if is(["false", "no", "n", "off"]) {
        Some(false)
    } else {
        None
    }
}

/// `0`, `123`, `-45`: decimal integers without a leading zero or sign, that fit in 64 bits.
fn integer(t: &str) -> Option<Value> {
    let digits = t.strip_prefix('-').unwrap_or(t);
    if digits.is_empty()
        || digits.len() > 18
        || !digits.bytes().all(|b| b.is_ascii_digit())
        || (digits.len() > 1 && digits.starts_with('0'))
    {
        return None;
    }
    if t.starts_with('-') {
        t.parse::<i64>()
            .ok()
            .map(|n| Value::Number(Number::from(n)))
    } else {
        t.parse::<u64>()
            .ok()
            .map(|n| Value::Number(Number::from(n)))
    }
}

/// Words a plain scalar may not be to be read as a string here (booleans, nulls, numbers).
const NOT_STRINGS: [&str; 12] = [
    "y", "yes", "n", "no", "true", "false", "on", "off", "null", "nan", "inf", "infinity",
];

/// A plain scalar that serde-saphyr surely reads as a string: it starts with a letter or `/`,
/// holds no indicator that could start or end something else, and is no boolean/null word.
fn plain_string(t: &str) -> bool {
    let Some(first) = t.bytes().next() else {
        return false;
    };
    if first == b'-' {
        // `--flag`, `-x`: a dash or two before a word.
        let word = t.trim_start_matches('-');
        return t.len() - word.len() <= 2
            && word.bytes().next().is_some_and(|b| b.is_ascii_alphabetic())
            && plain_string(word);
    }
    if !(first.is_ascii_alphabetic() || first == b'/') {
        return digit_string(t);
    }
    if t.len() <= 8 && NOT_STRINGS.iter().any(|w| t.eq_ignore_ascii_case(w)) {
        return false;
    }
    !t.ends_with(' ') && !t.as_bytes().windows(2).any(|w| w == b" #")
}

/// A plain scalar starting with a digit that cannot be a number: a letter no number spelling
/// uses (`100Mi`, `3d`), or two dots (`10.0.0.5`).
fn digit_string(t: &str) -> bool {
    if !t.as_bytes()[0].is_ascii_digit() || not_plain(t) {
        return false;
    }
    if t.contains(':') {
        // A MAC address, an IPv6 address, a time of day (`02:00:00:0a:0b:0c`, `fd00::1`,
        // `12:30`): serde-saphyr reads no base-60 numbers, so these are strings (the tests
        // compare). Any other byte with a colon is left to the full parser.
        return t
            .bytes()
            .all(|b| b.is_ascii_hexdigit() || b == b':' || b == b'.');
    }
    // A uid (`0c6a1d2e-5f4b-...`), a date, a version (`1-2`): a dash that is no exponent's sign.
    let b = t.as_bytes();
    if (1..b.len()).any(|i| b[i] == b'-' && !matches!(b[i - 1], b'e' | b'E')) && !t.contains(' ') {
        return true;
    }
    let numeric = |b: u8| b.is_ascii_hexdigit() || b"xXoObB.+-_".contains(&b);
    let odd = t.bytes().any(|b| !numeric(b));
    let dots = t.bytes().filter(|&b| b == b'.').count();
    (odd || dots >= 2) && !t.contains(' ')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn full(text: &str) -> Value {
        serde_saphyr::from_str::<Value>(text).unwrap()
    }

    #[test]
    fn reads_kubectl_yaml_as_the_full_parser_does() {
        let text = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n  labels:\n    kubevirt.io/created-by: x\n  annotations: {}\nspec:\n  containers:\n  - name: compute\n    args:\n    - --x\n    - \"1\"\n    ports: []\n    resources:\n      limits:\n        memory: 100Mi\n        cpu: 2\nstatus:\n  podIP: 10.0.0.5\n  conditions:\n    - type: Ready\n      status: 'True'\n      message: it''s up\n  script: |\n\n    line one\n\n    line two\n  other: |-\n    only\n  num: -3\n  e:\n  ready: true\n  started: False\n  lastProbeTime: null\n  gone: ~\n  c: |\n    #cloud-config\n    x: 1\n";
        let fast = document(text).expect("in the subset");
        assert_eq!(fast, full(text));
    }

    #[test]
    fn uids_mac_and_ipv6_addresses_and_times_are_strings() {
        // Every object of a dump has a uid, every VMI an interface's `mac`.
        let text = "mac: 02:00:00:0a:0b:0c\nb: 10:20:30:40:50:59\nc: 12:30\nd: 1:2\n\
            e: 0a:1b:2c:3d:4e:5f\nf: fe80::1\ng: 2001:db8::1\nh: 190:20:30\ni: 10.0.0.1:8080\n\
            uid: 00000b22-0001-4000-8000-000000000001\nj: 2026-08-22\nk: 1-2\nl: 12-ab\n\
            v: 5.14.0-427.el9\n";
        for l in text.lines_fast() {
            assert!(document(l).is_some(), "{l}");
        }
        assert_eq!(document(text).expect("in the subset"), full(text));
    }

    #[test]
    fn gives_up_on_what_it_does_not_know() {
        for text in [
            "a: {b: 1}\n",
            "a: &x 1\nb: *x\n",
            "a: 1.5\n",
            "a: 1e-3\n",
            "a: 0x1F\n",
            "a: \"x\\ty\"\n",
            "a: long\n  continued\n",
            "a: 1 # comment\n",
            "a: 1\na: 2\n",
            "a: >\n  folded\n",
            "a:\tb\n",
            "- - a\n",
            "just a scalar\n",
            "a: [1, 2]\n",
            "a: !!str 1\n",
            "a: b: c\n",
        ] {
            assert_eq!(document(text), None, "{text:?}");
        }
    }

    #[test]
    fn deep_nesting_is_left_to_the_full_parser() {
        let deep: String = (0..2_000)
            .map(|i| format!("{}k:\n", " ".repeat(i)))
            .collect();
        assert_eq!(document(&deep), None);
        let ok: String = (0..MAX_DEPTH)
            .map(|i| format!("{}k:\n", " ".repeat(i)))
            .collect();
        assert!(document(&ok).is_some());
    }
}
