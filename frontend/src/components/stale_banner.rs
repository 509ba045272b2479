//! The stale-data banner: polls `/readyz` and, while the backend's VMI watch is failing (the
//! API server cannot be reached), says that what is shown may be out of date. The backend keeps
//! serving what it has instead of turning unready, so this is where the outage shows.

use crate::i18n::{Key, t};
use leptos::prelude::*;
use std::time::Duration;

/// How often readiness is polled.
const POLL: Duration = Duration::from_secs(15);

/// What of `/readyz` this banner reads.
#[derive(serde::Deserialize)]
struct Readiness {
    #[serde(default)]
    stale: bool,
}

#[component]
pub fn StaleBanner() -> impl IntoView {
    let stale = RwSignal::new(false);
    let poll = move || {
        leptos::task::spawn_local(async move {
            // Before the first sync `/readyz` answers 503: nothing is shown yet, so no banner.
            if let Ok(r) = crate::api::get_json::<Readiness>("/readyz").await {
                stale.set(r.stale);
            }
        })
    };
    poll();
    set_interval(poll, POLL);
    view! {
        <Show when=move || stale.get()>
            <p class="banner banner-stale" role="status" data-testid="stale">{t(Key::ConnStale)}</p>
        </Show>
    }
}
