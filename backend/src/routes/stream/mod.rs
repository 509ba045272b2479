//! `GET /api/v1/stream`: server-sent events, one stream per browser tab ([`model::wire`]).
//! What goes out and when is the [`machine`]'s; this module reads the `Last-Event-ID` ([`id`]:
//! ids carry the store's epoch), caps streams per client ([`caps`]), counts connected clients,
//! ends every stream when the console shuts down, and writes each event as SSE (`id`, `event`,
//! JSON `data`; several messages as one `batch`; the JSON written once for every stream that
//! sends the same messages, [`frames`]), with a keep-alive event (`alive`) after
//! [`KEEP_ALIVE_SECS`] without one, which browsers watch to tell a hung connection.

pub mod caps;
pub mod frames;
pub mod id;
pub mod machine;

use super::{AppState, redact};
use crate::auth::Caller;
use crate::error::ApiErr;
use crate::metrics::Metrics;
use axum::Router;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::routing::get;
use frames::Frames;
use futures::{Stream, StreamExt};
use machine::{Machine, Outgoing, Visibility};
use model::i18n::Lang;
use model::wire::paths;
use model::wire::{EVENT_NAME, KEEP_ALIVE_EVENT, KEEP_ALIVE_SECS, StreamMsg};
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

pub fn routes() -> Router<AppState> {
    Router::new().route(paths::STREAM, get(stream))
}

/// The caller's view of the stream ([`redact::stream_msg`]), in the language it subscribed
/// with (`?lang=`, [`crate::lang`]).
struct CallerVisibility {
    state: AppState,
    caller: Caller,
    lang: Lang,
}

impl Visibility for CallerVisibility {
    async fn visible_part(&self, msg: &Arc<StreamMsg>) -> Result<Option<Arc<StreamMsg>>, ApiErr> {
        let part = redact::stream_msg(&self.state, &self.caller, msg).await?;
        Ok(part.map(|m| crate::lang::stream_msg(m, self.lang)))
    }
}

/// Decrements the connected-clients gauge when a stream ends.
struct ClientGuard(Arc<Metrics>);

impl Drop for ClientGuard {
    fn drop(&mut self) {
        self.0.connected_clients.fetch_sub(1, Ordering::Relaxed);
    }
}

/// One message as itself, several as one `batch`; the JSON is shared by every stream that
/// sends the same messages ([`frames`]).
fn to_sse(frames: &Frames, epoch: u64, out: &Outgoing) -> Event {
    let event = Event::default()
        .id(id::event_id(epoch, out.id))
        .event(EVENT_NAME);
    match frames.json(&out.msgs) {
        Some(json) => event.data(&*json),
        None => event.comment("unserializable message"),
    }
}

/// Whom this stream counts against (`None`: the local user on loopback, not capped).
fn counted_as(caller: &Caller, from: Option<SocketAddr>) -> Option<caps::Client> {
    match (caller, from) {
        (Caller::User(s), _) => Some(caps::Client::User(s.user_key())),
        (Caller::Local, Some(a)) if !crate::serve::is_loopback(&a) => {
            Some(caps::Client::Address(a.ip()))
        }
        (Caller::Local, _) => None,
    }
}

async fn stream(
    State(state): State<AppState>,
    extensions: axum::http::Extensions,
    uri: Uri,
    headers: HeaderMap,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiErr> {
    let caller = state.auth.caller(&headers)?;
    let from = extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0);
    let slot = match counted_as(&caller, from) {
        Some(client) => Some(state.stream_caps.acquire(client).ok_or_else(|| {
            ApiErr::new(
                StatusCode::TOO_MANY_REQUESTS,
                "Too many open streams for this client: close some Strata tabs.",
            )
        })?),
        None => None,
    };
    let epoch = state.store.epoch();
    let last_seen = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| id::resume_from(epoch, v));
    let shutdown = state.shutdown.wait();
    let (store, metrics) = (state.store.clone(), state.metrics.clone());
    let frames = state.stream_frames.clone();
    let machine = Machine::start(
        store,
        metrics.clone(),
        CallerVisibility {
            state,
            caller,
            lang: crate::lang::from_query(uri.query()),
        },
        last_seen,
    );
    metrics.connected_clients.fetch_add(1, Ordering::Relaxed);
    let guard = (ClientGuard(metrics), slot);
    let events = futures::stream::unfold((machine, guard), move |(mut machine, guard)| {
        let frames = frames.clone();
        async move {
            let out = machine.next_event().await?;
            Some((Ok(to_sse(&frames, epoch, &out)), (machine, guard)))
        }
    })
    // The console shuts down: end the stream so the server can drain; the browser reconnects.
    .take_until(shutdown);
    // axum restarts the keep-alive's timer with every event sent: the stream is never silent
    // longer than the interval. The data is not empty: a browser drops an event without data.
    let alive = Event::default().event(KEEP_ALIVE_EVENT).data("1");
    Ok(Sse::new(events).keep_alive(
        KeepAlive::new()
            .interval(Duration::from_secs(KEEP_ALIVE_SECS))
            .event(alive),
    ))
}
