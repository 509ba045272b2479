//! I/O with the backend: the server-sent-events stream of VMI summaries.
//!
//! The browser's `EventSource` reconnects by itself and sends `Last-Event-ID`, so the backend
//! either resumes or sends a fresh snapshot. Messages are [`model::wire::StreamMsg`].

use leptos::prelude::*;
use model::VmiSummary;
use model::wire::{EVENT_NAME, StreamMsg};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::{EventSource, MessageEvent};

/// State of the connection to the backend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Connection {
    Connecting,
    Live,
    /// The stream dropped; the browser is retrying.
    Reconnecting,
}

/// The live state the pages read.
#[derive(Clone, Copy)]
pub struct Live {
    pub vmis: RwSignal<Vec<VmiSummary>>,
    pub connection: RwSignal<Connection>,
    /// True once the backend reported its caches synced.
    pub synced: RwSignal<bool>,
}

impl Live {
    pub fn new() -> Live {
        Live {
            vmis: RwSignal::new(Vec::new()),
            connection: RwSignal::new(Connection::Connecting),
            synced: RwSignal::new(false),
        }
    }

    /// Applies one stream message.
    pub fn apply(&self, msg: StreamMsg) {
        if let StreamMsg::Snapshot { synced, .. } = &msg {
            self.synced.set(*synced);
        }
        self.vmis.update(|list| msg.apply(list));
    }
}

impl Default for Live {
    fn default() -> Self {
        Self::new()
    }
}

/// Opens the stream and feeds `live` for the lifetime of the page.
pub fn connect(live: Live) {
    let Ok(source) = EventSource::new("/api/v1/stream") else {
        live.connection.set(Connection::Reconnecting);
        return;
    };
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
        live.connection.set(Connection::Live);
        if let Some(text) = ev.data().as_string() {
            match serde_json::from_str::<StreamMsg>(&text) {
                Ok(msg) => live.apply(msg),
                Err(e) => leptos::logging::warn!("unreadable stream message: {e}"),
            }
        }
    });
    let on_open = Closure::<dyn FnMut()>::new(move || live.connection.set(Connection::Live));
    let on_error =
        Closure::<dyn FnMut()>::new(move || live.connection.set(Connection::Reconnecting));
    let _ =
        source.add_event_listener_with_callback(EVENT_NAME, on_message.as_ref().unchecked_ref());
    source.set_onopen(Some(on_open.as_ref().unchecked_ref()));
    source.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    // One stream for the page's whole life: the callbacks live as long as it does.
    on_message.forget();
    on_open.forget();
    on_error.forget();
}
