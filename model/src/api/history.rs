//! The flight recorder's JSON shapes: a VMI's recorded history
//! (`GET /api/v1/vmis/{ns}/{name}/history`), the page as recorded at a time
//! (`GET /api/v1/vmis/{ns}/{name}/detail?at=`) and the latest changes across VMIs
//! (`GET /api/v1/history/changes`). Written by the backend's recorder, read by the browser's
//! timeline. Times are milliseconds since the Unix epoch in Rust and RFC 3339 in JSON.

use crate::kube::VmiKey;
use crate::verdict::{Health, Layer};
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

/// What changed in a [`Transition`] (its [`Step`]'s kind, and a store's `change` column).
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

/// One change of a layer's verdict, of the headline or of the phase, and the headline then.
/// In JSON its [`Step`]'s fields sit beside `at` and `title`:
/// `{"at", "change", "layer" (a verdict's), "old", "new", "title"}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Transition {
    #[serde(with = "rfc3339")]
    pub at: i64,
    #[serde(flatten)]
    pub step: Step,
    /// The headline at that moment: it names the broken layer and why.
    pub title: String,
}

/// What changed, from what to what. `old` is empty (a verdict's `None`) the first time a
/// recorder sees the VMI (a baseline).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "change", rename_all = "snake_case")]
pub enum Step {
    /// A layer's verdict.
    Verdict {
        layer: Layer,
        #[serde(with = "first_health")]
        old: Option<Health>,
        new: Health,
    },
    /// The diagnosis headline.
    Headline { old: String, new: String },
    /// `status.phase` (`Deleted` when the VMI went away).
    Phase { old: String, new: String },
}

/// A verdict before its change: a health, or `""` before the first one recorded.
mod first_health {
    use crate::verdict::Health;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(h: &Option<Health>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(h.map_or("", Health::as_str))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Health>, D::Error> {
        let s = String::deserialize(d)?;
        match Health::parse(&s) {
            Some(h) => Ok(Some(h)),
            None if s.is_empty() => Ok(None),
            None => Err(serde::de::Error::custom(format!("not a health: {s:?}"))),
        }
    }
}

impl Step {
    pub fn change(&self) -> Change {
        match self {
            Step::Verdict { .. } => Change::Verdict,
            Step::Headline { .. } => Change::Headline,
            Step::Phase { .. } => Change::Phase,
        }
    }

    /// The layer whose verdict changed.
    pub fn layer(&self) -> Option<Layer> {
        match self {
            Step::Verdict { layer, .. } => Some(*layer),
            _ => None,
        }
    }

    /// `old` as text (a health's name; empty at a first sighting).
    pub fn old_text(&self) -> &str {
        match self {
            Step::Verdict { old, .. } => old.map_or("", Health::as_str),
            Step::Headline { old, .. } | Step::Phase { old, .. } => old,
        }
    }

    /// `new` as text (a health's name).
    pub fn new_text(&self) -> &str {
        match self {
            Step::Verdict { new, .. } => new.as_str(),
            Step::Headline { new, .. } | Step::Phase { new, .. } => new,
        }
    }

    /// A first sighting: nothing recorded before it.
    pub fn is_first(&self) -> bool {
        self.old_text().is_empty()
    }

    /// The step a store's row holds (its `change`, `layer`, `old` and `new` columns, as
    /// [`Change::as_str`], [`Layer::name`], [`Step::old_text`] and [`Step::new_text`] wrote
    /// them); `None` for a verdict whose layer or health cannot be read.
    pub fn from_columns(
        change: &str,
        layer: Option<&str>,
        old: String,
        new: String,
    ) -> Option<Step> {
        Some(match Change::parse(change) {
            Change::Verdict => Step::Verdict {
                layer: Layer::from_name(layer?)?,
                old: match old.as_str() {
                    "" => None,
                    h => Some(Health::parse(h)?),
                },
                new: Health::parse(&new)?,
            },
            Change::Headline => Step::Headline { old, new },
            Change::Phase => Step::Phase { old, new },
        })
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Transitions as the recorder wrote them into stores and answers before they were typed.
    const EARLIER_JSON: &str = r#"[
        {"at":"2026-01-01T00:00:00Z","change":"verdict","layer":"control_plane","old":"","new":"healthy","title":"t"},
        {"at":"2026-01-01T00:00:01Z","change":"verdict","layer":"node","old":"healthy","new":"broken","title":"node broken"},
        {"at":"2026-01-01T00:00:02Z","change":"headline","old":"","new":"node broken","title":"node broken"},
        {"at":"2026-01-01T00:00:03Z","change":"phase","old":"Running","new":"Deleted","title":"x"}
    ]"#;

    #[test]
    fn transitions_written_as_strings_read_typed_and_are_written_back_the_same() {
        let ts: Vec<Transition> = serde_json::from_str(EARLIER_JSON).unwrap();
        assert_eq!(
            ts[1].step,
            Step::Verdict {
                layer: Layer::Node,
                old: Some(Health::Healthy),
                new: Health::Broken
            }
        );
        assert_eq!(ts[0].step.layer(), Some(Layer::ControlPlane));
        assert!(ts[0].step.is_first());
        assert_eq!(ts[2].step.change(), Change::Headline);
        assert_eq!(ts[3].step.new_text(), "Deleted");
        let again: serde_json::Value = serde_json::to_value(&ts).unwrap();
        let earlier: serde_json::Value = serde_json::from_str(EARLIER_JSON).unwrap();
        assert_eq!(again, earlier, "the same JSON spelling");
        // Inside a `Changed` (flattened twice) too.
        let c: Changed = serde_json::from_str(
            r#"{"key":{"namespace":"a","name":"b"},"at":"2026-01-01T00:00:01Z","change":"verdict","layer":"guest","old":"degraded","new":"healthy","title":""}"#,
        )
        .unwrap();
        assert_eq!(c.transition.step.layer(), Some(Layer::Guest));
    }

    #[test]
    fn a_store_row_is_read_into_the_same_step_or_none() {
        for t in serde_json::from_str::<Vec<Transition>>(EARLIER_JSON).unwrap() {
            let s = &t.step;
            let row = Step::from_columns(
                s.change().as_str(),
                s.layer().map(Layer::name),
                s.old_text().into(),
                s.new_text().into(),
            );
            assert_eq!(row.as_ref(), Some(s));
        }
        assert_eq!(
            Step::from_columns("verdict", Some("disk"), "".into(), "broken".into()),
            None
        );
        assert_eq!(
            Step::from_columns("verdict", None, "".into(), "broken".into()),
            None
        );
        assert_eq!(
            Step::from_columns("verdict", Some("node"), "".into(), "red".into()),
            None
        );
        assert!(serde_json::from_str::<Transition>(
            r#"{"at":"2026-01-01T00:00:00Z","change":"verdict","layer":"node","old":"red","new":"broken","title":""}"#
        )
        .is_err());
    }
}
