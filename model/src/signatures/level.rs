//! The level a log line states about itself: KubeVirt's JSON `level` (`info`, `warning`,
//! `error`, `fatal`, from `staging/src/kubevirt.io/client-go/log/log.go`) and controller-runtime's
//! (`debug`, `info`, `warn`, `error`, `dpanic`, `panic`, `fatal`), klog's header letter
//! (`I`/`W`/`E`/`F` then `mmdd`, also after a journal prefix such as `kubelet[123]: `), logfmt's
//! `level=`, libvirt's own log (`… : 1234: error : …`) and an upper-case `ERROR`/`WARN` word
//! at the start. A line that states no level is judged by its words (see `input::lines`).

/// A log line's own level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Info or debug: normal operation, never blamed.
    Info,
    Warning,
    /// Error, fatal, panic, critical.
    Error,
}

impl Level {
    /// `error`, `warning`, `info`.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Info => "info",
            Level::Warning => "warning",
            Level::Error => "error",
        }
    }
}

/// A gRPC call's failure as grpc-go formats its status (`internal/status/status.go`: "rpc
/// error: code = %s desc = %s"; `codes.OK` is never formatted as an error).
const RPC_ERROR: &str = "rpc error: code = ";

/// The level a line is read at: the one it states, but an info line carrying a failed gRPC
/// call's status is an error whatever it states (the CSI sidecars log failed calls at info,
/// e.g. external-attacher's `csi_handler.go` "Error processing …: failed to attach: rpc error:
/// …").
pub fn read_level(line: &str) -> Option<Level> {
    match level_of(line) {
        Some(Level::Info) if line.contains(RPC_ERROR) => Some(Level::Error),
        None => super::printed_by::level(line).map(|f| match f {
            super::printed_by::Framed::Error => Level::Error,
            super::printed_by::Framed::Warning => Level::Warning,
        }),
        l => l,
    }
}

/// The level `line` states, if any.
pub fn level_of(line: &str) -> Option<Level> {
    let t = line.trim();
    if t.starts_with('{') {
        let f = |k| super::fields::json_field(t, k);
        let stated = f("level").or_else(|| f("severity")).or_else(|| f("lvl"));
        if let Some(l) = stated.and_then(by_word) {
            return Some(l);
        }
        // klog's JSON format (component-base): info lines carry a verbosity `v`, error lines
        // an `err` and no `v`.
        if t.contains("\"caller\":") {
            return if t.contains("\"err\":") {
                Some(Level::Error)
            } else if t.contains("\"v\":") {
                Some(Level::Info)
            } else {
                None
            };
        }
        return None;
    }
    if let Some(l) = klog_level(t) {
        return Some(l);
    }
    // After a journal prefix: `Mar 01 10:00:00 node01 kubelet[123]: E0301 …`.
    if let Some(l) = t
        .get(..t.len().min(120))
        .and_then(|h| h.find("]: "))
        .and_then(|i| klog_level(&t[i + 3..]))
    {
        return Some(l);
    }
    // Cheap gates first (one byte scan each): this runs on every line of a paste, and most
    // lines hold neither a logfmt key nor libvirt's ` : level : `.
    let logfmt = t.as_bytes().contains(&b'=');
    for key in ["level=", "lvl="].into_iter().filter(|_| logfmt) {
        if let Some(i) = t.find(key) {
            let v = t[i + key.len()..].trim_start_matches('"');
            let word: String = v.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
            if let Some(l) = by_word(&word) {
                return Some(l);
            }
        }
    }
    if t.contains(" : ") {
        for (needle, l) in [
            (": error : ", Level::Error),
            (": warning : ", Level::Warning),
            (": info : ", Level::Info),
        ] {
            if t.contains(needle) {
                return Some(l);
            }
        }
    }
    first_word_level(t).or_else(|| bracketed_level(t))
}

/// Rust's `env_logger` default header, `[<RFC 3339 time> <LEVEL> <target>] message` (its
/// `fmt::DefaultFormat`): the log of the Rust daemons a launcher pod runs, virtiofsd in its
/// `virtiofs-<volume>` container (`pkg/virt-controller/services/virtiofs.go`).
fn bracketed_level(t: &str) -> Option<Level> {
    let head = t.strip_prefix('[')?.split_once(']')?.0;
    let mut words = head.split_whitespace();
    let time = words.next()?;
    if !time.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    match words.next()? {
        "ERROR" => Some(Level::Error),
        "WARN" => Some(Level::Warning),
        "INFO" | "DEBUG" | "TRACE" => Some(Level::Info),
        _ => None,
    }
}

/// The level a line's first word states (`ERROR …`, `[WARN] …`, `<INFO> …`).
fn first_word_level(t: &str) -> Option<Level> {
    let first = t
        .trim_start_matches(['[', '<'])
        .split(|c: char| !c.is_ascii_alphabetic())
        .next()
        .unwrap_or("");
    match first {
        "ERROR" | "FATAL" | "CRITICAL" => Some(Level::Error),
        "WARN" | "WARNING" => Some(Level::Warning),
        "INFO" | "DEBUG" => Some(Level::Info),
        _ => None,
    }
}

/// klog's header: `E0412 10:01:02.123456 …`.
fn klog_level(t: &str) -> Option<Level> {
    let b = t.as_bytes();
    if b.len() <= 6 || !b[1..5].iter().all(u8::is_ascii_digit) || b[5] != b' ' {
        return None;
    }
    match b[0] {
        b'I' => Some(Level::Info),
        b'W' => Some(Level::Warning),
        b'E' | b'F' => Some(Level::Error),
        _ => None,
    }
}

fn by_word(w: &str) -> Option<Level> {
    match w.to_ascii_lowercase().as_str() {
        "info" | "debug" | "trace" | "notice" => Some(Level::Info),
        "warn" | "warning" => Some(Level::Warning),
        "error" | "err" | "fatal" | "panic" | "dpanic" | "critical" | "crit" => Some(Level::Error),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_states_its_level() {
        assert_eq!(
            level_of(r#"{"component":"virt-api","level":"error","msg":"x"}"#),
            Some(Level::Error)
        );
        assert_eq!(
            level_of(r#"{"level":"warning","msg":"x"}"#),
            Some(Level::Warning)
        );
        assert_eq!(
            level_of(r#"{"level":"info","msg":"failed"}"#),
            Some(Level::Info)
        );
        assert_eq!(
            level_of("W1203 12:00:00.000000 1 x.go:1] y"),
            Some(Level::Warning)
        );
        assert_eq!(
            level_of("I1203 12:00:00.000000 1 x.go:1] failed"),
            Some(Level::Info)
        );
        assert_eq!(
            level_of("Mar 01 10:00:00 n kubelet[12]: E0301 10:00:00.000000 12 x.go:1] y"),
            Some(Level::Error)
        );
        assert_eq!(
            level_of(r#"time="t" level=warning msg="x""#),
            Some(Level::Warning)
        );
        assert_eq!(
            level_of("2024-03-01 10:00:00.000+0000: 1234: error : qemuMonitorIO:1 : x"),
            Some(Level::Error)
        );
        assert_eq!(level_of("ERROR: x"), Some(Level::Error));
        assert_eq!(
            level_of(
                r#"{"ts":1709287200000.1,"caller":"importer/importer.go:185","msg":"Unable to process data","err":"x"}"#
            ),
            Some(Level::Error)
        );
        assert_eq!(
            level_of(
                r#"{"ts":1709287200000.1,"caller":"importer/importer.go:107","msg":"Starting importer","v":1}"#
            ),
            Some(Level::Info)
        );
        assert_eq!(
            level_of("[2025-03-01T09:10:11Z ERROR virtiofsd] x"),
            Some(Level::Error)
        );
        assert_eq!(
            level_of("[2025-03-01T09:10:11Z INFO  virtiofsd] failed"),
            Some(Level::Info)
        );
        assert_eq!(level_of("some words about an error"), None);
    }
}
