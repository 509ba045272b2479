//! The state machine on paused time: no real waits, exact instants.

use super::*;
use tokio::time::{advance, sleep};

/// Lets every message through.
struct Everything;

impl Visibility for Everything {
    async fn visible_part(&self, msg: &Arc<StreamMsg>) -> Result<Option<Arc<StreamMsg>>, ApiErr> {
        Ok(Some(msg.clone()))
    }
}

fn summary(name: &str, phase: &str) -> model::VmiSummary {
    model::VmiSummary::from_vmi(&model::kube::vmi::Vmi::from_value(&serde_json::json!({
        "metadata": {"name": name, "namespace": "ns"}, "status": {"phase": phase}
    })))
}

/// A store holding `a` (channel of `channel` messages) and a machine past its snapshot.
async fn past_snapshot(channel: usize) -> (Arc<Store>, Arc<Metrics>, Machine<Everything>) {
    let store = Arc::new(Store::new(1000, channel));
    store.replace_all(vec![summary("a", "Running")]);
    let metrics = Arc::new(Metrics::default());
    let mut m = Machine::start(store.clone(), metrics.clone(), Everything, None);
    let snapshot = m.next_event().await.unwrap();
    assert!(matches!(&*snapshot.msgs[0], StreamMsg::Snapshot { .. }));
    (store, metrics, m)
}

fn names(out: &Outgoing) -> Vec<String> {
    out.msgs
        .iter()
        .map(|m| match &**m {
            StreamMsg::Upsert { item } => item.key.name.clone(),
            other => format!("{other:?}"),
        })
        .collect()
}

/// Upserts `name` after `delay`, in the background.
fn upsert_after(store: &Arc<Store>, delay: Duration, name: &'static str) {
    let store = store.clone();
    tokio::spawn(async move {
        sleep(delay).await;
        store.upsert(summary(name, "Pending"));
    });
}

#[tokio::test(start_paused = true)]
async fn a_lone_change_goes_out_at_once() {
    let (store, _, mut m) = past_snapshot(1000).await;
    advance(Duration::from_secs(1)).await;
    let t = Instant::now();
    store.upsert(summary("b", "Pending"));
    let out = m.next_event().await.unwrap();
    assert_eq!(names(&out), ["b"]);
    assert_eq!(
        t.elapsed(),
        Duration::ZERO,
        "a lone change waits for nothing"
    );
    // A change more than BURST_GAP after that event is lone too.
    upsert_after(&store, BURST_GAP + Duration::from_millis(1), "c");
    let out = m.next_event().await.unwrap();
    assert_eq!(names(&out), ["c"]);
    assert_eq!(t.elapsed(), BURST_GAP + Duration::from_millis(1));
}

#[tokio::test(start_paused = true)]
async fn changes_within_the_gap_coalesce_and_go_out_at_the_pace() {
    let (store, metrics, mut m) = past_snapshot(1000).await;
    advance(Duration::from_secs(1)).await;
    store.upsert(summary("b", "Pending"));
    let t0 = Instant::now();
    assert_eq!(names(&m.next_event().await.unwrap()), ["b"]);
    // Within BURST_GAP of that event: a burst, gathered until BURST_PACE after it.
    upsert_after(&store, Duration::from_millis(5), "c");
    upsert_after(&store, Duration::from_millis(20), "d");
    upsert_after(&store, Duration::from_millis(45), "e");
    let out = m.next_event().await.unwrap();
    assert_eq!(names(&out), ["c", "d", "e"]);
    assert_eq!(t0.elapsed(), BURST_PACE, "at most one event per BURST_PACE");
    // Still within the gap of the last event: the next one waits for the pace again.
    let t1 = Instant::now();
    upsert_after(&store, Duration::from_millis(5), "f");
    let out = m.next_event().await.unwrap();
    assert_eq!(names(&out), ["f"]);
    assert_eq!(t1.elapsed(), BURST_PACE);
    assert_eq!(out.id, store.snapshot().0, "the id is the last message's");
    assert_eq!(
        metrics.events_fanned_out.load(Ordering::Relaxed),
        1 + 1 + 3 + 1
    );
}

#[tokio::test(start_paused = true)]
async fn what_already_waits_goes_out_as_one_event() {
    let (store, _, mut m) = past_snapshot(1000).await;
    advance(Duration::from_secs(1)).await;
    for i in 0..(MAX_BATCH + 10) {
        store.upsert(summary(&format!("v{i:04}"), "Pending"));
    }
    let t = Instant::now();
    let out = m.next_event().await.unwrap();
    assert_eq!(out.msgs.len(), MAX_BATCH, "at most MAX_BATCH per event");
    // After a full event, the rest is no burst: it goes out at once.
    let out = m.next_event().await.unwrap();
    assert_eq!(out.msgs.len(), 10);
    assert_eq!(t.elapsed(), Duration::ZERO);
}

#[tokio::test(start_paused = true)]
async fn a_resume_sends_the_missed_changes_then_live_ones() {
    let store = Arc::new(Store::new(1000, 1000));
    store.replace_all(vec![summary("a", "Running")]);
    let seen = store.snapshot().0;
    store.upsert(summary("b", "Pending"));
    store.upsert(summary("c", "Pending"));
    let metrics = Arc::new(Metrics::default());
    let mut m = Machine::start(store.clone(), metrics, Everything, Some(seen));
    let out = m.next_event().await.unwrap();
    assert_eq!(names(&out), ["b", "c"], "the missed changes, no snapshot");
    assert_eq!(out.id, seen + 2);
    advance(Duration::from_secs(1)).await;
    store.upsert(summary("d", "Pending"));
    assert_eq!(names(&m.next_event().await.unwrap()), ["d"]);
    // An id the log no longer covers (or from the future) gets a snapshot.
    let mut m = Machine::start(store.clone(), Arc::default(), Everything, Some(seen + 99));
    let out = m.next_event().await.unwrap();
    assert!(matches!(&*out.msgs[0], StreamMsg::Snapshot { items, .. } if items.len() == 4));
}

#[tokio::test(start_paused = true)]
async fn a_lagging_stream_gets_a_snapshot() {
    let (store, metrics, mut m) = past_snapshot(4).await;
    // Far more changes than the channel holds, while nothing is read.
    for i in 0..50 {
        store.upsert(summary(&format!("v{i:02}"), "Pending"));
    }
    let out = m.next_event().await.unwrap();
    let StreamMsg::Snapshot { items, .. } = &*out.msgs[0] else {
        panic!("a snapshot, not {:?}", out.msgs[0]);
    };
    assert_eq!(items.len(), 51, "the resync holds the latest state");
    assert_eq!(out.id, store.snapshot().0);
    assert_eq!(metrics.stream_resyncs.load(Ordering::Relaxed), 1);
    // Then live again.
    advance(Duration::from_secs(1)).await;
    store.upsert(summary("w", "Pending"));
    assert_eq!(names(&m.next_event().await.unwrap()), ["w"]);
}

#[tokio::test(start_paused = true)]
async fn a_lag_during_a_burst_sends_what_was_gathered_then_a_snapshot() {
    let (store, metrics, mut m) = past_snapshot(4).await;
    advance(Duration::from_secs(1)).await;
    store.upsert(summary("b", "Pending"));
    assert_eq!(names(&m.next_event().await.unwrap()), ["b"]);
    // In the burst, the first change is taken, then more than the channel holds at once.
    upsert_after(&store, Duration::from_millis(5), "c");
    let flood = store.clone();
    tokio::spawn(async move {
        sleep(Duration::from_millis(6)).await;
        for i in 0..50 {
            flood.upsert(summary(&format!("v{i:02}"), "Pending"));
        }
    });
    let out = m.next_event().await.unwrap();
    assert_eq!(names(&out)[0], "c");
    let out = m.next_event().await.unwrap();
    assert!(
        matches!(&*out.msgs[0], StreamMsg::Snapshot { items, .. } if items.len() == 53),
        "{out:?}"
    );
    assert_eq!(metrics.stream_resyncs.load(Ordering::Relaxed), 1);
}
