//! The shared history store: PostgreSQL through `tokio-postgres` (`--history-url
//! postgres://...`, parsed by [`super::url`]), so several replicas behind one Service record
//! into and answer from one history. Same tables as [`super::sqlite`], brought up to date when
//! connecting ([`super::schema`]); rows of a batch are sent pipelined inside one
//! transaction. A connection that was closed (server restart) is opened again on next use.
//!
//! Replicas: one writes at a time, the one holding the session advisory lock [`WRITER_LOCK`]
//! on its writer connection; the lock goes with the connection (a replica that dies or loses
//! the server frees it), and a standby takes it at its next try.

use super::url::{HistoryUrl, with_causes};
use super::{
    Change, Changed, EventEntry, History, HistoryStore, MigrationEntry, Record, Result, Stats,
    StoreError, Transition, VmiId,
};
use async_trait::async_trait;
use futures::future::try_join_all;
use model::VmiKey;
use model::api::history::Step;
use model::verdict::{Health, Layer};
use tokio::sync::Mutex;
use tokio_postgres::types::ToSql;
use tokio_postgres::{Client, NoTls};

/// The advisory lock key of the recording replica.
pub const WRITER_LOCK: i64 = 0x5354_5241_5441_3139;

const TABLES: [&str; 4] = ["transitions", "events", "migrations", "details"];

const INSERT_TRANSITION: &str = "INSERT INTO transitions (ns, name, uid, at, change, layer, old, \
     new, title, cluster) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)";
const INSERT_EVENT: &str = "INSERT INTO events (ns, name, uid, at, involved_kind, involved_name, \
     event, count, type, reason, message, cluster) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT DO NOTHING";
const INSERT_MIGRATION: &str = "INSERT INTO migrations (ns, name, uid, at, migration, phase, \
     outcome, mode, plane, failure, duration_secs, cluster) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT DO NOTHING";
const INSERT_DETAIL: &str =
    "INSERT INTO details (ns, name, uid, at, body, cluster) VALUES ($1, $2, $3, $4, $5, $6)";

pub struct Postgres {
    url: HistoryUrl,
    /// Writes (one transaction at a time) and reads go through separate connections.
    writer: Mutex<Client>,
    reader: Mutex<Client>,
    /// This process holds [`WRITER_LOCK`] on the writer connection.
    leader: std::sync::atomic::AtomicBool,
}

fn err(what: &str) -> impl Fn(tokio_postgres::Error) -> StoreError + '_ {
    move |e| StoreError::new(what, e)
}

/// Connects with `url`'s settings; the error names the server's answer, never a credential.
async fn dial(url: &HistoryUrl) -> Result<Client> {
    let config = url.postgres().map_err(|why| StoreError(why.to_string()))?;
    let (client, conn) = config.connect(NoTls).await.map_err(|e| {
        StoreError(url.scrub(&format!(
            "cannot connect to the PostgreSQL history (--history-url {url}): {}",
            with_causes(&e)
        )))
    })?;
    let url = url.clone();
    tokio::spawn(async move {
        if let Err(e) = conn.await {
            let error = url.scrub(&with_causes(&e));
            tracing::warn!(%error, "history: PostgreSQL connection closed");
        }
    });
    Ok(client)
}

/// The client behind `slot`, dialled again when its connection closed.
async fn live<'a>(
    url: &HistoryUrl,
    slot: &'a Mutex<Client>,
) -> Result<tokio::sync::MutexGuard<'a, Client>> {
    let mut c = slot.lock().await;
    if c.is_closed() {
        *c = dial(url).await?;
    }
    Ok(c)
}

impl Postgres {
    /// The writer connection; a new one holds no lock.
    async fn writer(&self) -> Result<tokio::sync::MutexGuard<'_, Client>> {
        let mut c = self.writer.lock().await;
        if c.is_closed() {
            self.leader
                .store(false, std::sync::atomic::Ordering::Relaxed);
            *c = dial(&self.url).await?;
        }
        Ok(c)
    }
}

impl Postgres {
    /// Connects, and creates or updates the tables.
    pub async fn connect(url: &HistoryUrl) -> Result<Postgres> {
        let mut writer = dial(url).await?;
        super::schema::postgres(&mut writer).await?;
        Ok(Postgres {
            url: url.clone(),
            writer: Mutex::new(writer),
            reader: Mutex::new(dial(url).await?),
            leader: std::sync::atomic::AtomicBool::new(false),
        })
    }
}

/// The statement and parameters that record `r`.
fn row(r: &Record) -> (&'static str, Vec<&(dyn ToSql + Sync)>) {
    match r {
        Record::Transition(k, x) => (
            INSERT_TRANSITION,
            vec![
                &k.key.namespace,
                &k.key.name,
                &k.uid,
                &x.at,
                change_str(x.step.change()),
                layer_str(x.step.layer()),
                text(&x.step, Side::Old),
                text(&x.step, Side::New),
                &x.title,
                &k.key.cluster,
            ],
        ),
        Record::Event(k, x) => (
            INSERT_EVENT,
            vec![
                &k.key.namespace,
                &k.key.name,
                &k.uid,
                &x.at,
                &x.involved_kind,
                &x.involved_name,
                &x.name,
                &x.count,
                &x.type_,
                &x.reason,
                &x.message,
                &k.key.cluster,
            ],
        ),
        Record::Migration(k, x) => (
            INSERT_MIGRATION,
            vec![
                &k.key.namespace,
                &k.key.name,
                &k.uid,
                &x.at,
                &x.migration,
                &x.phase,
                &x.outcome,
                &x.mode,
                &x.plane,
                &x.failure,
                &x.duration_secs,
                &k.key.cluster,
            ],
        ),
        Record::Detail(k, at, body) => (
            INSERT_DETAIL,
            vec![
                &k.key.namespace,
                &k.key.name,
                &k.uid,
                at,
                body,
                &k.key.cluster,
            ],
        ),
    }
}

/// A `'static` parameter for a change.
fn change_str(c: Change) -> &'static (dyn ToSql + Sync) {
    const V: &str = "verdict";
    const H: &str = "headline";
    const P: &str = "phase";
    match c {
        Change::Verdict => &V,
        Change::Headline => &H,
        Change::Phase => &P,
    }
}

/// [`Layer::name`] of each of [`Layer::ALL`], as `'static` parameters.
static LAYER_NAMES: [Option<&str>; 5] = [
    Some("control_plane"),
    Some("node"),
    Some("guest"),
    Some("network"),
    Some("migration"),
];

/// [`Health::as_str`] of each health, as `'static` parameters.
static HEALTH_NAMES: [&str; 4] = ["healthy", "degraded", "broken", "unknown"];

/// A `'static` parameter for a verdict's layer (`NULL` for a headline or phase).
fn layer_str(l: Option<Layer>) -> &'static (dyn ToSql + Sync) {
    static NONE: Option<&str> = None;
    let at = l.and_then(|l| Layer::ALL.iter().position(|x| *x == l));
    match at.and_then(|i| LAYER_NAMES.get(i)) {
        Some(name) => name,
        None => &NONE,
    }
}

/// A side of a change.
#[derive(Clone, Copy)]
enum Side {
    Old,
    New,
}

/// A parameter for `old` or `new`: a verdict's health (its name, `''` before the first), or the
/// headline's or phase's text.
fn text(s: &Step, side: Side) -> &(dyn ToSql + Sync) {
    static NONE: &str = "";
    let health = |h: Option<Health>| -> &'static (dyn ToSql + Sync) {
        match h.and_then(|h| HEALTH_NAMES.iter().find(|n| **n == h.as_str())) {
            Some(name) => name,
            None => &NONE,
        }
    };
    match (s, side) {
        (Step::Verdict { old, .. }, Side::Old) => health(*old),
        (Step::Verdict { new, .. }, Side::New) => health(Some(*new)),
        (Step::Headline { old, .. } | Step::Phase { old, .. }, Side::Old) => old,
        (Step::Headline { new, .. } | Step::Phase { new, .. }, Side::New) => new,
    }
}

/// The transition in columns `at, change, layer, old, new, title` from `first` on; `None` for a
/// row whose verdict cannot be read (left out).
fn transition(r: &tokio_postgres::Row, first: usize) -> Option<Transition> {
    Some(Transition {
        at: r.get(first),
        step: Step::from_columns(
            r.get(first + 1),
            r.get(first + 2),
            r.get(first + 3),
            r.get(first + 4),
        )?,
        title: r.get(first + 5),
    })
}

async fn query(c: &Client, id: &VmiId, from: i64, to: i64) -> Result<History> {
    let e = err("cannot read history");
    let p: [&(dyn ToSql + Sync); 6] = [
        &id.key.namespace,
        &id.key.name,
        &id.uid,
        &from,
        &to,
        &id.key.cluster,
    ];
    let (t, ev, m) = futures::try_join!(
        c.query(
            "SELECT at, change, layer, old, new, title FROM transitions \
             WHERE cluster = $6 AND ns = $1 AND name = $2 AND uid = $3 \
             AND at BETWEEN $4 AND $5 ORDER BY at, id",
            &p,
        ),
        c.query(
            "SELECT at, involved_kind, involved_name, event, count, type, reason, message \
             FROM events WHERE cluster = $6 AND ns = $1 AND name = $2 AND uid = $3 \
             AND at BETWEEN $4 AND $5 \
             ORDER BY at, id",
            &p,
        ),
        c.query(
            "SELECT at, migration, phase, outcome, mode, plane, failure, duration_secs \
             FROM migrations WHERE cluster = $6 AND ns = $1 AND name = $2 AND uid = $3 \
             AND at BETWEEN $4 AND $5 \
             ORDER BY at, id",
            &p,
        ),
    )
    .map_err(e)?;
    Ok(History {
        key: id.key.clone(),
        from,
        to,
        transitions: t.iter().filter_map(|r| transition(r, 0)).collect(),
        events: ev
            .iter()
            .map(|r| EventEntry {
                at: r.get(0),
                involved_kind: r.get(1),
                involved_name: r.get(2),
                name: r.get(3),
                count: r.get(4),
                type_: r.get(5),
                reason: r.get(6),
                message: r.get(7),
            })
            .collect(),
        migrations: m
            .iter()
            .map(|r| MigrationEntry {
                at: r.get(0),
                migration: r.get(1),
                phase: r.get(2),
                outcome: r.get(3),
                mode: r.get(4),
                plane: r.get(5),
                failure: r.get(6),
                duration_secs: r.get(7),
            })
            .collect(),
        off: None,
    })
}

#[async_trait]
impl HistoryStore for Postgres {
    fn backend(&self) -> &'static str {
        "postgres"
    }

    async fn write(&self, records: Vec<Record>) -> Result<()> {
        let e = err("cannot write history");
        let mut c = self.writer().await?;
        let tx = c.transaction().await.map_err(&e)?;
        let mut stmts = std::collections::HashMap::new();
        for s in [
            INSERT_TRANSITION,
            INSERT_EVENT,
            INSERT_MIGRATION,
            INSERT_DETAIL,
        ] {
            stmts.insert(s, tx.prepare(s).await.map_err(&e)?);
        }
        let rows: Vec<_> = records.iter().map(row).collect();
        try_join_all(rows.iter().map(|(s, p)| tx.execute(&stmts[s], p)))
            .await
            .map_err(&e)?;
        tx.commit().await.map_err(&e)
    }

    async fn history(&self, id: &VmiId, from: i64, to: i64) -> Result<History> {
        let c = live(&self.url, &self.reader).await?;
        query(&c, id, from, to).await
    }

    async fn changes(
        &self,
        since: i64,
        limit: usize,
        only: Option<&[String]>,
    ) -> Result<Vec<Changed>> {
        let c = live(&self.url, &self.reader).await?;
        // DISTINCT ON keeps each VMI's first row in (ns, name, at DESC) order: its newest.
        // `only` is one text array parameter (NULL: every UID).
        let rows = c
            .query(
                "SELECT * FROM (SELECT DISTINCT ON (cluster, ns, name) ns, name, at, change, \
                 layer, old, new, title, cluster FROM transitions WHERE at >= $1 AND old <> '' \
                 AND change IN ('verdict', 'phase') \
                 AND ($3::text[] IS NULL OR uid = ANY($3::text[])) \
                 ORDER BY cluster, ns, name, at DESC, id DESC) newest ORDER BY at DESC LIMIT $2",
                &[&since, &(limit as i64), &only],
            )
            .await
            .map_err(err("cannot read history"))?;
        Ok(rows
            .iter()
            .filter_map(|r| {
                Some(Changed {
                    key: VmiKey {
                        cluster: r.get(8),
                        namespace: r.get(0),
                        name: r.get(1),
                    },
                    transition: transition(r, 2)?,
                })
            })
            .collect())
    }

    async fn detail_at(&self, id: &VmiId, at: i64) -> Result<Option<(i64, Vec<u8>)>> {
        let c = live(&self.url, &self.reader).await?;
        let row = c
            .query_opt(
                "SELECT at, body FROM details WHERE cluster = $5 AND ns = $1 AND name = $2 \
                 AND uid = $3 AND at <= $4 ORDER BY at DESC, id DESC LIMIT 1",
                &[
                    &id.key.namespace,
                    &id.key.name,
                    &id.uid,
                    &at,
                    &id.key.cluster,
                ],
            )
            .await
            .map_err(err("cannot read history"))?;
        Ok(row.map(|r| (r.get(0), r.get(1))))
    }

    async fn latest_uid(&self, key: &VmiKey) -> Result<Option<String>> {
        let c = live(&self.url, &self.reader).await?;
        let row = c
            .query_opt(
                "SELECT uid FROM transitions WHERE cluster = $3 AND ns = $1 AND name = $2 \
                 ORDER BY at DESC, id DESC LIMIT 1",
                &[&key.namespace, &key.name, &key.cluster],
            )
            .await
            .map_err(err("cannot read history"))?;
        Ok(row.map(|r| r.get(0)))
    }

    async fn delete_before(&self, cutoff: i64) -> Result<u64> {
        let e = err("cannot prune history");
        let mut c = self.writer().await?;
        let tx = c.transaction().await.map_err(&e)?;
        let mut n = 0;
        for t in TABLES {
            n += tx
                .execute(&format!("DELETE FROM {t} WHERE at < $1"), &[&cutoff])
                .await
                .map_err(&e)?;
        }
        tx.commit().await.map_err(&e)?;
        Ok(n)
    }

    async fn span(&self) -> Result<Option<(i64, i64)>> {
        let c = live(&self.url, &self.reader).await?;
        let union = TABLES
            .iter()
            .map(|t| format!("SELECT min(at) AS lo, max(at) AS hi FROM {t}"))
            .collect::<Vec<_>>()
            .join(" UNION ALL ");
        let r = c
            .query_one(&format!("SELECT min(lo), max(hi) FROM ({union}) s"), &[])
            .await
            .map_err(err("cannot read history"))?;
        Ok(r.get::<_, Option<i64>>(0).zip(r.get::<_, Option<i64>>(1)))
    }

    async fn claim_writer(&self) -> Result<bool> {
        use std::sync::atomic::Ordering;
        let c = self.writer().await?;
        if self.leader.load(Ordering::Relaxed) {
            return Ok(true);
        }
        let got: bool = c
            .query_one("SELECT pg_try_advisory_lock($1)", &[&WRITER_LOCK])
            .await
            .map_err(err("cannot take the history writer lock"))?
            .get(0);
        self.leader.store(got, Ordering::Relaxed);
        Ok(got)
    }

    async fn compact(&self) -> Result<()> {
        // Autovacuum makes deleted rows' space reusable; nothing to do eagerly.
        Ok(())
    }

    async fn stats(&self) -> Result<Stats> {
        let c = live(&self.url, &self.reader).await?;
        let e = err("cannot read history");
        let mut counts = [0u64; 4];
        let mut bytes = 0u64;
        for (i, t) in TABLES.iter().enumerate() {
            let r = c
                .query_one(
                    &format!(
                        "SELECT count(*), coalesce(sum(pg_column_size(t.*)), 0)::BIGINT \
                         FROM {t} t"
                    ),
                    &[],
                )
                .await
                .map_err(&e)?;
            counts[i] = r.get::<_, i64>(0) as u64;
            bytes += r.get::<_, i64>(1) as u64;
        }
        Ok(Stats {
            transitions: counts[0],
            events: counts[1],
            migrations: counts[2],
            details: counts[3],
            bytes,
        })
    }
}

#[cfg(test)]
mod parameter_tests {
    use super::*;

    #[test]
    fn the_static_names_are_the_models() {
        assert_eq!(LAYER_NAMES, Layer::ALL.map(|l| Some(l.name())));
        for h in [
            Health::Healthy,
            Health::Degraded,
            Health::Broken,
            Health::Unknown,
        ] {
            assert!(HEALTH_NAMES.contains(&h.as_str()), "{h:?}");
        }
    }
}
