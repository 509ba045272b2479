//! The incident file from the console and from the command line: `GET
//! /api/v1/vmis/{ns}/{name}/snapshot` (live, redacted, at a recorded moment) and `strata
//! snapshot NS/NAME` from the history a console recorded; each file reads back (the paste
//! pipeline, as `strata diagnose FILE.html` does) to the verdict the console shows.

mod common;

use common::*;
use std::time::Duration;

const VMI: &str = "/api/v1/vmis/default/healthy";

/// GET `path`: status, content type, disposition and body.
async fn get_text(console: &backend::run::Console, path: &str) -> (u16, String, String, String) {
    let res = http()
        .get(format!("{}{path}", console.url()))
        .send()
        .await
        .unwrap();
    let header = |h: &str| {
        res.headers()
            .get(h)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string()
    };
    let (ct, cd) = (header("content-type"), header("content-disposition"));
    (res.status().as_u16(), ct, cd, res.text().await.unwrap())
}

/// The headline the file's own evidence gives when read back.
fn read_back(html: &str) -> String {
    let a = model::input::analyse(html, None).expect("the incident file reads back");
    assert_eq!(a.dump.bundles.len(), 1);
    a.report.diagnoses[0].headline.clone()
}

#[tokio::test]
async fn the_console_writes_an_incident_file_that_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let sim = sim("healthy").await;
    let console = recording_console(&sim, dir.path()).await;
    all_synced(&console).await;

    // Live: the page's verdict, as an attachment.
    let (code, ct, cd, html) = get_text(&console, &format!("{VMI}/snapshot")).await;
    assert_eq!(code, 200, "{html}");
    assert!(ct.starts_with("text/html"), "{ct}");
    assert!(
        cd.starts_with("attachment") && cd.contains("strata-incident-default-healthy.html"),
        "{cd}"
    );
    let (_, detail) = get_json(&console, &format!("{VMI}/detail")).await;
    let shown = detail["diagnosis"]["headline"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(read_back(&html), shown);

    // Redacted: none of the bundle's node names or addresses.
    let (_, bundle) = get_json(&console, VMI).await;
    let (code, _, cd, red) = get_text(&console, &format!("{VMI}/snapshot?redact=true")).await;
    assert_eq!(code, 200, "{red}");
    assert!(!cd.contains("healthy"), "{cd}");
    let node = bundle["vmi"]["value"]["status"]["nodeName"]
        .as_str()
        .expect("the VMI's node")
        .to_string();
    let ip = bundle["vmi"]["value"]["status"]["interfaces"][0]["ipAddress"]
        .as_str()
        .expect("the VMI's address")
        .to_string();
    for secret in [&node, &ip] {
        assert!(
            !red.contains(secret.as_str()),
            "{secret} in the redacted file"
        );
        assert!(
            html.contains(secret.as_str()),
            "{secret} not in the plain file"
        );
    }

    // A recorded moment: the file of that moment; the command line writes it from the store.
    let at = eventually(Duration::from_secs(20), "a recorded moment", || async {
        let (_, h) = get_json(
            &console,
            &format!("{VMI}/history?from=2000-01-01T00:00:00Z"),
        )
        .await;
        h["transitions"][0]["at"].as_str().map(str::to_string)
    })
    .await;
    let html_at = eventually(Duration::from_secs(20), "the recorded page", || async {
        let (code, _, _, body) = get_text(&console, &format!("{VMI}/snapshot?at={at}")).await;
        (code == 200).then_some(body)
    })
    .await;
    let (_, recorded) = get_json(&console, &format!("{VMI}/detail?at={at}")).await;
    assert_eq!(
        read_back(&html_at),
        recorded["diagnosis"]["headline"].as_str().unwrap()
    );
    let out = dir.path().join("incident.html");
    let cli = std::process::Command::new(env!("CARGO_BIN_EXE_strata"))
        .args(["snapshot", "default/healthy", "--at", &at, "-o"])
        .arg(&out)
        .arg("--data-dir")
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(
        cli.status.success(),
        "{}",
        String::from_utf8_lossy(&cli.stderr)
    );
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(read_back(&written), read_back(&html_at));
    // `strata diagnose FILE.html` gives that verdict.
    let diagnosed = std::process::Command::new(env!("CARGO_BIN_EXE_strata"))
        .arg("diagnose")
        .arg(&out)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&diagnosed.stdout);
    assert!(
        text.contains(&read_back(&written)),
        "{text}\n{}",
        String::from_utf8_lossy(&diagnosed.stderr)
    );

    // Nothing recorded for a name: exit code 2 and the reason.
    let none = std::process::Command::new(env!("CARGO_BIN_EXE_strata"))
        .args(["snapshot", "default/nobody", "--data-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(none.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&none.stderr).contains("nothing was recorded"));
}

/// The demo's IPv4 addresses in a JSON text (any string value that parses as one).
fn ipv4s(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::String(s) => {
            for t in s.split(|c: char| !(c.is_ascii_digit() || c == '.')) {
                if t.parse::<std::net::Ipv4Addr>().is_ok() && t.matches('.').count() == 3 {
                    out.push(t.to_string());
                }
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| ipv4s(x, out)),
        serde_json::Value::Object(m) => m.values().for_each(|x| ipv4s(x, out)),
        _ => {}
    }
}

#[tokio::test]
async fn every_redacted_incident_file_of_the_demo_keeps_its_names_and_addresses_out() {
    let sim = sim("demo").await;
    let client = backend::kube_client::connect(backend::kube_client::Source::Url(sim.url()))
        .await
        .unwrap();
    let console = console_with(
        client,
        backend::run::Options {
            cluster: Some("prod-east".into()),
            ..backend::run::Options::local(None)
        },
    )
    .await;
    all_synced(&console).await;
    let (_, summaries) = get_json(&console, "/api/v1/vmis").await;
    let (_, nodes) = get_json(&console, "/api/v1/nodes").await;
    let node_names: Vec<String> = nodes
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|n| n["metadata"]["name"].as_str().map(str::to_string))
        .collect();
    assert!(!node_names.is_empty(), "{nodes}");
    let vmis = summaries.as_array().unwrap();
    assert!(vmis.len() > 5, "{summaries}");
    for s in vmis {
        let (ns, name) = (
            s["key"]["namespace"].as_str().unwrap(),
            s["key"]["name"].as_str().unwrap(),
        );
        let (_, bundle) = get_json(&console, &format!("/api/v1/vmis/{ns}/{name}")).await;
        let (code, _, _, red) = get_text(
            &console,
            &format!("/api/v1/vmis/{ns}/{name}/snapshot?redact=true"),
        )
        .await;
        assert_eq!(code, 200, "{ns}/{name}: {red}");
        // The file names its cluster, unless redacted.
        let (_, _, _, plain) =
            get_text(&console, &format!("/api/v1/vmis/{ns}/{name}/snapshot")).await;
        assert!(
            plain.contains("cluster prod-east"),
            "{ns}/{name}: no cluster named"
        );
        assert!(red.len() < 500 * 1024, "{ns}/{name}: {} bytes", red.len());
        let mut secrets = Vec::new();
        ipv4s(&bundle, &mut secrets);
        secrets.extend(node_names.iter().cloned());
        secrets.push("prod-east".into());
        secrets.push(name.to_string());
        if ns != "default" {
            secrets.push(ns.to_string());
        }
        for secret in &secrets {
            let word = red.match_indices(secret.as_str()).any(|(i, _)| {
                let b = red[..i].chars().last();
                let a = red[i + secret.len()..].chars().next();
                !b.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-')
                    && !a.is_some_and(|c| c.is_ascii_alphanumeric() || c == '-')
            });
            assert!(!word, "{ns}/{name}: {secret} in its redacted incident file");
        }
    }
}
