//! The reader of last resort: an error-level line that no signature knows and whose component
//! the ordinary fallback (`signatures::fallback`) could not name still points at a layer, from
//! WHO reported it (`signatures::components`: a prefixed JSON log object, a pod or component
//! name, a Kubernetes binary's klog file, the user a component acts as) and ABOUT WHAT
//! (`signatures::about`: the object it names, whose layer wins over the reporter's where it is
//! clear). Only error-level material blames:
//! - a stated error or warning level (klog `E`/`W`/`F`, JSON `level`, logfmt `level=`);
//! - a KubeVirt JSON log object at info level that re-enqueues its key with a `reason`: every
//!   KubeVirt controller logs a failed sync as `log.Log.Reason(err).Infof("re-enqueuing …")`
//!   (`pkg/virt-handler/vm.go`, `pkg/virt-controller/watch/migration/migration.go`; `Reason`
//!   sets the `reason` field in `staging/src/kubevirt.io/client-go/log/log.go`), unless its
//!   reason is an API race the controller retries through (the object vanished or changed);
//! - a `Warning` event row (its TYPE cell); a klog `E`/`F` header after a pod-name prefix;
//! - a form that states a failure itself (a volume operation's `… failed`).
//!
//! Info lines never blame, so healthy logs stay unblamed. The finding is degraded, of the
//! lowest weight (no signature), says it is inferred from who reported it, and quotes the line.

use super::excerpt::{describe_line, excerpt};
use crate::diagnosis::causal::{BY_OBJECT, BY_REPORTER};
use crate::evidence::Signal;
use crate::signatures::about::about;
use crate::signatures::components::{Who, reporter};
use crate::signatures::json_field;
use crate::signatures::level::Level;
use crate::signatures::reasons::{generated_recorder, recorder, warning_reason};
use crate::signatures::subjects::weigh;
use crate::verdict::Health;
use crate::view::BlockFormat;

/// Why the line counts as error-level material, if it does.
fn error_material(line: &str, level: Option<Level>, failure_form: bool) -> Option<&'static str> {
    if matches!(level, Some(Level::Error | Level::Warning)) {
        return Some("its stated level");
    }
    if warning_row(line) {
        return Some("a Warning event");
    }
    if level.is_none() && prefixed_klog_error(line) {
        return Some("its klog header after the line's prefix");
    }
    let json = line.find("{\"").map(|i| &line[i..]);
    if json.is_some_and(|j| logged_warning_event(j).is_some()) {
        return Some("a Warning event its recorder logged");
    }
    if let Some(j) = json {
        match json_field(j, "level")
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            Some("error" | "fatal" | "warning" | "warn" | "panic") => {
                return Some("its stated level");
            }
            Some("info") => {
                let msg = text_field(j, "msg").to_ascii_lowercase();
                let requeued = msg.contains("re-enqueuing") || msg.contains("reenqueuing");
                let reason = text_field(j, "reason");
                if requeued && !reason.trim().is_empty() && !transient(reason) {
                    return Some("a sync that failed and was re-enqueued with its error");
                }
                return None;
            }
            _ => {}
        }
    }
    if level == Some(Level::Info) {
        return None;
    }
    failure_form.then_some("a failure stated by the message's own form")
}

/// The reason of a Warning event written as a JSON log line: controller-runtime's event
/// recorder logs every event it records (`logger: "events"`, with the event's `type`, `reason`
/// and involved `object`; sigs.k8s.io/controller-runtime `pkg/internal/recorder/recorder.go`),
/// at debug level, as CDI's controllers do.
fn logged_warning_event(j: &str) -> Option<&str> {
    let event = json_field(j, "logger") == Some("events") || j.contains("\"object\":{");
    (event && json_field(j, "type") == Some("Warning"))
        .then(|| json_field(j, "reason"))
        .flatten()
        .filter(|r| !r.is_empty() && !r.contains(' '))
}

/// A Warning row's recorder, by its reason word (`signatures::reasons`).
fn by_reason(line: &str) -> Option<Who> {
    let logged = line
        .find("{\"")
        .and_then(|i| logged_warning_event(&line[i..]));
    let reason = logged.or_else(|| warning_reason(line))?;
    let (name, layer) = recorder(reason).or_else(|| logged.and_then(generated_recorder))?;
    Some(Who {
        name,
        layer,
        why: "the component that records this Warning reason",
        how: "the event's reason",
        token: reason.to_string(),
    })
}

/// A `kubectl get events` or describe event row of type `Warning` (its TYPE among the first
/// cells: after LAST SEEN, or first in a describe's `Events:`).
pub fn warning_row(line: &str) -> bool {
    line.split_whitespace().take(3).any(|c| c == "Warning")
}

/// An API race a controller retries through (apimachinery's `pkg/api/errors`: NotFound,
/// Conflict, AlreadyExists; a generic 400 answer during an update race): the object changed or
/// vanished under the controller, not a fault of its own.
fn transient(reason: &str) -> bool {
    const RACES: [&str; 4] = [
        "not found",
        "the object has been modified",
        "already exists",
        "the server rejected our request due to an error in our request",
    ];
    let lower = reason.to_ascii_lowercase();
    RACES.iter().any(|r| lower.contains(r))
}

/// A klog error header (`E0301 10:00:00.000000`) after a prefix such as a pod name (`stern`,
/// `kubectl logs --prefix`), which `level_of` reads only at the start of a line.
fn prefixed_klog_error(line: &str) -> bool {
    let head = line.get(..line.len().min(160)).unwrap_or(line);
    let words: Vec<&str> = head.split_whitespace().take(4).collect();
    words
        .windows(2)
        .skip(1)
        .chain(words.windows(2).take(1))
        .any(|w| {
            let b = w[0].as_bytes();
            b.len() == 5
                && matches!(b[0], b'E' | b'F')
                && b[1..].iter().all(u8::is_ascii_digit)
                && w[1].contains(':')
        })
}

/// A JSON string field's text however long (`json_field` keeps only short values), up to its
/// closing quote or the line's end (a line broken when pasted).
fn text_field<'a>(j: &'a str, key: &str) -> &'a str {
    let pat = format!("\"{key}\":\"");
    let Some(i) = j.find(&pat) else { return "" };
    let rest = &j[i + pat.len()..];
    let b = rest.as_bytes();
    let end = (0..b.len())
        .find(|&k| b[k] == b'"' && (k == 0 || b[k - 1] != b'\\'))
        .unwrap_or(b.len());
    &rest[..end]
}

/// The last-resort meaning of `line`, or `None` when it is not error-level material or
/// nothing says who reported it or what it is about.
pub fn read(line: &str, level: Option<Level>, n: usize, format: BlockFormat) -> Option<Signal> {
    read_as(line, level, n, format, false, None)
}

/// The same for a line of a `kubectl logs <pod>` output that names no reporter itself: the pod
/// the command asked for is its reporter (`kubectl logs` prints one pod's container log, as
/// `--prefix` would have named it on every line).
pub fn read_streamed(
    line: &str,
    level: Option<Level>,
    n: usize,
    format: BlockFormat,
    command: &str,
) -> Option<Signal> {
    let who = reporter(command)?;
    let who = Who {
        how: "the pod its `kubectl logs` command reads",
        ..who
    };
    read_as(line, level, n, format, false, Some(who))
}

/// The same for a line without a stated level whose own words state an error (`error`,
/// `failed`, `refused`, `timed out`, …: `super::lines::looks_like_error`): prose, a table row,
/// an API error quoted in a sentence. Such a line blames only through
/// what it is about (a form stating a failure, else the objects and subjects it names), never
/// by itself.
pub fn read_worded(line: &str, n: usize, format: BlockFormat) -> Option<Signal> {
    // A sentence announcing the lines after it states nothing itself (`super::announcing`).
    if super::announcing::announces_lines(line) {
        return None;
    }
    read_as(line, None, n, format, true, None)
}

fn read_as(
    line: &str,
    level: Option<Level>,
    n: usize,
    format: BlockFormat,
    worded: bool,
    stream: Option<Who>,
) -> Option<Signal> {
    let subject = about(line);
    let why_error = error_material(line, level, subject.is_some_and(|a| a.failure_form))
        .or_else(|| (worded && level.is_none()).then_some("its own error words"))?;
    // An event its recorder logged is the recorder's own line: the pods its message names are
    // what it is about, not who wrote it.
    let logged = line
        .find("{\"")
        .and_then(|i| logged_warning_event(&line[i..]))
        .is_some();
    // A line without a level has no reporter of its own: a pod it names is an object it is
    // about (`oc logs <pod>` refused), so only a form stating a failure or the objects and
    // subjects it names speak for it.
    let who = if worded {
        None
    } else if logged {
        by_reason(line).or_else(|| reporter(line))
    } else {
        reporter(line).or_else(|| by_reason(line)).or(stream)
    };
    let subject = if worded {
        subject.filter(|a| a.failure_form)
    } else {
        subject
    };
    // A line that names no reporter and no form `about` knows is weighed by the objects and
    // subjects it names (`signatures::subjects`); a tie keeps no layer.
    let subject = match (&who, subject) {
        (None, None) => weigh(line),
        (_, s) => s,
    };
    let (layer, plane) = match (&who, subject) {
        (_, Some(a)) => (a.layer, a.plane),
        (Some(w), None) => (w.layer, None),
        (None, None) => return None,
    };
    let reporter_words = match &who {
        Some(w) => format!(
            "reported by {} (named by {}: {}; {}), ",
            w.name,
            w.how,
            w.token,
            w.why.trim_end_matches('.')
        ),
        None => String::new(),
    };
    let about_words = match subject {
        Some(a) => format!("about {}, ", a.what),
        None => String::new(),
    };
    // What it is about decided the layer (`diagnosis::causal` weighs it as the object's), else
    // only its reporter did (the weakest reading).
    let title = match (&who, subject) {
        (Some(w), Some(_)) => format!("an unrecognised {} error {BY_OBJECT}", w.name),
        (Some(w), None) => format!("an unrecognised {} error {BY_REPORTER}", w.name),
        (None, _) => format!("an unrecognised error {BY_OBJECT}"),
    };
    Some(Signal {
        signature: None,
        layer: Some(layer),
        plane,
        health: Health::Degraded,
        title,
        cause: format!(
            "no signature knows this line; it is error-level material ({why_error}), \
             {reporter_words}{about_words}so it points at the {} layer, with low confidence: \
             read the line itself",
            layer.as_str()
        ),
        next_steps: Vec::new(),
        source: String::new(),
        line: n,
        from: describe_line(line, format),
        excerpt: excerpt(line),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::Layer;

    #[test]
    fn info_never_blames_and_a_requeue_with_its_error_does() {
        let info =
            r#"p-1 c {"component":"virt-handler","level":"info","msg":"VMI is in phase: Failed"}"#;
        assert!(read(info, None, 1, BlockFormat::ComponentLog).is_none());
        let requeue = r#"virt-handler-x c {"component":"virt-handler","level":"info","msg":"re-enqueuing VirtualMachineInstance a/b","reason":"error unmounting: boom"}"#;
        let s = read(requeue, None, 1, BlockFormat::ComponentLog).unwrap();
        assert_eq!(s.layer, Some(Layer::Node));
        assert!(s.title.contains("virt-handler"), "{}", s.title);
    }
}
