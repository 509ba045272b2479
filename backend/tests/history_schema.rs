//! A database written before history was keyed by the VMI's UID is brought up to date when
//! opened, SQLite and PostgreSQL (a real server, see `support/pg.rs`): its rows stay, under no
//! UID (`strata history` reads them, the API never shows them), its recorded pages (whole
//! diagnosed pages, which cannot be cut to what a reader may see) go, events and migration
//! outcomes become unique per UID, and opening it again, or two replicas at once, changes nothing
//! more. A database from a newer version is refused.

#[path = "support/pg.rs"]
mod pg;

use backend::history::{
    DynStore, EventEntry, HistoryUrl, MigrationEntry, Record, VmiId, open, schema,
};
use model::VmiKey;

/// Rows as the first version wrote them (its columns, no UID); `{BODY}` is a recorded page.
const OLD_ROWS: &str = "
INSERT INTO transitions (ns, name, at, change, layer, old, new, title)
    VALUES ('prod', 'a', 1000, 'verdict', 'node', 'healthy', 'broken', 'node broken');
INSERT INTO events (ns, name, at, involved_kind, involved_name, event, count, type, reason,
    message) VALUES ('prod', 'a', 1100, 'Pod', 'virt-launcher-a-x', 'ev-1', 1, 'Warning',
    'BackOff', 'Back-off restarting failed container');
INSERT INTO migrations (ns, name, at, migration, phase, outcome)
    VALUES ('prod', 'a', 1200, 'mig-1', 'Failed', 'failed');
INSERT INTO details (ns, name, at, body) VALUES ('prod', 'a', 1300, {BODY});
";

fn key() -> VmiKey {
    VmiKey {
        namespace: "prod".into(),
        name: "a".into(),
    }
}

/// The old rows' event and migration, now about the VMI with UID `uid`.
fn same_rows_for(uid: &str) -> Vec<Record> {
    let id = VmiId::new(key(), uid);
    vec![
        Record::Event(
            id.clone(),
            EventEntry {
                at: 2_100,
                involved_kind: "Pod".into(),
                involved_name: "virt-launcher-a-x".into(),
                name: "ev-1".into(),
                count: 1,
                type_: "Warning".into(),
                reason: "BackOff".into(),
                message: "Back-off restarting failed container".into(),
            },
        ),
        Record::Migration(
            id,
            MigrationEntry {
                at: 2_200,
                migration: "mig-1".into(),
                phase: "Failed".into(),
                outcome: "failed".into(),
                mode: None,
                plane: None,
                failure: None,
                duration_secs: None,
            },
        ),
    ]
}

/// What every migrated store holds, whatever its backend.
async fn migrated_as_expected(s: &DynStore) {
    assert_eq!(s.latest_uid(&key()).await.unwrap().as_deref(), Some(""));
    let old = s.history(&VmiId::new(key(), ""), 0, 10_000).await.unwrap();
    assert_eq!(
        (
            old.transitions.len(),
            old.events.len(),
            old.migrations.len()
        ),
        (1, 1, 1),
        "the old rows stay, under no UID: {old:?}"
    );
    assert_eq!(old.transitions[0].title, "node broken");
    let stats = s.stats().await.unwrap();
    assert_eq!(stats.details, 0, "whole recorded pages are dropped");
    // The same event and migration about a VMI with a UID are rows of their own, once.
    s.write(same_rows_for("uid-a")).await.unwrap();
    s.write(same_rows_for("uid-a")).await.unwrap();
    let stats = s.stats().await.unwrap();
    assert_eq!((stats.events, stats.migrations), (2, 2), "{stats:?}");
    let new = s
        .history(&VmiId::new(key(), "uid-a"), 0, 10_000)
        .await
        .unwrap();
    assert_eq!((new.events.len(), new.migrations.len()), (1, 1));
    assert!(
        new.transitions.is_empty(),
        "the old object's rows are not its"
    );
}

#[tokio::test]
async fn sqlite_databases_of_the_first_version_are_migrated() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(backend::history::sqlite::FILE);
    {
        let c = rusqlite::Connection::open(&path).unwrap();
        c.execute_batch(schema::SQLITE[0]).unwrap();
        c.execute_batch(&OLD_ROWS.replace("{BODY}", "X'00ff'"))
            .unwrap();
        let v: i64 = c
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(v, 0, "the first version kept no version");
    }
    let s = open(None, dir.path()).await.unwrap();
    migrated_as_expected(&s).await;
    drop(s);
    let version = |path: &std::path::Path| -> i64 {
        let c = rusqlite::Connection::open(path).unwrap();
        c.query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap()
    };
    assert_eq!(version(&path), schema::VERSION as i64);
    // Opened again: nothing more changes.
    let s = open(None, dir.path()).await.unwrap();
    assert_eq!(s.stats().await.unwrap().events, 2);
    drop(s);
    assert_eq!(version(&path), schema::VERSION as i64);
    // A newer Strata's database is refused, not changed.
    rusqlite::Connection::open(&path)
        .unwrap()
        .pragma_update(None, "user_version", 99)
        .unwrap();
    let err = open(None, dir.path()).await.err().expect("refused");
    assert!(err.to_string().contains("newer"), "{err}");
    assert_eq!(version(&path), 99);
}

#[tokio::test]
async fn postgres_databases_of_the_first_version_are_migrated_once() {
    let Some(url) = pg::database().await else {
        return;
    };
    let (c, conn) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(conn);
    c.batch_execute(schema::POSTGRES[0]).await.unwrap();
    c.batch_execute(&OLD_ROWS.replace("{BODY}", "'\\x00ff'::bytea"))
        .await
        .unwrap();
    let history_url = HistoryUrl::parse(&url);
    let nowhere = std::path::Path::new("/nonexistent");
    // Two replicas start at once: one migrates, the other finds it done.
    let (a, b) = tokio::join!(
        open(Some(&history_url), nowhere),
        open(Some(&history_url), nowhere)
    );
    let (a, _b) = (a.unwrap(), b.unwrap());
    migrated_as_expected(&a).await;
    let version = || async {
        c.query_one("SELECT version FROM strata_schema", &[])
            .await
            .unwrap()
            .get::<_, i32>(0)
    };
    assert_eq!(version().await, schema::VERSION as i32);
    let again = open(Some(&history_url), nowhere).await.unwrap();
    assert_eq!(again.stats().await.unwrap().events, 2);
    assert_eq!(version().await, schema::VERSION as i32);
    c.execute("UPDATE strata_schema SET version = 99", &[])
        .await
        .unwrap();
    let err = open(Some(&history_url), nowhere)
        .await
        .err()
        .expect("refused");
    assert!(err.to_string().contains("newer"), "{err}");
}
