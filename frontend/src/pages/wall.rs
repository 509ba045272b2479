//! `/wall`: for a screen on the wall. Large high-contrast type, no interaction needed: the counts
//! by verdict, the VMIs with problems (rotating through them one at a time with `?rotate=SECONDS`),
//! the age of the data, a banner when the stream is down or the data is stale, and the latest
//! verdict changes across VMIs (the recorder's, [`LatestChanges`]), and in large type the running
//! migrations' convergence charts and the focused VMI's key chart (drawn by the views module,
//! `super::wall_charts`, through [`Deferred`]). It keeps no history itself, so it can run for
//! days: the only state is the current list of summaries and that strip.

use crate::api::{Connection, Live};
use crate::components::common::health_key;
use crate::components::timeline::LatestChanges;
use crate::deferred::{Deferred, View};
use crate::i18n::{Key, lang, t, tr};
use crate::nav::query_param;
use crate::overview_model::{VERDICTS, verdict};
use leptos::prelude::*;
use model::time::format_duration;
use model::verdict::{Health, Layer};
use model::view::VmiSummary;

/// Data older than this many seconds is flagged stale on the wall.
pub const WALL_STALE_SECS: f64 = 30.0;

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
    let problems = Memo::new(move |_| {
        live.vmis.with(|all| {
            let mut p: Vec<_> = all
                .iter()
                .filter(|s| matches!(verdict(s), Health::Broken | Health::Degraded))
                .cloned()
                .collect();
            p.sort_by_key(|s| (verdict(s) != Health::Broken, s.key.clone()));
            p
        })
    });
    let counts = Memo::new(move |_| {
        live.vmis
            .with(|all| VERDICTS.map(|h| all.iter().filter(|s| verdict(s) == h).count()))
    });
    let age_secs = move || {
        live.last_message
            .get()
            .map(|t| t.seconds_until(live.now.get()).max(0.0))
    };
    let stale = move || {
        live.connection.get() != Connection::Live || age_secs().is_none_or(|a| a > WALL_STALE_SECS)
    };
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
    let focus_chart = Memo::new(move |_| {
        focus().map(|s| (s.key.namespace.clone(), s.key.name.clone(), worst_layer(&s)))
    });
    // The migrations' charts are there while the stream shows a VMI in migration.
    let migrating = Memo::new(move |_| {
        live.vmis
            .with(|all| all.iter().any(|s| s.migration.is_some()))
    });
    view! {
        <section class="wall" data-testid="wall">
            {move || stale().then(|| view! { <div class="wall-banner" role="alert" data-testid="wall-stale">{t(Key::WallStale)}</div> })}
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
            {move || focus().map(|s| view! {
                <div class=format!("wall-focus verdict-{}", verdict(&s).as_str()) data-testid="wall-focus">
                    <div class="wall-name">{s.key.to_string()}</div>
                    <div class="wall-headline">{s.headline.clone()}</div>
                </div>
            })}
            {move || focus_chart.get().map(|(ns, name, layer)| view! { <Deferred view=View::WallFocus { ns, name, layer }/> })}
            {move || migrating.get().then(|| view! { <Deferred view=View::WallMigrations/> })}
            <LatestChanges/>
            <h1>{t(Key::WallProblems)}</h1>
            {move || {
                let list = problems.get();
                if list.is_empty() {
                    view! { <p class="wall-allgood">{t(Key::WallAllgood)}</p> }.into_any()
                } else {
                    view! {
                        <ul class="wall-list" data-testid="wall-list">
                            {list.into_iter().take(12).map(|s| view! {
                                <li class=format!("verdict-{}", verdict(&s).as_str())>
                                    <span class="wall-name">{s.key.to_string()}</span>
                                    <span class="wall-headline">{s.headline.clone()}</span>
                                    {(s.alerts > 0).then(|| view! { <span class="wall-alert-count">{format!("{}: {}", tr(l.get(), Key::Alerts), s.alerts)}</span> })}
                                </li>
                            }).collect_view()}
                        </ul>
                    }.into_any()
                }
            }}
        </section>
    }
}
