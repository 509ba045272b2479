//! The router and the page shell: navigation, language and theme switches, the connection badge,
//! and wall mode (`/wall`, or `?wall` on any page) which hides the chrome and enlarges the type.

use crate::api::{self, Connection, Live};
use crate::deferred::{Deferred, View};
use crate::i18n::{Key, Lang, t};
use crate::nav::query_param;
use crate::pages;
use crate::theme::Theme;
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::hooks::use_location;
use leptos_router::path;

#[component]
pub fn App() -> impl IntoView {
    let live = Live::new();
    provide_context(live);
    let lang = RwSignal::new(
        api::pref_get("lang")
            .map(|l| Lang::from_tag(&l))
            .unwrap_or_else(|| Lang::from_tag(&api::browser_language())),
    );
    provide_context(lang);
    // The backend answers in this language from the first request on.
    api::ask_in(lang.get_untracked());
    api::connect(live);
    let theme = RwSignal::new(Theme::initial());
    provide_context(theme);
    Effect::new(move |_| api::set_root_attr("lang", Some(lang.get().tag())));
    Effect::new(move |_| api::set_root_attr("data-theme", Some(theme.get().name())));
    view! {
        <Router>
            <Shell lang=lang theme=theme/>
        </Router>
    }
}

#[component]
fn Shell(lang: RwSignal<Lang>, theme: RwSignal<Theme>) -> impl IntoView {
    let loc = use_location();
    let wall_q = query_param("wall");
    let wall = Memo::new(move |_| wall_q.get().is_some() || loc.pathname.get() == "/wall");
    Effect::new(move |_| api::set_root_attr("data-wall", wall.get().then_some("on")));
    let nav_link = |href: &'static str, key: Key| {
        let current = move || {
            let p = loc.pathname.get();
            if href == "/" {
                p == "/"
            } else {
                p.starts_with(href)
            }
        };
        view! { <a href=href aria-current=move || if current() { "page" } else { "false" }>{t(key)}</a> }
    };
    view! {
        <a class="skip" href="#main">"Skip to content"</a>
        <header class="topbar">
            <a class="brand" href="/">"Strata"</a>
            <nav class="mainnav" aria-label="main">
                {nav_link("/", Key::NavOverview)}
                {nav_link("/migrations", Key::NavMigrations)}
                {nav_link("/nodes", Key::NavNodes)}
                {nav_link("/diagnose", Key::NavDiagnose)}
                {nav_link("/wall", Key::NavWall)}
            </nav>
            <label class="pref">
                <span class="sr-only">{t(Key::Language)}</span>
                <select data-testid="lang" aria-label="Language / 言語"
                    prop:value=move || lang.get().tag()
                    on:change=move |ev| {
                        let l = Lang::from_tag(&event_target_value(&ev));
                        api::pref_set("lang", l.tag());
                        // Before the pages see the change: their fetches then ask in `l`,
                        // and the stream is opened anew in it.
                        api::ask_in(l);
                        lang.set(l);
                    }>
                    <option value="en">"English"</option>
                    <option value="ja">"日本語"</option>
                </select>
            </label>
            <button type="button" class="pref" data-testid="theme"
                aria-label=move || format!("{}: {}", t(Key::Theme)(), if theme.get() == Theme::Dark { t(Key::ThemeDark)() } else { t(Key::ThemeLight)() })
                on:click=move |_| {
                    let next = if theme.get_untracked() == Theme::Dark { Theme::Light } else { Theme::Dark };
                    api::pref_set("theme", next.name());
                    theme.set(next);
                }>
                {move || if theme.get() == Theme::Dark { "☾" } else { "☀" }}
            </button>
            <ConnectionBadge/>
        </header>
        <crate::components::stale_banner::StaleBanner/>
        <main id="main" tabindex="-1">
            <Routes fallback=|| view! { <p class="empty">{t(Key::Notfound)}</p> }>
                <Route path=path!("/") view=pages::overview::Overview/>
                <Route path=path!("/vmi/:namespace/:name") view=pages::vmi::VmiPage/>
                <Route path=path!("/c/:cluster/vmi/:namespace/:name") view=pages::vmi::VmiPage/>
                // Loaded on first use (see crate::deferred): the module routes them itself.
                <Route path=path!("/diagnose") view=|| view! { <Deferred view=View::Page/> }/>
                <Route path=path!("/migrations") view=|| view! { <Deferred view=View::Page/> }/>
                <Route path=path!("/nodes") view=|| view! { <Deferred view=View::Page/> }/>
                <Route path=path!("/node/:name") view=|| view! { <Deferred view=View::Page/> }/>
                <Route path=path!("/wall") view=pages::wall::Wall/>
            </Routes>
        </main>
    }
}

/// Shows whether the stream is live.
#[component]
fn ConnectionBadge() -> impl IntoView {
    let live = expect_context::<Live>();
    let label = move || match live.connection.get() {
        Connection::Connecting => t(Key::ConnConnecting)(),
        Connection::Live if !live.synced.get() => t(Key::ConnSyncing)(),
        Connection::Live => t(Key::ConnLive)(),
        Connection::Stale => t(Key::ConnSilent)(),
        Connection::Reconnecting => t(Key::ConnDown)(),
    };
    let class = move || match live.connection.get() {
        Connection::Live => "conn conn-live",
        Connection::Connecting => "conn conn-wait",
        Connection::Stale => "conn conn-down conn-stale",
        Connection::Reconnecting => "conn conn-down",
    };
    view! { <span class=class role="status" data-testid="connection" data-state=move || format!("{:?}", live.connection.get())>{label}</span> }
}
