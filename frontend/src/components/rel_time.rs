//! The one way the console shows a time: a relative age ("3m10s ago", in the page's language)
//! with the exact time ([`human_time`], UTC) on hover and RFC 3339 in `datetime`.

use crate::i18n::{Key, t};
use leptos::prelude::*;
use model::time::{Timestamp, format_duration};

/// `at` as an age against the live clock `now`; "—" when unknown.
#[component]
pub fn RelTime(at: Option<Timestamp>, #[prop(into)] now: Signal<Timestamp>) -> impl IntoView {
    at.map(|at| {
        let ago = t(Key::MgAgo);
        view! {
            <time datetime=at.to_rfc3339() title=human_time(at.0)>
                {move || age_text(at, now.get(), ago())}
            </time>
        }
        .into_any()
    })
    .unwrap_or_else(|| view! { <span>"—"</span> }.into_any())
}

/// `at` as an age against `now` when there is a clock to judge it by (a paste without any time
/// has none: then the exact time, the only thing known).
#[component]
pub fn RelTimeOr(
    at: Option<Timestamp>,
    #[prop(into)] now: Signal<Option<Timestamp>>,
) -> impl IntoView {
    let ago = t(Key::MgAgo);
    at.map(|at| {
        view! {
            <time datetime=at.to_rfc3339() title=human_time(at.0)>
                {move || now.get().map_or_else(|| human_time(at.0), |n| age_text(at, n, ago()))}
            </time>
        }
        .into_any()
    })
    .unwrap_or_else(|| view! { <span>"—"</span> }.into_any())
}

/// "3m10s ago" in the page's language (`ago` is the catalogue's word for it).
pub fn age_text(at: Timestamp, now: Timestamp, ago: &str) -> String {
    [
        format_duration(at.seconds_until(now).max(0.0)).as_str(),
        " ",
        ago,
    ]
    .concat()
}

/// A time as people read it: `2026-01-02 03:04:05 UTC` (the hover of every relative time).
pub fn human_time(ms: i64) -> String {
    let s = Timestamp(ms).to_rfc3339();
    format!("{} UTC", s.trim_end_matches('Z').replacen('T', " ", 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_age_and_its_exact_time() {
        assert_eq!(
            age_text(Timestamp(0), Timestamp(190_000), "ago"),
            "3m10s ago"
        );
        assert_eq!(age_text(Timestamp(5_000), Timestamp(0), "前"), "0s 前");
        assert_eq!(human_time(61_000), "1970-01-01 00:01:01 UTC");
    }
}
