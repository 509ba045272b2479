//! The wall across a fleet (issue 32, item 3): a tile per cluster — its name, whether it answers
//! (unreachable since when, its VMIs kept), how many of its VMIs are broken and the worst of
//! them by name, or in token mode a link to sign in to it — shown when the stream's keys name a
//! second cluster or the page says the backend watches several. A deferred view
//! (`deferred::View::WallFleet`, drawn by the views module), so the tiles and the clusters'
//! polling (shared with the overview's rows, `super::overview::fleet`) weigh nothing on the
//! first load. When there are more tiles than one row of the grid holds (its columns, measured
//! on mount and on every resize), the row shows a page of them at a time, the clusters with
//! broken VMIs first, and turns to the next page every 10 s counted from when the wall came up,
//! so that it opens on the worst (the URL's `?rotate=SECONDS` sets the period, as it does for
//! the wall's focused problem), with "Clusters 1–5 / 9" above it (`overview_model::rotation`).
//! A page comes in with a short slide, none under `prefers-reduced-motion` (the rule travels
//! with this view, not in the first load's CSS).

use super::overview::fleet::{kept_tally, poll_clusters};
use crate::api::Live;
use crate::components::common::health_key;
use crate::components::rel_time::RelTime;
use crate::i18n::{Key, lang, t, tr};
use crate::nav::query_param;
use crate::overview_model::fleet::tiles as tally_tiles;
use crate::overview_model::rotation::{TilePage, columns, page, period};
use leptos::ev;
use leptos::html::Div;
use leptos::prelude::*;
use model::time::Timestamp;
use model::verdict::Health;

/// The broken VMIs a tile names at most (the rest are counted).
pub const TILE_MAX: usize = 4;

/// A page's slide in, none when the screen asks for no motion.
const TURN_CSS: &str = ".wall-fleet.turn{animation:wall-turn .6s ease-out}\
@keyframes wall-turn{from{opacity:0;transform:translateX(3rem)}}\
@media (prefers-reduced-motion:reduce){.wall-fleet.turn{animation:none}}";

/// The columns the grid lays out now (its computed `grid-template-columns`).
fn measure(grid: NodeRef<Div>) -> Option<usize> {
    let el = grid.get_untracked()?;
    let style = web_sys::window()?.get_computed_style(&el).ok()??;
    let template = style.get_property_value("grid-template-columns").ok()?;
    Some(columns(&template))
}

/// A tile per cluster.
#[component]
pub fn WallFleet() -> impl IntoView {
    let live = expect_context::<Live>();
    let (clusters, asked) = poll_clusters();
    let tally = kept_tally(live);
    let tiles = Memo::new(move |_| {
        if !asked.get() {
            return Vec::new();
        }
        clusters.with(|a| {
            tally.with(|t| {
                live.vmis
                    .with(|all| tally_tiles(all, a.as_ref(), t, TILE_MAX))
            })
        })
    });
    let rotate = query_param("rotate");
    // The tiles a row holds: measured once laid out, and again on every resize.
    let grid = NodeRef::<Div>::new();
    let per_row = RwSignal::new(usize::MAX);
    let remeasure = move || {
        let f = wasm_bindgen::closure::Closure::once_into_js(move || {
            if let Some(n) = measure(grid)
                && n != per_row.get_untracked()
            {
                per_row.set(n);
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
        grid.track();
        remeasure();
    });
    // Counted from when the wall came up, so that it opens on the worst clusters.
    let start = live.now.get_untracked();
    let shown = Memo::new(move |_| {
        let secs = (live.now.get().0 - start.0) / 1000;
        let p = period(rotate.get().as_deref());
        page(tiles.get(), per_row.get(), secs, p)
    });
    // The grid is drawn again when the page turns (so that it slides in), not on every change.
    let index = Memo::new(move |_| shown.with(|p| (p.index, p.pages)));
    view! {
        <style>{TURN_CSS}</style>
        {move || shown.with(|p| p.indicator()).map(|at| view! {
            <div class="wall-fleet-at" data-testid="wall-fleet-at">{t(Key::OvClusters)} " " {at}</div>
        })}
        {move || {
            let (i, pages) = index.get();
            view! {
                <div class="wall-fleet" class:turn={pages > 1} data-testid="wall-fleet" data-page=i node_ref=grid>
                    // Keyed by the cluster, as the overview's rows: a tile stays and writes what
                    // changed in it (built anew, every tile whose broken VMIs changed was removed
                    // and built again at every batch).
                    <For each=move || shown.with(|p| p.tiles.iter().map(|t| t.cluster.key.clone()).collect::<Vec<_>>())
                        key=|k| k.clone() let(k)>
                        {tile_view(shown, k, live.now)}
                    </For>
                </div>
            }
        }}
    }
}

/// The tile of the cluster keyed `key` on the page `shown`, updated in place: its count, its
/// reachability and its list of broken VMIs each follow their part of the tile.
fn tile_view(shown: Memo<TilePage>, key: String, now: RwSignal<Timestamp>) -> impl IntoView {
    let l = lang();
    let tile =
        Memo::new(move |_| shown.with(|p| p.tiles.iter().find(|t| t.cluster.key == key).cloned()));
    let n = Memo::new(move |_| tile.with(|t| t.as_ref().map_or(0, |t| t.cluster.counts[0])));
    let name = Memo::new(move |_| {
        tile.with(|t| {
            t.as_ref()
                .map(|t| t.cluster.name.clone())
                .unwrap_or_default()
        })
    });
    let signed_in =
        Memo::new(move |_| tile.with(|t| t.as_ref().is_some_and(|t| t.cluster.signed_in)));
    let reach = Memo::new(move |_| {
        tile.with(|t| {
            t.as_ref().map(|t| {
                (
                    t.cluster.signed_in,
                    t.cluster.reachable,
                    t.cluster.stale_since,
                )
            })
        })
    });
    let reach = move || {
        let (signed_in, reachable, stale_since) = reach.get()?;
        Some(if !signed_in {
            name.with_untracked(|n| super::overview::fleet::sign_in_link(n))
                .into_any()
        } else if reachable {
            view! { <span>{t(Key::OvClusterReachable)}</span> }.into_any()
        } else {
            view! {
                <span class="health-broken" data-testid="wall-tile-stale">
                    {t(Key::OvClusterStale)} " " <RelTime at=stale_since now/>
                </span>
            }
            .into_any()
        })
    };
    // A cluster the user has not signed in to has no count to show: "—", not a reassuring 0.
    let shown_n = move || {
        if signed_in.get() {
            n.get().to_string()
        } else {
            "—".to_string()
        }
    };
    let broken =
        Memo::new(move |_| tile.with(|t| t.as_ref().map(|t| t.broken.clone()).unwrap_or_default()));
    let list = move || {
        let more = n.get().saturating_sub(broken.with(Vec::len));
        view! {
            {broken.with(|b| b.iter().map(|k| view! {
                <li data-key=k.to_string()>{format!("{}/{}", k.namespace, k.name)}</li>
            }).collect_view())}
            {(more > 0).then(|| view! { <li class="wall-more">"+" {more} " " {t(Key::WallMore)}</li> })}
        }
    };
    view! {
        <div class="wall-tile" class:verdict-broken={move || n.get() > 0}
            class:signed-out=move || !signed_in.get()
            data-cluster=move || name.get()
            data-broken=move || n.get().to_string()>
            <div class="wall-name">{move || name.get()}</div>
            <div class="wall-headline">{reach}</div>
            <div class="wall-tile-n">
                <span class="n">{shown_n}</span> " "
                {move || tr(l.get(), health_key(Health::Broken))}
            </div>
            <ul class="wall-tile-list">{list}</ul>
        </div>
    }
}
