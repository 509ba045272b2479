//! The wall's problems, above the fold: worst first, one row each (name and reason, the reason
//! wrapping to a second line on a narrower screen), as many as the screen holds below the counts
//! ([`rows_fit`], measured on the page as it is laid out and again on every resize and change),
//! the last row "+M more" when they do not all fit ([`split`]).

use crate::components::common::health_key;
use crate::i18n::{Key, lang, t, tr};
use crate::overview_model::verdict;
use leptos::ev;
use leptos::html::Ul;
use leptos::prelude::*;
use model::verdict::Health;
use model::view::VmiSummary;

/// Never fewer rows than this, however small the screen.
pub const MIN_ROWS: usize = 3;

/// Rows listed before the page is measured (what 1920×1080 holds).
pub const FIRST_ROWS: usize = 14;

/// How many rows the viewport (`viewport` pixels high) holds, given the bottoms of the rows laid
/// out now and the smallest distance between two rows (`pitch`, a one-line row): the rows that
/// end inside it, and when all do, as many more as fit at two lines each (a row has at most two,
/// so a row added never overflows and the count settles). At least [`MIN_ROWS`].
pub fn rows_fit(bottoms: &[f64], pitch: f64, viewport: f64) -> usize {
    let inside = bottoms.iter().take_while(|b| **b <= viewport).count();
    let more = match bottoms.last() {
        Some(last) if inside == bottoms.len() && pitch.is_finite() && pitch > 0.0 => {
            ((viewport - last) / (2.0 * pitch)).floor().max(0.0) as usize
        }
        _ => 0,
    };
    (inside + more).max(MIN_ROWS)
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

/// The rows the window holds, from the rows as laid out (page coordinates).
fn measure(list: NodeRef<Ul>) -> Option<usize> {
    let w = web_sys::window()?;
    let ul = list.get_untracked()?;
    let scroll = w.scroll_y().unwrap_or(0.0);
    let (mut bottoms, mut pitch, mut last_top) = (Vec::new(), f64::INFINITY, None::<f64>);
    let mut row = ul.first_element_child();
    while let Some(li) = row {
        let r = li.get_bounding_client_rect();
        pitch = pitch.min(last_top.map_or(r.height(), |t| r.top() - t));
        last_top = Some(r.top());
        bottoms.push(r.bottom() + scroll);
        row = li.next_element_sibling();
    }
    let viewport = w.inner_height().ok()?.as_f64()?;
    Some(rows_fit(&bottoms, pitch, viewport))
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
                    {(more > 0).then(|| {
                        // How many of those not listed are broken, so the wall never hides that.
                        let broken = all[listed..].iter().filter(|s| verdict(s) == Health::Broken).count();
                        view! {
                            <li class="wall-more" data-testid="wall-more">
                                {format!("+{more} ")}{t(Key::WallMore)}
                                {(broken > 0).then(|| format!(" ({broken} {})", tr(l.get(), health_key(Health::Broken))))}
                            </li>
                        }
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
    fn the_rows_that_fit_in_the_viewport() {
        // Rows of one line 50 px apart from 300 px, one of two lines.
        let bottoms = [345.0, 395.0, 495.0, 545.0];
        // All inside 1080 px, with room for 5 more of two lines: (1080 - 545) / 100.
        assert_eq!(rows_fit(&bottoms, 50.0, 1080.0), 4 + 5);
        // 500 px: the rows that end inside.
        assert_eq!(rows_fit(&bottoms, 50.0, 500.0), 3);
        assert_eq!(rows_fit(&bottoms, 50.0, 350.0), MIN_ROWS);
        assert_eq!(rows_fit(&[], 50.0, 1080.0), MIN_ROWS);
        assert_eq!(rows_fit(&bottoms, f64::INFINITY, 1080.0), 4);
    }

    #[test]
    fn the_count_settles() {
        // However tall (one or two lines) the rows added are, a count from rows that all fit
        // never grows past the viewport, so measuring again does not shrink it.
        let (top, line, viewport) = (300.0, 50.0, 1080.0);
        let mut rows = MIN_ROWS;
        for _ in 0..10 {
            // Every row two lines: the worst case for the rows added.
            let bottoms: Vec<f64> = (1..=rows).map(|i| top + i as f64 * 2.0 * line).collect();
            let next = rows_fit(&bottoms, line, viewport);
            assert!(next >= rows, "{rows} -> {next}");
            rows = next;
        }
        assert_eq!(rows, 7, "(1080 - 300) / 100");
    }

    #[test]
    fn every_problem_fits_or_the_last_row_says_how_many_more() {
        assert_eq!(split(10, 17), (10, 0));
        assert_eq!(split(17, 17), (17, 0));
        assert_eq!(split(18, 17), (16, 2), "16 listed, and +2 more");
        assert_eq!(split(5, 1), (1, 4));
    }
}
