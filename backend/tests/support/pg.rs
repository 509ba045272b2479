//! A real PostgreSQL server for the store tests, never a mock.
//!
//! `STRATA_TEST_PG_URL` names a server to use. Without it, a throwaway server is started once
//! per test binary by `pg-harness` (the launcher xtask uses too); it dies with the test binary.
//! When no server can be had the tests fail if `STRATA_TEST_PG_REQUIRED=1` (set by `cargo xtask
//! test`), else they are skipped with a notice.
//! Each test gets its own database.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// The server's URL (of its `postgres` database), or why there is none.
fn server() -> &'static Result<String, String> {
    static SERVER: OnceLock<Result<String, String>> = OnceLock::new();
    SERVER.get_or_init(|| match std::env::var("STRATA_TEST_PG_URL") {
        Ok(url) if !url.is_empty() => Ok(url),
        _ => pg_harness::Server::start()
            .map(pg_harness::Server::kill_at_exit)
            .map_err(|e| format!("{e}, and STRATA_TEST_PG_URL is not set")),
    })
}

/// A fresh database on the server, as a URL; `None` (after a notice) when there is no server
/// and none is required.
pub async fn database() -> Option<String> {
    let base = match server() {
        Ok(u) => u.clone(),
        Err(why) => {
            if std::env::var("STRATA_TEST_PG_REQUIRED").as_deref() == Ok("1") {
                panic!("the PostgreSQL store tests need a server: {why}");
            }
            eprintln!("NOTICE: PostgreSQL store test skipped: {why}");
            return None;
        }
    };
    static N: AtomicUsize = AtomicUsize::new(0);
    let db = format!(
        "strata_t{}_{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    );
    let mut tries = 0;
    let (client, conn) = loop {
        // A server that just started may still refuse ("starting up").
        match tokio_postgres::connect(&base, tokio_postgres::NoTls).await {
            Ok(c) => break c,
            Err(e) if tries < 100 => {
                tries += 1;
                let _ = e;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("cannot connect to the test PostgreSQL at {base}: {e}"),
        }
    };
    tokio::spawn(conn);
    client
        .batch_execute(&format!("CREATE DATABASE {db}"))
        .await
        .expect("create the test database");
    Some(with_database(&base, &db))
}

/// `url` with its database replaced by `db`.
fn with_database(url: &str, db: &str) -> String {
    let (main, query) = url.split_once('?').map_or((url, ""), |(a, b)| (a, b));
    let scheme_end = main.find("://").map_or(0, |i| i + 3);
    let host_end = main[scheme_end..]
        .find('/')
        .map_or(main.len(), |i| scheme_end + i);
    let q = if query.is_empty() {
        String::new()
    } else {
        format!("?{query}")
    };
    format!("{}/{db}{q}", &main[..host_end])
}
