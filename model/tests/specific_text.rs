//! A finding about a VMI's phase says the case at hand, not the catalogue's whole entry: the
//! Failed entry lists every case KubeVirt uses the phase for ("… Also used when …"); a Failed VMI's
//! finding names the one that applies, and only the explain view keeps the full text.

use model::explain::{Subject, Topic, explain};
use model::input::pipeline::diagnose_input;
use model::time::Timestamp;
use model::verdict::{Finding, Layer};

const NOW: &str = "2026-08-22T10:10:00Z";

#[path = "support/fixture.rs"]
mod fixtures;
use fixtures::fixture;

/// The guest layer's "phase Failed" finding of the fixture's only VMI.
fn failed_finding(name: &str) -> Finding {
    let r = diagnose_input(&fixture(name), Timestamp::parse(NOW)).expect("readable");
    r.diagnoses
        .iter()
        .flat_map(|d| d.layer(Layer::Guest).findings.iter())
        .find(|f| f.title.contains("phase Failed"))
        .cloned()
        .unwrap_or_else(|| panic!("{name}: no phase Failed finding"))
}

#[test]
fn failed_says_its_own_case() {
    let full = explain(Topic::VmiPhase, "Failed", &Subject::default()).meaning;
    // The explain view keeps every case.
    assert!(full.contains("Also used when"), "{full}");

    let node = failed_finding("node-unresponsive-failed.yaml");
    assert!(node.detail.contains("NodeUnresponsive"), "{}", node.detail);
    assert!(
        node.detail.contains("stopped heartbeating"),
        "{}",
        node.detail
    );

    let post_copy = failed_finding("postcopy-failed.yaml");
    assert!(
        post_copy.detail.contains("post-copy"),
        "{}",
        post_copy.detail
    );
    assert!(
        !post_copy.detail.contains("NodeUnresponsive"),
        "{}",
        post_copy.detail
    );

    for f in [&node, &post_copy] {
        assert!(!f.detail.contains("Also used when"), "{}", f.detail);
        assert_ne!(f.detail, full);
    }
}

#[test]
fn no_finding_repeats_the_whole_failed_entry() {
    let full = explain(Topic::VmiPhase, "Failed", &Subject::default()).meaning;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut seen = 0;
    for e in std::fs::read_dir(&dir).expect("fixtures") {
        let p = e.expect("entry").path();
        if !p.extension().is_some_and(|x| x == "yaml" || x == "json") {
            continue;
        }
        let text = std::fs::read_to_string(&p).expect("fixture");
        let Ok(r) = diagnose_input(&text, Timestamp::parse(NOW)) else {
            continue;
        };
        for d in &r.diagnoses {
            for f in d.layers.iter().flat_map(|l| l.findings.iter()) {
                seen += 1;
                assert!(
                    !f.detail.contains(&full),
                    "{}: {} repeats the catalogue entry",
                    p.display(),
                    f.title
                );
            }
        }
    }
    assert!(seen > 100, "{seen} findings");
}
