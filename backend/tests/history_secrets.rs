//! The history database's password reaches no message: not the log, not `GET /api/v1/history`'s
//! `error`, not a VMI history's `off` text nor its detail at a time, whatever the scheme's
//! spelling, against a real PostgreSQL (see `support/pg.rs`).

mod common;

#[path = "support/logs.rs"]
mod logs;
#[path = "support/pg.rs"]
mod pg;

use backend::history::{self, HistoryUrl, retention::Bounds};
use backend::run::Options;
use common::*;

const PW: &str = "S3cretPW";

/// `url` (the test server's, `postgres://postgres@HOST:PORT/DB`) with `scheme`, the password
/// and database `db`.
fn spelled(url: &str, scheme: &str, db: &str) -> String {
    let rest = url.split_once("://").unwrap().1;
    let (user_host, _) = rest.split_once('/').unwrap();
    let (user, host) = user_host.split_once('@').unwrap();
    format!("{scheme}://{user}:{PW}@{host}/{db}")
}

/// What the console answers about history with `url`, and whether history is on.
async fn answers(raw: &str) -> (Vec<String>, bool) {
    let url = HistoryUrl::parse(raw);
    let handle = history::open_handle(
        Some(&url),
        std::path::Path::new("/nonexistent"),
        Bounds::default(),
    )
    .await;
    let sim = sim("healthy").await;
    let client = backend::kube_client::connect(backend::kube_client::Source::Url(sim.url()))
        .await
        .unwrap();
    let console = console_with(
        client,
        Options {
            history: Some(handle),
            ..Options::local(None)
        },
    )
    .await;
    let mut out = Vec::new();
    let mut on = false;
    for path in [
        "/api/v1/history",
        "/api/v1/vmis/default/x/history",
        "/api/v1/vmis/default/x/detail?at=2030-01-01T00:00:00Z",
        "/api/v1/history/changes",
    ] {
        let res = http()
            .get(format!("{}{path}", console.url()))
            .send()
            .await
            .unwrap();
        let body = res.text().await.unwrap();
        if path == "/api/v1/history" {
            let v: serde_json::Value = serde_json::from_str(&body).unwrap();
            on = v["enabled"] == true;
        }
        out.push(format!("{path}: {body}"));
    }
    out.push(format!("{url} {url:?}"));
    (out, on)
}

#[tokio::test]
async fn no_spelling_of_the_url_shows_its_password() {
    logs::capture();
    let Some(base) = pg::database().await else {
        return;
    };
    let db = base.rsplit('/').next().unwrap().to_string();
    // Each spelling, and whether it names a usable store.
    let cases = [
        (spelled(&base, "POSTGRES", "strata_no_such_db"), false),
        (spelled(&base, "PostgreSQL", &db), true),
        (spelled(&base, "postgres", &db), true),
        (spelled(&base, "postgress", &db), false),
        (spelled(&base, "mysql", &db), false),
        // The server repeats the database's name in its error: here, the password.
        (spelled(&base, "postgresql", PW), false),
        (format!("host=127.0.0.1 user=postgres password={PW}"), false),
    ];
    for (raw, usable) in &cases {
        let (said, on) = answers(raw).await;
        for s in &said {
            assert!(!s.contains(PW), "{raw}: {s}");
        }
        assert_eq!(on, *usable, "{raw}: {said:?}");
        if !usable {
            assert!(said[0].contains("\"error\""), "{raw}: {}", said[0]);
            assert!(
                said[1].contains("History is off"),
                "{raw}: the reason is given: {}",
                said[1]
            );
        }
    }
    let logged = logs::text();
    assert!(logged.contains("history is off"), "{logged}");
    assert!(!logged.contains(PW), "{logged}");
}
