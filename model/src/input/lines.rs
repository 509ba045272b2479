//! Every line of a block that is not an object, turned into evidence: a line matching a known
//! signature becomes a [`Signal`] with its layer, plane and cause. An error or warning line no
//! signature knows still points at the layer of the component that wrote it (named by the line
//! itself, else by the paste around it: the `kubectl logs` command, the last log line's
//! component), with low weight ([`crate::signatures::fallback`]); an info line, or an
//! error-looking line whose component nothing names, is kept as a signal pointing at no layer.
//! A stack-frame signature counts only when the paste shows a panic. The same message repeated
//! is kept a few times and counted, so a huge log stays a short report.

use super::blocks::Block;
use crate::evidence::Signal;
use crate::explain::generated;
use crate::scan::{FastLines as _, holds};
use crate::signatures::component::{Component, component_in_text, component_of_line};
use crate::signatures::fallback::{
    Sourced, from_source, from_third_party, unrecognised, warning_event,
};
use crate::signatures::level::{Level, read_level};
use crate::signatures::{Signature, match_line};
use crate::verdict::Health;
use crate::view::{BlockFormat, Ignored, LineRange, ReadItem};
use rustc_hash::FxHashMap;

pub use super::excerpt::{describe_line, excerpt};

/// The title of an error line no signature knows, whose component nothing names.
pub const UNNAMED_TITLE: &str = "an error line no signature knows";
/// The title of an info line with error words.
pub const INFO_TITLE: &str = "an info line that mentions an error";

/// How many lines with the same message are kept as separate signals.
const SAME_MESSAGE_KEPT: usize = 3;
/// How many unrecognised error lines are kept in all (a paste is not a log archive).
const UNKNOWN_KEPT: usize = 50;

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
    /// The component of the last log line, `kubectl logs` command or prose naming one (a line
    /// after it that names none is likely its).
    component: Option<Component>,
    /// The paste shows a Go panic (`panic:`, `goroutine N [running]`, `Observed a panic`).
    panic: bool,
    /// The paste runs one of virtctl's tunnels (`super::tunnel`).
    tunnel: bool,
    /// The last request line of client-go's `-v=8` request log (`super::request_log`).
    request: Option<String>,
    /// The last pending `Waiting for …` progress line (`super::waited`).
    waiting: Option<String>,
    /// The program the paste's panic ran in, from its stack frames (`super::panic_owner`).
    panic_owner: Option<super::panic_owner::Owner>,
    /// The block's `kubectl logs <pod>` command, whose pod wrote the block's lines.
    stream: Option<String>,
}

impl Seen {
    /// The counts for one paste, knowing whether it shows a panic anywhere.
    pub fn new(paste: &str) -> Seen {
        let panic = shows_panic(paste);
        Seen {
            panic,
            panic_owner: panic.then(|| super::panic_owner::owner(paste)).flatten(),
            tunnel: super::tunnel::shows_tunnel(paste),
            ..Seen::default()
        }
    }
}

/// `panic: `, `goroutine N [`, `Observed a panic` or a fatal signal somewhere in the paste.
pub fn shows_panic(paste: &str) -> bool {
    const GOROUTINE: &str = "goroutine ";
    holds(paste, "panic: ")
        || holds(paste, "Observed a panic")
        || holds(paste, "[signal SIG")
        || crate::scan::find_all(paste, GOROUTINE).any(|i| {
            let rest = &paste[i + GOROUTINE.len()..];
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            digits > 0 && goroutine_status(&rest[digits..])
        })
}

/// The rest of Go's goroutine header after its number (`runtime/traceback.go`,
/// `goroutineheader`): ` [<status>…]:`, or since Go 1.23 under `GOTRACEBACK=system` or `crash`
/// the goroutine's and its thread's addresses first (` gp=0x… m=N mp=0x… [<status>]:`).
fn goroutine_status(rest: &str) -> bool {
    if rest.starts_with(" [") {
        return true;
    }
    let head = rest.split('\n').next().unwrap_or("");
    head.starts_with(" gp=0x") && head.contains(" [") && head.trim_end_fast().ends_with("]:")
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
    if let Some(c) = block.command.and_then(component_in_text) {
        seen.component = Some(c);
    }
    seen.stream = block
        .command
        .filter(|c| c.split_whitespace().any(|w| w == "logs"))
        .map(str::to_string);
    let mut quiet: Option<LineRange> = None;
    let mut repeated = 0usize;
    // An object block's lines are read only for known messages: no level, no component.
    let object = matches!(format, BlockFormat::ObjectYaml | BlockFormat::ObjectJson);
    // A YAML value wrapped over several lines is matched whole, on its first line.
    let mut continued_until = 0;
    for (i, raw) in block.text.iter().enumerate() {
        let n = block.lines.first + i;
        if i < continued_until {
            match quiet.as_mut() {
                Some(q) => q.last = n,
                None => quiet = Some(LineRange { first: n, last: n }),
            }
            continue;
        }
        let joined = super::wrapped::joined(&block.text, i)
            .or_else(|| {
                matches!(format, BlockFormat::Describe | BlockFormat::Events)
                    .then(|| super::event_row::continued(&block.text, i))
                    .flatten()
            })
            .or_else(|| crate::signatures::rbac::continued(&block.text, i));
        if let Some((_, k)) = &joined {
            continued_until = i + 1 + k;
        }
        let request = super::request_log::joined(raw, &mut seen.request)
            .or_else(|| super::waited::joined(raw, &mut seen.waiting));
        let line: &str = match (&joined, &request) {
            (Some(j), _) => j.0.as_str(),
            (None, Some(r)) => r.as_str(),
            (None, None) => raw,
        };
        let level = if object { None } else { read_level(line) };
        if !object {
            remember_component(line, level, seen);
        }
        let kept = match match_line(line) {
            // A delete answered NotFound: the object is gone, as asked.
            _ if super::already_deleted::already_gone(block.command, line) => {
                Some(known(&super::already_deleted::GONE, line, n, format))
            }
            Some(sig) if sig.needs_panic && !seen.panic => {
                unknown_line(line, level, n, format, seen)
            }
            Some(sig) => {
                let count = seen.per_signature.entry(sig.id).or_insert(0);
                *count += 1;
                if *count > SAME_MESSAGE_KEPT {
                    repeated += 1;
                    None
                } else {
                    let s = super::tunnel::reread(sig.id, seen.tunnel, known(sig, line, n, format));
                    let stream = seen.component.and_then(super::panic_owner::of_stream);
                    let owner = seen.panic_owner.as_ref().or(stream.as_ref());
                    let s = panic_in_owner(sig.id, owner, s);
                    super::evicted_pod::reread(sig.id, line, s).map(|s| {
                        if line.contains("failed calling webhook") {
                            super::webhook_owner::reread(line, s)
                        } else {
                            s
                        }
                    })
                }
            }
            None => unknown_line(line, level, n, format, seen),
        };
        let kept = kept.map(|mut s| {
            if let (Some(c), false) = (seen.component, s.from.contains(" log line")) {
                s.from = format!("{} (after {} log lines)", s.from, c.name());
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

/// A panic signature that names no program (`go-panic`, `observed-panic`) takes the layer of
/// the program its stack frames run through, or else of the component whose log it is in.
fn panic_in_owner(id: &str, owner: Option<&super::panic_owner::Owner>, mut s: Signal) -> Signal {
    if let (
        Some(o),
        "go-panic" | "observed-panic" | "go-fatal-error" | "go-traceback" | "go-http-handler-panic",
    ) = (owner, id)
    {
        s.layer = Some(o.layer);
        s.title = format!("{} in {}", s.title, o.name);
        let how = if o.by_frames {
            "its stack frames run through"
        } else {
            "it is printed among the log lines of"
        };
        s.cause = format!(
            "{}; {how} {}, so the {} layer",
            s.cause,
            o.name,
            o.layer.as_str()
        );
    }
    s
}

/// Which component the paste is showing: a log line's own, or a short prose line naming one
/// with its logs (`virt-handler logs:`).
fn remember_component(line: &str, level: Option<Level>, seen: &mut Seen) {
    if level.is_some() {
        if let Some(c) = component_of_line(line) {
            seen.component = Some(c);
        }
    } else if line.len() < 120
        && ["log", "Log", "LOG"]
            .iter()
            .any(|w| crate::scan::find(line, w).is_some())
        && let Some(c) = component_in_text(line)
    {
        seen.component = Some(c);
    }
}

/// A line no signature knows: an error or warning line points at its component's layer; an
/// info line or an error-looking line of no named component points at none.
/// A describe field holding one word (`Failed:  true`, `Abort Status:  Succeeded`): the
/// describe reader reads it by its key's meaning; its words are not an error message.
fn describe_flag(line: &str) -> bool {
    line.trim_start_fast()
        .split_once(':')
        .is_some_and(|(key, value)| {
            let value = value.trim_fast();
            super::shapes::is_title_key(key)
                && !value.is_empty()
                && !value.contains(char::is_whitespace)
        })
}

fn unknown_line(
    line: &str,
    level: Option<Level>,
    n: usize,
    format: BlockFormat,
    seen: &mut Seen,
) -> Option<Signal> {
    // An object's own fields (`failed: true`, a condition's message) speak through the object.
    let object = matches!(format, BlockFormat::ObjectYaml | BlockFormat::ObjectJson);
    if object || seen.unknown >= UNKNOWN_KEPT {
        return None;
    }
    // A describe's event row states its level by its type and names its recorder.
    let event = super::event_row::event_row(line);
    let level = match event {
        Some(e) if e.warning && e.source.is_some() => Some(Level::Warning),
        _ => level,
    };
    let errorish = match level {
        Some(Level::Info) | None => looks_like_error(line),
        Some(_) => true,
    };
    if let Some(w) = warning_event(line, format == BlockFormat::Describe) {
        seen.unknown += 1;
        return Some(sourced(w, line, n, format));
    }
    // An authorization denial says who lacks which permission.
    if let Some(d) = crate::signatures::rbac::denial(line) {
        seen.unknown += 1;
        return Some(sourced(d, line, n, format));
    }
    // Error-level material without error words (a Warning event row, a re-enqueue with its
    // error): only who reported it and what it is about can say something.
    if !errorish {
        let s = super::last_resort::read(line, level, n, format)?;
        seen.unknown += 1;
        return Some(s);
    }
    if !errorish || (format == BlockFormat::Describe && describe_flag(line)) {
        return None;
    }
    seen.unknown += 1;
    // What the line is about decides over who reported it where that object's layer is clear
    // (a volume operation recorded by the attach/detach controller is the node's volume): the
    // reader of last resort weighs both (`signatures::about`).
    if crate::signatures::about::about(line).is_some()
        && let Some(s) = super::last_resort::read(line, level, n, format)
    {
        return Some(s);
    }
    // A line stating its level is a log line: the paste's last component is likely its. A line
    // without one (prose, an API error) counts only when it names its component itself.
    let component = component_of_line(line)
        .or(event.and_then(|e| e.source))
        .or(level.and(seen.component));
    let meaning = match (level, component) {
        (Some(l), Some(c)) => unrecognised(line, l, c),
        (None, Some(c)) => unrecognised(line, Level::Error, c),
        _ => None,
    };
    // A KubeVirt error string says which package wrote it: cited, and its layer when the line
    // names no component (only for a log line, which states its level).
    let from_source = from_source(line);
    let Some(u) = meaning else {
        return unattributed(line, level, n, format, seen, from_source);
    };
    // Its component's reading, with the layer of the package or third party the message is from.
    let mut from = describe_line(line, format);
    if from == "a component log line (klog)" {
        from = format!("a {} log line (klog)", u.component.name());
    }
    let package = super::package_layer::package_layer(line, u.component, u.layer);
    // The third-party strings the line holds, looked up once: for its layer when no KubeVirt
    // package decides, for its citation when no KubeVirt string is cited.
    let third = (package.is_none() || from_source.is_none())
        .then(|| generated::third_party(line))
        .flatten();
    let (layer, u_cause) = match package {
        Some((l, e)) => (l, super::package_layer::cause(u.component, e, l)),
        None => match third
            .as_ref()
            .and_then(|m| super::package_layer::third_party_layer(m, u.component, u.layer))
        {
            Some((l, p)) => (
                l,
                super::package_layer::third_party_cause(u.component, p, l),
            ),
            None => (u.layer, u.cause),
        },
    };
    // The message's source, cited: KubeVirt's, else a third party's the catalogue holds.
    let cited = match from_source {
        Some(src) => Some((src, "KubeVirt's")),
        None => third
            .as_ref()
            .and_then(from_third_party)
            .map(|s| (s, "known")),
    };
    let (cause, source) = match cited {
        Some((src, whose)) => (
            format!("{} The message is {whose}: {}.", u_cause, src.source),
            src.source,
        ),
        None => (u_cause, String::new()),
    };
    Some(Signal {
        layer: Some(layer),
        from,
        health: u.health,
        title: u.title,
        cause,
        next_steps: u.next_steps,
        source,
        ..unknown(line, n, format)
    })
}

/// An error-level line no known component's reading took ([`unknown_line`]): KubeVirt's source
/// or a third party's catalogue, who reported it and what it is about, the operating system's
/// error it ends in, the words it states; else a plain unknown line.
fn unattributed(
    line: &str,
    level: Option<Level>,
    n: usize,
    format: BlockFormat,
    seen: &Seen,
    from_source: Option<Sourced>,
) -> Option<Signal> {
    if let (Some(src), Some(Level::Error | Level::Warning)) = (from_source, level) {
        return Some(sourced(src, line, n, format));
    }
    // A program outside KubeVirt whose message the catalogue holds (the kubelet, the
    // scheduler, Longhorn's manager, CDI's programs): the layer of the folder writing it.
    if level != Some(Level::Info)
        && let Some(src) = generated::third_party(line)
            .as_ref()
            .and_then(from_third_party)
    {
        return Some(sourced(src, line, n, format));
    }
    // Who reported it and what it is about, for error-level material (`last_resort`); a
    // line naming no reporter in a `kubectl logs <pod>` output is that pod's.
    let streamed = || {
        let cmd = seen.stream.as_deref()?;
        super::last_resort::read_streamed(line, level, n, format, cmd)
    };
    if let Some(s) = super::last_resort::read(line, level, n, format).or_else(streamed) {
        return Some(s);
    }
    // The operating system's error it ends in says what it is about.
    if let Some(t) = crate::signatures::errno::topic(line) {
        return Some(sourced(t, line, n, format));
    }
    // A line without a level whose words state an error: who reported it, else the
    // objects and subjects it names (`last_resort::read_worded`).
    if level.is_none()
        && let Some(s) = super::last_resort::read_worded(line, n, format)
    {
        return Some(s);
    }
    let mut s = unknown(line, n, format);
    if level == Some(Level::Info) {
        s.title = INFO_TITLE.into();
        s.cause = "an info line: normal operation, blamed on nothing".into();
    }
    Some(s)
}

/// An unknown line read through the generated catalogues: degraded, low weight (no signature).
fn sourced(src: Sourced, line: &str, n: usize, format: BlockFormat) -> Signal {
    Signal {
        layer: Some(src.layer),
        health: Health::Degraded,
        title: src.title,
        cause: src.cause,
        source: src.source,
        ..unknown(line, n, format)
    }
}

fn unknown(line: &str, n: usize, format: BlockFormat) -> Signal {
    Signal {
        signature: None,
        layer: None,
        plane: None,
        health: Health::Unknown,
        title: UNNAMED_TITLE.into(),
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
    // `exception`: an exception's report (Python's `Traceback` ends in `<Name>Exception: …`).
    // `does not work`, `could not`, `unreachable`, `stuck`, `hangs`, `frozen`, …: an operator's
    // sentence stating a failure (round 28); like every worded line it blames only through what
    // it names (`last_resort::read_worded`, `signatures::subjects`), so a sentence naming
    // nothing a vocabulary knows blames nothing.
    const WORDS: [&str; 25] = [
        "error",
        "fail",
        "denied",
        "refused",
        "timed out",
        "timeout",
        "cannot",
        "unable",
        "panic",
        "exception",
        "does not work",
        "doesn't work",
        "not working",
        "could not",
        "couldn't",
        "unreachable",
        "stuck",
        "hangs",
        "hung",
        "frozen",
        "freezes",
        "won't",
        "does not start",
        "doesn't start",
        "not reachable",
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
        && !empty_failure_field(line)
}

/// A field whose name holds the error word and whose value is empty (`failureReason: ""`,
/// `"lastError": null`, `error: ''`): an object stating that it has no failure, as a checkup's
/// result or a status writes it when it succeeded. A bare `key:` (its value on the lines
/// below) is not empty.
fn empty_failure_field(line: &str) -> bool {
    let t = line.trim().trim_start_matches("- ").trim_end_matches(',');
    let Some((key, value)) = t.split_once(':') else {
        return false;
    };
    let key = key.trim().trim_matches('"');
    !key.is_empty()
        && !key.contains(char::is_whitespace)
        && matches!(
            value.trim(),
            "\"\"" | "''" | "null" | "~" | "<none>" | "[]" | "{}"
        )
}

pub use crate::signatures::json_field;
