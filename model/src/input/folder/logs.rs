//! The error lines of a container log in a folder tree: KubeVirt's JSON log lines
//! (`{"component":"virt-handler","level":"error","msg":...,"reason":...}`) at level error or
//! worse, klog lines at `E`/`F` severity, and Go panics. Each is kept with its file and line, so a
//! report can cite it; the rest of the log is not evidence.

use super::layout::LogSource;
use serde::{Deserialize, Serialize};

/// At most this many error lines are kept per file (the first ones; the rest are counted).
pub const MAX_LINES_PER_FILE: usize = 20;
/// A kept line's message is cut to this many characters.
const MAX_MESSAGE_CHARS: usize = 600;

/// One error line of a log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogLine {
    /// The file, relative to the tree's root.
    pub file: String,
    /// 1-based line number.
    pub line: usize,
    /// `component` of a KubeVirt log line, else the container from the path.
    pub component: Option<String>,
    /// `error`, `fatal`, `panic`.
    pub level: String,
    /// `msg` and `reason` of a KubeVirt log line, else the line itself.
    pub message: String,
    /// `namespace` and `name` a KubeVirt log line is about (for virt-handler: the VMI).
    pub namespace: Option<String>,
    pub name: Option<String>,
    pub timestamp: Option<String>,
}

/// The error lines of one log file, and how many more there were beyond the kept ones.
pub fn error_lines(file: &str, source: &LogSource, text: &str) -> (Vec<LogLine>, usize) {
    let mut kept = Vec::new();
    let mut more = 0;
    for (i, raw) in text.lines().enumerate() {
        let Some(mut l) = read_line(raw.trim()) else {
            continue;
        };
        if kept.len() == MAX_LINES_PER_FILE {
            more += 1;
            continue;
        }
        l.file = file.to_string();
        l.line = i + 1;
        if l.component.is_none() {
            l.component = source.container.clone();
        }
        kept.push(l);
    }
    (kept, more)
}

fn cut(s: &str) -> String {
    match s.char_indices().nth(MAX_MESSAGE_CHARS) {
        Some((at, _)) => format!("{}…", &s[..at]),
        None => s.to_string(),
    }
}

fn read_line(line: &str) -> Option<LogLine> {
    let blank = |level: &str, message: &str| LogLine {
        file: String::new(),
        line: 0,
        component: None,
        level: level.to_string(),
        message: cut(message),
        namespace: None,
        name: None,
        timestamp: None,
    };
    if line.starts_with('{') {
        return json_line(line, blank);
    }
    if line.starts_with("panic:") || line.starts_with("fatal error:") {
        return Some(blank("panic", line));
    }
    // klog: `E1130 08:00:00.000000       1 file.go:12] message`.
    let mut chars = line.chars();
    let sev = chars.next()?;
    let digits: String = chars.take(4).collect();
    if (sev == 'E' || sev == 'F') && digits.len() == 4 && digits.chars().all(|c| c.is_ascii_digit())
    {
        let level = if sev == 'F' { "fatal" } else { "error" };
        let message = line.split_once("] ").map_or(line, |(_, m)| m);
        return Some(blank(level, message));
    }
    None
}

fn json_line(line: &str, blank: impl Fn(&str, &str) -> LogLine) -> Option<LogLine> {
    let v: serde_json::Value = serde_json::from_str(line).ok()?;
    let s = |k: &str| v.get(k).and_then(|x| x.as_str()).map(str::to_string);
    let level = s("level")?.to_ascii_lowercase();
    if !matches!(level.as_str(), "error" | "fatal" | "panic" | "critical") {
        return None;
    }
    let msg = s("msg").unwrap_or_default();
    let message = match s("reason") {
        Some(r) if !r.is_empty() => format!("{msg}: {r}"),
        _ => msg,
    };
    let mut l = blank(&level, &message);
    l.component = s("component");
    l.namespace = s("namespace").filter(|x| !x.is_empty());
    l.name = s("name").filter(|x| !x.is_empty());
    l.timestamp = s("timestamp");
    Some(l)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kubevirt_json_klog_and_panic_lines_are_kept_with_their_line() {
        let text = "{\"component\":\"virt-handler\",\"level\":\"info\",\"msg\":\"ok\"}\n\
            {\"component\":\"virt-handler\",\"level\":\"error\",\"msg\":\"Synchronizing failed.\",\
            \"name\":\"web\",\"namespace\":\"prod\",\"reason\":\"rpc error\"}\n\
            E1130 08:00:00.000000       1 node.go:12] cannot reach the API\n\
            I1130 08:00:00.000000       1 node.go:12] fine\n\
            panic: runtime error: invalid memory address\n";
        let src = LogSource {
            container: Some("virt-handler".into()),
            ..LogSource::default()
        };
        let (lines, more) = error_lines("logs/k/p/virt-handler.log", &src, text);
        assert_eq!(more, 0);
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0].line, 2);
        assert_eq!(lines[0].message, "Synchronizing failed.: rpc error");
        assert_eq!(lines[0].name.as_deref(), Some("web"));
        assert_eq!(lines[1].message, "cannot reach the API");
        assert_eq!(lines[1].component.as_deref(), Some("virt-handler"));
        assert_eq!(lines[2].level, "panic");
    }

    #[test]
    fn only_the_first_lines_are_kept() {
        let text = "E1130 08:00:00.000000 1 a.go:1] x\n".repeat(MAX_LINES_PER_FILE + 5);
        let (lines, more) = error_lines("a.log", &LogSource::default(), &text);
        assert_eq!((lines.len(), more), (MAX_LINES_PER_FILE, 5));
    }
}
