//! A [`VmiSummary`] as the stream carries it: the same fields under short names, and the
//! layers' verdicts as a code of three to five letters. A burst after a 10% change of 10,000 VMIs is 1,000
//! summaries, and every browser parses them on its main thread: this form is about half the
//! bytes and half the parsing of the summary's own JSON (which `GET /api/v1/vmis` keeps).
//!
//! ```json
//! {"ns":"prod","n":"db-0","p":"Running","nd":"worker-3","ip":"10.128.10.13","lm":true,
//!  "a":"connected","l":"hhuhh","h":"healthy as far as seen; unknown: guest"}
//! ```
//!
//! | name | field | when left out |
//! |---|---|---|
//! | `cl` | `key.cluster` (the backend watches several clusters: [`VmiKey`]) | empty |
//! | `ns`, `n` | `key.namespace`, `key.name` | empty |
//! | `p` | `phase` | empty |
//! | `nd`, `ip` | `node`, `ip` | unset |
//! | `pa` | `paused` | false |
//! | `lm`, `nm` | `live_migratable`, `not_migratable_reason` | unset |
//! | `a` | `agent` (`connected`, `unsupported`) | `absent` |
//! | `m` | `migration`, as [`MigrationBrief`]'s JSON | none |
//! | `l` | `layers`: control plane, node, guest, then network and migration (left out while unknown); `h` healthy, `d` degraded, `b` broken, `u` unknown | all unknown |
//! | `h` | `headline` | empty |
//! | `al` | `alerts` (firing alerts concerning the VMI) | zero |
//! | `c` | `changed` (milliseconds since the epoch) | unset |
//!
//! `uid` is not carried: browsers never need it (the backend's history is keyed by it).
//!
//! Reading is as tolerant as the rest of the model: a missing field takes its default, an
//! unknown field is ignored, and a layer code that is short or holds another letter reads as
//! unknown for that layer.

use crate::kube::VmiKey;
use crate::verdict::Health;
use crate::view::summary::{AgentState, LayerGlance, MigrationBrief, VmiSummary};
use serde::de::{Deserializer, Visitor};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// The compact form: borrowed from a summary to write it, owned when read.
#[derive(Serialize, Deserialize)]
struct Compact<'a> {
    #[serde(rename = "cl", default, skip_serializing_if = "str::is_empty")]
    cluster: Cow<'a, str>,
    #[serde(rename = "ns", default)]
    namespace: Cow<'a, str>,
    #[serde(rename = "n", default)]
    name: Cow<'a, str>,
    #[serde(rename = "p", default)]
    phase: Cow<'a, str>,
    #[serde(rename = "nd", default, skip_serializing_if = "Option::is_none")]
    node: Option<Cow<'a, str>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ip: Option<Cow<'a, str>>,
    #[serde(
        rename = "pa",
        default,
        skip_serializing_if = "crate::view::summary::is_false"
    )]
    paused: bool,
    #[serde(rename = "lm", default, skip_serializing_if = "Option::is_none")]
    live_migratable: Option<bool>,
    #[serde(rename = "nm", default, skip_serializing_if = "Option::is_none")]
    not_migratable_reason: Option<Cow<'a, str>>,
    #[serde(rename = "a", default, skip_serializing_if = "is_absent")]
    agent: AgentState,
    #[serde(rename = "m", default, skip_serializing_if = "Option::is_none")]
    migration: Option<Cow<'a, MigrationBrief>>,
    #[serde(rename = "l", default, with = "glance")]
    layers: LayerGlance,
    #[serde(rename = "h", default)]
    headline: Cow<'a, str>,
    #[serde(
        rename = "al",
        default,
        skip_serializing_if = "crate::view::summary::is_zero"
    )]
    alerts: u16,
    #[serde(rename = "c", default, skip_serializing_if = "Option::is_none")]
    changed: Option<crate::time::Timestamp>,
}

fn is_absent(a: &AgentState) -> bool {
    *a == AgentState::Absent
}

impl<'a> From<&'a VmiSummary> for Compact<'a> {
    fn from(s: &'a VmiSummary) -> Self {
        Compact {
            cluster: Cow::Borrowed(&s.key.cluster),
            namespace: Cow::Borrowed(&s.key.namespace),
            name: Cow::Borrowed(&s.key.name),
            phase: Cow::Borrowed(&s.phase),
            node: s.node.as_deref().map(Cow::Borrowed),
            ip: s.ip.as_deref().map(Cow::Borrowed),
            paused: s.paused,
            live_migratable: s.live_migratable,
            not_migratable_reason: s.not_migratable_reason.as_deref().map(Cow::Borrowed),
            agent: s.agent,
            migration: s.migration.as_deref().map(Cow::Borrowed),
            layers: s.layers,
            headline: Cow::Borrowed(&s.headline),
            alerts: s.alerts,
            changed: s.changed,
        }
    }
}

impl From<Compact<'_>> for VmiSummary {
    fn from(c: Compact<'_>) -> Self {
        VmiSummary {
            key: VmiKey {
                cluster: c.cluster.into_owned(),
                namespace: c.namespace.into_owned(),
                name: c.name.into_owned(),
            },
            uid: None,
            phase: c.phase.into_owned(),
            node: c.node.map(Cow::into_owned),
            ip: c.ip.map(Cow::into_owned),
            paused: c.paused,
            live_migratable: c.live_migratable,
            not_migratable_reason: c.not_migratable_reason.map(Cow::into_owned),
            agent: c.agent,
            migration: c.migration.map(|m| Box::new(m.into_owned())),
            layers: c.layers,
            headline: c.headline.into_owned(),
            alerts: c.alerts,
            changed: c.changed,
        }
    }
}

/// For `#[serde(with)]` on a [`VmiSummary`] field.
pub fn serialize<S: Serializer>(s: &VmiSummary, ser: S) -> Result<S::Ok, S::Error> {
    Compact::from(s).serialize(ser)
}

/// For `#[serde(with)]` on a [`VmiSummary`] field.
pub fn deserialize<'de, D: Deserializer<'de>>(de: D) -> Result<VmiSummary, D::Error> {
    Compact::deserialize(de).map(VmiSummary::from)
}

/// For `#[serde(with)]` on a `Vec<VmiSummary>` field.
pub mod list {
    use super::*;

    pub fn serialize<S: Serializer>(items: &[VmiSummary], ser: S) -> Result<S::Ok, S::Error> {
        ser.collect_seq(items.iter().map(Compact::from))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(de: D) -> Result<Vec<VmiSummary>, D::Error> {
        Vec::<Compact>::deserialize(de).map(|v| v.into_iter().map(VmiSummary::from).collect())
    }
}

/// [`LayerGlance`] as letters: always the first three layers, then network and migration
/// unless they are unknown (trailing `u`s past the third are left out).
mod glance {
    use super::*;

    fn letter(h: Health) -> char {
        match h {
            Health::Healthy => 'h',
            Health::Degraded => 'd',
            Health::Broken => 'b',
            Health::Unknown => 'u',
        }
    }

    fn health(c: Option<u8>) -> Health {
        match c {
            Some(b'h') => Health::Healthy,
            Some(b'd') => Health::Degraded,
            Some(b'b') => Health::Broken,
            _ => Health::Unknown,
        }
    }

    pub fn serialize<S: Serializer>(g: &LayerGlance, ser: S) -> Result<S::Ok, S::Error> {
        let mut code: String = [g.control_plane, g.node, g.guest, g.network, g.migration]
            .into_iter()
            .map(letter)
            .collect();
        while code.len() > 3 && code.ends_with('u') {
            code.pop();
        }
        ser.serialize_str(&code)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(de: D) -> Result<LayerGlance, D::Error> {
        struct Code;
        impl Visitor<'_> for Code {
            type Value = LayerGlance;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a layer code such as \"hhuhh\"")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<LayerGlance, E> {
                let b = v.as_bytes();
                // A shorter code (three letters, as before the network and migration layers were
                // sent) leaves the missing layers Unknown, which no verdict takes from.
                Ok(LayerGlance {
                    control_plane: health(b.first().copied()),
                    node: health(b.get(1).copied()),
                    guest: health(b.get(2).copied()),
                    network: health(b.get(3).copied()),
                    migration: health(b.get(4).copied()),
                })
            }
        }
        de.deserialize_str(Code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::StreamMsg;
    use proptest::prelude::*;

    fn full() -> VmiSummary {
        VmiSummary {
            key: VmiKey {
                cluster: String::new(),
                namespace: "prod".into(),
                name: "db-0".into(),
            },
            uid: None,
            phase: "Running".into(),
            node: Some("worker-3".into()),
            ip: Some("10.128.10.13".into()),
            paused: true,
            live_migratable: Some(false),
            not_migratable_reason: Some("DisksNotLiveMigratable".into()),
            agent: AgentState::Unsupported,
            migration: Some(Box::new(MigrationBrief {
                mode: Some("PostCopy".into()),
                target_node: Some("worker-1".into()),
                percent: Some(42.5),
            })),
            layers: LayerGlance {
                control_plane: Health::Healthy,
                node: Health::Degraded,
                guest: Health::Broken,
                network: Health::Degraded,
                migration: Health::Unknown,
            },
            headline: "guest broken — \"quoted\", ünïcode".into(),
            alerts: 3,
            changed: Some(crate::time::Timestamp(1_714_557_609_000)),
        }
    }

    fn round_trip(s: &VmiSummary) -> VmiSummary {
        let json = serde_json::to_string(&StreamMsg::Upsert { item: s.clone() }).unwrap();
        match serde_json::from_str(&json).unwrap() {
            StreamMsg::Upsert { item } => item,
            other => panic!("not an upsert: {other:?}"),
        }
    }

    #[test]
    fn every_field_comes_back() {
        let s = full();
        assert_eq!(round_trip(&s), s);
        // Another cluster's VMI of the same namespace and name comes back under its cluster.
        let mut b = full();
        b.key.cluster = "edge-2".into();
        let json = serde_json::to_string(&StreamMsg::Upsert { item: b.clone() }).unwrap();
        assert!(
            json.starts_with(r#"{"upsert":{"item":{"cl":"edge-2","ns":"prod""#),
            "{json}"
        );
        assert_eq!(round_trip(&b), b);
        assert_ne!(round_trip(&b).key, s.key);
        let empty = VmiSummary {
            key: VmiKey::default(),
            uid: None,
            phase: String::new(),
            node: None,
            ip: None,
            paused: false,
            live_migratable: None,
            not_migratable_reason: None,
            agent: AgentState::Absent,
            migration: None,
            layers: LayerGlance::default(),
            headline: String::new(),
            alerts: 0,
            changed: None,
        };
        assert_eq!(round_trip(&empty), empty);
        // Defaults are left out: an empty summary is its layer code and empty strings.
        assert_eq!(
            serde_json::to_string(&StreamMsg::Upsert {
                item: empty.clone()
            })
            .unwrap(),
            r#"{"upsert":{"item":{"ns":"","n":"","p":"","l":"uuu","h":""}}}"#
        );
        // A snapshot carries the same form.
        let snap = StreamMsg::Snapshot {
            items: vec![s.clone(), empty],
            synced: true,
        };
        let json = serde_json::to_value(&snap).unwrap();
        // Network degraded, migration unknown (left out).
        assert_eq!(json["snapshot"]["items"][0]["l"], "hdbd");
        assert_eq!(json["snapshot"]["items"][0]["nm"], "DisksNotLiveMigratable");
        assert_eq!(json["snapshot"]["items"][0]["m"]["target_node"], "worker-1");
        assert_eq!(json["snapshot"]["items"][0]["c"], 1_714_557_609_000i64);
        assert_eq!(serde_json::from_value::<StreamMsg>(json).unwrap(), snap);
    }

    #[test]
    fn the_uid_stays_off_the_stream() {
        let s = VmiSummary {
            uid: Some("6a1d2c3b-0000-4000-8000-000000000001".into()),
            ..full()
        };
        let json = serde_json::to_string(&StreamMsg::Upsert { item: s.clone() }).unwrap();
        assert!(!json.contains("6a1d2c3b"), "{json}");
        assert_eq!(round_trip(&s), full());
    }

    #[test]
    fn the_documented_example_reads() {
        let s: VmiSummary = deserialize(&mut serde_json::Deserializer::from_str(
            r#"{"ns":"prod","n":"db-0","p":"Running","nd":"worker-3","ip":"10.128.10.13",
                "lm":true,"a":"connected","l":"hhuhh","h":"healthy as far as seen; unknown: guest"}"#,
        ))
        .unwrap();
        assert_eq!(s.key.to_string(), "prod/db-0");
        assert_eq!(
            (s.node.as_deref(), s.ip.as_deref()),
            (Some("worker-3"), Some("10.128.10.13"))
        );
        assert_eq!(
            (s.live_migratable, s.agent, s.paused),
            (Some(true), AgentState::Connected, false)
        );
        assert_eq!(
            s.layers.all(),
            [
                Health::Healthy,
                Health::Healthy,
                Health::Unknown,
                Health::Healthy,
                Health::Healthy
            ]
        );
    }

    #[test]
    fn odd_input_reads_as_far_as_it_goes() {
        let read = |j: &str| deserialize(&mut serde_json::Deserializer::from_str(j));
        // Missing fields take their defaults, unknown ones are ignored.
        let s = read(r#"{"n":"x","future":[1,2]}"#).unwrap();
        assert_eq!((s.key.name.as_str(), s.key.namespace.as_str()), ("x", ""));
        assert_eq!(s.layers, LayerGlance::default());
        // A short layer code, or another letter: unknown for that layer.
        let s = read(r#"{"l":"bz"}"#).unwrap();
        assert_eq!(
            (s.layers.control_plane, s.layers.node, s.layers.guest),
            (Health::Broken, Health::Unknown, Health::Unknown)
        );
        // Five letters: network and migration too.
        let s = read(r#"{"l":"hhhuh"}"#).unwrap();
        assert_eq!(
            (s.layers.network, s.layers.migration),
            (Health::Unknown, Health::Healthy)
        );
        // Escapes in a code are read through.
        assert_eq!(
            read(r#"{"l":"\u0062"}"#).unwrap().layers.control_plane,
            Health::Broken
        );
        // A wrong type is an error, not a panic.
        assert!(read(r#"{"l":7}"#).is_err());
        assert!(read(r#"{"p":["Running"]}"#).is_err());
    }

    #[test]
    fn about_half_the_bytes_of_the_summary_json() {
        let mut s = full();
        s.migration = None;
        s.not_migratable_reason = None;
        let compact = serde_json::to_string(&Compact::from(&s)).unwrap().len();
        let plain = serde_json::to_string(&s).unwrap().len();
        assert!(compact * 10 < plain * 6, "{compact} vs {plain} bytes");
    }

    fn health() -> impl Strategy<Value = Health> {
        prop_oneof![
            Just(Health::Healthy),
            Just(Health::Degraded),
            Just(Health::Broken),
            Just(Health::Unknown)
        ]
    }

    proptest! {
        #[test]
        fn any_summary_comes_back(
            ns in ".*", name in ".*", phase in ".*", node in proptest::option::of(".*"),
            ip in proptest::option::of(".*"), paused: bool, lm: Option<bool>,
            reason in proptest::option::of(".*"), agent in 0..3u8,
            mode in proptest::option::of(".*"),
            // Whole percents: serde_json reads floats to within a rounding, not exactly.
            pct in proptest::option::of((0..=100u8).prop_map(f64::from)),
            layers in (health(), health(), health(), health(), health()), headline in ".*", alerts: u16,
            changed: Option<i64>,
        ) {
            let s = VmiSummary {
                key: VmiKey::new(ns, name), uid: None,
                phase, node, ip, paused,
                live_migratable: lm,
                not_migratable_reason: reason,
                agent: [AgentState::Absent, AgentState::Connected, AgentState::Unsupported][agent as usize],
                migration: mode.map(|m| Box::new(MigrationBrief { mode: Some(m), target_node: None, percent: pct })),
                layers: LayerGlance { control_plane: layers.0, node: layers.1, guest: layers.2, network: layers.3, migration: layers.4 },
                headline, alerts, changed: changed.map(crate::time::Timestamp),
            };
            prop_assert_eq!(round_trip(&s), s);
        }
    }
}
