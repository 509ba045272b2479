//! The bounds of the history: rows older than the retention period go, and while the rows take
//! more than the size cap the oldest slice of time goes too (oldest rows first, in every table).
//! Written once over [`HistoryStore`]'s primitives, so both stores prune alike.

use super::{DynStore, HistoryStore, Result};
use std::time::Duration;

/// Default `--history-retention`.
pub const RETENTION: Duration = Duration::from_secs(14 * 24 * 3600);
/// Default `--history-max-bytes`: 1 GiB.
pub const MAX_BYTES: u64 = 1 << 30;
/// How often the recorder prunes.
pub const EVERY: Duration = Duration::from_secs(300);
/// Size passes per prune: each deletes a slice of time sized by how far over the cap it is.
const PASSES: usize = 16;

/// How much history to keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    pub retention: Duration,
    pub max_bytes: u64,
}

impl Default for Bounds {
    fn default() -> Self {
        Bounds {
            retention: RETENTION,
            max_bytes: MAX_BYTES,
        }
    }
}

/// What a prune removed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pruned {
    pub by_age: u64,
    pub by_size: u64,
}

/// Applies `bounds` at time `now` (milliseconds).
pub async fn prune(store: &dyn HistoryStore, bounds: Bounds, now: i64) -> Result<Pruned> {
    let mut out = Pruned::default();
    let cutoff =
        now.saturating_sub(i64::try_from(bounds.retention.as_millis()).unwrap_or(i64::MAX));
    out.by_age = store.delete_before(cutoff).await?;
    if out.by_age > 0 {
        store.compact().await?;
    }
    for _ in 0..PASSES {
        let bytes = store.stats().await?.bytes;
        if bytes <= bounds.max_bytes {
            break;
        }
        let Some((lo, hi)) = store.span().await? else {
            break;
        };
        // The share of time to drop: the share of bytes over the cap, and a little more so a
        // prune is not immediately followed by another.
        let over = (bytes - bounds.max_bytes) as f64 / bytes as f64;
        let share = (over + 0.05).min(1.0);
        let cut = lo + (((hi - lo) as f64 * share) as i64).max(1);
        out.by_size += store.delete_before(cut).await?;
        store.compact().await?;
    }
    Ok(out)
}

/// Prunes every [`EVERY`] (and once at start) until the task is aborted.
pub fn spawn(store: DynStore, bounds: Bounds) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(EVERY);
        loop {
            tick.tick().await;
            match prune(&*store, bounds, super::now_ms()).await {
                Ok(p) if p.by_age + p.by_size > 0 => {
                    tracing::info!(by_age = p.by_age, by_size = p.by_size, "history pruned");
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "history: prune failed"),
            }
        }
    })
}
