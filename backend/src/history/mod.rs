//! The flight recorder: what every VMI's layers said over time, kept in a database so that a
//! past diagnosis can be shown whole and events outlive the API server's TTL.
//!
//! * [`HistoryStore`]: the one small interface the rest of the backend uses, with two
//!   implementations: [`sqlite::Sqlite`] (embedded, the default, in `--data-dir`) and
//!   [`postgres::Postgres`] (`--history-url postgres://...`, shared by several replicas).
//! * [`recorder`]: subscribes to the summary store's broadcast and queues, off the hot path,
//!   what changed; [`sweep`] adds the events and migration outcomes from the caches; [`writer`]
//!   writes the queue in batches, backing off while the store fails.
//! * [`url`]: `--history-url`, whose password no message shows; [`modes`]: the data folder and
//!   files are private to the user (0700, 0600).
//! * [`retention`]: the age and size bounds (oldest rows first).
//! * [`timeline`]: the text of `strata history`.
//! * [`schema`]: the tables and the steps that bring an earlier version's database up to date;
//!   [`snapshot`]: a recorded page, kept as the evidence it was diagnosed from.
//!
//! Every row is keyed by the VMI's UID as well as its namespace and name ([`VmiId`]): a VMI
//! deleted and created again under the same name, or in a namespace created again, is another
//! object with another history.
//!
//! Times are milliseconds since the Unix epoch in the database and RFC 3339 in JSON.

pub mod cli;
pub mod look;
pub mod modes;
pub mod observer;
pub mod observers;
pub mod postgres;
pub mod queue;
pub mod recorder;
pub mod retention;
pub mod schema;
pub mod snapshot;
pub mod sqlite;
pub mod sweep;
pub mod timeline;
pub mod url;
pub mod writer;

use async_trait::async_trait;
use model::VmiKey;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub use model::api::history::{
    CHANGES_LIMIT, Change, Changed, DetailAt, EventEntry, History, HistoryOff, MigrationEntry,
    RecordedDetail, Step, Transition, rfc3339,
};
pub use recorder::{HistoryHandle, Recorder, Source, Status};
pub use snapshot::Snapshot;
pub use url::HistoryUrl;

/// Errors of a history store, as text (the API shows them as the reason history is off).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct StoreError(pub String);

impl StoreError {
    pub fn new(what: &str, e: impl std::fmt::Display) -> StoreError {
        StoreError(format!("{what}: {e}"))
    }
}

pub type Result<T> = std::result::Result<T, StoreError>;

/// Which VMI object a row is about: its namespace and name, and its UID (`metadata.uid`), so a
/// VMI deleted and created again under the same name is another history. Rows recorded before
/// UIDs were kept have `uid` empty.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct VmiId {
    pub key: VmiKey,
    pub uid: String,
}

impl VmiId {
    pub fn new(key: VmiKey, uid: impl Into<String>) -> VmiId {
        VmiId {
            key,
            uid: uid.into(),
        }
    }
}

/// One thing to record about one VMI.
#[derive(Debug, Clone, PartialEq)]
pub enum Record {
    Transition(VmiId, Transition),
    Event(VmiId, EventEntry),
    Migration(VmiId, MigrationEntry),
    /// The page at `at`, as the evidence it is diagnosed from ([`Snapshot::compress`]).
    Detail(VmiId, i64, Vec<u8>),
}

/// Row counts and size.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    pub transitions: u64,
    pub events: u64,
    pub migrations: u64,
    pub details: u64,
    /// Bytes the rows take (SQLite: used pages; PostgreSQL: the rows' sizes).
    pub bytes: u64,
}

/// Where history is kept. Every method is one short transaction; implementations never block
/// the async runtime's workers.
#[async_trait]
pub trait HistoryStore: Send + Sync {
    /// `sqlite` or `postgres`.
    fn backend(&self) -> &'static str;
    /// Writes `records` in one transaction; an event or migration already recorded (same
    /// involved object, event name and count; same migration) is left as it is.
    async fn write(&self, records: Vec<Record>) -> Result<()>;
    /// What was recorded about the VMI `id` (that name, that UID) in `[from, to]`
    /// (milliseconds), oldest first.
    async fn history(&self, id: &VmiId, from: i64, to: i64) -> Result<History>;
    /// Per VMI, its newest verdict or phase transition at or after `since` that is not a first
    /// sighting (`old` empty), newest first, at most `limit`: the overview's "changed
    /// recently" and the wall's latest changes, one indexed range scan. With `only`, just the
    /// rows of those UIDs, chosen before the limit (so what a caller may not read neither
    /// takes a place nor shows as a gap).
    async fn changes(
        &self,
        since: i64,
        limit: usize,
        only: Option<&[String]>,
    ) -> Result<Vec<Changed>>;
    /// The newest page recorded for `id` at or before `at`: its time and its compressed
    /// [`Snapshot`].
    async fn detail_at(&self, id: &VmiId, at: i64) -> Result<Option<(i64, Vec<u8>)>>;
    /// The UID of the newest row recorded under `key` (`strata history`, and local mode for a
    /// VMI that is gone).
    async fn latest_uid(&self, key: &VmiKey) -> Result<Option<String>>;
    /// Deletes every row older than `cutoff`; returns how many.
    async fn delete_before(&self, cutoff: i64) -> Result<u64>;
    /// The oldest and newest recorded time.
    async fn span(&self) -> Result<Option<(i64, i64)>>;
    /// Gives freed space back after deletions (SQLite: incremental vacuum).
    async fn compact(&self) -> Result<()>;
    async fn stats(&self) -> Result<Stats>;
    /// Whether this process may record now. Replicas sharing one store all observe the same
    /// cluster, so one of them writes at a time and the others stand by (and answer reads);
    /// a store only one process uses always says yes.
    async fn claim_writer(&self) -> Result<bool> {
        Ok(true)
    }
}

/// A shared store.
pub type DynStore = Arc<dyn HistoryStore>;

/// Opens the store `url` names (PostgreSQL: `postgres://` or `postgresql://`, the scheme in any
/// case), else SQLite in `data_dir`. No error carries the URL's credentials ([`HistoryUrl`]).
pub async fn open(url: Option<&HistoryUrl>, data_dir: &std::path::Path) -> Result<DynStore> {
    match url {
        Some(u) => Ok(Arc::new(postgres::Postgres::connect(u).await?)),
        None => Ok(Arc::new(sqlite::Sqlite::open(data_dir).await?)),
    }
}

/// Opens the store for the console; a store that cannot be opened leaves history off with the
/// reason (the console runs live without it).
pub async fn open_handle(
    url: Option<&HistoryUrl>,
    data_dir: &std::path::Path,
    bounds: retention::Bounds,
) -> Arc<HistoryHandle> {
    match open(url, data_dir).await {
        Ok(store) => {
            tracing::info!(backend = store.backend(), "history is recorded");
            HistoryHandle::with_store(store, bounds)
        }
        Err(e) => {
            tracing::warn!(error = %e, url = url.map(tracing::field::display), "history is off");
            HistoryHandle::off(e.to_string())
        }
    }
}

/// Now, in milliseconds since the epoch.
pub fn now_ms() -> i64 {
    crate::cluster_clock::local_ms()
}
