//! The incident file (`model::incident`) over every fixture: it refers to nothing outside itself,
//! it reads back (the paste pipeline, as `strata diagnose FILE.html` and the paste page use it)
//! to the verdict it shows, redaction leaves none of the evidence's names and addresses and
//! does not change the verdict, and a damaged file is refused with its reason.

#[path = "support/fixture.rs"]
mod fixture;

use model::evidence::Evidence;
use model::incident::{Incident, write::render};
use model::input::analyse;
use model::verdict::Health;

/// Every fixture's bundles with the moment its diagnosis was judged at.
fn bundles() -> Vec<(String, Evidence, Option<model::time::Timestamp>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".yaml") || n.ends_with(".json"))
        .collect();
    names.sort();
    let mut out = Vec::new();
    for n in names {
        let Ok(a) = analyse(&fixture::fixture(&n), None) else {
            continue;
        };
        for e in a.dump.bundles {
            out.push((n.clone(), e, a.report.now));
        }
    }
    assert!(out.len() > 30, "{} bundles", out.len());
    out
}

/// Each layer's health and the headline.
fn verdict(e: &Evidence, at: Option<model::time::Timestamp>) -> (Vec<Health>, String) {
    let d = model::view::VmiDetail::build(e, at);
    (
        d.diagnosis.layers.iter().map(|l| l.health).collect(),
        d.diagnosis.headline,
    )
}

/// The page without its embedded evidence.
fn page(html: &str) -> &str {
    &html[..html
        .find("<script type=\"application/json\"")
        .expect("the evidence element")]
}

#[test]
fn an_incident_file_refers_to_nothing_outside_itself() {
    for (name, e, at) in bundles() {
        let html = render(&Incident::new(&e, at, Some("prod-east"), false));
        let p = page(&html).to_ascii_lowercase();
        for banned in [
            "src=", "href=", "url(", "@import", "<link", "<img", "<iframe", "<object", "<script",
        ] {
            assert!(!p.contains(banned), "{name}: {banned} in the page");
        }
        assert!(
            html.contains("default-src 'none'"),
            "{name}: no CSP forbidding fetches"
        );
        // only the evidence's element after the page, and nothing after it but the end
        let tail = &html[page(&html).len()..];
        assert_eq!(tail.matches("<script").count(), 1, "{name}");
        assert!(html.len() < 500 * 1024, "{name}: {} bytes", html.len());
    }
}

#[test]
fn an_incident_file_reads_back_to_the_verdict_it_shows() {
    for (name, e, at) in bundles() {
        let html = render(&Incident::new(&e, at, None, false));
        let a = analyse(&html, None).unwrap_or_else(|err| panic!("{name}: {err}"));
        assert_eq!(a.dump.bundles.len(), 1, "{name}");
        let shown = verdict(&e, at);
        let back = &a.report.diagnoses[0];
        assert_eq!(
            (
                back.layers.iter().map(|l| l.health).collect::<Vec<_>>(),
                back.headline.clone()
            ),
            shown,
            "{name}"
        );
        // the page shows that headline, escaped
        assert!(
            html.contains(&model::incident::html::esc(&shown.1)),
            "{name}: headline not on the page"
        );
    }
}

/// The IPv4 addresses and MAC addresses a text holds (a plain scan, independent of the
/// redactor's own).
fn addresses(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_ascii_hexdigit() || c == '.' || c == ':'))
        .map(|t| t.trim_matches(['.', ':']))
        .filter(|t| {
            let ip = t.parse::<std::net::Ipv4Addr>().is_ok() && t.matches('.').count() == 3;
            let mac = t.split(':').count() == 6
                && t.split(':')
                    .all(|p| p.len() == 2 && p.bytes().all(|b| b.is_ascii_hexdigit()));
            ip || mac
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn redaction_leaves_no_name_or_address_and_keeps_the_verdict() {
    let mut addresses_seen = 0;
    for (name, e, at) in bundles() {
        let original = serde_json::to_string(&e).unwrap();
        let html = render(&Incident::new(&e, at, Some("prod-east"), true));
        let mut secrets: Vec<String> = addresses(&original);
        addresses_seen += secrets.len();
        if e.key.namespace != "default" && !e.key.namespace.is_empty() {
            secrets.push(e.key.namespace.clone());
        }
        secrets.push(e.key.name.clone());
        secrets.extend(e.nodes.iter().map(|n| n.value.metadata.name().to_string()));
        secrets.push("prod-east".into());
        for s in secrets.iter().filter(|s| s.len() > 2) {
            let word = |h: &str| {
                h.match_indices(s.as_str()).any(|(i, _)| {
                    let b = h[..i].chars().last();
                    let a = h[i + s.len()..].chars().next();
                    !b.is_some_and(|c| c.is_ascii_alphanumeric())
                        && !a.is_some_and(|c| c.is_ascii_alphanumeric())
                })
            };
            assert!(!word(&html), "{name}: {s} left in the redacted file");
        }
        // the verdict does not depend on what the names and addresses were
        let a = analyse(&html, None).unwrap();
        let back: Vec<Health> = a.report.diagnoses[0]
            .layers
            .iter()
            .map(|l| l.health)
            .collect();
        assert_eq!(back, verdict(&e, at).0, "{name}");
    }
    assert!(addresses_seen > 0, "no fixture holds an address to redact");
}

#[test]
fn a_damaged_incident_file_is_refused_with_its_reason() {
    let (_, e, at) = bundles().remove(0);
    let html = render(&Incident::new(&e, at, None, false));
    // cut in the middle of the embedded evidence, as a mail or a chat may cut a long file
    let start = html.find("<script type=\"application/json\"").unwrap();
    let cut = &html[..start + (html.len() - start) / 2];
    for (bad, why) in [
        (cut.to_string(), "cut"),
        (
            html.replace("strata-incident/1", "strata-incident/9"),
            "format",
        ),
        (
            html.replace("\"evidence\":{", "\"evidence\":7,\"was\":{"),
            "evidence",
        ),
    ] {
        let err = analyse(&bad, None)
            .err()
            .unwrap_or_else(|| panic!("{why}: read"));
        assert!(
            err.message.contains("incident file"),
            "{why}: {}",
            err.message
        );
    }
}
