//! What the paste page shows of each block of a paste: its [`BlockFormat`], its [`LineRange`],
//! what was read from it ([`ReadItem`]), what was ignored ([`Ignored`]) and which recovery rules
//! made a cut or hand-edited YAML readable. Built by `input::pipeline::analyse`.

use serde::{Deserialize, Serialize};

/// The format a block of a paste was recognised as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BlockFormat {
    /// Kubernetes objects as YAML (whole, cut or hand-edited).
    ObjectYaml,
    /// Kubernetes objects as JSON.
    ObjectJson,
    /// `kubectl describe` output.
    Describe,
    /// A `kubectl get` table.
    Table,
    /// An events listing (`kubectl get events`, the `Events:` section of a describe).
    Events,
    /// Component log lines: KubeVirt's JSON logs, klog, logfmt.
    ComponentLog,
    /// A Go panic or segfault trace.
    PanicTrace,
    /// An API server error: an admission webhook denial, a schema rejection.
    WebhookDenial,
    /// `virtctl` output.
    Virtctl,
    /// `kubectl drain` output.
    Drain,
    /// Prometheus exposition text.
    Prometheus,
    /// Nothing recognised: its lines are still searched for known messages.
    Unknown,
}

impl BlockFormat {
    /// Human name, as the page and the CLI print it.
    pub fn as_str(self) -> &'static str {
        match self {
            BlockFormat::ObjectYaml => "object YAML",
            BlockFormat::ObjectJson => "object JSON",
            BlockFormat::Describe => "kubectl describe output",
            BlockFormat::Table => "kubectl get table",
            BlockFormat::Events => "events listing",
            BlockFormat::ComponentLog => "component log",
            BlockFormat::PanicTrace => "panic trace",
            BlockFormat::WebhookDenial => "API error / webhook denial",
            BlockFormat::Virtctl => "virtctl output",
            BlockFormat::Drain => "kubectl drain output",
            BlockFormat::Prometheus => "Prometheus text",
            BlockFormat::Unknown => "unrecognised text",
        }
    }
}

/// Lines of the paste, 1-based, both ends included.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineRange {
    pub first: usize,
    pub last: usize,
}

impl std::fmt::Display for LineRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.first == self.last {
            write!(f, "line {}", self.first)
        } else {
            write!(f, "lines {}-{}", self.first, self.last)
        }
    }
}

/// One thing read from a block: an object, or a line that became a signal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReadItem {
    /// The paste's line it starts at (1-based).
    pub line: usize,
    /// What was read, e.g. `VirtualMachineInstance prod/web` or `SyncVMI timed out`.
    pub what: String,
}

/// Lines of a block that gave no evidence, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ignored {
    pub lines: LineRange,
    pub why: String,
}

/// One block of a paste, as read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BlockReport {
    pub format: BlockFormat,
    pub lines: LineRange,
    /// What the block gave: objects and signals, with their lines.
    pub read: Vec<ReadItem>,
    /// What it did not give, with the reason.
    pub ignored: Vec<Ignored>,
    /// The recovery rules applied to make a cut or hand-edited YAML readable.
    pub recovered: Vec<String>,
}
