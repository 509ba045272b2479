//! A failing store (a full disk) is tried again after a bounded exponential pause, not once per
//! batch, and the log says each change of state once. Time is tokio's paused clock: the minutes
//! below pass at once and the counts do not depend on the machine's speed.

#[path = "support/logs.rs"]
mod logs;

use async_trait::async_trait;
use backend::history::retention::Bounds;
use backend::history::writer::{BACKOFF_FIRST, BACKOFF_MAX};
use backend::history::{
    Changed, History, HistoryHandle, HistoryStore, Record, Stats, Step, StoreError, Transition,
    VmiId,
};
use model::VmiKey;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// A store whose writes fail (`database or disk is full`) until `fail_until` attempts were made.
struct Full {
    attempts: AtomicU64,
    fail_until: u64,
}

#[async_trait]
impl HistoryStore for Full {
    fn backend(&self) -> &'static str {
        "sqlite"
    }
    async fn write(&self, _: Vec<Record>) -> Result<(), StoreError> {
        let n = self.attempts.fetch_add(1, Ordering::Relaxed) + 1;
        if n <= self.fail_until {
            return Err(StoreError("database or disk is full".into()));
        }
        Ok(())
    }
    async fn history(&self, _: &VmiId, _: i64, _: i64) -> Result<History, StoreError> {
        Ok(History::default())
    }
    async fn changes(
        &self,
        _: i64,
        _: usize,
        _: Option<&[String]>,
    ) -> Result<Vec<Changed>, StoreError> {
        Ok(Vec::new())
    }
    async fn detail_at(&self, _: &VmiId, _: i64) -> Result<Option<(i64, Vec<u8>)>, StoreError> {
        Ok(None)
    }
    async fn latest_uid(&self, _: &VmiKey) -> Result<Option<String>, StoreError> {
        Ok(None)
    }
    async fn delete_before(&self, _: i64) -> Result<u64, StoreError> {
        Ok(0)
    }
    async fn span(&self) -> Result<Option<(i64, i64)>, StoreError> {
        Ok(None)
    }
    async fn compact(&self) -> Result<(), StoreError> {
        Ok(())
    }
    async fn stats(&self) -> Result<Stats, StoreError> {
        Ok(Stats::default())
    }
}

fn row() -> Record {
    Record::Transition(
        VmiId::new(
            VmiKey {
                cluster: String::new(),
                namespace: "prod".into(),
                name: "a".into(),
            },
            "uid-a",
        ),
        Transition {
            at: 1,
            step: Step::Phase {
                old: String::new(),
                new: "Running".into(),
            },
            title: "ok".into(),
        },
    )
}

/// Records one row every 10 ms for `secs` seconds (a busy cluster: 100 batches a second
/// without the pause).
async fn busy(h: &HistoryHandle, secs: u64) {
    for _ in 0..secs * 100 {
        h.record(row());
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The tries a store failing all along gets in `secs`: at 0, then after each pause
/// (`BACKOFF_FIRST` doubling up to `BACKOFF_MAX`).
fn tries_within(secs: u64) -> u64 {
    let (mut at, mut pause, mut n) = (Duration::ZERO, BACKOFF_FIRST, 0);
    while at <= Duration::from_secs(secs) {
        n += 1;
        at += pause;
        pause = (pause * 2).min(BACKOFF_MAX);
    }
    n
}

#[tokio::test(start_paused = true)]
async fn a_full_disk_is_tried_with_backoff_and_logged_once() {
    let logs = logs::Local::new();
    let store = Arc::new(Full {
        attempts: AtomicU64::new(0),
        fail_until: u64::MAX,
    });
    let h = HistoryHandle::with_store(store.clone(), Bounds::default());
    busy(&h, 120).await;
    let attempts = store.attempts.load(Ordering::Relaxed);
    // 12,000 records in 120 s: one try per pause, not one per batch.
    let expected = tries_within(120);
    assert!(
        attempts >= 5 && attempts <= expected + 1,
        "{attempts} tries (a pause schedule allows {expected})"
    );
    let status = h.status();
    assert!(!status.enabled);
    assert_eq!(status.failed_batches, attempts);
    assert!(status.error.as_deref().unwrap().contains("disk is full"));
    assert_eq!(logs.lines_with("history is off"), 1, "{}", logs.text());
    assert_eq!(
        logs.lines_with("this replica records"),
        1,
        "the claim, once, not again at each try: {}",
        logs.text()
    );
}

#[tokio::test(start_paused = true)]
async fn writes_that_work_again_end_the_backoff_and_say_so_once() {
    let logs = logs::Local::new();
    let store = Arc::new(Full {
        attempts: AtomicU64::new(0),
        fail_until: 4,
    });
    let h = HistoryHandle::with_store(store.clone(), Bounds::default());
    busy(&h, 60).await;
    let status = h.status();
    assert!(status.enabled, "{status:?}");
    assert_eq!(status.error, None);
    assert_eq!(status.failed_batches, 4);
    assert!(status.written > 0);
    let tries_after = store.attempts.load(Ordering::Relaxed) - 4;
    assert!(
        tries_after > 100,
        "once it works, batches are written as they come ({tries_after} tries)"
    );
    assert_eq!(logs.lines_with("history is off"), 1, "{}", logs.text());
    assert_eq!(logs.lines_with("writes work again"), 1, "{}", logs.text());
}
