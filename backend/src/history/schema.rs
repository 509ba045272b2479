//! The history tables and how a database recorded by an earlier version is brought up to date:
//! an ordered list of steps per backend, each run once, in its own transaction, in order, and
//! the number of steps done kept in the database (SQLite: `PRAGMA user_version`; PostgreSQL: the
//! table `strata_schema`). A database from before versioning holds the tables of step 1 and
//! counts 0: step 1 (`CREATE ... IF NOT EXISTS`) changes nothing there, and step 2 follows.
//!
//! * Step 1: the tables as first shipped, keyed by namespace and name.
//! * Step 2: every row also carries the VMI's UID (`uid`), so a VMI deleted and created again
//!   under the same name (or in a namespace created again) is another history; rows recorded
//!   before get `''`, which no VMI has, so the API never shows them (`strata history` does).
//!   Events and migration outcomes are unique per UID. Recorded pages are dropped: they were
//!   whole diagnosed pages, which cannot be cut to what a user may read, and pages are now kept
//!   as their evidence ([`super::snapshot`]).
//!
//! PostgreSQL replicas may start together: the steps run under a transaction-scoped advisory
//! lock ([`MIGRATE_LOCK`]), so one migrates and the others then find the work done. A database
//! that counts more steps than this version knows was written by a newer Strata and is refused.

use super::{Result, StoreError};

/// SQLite's steps (see the module documentation).
pub const SQLITE: [&str; 2] = [
    "
CREATE TABLE IF NOT EXISTS transitions (
    id INTEGER PRIMARY KEY, ns TEXT NOT NULL, name TEXT NOT NULL, at INTEGER NOT NULL,
    change TEXT NOT NULL, layer TEXT, old TEXT NOT NULL, new TEXT NOT NULL, title TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS transitions_vmi ON transitions (ns, name, at);
CREATE INDEX IF NOT EXISTS transitions_at ON transitions (at);
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY, ns TEXT NOT NULL, name TEXT NOT NULL, at INTEGER NOT NULL,
    involved_kind TEXT NOT NULL, involved_name TEXT NOT NULL, event TEXT NOT NULL,
    count INTEGER NOT NULL, type TEXT NOT NULL, reason TEXT NOT NULL, message TEXT NOT NULL,
    UNIQUE (ns, name, involved_kind, involved_name, event, count));
CREATE INDEX IF NOT EXISTS events_vmi ON events (ns, name, at);
CREATE INDEX IF NOT EXISTS events_at ON events (at);
CREATE TABLE IF NOT EXISTS migrations (
    id INTEGER PRIMARY KEY, ns TEXT NOT NULL, name TEXT NOT NULL, at INTEGER NOT NULL,
    migration TEXT NOT NULL, phase TEXT NOT NULL, outcome TEXT NOT NULL, mode TEXT,
    plane TEXT, failure TEXT, duration_secs REAL, UNIQUE (ns, name, migration));
CREATE INDEX IF NOT EXISTS migrations_vmi ON migrations (ns, name, at);
CREATE INDEX IF NOT EXISTS migrations_at ON migrations (at);
CREATE TABLE IF NOT EXISTS details (
    id INTEGER PRIMARY KEY, ns TEXT NOT NULL, name TEXT NOT NULL, at INTEGER NOT NULL,
    body BLOB NOT NULL);
CREATE INDEX IF NOT EXISTS details_vmi ON details (ns, name, at);
CREATE INDEX IF NOT EXISTS details_at ON details (at);
",
    // SQLite cannot drop a UNIQUE constraint: events and migrations are copied into new tables.
    "
ALTER TABLE transitions ADD COLUMN uid TEXT NOT NULL DEFAULT '';
DROP INDEX IF EXISTS transitions_vmi;
CREATE INDEX transitions_vmi ON transitions (ns, name, uid, at);
CREATE TABLE events_v2 (
    id INTEGER PRIMARY KEY, ns TEXT NOT NULL, name TEXT NOT NULL,
    uid TEXT NOT NULL DEFAULT '', at INTEGER NOT NULL,
    involved_kind TEXT NOT NULL, involved_name TEXT NOT NULL, event TEXT NOT NULL,
    count INTEGER NOT NULL, type TEXT NOT NULL, reason TEXT NOT NULL, message TEXT NOT NULL,
    UNIQUE (ns, name, uid, involved_kind, involved_name, event, count));
INSERT INTO events_v2 (id, ns, name, at, involved_kind, involved_name, event, count, type,
    reason, message)
    SELECT id, ns, name, at, involved_kind, involved_name, event, count, type, reason, message
    FROM events;
DROP TABLE events;
ALTER TABLE events_v2 RENAME TO events;
CREATE INDEX events_vmi ON events (ns, name, uid, at);
CREATE INDEX events_at ON events (at);
CREATE TABLE migrations_v2 (
    id INTEGER PRIMARY KEY, ns TEXT NOT NULL, name TEXT NOT NULL,
    uid TEXT NOT NULL DEFAULT '', at INTEGER NOT NULL,
    migration TEXT NOT NULL, phase TEXT NOT NULL, outcome TEXT NOT NULL, mode TEXT,
    plane TEXT, failure TEXT, duration_secs REAL, UNIQUE (ns, name, uid, migration));
INSERT INTO migrations_v2 (id, ns, name, at, migration, phase, outcome, mode, plane, failure,
    duration_secs)
    SELECT id, ns, name, at, migration, phase, outcome, mode, plane, failure, duration_secs
    FROM migrations;
DROP TABLE migrations;
ALTER TABLE migrations_v2 RENAME TO migrations;
CREATE INDEX migrations_vmi ON migrations (ns, name, uid, at);
CREATE INDEX migrations_at ON migrations (at);
DELETE FROM details;
ALTER TABLE details ADD COLUMN uid TEXT NOT NULL DEFAULT '';
DROP INDEX IF EXISTS details_vmi;
CREATE INDEX details_vmi ON details (ns, name, uid, at);
",
];

/// PostgreSQL's steps (see the module documentation).
pub const POSTGRES: [&str; 2] = [
    "
CREATE TABLE IF NOT EXISTS transitions (
    id BIGSERIAL PRIMARY KEY, ns TEXT NOT NULL, name TEXT NOT NULL, at BIGINT NOT NULL,
    change TEXT NOT NULL, layer TEXT, old TEXT NOT NULL, new TEXT NOT NULL, title TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS transitions_vmi ON transitions (ns, name, at);
CREATE INDEX IF NOT EXISTS transitions_at ON transitions (at);
CREATE TABLE IF NOT EXISTS events (
    id BIGSERIAL PRIMARY KEY, ns TEXT NOT NULL, name TEXT NOT NULL, at BIGINT NOT NULL,
    involved_kind TEXT NOT NULL, involved_name TEXT NOT NULL, event TEXT NOT NULL,
    count BIGINT NOT NULL, type TEXT NOT NULL, reason TEXT NOT NULL, message TEXT NOT NULL,
    UNIQUE (ns, name, involved_kind, involved_name, event, count));
CREATE INDEX IF NOT EXISTS events_vmi ON events (ns, name, at);
CREATE INDEX IF NOT EXISTS events_at ON events (at);
CREATE TABLE IF NOT EXISTS migrations (
    id BIGSERIAL PRIMARY KEY, ns TEXT NOT NULL, name TEXT NOT NULL, at BIGINT NOT NULL,
    migration TEXT NOT NULL, phase TEXT NOT NULL, outcome TEXT NOT NULL, mode TEXT,
    plane TEXT, failure TEXT, duration_secs DOUBLE PRECISION, UNIQUE (ns, name, migration));
CREATE INDEX IF NOT EXISTS migrations_vmi ON migrations (ns, name, at);
CREATE INDEX IF NOT EXISTS migrations_at ON migrations (at);
CREATE TABLE IF NOT EXISTS details (
    id BIGSERIAL PRIMARY KEY, ns TEXT NOT NULL, name TEXT NOT NULL, at BIGINT NOT NULL,
    body BYTEA NOT NULL);
CREATE INDEX IF NOT EXISTS details_vmi ON details (ns, name, at);
CREATE INDEX IF NOT EXISTS details_at ON details (at);
",
    // The UNIQUE constraints of step 1 carry names PostgreSQL chose: they are looked up.
    "
ALTER TABLE transitions ADD COLUMN uid TEXT NOT NULL DEFAULT '';
DROP INDEX IF EXISTS transitions_vmi;
CREATE INDEX transitions_vmi ON transitions (ns, name, uid, at);
ALTER TABLE events ADD COLUMN uid TEXT NOT NULL DEFAULT '';
ALTER TABLE migrations ADD COLUMN uid TEXT NOT NULL DEFAULT '';
DO $$
DECLARE t text; c text;
BEGIN
  FOREACH t IN ARRAY ARRAY['events', 'migrations'] LOOP
    FOR c IN SELECT conname FROM pg_constraint
             WHERE conrelid = t::regclass AND contype = 'u' LOOP
      EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', t, c);
    END LOOP;
  END LOOP;
END $$;
ALTER TABLE events ADD CONSTRAINT events_once
    UNIQUE (ns, name, uid, involved_kind, involved_name, event, count);
DROP INDEX IF EXISTS events_vmi;
CREATE INDEX events_vmi ON events (ns, name, uid, at);
ALTER TABLE migrations ADD CONSTRAINT migrations_once UNIQUE (ns, name, uid, migration);
DROP INDEX IF EXISTS migrations_vmi;
CREATE INDEX migrations_vmi ON migrations (ns, name, uid, at);
DELETE FROM details;
ALTER TABLE details ADD COLUMN uid TEXT NOT NULL DEFAULT '';
DROP INDEX IF EXISTS details_vmi;
CREATE INDEX details_vmi ON details (ns, name, uid, at);
",
];

/// The advisory lock PostgreSQL replicas take, for the transaction, to migrate one at a time.
pub const MIGRATE_LOCK: i64 = 0x5354_5241_5441_4d49;

/// Refuses a database that counts more steps than this version knows.
fn known(done: i64, steps: usize) -> Result<usize> {
    match usize::try_from(done) {
        Ok(n) if n <= steps => Ok(n),
        _ => Err(StoreError(format!(
            "the history database is at schema version {done}, newer than this Strata's \
             ({steps}): it was written by a newer version; use that version or another database"
        ))),
    }
}

/// Brings a SQLite database up to date: each step in an immediate transaction that reads the
/// version again, so two processes opening the file at once do not both run a step.
pub fn sqlite(c: &mut rusqlite::Connection) -> Result<()> {
    let e = |e: rusqlite::Error| StoreError::new("cannot update the history tables", e);
    loop {
        let tx = c
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
            .map_err(e)?;
        let done: i64 = tx
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(e)?;
        let done = known(done, SQLITE.len())?;
        let Some(step) = SQLITE.get(done) else {
            return Ok(());
        };
        tx.execute_batch(step).map_err(e)?;
        tx.pragma_update(None, "user_version", done as i64 + 1)
            .map_err(e)?;
        tx.commit().map_err(e)?;
    }
}

/// Brings a PostgreSQL database up to date, every step missing in one transaction under
/// [`MIGRATE_LOCK`].
pub async fn postgres(c: &mut tokio_postgres::Client) -> Result<()> {
    let e = |e: tokio_postgres::Error| StoreError::new("cannot update the history tables", e);
    let tx = c.transaction().await.map_err(e)?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATE_LOCK])
        .await
        .map_err(e)?;
    tx.batch_execute("CREATE TABLE IF NOT EXISTS strata_schema (version INTEGER NOT NULL)")
        .await
        .map_err(e)?;
    let done: i32 = tx
        .query_one("SELECT coalesce(max(version), 0) FROM strata_schema", &[])
        .await
        .map_err(e)?
        .get(0);
    let done = known(i64::from(done), POSTGRES.len())?;
    for step in &POSTGRES[done..] {
        tx.batch_execute(step).await.map_err(e)?;
    }
    tx.execute("DELETE FROM strata_schema", &[])
        .await
        .map_err(e)?;
    tx.execute(
        "INSERT INTO strata_schema (version) VALUES ($1)",
        &[&(POSTGRES.len() as i32)],
    )
    .await
    .map_err(e)?;
    tx.commit().await.map_err(e)
}

/// The number of steps: the version every database is brought to.
pub const VERSION: usize = SQLITE.len();

const _: () = assert!(SQLITE.len() == POSTGRES.len());
