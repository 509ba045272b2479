//! The third-party error strings: every message a program outside KubeVirt prints when it fails
//! (`fmt.Errorf`, `errors.New/Errorf/Wrap/Wrapf`, gRPC's `status.Error(f)`, error and warning log
//! calls of klog, logr and logrus, Warning events' messages, the kubelet's volume operation
//! errors), read from the pinned checkouts of [`super::programs::SOURCES`], each kept whole
//! with its format verbs so the model matches it with the verbs filled in
//! (`model::explain::generated::patterns`). A string is kept only when its literal pieces are
//! long enough to say something ([`usable`]).

use std::collections::BTreeSet;
use std::fmt::Write;

use super::emit::Pin;
use super::go_scan;
use super::programs;
use super::tree::Tree;

/// One row: the format string, what it is, program, layer, file.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Row {
    pub program: &'static str,
    pub text: String,
    pub kind: &'static str,
    pub layer: &'static str,
    pub file: String,
}

/// Methods whose first string argument is an error message.
const ERROR_METHODS: &[&str] = &["Errorf", "New", "Wrap", "Wrapf", "Error"];
/// Log and event methods at error or warning level.
const LOG_METHODS: &[&str] = &[
    "Error", "Errorf", "ErrorS", "Errorln", "Warning", "Warningf", "WarningS", "Warn", "Warnf",
    "Fatal", "Fatalf", "Eventf", "Event",
];
/// The kubelet's volume operations build their errors with these (`pkg/volume/util/
/// operationexecutor`: `GenerateErrorDetailed("MountVolume.SetUp failed", err)`).
const VOLUME_METHODS: &[&str] = &["GenerateErrorDetailed", "GenerateError"];

/// Every row of the files of `tree` (their paths carry their source's prefix).
pub fn rows(tree: &Tree) -> BTreeSet<Row> {
    let mut out = BTreeSet::new();
    let methods: Vec<&str> = ERROR_METHODS
        .iter()
        .chain(LOG_METHODS)
        .chain(VOLUME_METHODS)
        .chain(&["Sprintf"])
        .copied()
        .collect();
    for file in &tree.files {
        let Some((program, layer)) = programs::classify(&file.path) else {
            continue;
        };
        for call in go_scan::calls(&file.src, &methods) {
            let Some((text, kind)) = message(&call) else {
                continue;
            };
            if usable(&text) {
                out.insert(Row {
                    program,
                    text,
                    kind,
                    layer,
                    file: file.path.clone(),
                });
            }
        }
    }
    out
}

/// The message of one call and its kind, `None` for a call that prints no failure.
fn message(call: &go_scan::Call) -> Option<(String, &'static str)> {
    let recv = call.receiver.rsplit('.').next().unwrap_or_default();
    let lower = recv.to_ascii_lowercase();
    let errors_pkg = recv == "fmt" || lower.ends_with("errors") || recv == "status";
    let m = call.method.as_str();
    let first_literal = |from: usize| {
        call.args
            .iter()
            .skip(from)
            .take(3)
            .find_map(|a| go_scan::leading_string(a))
    };
    if m == "Sprintf" {
        // A message built for an event or a status: only when it states a failure.
        let t = first_literal(0)?;
        return failure_words(&t).then_some((t, "ErrorString"));
    }
    if VOLUME_METHODS.contains(&m) {
        // Printed as `<prefix> for volume %q %v` (`operation_executor.go` generateVolumeMsg).
        return first_literal(0).map(|t| (format!("{t} for volume %q %v"), "ErrorString"));
    }
    if m == "Event" || m == "Eventf" {
        // A recorder's Warning event: its message follows the type and the reason.
        let at = call.args.iter().position(|a| {
            let a = a.trim();
            a.ends_with("EventTypeWarning") || a == "\"Warning\""
        })?;
        return call
            .args
            .get(at + 2)
            .and_then(|a| go_scan::leading_string(a))
            .map(|t| (t, "LogError"));
    }
    if errors_pkg {
        // `errors.New(msg)`, `fmt.Errorf(msg)`, `errors.Wrap(err, msg)`, `status.Errorf(code, msg)`.
        return ERROR_METHODS
            .contains(&m)
            .then(|| first_literal(0))
            .flatten()
            .map(|t| (t, "ErrorString"));
    }
    if LOG_METHODS.contains(&m) && !recv.eq_ignore_ascii_case("t") && recv != "b" {
        // klog/logr `ErrorS(err, msg)`, `logger.Error(err, msg)`, logrus' `Errorf(msg)`.
        return first_literal(0).map(|t| (t, "LogError"));
    }
    None
}

fn failure_words(t: &str) -> bool {
    let l = t.to_ascii_lowercase();
    [
        "fail",
        "error",
        "unable",
        "cannot",
        "can't",
        "timed out",
        "timeout",
        "refused",
        "denied",
    ]
    .iter()
    .any(|w| l.contains(w))
}

/// The literal pieces of a format string, as the model splits them: cut at every format verb
/// (`%v`, `%-10s`, `%.2f`, `%llu`), quote, backslash and line break, each trimmed, pieces
/// shorter than 3 characters dropped. (The model's `patterns::pieces` is the same rule; its
/// test checks every generated row against it.)
pub fn pieces(format: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut chars = format.chars().peekable();
    let mut flush = |cur: &mut String| {
        let t = cur.trim();
        if t.chars().count() >= 3 {
            out.push(t.to_string());
        }
        cur.clear();
    };
    while let Some(c) = chars.next() {
        match c {
            '%' => {
                while let Some(&n) = chars.peek() {
                    chars.next();
                    if n.is_ascii_alphabetic() && !matches!(n, 'l' | 'h' | 'z' | 'j' | 't') {
                        break;
                    }
                    if n == '%' {
                        break;
                    }
                }
                flush(&mut cur);
            }
            '"' | '\\' | '\n' | '\r' | '\t' | '`' => flush(&mut cur),
            c => cur.push(c),
        }
    }
    flush(&mut cur);
    out
}

/// Words every program's failures share: a string needs two words besides these.
pub const GENERIC: &[&str] = &[
    "a", "an", "and", "any", "as", "at", "be", "by", "can't", "cannot", "could", "err", "error",
    "errors", "fail", "failed", "failure", "for", "from", "get", "getting", "got", "in", "is",
    "it", "no", "not", "of", "on", "or", "that", "the", "this", "to", "unable", "was", "when",
    "while", "with",
];

/// A string is kept when its longest piece (the one the automaton finds) has at least 16
/// characters and 3 words, all its pieces together 20 characters, and its pieces 2 distinct
/// words not in [`GENERIC`]: `failed to %s`, `error: %v` or `failed to get volume %v` would
/// match any program's line.
pub fn usable(format: &str) -> bool {
    let p = pieces(format);
    let Some(anchor) = p.iter().max_by_key(|s| s.len()) else {
        return false;
    };
    let total: usize = p.iter().map(String::len).sum();
    let mut telling: Vec<String> = p
        .iter()
        .flat_map(|s| s.split(|c: char| !(c.is_alphanumeric() || c == '\'')))
        .map(str::to_ascii_lowercase)
        .filter(|w| w.len() >= 2 && !GENERIC.contains(&w.as_str()))
        .collect();
    telling.sort();
    telling.dedup();
    anchor.len() >= 16
        && anchor.split_whitespace().count() >= 3
        && total >= 20
        && telling.len() >= 2
}

/// Most rows one generated file holds (files stay under 800 lines).
const PER_FILE: usize = 700;

/// The generated files of one source: one per program (split past [`PER_FILE`] rows), named
/// `tp_<program>[_<n>].rs`, each with the source's pin.
pub fn files(rows: &BTreeSet<Row>, pin: &Pin) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let names: BTreeSet<&str> = rows.iter().map(|r| r.program).collect();
    for program in names {
        let mine: Vec<&Row> = rows.iter().filter(|r| r.program == program).collect();
        let chunks: Vec<&[&Row]> = mine.chunks(PER_FILE).collect();
        for (i, chunk) in chunks.iter().enumerate() {
            let stem = if chunks.len() == 1 {
                programs::file_stem(program)
            } else {
                format!("{}_{}", programs::file_stem(program), i + 1)
            };
            out.push((stem, table(program, chunk, pin)));
        }
    }
    out
}

fn table(program: &str, rows: &[&Row], pin: &Pin) -> String {
    let mut out = String::new();
    super::emit::header(
        &mut out,
        &format!(
            "{program}'s error and warning strings, format verbs kept (matched with them filled in)."
        ),
        &[pin],
    );
    out.push_str("use crate::explain::generated::Kind::*;\nuse crate::explain::generated::SourceLayer::*;\nuse crate::explain::generated::{Pattern, p};\n\n");
    let _ = writeln!(
        out,
        "/// {} strings, sorted by text (then file).",
        rows.len()
    );
    out.push_str("#[rustfmt::skip]\n");
    out.push_str("pub static ROWS: &[Pattern] = &[\n");
    for r in rows {
        let _ = writeln!(
            out,
            "    p({:?}, {:?}, {}, {}, {:?}),",
            r.text, r.program, r.kind, r.layer, r.file
        );
    }
    out.push_str("];\n");
    out
}

/// `third_party/mod.rs`: the tables' modules, every third-party pin, and the tables in order.
pub fn module(pins: &[(&str, &str, &Pin)], stems: &[String]) -> String {
    let mut out = String::new();
    out.push_str(
        "//! The third-party error strings, one table per program (`tp_*`), and their pinned\n",
    );
    out.push_str("//! sources. The folder → program and layer mapping is `xtask/src/catalog/programs.rs`.\n//!\n");
    out.push_str("//! Generated by `cargo xtask catalog`. Do not edit.\n\n");
    out.push_str("use super::{Pattern, Pin};\n\n");
    for s in stems {
        let _ = writeln!(out, "mod {s};");
    }
    out.push('\n');
    for (name, _, pin) in pins {
        out.push_str(&super::emit::pin_const(name, pin));
        out.push('\n');
    }
    out.push_str("/// Each source's pin by the prefix its rows' files carry.\n");
    let _ = writeln!(out, "pub static PINS: [(&str, Pin); {}] = [", pins.len());
    for (name, prefix, _) in pins {
        let _ = writeln!(out, "    ({prefix:?}, {name}),");
    }
    out.push_str("];\n\n");
    let _ = writeln!(out, "/// The {} generated tables.", stems.len());
    let _ = writeln!(out, "pub static TABLES: [&[Pattern]; {}] = [", stems.len());
    for s in stems {
        let _ = writeln!(out, "    {s}::ROWS,");
    }
    out.push_str("];\n");
    out
}
