//! A time shown as a relative age ("3m10s ago", in the page's language) with the exact time
//! (RFC 3339, UTC) on hover and in `datetime`.

use crate::i18n::{Key, t};
use leptos::prelude::*;
use model::time::{Timestamp, format_duration};

/// `at` as an age against the live clock `now`; "—" when unknown.
#[component]
pub fn RelTime(at: Option<Timestamp>, #[prop(into)] now: Signal<Timestamp>) -> impl IntoView {
    at.map(|at| {
        let exact = at.to_rfc3339();
        let ago = t(Key::MgAgo);
        view! {
            <time datetime=exact.clone() title=exact>
                {move || format!("{} {}", format_duration(at.seconds_until(now.get()).max(0.0)), ago())}
            </time>
        }
        .into_any()
    })
    .unwrap_or_else(|| view! { <span>"—"</span> }.into_any())
}
