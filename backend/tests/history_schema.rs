//! A database written before history was keyed by the VMI's UID is brought up to date when
//! opened, SQLite and PostgreSQL (a real server, see `support/pg.rs`): its rows stay, under no
//! UID (`strata history` reads them, the API never shows them), its recorded pages (whole
//! diagnosed pages, which cannot be cut to what a reader may see) go, events and migration
//! outcomes become unique per UID, and opening it again, or two replicas at once, changes nothing
//! more. A database an earlier Strata brought up to date by hand (its steps counted in
//! `PRAGMA user_version` or `strata_schema`, no numbered history) is adopted with its rows. A
//! database from a newer version is refused. A database of the version before clusters (V2:
//! keyed by UID, no cluster) keeps its rows as the first cluster's, whose keys name none, and
//! each cluster's rows are its own from then on (issue 32).

#[path = "support/pg.rs"]
mod pg;

use backend::history::{
    DynStore, EventEntry, HistoryUrl, MigrationEntry, Record, Step, Transition, VmiId, open, schema,
};
use model::VmiKey;
use model::verdict::{Health, Layer};

/// The tables as an earlier Strata wrote them, its step 1 and its step 2 (the fixture).
fn earlier_steps(dialect: &str) -> [String; 2] {
    let sql = match dialect {
        "sqlite" => include_str!("fixtures/earlier_schema/sqlite.sql"),
        _ => include_str!("fixtures/earlier_schema/postgres.sql"),
    };
    let (one, two) = sql.split_once("-- step 2\n").expect("the step marker");
    [one.to_owned(), two.to_owned()]
}

/// Rows an earlier Strata (with UIDs) recorded about VMI `a` with UID `uid-a`.
const EARLIER_ROWS: &str = "
INSERT INTO transitions (ns, name, uid, at, change, layer, old, new, title)
    VALUES ('prod', 'a', 'uid-a', 1000, 'verdict', 'node', 'healthy', 'broken', 'node broken');
INSERT INTO events (ns, name, uid, at, involved_kind, involved_name, event, count, type,
    reason, message) VALUES ('prod', 'a', 'uid-a', 1100, 'Pod', 'virt-launcher-a-x', 'ev-1', 1,
    'Warning', 'BackOff', 'Back-off restarting failed container');
INSERT INTO migrations (ns, name, uid, at, migration, phase, outcome)
    VALUES ('prod', 'a', 'uid-a', 1200, 'mig-1', 'Failed', 'failed');
INSERT INTO details (ns, name, uid, at, body) VALUES ('prod', 'a', 'uid-a', 1300, {BODY});
";

/// What a store adopted from an earlier Strata holds: every row it held.
async fn adopted_as_expected(s: &DynStore) {
    let h = s
        .history(&VmiId::new(key(), "uid-a"), 0, 10_000)
        .await
        .unwrap();
    assert_eq!(
        (h.transitions.len(), h.events.len(), h.migrations.len()),
        (1, 1, 1),
        "the rows survive: {h:?}"
    );
    assert_eq!(h.transitions[0].title, "node broken");
    assert_eq!(
        s.stats().await.unwrap().details,
        1,
        "the recorded page stays"
    );
}

/// The numbered history a database records: the versions applied.
fn sqlite_applied(path: &std::path::Path) -> Vec<i32> {
    let c = rusqlite::Connection::open(path).unwrap();
    let mut q = c
        .prepare("SELECT version FROM refinery_schema_history ORDER BY version")
        .unwrap();
    q.query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

fn all_versions() -> Vec<i32> {
    (1..=schema::version()).collect()
}

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
        cluster: String::new(),
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
        c.execute_batch(&earlier_steps("sqlite")[0]).unwrap();
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
    assert_eq!(sqlite_applied(&path), all_versions());
    // Opened again: nothing more changes.
    let s = open(None, dir.path()).await.unwrap();
    assert_eq!(s.stats().await.unwrap().events, 2);
    drop(s);
    assert_eq!(sqlite_applied(&path), all_versions());
    // A newer Strata's database (a migration this one does not know) is refused, not changed.
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute(
            "INSERT INTO refinery_schema_history (version, name, applied_on, checksum) \
             VALUES (99, 'later', '2030-01-01T00:00:00Z', '1')",
            [],
        )
        .unwrap();
    let err = open(None, dir.path()).await.err().expect("refused");
    assert!(err.to_string().contains("newer"), "{err}");
    assert_eq!(sqlite_applied(&path).last(), Some(&99));
}

#[tokio::test]
async fn sqlite_databases_of_an_earlier_strata_are_adopted_with_their_rows() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(backend::history::sqlite::FILE);
    {
        // As the earlier Strata did: each step, then the count of steps done.
        let c = rusqlite::Connection::open(&path).unwrap();
        for step in earlier_steps("sqlite") {
            c.execute_batch(&step).unwrap();
        }
        c.pragma_update(None, "user_version", 2).unwrap();
        c.execute_batch(&EARLIER_ROWS.replace("{BODY}", "X'00ff'"))
            .unwrap();
    }
    let s = open(None, dir.path()).await.unwrap();
    adopted_as_expected(&s).await;
    drop(s);
    assert_eq!(sqlite_applied(&path), all_versions(), "adopted, numbered");
    let s = open(None, dir.path()).await.unwrap();
    adopted_as_expected(&s).await;
    // A count above any an earlier Strata kept is a newer one's: refused.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(backend::history::sqlite::FILE);
    rusqlite::Connection::open(&path)
        .unwrap()
        .pragma_update(None, "user_version", 99)
        .unwrap();
    let err = open(None, dir.path()).await.err().expect("refused");
    assert!(err.to_string().contains("newer"), "{err}");
}

#[test]
fn two_processes_creating_one_sqlite_file_at_once_both_open_it() {
    for _ in 0..8 {
        let dir = tempfile::tempdir().unwrap();
        let start = std::sync::Barrier::new(2);
        std::thread::scope(|t| {
            let opened: Vec<_> = (0..2)
                .map(|_| {
                    t.spawn(|| {
                        start.wait();
                        backend::history::sqlite::Sqlite::open_blocking(dir.path()).map(drop)
                    })
                })
                .collect();
            for o in opened {
                o.join().unwrap().expect("both open the file");
            }
        });
        let path = dir.path().join(backend::history::sqlite::FILE);
        assert_eq!(sqlite_applied(&path), all_versions());
    }
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
    c.batch_execute(&earlier_steps("postgres")[0])
        .await
        .unwrap();
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
    assert_eq!(pg_applied(&c).await, all_versions());
    let again = open(Some(&history_url), nowhere).await.unwrap();
    assert_eq!(again.stats().await.unwrap().events, 2);
    assert_eq!(pg_applied(&c).await, all_versions());
    c.execute(
        "INSERT INTO refinery_schema_history (version, name, applied_on, checksum) \
         VALUES (99, 'later', '2030-01-01T00:00:00Z', '1')",
        &[],
    )
    .await
    .unwrap();
    let err = open(Some(&history_url), nowhere)
        .await
        .err()
        .expect("refused");
    assert!(err.to_string().contains("newer"), "{err}");
}

async fn pg_applied(c: &tokio_postgres::Client) -> Vec<i32> {
    c.query(
        "SELECT version FROM refinery_schema_history ORDER BY version",
        &[],
    )
    .await
    .unwrap()
    .iter()
    .map(|r| r.get(0))
    .collect()
}

#[tokio::test]
async fn postgres_databases_of_an_earlier_strata_are_adopted_with_their_rows() {
    let Some(url) = pg::database().await else {
        return;
    };
    let (c, conn) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(conn);
    // As the earlier Strata did: each step, then the count of steps done.
    for step in earlier_steps("postgres") {
        c.batch_execute(&step).await.unwrap();
    }
    c.batch_execute(
        "CREATE TABLE strata_schema (version INTEGER NOT NULL); \
         INSERT INTO strata_schema (version) VALUES (2);",
    )
    .await
    .unwrap();
    c.batch_execute(&EARLIER_ROWS.replace("{BODY}", "'\\x00ff'::bytea"))
        .await
        .unwrap();
    let history_url = HistoryUrl::parse(&url);
    let nowhere = std::path::Path::new("/nonexistent");
    let (a, b) = tokio::join!(
        open(Some(&history_url), nowhere),
        open(Some(&history_url), nowhere)
    );
    let (a, _b) = (a.unwrap(), b.unwrap());
    adopted_as_expected(&a).await;
    assert_eq!(pg_applied(&c).await, all_versions(), "adopted, numbered");
}

/// The old rows' event and migration, about the VMI `uid` of `key`.
fn same_rows_of(key: VmiKey, uid: &str) -> Vec<Record> {
    same_rows_for(uid)
        .into_iter()
        .map(|r| match r {
            Record::Event(_, e) => Record::Event(VmiId::new(key.clone(), uid), e),
            Record::Migration(_, m) => Record::Migration(VmiId::new(key.clone(), uid), m),
            other => other,
        })
        .collect()
}

/// What a store of the version before clusters (V2: rows with a UID, no cluster) holds once
/// opened by this one: its rows are the first cluster's (whose keys name none), another
/// cluster's `prod/a` of the same UID has none of them, and that cluster's rows are its own
/// (its events and migrations unique per cluster, its latest change naming it).
async fn first_clusters_after_v3(s: &DynStore) {
    adopted_as_expected(s).await;
    let in_b = key().in_cluster("b");
    let b = VmiId::new(in_b.clone(), "uid-a");
    let h = s.history(&b, 0, 10_000).await.unwrap();
    assert_eq!(
        (h.transitions.len(), h.events.len(), h.migrations.len()),
        (0, 0, 0),
        "{h:?}"
    );
    assert_eq!(s.latest_uid(&in_b).await.unwrap(), None);
    assert_eq!(s.detail_at(&b, 10_000).await.unwrap(), None);
    assert!(
        s.detail_at(&VmiId::new(key(), "uid-a"), 10_000)
            .await
            .unwrap()
            .is_some()
    );
    // The same event and migration in b are rows of their own; again in the first cluster,
    // nothing new.
    s.write(same_rows_of(in_b.clone(), "uid-a")).await.unwrap();
    s.write(same_rows_of(key(), "uid-a")).await.unwrap();
    let stats = s.stats().await.unwrap();
    assert_eq!((stats.events, stats.migrations), (2, 2), "{stats:?}");
    let turned = Transition {
        at: 5_000,
        step: Step::Verdict {
            layer: Layer::Guest,
            old: Some(Health::Healthy),
            new: Health::Broken,
        },
        title: "guest broken in b".into(),
    };
    s.write(vec![Record::Transition(b.clone(), turned)])
        .await
        .unwrap();
    let h = s.history(&b, 0, 10_000).await.unwrap();
    assert_eq!((h.transitions.len(), h.events.len()), (1, 1), "{h:?}");
    assert_eq!(h.transitions[0].title, "guest broken in b");
    let changed = s.changes(0, 10, None).await.unwrap();
    let keys: Vec<String> = changed.iter().map(|c| c.key.to_string()).collect();
    assert_eq!(keys, [in_b.to_string(), key().to_string()], "{changed:?}");
    assert_eq!(changed[0].key.cluster, "b");
    assert_eq!(changed[1].key.cluster, "");
}

#[tokio::test]
async fn sqlite_databases_of_the_version_before_clusters_keep_their_rows_as_the_first_clusters() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(backend::history::sqlite::FILE);
    {
        let mut c = rusqlite::Connection::open(&path).unwrap();
        schema::sqlite_runner()
            .set_target(refinery::Target::Version(2))
            .run(&mut c)
            .unwrap();
        c.execute_batch(&EARLIER_ROWS.replace("{BODY}", "X'00ff'"))
            .unwrap();
    }
    assert_eq!(sqlite_applied(&path), [1, 2]);
    let s = open(None, dir.path()).await.unwrap();
    first_clusters_after_v3(&s).await;
    drop(s);
    assert_eq!(sqlite_applied(&path), all_versions());
}

#[tokio::test]
async fn postgres_databases_of_the_version_before_clusters_keep_their_rows_as_the_first_clusters() {
    let Some(url) = pg::database().await else {
        return;
    };
    let (mut c, conn) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(conn);
    schema::postgres_runner()
        .set_target(refinery::Target::Version(2))
        .run_async(&mut c)
        .await
        .unwrap();
    c.batch_execute(&EARLIER_ROWS.replace("{BODY}", "'\\x00ff'::bytea"))
        .await
        .unwrap();
    assert_eq!(pg_applied(&c).await, [1, 2]);
    let history_url = HistoryUrl::parse(&url);
    let s = open(Some(&history_url), std::path::Path::new("/nonexistent"))
        .await
        .unwrap();
    first_clusters_after_v3(&s).await;
    assert_eq!(pg_applied(&c).await, all_versions());
}

/// SQLite answers "database is locked" at once, without waiting out the busy timeout, when a
/// connection that has begun reading must upgrade to write while another holds the write lock
/// (it would deadlock otherwise): switching a new file to WAL does just that, so two processes
/// creating the file at once could fail (seen in CI). Opening tries again until the timeout.
#[test]
fn a_file_another_process_is_writing_is_opened_once_it_is_done() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(backend::history::sqlite::FILE);
    let other = rusqlite::Connection::open(&path).unwrap();
    // A file of one empty page in the rollback journal mode, as while another process creates it.
    other
        .execute_batch("CREATE TABLE t (x); DROP TABLE t; BEGIN IMMEDIATE;")
        .unwrap();
    let done = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(300));
        other.execute_batch("COMMIT").unwrap();
    });
    let opened = backend::history::sqlite::Sqlite::open_blocking(dir.path()).map(drop);
    done.join().unwrap();
    opened.expect("opened once the other process is done");
    assert_eq!(sqlite_applied(&path), all_versions());
}
