//! When the node pages re-read the backend: on the page clock, every
//! [`NODE_REFRESH_SECS`], not on every stream change (each read lists pods on the API server).

use crate::api::Live;
use leptos::prelude::*;

/// How often a node page reads its data again.
pub const NODE_REFRESH_SECS: i64 = 10;

/// A signal that changes every [`NODE_REFRESH_SECS`] of the live clock.
pub fn refresh_tick(live: Live) -> Memo<i64> {
    Memo::new(move |_| live.now.get().0 / (NODE_REFRESH_SECS * 1000))
}
