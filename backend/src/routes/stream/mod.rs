//! `GET /api/v1/stream`: server-sent events, one stream per browser tab ([`model::wire`]).
//! What goes out and when is the [`machine`]'s; this module reads the `Last-Event-ID`, counts
//! connected clients and writes each event as SSE (`id`, `event`, JSON `data`; several messages
//! as one `batch`), with a keep-alive comment every 15 s.

pub mod machine;

use super::{AppState, redact};
use crate::auth::Caller;
use crate::error::ApiErr;
use crate::metrics::Metrics;
use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::routing::get;
use futures::Stream;
use machine::{Filter, Machine, Outgoing};
use model::wire::{EVENT_NAME, StreamMsg};
use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

pub fn routes() -> Router<AppState> {
    Router::new().route("/api/v1/stream", get(stream))
}

/// The caller's view of the stream ([`redact::stream_msg`]).
struct CallerFilter {
    state: AppState,
    caller: Caller,
}

impl Filter for CallerFilter {
    async fn filter(&self, msg: &Arc<StreamMsg>) -> Result<Option<Arc<StreamMsg>>, ApiErr> {
        redact::stream_msg(&self.state, &self.caller, msg).await
    }
}

/// Decrements the connected-clients gauge when a stream ends.
struct ClientGuard(Arc<Metrics>);

impl Drop for ClientGuard {
    fn drop(&mut self) {
        self.0.connected_clients.fetch_sub(1, Ordering::Relaxed);
    }
}

fn sse_event(seq: u64, msg: &StreamMsg) -> Event {
    Event::default()
        .id(seq.to_string())
        .event(EVENT_NAME)
        .json_data(msg)
        .unwrap_or_else(|_| Event::default().comment("unserializable message"))
}

/// One message as itself, several as one `batch`.
fn to_sse(out: Outgoing) -> Event {
    if out.msgs.len() == 1 {
        sse_event(out.id, &out.msgs[0])
    } else {
        let msgs = out.msgs.iter().map(|m| (**m).clone()).collect();
        sse_event(out.id, &StreamMsg::Batch { msgs })
    }
}

async fn stream(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiErr> {
    let caller = state.auth.caller(&headers)?;
    let last_seen = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    let (store, metrics) = (state.store.clone(), state.metrics.clone());
    let machine = Machine::start(
        store,
        metrics.clone(),
        CallerFilter { state, caller },
        last_seen,
    );
    metrics.connected_clients.fetch_add(1, Ordering::Relaxed);
    let guard = ClientGuard(metrics);
    let events = futures::stream::unfold((machine, guard), |(mut machine, guard)| async move {
        let out = machine.next_event().await?;
        Some((Ok(to_sse(out)), (machine, guard)))
    });
    Ok(Sse::new(events).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}
