//! The embedded history store: one SQLite file (`history.sqlite3`) in the data directory,
//! through `rusqlite` with SQLite bundled. WAL mode with `synchronous=NORMAL`: a crash or
//! `kill -9` loses at most the last transactions, never the file; readers do not wait for the
//! writer. One connection writes and one reads, each behind a mutex, always on a blocking thread.
//! The folder and the files are private to the user ([`super::modes`]); the tables are brought
//! up to date when opened ([`super::schema`]).

use super::{
    Changed, EventEntry, History, HistoryStore, MigrationEntry, Record, Result, Stats, StoreError,
    Transition, VmiId,
};
use async_trait::async_trait;
use model::VmiKey;
use model::api::history::Step;
use model::verdict::Layer;
use parking_lot::Mutex;
use rusqlite::{Connection, OptionalExtension, params};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The file in the data directory.
pub const FILE: &str = "history.sqlite3";

/// The tables, for deletions and counts.
const TABLES: [&str; 4] = ["transitions", "events", "migrations", "details"];

pub struct Sqlite {
    path: PathBuf,
    writer: Arc<Mutex<Connection>>,
    reader: Arc<Mutex<Connection>>,
}

fn err(what: &str) -> impl Fn(rusqlite::Error) -> StoreError + '_ {
    move |e| StoreError::new(what, e)
}

/// The page cache of each connection, in KiB.
pub const CACHE_KIB: u32 = 256;

/// How long a connection waits for another's lock, and how long opening tries again.
const BUSY: std::time::Duration = std::time::Duration::from_secs(5);

fn connect(path: &Path) -> Result<Connection> {
    let what = format!("cannot open the history database {}", path.display());
    let c = Connection::open(path).map_err(|e| StoreError::new(&what, e))?;
    c.busy_timeout(BUSY)
        .map_err(|e| StoreError::new(&what, e))?;
    // auto_vacuum only takes effect before the first table exists. The page cache is bounded
    // at CACHE_KIB per connection (SQLite's default is 2,000 KiB): writes append, reads are one
    // VMI's index range, and the operating system caches the file anyway.
    let setup = format!(
        "PRAGMA auto_vacuum = INCREMENTAL; PRAGMA journal_mode = WAL; \
         PRAGMA synchronous = NORMAL; PRAGMA cache_size = -{CACHE_KIB};"
    );
    // Switching a file to WAL reads its header, then upgrades to write: while another process
    // holds the write lock (creating the same file), SQLite answers SQLITE_BUSY at once rather
    // than wait (that wait could deadlock), so the busy timeout does not cover it: try again.
    let until = std::time::Instant::now() + BUSY;
    loop {
        match c.execute_batch(&setup) {
            Err(e)
                if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DatabaseBusy)
                    && std::time::Instant::now() < until =>
            {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            r => return r.map(|()| c).map_err(|e| StoreError::new(&what, e)),
        }
    }
}

/// Runs `f` on a blocking thread with the connection.
async fn on<T: Send + 'static>(
    conn: &Arc<Mutex<Connection>>,
    f: impl FnOnce(&mut Connection) -> Result<T> + Send + 'static,
) -> Result<T> {
    let conn = conn.clone();
    tokio::task::spawn_blocking(move || f(&mut conn.lock()))
        .await
        .map_err(|e| StoreError::new("history task failed", e))?
}

impl Sqlite {
    /// Opens (creating when needed) `dir/history.sqlite3`.
    pub async fn open(dir: &Path) -> Result<Sqlite> {
        let dir = dir.to_path_buf();
        tokio::task::spawn_blocking(move || Sqlite::open_blocking(&dir))
            .await
            .map_err(|e| StoreError::new("history task failed", e))?
    }

    /// [`Sqlite::open`] on the calling thread.
    pub fn open_blocking(dir: &Path) -> Result<Sqlite> {
        super::modes::prepare_dir(dir).map_err(|e| {
            StoreError::new(
                &format!("cannot create the data directory {}", dir.display()),
                e,
            )
        })?;
        let path = dir.join(FILE);
        let private = |path: &Path| {
            super::modes::private_files(path).map_err(|e| {
                StoreError::new(
                    &format!(
                        "cannot make the history database {} private",
                        path.display()
                    ),
                    e,
                )
            })
        };
        private(&path)?;
        let mut writer = connect(&path)?;
        super::schema::sqlite(&mut writer)?;
        let reader = connect(&path)?;
        // The `-wal` and `-shm` SQLite just created have the database's mode already; an older
        // version's are made private here.
        private(&path)?;
        Ok(Sqlite {
            path,
            writer: Arc::new(Mutex::new(writer)),
            reader: Arc::new(Mutex::new(reader)),
        })
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// The transition in columns `at, change, layer, old, new, title` from `first` on; `None` for a
/// row whose verdict cannot be read (left out).
fn transition(r: &rusqlite::Row<'_>, first: usize) -> rusqlite::Result<Option<Transition>> {
    let step = Step::from_columns(
        &r.get::<_, String>(first + 1)?,
        r.get::<_, Option<String>>(first + 2)?.as_deref(),
        r.get(first + 3)?,
        r.get(first + 4)?,
    );
    Ok(match step {
        Some(step) => Some(Transition {
            at: r.get(first)?,
            step,
            title: r.get(first + 5)?,
        }),
        None => None,
    })
}

fn insert(tx: &rusqlite::Transaction<'_>, records: &[Record]) -> rusqlite::Result<()> {
    let mut t = tx.prepare_cached(
        "INSERT INTO transitions (ns, name, uid, at, change, layer, old, new, title, cluster) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )?;
    let mut e = tx.prepare_cached(
        "INSERT OR IGNORE INTO events (ns, name, uid, at, involved_kind, involved_name, event, \
         count, type, reason, message, cluster) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
    )?;
    let mut m = tx.prepare_cached(
        "INSERT OR IGNORE INTO migrations (ns, name, uid, at, migration, phase, outcome, mode, \
         plane, failure, duration_secs, cluster) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
    )?;
    let mut d = tx.prepare_cached(
        "INSERT INTO details (ns, name, uid, at, body, cluster) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    for r in records {
        match r {
            Record::Transition(k, x) => t.execute(params![
                k.key.namespace,
                k.key.name,
                k.uid,
                x.at,
                x.step.change().as_str(),
                x.step.layer().map(Layer::name),
                x.step.old_text(),
                x.step.new_text(),
                x.title,
                k.key.cluster
            ])?,
            Record::Event(k, x) => e.execute(params![
                k.key.namespace,
                k.key.name,
                k.uid,
                x.at,
                x.involved_kind,
                x.involved_name,
                x.name,
                x.count,
                x.type_,
                x.reason,
                x.message,
                k.key.cluster
            ])?,
            Record::Migration(k, x) => m.execute(params![
                k.key.namespace,
                k.key.name,
                k.uid,
                x.at,
                x.migration,
                x.phase,
                x.outcome,
                x.mode,
                x.plane,
                x.failure,
                x.duration_secs,
                k.key.cluster
            ])?,
            Record::Detail(k, at, body) => d.execute(params![
                k.key.namespace,
                k.key.name,
                k.uid,
                at,
                body,
                k.key.cluster
            ])?,
        };
    }
    Ok(())
}

fn query(c: &Connection, id: &VmiId, from: i64, to: i64) -> rusqlite::Result<History> {
    let p = params![
        id.key.namespace,
        id.key.name,
        id.uid,
        from,
        to,
        id.key.cluster
    ];
    let mut h = History {
        key: id.key.clone(),
        from,
        to,
        ..History::default()
    };
    let mut s = c.prepare_cached(
        "SELECT at, change, layer, old, new, title FROM transitions \
         WHERE cluster = ?6 AND ns = ?1 AND name = ?2 AND uid = ?3 \
         AND at BETWEEN ?4 AND ?5 \
         ORDER BY at, id",
    )?;
    h.transitions = s
        .query_map(p, |r| transition(r, 0))?
        .filter_map(|r| r.transpose())
        .collect::<rusqlite::Result<_>>()?;
    let mut s = c.prepare_cached(
        "SELECT at, involved_kind, involved_name, event, count, type, reason, message FROM events \
         WHERE cluster = ?6 AND ns = ?1 AND name = ?2 AND uid = ?3 \
         AND at BETWEEN ?4 AND ?5 \
         ORDER BY at, id",
    )?;
    h.events = s
        .query_map(p, |r| {
            Ok(EventEntry {
                at: r.get(0)?,
                involved_kind: r.get(1)?,
                involved_name: r.get(2)?,
                name: r.get(3)?,
                count: r.get(4)?,
                type_: r.get(5)?,
                reason: r.get(6)?,
                message: r.get(7)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    let mut s = c.prepare_cached(
        "SELECT at, migration, phase, outcome, mode, plane, failure, duration_secs \
         FROM migrations WHERE cluster = ?6 AND ns = ?1 AND name = ?2 AND uid = ?3 \
         AND at BETWEEN ?4 AND ?5 \
         ORDER BY at, id",
    )?;
    h.migrations = s
        .query_map(p, |r| {
            Ok(MigrationEntry {
                at: r.get(0)?,
                migration: r.get(1)?,
                phase: r.get(2)?,
                outcome: r.get(3)?,
                mode: r.get(4)?,
                plane: r.get(5)?,
                failure: r.get(6)?,
                duration_secs: r.get(7)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(h)
}

/// [`HistoryStore::changes`]: SQLite takes the bare columns of an aggregate query from the row
/// holding the `max()`, so one grouped scan of `transitions_at` gives each VMI's newest row.
/// `only` travels as one JSON array parameter (any number of UIDs, one statement).
fn changes(
    c: &Connection,
    since: i64,
    limit: usize,
    only: Option<&[String]>,
) -> rusqlite::Result<Vec<Changed>> {
    let only = only.map(|u| serde_json::to_string(u).unwrap_or_else(|_| "[]".into()));
    let mut s = c.prepare_cached(
        "SELECT ns, name, max(at), change, layer, old, new, title, cluster FROM transitions \
         WHERE at >= ?1 AND old <> '' AND change IN ('verdict', 'phase') \
         AND (?3 IS NULL OR uid IN (SELECT value FROM json_each(?3))) \
         GROUP BY cluster, ns, name ORDER BY 3 DESC LIMIT ?2",
    )?;
    s.query_map(params![since, limit as i64, only], |r| {
        let Some(transition) = transition(r, 2)? else {
            return Ok(None);
        };
        Ok(Some(Changed {
            key: VmiKey {
                cluster: r.get(8)?,
                namespace: r.get(0)?,
                name: r.get(1)?,
            },
            transition,
        }))
    })?
    .filter_map(|r| r.transpose())
    .collect()
}

#[async_trait]
impl HistoryStore for Sqlite {
    fn backend(&self) -> &'static str {
        "sqlite"
    }

    async fn write(&self, records: Vec<Record>) -> Result<()> {
        on(&self.writer, move |c| {
            let tx = c.transaction().map_err(err("cannot write history"))?;
            insert(&tx, &records).map_err(err("cannot write history"))?;
            tx.commit().map_err(err("cannot write history"))
        })
        .await
    }

    async fn history(&self, id: &VmiId, from: i64, to: i64) -> Result<History> {
        let id = id.clone();
        on(&self.reader, move |c| {
            query(c, &id, from, to).map_err(err("cannot read history"))
        })
        .await
    }

    async fn changes(
        &self,
        since: i64,
        limit: usize,
        only: Option<&[String]>,
    ) -> Result<Vec<Changed>> {
        let only = only.map(<[String]>::to_vec);
        on(&self.reader, move |c| {
            changes(c, since, limit, only.as_deref()).map_err(err("cannot read history"))
        })
        .await
    }

    async fn detail_at(&self, id: &VmiId, at: i64) -> Result<Option<(i64, Vec<u8>)>> {
        let id = id.clone();
        on(&self.reader, move |c| {
            c.query_row(
                "SELECT at, body FROM details WHERE cluster = ?5 AND ns = ?1 AND name = ?2 \
                 AND uid = ?3 AND at <= ?4 ORDER BY at DESC, id DESC LIMIT 1",
                params![id.key.namespace, id.key.name, id.uid, at, id.key.cluster],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .map_err(err("cannot read history"))
        })
        .await
    }

    async fn latest_uid(&self, key: &VmiKey) -> Result<Option<String>> {
        let key = key.clone();
        on(&self.reader, move |c| {
            c.query_row(
                "SELECT uid FROM transitions WHERE cluster = ?3 AND ns = ?1 AND name = ?2 \
                 ORDER BY at DESC, id DESC LIMIT 1",
                params![key.namespace, key.name, key.cluster],
                |r| r.get(0),
            )
            .optional()
            .map_err(err("cannot read history"))
        })
        .await
    }

    async fn delete_before(&self, cutoff: i64) -> Result<u64> {
        on(&self.writer, move |c| {
            let tx = c.transaction().map_err(err("cannot prune history"))?;
            let mut n = 0;
            for t in TABLES {
                n += tx
                    .execute(&format!("DELETE FROM {t} WHERE at < ?1"), [cutoff])
                    .map_err(err("cannot prune history"))? as u64;
            }
            tx.commit().map_err(err("cannot prune history"))?;
            Ok(n)
        })
        .await
    }

    async fn span(&self) -> Result<Option<(i64, i64)>> {
        on(&self.reader, |c| {
            let mut lo: Option<i64> = None;
            let mut hi: Option<i64> = None;
            for t in TABLES {
                let (a, b): (Option<i64>, Option<i64>) = c
                    .query_row(&format!("SELECT min(at), max(at) FROM {t}"), [], |r| {
                        Ok((r.get(0)?, r.get(1)?))
                    })
                    .map_err(err("cannot read history"))?;
                lo = lo.into_iter().chain(a).min();
                hi = hi.into_iter().chain(b).max();
            }
            Ok(lo.zip(hi))
        })
        .await
    }

    async fn compact(&self) -> Result<()> {
        on(&self.writer, |c| {
            c.execute_batch("PRAGMA incremental_vacuum; PRAGMA wal_checkpoint(TRUNCATE);")
                .map_err(err("cannot compact history"))
        })
        .await
    }

    async fn stats(&self) -> Result<Stats> {
        on(&self.reader, |c| {
            let count = |t: &str| -> rusqlite::Result<u64> {
                c.query_row(&format!("SELECT count(*) FROM {t}"), [], |r| {
                    r.get::<_, i64>(0)
                })
                .map(|n| n as u64)
            };
            let pragma = |p: &str| -> rusqlite::Result<u64> {
                c.query_row(&format!("PRAGMA {p}"), [], |r| r.get::<_, i64>(0))
                    .map(|n| n as u64)
            };
            let s = (|| {
                Ok::<_, rusqlite::Error>(Stats {
                    transitions: count("transitions")?,
                    events: count("events")?,
                    migrations: count("migrations")?,
                    details: count("details")?,
                    bytes: (pragma("page_count")? - pragma("freelist_count")?)
                        * pragma("page_size")?,
                })
            })();
            s.map_err(err("cannot read history"))
        })
        .await
    }
}
