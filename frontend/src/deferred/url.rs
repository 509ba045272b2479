//! The one URL both routers share. The main app and the views module each run a leptos router
//! (two wasm modules, two reactive systems); a link clicked anywhere is followed by the main
//! router (its click listener was added first, and the module's router skips a handled click),
//! and a view of the module changes the query itself (a filter, the timeline's instant). Each side
//! tells the other its new URL, and the other takes it only when it differs, so they agree
//! without a loop.

use leptos::prelude::*;
use leptos_router::location::{BrowserUrl, LocationProvider, Url};

/// `path?query#hash` of `url`.
pub fn full(url: &Url) -> String {
    let hash = url.hash();
    let hash = if hash.is_empty() || hash.starts_with('#') {
        hash.to_string()
    } else {
        format!("#{hash}")
    };
    let q = if url.search().is_empty() { "" } else { "?" };
    format!("{}{q}{}{hash}", url.path(), url.search())
}

/// Sets `router`'s URL to `to` (a [`full`] URL) unless it is there already. No history entry:
/// the side that navigated wrote it.
pub fn follow(router: &BrowserUrl, to: &str) {
    if full(&router.as_url().read_untracked()) == to {
        return;
    }
    if let Ok(url) = BrowserUrl::parse(to) {
        router.as_url().set(url);
    }
}

/// The current router's URL as a [`full`] string, reactively (changes only when it does).
pub fn full_memo(router: &BrowserUrl) -> Memo<String> {
    let url = router.as_url().clone();
    Memo::new(move |_| url.with(full))
}
