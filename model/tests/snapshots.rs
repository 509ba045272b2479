//! Snapshots of what the model says, so that a restructuring that changes a word shows up as a
//! diff: the `strata diagnose` text and JSON of every fixture, the `VmiDetail` of every VMI in
//! every fixture, and every catalogue entry. Review changes with `cargo insta review` (or set
//! `INSTA_UPDATE=always` and read the diff in git) when a change in behaviour is intended.

use model::cli::{CliOptions, diagnose_text};
use model::explain::{Subject, Topic, explain, known_values};
use model::input::group;
use model::input::parse::parse;
use model::time::Timestamp;
use model::view::detail::VmiDetail;

const NOW: &str = "2026-08-22T10:10:00Z";

fn fixtures() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut out: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let path = e.ok()?.path();
            path.is_file().then_some(path)
        })
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    out.sort();
    assert!(out.len() >= 20, "the fixtures are there: {}", out.len());
    out
}

fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_prepend_module_to_snapshot(false);
    s.set_omit_expression(true);
    s
}

#[test]
fn cli_text_and_json_of_every_fixture() {
    let now = Timestamp::parse(NOW);
    for (name, text) in fixtures() {
        for json in [false, true] {
            let out = diagnose_text(&text, &CliOptions { json, now });
            let body = format!("exit code: {}\n\n{}", out.exit_code, out.output);
            let snap = format!("cli_{}_{name}", if json { "json" } else { "text" });
            settings().bind(|| insta::assert_snapshot!(snap, body));
        }
    }
}

#[test]
fn vmi_detail_of_every_vmi_in_every_fixture() {
    let now = Timestamp::parse(NOW);
    for (name, text) in fixtures() {
        let objects = parse(&text)
            .unwrap()
            .objects
            .into_iter()
            .map(|l| l.object)
            .collect();
        let bundles = group(objects, None).bundles;
        assert!(!bundles.is_empty(), "{name}: no bundle");
        let details: Vec<VmiDetail> = bundles.iter().map(|e| VmiDetail::build(e, now)).collect();
        let body = serde_json::to_string_pretty(&details).unwrap();
        settings().bind(|| insta::assert_snapshot!(format!("detail_{name}"), body));
    }
}

#[test]
fn every_catalogue_entry() {
    let subject = Subject {
        namespace: "prod".into(),
        name: "web".into(),
        node: Some("node-1".into()),
        uid: Some("0000-uid".into()),
        migration: Some("web-migration".into()),
        pod: Some("virt-launcher-web-abcde".into()),
    };
    let topics = [
        Topic::VmiPhase,
        Topic::ConditionType,
        Topic::Reason,
        Topic::EventReason,
        Topic::VmimPhase,
        Topic::VmimCondition,
        Topic::EvictionStrategy,
        Topic::MigrationMode,
        Topic::AbortStatus,
        Topic::VmPrintableStatus,
    ];
    let mut all = Vec::new();
    for topic in topics {
        let mut values = known_values(topic);
        values.push("SomethingNobodyKnows");
        for v in values {
            all.push(explain(topic, v, &subject));
        }
    }
    assert!(
        all.len() > 100,
        "the catalogue has its entries: {}",
        all.len()
    );
    let body = serde_json::to_string_pretty(&all).unwrap();
    settings().bind(|| insta::assert_snapshot!("catalogue", body));
}
