//! All I/O of the browser app: the server-sent-events stream of VMI summaries, JSON requests to
//! the backend's HTTP API (`model::api`), the clipboard, the clock, and the two preferences kept
//! in `localStorage` (language and theme — never tokens or cluster data).
//!
//! The stream is gloo-net's `EventSource`, the requests gloo-net's `http` ([`requests`]). The
//! browser's `EventSource` reconnects by itself and sends `Last-Event-ID`, so the backend
//! either resumes or sends a fresh snapshot. Messages are [`model::wire::StreamMsg`]. A tab
//! holds one stream: the views module's `Live` is fed from the main module's ([`share_stream`]).

use futures_core::Stream as _;
use gloo_net::eventsource::State;
use gloo_net::eventsource::futures::{EventSource, EventSourceSubscription};
use leptos::prelude::*;
use model::time::Timestamp;
use model::view::VmiSummary;
use model::wire::{EVENT_NAME, KEEP_ALIVE_EVENT, KeyIndex, StreamMsg, paths};
use serde::de::DeserializeOwned;
use std::cell::{Cell, RefCell};
use std::pin::Pin;
use std::task::Poll;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use wasm_bindgen_futures::JsFuture;
use web_sys::MessageEvent;

use crate::freshness;
use crate::i18n::Lang;

pub use crate::freshness::Connection;

pub use crate::overview_model::Delta;

mod pacing;
mod requests;
pub use requests::*;

/// The live state the pages read.
#[derive(Clone, Copy)]
pub struct Live {
    /// Every VMI's summary, sorted by key.
    pub vmis: RwSignal<Vec<VmiSummary>>,
    /// Set with every change of `vmis`: what the change was.
    pub delta: RwSignal<Delta>,
    /// Where each VMI is in `vmis`.
    index: StoredValue<KeyIndex>,
    /// Live, or [`Connection::Stale`] once the open stream is silent past the backend's
    /// keep-alive interval ([`crate::freshness`]): every page shows that the data is old.
    pub connection: RwSignal<Connection>,
    /// True once the backend reported its caches synced.
    pub synced: RwSignal<bool>,
    /// When the data was last known current (milliseconds since the epoch), for the data age:
    /// when the backend was last heard (a message, a keep-alive, the stream opening), brought
    /// up to date by the 1 s clock. The backend sends every change and a keep-alive when quiet,
    /// so this is as old as the data can be.
    pub last_message: RwSignal<Option<Timestamp>>,
    /// When the backend was last heard, stamped on every event without notifying anyone (a
    /// burst of messages must not re-render the pages); the clock reads it.
    heard: StoredValue<Option<Timestamp>>,
    /// A clock that ticks every second, so ages re-render.
    pub now: RwSignal<Timestamp>,
}

impl Live {
    pub fn new() -> Live {
        Live {
            vmis: RwSignal::new(Vec::new()),
            delta: RwSignal::new(Delta::default()),
            index: StoredValue::new(KeyIndex::default()),
            connection: RwSignal::new(Connection::Connecting),
            synced: RwSignal::new(false),
            last_message: RwSignal::new(None),
            heard: StoredValue::new(None),
            now: RwSignal::new(now()),
        }
    }

    /// Applies one stream message.
    pub fn apply(&self, msg: StreamMsg) {
        self.apply_batch(vec![msg]);
    }

    /// Applies messages in order with one update of the list, so the pages recompute once (and
    /// not at all when nothing changed); [`Live::delta`] says what changed.
    pub fn apply_batch(&self, msgs: Vec<StreamMsg>) {
        if msgs.is_empty() {
            return;
        }
        let synced = msgs.iter().rev().find_map(|m| match m {
            StreamMsg::Snapshot { synced, .. } => Some(*synced),
            _ => None,
        });
        if let Some(synced) = synced
            && synced != self.synced.get_untracked()
        {
            self.synced.set(synced);
        }
        let Some(applied) = self
            .index
            .try_update_value(|index| {
                self.vmis
                    .try_update_untracked(|list| StreamMsg::apply_all(msgs, list, index))
            })
            .flatten()
        else {
            return;
        };
        if applied.is_empty() {
            return;
        }
        self.delta.update(|d| d.record(applied));
        self.vmis.notify();
    }
}

thread_local! {
    /// Stream messages received since the last batch, and whether a batch is booked.
    static PENDING: RefCell<(Vec<StreamMsg>, bool)> = const { RefCell::new((Vec::new(), false)) };
    /// The pace of the batches so far (`Date.now()` ms).
    static PACING: Cell<pacing::Pacing> = Cell::new(pacing::Pacing::default());
}

/// Queued messages applied at once, without waiting for a frame.
const MAX_BACKLOG: usize = 20_000;

fn take_pending() -> Vec<StreamMsg> {
    PENDING.with(|p| {
        let mut p = p.borrow_mut();
        p.1 = false;
        std::mem::take(&mut p.0)
    })
}

fn flush(live: Live) {
    let msgs = take_pending();
    let snapshot = msgs.iter().any(|m| matches!(m, StreamMsg::Snapshot { .. }));
    let began = js_sys::Date::now();
    PACING.with(|p| {
        let mut pace = p.get();
        pace.applied(began, msgs.len());
        p.set(pace);
    });
    live.apply_batch(msgs);
    // What the batch took the page, its effects (microtasks) included: a task queued now runs
    // after them (see [`pacing::DUTY`]).
    if let Some(w) = web_sys::window() {
        let done = Closure::once_into_js(move || {
            PACING.with(|p| {
                let mut pace = p.get();
                pace.cost(js_sys::Date::now() - began, snapshot);
                p.set(pace);
            })
        });
        let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(done.unchecked_ref(), 0);
    }
}

/// Queues a stream message. Messages are applied in batches at the pace of [`pacing`]: a lone
/// change in the next animation frame; during a burst (1,000 upserts after a 10% change) the
/// overview recomputes a few times, not a thousand, each batch applied when its wait is over (in
/// the timer's callback: the wait has gathered the burst's messages already, and the DOM it
/// writes is painted at the next frame anyway). A snapshot makes the messages queued before it
/// moot.
fn enqueue(live: Live, msg: StreamMsg) {
    let (book, backlog) = PENDING.with(|p| {
        let mut p = p.borrow_mut();
        queue(&mut p.0, msg);
        (!std::mem::replace(&mut p.1, true), p.0.len())
    });
    // A hidden tab gets no animation frames: do not let the queue grow without bound.
    if backlog >= MAX_BACKLOG {
        let msgs = PENDING.with(|p| std::mem::take(&mut p.borrow_mut().0));
        live.apply_batch(msgs);
    }
    if !book {
        return;
    }
    let Some(w) = web_sys::window() else {
        flush(live);
        return;
    };
    let wait = PACING.with(|p| {
        let (mut pace, now) = (p.get(), js_sys::Date::now());
        pace.queued(now);
        p.set(pace);
        pace.wait(now)
    });
    let apply = Closure::once_into_js(move || flush(live));
    let booked = if wait <= 0.0 {
        w.request_animation_frame(apply.unchecked_ref()).is_ok()
    } else {
        w.set_timeout_with_callback_and_timeout_and_arguments_0(
            apply.unchecked_ref(),
            wait.ceil() as i32,
        )
        .is_ok()
    };
    if !booked {
        flush(live);
    }
}

/// Appends `msg` to the queued messages `q`, a batch as its messages; a snapshot drops what
/// was queued before it.
fn queue(q: &mut Vec<StreamMsg>, msg: StreamMsg) {
    match msg {
        StreamMsg::Batch { msgs } => {
            q.reserve(msgs.len());
            for m in msgs {
                queue(q, m);
            }
        }
        StreamMsg::Snapshot { .. } => {
            q.clear();
            q.push(msg);
        }
        m => q.push(m),
    }
}

impl Default for Live {
    fn default() -> Self {
        Self::new()
    }
}

/// The current time from the browser's clock.
pub fn now() -> Timestamp {
    Timestamp(js_sys::Date::now() as i64)
}

/// Opens the stream and feeds `live` for the lifetime of the page; also starts the 1 s clock.
///
/// When the backend is down, `EventSource` gives up after an HTTP error: a timer then opens a
/// new one every 3 s, so the page recovers by itself without a reload.
pub fn connect(live: Live) {
    STREAM.with(|s| s.borrow_mut().live = Some(live));
    open_stream(live);
    start_clock(live);
}

/// Starts the 1 s clock of `live`: `now`, the data age, and whether the open stream went
/// silent ([`crate::freshness::judge`]; the tab's own stream is then replaced by a new one).
pub fn start_clock(live: Live) {
    let tick = Closure::<dyn FnMut()>::new(move || {
        let t = now();
        let heard = live.heard.get_value();
        if live.last_message.get_untracked() != heard {
            live.last_message.set(heard);
        }
        let was = live.connection.get_untracked();
        let conn = freshness::judge(was, t, heard);
        if conn != was {
            live.connection.set(conn);
        }
        reopen_if_stale(conn, t);
        live.now.set(t);
    });
    if let Some(w) = web_sys::window() {
        let _ = w.set_interval_with_callback_and_timeout_and_arguments_0(
            tick.as_ref().unchecked_ref(),
            1000,
        );
    }
    tick.forget();
}

/// The tab's one stream: what [`connect`] feeds, the open `EventSource` (dropped, it is
/// closed), when it was opened, which one it is (its reader, [`read_stream`], stops once a
/// newer one replaced it), and who else hears of its events ([`share_stream`]).
#[derive(Default)]
struct Stream {
    live: Option<Live>,
    source: Option<EventSource>,
    opened: Option<Timestamp>,
    generation: u64,
    tap: Option<js_sys::Function>,
}

/// A stale stream (open, silent: a hung proxy, a dead connection) is closed and a new one
/// opened, at most once per silence interval; the new one answers with a snapshot. Only in the
/// module that opened the stream ([`connect`]).
fn reopen_if_stale(conn: Connection, t: Timestamp) {
    let stale = STREAM.with(|s| {
        let mut s = s.borrow_mut();
        let live = s.live?;
        if !freshness::reopen_due(conn, t, s.opened) {
            return None;
        }
        s.source = None;
        Some(live)
    });
    if let Some(live) = stale {
        open_stream(live);
    }
}

thread_local! {
    static STREAM: RefCell<Stream> = RefCell::default();
    /// The language the backend is asked to answer in ([`ask_in`]).
    static ASKED: Cell<Lang> = const { Cell::new(Lang::En) };
}

/// From now on, asks the backend for answers in `lang` (`?lang=` on every request and on the
/// stream: the diagnosis is translated on the server, the main bundle carries no catalogue of
/// it). On a change, the tab's stream, if this module opened it, is opened anew: a snapshot in
/// the new language follows, and the pages that track the language fetch again.
pub fn ask_in(lang: Lang) {
    if ASKED.with(|a| a.replace(lang)) == lang {
        return;
    }
    let open = STREAM.with(|s| {
        let mut s = s.borrow_mut();
        let live = s.live?;
        s.source = None;
        Some(live)
    });
    if let Some(live) = open {
        open_stream(live);
    }
}

/// The language of [`ask_in`].
pub fn asked() -> Lang {
    ASKED.with(Cell::get)
}

/// `url` asking for the language of [`ask_in`]: `lang=ja` added to its query for Japanese.
pub fn with_lang(url: &str) -> String {
    match ASKED.with(Cell::get) {
        Lang::En => url.to_string(),
        lang => {
            let sep = if url.contains('?') { '&' } else { '?' };
            format!("{url}{sep}lang={}", lang.tag())
        }
    }
}

/// From now on, calls `tap` with every event of this tab's stream (`open`, `error` and each
/// message, the browser's own event objects), so a second wasm module (the views module)
/// feeds its `Live` from them with [`on_event`] instead of opening a stream of its own. The
/// stream is opened anew so that `tap` hears a snapshot first (the backend sends one to a new
/// stream); when it is closed and a retry is booked, `tap` hears an `error` now and the new
/// stream's events later. No-op in a module that did not [`connect`].
pub fn share_stream(tap: js_sys::Function) {
    let Some((live, old)) = STREAM.with(|s| {
        let mut s = s.borrow_mut();
        let live = s.live?;
        s.tap = Some(tap);
        Some((live, s.source.take()))
    }) else {
        return;
    };
    match old {
        Some(source) if source.state() != State::Closed => {
            drop(source);
            open_stream(live);
        }
        _ => {
            if let Ok(ev) = web_sys::Event::new("error") {
                tell(&ev);
            }
        }
    }
}

fn tell(ev: &web_sys::Event) {
    if let Some(tap) = STREAM.with(|s| s.borrow().tap.clone()) {
        let _ = tap.call1(&wasm_bindgen::JsValue::NULL, ev);
    }
}

/// What one event of the stream (`open`, `error`, a message, a keep-alive) does to `live`;
/// every event but `error` is word from the backend (`heard`). The same for the
/// tab's own stream and for a module told of it by [`share_stream`].
pub fn on_event(live: Live, ev: &web_sys::Event) {
    on_typed_event(live, &ev.type_(), ev);
}

/// [`on_event`] of an event whose type `t` is known (the tab's own stream's subscriptions say
/// it: asking the event again would bring the string over from JavaScript once more per event).
fn on_typed_event(live: Live, t: &str, ev: &web_sys::Event) {
    if t != "error" {
        live.heard.set_value(Some(now()));
    }
    match t {
        "open" => {
            live.connection.set(Connection::Live);
            live.last_message.set(Some(now()));
        }
        "error" => live.connection.set(Connection::Reconnecting),
        KEEP_ALIVE_EVENT => {
            if live.connection.get_untracked() != Connection::Live {
                live.connection.set(Connection::Live);
            }
        }
        _ => {
            // Signals notify on every set: only touch them when something changes (a burst of
            // messages must not re-render the badge a thousand times). The data age is read
            // from `heard` by the clock.
            if live.connection.get_untracked() != Connection::Live {
                live.connection.set(Connection::Live);
            }
            let data = ev.unchecked_ref::<MessageEvent>().data();
            if let Some(bytes) = utf8(&data) {
                match serde_json::from_slice::<StreamMsg>(&bytes) {
                    Ok(msg) => enqueue(live, msg),
                    Err(e) => leptos::logging::warn!("unreadable stream message: {e}"),
                }
            }
        }
    }
}

/// The event types the stream is read for: the browser's own `open` and `error` (every
/// `error`, also those after which the browser retries by itself), the backend's messages and
/// its keep-alive. gloo-net hands each as a `MessageEvent`; `open` and `error` are plain
/// `Event`s, read as such ([`on_event`] only reads a message's data).
const EVENT_TYPES: [&str; 4] = ["open", "error", EVENT_NAME, KEEP_ALIVE_EVENT];

fn open_stream(live: Live) {
    let opened = EventSource::new(&with_lang(paths::STREAM)).and_then(|mut source| {
        let mut subscriptions = Vec::with_capacity(EVENT_TYPES.len());
        for t in EVENT_TYPES {
            subscriptions.push(source.subscribe(t)?);
        }
        Ok((source, subscriptions))
    });
    // A new generation: the reader of the stream this one replaces stops at its next event
    // (the replaced `EventSource`, dropped, is closed and tells its subscriptions so).
    let generation = STREAM.with(|s| {
        let mut s = s.borrow_mut();
        s.generation += 1;
        s.source = None;
        s.generation
    });
    let Ok((source, subscriptions)) = opened else {
        live.connection.set(Connection::Reconnecting);
        if let Ok(ev) = web_sys::Event::new("error") {
            tell(&ev);
        }
        retry_later(live);
        return;
    };
    STREAM.with(|s| {
        let mut s = s.borrow_mut();
        s.source = Some(source);
        s.opened = Some(now());
    });
    wasm_bindgen_futures::spawn_local(read_stream(live, generation, subscriptions));
}

/// One item of a subscription: an event of its type, or gloo-net's word that the stream closed.
type Item = Result<(String, MessageEvent), gloo_net::eventsource::EventSourceError>;

/// The next event of any of `subscriptions`. The browser runs the reader (a microtask) after
/// each event's dispatch, so events are read in the order they came.
async fn next_event(subscriptions: &mut [EventSourceSubscription]) -> Option<Item> {
    std::future::poll_fn(|cx| {
        for s in subscriptions.iter_mut() {
            if let Poll::Ready(event) = Pin::new(s).poll_next(cx) {
                return Poll::Ready(event);
            }
        }
        Poll::Pending
    })
    .await
}

/// Reads the stream of `generation` into `live` (and [`share_stream`]'s tap) until a newer
/// stream replaces it or the browser gives it up.
async fn read_stream(live: Live, generation: u64, mut subscriptions: Vec<EventSourceSubscription>) {
    while let Some(event) = next_event(&mut subscriptions).await {
        let state = STREAM.with(|s| {
            let s = s.borrow();
            (s.generation == generation).then(|| s.source.as_ref().map(EventSource::state))
        });
        let Some(state) = state else {
            return;
        };
        // gloo-net's own word that the stream closed: the `error` event itself says it.
        let Ok((t, ev)) = event else {
            continue;
        };
        on_typed_event(live, &t, &ev);
        tell(&ev);
        // Closed: the browser will not retry by itself (e.g. the backend answered 502). An
        // ended session (401) goes to the sign-in page instead of retrying forever.
        if t == "error" && state == Some(State::Closed) {
            let signed_in = get_json::<serde_json::Value>("/auth/session").await;
            let current = STREAM.with(|s| s.borrow().generation == generation);
            if current
                && !matches!(
                    signed_in,
                    Err(FetchError {
                        status: Some(401),
                        ..
                    })
                )
            {
                retry_later(live);
            }
            return;
        }
    }
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// The browser's `TextEncoder`, bound here with a `JsValue` argument: web-sys's binding
    /// takes a `&str`, which would bring the text into wasm memory the slow way first.
    #[wasm_bindgen(js_name = TextEncoder)]
    type Utf8Encoder;
    #[wasm_bindgen(constructor, js_class = "TextEncoder")]
    fn new() -> Utf8Encoder;
    #[wasm_bindgen(method, js_class = "TextEncoder", js_name = encodeInto)]
    fn encode_into(
        this: &Utf8Encoder,
        text: &wasm_bindgen::JsValue,
        into: &js_sys::Uint8Array,
    ) -> Encoded;
    /// What `encodeInto` answers.
    type Encoded;
    #[wasm_bindgen(method, getter)]
    fn written(this: &Encoded) -> usize;
}

/// The UTF-8 bytes of `data` when it is a string. The browser encodes it natively, straight
/// into wasm memory (`encodeInto` a view of the buffer): a burst's event carries hundreds of
/// kilobytes, which `JsValue::as_string` would walk one character at a time in JS, and which
/// `encode` would first write to an array of its own for the garbage collector.
pub fn utf8(data: &wasm_bindgen::JsValue) -> Option<Vec<u8>> {
    thread_local! {
        static ENCODER: Utf8Encoder = Utf8Encoder::new();
    }
    let text = data.dyn_ref::<js_sys::JsString>()?;
    // At most three bytes per UTF-16 unit.
    let room = text.length() as usize * 3;
    let mut bytes = Vec::<u8>::with_capacity(room);
    // SAFETY: the view covers the vector's spare capacity and is used before anything else
    // runs in wasm (nothing can grow the memory and detach it); `encodeInto` writes at most
    // `room` bytes and says how many, which are then initialized.
    let written = ENCODER.with(|e| unsafe {
        let view = js_sys::Uint8Array::view_mut_raw(bytes.as_mut_ptr(), room);
        e.encode_into(text, &view).written()
    });
    // SAFETY: see above.
    unsafe { bytes.set_len(written.min(room)) };
    Some(bytes)
}

fn retry_later(live: Live) {
    let again = Closure::once_into_js(move || open_stream(live));
    if let Some(w) = web_sys::window() {
        let _ =
            w.set_timeout_with_callback_and_timeout_and_arguments_0(again.unchecked_ref(), 3000);
    }
}

/// Token mode, no live session (the backend's 401 `ApiError`): to the sign-in page, which
/// brings the browser back to this page afterwards.
fn to_sign_in() {
    let Some(loc) = web_sys::window().map(|w| w.location()) else {
        return;
    };
    let here = [loc.pathname(), loc.search(), loc.hash()]
        .map(|p| p.unwrap_or_default())
        .concat();
    let next = String::from(js_sys::encode_uri_component(&here));
    let _ = loc.assign(&format!("/auth/signin?next={next}"));
}

/// Copies text to the clipboard; false when the browser refused.
pub async fn copy_to_clipboard(text: &str) -> bool {
    let Some(w) = web_sys::window() else {
        return false;
    };
    JsFuture::from(w.navigator().clipboard().write_text(text))
        .await
        .is_ok()
}

/// The page's full URL.
pub fn current_href() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default()
}

/// The URL fragment without `#`.
pub fn current_fragment() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .map(|h| h.trim_start_matches('#').to_string())
        .unwrap_or_default()
}

/// Replaces the URL fragment without a navigation or a history entry.
pub fn replace_fragment(fragment: &str) {
    if let Some(w) = web_sys::window()
        && let Ok(history) = w.history()
    {
        let loc = w.location();
        let base = format!(
            "{}{}",
            loc.pathname().unwrap_or_default(),
            loc.search().unwrap_or_default()
        );
        let url = if fragment.is_empty() {
            base
        } else {
            format!("{base}#{fragment}")
        };
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// A remembered preference (`lang`, `theme`).
pub fn pref_get(key: &str) -> Option<String> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .and_then(|s| s.get_item(&format!("strata.{key}")).ok().flatten())
}

/// Remembers a preference.
pub fn pref_set(key: &str, value: &str) {
    if let Some(s) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = s.set_item(&format!("strata.{key}"), value);
    }
}

/// The browser's preferred language (`navigator.language`).
pub fn browser_language() -> String {
    web_sys::window()
        .and_then(|w| w.navigator().language())
        .unwrap_or_default()
}

/// True when the system asks for a dark colour scheme.
pub fn prefers_dark() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
        .is_some_and(|m| m.matches())
}

/// Sets an attribute on `<html>` (`lang`, `data-theme`, `data-wall`).
pub fn set_root_attr(name: &str, value: Option<&str>) {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = match value {
            Some(v) => root.set_attribute(name, v),
            None => root.remove_attribute(name),
        };
    }
}

/// Reads a dropped file's text.
pub async fn read_file_text(file: web_sys::File) -> Option<String> {
    JsFuture::from(file.text()).await.ok()?.as_string()
}
