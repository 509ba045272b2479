//! What reading an input gives: the recognised [`Object`]s with their [`Origin`], the [`Note`]s
//! about what was skipped, and the [`ParseError`] when nothing could be read.

use crate::kube::vmi::Vmi;
use crate::kube::{Event, GuestAgentAnswer, GuestAgentInfo, MetricSample, Node, Pod, Vm, Vmim};
use serde::{Deserialize, Serialize};

/// One object Strata can read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "object")]
pub enum Object {
    Vmi(Box<Vmi>),
    Vm(Box<Vm>),
    Vmim(Box<Vmim>),
    Pod(Box<Pod>),
    Node(Box<Node>),
    Event(Box<Event>),
    GuestAgent(Box<GuestAgentInfo>),
    /// A failed guest agent request (a `kind: Status` answer such as 409 "VMI does not have
    /// guest agent connected"), for the VMI `name` when the answer names it.
    GuestAgentError {
        name: Option<String>,
        answer: GuestAgentAnswer,
    },
    Metrics(Vec<MetricSample>),
}

impl Object {
    /// A short label such as `VirtualMachineInstance prod/web`.
    pub fn label(&self) -> String {
        fn nn(m: &crate::kube::ObjectMeta) -> String {
            match (m.namespace(), m.name()) {
                ("", "") => "(unnamed)".into(),
                ("", n) => n.into(),
                (ns, n) => format!("{ns}/{n}"),
            }
        }
        match self {
            Object::Vmi(o) => format!("VirtualMachineInstance {}", nn(&o.metadata)),
            Object::Vm(o) => format!("VirtualMachine {}", nn(&o.metadata)),
            Object::Vmim(o) => format!("VirtualMachineInstanceMigration {}", nn(&o.metadata)),
            Object::Pod(o) => format!("Pod {}", nn(&o.metadata)),
            Object::Node(o) => format!("Node {}", nn(&o.metadata)),
            Object::Event(o) => format!("Event {}", nn(&o.metadata)),
            Object::GuestAgent(o) => format!("guest agent info {}", nn(&o.metadata)),
            Object::GuestAgentError { name, .. } => {
                format!(
                    "guest agent error for {}",
                    name.as_deref().unwrap_or("(unnamed)")
                )
            }
            Object::Metrics(s) => format!("{} metric samples", s.len()),
        }
    }
}

/// How an object was recognised.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Recognition {
    /// By `kind`.
    Kind,
    /// By its fields (no `kind`).
    Shape,
}

/// Where in the input an object came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Origin {
    /// 1-based document number.
    pub document: usize,
    /// 1-based line where the document starts, when known.
    pub line: Option<usize>,
    /// JSON-pointer-like path inside the document (`/items/3`), empty for the document itself.
    pub path: String,
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Document 0: a note about the paste's lines, not about one document.
        if let (0, Some(l)) = (self.document, self.line) {
            return write!(f, "line {l}");
        }
        write!(f, "document {}", self.document)?;
        if let Some(l) = self.line {
            write!(f, " (line {l})")?;
        }
        if !self.path.is_empty() {
            write!(f, " at {}", self.path)?;
        }
        Ok(())
    }
}

/// A recognised object with its origin.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Located {
    pub object: Object,
    pub origin: Origin,
    pub recognised_by: Recognition,
}

/// Something in the input that was skipped or partly ignored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Note {
    pub origin: Origin,
    pub message: String,
}

/// The result of reading an input.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Parsed {
    pub objects: Vec<Located>,
    pub notes: Vec<Note>,
}

/// Why an input cannot be read at all.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ParseError {
    /// 1-based line, when the problem has one.
    pub line: Option<usize>,
    /// 1-based column, when known.
    pub column: Option<usize>,
    /// What is wrong and what was expected.
    pub message: String,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "line {l}, column {c}: {}", self.message),
            (Some(l), None) => write!(f, "line {l}: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

/// What every "cannot read" message ends with: the input forms Strata reads.
pub(super) const EXPECTED: &str = "expected Kubernetes YAML or JSON such as the output of \
    `kubectl get vmi,vmim,pod -o yaml` (a single object, a `kind: List`, or several \
    `---`-separated documents), or only the `status:` part of a VMI";

/// Kinds Strata reads, for messages.
pub const READ_KINDS: &[&str] = &[
    "VirtualMachineInstance",
    "VirtualMachine",
    "VirtualMachineInstanceMigration",
    "Pod",
    "Node",
    "Event",
    "VirtualMachineInstanceGuestAgentInfo",
];
