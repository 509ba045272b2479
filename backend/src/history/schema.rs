//! The history tables: one numbered history of migrations per backend, written as SQL files in
//! `backend/migrations/{sqlite,postgres}/` (`V{n}__{name}.sql`, the two folders in lockstep:
//! same numbers, same names), embedded in the binary and run by `refinery`, which records each
//! one applied in the table `refinery_schema_history` of the database.
//!
//! * V1: the tables as first shipped, keyed by namespace and name (`IF NOT EXISTS`: a database
//!   of the first version, which kept no version, holds them already).
//! * V2: every row also carries the VMI's UID (`uid`), so a VMI deleted and created again
//!   under the same name (or in a namespace created again) is another history; rows recorded
//!   before get `''`, which no VMI has, so the API never shows them (`strata history` does).
//!   Events and migration outcomes are unique per UID. Recorded pages are dropped: they were
//!   whole diagnosed pages, which cannot be cut to what a user may read, and pages are now kept
//!   as their evidence ([`super::snapshot`]).
//! * V3: every row also carries its VMI key's cluster (`cluster`, issue 32), which the unique
//!   constraints and the per-VMI indexes include; rows recorded before get `''`, the first
//!   cluster's (whose keys name none), which is what they were: a one-cluster console's, or a
//!   fleet's first before the other clusters were recorded.
//!
//! A database an earlier Strata brought up to date by hand has no `refinery_schema_history`
//! but counts its steps (V1 and V2 are those steps) in `PRAGMA user_version` (SQLite) or the
//! table `strata_schema` (PostgreSQL): it is adopted, the steps it counts recorded as applied
//! without running them, and that count is left as it is, so an earlier Strata still opens it.
//! A database holding a migration this version does not know was written by a newer Strata
//! and is refused, as is an earlier count above the two steps ever counted that way.
//!
//! PostgreSQL replicas may start together: adoption and migrations run under a session advisory
//! lock ([`MIGRATE_LOCK`]), so one migrates and the others then find the work done. Two
//! processes opening one SQLite file at once are told apart by SQLite's own locks: all
//! migrations run in one transaction, and the one that loses reads the history again.

use super::{Result, StoreError};
use refinery::{Error as RefineryError, Runner, Target, error::Kind};

mod sqlite_files {
    refinery::embed_migrations!("migrations/sqlite");
}

mod postgres_files {
    refinery::embed_migrations!("migrations/postgres");
}

/// The SQLite migrations, in order.
pub fn sqlite_runner() -> Runner {
    sqlite_files::migrations::runner()
}

/// The PostgreSQL migrations, in order.
pub fn postgres_runner() -> Runner {
    postgres_files::migrations::runner()
}

/// The numbered history: `(version, name)` of each migration, in order.
pub fn history(runner: &Runner) -> Vec<(i32, String)> {
    let mut steps: Vec<_> = runner
        .get_migrations()
        .iter()
        .map(|m| (m.version(), m.name().to_owned()))
        .collect();
    steps.sort();
    steps
}

/// The version every database is brought to: the last migration's number.
pub fn version() -> i32 {
    history(&sqlite_runner()).last().map_or(0, |s| s.0)
}

/// The advisory lock PostgreSQL replicas take, for the session, to migrate one at a time.
pub const MIGRATE_LOCK: i64 = 0x5354_5241_5441_4d49;

/// The most steps an earlier Strata counted by hand (before the numbered history).
const EARLIER_STEPS: i64 = 2;

/// How often a SQLite migration that lost a race to another process is tried again.
const SQLITE_ATTEMPTS: usize = 3;

fn newer(found: impl std::fmt::Display) -> StoreError {
    StoreError(format!(
        "the history database is at schema version {found}, newer than this Strata's \
         ({}): it was written by a newer version; use that version or another database",
        version()
    ))
}

/// refinery's error, a migration it does not know being a newer Strata's database.
fn refused(e: RefineryError) -> StoreError {
    match e.kind() {
        Kind::MissingVersion(m) => newer(m.version()),
        _ => StoreError::new("cannot update the history tables", e),
    }
}

/// The steps an earlier Strata counted in a database that has no numbered history yet; `None`
/// when there is nothing to adopt.
fn earlier_count(has_history: bool, counted: i64) -> Result<Option<i32>> {
    match counted {
        _ if has_history => Ok(None),
        0 => Ok(None),
        1..=EARLIER_STEPS => Ok(Some(counted as i32)),
        _ => Err(newer(counted)),
    }
}

/// Why a SQLite migration failed: a database this version refuses, or anything else (such as
/// another process migrating the same file at the same moment), worth trying again.
enum Failed {
    Refused(StoreError),
    Else(StoreError),
}

/// refinery's error sorted for [`sqlite`]'s retry.
fn sorted(e: RefineryError) -> Failed {
    match e.kind() {
        Kind::MissingVersion(_) => Failed::Refused(refused(e)),
        _ => Failed::Else(refused(e)),
    }
}

/// Adopts an earlier Strata's SQLite database, then runs the migrations it lacks.
fn sqlite_once(c: &mut rusqlite::Connection) -> std::result::Result<(), Failed> {
    let e = |e: rusqlite::Error| Failed::Else(StoreError::new("cannot read the history tables", e));
    let has_history: bool = c
        .query_row(
            "SELECT count(*) > 0 FROM sqlite_master WHERE name = 'refinery_schema_history'",
            [],
            |r| r.get(0),
        )
        .map_err(e)?;
    let counted: i64 = c
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(e)?;
    if let Some(done) = earlier_count(has_history, counted).map_err(Failed::Refused)? {
        sqlite_runner()
            .set_target(Target::FakeVersion(done))
            .run(c)
            .map_err(sorted)?;
    }
    sqlite_runner().set_grouped(true).run(c).map_err(sorted)?;
    Ok(())
}

/// Brings a SQLite database up to date (see the module documentation).
pub fn sqlite(c: &mut rusqlite::Connection) -> Result<()> {
    let mut attempt = 1;
    loop {
        match sqlite_once(c) {
            Ok(()) => return Ok(()),
            Err(Failed::Refused(e)) => return Err(e),
            Err(Failed::Else(e)) if attempt < SQLITE_ATTEMPTS => {
                tracing::debug!(error = %e.0, "history: migrating again (another process?)");
                attempt += 1;
            }
            Err(Failed::Else(e)) => return Err(e),
        }
    }
}

/// Adopts an earlier Strata's PostgreSQL database, then runs the migrations it lacks.
async fn postgres_locked(c: &mut tokio_postgres::Client) -> Result<()> {
    let e = |e: tokio_postgres::Error| StoreError::new("cannot read the history tables", e);
    let row = c
        .query_one(
            "SELECT to_regclass('refinery_schema_history') IS NOT NULL, \
                    to_regclass('strata_schema') IS NOT NULL",
            &[],
        )
        .await
        .map_err(e)?;
    let (has_history, has_count): (bool, bool) = (row.get(0), row.get(1));
    let counted = if has_count {
        let v: i32 = c
            .query_one("SELECT coalesce(max(version), 0) FROM strata_schema", &[])
            .await
            .map_err(e)?
            .get(0);
        i64::from(v)
    } else {
        0
    };
    if let Some(done) = earlier_count(has_history, counted)? {
        postgres_runner()
            .set_target(Target::FakeVersion(done))
            .run_async(c)
            .await
            .map_err(refused)?;
    }
    postgres_runner()
        .set_grouped(true)
        .run_async(c)
        .await
        .map_err(refused)?;
    Ok(())
}

/// Brings a PostgreSQL database up to date under [`MIGRATE_LOCK`] (see the module
/// documentation).
pub async fn postgres(c: &mut tokio_postgres::Client) -> Result<()> {
    let e = |e: tokio_postgres::Error| StoreError::new("cannot update the history tables", e);
    c.execute("SELECT pg_advisory_lock($1)", &[&MIGRATE_LOCK])
        .await
        .map_err(e)?;
    let done = postgres_locked(c).await;
    let unlocked = c
        .execute("SELECT pg_advisory_unlock($1)", &[&MIGRATE_LOCK])
        .await
        .map_err(e);
    done.and(unlocked.map(drop))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_dialects_hold_the_same_numbered_history() {
        let (lite, pg) = (history(&sqlite_runner()), history(&postgres_runner()));
        assert_eq!(lite, pg, "migrations/sqlite and migrations/postgres differ");
        let numbers: Vec<i32> = lite.iter().map(|s| s.0).collect();
        let expected: Vec<i32> = (1..=lite.len() as i32).collect();
        assert_eq!(numbers, expected, "numbered 1, 2, … without gaps");
        assert!(
            lite.len() as i64 >= EARLIER_STEPS,
            "the earlier steps are V1, V2"
        );
    }

    #[test]
    fn an_earlier_count_is_adopted_once_and_a_larger_one_refused() {
        assert_eq!(earlier_count(false, 0).unwrap(), None);
        assert_eq!(earlier_count(false, 2).unwrap(), Some(2));
        assert_eq!(earlier_count(true, 2).unwrap(), None);
        assert!(earlier_count(false, 3).unwrap_err().0.contains("newer"));
    }
}
