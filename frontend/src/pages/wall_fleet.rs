//! The wall across a fleet (issue 32, item 3): a tile per cluster — its name, whether it answers
//! (unreachable since when, its VMIs kept), how many of its VMIs are broken and the worst of
//! them by name — shown when the stream's keys name a second cluster. A deferred view
//! (`deferred::View::WallFleet`, drawn by the views module), so the tiles and the clusters'
//! polling (shared with the overview's rows, `super::overview::fleet`) weigh nothing on the
//! first load. Tiles that do not fit the screen wrap below; they do not rotate yet.

use super::overview::fleet::poll_clusters;
use crate::api::Live;
use crate::components::common::health_key;
use crate::components::rel_time::RelTime;
use crate::i18n::{Key, lang, t, tr};
use crate::overview_model::Recency;
use crate::overview_model::fleet::wall_tiles;
use leptos::prelude::*;
use model::verdict::Health;

/// The broken VMIs a tile names at most (the rest are counted).
pub const TILE_MAX: usize = 4;

/// A tile per cluster.
#[component]
pub fn WallFleet() -> impl IntoView {
    let live = expect_context::<Live>();
    let l = lang();
    let clusters = poll_clusters();
    let recency = Memo::new_owning(move |prev: Option<Recency>| {
        let next = live
            .delta
            .with(|d| live.vmis.with(|all| Recency::next(prev, d, all)));
        (next, true)
    });
    let tiles = Memo::new(move |_| {
        clusters.with(|a| {
            recency.with(|r| {
                live.vmis
                    .with(|all| wall_tiles(all, a.as_ref(), r, TILE_MAX))
            })
        })
    });
    view! {
        <div class="wall-fleet" data-testid="wall-fleet">
            <For each=move || tiles.get() key=|tile| tile.clone() let(tile)>
                {
                    let c = tile.cluster;
                    let n = c.counts[0];
                    let more = n.saturating_sub(tile.broken.len());
                    let reach = if c.reachable {
                        view! { <span>{t(Key::OvClusterReachable)}</span> }.into_any()
                    } else {
                        view! {
                            <span class="health-broken" data-testid="wall-tile-stale">
                                {t(Key::OvClusterStale)} " " <RelTime at=c.stale_since now=live.now/>
                            </span>
                        }.into_any()
                    };
                    view! {
                        <div class="wall-tile" class:verdict-broken={n > 0} data-cluster=c.name.clone()
                            data-broken=n.to_string()>
                            <div class="wall-name">{c.name.clone()}</div>
                            <div class="wall-headline">{reach}</div>
                            <div class="wall-tile-n">
                                <span class="n">{n}</span> " "
                                {move || tr(l.get(), health_key(Health::Broken))}
                            </div>
                            <ul class="wall-tile-list">
                                {tile.broken.iter().map(|k| view! {
                                    <li data-key=k.to_string()>{format!("{}/{}", k.namespace, k.name)}</li>
                                }).collect_view()}
                                {(more > 0).then(|| view! { <li class="wall-more">"+" {more} " " {t(Key::WallMore)}</li> })}
                            </ul>
                        </div>
                    }
                }
            </For>
        </div>
    }
}
