//! Each transition of [`Context::step`], from a state built by hand (paused time).

use super::*;
use axum::http::StatusCode;
use tokio::time::advance;

/// Lets every message through, hides every one, or fails.
#[derive(Clone, Copy)]
enum Rule {
    All,
    Nothing,
    Fail,
}

impl Visibility for Rule {
    async fn visible_part(&self, msg: &Arc<StreamMsg>) -> Result<Option<Arc<StreamMsg>>, ApiErr> {
        match self {
            Rule::All => Ok(Some(msg.clone())),
            Rule::Nothing => Ok(None),
            Rule::Fail => Err(ApiErr::new(StatusCode::FORBIDDEN, "no")),
        }
    }
}

fn upsert(store: &Store, name: &str) {
    store.upsert(model::VmiSummary::from_vmi(
        &model::kube::vmi::Vmi::from_value(&serde_json::json!({
            "metadata": {"name": name, "namespace": "ns"}, "status": {"phase": "Pending"}
        })),
    ));
}

/// A store with one VMI (channel of `channel` messages) and a context subscribed to it from
/// `last_seen`, with the store's start.
fn context(
    channel: usize,
    rule: Rule,
    last_seen: Option<u64>,
) -> (Arc<Store>, Context<Rule>, Start) {
    let store = Arc::new(Store::new(1000, channel));
    upsert(&store, "a");
    let (start, rx) = store.subscribe(last_seen);
    let ctx = Context {
        pending: VecDeque::new(),
        rx,
        after: last_seen.unwrap_or(0),
        sent: None,
        store: store.clone(),
        metrics: Arc::new(Metrics::default()),
        visibility: rule,
    };
    (store, ctx, start)
}

fn name(msg: &StreamMsg) -> String {
    match msg {
        StreamMsg::Upsert { item } => item.key.name.clone(),
        StreamMsg::Snapshot { items, .. } => format!("snapshot of {}", items.len()),
        other => format!("{other:?}"),
    }
}

#[tokio::test(start_paused = true)]
async fn start_queues_the_snapshot_or_the_missed_changes_then_live() {
    let (store, mut ctx, start) = context(100, Rule::All, None);
    let (event, next) = ctx.step(State::Start(start)).await;
    assert!(event.is_none());
    assert!(matches!(next, State::Live));
    assert_eq!(ctx.pending.len(), 1);
    assert_eq!(name(&ctx.pending[0].1), "snapshot of 1");
    assert_eq!(ctx.after, store.snapshot().0);

    let (store, _, _) = context(100, Rule::All, None);
    let seen = store.snapshot().0;
    upsert(&store, "b");
    upsert(&store, "c");
    let (start, rx) = store.subscribe(Some(seen));
    ctx.rx = rx;
    ctx.pending.clear();
    let (event, next) = ctx.step(State::Start(start)).await;
    assert!(event.is_none() && matches!(next, State::Live));
    let queued: Vec<_> = ctx.pending.iter().map(|(_, m)| name(m)).collect();
    assert_eq!(queued, ["b", "c"]);
    assert_eq!(ctx.after, seen + 2);
}

#[tokio::test(start_paused = true)]
async fn live_opens_a_batch_at_once_or_a_burst_soon_after_an_event() {
    let (store, mut ctx, _) = context(100, Rule::All, None);
    upsert(&store, "b");
    let (event, next) = ctx.step(State::Live).await;
    assert!(event.is_none());
    let State::Batch { seq, first, lagged } = next else {
        panic!("a batch");
    };
    assert_eq!((name(&first), lagged), ("b".to_string(), false));
    assert_eq!((seq, ctx.after), (store.snapshot().0, store.snapshot().0));

    // An event went out less than BURST_GAP ago: a burst until BURST_PACE after it.
    let at = Instant::now();
    ctx.sent = Some((at, false));
    upsert(&store, "c");
    let (_, next) = ctx.step(State::Live).await;
    assert!(matches!(next, State::Burst { until, lagged: false, .. } if until == at + BURST_PACE));
    // ...unless that event was full.
    ctx.sent = Some((at, true));
    upsert(&store, "d");
    assert!(matches!(ctx.step(State::Live).await.1, State::Batch { .. }));
}

#[tokio::test(start_paused = true)]
async fn live_skips_what_the_caller_may_not_see_and_closes_when_it_may_see_nothing() {
    let (store, mut ctx, _) = context(100, Rule::Nothing, None);
    upsert(&store, "b");
    let (event, next) = ctx.step(State::Live).await;
    assert!(event.is_none() && matches!(next, State::Live));
    assert_eq!(ctx.after, store.snapshot().0, "taken, so not sent later");

    ctx.visibility = Rule::Fail;
    upsert(&store, "c");
    let (event, next) = ctx.step(State::Live).await;
    assert!(event.is_none() && matches!(next, State::Closed));
    let (event, next) = ctx.step(State::Closed).await;
    assert!(
        event.is_none() && matches!(next, State::Closed),
        "Closed stays"
    );
}

#[tokio::test(start_paused = true)]
async fn live_on_a_lagged_channel_opens_with_a_fresh_snapshot() {
    let (store, mut ctx, _) = context(4, Rule::All, None);
    for i in 0..20 {
        upsert(&store, &format!("v{i:02}"));
    }
    let (_, next) = ctx.step(State::Live).await;
    let State::Batch { seq, first, lagged } = next else {
        panic!("a batch");
    };
    assert_eq!(name(&first), "snapshot of 21");
    assert_eq!((seq, lagged), (store.snapshot().0, false));
    assert_eq!(ctx.metrics.stream_resyncs.load(Ordering::Relaxed), 1);
}

#[tokio::test(start_paused = true)]
async fn burst_gathers_until_its_end_then_batch() {
    let (store, mut ctx, _) = context(100, Rule::All, None);
    ctx.after = store.snapshot().0;
    let first = store.snapshot().1;
    let until = Instant::now() + BURST_PACE;
    let late = store.clone();
    tokio::spawn(async move {
        tokio::time::sleep(BURST_PACE / 2).await;
        upsert(&late, "b");
        tokio::time::sleep(BURST_PACE).await;
        upsert(&late, "too late");
    });
    let (event, next) = ctx
        .step(State::Burst {
            seq: 1,
            first,
            until,
            lagged: false,
        })
        .await;
    assert!(event.is_none());
    assert!(matches!(
        next,
        State::Batch {
            seq: 1,
            lagged: false,
            ..
        }
    ));
    assert_eq!(Instant::now(), until, "waits for the end of the burst");
    let queued: Vec<_> = ctx.pending.iter().map(|(_, m)| name(m)).collect();
    assert_eq!(queued, ["b"]);

    // The channel drops messages during the burst: the batch still goes out, then Lagged.
    let (store, mut ctx, _) = context(4, Rule::All, None);
    ctx.after = store.snapshot().0;
    for i in 0..20 {
        upsert(&store, &format!("v{i:02}"));
    }
    let first = store.snapshot().1;
    let until = Instant::now() + BURST_PACE;
    let (_, next) = ctx
        .step(State::Burst {
            seq: 1,
            first,
            until,
            lagged: false,
        })
        .await;
    assert!(matches!(next, State::Batch { lagged: true, .. }));
}

#[tokio::test(start_paused = true)]
async fn batch_sends_the_first_the_queue_and_what_waits_then_live_or_lagged() {
    let (store, mut ctx, _) = context(100, Rule::All, None);
    ctx.after = store.snapshot().0;
    upsert(&store, "q");
    ctx.pending.push_back(ctx.rx.try_recv().unwrap());
    upsert(&store, "w");
    let first = ctx.store.snapshot().1;
    advance(Duration::from_secs(1)).await;
    let (event, next) = ctx
        .step(State::Batch {
            seq: 1,
            first,
            lagged: false,
        })
        .await;
    let out = event.expect("an event");
    let names: Vec<_> = out.msgs.iter().map(|m| name(m)).collect();
    assert_eq!(names, ["snapshot of 3", "q", "w"]);
    assert_eq!(out.id, store.snapshot().0, "the id is the last message's");
    assert!(matches!(next, State::Live));
    assert_eq!(ctx.sent, Some((Instant::now(), false)));
    assert_eq!(ctx.metrics.events_fanned_out.load(Ordering::Relaxed), 3);

    // A lag seen before (in the burst) or now: a snapshot is due.
    let first = ctx.store.snapshot().1;
    let (event, next) = ctx
        .step(State::Batch {
            seq: 9,
            first,
            lagged: true,
        })
        .await;
    assert_eq!(event.expect("still sent").id, 9);
    assert!(matches!(next, State::Lagged));
}

#[tokio::test(start_paused = true)]
async fn lagged_sends_the_queue_first_then_a_snapshot_and_is_live_again() {
    let (store, mut ctx, _) = context(100, Rule::All, None);
    ctx.after = store.snapshot().0;
    upsert(&store, "q");
    ctx.pending.push_back(ctx.rx.try_recv().unwrap());
    let (event, next) = ctx.step(State::Lagged).await;
    assert!(event.is_none());
    let State::Batch { first, lagged, .. } = next else {
        panic!("a batch");
    };
    assert_eq!(
        (name(&first), lagged),
        ("q".to_string(), true),
        "the queue first"
    );

    let (_, next) = ctx.step(State::Lagged).await;
    let State::Batch { first, lagged, .. } = next else {
        panic!("a batch");
    };
    assert_eq!((name(&first), lagged), ("snapshot of 2".to_string(), false));
    assert_eq!(ctx.metrics.stream_resyncs.load(Ordering::Relaxed), 1);
}
