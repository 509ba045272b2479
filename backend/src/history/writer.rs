//! The history writer: one task writes whatever records wait as one batch (one transaction).
//!
//! * Replicas sharing a store: only the one holding the store's writer claim writes; the others
//!   stand by (their records are counted as skipped) and try to take over every
//!   [`CLAIM_EVERY`].
//! * A failing store (a full disk, a database gone): after a failed batch (or claim) the writer
//!   waits before the next try, [`BACKOFF_FIRST`] doubling up to [`BACKOFF_MAX`]; records that
//!   arrive meanwhile wait in the bounded queue (a full queue drops and counts them, as always),
//!   and the next try writes them. The first batch that succeeds ends the back-off.
//! * The log says when the writer's [`State`] changes (records, stands by, off, works again),
//!   once per change, never once per batch.

use super::DynStore;
use super::Record;
use super::queue::{BATCH, Shared};
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;

/// How often a standby replica tries to become the writer.
pub const CLAIM_EVERY: Duration = Duration::from_secs(5);
/// The wait after a first failure.
pub const BACKOFF_FIRST: Duration = Duration::from_millis(250);
/// The longest wait between two tries on a failing store.
pub const BACKOFF_MAX: Duration = Duration::from_secs(30);

/// The wait before the next try after `failures` failures in a row: none, then
/// [`BACKOFF_FIRST`] doubling up to [`BACKOFF_MAX`].
pub fn backoff(failures: u32) -> Duration {
    match failures {
        0 => Duration::ZERO,
        n => BACKOFF_FIRST
            .saturating_mul(1u32 << (n - 1).min(16))
            .min(BACKOFF_MAX),
    }
}

/// What the writer is doing, as the log tells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    /// Nothing written or claimed yet.
    Starting,
    Recording,
    /// Another replica records.
    Standby,
    /// The store refuses writes (or the claim); the writer backs off.
    Failing,
}

/// The writer's state between batches.
struct Writer {
    store: DynStore,
    shared: std::sync::Arc<Shared>,
    state: State,
    /// Failures in a row.
    failures: u32,
    /// No try before this (backing off).
    retry_at: Option<Instant>,
    /// The last claim while not the writer.
    last_claim: Option<Instant>,
}

impl Writer {
    /// Moves to `next`, logging the change (only a change).
    fn enter(&mut self, next: State, error: Option<&str>) {
        let before = std::mem::replace(&mut self.state, next);
        if before == next {
            return;
        }
        match (before, next) {
            (State::Failing, State::Recording) => tracing::info!("history: writes work again"),
            (_, State::Recording) => tracing::info!("history: this replica records"),
            (_, State::Standby) => {
                tracing::info!("history: another replica records; this one stands by")
            }
            (_, State::Failing) => tracing::warn!(
                error = error.unwrap_or_default(),
                "history is off: the store refused a write (tried again after a pause, up to {} \
                 s; the next change of state is logged)",
                BACKOFF_MAX.as_secs()
            ),
            (_, State::Starting) => {}
        }
    }

    /// Whether this replica writes: asks the store at most every [`CLAIM_EVERY`] while
    /// standing by, and at once after a failure (the lock may have gone with the connection).
    async fn is_writer(&mut self) -> Result<bool, String> {
        if self.shared.writer.load(Ordering::Relaxed) {
            return Ok(true);
        }
        if self.state == State::Standby
            && self.last_claim.is_some_and(|t| t.elapsed() < CLAIM_EVERY)
        {
            return Ok(false);
        }
        self.last_claim = Some(Instant::now());
        let got = self.store.claim_writer().await.map_err(|e| e.to_string())?;
        self.shared.writer.store(got, Ordering::Relaxed);
        if got && self.state != State::Failing {
            self.enter(State::Recording, None);
        } else if !got {
            // This replica's writes are not the history's: no failure of its own to report.
            self.failures = 0;
            self.retry_at = None;
            self.shared.set_error(None);
            self.enter(State::Standby, None);
        }
        Ok(got)
    }

    /// A batch of `n` records (or the claim before it) failed with `e`.
    fn failed(&mut self, n: u64, e: String) {
        // Perhaps the connection (and the writer lock with it) was lost: claim again.
        self.shared.writer.store(false, Ordering::Relaxed);
        self.shared.failed_batches.fetch_add(1, Ordering::Relaxed);
        self.shared.dropped.fetch_add(n, Ordering::Relaxed);
        self.failures = self.failures.saturating_add(1);
        self.retry_at = Some(Instant::now() + backoff(self.failures));
        self.enter(State::Failing, Some(&e));
        self.shared.set_error(Some(e));
    }

    /// Writes `buf` (emptying it), if this replica writes.
    async fn write(&mut self, buf: &mut Vec<Record>) {
        let n = buf.len() as u64;
        match self.is_writer().await {
            Ok(true) => {}
            Ok(false) => {
                self.shared.standby_skipped.fetch_add(n, Ordering::Relaxed);
                buf.clear();
                return;
            }
            Err(e) => {
                buf.clear();
                return self.failed(n, e);
            }
        }
        match self.store.write(std::mem::take(buf)).await {
            Ok(()) => {
                self.shared.written.fetch_add(n, Ordering::Relaxed);
                self.failures = 0;
                self.retry_at = None;
                self.shared.set_error(None);
                self.enter(State::Recording, None);
            }
            Err(e) => self.failed(n, e.to_string()),
        }
    }
}

/// Writes what is waiting, one transaction per batch, until every sender is gone; backs off
/// while the store fails.
pub async fn write_loop(
    store: DynStore,
    mut rx: mpsc::Receiver<Record>,
    shared: std::sync::Arc<Shared>,
) {
    let mut w = Writer {
        store,
        shared,
        state: State::Starting,
        failures: 0,
        retry_at: None,
        last_claim: None,
    };
    let mut buf = Vec::with_capacity(BATCH);
    while rx.recv_many(&mut buf, BATCH).await > 0 {
        if let Some(at) = w.retry_at {
            tokio::time::sleep_until(at).await;
            // What arrived during the pause goes in the same try.
            while buf.len() < BATCH {
                match rx.try_recv() {
                    Ok(r) => buf.push(r),
                    Err(_) => break,
                }
            }
        }
        w.write(&mut buf).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_backoff_doubles_and_is_bounded() {
        assert_eq!(backoff(0), Duration::ZERO);
        assert_eq!(backoff(1), BACKOFF_FIRST);
        assert_eq!(backoff(2), BACKOFF_FIRST * 2);
        assert_eq!(backoff(3), BACKOFF_FIRST * 4);
        assert_eq!(backoff(8), BACKOFF_MAX);
        assert_eq!(backoff(u32::MAX), BACKOFF_MAX);
    }
}
