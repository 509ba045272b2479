//! Every broken or degraded finding says what to do about it: the demo's scenarios
//! (`tests/fixtures/*.yaml|json`) and the real-paste corpus (`tests/fixtures/real/*.txt`) give
//! no such finding without a remedy. Prints how many remedies are specific to the finding's
//! cause and how many are the layer's fallback, and keeps the fallbacks rare.

// Only the corpus item's header split is used here.
#[allow(dead_code)]
#[path = "support/corpus.rs"]
mod corpus;

use model::input::pipeline::diagnose_input;
use model::remedy::fallback;
use model::time::Timestamp;
use model::verdict::{Finding, Health};
use std::fs;
use std::path::Path;

/// The time the scenario fixtures are written against (as in `tests/scenarios.rs`).
const NOW: &str = "2026-08-22T10:10:00Z";

fn files(dir: &Path, exts: &[&str]) -> Vec<std::path::PathBuf> {
    let mut v: Vec<_> = fs::read_dir(dir)
        .expect("fixture folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| exts.iter().any(|e| x == *e)))
        .collect();
    v.sort();
    v
}

#[derive(Default)]
struct Tally {
    specific: usize,
    fallback: usize,
    missing: Vec<String>,
    fallbacks: Vec<String>,
}

impl Tally {
    fn see(&mut self, source: &str, f: &Finding) {
        if !matches!(f.health, Health::Broken | Health::Degraded) {
            return;
        }
        let line = format!("{source}: [{}] {}", f.layer.as_str(), f.title);
        if f.remedy.is_empty() || f.remedy.iter().any(|r| r.trim().is_empty()) {
            self.missing.push(line);
        } else if f.remedy == fallback(f.layer) {
            self.fallback += 1;
            self.fallbacks.push(line);
        } else {
            self.specific += 1;
        }
    }
    fn report(&mut self, source: &str, text: &str, now: Option<Timestamp>) {
        let Ok(r) = diagnose_input(text, now) else {
            return;
        };
        for d in &r.diagnoses {
            for l in &d.layers {
                for f in &l.findings {
                    self.see(source, f);
                }
            }
            for m in &d.migrations {
                for f in &m.findings {
                    self.see(source, f);
                }
            }
        }
    }
}

#[test]
fn every_broken_or_degraded_finding_has_a_remedy() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut t = Tally::default();
    let scenarios = files(&root, &["yaml", "json"]);
    assert!(scenarios.len() >= 30, "{} scenarios", scenarios.len());
    for p in &scenarios {
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        let text = fs::read_to_string(p).expect("fixture");
        t.report(&name, &text, Timestamp::parse(NOW));
    }
    let real = files(&root.join("real"), &["txt"]);
    assert!(real.len() >= 71, "{} corpus items", real.len());
    for p in &real {
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        let (paste, _) = corpus::split_item(&fs::read_to_string(p).expect("item"));
        t.report(&name, &paste, None);
    }
    let total = t.specific + t.fallback + t.missing.len();
    println!(
        "remedies: {total} broken/degraded findings; {} specific, {} layer fallback, {} none",
        t.specific,
        t.fallback,
        t.missing.len()
    );
    for f in &t.fallbacks {
        println!("  fallback: {f}");
    }
    assert!(total > 100, "too few findings to judge: {total}");
    assert!(t.missing.is_empty(), "no remedy:\n{}", t.missing.join("\n"));
    // Fallbacks stay rare: at most one in ten.
    assert!(
        t.fallback * 10 <= total,
        "{} of {total} are the layer fallback:\n{}",
        t.fallback,
        t.fallbacks.join("\n")
    );
}

/// `strata diagnose` prints each broken finding's remedy ("do:") before what to look at
/// ("next:").
#[test]
fn cli_text_shows_the_remedy_before_the_next_steps() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/node-unresponsive-failed.yaml");
    let out = model::cli::diagnose_text(
        &fs::read_to_string(path).expect("fixture"),
        &model::cli::CliOptions {
            json: false,
            now: Timestamp::parse(NOW),
        },
    );
    assert_eq!(out.exit_code, 1, "{}", out.output);
    let text = &out.output;
    let do_at = text
        .find("do: Bring virt-handler on n3")
        .unwrap_or_else(|| panic!("no remedy for the NodeUnresponsive finding:\n{text}"));
    assert!(
        text[do_at..]
            .lines()
            .next()
            .unwrap()
            .contains("`virtctl restart"),
        "{text}"
    );
    assert!(
        text[do_at..].contains("next: "),
        "next steps after the remedy:\n{text}"
    );
}
