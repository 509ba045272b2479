//! The wall's problems, above the fold: worst first, one line each (name and reason), as many as
//! the screen holds below the counts ([`rows_fit`], measured on the page as it is laid out and
//! again on every resize and change), the last row "+M more" when they do not all fit ([`split`]).

use crate::i18n::{Key, lang, t, tr};
use crate::overview_model::verdict;
use leptos::ev;
use leptos::html::Ul;
use leptos::prelude::*;
use model::view::VmiSummary;

/// Never fewer rows than this, however small the screen.
pub const MIN_ROWS: usize = 3;

/// Rows listed before the page is measured (what 1920×1080 holds).
pub const FIRST_ROWS: usize = 14;

/// How many rows `pitch` pixels apart, the first at `top`, end inside a viewport `viewport`
/// pixels high (at least [`MIN_ROWS`]).
pub fn rows_fit(viewport: f64, top: f64, pitch: f64) -> usize {
    if pitch.is_nan() || pitch <= 0.0 || !viewport.is_finite() || !top.is_finite() {
        return MIN_ROWS;
    }
    (((viewport - top) / pitch).floor().max(0.0) as usize).max(MIN_ROWS)
}

/// Of `n` problems with room for `rows` rows: how many are listed, and how many more the last
/// row sums up.
pub fn split(n: usize, rows: usize) -> (usize, usize) {
    if n <= rows {
        (n, 0)
    } else {
        let listed = rows.saturating_sub(1).max(1);
        (listed, n - listed)
    }
}

/// The rows that fit below the list's top in the window: the row pitch from the first two rows
/// (or the first's height).
fn measure(list: NodeRef<Ul>) -> Option<usize> {
    let w = web_sys::window()?;
    let ul = list.get_untracked()?;
    let first = ul.first_element_child()?;
    let a = first.get_bounding_client_rect();
    let pitch = first
        .next_element_sibling()
        .map(|b| b.get_bounding_client_rect().top() - a.top())
        .unwrap_or_else(|| a.height());
    let viewport = w.inner_height().ok()?.as_f64()?;
    let top = ul.get_bounding_client_rect().top() + w.scroll_y().unwrap_or(0.0);
    Some(rows_fit(viewport, top, pitch))
}

#[component]
pub fn ProblemList(
    /// Every problem, worst first.
    problems: Memo<Vec<VmiSummary>>,
    /// Changes the space above the list (the stale banner): measured again.
    above: Signal<bool>,
) -> impl IntoView {
    let l = lang();
    let list = NodeRef::<Ul>::new();
    let rows = RwSignal::new(FIRST_ROWS);
    let remeasure = move || {
        // After the browser laid the change out.
        let f = wasm_bindgen::closure::Closure::once_into_js(move || {
            if let Some(n) = measure(list)
                && n != rows.get_untracked()
            {
                rows.set(n);
            }
        });
        if let Some(w) = web_sys::window() {
            use wasm_bindgen::JsCast;
            let _ = w.request_animation_frame(f.unchecked_ref());
        }
    };
    let resize = window_event_listener(ev::resize, move |_| remeasure());
    on_cleanup(move || resize.remove());
    Effect::new(move |_| {
        problems.track();
        above.track();
        list.track();
        remeasure();
    });
    move || {
        problems.with(|all| {
            if all.is_empty() {
                return view! { <p class="wall-allgood">{t(Key::WallAllgood)}</p> }.into_any();
            }
            let (listed, more) = split(all.len(), rows.get());
            view! {
                <ul class="wall-list" data-testid="wall-list" node_ref=list>
                    {all.iter().take(listed).map(|s| view! {
                        <li class=format!("verdict-{}", verdict(s).as_str()) data-key=s.key.to_string()>
                            <span class="wall-name">{s.key.to_string()}</span>
                            <span class="wall-headline" title=s.headline.clone()>{s.headline.clone()}</span>
                            {(s.alerts > 0).then(|| view! { <span class="wall-alert-count">{format!("{}: {}", tr(l.get(), Key::Alerts), s.alerts)}</span> })}
                        </li>
                    }).collect_view()}
                    {(more > 0).then(|| view! {
                        <li class="wall-more" data-testid="wall-more">{format!("+{more} ")}{t(Key::WallMore)}</li>
                    })}
                </ul>
            }
            .into_any()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rows_that_fit_below_the_list_top() {
        // 1080 px, the list at 250 px, rows 48 px apart: 17 rows.
        assert_eq!(rows_fit(1080.0, 250.0, 48.0), 17);
        assert_eq!(rows_fit(900.0, 250.0, 48.0), 13);
        assert_eq!(rows_fit(300.0, 250.0, 48.0), MIN_ROWS);
        assert_eq!(rows_fit(1080.0, 250.0, 0.0), MIN_ROWS);
        assert_eq!(rows_fit(f64::NAN, 250.0, 48.0), MIN_ROWS);
    }

    #[test]
    fn every_problem_fits_or_the_last_row_says_how_many_more() {
        assert_eq!(split(10, 17), (10, 0));
        assert_eq!(split(17, 17), (17, 0));
        assert_eq!(split(18, 17), (16, 2), "16 listed, and +2 more");
        assert_eq!(split(5, 1), (1, 4));
    }
}
