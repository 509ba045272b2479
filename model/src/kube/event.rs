//! A core/v1 Event; an `events.k8s.io/v1` Event reads as one too.

use super::meta::ObjectMeta;
use crate::time::Timestamp;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A core/v1 Event (an `events.k8s.io/v1` Event reads too: `regarding` and `note` are mapped).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Event {
    #[serde(deserialize_with = "super::lenient::any")]
    pub metadata: ObjectMeta,
    #[serde(deserialize_with = "super::lenient::any")]
    pub involved_object: InvolvedObject,
    #[serde(deserialize_with = "super::lenient::string")]
    pub reason: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub message: Option<String>,
    /// `Normal` or `Warning`.
    #[serde(rename = "type", deserialize_with = "super::lenient::string")]
    pub type_: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub first_timestamp: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub last_timestamp: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub event_time: Option<String>,
    #[serde(deserialize_with = "super::lenient::i64")]
    pub count: Option<i64>,
}

/// `involvedObject` (or `regarding`) of an Event.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct InvolvedObject {
    #[serde(deserialize_with = "super::lenient::string")]
    pub kind: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub name: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub namespace: Option<String>,
    #[serde(deserialize_with = "super::lenient::string")]
    pub uid: Option<String>,
}

impl Event {
    /// Reads an Event of either API group from any JSON value; never fails.
    pub fn from_value(value: &Value) -> Event {
        let mut e: Event = super::lenient::from_value(value);
        if e.involved_object == InvolvedObject::default()
            && let Some(r) = value.get("regarding")
        {
            e.involved_object = super::lenient::from_value(r);
        }
        if e.message.is_none() {
            e.message = value.get("note").and_then(super::lenient::scalar_string);
        }
        if e.last_timestamp.is_none() {
            e.last_timestamp = value
                .get("deprecatedLastTimestamp")
                .and_then(super::lenient::scalar_string);
        }
        e
    }
    /// The best timestamp: `lastTimestamp`, `eventTime`, `firstTimestamp`, creation time.
    pub fn time(&self) -> Option<Timestamp> {
        [
            &self.last_timestamp,
            &self.event_time,
            &self.first_timestamp,
            &self.metadata.creation_timestamp,
        ]
        .into_iter()
        .find_map(|t| t.as_deref().and_then(Timestamp::parse))
    }
    /// The reason, or `""`.
    pub fn reason(&self) -> &str {
        self.reason.as_deref().unwrap_or("")
    }
    /// The message, or `""`.
    pub fn message(&self) -> &str {
        self.message.as_deref().unwrap_or("")
    }
    /// `type == Warning`.
    pub fn is_warning(&self) -> bool {
        self.type_.as_deref() == Some("Warning")
    }
}

impl super::FromJson for Event {
    fn from_json(value: &Value) -> Event {
        Event::from_value(value)
    }
}
