//! Every line of a block that is not an object, turned into evidence: a line matching a known
//! signature becomes a [`Signal`] with its layer, plane and cause; an error-looking line no
//! signature knows is still kept, as a signal pointing at no layer. The same message repeated is
//! kept a few times and counted, so a huge log stays a short report.

use super::blocks::{Block, is_json_log_line};
use super::format::is_klog_or_logfmt;
use crate::evidence::Signal;
use crate::signatures::{Signature, match_line};
use crate::verdict::Health;
use crate::view::{BlockFormat, Ignored, LineRange, ReadItem};
use rustc_hash::FxHashMap;

/// How many lines with the same message are kept as separate signals.
const SAME_MESSAGE_KEPT: usize = 3;
/// How many unrecognised error lines are kept in all (a paste is not a log archive).
const UNKNOWN_KEPT: usize = 50;
/// Excerpts are cut to this many bytes.
const EXCERPT: usize = 400;

/// What a block's lines gave.
#[derive(Debug, Default)]
pub struct LineEvidence {
    pub signals: Vec<Signal>,
    pub read: Vec<ReadItem>,
    pub ignored: Vec<Ignored>,
}

/// Counts per message across the whole paste, so repetition is bounded paste-wide.
#[derive(Debug, Default)]
pub struct Seen {
    per_signature: FxHashMap<&'static str, usize>,
    unknown: usize,
    /// The component of the last component log line (a panic trace after it is likely its).
    component: Option<String>,
}

/// Reads the lines of one block (and the shell command before it, for known messages only).
pub fn read_lines(block: &Block<'_>, format: BlockFormat, seen: &mut Seen) -> LineEvidence {
    let mut out = LineEvidence::default();
    if let (Some(cmd), Some(n)) = (block.command, block.command_line)
        && let Some(sig) = match_line(cmd)
    {
        let mut s = known(sig, cmd, n, format);
        s.from = "a shell command".into();
        out.read.push(ReadItem {
            line: n,
            what: s.title.clone(),
        });
        out.signals.push(s);
    }
    let mut quiet: Option<LineRange> = None;
    let mut repeated = 0usize;
    for (i, line) in block.text.iter().enumerate() {
        let n = block.lines.first + i;
        if let Some(c) = json_field(line, "component") {
            seen.component = Some(c.to_string());
        }
        let kept = match match_line(line) {
            Some(sig) => {
                let count = seen.per_signature.entry(sig.id).or_insert(0);
                *count += 1;
                if *count > SAME_MESSAGE_KEPT {
                    repeated += 1;
                    None
                } else {
                    Some(known(sig, line, n, format))
                }
            }
            None if looks_like_error(line) && seen.unknown < UNKNOWN_KEPT => {
                seen.unknown += 1;
                Some(unknown(line, n, format))
            }
            None => None,
        };
        let kept = kept.map(|mut s| {
            if let (Some(c), false) = (&seen.component, s.from.contains(" log line")) {
                s.from = format!("{} (after {c} log lines)", s.from);
            }
            s
        });
        match kept {
            Some(s) => {
                flush_quiet(&mut quiet, &mut out.ignored);
                out.read.push(ReadItem {
                    line: n,
                    what: s.title.clone(),
                });
                out.signals.push(s);
            }
            None => match quiet.as_mut() {
                Some(q) => q.last = n,
                None => quiet = Some(LineRange { first: n, last: n }),
            },
        }
    }
    flush_quiet(&mut quiet, &mut out.ignored);
    if repeated > 0 {
        out.ignored.push(Ignored {
            lines: block.lines,
            why: format!("{repeated} more lines repeat a message already read"),
        });
    }
    out
}

fn flush_quiet(quiet: &mut Option<LineRange>, ignored: &mut Vec<Ignored>) {
    if let Some(lines) = quiet.take() {
        ignored.push(Ignored {
            lines,
            why: "no known message and no error in these lines".into(),
        });
    }
}

fn known(sig: &'static Signature, line: &str, n: usize, format: BlockFormat) -> Signal {
    Signal {
        signature: Some(sig.id.to_string()),
        layer: sig.layer,
        plane: sig.plane,
        health: sig.health,
        title: sig.title.to_string(),
        cause: sig.cause.to_string(),
        next_steps: sig.next_steps.iter().map(|s| s.to_string()).collect(),
        source: sig.source.to_string(),
        line: n,
        from: describe_line(line, format),
        excerpt: excerpt(line),
    }
}

fn unknown(line: &str, n: usize, format: BlockFormat) -> Signal {
    Signal {
        signature: None,
        layer: None,
        plane: None,
        health: Health::Unknown,
        title: "an error line no signature knows".into(),
        cause: "not in the signature catalogue; read it yourself".into(),
        next_steps: Vec::new(),
        source: String::new(),
        line: n,
        from: describe_line(line, format),
        excerpt: excerpt(line),
    }
}

/// An error-looking line: an error or warning level, or words such as `error`, `failed`,
/// `denied`, `refused`, `timed out`.
pub fn looks_like_error(line: &str) -> bool {
    const WORDS: [&str; 9] = [
        "error",
        "fail",
        "denied",
        "refused",
        "timed out",
        "timeout",
        "cannot",
        "unable",
        "panic",
    ];
    // One case-insensitive scan, nothing allocated: this runs on every line of a paste.
    static WORDS_AC: std::sync::OnceLock<aho_corasick::AhoCorasick> = std::sync::OnceLock::new();
    WORDS_AC
        .get_or_init(|| {
            aho_corasick::AhoCorasick::builder()
                .ascii_case_insensitive(true)
                .build(WORDS)
                .expect("fixed words")
        })
        .is_match(line)
}

/// The line cut to [`EXCERPT`] bytes at a character boundary.
pub fn excerpt(line: &str) -> String {
    let t = line.trim();
    if t.len() <= EXCERPT {
        return t.to_string();
    }
    let mut end = EXCERPT;
    while !t.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &t[..end])
}

/// `a virt-launcher log line`, `an events listing row`, …: what a verdict resting on the line
/// says it rests on.
pub fn describe_line(line: &str, format: BlockFormat) -> String {
    if is_json_log_line(line) {
        return match json_field(line, "component") {
            Some(c) => format!("a {c} log line"),
            None => "a JSON log line".into(),
        };
    }
    if is_klog_or_logfmt(line) {
        return "a component log line (klog)".into();
    }
    match format {
        BlockFormat::ObjectYaml | BlockFormat::ObjectJson => "a line of a cut YAML/JSON".into(),
        BlockFormat::Describe => "a kubectl describe line".into(),
        BlockFormat::Table => "a kubectl get table row".into(),
        BlockFormat::Events => "an events listing row".into(),
        BlockFormat::ComponentLog => "a component log line".into(),
        BlockFormat::PanicTrace => "a panic trace".into(),
        BlockFormat::WebhookDenial => "an API server error".into(),
        BlockFormat::Virtctl => "virtctl output".into(),
        BlockFormat::Drain => "kubectl drain output".into(),
        BlockFormat::Prometheus => "Prometheus text".into(),
        BlockFormat::Unknown => "a pasted line".into(),
    }
}

/// A string field of a one-line JSON log, found without parsing the whole line (it may be cut).
pub fn json_field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    // `"key":"`, found without building the pattern (this runs on every line of a paste).
    let mut from = 0;
    let at = loop {
        let i = from + line.get(from..)?.find(key)?;
        let after = &line[i + key.len()..];
        if line[..i].ends_with('"') && after.starts_with("\":\"") {
            break i + key.len() + 3;
        }
        from = i + 1;
    };
    let rest = &line[at..];
    let end = rest.find('"')?;
    let v = &rest[..end];
    (!v.is_empty() && v.len() <= 64).then_some(v)
}
