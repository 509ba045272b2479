//! The flight recorder's JSON shapes: a VMI's recorded history
//! (`GET /api/v1/vmis/{ns}/{name}/history`), the page as recorded at a time
//! (`GET /api/v1/vmis/{ns}/{name}/detail?at=`) and the latest changes across VMIs
//! (`GET /api/v1/history/changes`). Written by the backend's recorder, read by the browser's
//! timeline. Times are milliseconds since the Unix epoch in Rust and RFC 3339 in JSON.

use crate::kube::VmiKey;
use crate::view::detail::VmiDetail;
use serde::{Deserialize, Serialize};

/// RFC 3339 in JSON, milliseconds since the epoch in Rust.
pub mod rfc3339 {
    use crate::time::Timestamp;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(ms: &i64, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&Timestamp(*ms).to_rfc3339())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
        let s = String::deserialize(d)?;
        Timestamp::parse(&s)
            .map(|t| t.0)
            .ok_or_else(|| serde::de::Error::custom(format!("not an RFC 3339 time: {s:?}")))
    }
}

/// What changed in a [`Transition`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Change {
    /// A layer's verdict (`layer` names it).
    Verdict,
    /// The diagnosis headline.
    Headline,
    /// `status.phase` (`Deleted` when the VMI went away).
    Phase,
}

impl Change {
    pub fn as_str(self) -> &'static str {
        match self {
            Change::Verdict => "verdict",
            Change::Headline => "headline",
            Change::Phase => "phase",
        }
    }

    pub fn parse(s: &str) -> Change {
        match s {
            "verdict" => Change::Verdict,
            "headline" => Change::Headline,
            _ => Change::Phase,
        }
    }
}

/// One change of a layer's verdict, of the headline or of the phase. `old` is empty the first
/// time a recorder sees the VMI (a baseline).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Transition {
    #[serde(with = "rfc3339")]
    pub at: i64,
    pub change: Change,
    /// `control_plane`, `node`, `guest`, `network` or `migration` for a verdict
    /// ([`crate::view::summary::LayerGlance::named`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layer: Option<String>,
    pub old: String,
    pub new: String,
    /// The headline at that moment: it names the broken layer and why.
    pub title: String,
}

/// A Kubernetes event about the VMI, its VM, its pods, its migrations or its node, as last seen
/// (one row per event and count).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EventEntry {
    #[serde(with = "rfc3339")]
    pub at: i64,
    pub involved_kind: String,
    pub involved_name: String,
    /// The event object's name.
    pub name: String,
    pub count: i64,
    #[serde(rename = "type")]
    pub type_: String,
    pub reason: String,
    pub message: String,
}

/// How one migration ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MigrationEntry {
    /// When it ended (its last phase transition), else when it was seen final.
    #[serde(with = "rfc3339")]
    pub at: i64,
    /// The VMIM name.
    pub migration: String,
    pub phase: String,
    /// `model::migration::Outcome`, snake_case.
    pub outcome: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<String>,
    /// `control_plane`, `data_plane` or `unknown` for a failure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plane: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration_secs: Option<f64>,
}

/// `GET /api/v1/vmis/{ns}/{name}/history`: what was recorded in `[from, to]`, oldest first.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct History {
    pub key: VmiKey,
    #[serde(with = "rfc3339")]
    pub from: i64,
    #[serde(with = "rfc3339")]
    pub to: i64,
    pub transitions: Vec<Transition>,
    pub events: Vec<EventEntry>,
    pub migrations: Vec<MigrationEntry>,
    /// Why history is off, when it is (not configured, its data directory unusable, the disk
    /// full, the database unreadable): the page says so instead of failing. The lists then hold
    /// what could still be read, if anything.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub off: Option<String>,
}

/// `GET /api/v1/vmis/{ns}/{name}/detail?at=`: the diagnosis as recorded at or before `at`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecordedDetail {
    /// When this diagnosis was recorded: the page shows it "as of" then, not as now.
    #[serde(with = "rfc3339")]
    pub recorded_at: i64,
    #[serde(flatten)]
    pub detail: VmiDetail,
}

/// `GET /api/v1/vmis/{ns}/{name}/detail?at=`: the recorded diagnosis, or why history is off
/// (then the page shows the live diagnosis and says so; an answer, not an error).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum DetailAt {
    /// Tried first: a recorded detail never has this field.
    Off(HistoryOff),
    /// Boxed: a whole page beside a line of text.
    Recorded(Box<RecordedDetail>),
}

/// History is off, and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HistoryOff {
    pub history_off: String,
}

/// One VMI's newest change (`GET /api/v1/history/changes`): its latest verdict or phase
/// transition in the range asked for (first sightings left out).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Changed {
    pub key: VmiKey,
    #[serde(flatten)]
    pub transition: Transition,
}

/// The most [`Changed`] rows one request returns (the overview's scale).
pub const CHANGES_LIMIT: usize = 10_000;
