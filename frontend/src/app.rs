//! The router and the page shell.

use crate::api::{self, Connection, Live};
use crate::pages;
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;

#[component]
pub fn App() -> impl IntoView {
    let live = Live::new();
    provide_context(live);
    api::connect(live);
    view! {
        <Router>
            <header class="topbar">
                <a class="brand" href="/">"Strata"</a>
                <ConnectionBadge/>
            </header>
            <main>
                <Routes fallback=|| view! { <p class="empty">"Page not found."</p> }>
                    <Route path=path!("/") view=pages::overview::Overview/>
                </Routes>
            </main>
        </Router>
    }
}

/// Shows whether the stream is live.
#[component]
fn ConnectionBadge() -> impl IntoView {
    let live = expect_context::<Live>();
    let label = move || match live.connection.get() {
        Connection::Connecting => "connecting…",
        Connection::Live if !live.synced.get() => "syncing…",
        Connection::Live => "live",
        Connection::Reconnecting => "disconnected — reconnecting",
    };
    let class = move || match live.connection.get() {
        Connection::Live => "conn conn-live",
        Connection::Connecting => "conn conn-wait",
        Connection::Reconnecting => "conn conn-down",
    };
    view! { <span class=class role="status" data-testid="connection">{label}</span> }
}
