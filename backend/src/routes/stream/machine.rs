//! The push stream's state machine: what goes out next on one browser's SSE stream, and when.
//! It knows nothing of HTTP; [`super`] turns each [`Outgoing`] into an SSE event.
//!
//! States and transitions:
//!
//! * **Start**: the queue holds the snapshot, or (with a `Last-Event-ID` the change log still
//!   covers) the changes the browser missed. → Live.
//! * **Live**: the next event starts with the first queued message, else the next change off
//!   the store's channel (one already covered by the snapshot or resume is skipped). A change
//!   that comes at least [`BURST_GAP`] after the last event, or after a full one, → Batch at
//!   once (a lone change waits for nothing); one within [`BURST_GAP`] → Burst.
//! * **Burst** (coalescing): until [`BURST_PACE`] after the last event, what comes is taken
//!   off the channel into the queue (so waiting never makes the stream lag). → Batch.
//! * **Batch**: the first message, the queue and whatever already waits on the channel go out
//!   as one event (at most [`MAX_BATCH`] messages), with the id of the last one. → Live, or
//!   Lagged when the channel dropped messages during the Burst or the Batch.
//! * **Lagged**: the channel dropped messages for this stream (it fell more than the channel's
//!   capacity behind). Seen while Live, the event is at once a fresh snapshot (the queue is
//!   dropped, the channel resubscribed, [`Metrics::stream_resyncs`] counted); seen in a Burst or
//!   Batch, the event being built still goes out, the queue after it, then the snapshot. → Live.
//! * **Closed**: the channel closed, or the caller may no longer read (its visibility check failed): the
//!   stream ends and the browser reconnects.
//!
//! Each state is a variant of `State`, holding what it carries to the next; `Context::step`
//! makes one transition and returns the event to send, if any.
//!
//! Every message passes the caller's [`Visibility`] (token mode shows only what the user may read).

use crate::error::ApiErr;
use crate::metrics::Metrics;
use crate::store::{Sequenced, Start, Store};
use model::wire::StreamMsg;
use std::collections::VecDeque;
use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio::sync::broadcast::Receiver;
use tokio::sync::broadcast::error::{RecvError, TryRecvError};
use tokio::time::Instant;

/// At most this many messages go out in one SSE event.
pub const MAX_BATCH: usize = 512;
/// A change that comes less than this after the last event is part of a burst...
pub const BURST_GAP: Duration = Duration::from_millis(10);
/// ...and waits, gathering what else comes meanwhile, until this long after that event. A
/// burst of 1,000 changes (10% of 10,000 VMIs) then costs the browser about one event per
/// `BURST_PACE` rather than one per change; a lone change still goes out at once.
pub const BURST_PACE: Duration = Duration::from_millis(50);

/// What of a message the stream's caller may see.
pub trait Visibility: Send + Sync {
    /// `Ok(None)`: nothing of it; `Err`: the caller may read nothing now (the stream closes).
    fn visible_part(
        &self,
        msg: &Arc<StreamMsg>,
    ) -> impl Future<Output = Result<Option<Arc<StreamMsg>>, ApiErr>> + Send;
}

/// One event to send: the messages, and the sequence number of the last one (its SSE id).
#[derive(Debug)]
pub struct Outgoing {
    pub id: u64,
    pub msgs: Vec<Arc<StreamMsg>>,
}

/// Where the stream is between two events: the states of the doc above, each holding what
/// it carries to the next (the shape of kube-runtime's `watcher`: one [`step`](Context::step)
/// takes a state and returns the event to send, if any, and the next state).
enum State {
    /// What the store gave at subscription: the snapshot or the missed changes.
    Start(Start),
    Live,
    /// Gathering until `until`; `first` opens the event.
    Burst {
        seq: u64,
        first: Arc<StreamMsg>,
        until: Instant,
        lagged: bool,
    },
    /// The event opened by `first` is built and sent; `lagged`: then a snapshot is due.
    Batch {
        seq: u64,
        first: Arc<StreamMsg>,
        lagged: bool,
    },
    /// The next event, after the queue, is a fresh snapshot.
    Lagged,
    Closed,
}

/// How long [`Context::receive`] may wait.
#[derive(Clone, Copy)]
enum Wait {
    Forever,
    Until(Instant),
    /// Only what already waits.
    No,
}

/// What [`Context::receive`] got.
enum Received {
    Msg(Sequenced),
    /// The stream fell behind: messages were dropped.
    Lagged,
    Closed,
    /// Nothing (more) within the wait.
    Nothing,
}

/// One stream: its state and what every state works with.
pub struct Machine<F> {
    state: State,
    ctx: Context<F>,
}

/// What the states share: the queue, the channel and what was sent.
struct Context<F> {
    /// Messages to send before anything new from the channel.
    pending: VecDeque<Sequenced>,
    rx: Receiver<Sequenced>,
    /// The highest sequence number taken: anything up to it on the channel is skipped.
    after: u64,
    /// When the last event went out, and whether it was full ([`MAX_BATCH`]).
    sent: Option<(Instant, bool)>,
    store: Arc<Store>,
    metrics: Arc<Metrics>,
    visibility: F,
}

impl<F: Visibility> Machine<F> {
    /// A stream from `last_seen` (the browser's `Last-Event-ID`): a resume when the change log
    /// still covers it, else a snapshot.
    pub fn start(
        store: Arc<Store>,
        metrics: Arc<Metrics>,
        visibility: F,
        last_seen: Option<u64>,
    ) -> Machine<F> {
        let (start, rx) = store.subscribe(last_seen);
        Machine {
            state: State::Start(start),
            ctx: Context {
                pending: VecDeque::new(),
                rx,
                after: last_seen.unwrap_or(0),
                sent: None,
                store,
                metrics,
                visibility,
            },
        }
    }

    /// The next event; `None` when the stream ends.
    pub async fn next_event(&mut self) -> Option<Outgoing> {
        loop {
            let state = std::mem::replace(&mut self.state, State::Closed);
            if matches!(state, State::Closed) {
                return None;
            }
            let (event, next) = self.ctx.step(state).await;
            self.state = next;
            if event.is_some() {
                return event;
            }
        }
    }
}

impl<F: Visibility> Context<F> {
    /// One transition: the event to send, if any, and the next state.
    async fn step(&mut self, state: State) -> (Option<Outgoing>, State) {
        match state {
            State::Start(start) => {
                self.pending = match start {
                    Start::Resume(missed) => missed.into(),
                    Start::Snapshot(s) => VecDeque::from([s]),
                };
                if let Some((seq, _)) = self.pending.back() {
                    self.after = *seq;
                }
                (None, State::Live)
            }
            State::Live => (None, self.open(false).await),
            State::Lagged => (None, self.open(true).await),
            State::Burst {
                seq,
                first,
                until,
                lagged,
            } => {
                let lagged = self.gather(until).await || lagged;
                (None, State::Batch { seq, first, lagged })
            }
            State::Batch { seq, first, lagged } => {
                let (out, lagged_now) = self.batch(seq, first).await;
                let next = if lagged || lagged_now {
                    State::Lagged
                } else {
                    State::Live
                };
                (Some(out), next)
            }
            State::Closed => (None, State::Closed),
        }
    }

    /// Live (or Lagged): the first message of the next event, through the caller's visibility; → Burst or
    /// Batch with it, Live again when the caller may not see it, Closed when the stream ends.
    async fn open(&mut self, lagged: bool) -> State {
        // Lagged: the queue goes out first, then the snapshot (after which the stream is live).
        let (first, lagged) = match self.pending.pop_front() {
            Some(m) => (Some(m), lagged),
            None if lagged => (Some(self.resync()), false),
            None => (self.first_off_channel().await, false),
        };
        let Some((seq, msg)) = first else {
            return State::Closed;
        };
        self.after = self.after.max(seq);
        let first = match self.visibility.visible_part(&msg).await {
            Ok(Some(m)) => m,
            Ok(None) if lagged => return State::Lagged,
            Ok(None) => return State::Live,
            // The session ended or the access review failed: close; the browser reconnects.
            Err(_) => return State::Closed,
        };
        match self.burst_until() {
            Some(until) => State::Burst {
                seq,
                first,
                until,
                lagged,
            },
            None => State::Batch { seq, first, lagged },
        }
    }
    /// Live, the queue empty: the next change off the channel (a lag: a fresh snapshot).
    async fn first_off_channel(&mut self) -> Option<Sequenced> {
        loop {
            match self.receive(Wait::Forever).await {
                Received::Msg(m) => return Some(m),
                Received::Lagged => return Some(self.resync()),
                Received::Closed => return None,
                Received::Nothing => {}
            }
        }
    }

    /// When the stream is in a burst: until when it gathers.
    fn burst_until(&self) -> Option<Instant> {
        match self.sent {
            Some((at, false)) if at.elapsed() < BURST_GAP => Some(at + BURST_PACE),
            _ => None,
        }
    }

    /// Burst: takes what comes off the channel into the queue until `until`; true when the
    /// channel dropped messages meanwhile.
    async fn gather(&mut self, until: Instant) -> bool {
        loop {
            match self.receive(Wait::Until(until)).await {
                Received::Msg(m) => self.pending.push_back(m),
                Received::Lagged => return true,
                Received::Closed | Received::Nothing => return false,
            }
        }
    }

    /// Batch: `first` and what is already waiting, as one event; true when the channel
    /// dropped messages meanwhile.
    async fn batch(&mut self, seq: u64, first: Arc<StreamMsg>) -> (Outgoing, bool) {
        let mut msgs = vec![first];
        let mut last = seq;
        let mut lagged = false;
        while msgs.len() < MAX_BATCH {
            let (seq, msg) = match self.pending.pop_front() {
                Some(m) => m,
                None => match self.receive(Wait::No).await {
                    Received::Msg(m) => m,
                    Received::Lagged => {
                        lagged = true;
                        break;
                    }
                    Received::Closed | Received::Nothing => break,
                },
            };
            self.after = self.after.max(seq);
            last = seq;
            match self.visibility.visible_part(&msg).await {
                Ok(Some(m)) => msgs.push(m),
                Ok(None) => {}
                Err(_) => break,
            }
        }
        self.metrics
            .events_fanned_out
            .fetch_add(msgs.len() as u64, Ordering::Relaxed);
        self.sent = Some((Instant::now(), msgs.len() >= MAX_BATCH));
        (Outgoing { id: last, msgs }, lagged)
    }

    /// The one receive: the next change off the channel within `wait`, skipping those already
    /// covered by the snapshot or resume.
    async fn receive(&mut self, wait: Wait) -> Received {
        loop {
            let got = match wait {
                Wait::Forever => self.rx.recv().await,
                Wait::Until(t) => match tokio::time::timeout_at(t, self.rx.recv()).await {
                    Ok(got) => got,
                    Err(_) => return Received::Nothing,
                },
                Wait::No => match self.rx.try_recv() {
                    Ok(m) => Ok(m),
                    Err(TryRecvError::Empty) => return Received::Nothing,
                    Err(TryRecvError::Lagged(n)) => Err(RecvError::Lagged(n)),
                    Err(TryRecvError::Closed) => Err(RecvError::Closed),
                },
            };
            return match got {
                Ok(m) if m.0 <= self.after => continue,
                Ok(m) => Received::Msg(m),
                Err(RecvError::Lagged(_)) => Received::Lagged,
                Err(RecvError::Closed) => Received::Closed,
            };
        }
    }

    /// Lagged → a fresh snapshot: drop what is queued and start again from the store.
    fn resync(&mut self) -> Sequenced {
        self.rx = self.rx.resubscribe();
        self.pending.clear();
        self.metrics.stream_resyncs.fetch_add(1, Ordering::Relaxed);
        self.store.snapshot()
    }
}

#[cfg(test)]
mod step_tests;
#[cfg(test)]
mod tests;
