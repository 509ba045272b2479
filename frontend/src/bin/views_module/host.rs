//! What every view of the module shares, made on first use and kept for the page's life: its
//! [`Live`], fed with the events of the main app's push stream ([`feed`]; the tab holds one
//! stream), its own clock, and the language and theme the main app passes on.

use frontend::api::{self, Live};
use frontend::i18n::Lang;
use frontend::theme::Theme;
use leptos::prelude::*;

/// The shared state (signals: copies name the same values).
#[derive(Clone, Copy)]
pub struct Host {
    pub live: Live,
    pub lang: RwSignal<Lang>,
    pub theme: RwSignal<Theme>,
}

thread_local! {
    static HOST: Host = {
        // An owner that is never dropped: the clock and the signals outlive every view.
        let owner = Owner::new();
        let host = owner.with(|| {
            let live = Live::new();
            api::start_clock(live);
            Host {
                live,
                lang: RwSignal::new(Lang::En),
                theme: RwSignal::new(Theme::Light),
            }
        });
        std::mem::forget(owner);
        host
    };
}

/// The shared state, started on the first call.
pub fn host() -> Host {
    HOST.with(|h| *h)
}

/// Applies one event of the main app's stream (see `frontend::api::share_stream`).
pub fn feed(ev: &web_sys::Event) {
    api::on_event(host().live, ev);
}

/// Sets language and theme where they changed.
pub fn set_prefs(lang: &str, dark: bool) {
    let h = host();
    let lang = Lang::from_tag(lang);
    // This module's own fetches ask the backend in the app's language.
    frontend::api::ask_in(lang);
    if h.lang.get_untracked() != lang {
        h.lang.set(lang);
    }
    let theme = if dark { Theme::Dark } else { Theme::Light };
    if h.theme.get_untracked() != theme {
        h.theme.set(theme);
    }
}
