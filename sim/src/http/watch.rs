//! Watch streams: replayed history or synthetic ADDED events, then live changes filtered by
//! selectors, bookmarks, `410 Gone` and the end of the watch (timeout or an API restart).

use super::params::ListParams;
use super::status::{status_error, status_object};
use crate::Shared;
use crate::resources::Resource;
use crate::selectors::Selectors;
use crate::store::Change;
use crate::table::{self, IncludeObject};
use axum::body::{Body, Bytes};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use futures::StreamExt;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::Receiver;
use tokio::sync::broadcast::error::RecvError;

type Line = Result<Bytes, std::convert::Infallible>;

/// How a watch encodes its events.
#[derive(Clone)]
struct Encoder {
    resource: Resource,
    table: bool,
    include: IncludeObject,
    clock: Arc<crate::clock::Clock>,
}

impl Encoder {
    fn line(&self, kind: &str, object: &Value, pre: Option<Bytes>, first: &mut bool) -> Line {
        let body: Vec<u8> = if self.table && kind != "ERROR" && kind != "BOOKMARK" {
            let t = table::table(
                &self.resource,
                &[object],
                json!({"resourceVersion": object["metadata"]["resourceVersion"]}),
                self.clock.now(),
                self.include,
                *first,
            );
            *first = false;
            serde_json::to_vec(&t).unwrap_or_default()
        } else {
            match pre {
                Some(b) => b.to_vec(),
                None => serde_json::to_vec(object).unwrap_or_default(),
            }
        };
        let mut line = Vec::with_capacity(body.len() + 32);
        line.extend_from_slice(b"{\"type\":\"");
        line.extend_from_slice(kind.as_bytes());
        line.extend_from_slice(b"\",\"object\":");
        line.extend_from_slice(&body);
        line.extend_from_slice(b"}\n");
        Ok(Bytes::from(line))
    }
}

/// The watch event a change becomes for a watcher with selectors (None: not for it).
fn translate(c: &Change, sel: &Selectors) -> Option<&'static str> {
    let now = sel.matches(&c.object);
    match c.kind {
        "MODIFIED" => {
            // Replayed history has no previous object: report matching objects as MODIFIED.
            let before = c.old.as_ref().map_or(now, |o| sel.matches(o));
            match (before, now) {
                (true, true) => Some("MODIFIED"),
                (false, true) => Some("ADDED"),
                (true, false) => Some("DELETED"),
                (false, false) => None,
            }
        }
        k => now.then_some(k),
    }
}

/// A watch of `resource` (in `namespace`, matching `sel`): first the replayed history or the
/// current state, then live changes until the timeout or an API restart.
pub(super) fn watch_response(
    shared: Arc<Shared>,
    resource: Resource,
    namespace: Option<String>,
    sel: Selectors,
    params: ListParams,
    accept: &str,
) -> Response {
    let enc = Encoder {
        resource,
        table: table::wants_table(accept),
        include: IncludeObject::parse(params.include_object.as_deref()),
        clock: shared.clock.clone(),
    };
    let in_scope = scope(resource, namespace.clone());
    let mut first = true;
    let (initial, rx, from) = match initial_events(
        &shared,
        namespace.as_deref(),
        &sel,
        &params,
        &enc,
        &mut first,
        &in_scope,
    ) {
        Ok(x) => x,
        Err(response) => return response,
    };
    let timeout = Duration::from_secs(params.timeout_seconds.filter(|t| *t > 0).unwrap_or(1800));
    let mut epoch = shared.faults.watch_epoch();
    epoch.mark_unchanged();
    let bookmarks = params.allow_watch_bookmarks.unwrap_or(false);
    let live = Live {
        rx,
        enc,
        first,
        sel,
        last: from,
    };
    let live = live_events(live, in_scope, bookmarks.then_some(BOOKMARK_EVERY));
    let end = async move {
        tokio::select! {
            _ = tokio::time::sleep(timeout) => {}
            _ = epoch.changed() => {}
        }
    };
    let stream = futures::stream::iter(initial).chain(live).take_until(end);
    (
        [(header::CONTENT_TYPE, "application/json")],
        Body::from_stream(stream),
    )
        .into_response()
}

/// Whether a change is about `resource` in `namespace` (all namespaces when None).
fn scope(resource: Resource, namespace: Option<String>) -> impl Fn(&Change) -> bool + Clone {
    move |c: &Change| {
        c.resource == resource
            && namespace.as_deref().is_none_or(|n| {
                n == c.object["metadata"]["namespace"]
                    .as_str()
                    .unwrap_or_default()
            })
    }
}

/// The events before the live ones, and the receiver of the live ones. From a resource version:
/// the history since (or one `410` ERROR event when it is gone); otherwise the current state as
/// synthetic ADDED events, with the initial-events-end bookmark when asked. Also answers the
/// version those events bring the watcher to.
fn initial_events(
    shared: &Shared,
    namespace: Option<&str>,
    sel: &Selectors,
    params: &ListParams,
    enc: &Encoder,
    first: &mut bool,
    in_scope: &impl Fn(&Change) -> bool,
) -> Result<(Vec<Line>, Receiver<Change>, u64), Response> {
    let since = params
        .resource_version
        .as_deref()
        .filter(|v| !v.is_empty() && *v != "0");
    let bookmarks = params.allow_watch_bookmarks.unwrap_or(false);
    let mut initial: Vec<Line> = Vec::new();
    let send_initial = params.send_initial_events.unwrap_or(since.is_none());
    let (rx, from) = match since {
        Some(v) if !send_initial => {
            let Ok(since) = v.parse::<u64>() else {
                return Err(status_error(
                    StatusCode::BAD_REQUEST,
                    "BadRequest",
                    &format!("invalid resource version: {v}"),
                    None,
                ));
            };
            match shared.store.watch_from(since) {
                Ok((past, rx)) => {
                    for c in past.iter().filter(|c| in_scope(c)) {
                        if let Some(kind) = translate(c, sel) {
                            initial.push(enc.line(kind, &c.object, Some(c.encoded()), first));
                        }
                    }
                    let replayed = past.last().map_or(since, |c| c.rv);
                    (rx, replayed)
                }
                Err(()) => {
                    // An API server answers a too-old watch with 200 and one ERROR event.
                    let gone = status_object(
                        410,
                        "Expired",
                        &format!(
                            "too old resource version: {since} ({})",
                            shared.store.resource_version()
                        ),
                    );
                    let line = enc.line("ERROR", &gone, None, first);
                    let body = Body::from_stream(futures::stream::iter([line]));
                    let json = [(header::CONTENT_TYPE, "application/json")];
                    return Err((json, body).into_response());
                }
            }
        }
        _ => {
            // No version (or sendInitialEvents): the current state as synthetic ADDED events.
            let resource = enc.resource;
            let (rv, items, rx) = shared.store.list_and_subscribe(&resource, namespace);
            for o in items.iter().filter(|o| sel.matches(o)) {
                initial.push(enc.line("ADDED", o, None, first));
            }
            if params.send_initial_events == Some(true) && bookmarks {
                let bm = json!({"kind": resource.kind, "apiVersion": resource.api_version(),
                    "metadata": {"resourceVersion": rv.to_string(), "annotations": {"k8s.io/initial-events-end": "true"}}});
                initial.push(enc.line("BOOKMARK", &bm, None, first));
            }
            (rx, rv)
        }
    };
    Ok((initial, rx, from))
}

/// How often a watch that asks for bookmarks gets one (see [`live_events`]).
const BOOKMARK_EVERY: Duration = Duration::from_secs(5);

/// What the live part of a watch carries from one event to the next.
struct Live {
    rx: Receiver<Change>,
    enc: Encoder,
    first: bool,
    sel: Selectors,
    /// The version of the last change this watch has taken from the store (in its scope or
    /// not): every change up to it has been sent, so a bookmark may name it.
    last: u64,
}

/// The live events: changes in scope as their watch events, a `410` ERROR (and the end) when the
/// watcher fell behind, and a bookmark every `bookmarks` when asked.
///
/// A bookmark names the last change this watch has taken from the store, not the store's
/// version: changes of the store may wait in this watch's queue, and a client that resumed
/// from a newer version would never see them. The real API server's watch cache does the same
/// (a bookmark carries `lastProcessedResourceVersion`, the version of the last event already
/// dispatched to every watcher: `dispatchEvents` in k8s.io/apiserver's
/// `pkg/storage/cacher/cacher.go`). It sends one about every minute (`nextBookmarkTime` in
/// `cache_watcher.go`); the simulator every 5 s, so that tests see them sooner.
fn live_events(
    live: Live,
    in_scope: impl Fn(&Change) -> bool + Clone + Send + 'static,
    bookmarks: Option<Duration>,
) -> impl futures::Stream<Item = Line> {
    let every = bookmarks.unwrap_or(BOOKMARK_EVERY);
    let tick = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
    futures::stream::unfold((live, tick), move |(mut live, mut tick)| {
        let in_scope = in_scope.clone();
        async move {
            loop {
                tokio::select! {
                    msg = live.rx.recv() => match msg {
                        Ok(c) if in_scope(&c) => {
                            live.last = live.last.max(c.rv);
                            if let Some(kind) = translate(&c, &live.sel) {
                                let line = live.enc.line(kind, &c.object, Some(c.encoded()), &mut live.first);
                                return Some((line, (live, tick)));
                            }
                        }
                        Ok(c) => live.last = live.last.max(c.rv),
                        Err(RecvError::Lagged(_)) => {
                            let gone = status_object(410, "Expired", "watch fell behind; resourceVersion too old");
                            let line = live.enc.line("ERROR", &gone, None, &mut live.first);
                            // End after the error, as the API server does.
                            live.rx = store_closed();
                            return Some((line, (live, tick)));
                        }
                        Err(RecvError::Closed) => return None,
                    },
                    _ = tick.tick(), if bookmarks.is_some() => {
                        let r = live.enc.resource;
                        let bm = json!({"kind": r.kind, "apiVersion": r.api_version(),
                            "metadata": {"resourceVersion": live.last.to_string()}});
                        let line = live.enc.line("BOOKMARK", &bm, None, &mut live.first);
                        return Some((line, (live, tick)));
                    }
                }
            }
        }
    })
}

/// A receiver whose sender is gone: the next `recv` ends the stream.
fn store_closed() -> Receiver<Change> {
    let (tx, rx) = tokio::sync::broadcast::channel(1);
    drop(tx);
    rx
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resources::VMI;
    use crate::store::Store;

    /// A change of the store waits in a watch's queue as its bookmark falls due: whichever the
    /// watch sends first, the bookmark names no version past a change not sent yet.
    #[tokio::test]
    async fn a_bookmark_never_names_a_change_the_watch_has_not_sent() {
        // Both are ready at once, and which goes first is chosen at random: many rounds.
        for round in 0..32 {
            let store = Store::new();
            let (start, _, rx) = store.list_and_subscribe(&VMI, None);
            let live = Live {
                rx,
                enc: Encoder {
                    resource: VMI,
                    table: false,
                    include: IncludeObject::None,
                    clock: Arc::new(crate::clock::Clock::manual(0.0)),
                },
                first: true,
                sel: Selectors::default(),
                last: start,
            };
            let stream = live_events(live, scope(VMI, None), Some(Duration::from_millis(1)));
            futures::pin_mut!(stream);
            // Waiting: for a change, and for the bookmark's time.
            assert!(futures::FutureExt::now_or_never(stream.next()).is_none());
            store.upsert(
                json!({"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance",
                "metadata": {"name": "a", "namespace": "ns"}}),
            );
            // The bookmark falls due.
            tokio::time::sleep(Duration::from_millis(3)).await;
            let mut sent = start;
            for _ in 0..2 {
                let line = stream.next().await.unwrap().unwrap();
                let v: Value = serde_json::from_slice(&line).unwrap();
                let rv: u64 = v["object"]["metadata"]["resourceVersion"]
                    .as_str()
                    .unwrap()
                    .parse()
                    .unwrap();
                if v["type"] == "BOOKMARK" {
                    assert!(
                        rv <= sent,
                        "round {round}: a bookmark at {rv} before the change at it"
                    );
                } else {
                    sent = rv;
                }
            }
        }
    }
}
