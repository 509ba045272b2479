//! `/wall`: for a screen on the wall. Large high-contrast type, no interaction needed. Above the
//! fold: a banner when the stream is down or silent (stale data), the counts by verdict, the
//! alerts, the age of the data, and the VMIs with problems, worst first, each on one line with
//! its reason (as many as the screen holds, then "+M more": [`super::wall_list`]). After them: the focused problem (rotating
//! through them one at a time with `?rotate=SECONDS`) with its key chart, the running
//! migrations' convergence charts (drawn by the views module, `super::wall_charts`, through
//! [`Deferred`]) and the latest verdict changes across VMIs (the recorder's,
//! [`LatestChanges`]). With several clusters, a tile per cluster above the problems (drawn by
//! the views module, `super::wall_fleet`; the problems fit below them), one row of them, a page
//! at a time when there are more, turning every 10 s or every `?rotate=SECONDS`. It keeps no history itself, so it can run for days: the only state is the
//! current list of summaries and that strip.

use super::wall_list::ProblemList;
use crate::api::{Connection, Live};
use crate::components::common::health_key;
use crate::components::timeline::LatestChanges;
use crate::deferred::{Deferred, View};
use crate::i18n::{Key, lang, t, tr};
use crate::nav::query_param;
use crate::overview_model::fleet::is_fleet;
use crate::overview_model::{Recency, VERDICTS, order, verdict};
use leptos::prelude::*;
use model::time::format_duration;
use model::verdict::{Health, Layer};
use model::view::VmiSummary;

/// The worst layer of `s`: its first broken layer, else its first degraded one.
fn worst_layer(s: &VmiSummary) -> Layer {
    [Health::Broken, Health::Degraded]
        .iter()
        .find_map(|h| Layer::ALL.into_iter().find(|l| s.layers.get(*l) == *h))
        .unwrap_or(Layer::ControlPlane)
}

#[component]
pub fn Wall() -> impl IntoView {
    let live = expect_context::<Live>();
    let l = lang();
    let rotate = query_param("rotate");
    let recency = Memo::new_owning(move |prev: Option<Recency>| {
        let next = live
            .delta
            .with(|d| live.vmis.with(|all| Recency::next(prev, d, all)));
        (next, true)
    });
    // Every problem, worst first (the rotation goes through them all).
    let problems = Memo::new(move |_| {
        recency.with(|r| live.vmis.with(|all| order::worst(all, r, usize::MAX).0))
    });
    let counts = Memo::new(move |_| {
        live.vmis
            .with(|all| VERDICTS.map(|h| all.iter().filter(|s| verdict(s) == h).count()))
    });
    let age_secs = move || crate::freshness::age_secs(live.now.get(), live.last_message.get());
    // Down, or open and silent past the keep-alive (`crate::freshness`).
    let stale = move || live.connection.get();
    // Rotation: the index advances with the 1 s clock, every `rotate` seconds.
    let period = move || {
        rotate
            .get()
            .and_then(|r| r.parse::<i64>().ok())
            .filter(|r| *r > 0)
    };
    let focus = move || {
        let p = period()?;
        let list = problems.get();
        if list.is_empty() {
            return None;
        }
        let i = (live.now.get().0 / 1000 / p) as usize % list.len();
        list.get(i).cloned()
    };
    // The focused VMI's chart is built again only when the focus moves to another VMI or layer.
    let focus_chart = Memo::new(move |_| focus().map(|s| (s.key.clone(), worst_layer(&s))));
    // The migrations' charts are there while the stream shows a VMI in migration.
    // Several clusters: a tile per cluster (`super::wall_fleet`).
    let served = crate::served_fleet::served_fleet();
    let fleet = Memo::new(move |_| served || live.vmis.with(|all| is_fleet(all)));
    let migrating = Memo::new(move |_| {
        live.vmis
            .with(|all| all.iter().any(|s| s.migration.is_some()))
    });
    view! {
        <section class="wall" data-testid="wall">
            {move || match stale() {
                Connection::Live => None,
                Connection::Stale => Some(view! { <div class="wall-banner" role="alert" data-testid="wall-stale">{t(Key::WallSilent)}</div> }),
                _ => Some(view! { <div class="wall-banner" role="alert" data-testid="wall-stale">{t(Key::WallStale)}</div> }),
            }}
            <div class="wall-top">
                <div class="wall-counts">
                    {VERDICTS.iter().enumerate().map(|(i, h)| {
                        let h = *h;
                        view! {
                            <div class=format!("wall-count health-{}", h.as_str()) data-verdict=h.as_str()>
                                <span class="n">{move || counts.get()[i]}</span>
                                <span class="label">{move || tr(l.get(), health_key(h))}</span>
                            </div>
                        }
                    }).collect_view()}
                </div>
                <div class="wall-alerts" data-testid="wall-alerts">
                    {t(Key::Alerts)} ": "
                    {move || live.vmis.with(|all| all.iter().map(|s| u64::from(s.alerts)).sum::<u64>())}
                </div>
                <div class="wall-age" data-testid="wall-age">
                    {t(Key::WallAge)} ": "
                    {move || age_secs().map(format_duration).unwrap_or_else(|| "—".into())}
                </div>
            </div>
            {move || fleet.get().then(|| view! { <Deferred view=View::WallFleet/> })}
            <h1>{t(Key::WallProblems)}</h1>
            <ProblemList problems above=Signal::derive(move || {
                // Read on every tick of the clock too: the fleet's tiles (a deferred view) come
                // above the list after it was measured, with no change of its own.
                live.now.track();
                (stale(), fleet.get()) != (Connection::Live, false)
            })/>
            {move || focus().map(|s| view! {
                <div class=format!("wall-focus verdict-{}", verdict(&s).as_str()) data-testid="wall-focus">
                    <div class="wall-name">{s.key.to_string()}</div>
                    <div class="wall-headline">{s.headline.clone()}</div>
                </div>
            })}
            {move || focus_chart.get().map(|(k, layer)| view! { <Deferred view=View::WallFocus { cluster: k.cluster, ns: k.namespace, name: k.name, layer }/> })}
            {move || migrating.get().then(|| view! { <Deferred view=View::WallMigrations/> })}
            <LatestChanges/>
        </section>
    }
}
