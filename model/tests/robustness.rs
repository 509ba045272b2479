//! Property tests: arbitrary text, arbitrary JSON shaped like Kubernetes objects, and fixtures
//! with random parts replaced go through parsing, grouping, diagnosis, drain impact and the CLI
//! without a panic, and the CLI's exit code is always 0, 1 or 2.

use model::VmiSummary;
use model::cli::{CliOptions, diagnose_text};
use model::diagnosis::diagnose;
use model::drain::drain_impact;
use model::evidence::Evidence;
use model::input::group;
use model::input::parse::{classify, parse};
use model::kube::Vmi;
use model::time::Timestamp;
use proptest::prelude::*;
use serde_json::{Map, Value, json};

const KEYS: &[&str] = &[
    "kind",
    "apiVersion",
    "metadata",
    "name",
    "namespace",
    "uid",
    "labels",
    "annotations",
    "spec",
    "status",
    "phase",
    "conditions",
    "type",
    "status",
    "reason",
    "message",
    "lastTransitionTime",
    "lastProbeTime",
    "lastHeartbeatTime",
    "nodeName",
    "activePods",
    "migrationState",
    "mode",
    "completed",
    "failed",
    "abortStatus",
    "startTimestamp",
    "endTimestamp",
    "targetPod",
    "targetNode",
    "migrationUid",
    "interfaces",
    "ipAddress",
    "ipAddresses",
    "infoSource",
    "mac",
    "evacuationNodeName",
    "evictionStrategy",
    "vmiName",
    "items",
    "involvedObject",
    "containerStatuses",
    "phaseTransitionTimestamps",
    "phaseTransitionTimestamp",
    "guestOSInfo",
    "data",
    "result",
    "metric",
    "value",
    "values",
    "supportedCommands",
    "unschedulable",
    "migrationConfiguration",
    "migrationConfig",
    "allowPostCopy",
];
const KINDS: &[&str] = &[
    "VirtualMachineInstance",
    "VirtualMachine",
    "VirtualMachineInstanceMigration",
    "Pod",
    "Node",
    "Event",
    "List",
    "PodList",
    "ConfigMap",
    "",
];
const WORDS: &[&str] = &[
    "Running",
    "Failed",
    "True",
    "False",
    "Unknown",
    "PostCopy",
    "Paused",
    "PreCopy",
    "LiveMigratable",
    "Paused",
    "AgentConnected",
    "Synchronized",
    "PodScheduled",
    "Ready",
    "LiveMigrate",
    "External",
    "None",
    "Succeeded",
    "2026-08-22T10:00:00Z",
    "1969-13-45T99:99:99Z",
    "node-1",
    "a",
    "",
    "domain, guest-agent",
    "kubevirt.io/created-by",
    "VMI is irrecoverable due to failed post-copy migration",
    "Synchronizing with the Domain failed.",
    "kubevirt_vmi_migration_data_remaining_bytes",
    "kubevirt_migrate_vmi_memory_transfer_rate_bytes",
    "NaN",
    "-1e309",
];

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| json!(f)),
        prop::sample::select(WORDS).prop_map(|s| json!(s)),
        prop::sample::select(KINDS).prop_map(|s| json!(s)),
        "\\PC{0,12}".prop_map(Value::String),
    ]
}

fn value() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(5, 96, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::vec((prop::sample::select(KEYS), inner), 0..8).prop_map(|kv| {
                Value::Object(
                    kv.into_iter()
                        .map(|(k, v)| (k.to_string(), v))
                        .collect::<Map<_, _>>(),
                )
            }),
        ]
    })
}

fn object() -> impl Strategy<Value = Value> {
    (prop::sample::select(KINDS), value()).prop_map(|(kind, v)| {
        let mut m = match v {
            Value::Object(m) => m,
            other => {
                let mut m = Map::new();
                m.insert("status".into(), other);
                m
            }
        };
        if !kind.is_empty() {
            m.insert("kind".into(), json!(kind));
        }
        Value::Object(m)
    })
}

fn now() -> impl Strategy<Value = Option<Timestamp>> {
    prop_oneof![
        Just(None),
        (0i64..4_000_000_000_000).prop_map(|t| Some(Timestamp(t)))
    ]
}

fn all_paths(v: &Value, at: String, out: &mut Vec<String>) {
    out.push(at.clone());
    match v {
        Value::Object(m) => m.iter().for_each(|(k, x)| {
            all_paths(
                x,
                format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                out,
            )
        }),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .for_each(|(i, x)| all_paths(x, format!("{at}/{i}"), out)),
        _ => {}
    }
}

fn fixtures() -> Vec<Value> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        // Object dumps only: `real/` holds what users pasted, which has a test of its own.
        if !path.is_file() {
            continue;
        }
        let text = std::fs::read_to_string(path).unwrap();
        out.extend(
            model::input::parse::read_documents(&text)
                .unwrap()
                .into_iter()
                .map(|(_, v)| v),
        );
    }
    out
}

fn check_everything(objects: Vec<Value>, now: Option<Timestamp>) {
    let parsed: Vec<model::input::parse::Object> = objects
        .iter()
        .filter_map(|v| classify(v).map(|(o, _)| o))
        .collect();
    let dump = group(parsed, now);
    for b in &dump.bundles {
        let d = diagnose(b, now);
        assert_eq!(d.layers.len(), 5);
        assert!(!d.headline.is_empty());
    }
    let vmis: Vec<Vmi> = objects.iter().map(Vmi::from_value).collect();
    for v in &vmis {
        let _ = VmiSummary::from_vmi(v);
        let d = diagnose(&Evidence::from_vmi(v.clone(), now), now);
        assert_eq!(d.layers.len(), 5);
    }
    let _ = drain_impact("node-1", &vmis, &dump.vms, Some("LiveMigrate"));
    let text = objects
        .iter()
        .map(|v| serde_json::to_string(v).unwrap())
        .collect::<Vec<_>>()
        .join("\n");
    for json in [false, true] {
        let out = diagnose_text(&text, &CliOptions { json, now });
        assert!((0..=2).contains(&out.exit_code));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,300}", json in any::<bool>()) {
        let out = diagnose_text(&s, &CliOptions { json, now: None });
        prop_assert!((0..=2).contains(&out.exit_code));
        if out.exit_code == 2 {
            prop_assert!(!out.output.is_empty());
        }
    }

    #[test]
    fn yaml_like_text_never_panics(lines in prop::collection::vec(
        (0usize..6, prop::sample::select(KEYS), prop::sample::select(WORDS), 0u8..5), 0..40)) {
        let mut text = String::new();
        for (indent, key, word, style) in lines {
            let pad = "  ".repeat(indent);
            match style {
                0 => text.push_str(&format!("{pad}{key}: {word}\n")),
                1 => text.push_str(&format!("{pad}- {key}: \"{word}\"\n")),
                2 => text.push_str(&format!("{pad}{key}:\n")),
                3 => text.push_str("---\n"),
                _ => text.push_str(&format!("{pad}- {word}\n")),
            }
        }
        let _ = parse(&text);
        let out = diagnose_text(&text, &CliOptions::default());
        prop_assert!((0..=2).contains(&out.exit_code));
    }

    #[test]
    fn arbitrary_objects_never_panic(objects in prop::collection::vec(object(), 0..6), now in now()) {
        check_everything(objects, now);
    }

    #[test]
    fn mutated_fixtures_never_panic(
        picks in prop::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>(), value()), 1..6),
        now in now(),
    ) {
        let mut docs = fixtures();
        for (doc, path, replacement) in picks {
            let d = doc.index(docs.len());
            let mut paths = Vec::new();
            all_paths(&docs[d], String::new(), &mut paths);
            let p = path.get(&paths).clone();
            if p.is_empty() {
                docs[d] = replacement;
            } else if let Some(slot) = docs[d].pointer_mut(&p) {
                *slot = replacement;
            }
        }
        check_everything(docs, now);
    }
}

#[test]
fn deep_nesting_and_huge_numbers() {
    let mut v = json!({"kind": "VirtualMachineInstance"});
    for _ in 0..200 {
        v = json!({"items": [v]});
    }
    check_everything(vec![v], None);
    let big = json!({"kind": "VirtualMachineInstanceMigration", "status": {"phaseTransitionTimestamps": [
        {"phase": "Running", "phaseTransitionTimestamp": "9999-12-31T23:59:59Z"},
        {"phase": "Failed", "phaseTransitionTimestamp": "0000-01-01T00:00:00Z"}]}});
    check_everything(vec![big], Some(Timestamp(i64::MAX)));
    check_everything(
        vec![json!({"status": {"phase": "Running"}})],
        Some(Timestamp(i64::MIN)),
    );
}
