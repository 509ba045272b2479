//! The wall's "latest changes" strip: the VMIs whose verdict or phase changed most recently
//! (each VMI's newest change, from `GET /api/v1/history/changes`), fetched again every
//! [`REFRESH_MS`] of the page's clock. When history is off the strip says so and the wall works
//! as before.

use crate::api::{self, Live};
use crate::components::common::failure_text;
use crate::components::rel_time::RelTime;
use crate::i18n::{Key, lang, t, tr};
use leptos::prelude::*;
use model::api::history::{Changed, Step};
use model::time::Timestamp;

/// How many changes the strip shows.
pub const SHOWN: usize = 8;
/// How often it is fetched again (milliseconds).
pub const REFRESH_MS: i64 = 15_000;
/// How far back it looks (milliseconds).
pub const WINDOW_MS: i64 = 3_600_000;

fn what(l: crate::i18n::Lang, c: &Changed) -> String {
    match &c.transition.step {
        Step::Verdict { layer, old, new } => format!(
            "{}: {} → {}",
            super::layer_word(l, Some(*layer)),
            super::health_word(l, *old),
            super::health_word(l, Some(*new))
        ),
        Step::Headline { old, new } | Step::Phase { old, new } => {
            format!("{} {} → {}", tr(l, Key::TlPhase), old, new)
        }
    }
}

#[component]
pub fn LatestChanges() -> impl IntoView {
    let live = expect_context::<Live>();
    let l = lang();
    let bucket = move |t: Timestamp| t.0 / REFRESH_MS;
    let period = RwSignal::new(bucket(live.now.get_untracked()));
    Effect::new(move |_| {
        let b = bucket(live.now.get());
        if period.get_untracked() != b {
            period.set(b);
        }
    });
    let language = crate::i18n::lang();
    let data = LocalResource::new(move || {
        period.track();
        language.track();
        async move {
            // With no store to read there is nothing to ask for (and no failed request).
            match api::fetch_history_status().await {
                Ok(st) if st.backend.is_none() => Err(api::FetchError {
                    status: Some(503),
                    message: st.error.unwrap_or_default(),
                    timed_out: false,
                }),
                _ => api::fetch_changes(api::now().0 - WINDOW_MS, SHOWN).await,
            }
        }
    });
    let body = move || {
        match data.get() {
        None => ().into_any(),
        Some(Err(e)) if e.status == Some(503) => {
            view! { <p class="wall-changes-off muted" data-testid="wall-changes-off">{t(Key::TlOff)}</p> }.into_any()
        }
        Some(Err(e)) => view! { <p class="muted">{failure_text(&e)}</p> }.into_any(),
        Some(Ok(rows)) if rows.is_empty() => {
            view! { <p class="muted" data-testid="wall-no-changes">{t(Key::WallNoChanges)}</p> }.into_any()
        }
        Some(Ok(rows)) => view! {
            <ol class="wall-changes-list" data-testid="wall-changes">
                {rows.into_iter().map(|c| {
                    let new = match c.transition.step {
                        Step::Verdict { new, .. } => new.as_str(),
                        _ => "unknown",
                    };
                    let at = c.transition.at;
                    let href = crate::nav::vmi_href(&c.key);
                    view! {
                        <li class=format!("verdict-{new}") data-health=new>
                            <a class="wall-name" href=href>{c.key.to_string()}</a>
                            <span class="wall-change">{move || what(l.get(), &c)}</span>
                            <RelTime at=Some(Timestamp(at)) now=live.now/>
                        </li>
                    }
                }).collect_view()}
            </ol>
        }
        .into_any(),
    }
    };
    view! {
        <section class="wall-changes" aria-labelledby="wall-changes-title">
            <h2 id="wall-changes-title">{t(Key::WallChanges)}</h2>
            {body}
        </section>
    }
}
