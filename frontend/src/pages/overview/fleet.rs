//! The overview across a fleet (issue 32): a summary row per cluster above the list — its name,
//! reachable or unreachable since when, its VMIs per verdict and its worst VMI — with
//! `GET /api/v1/clusters` polled while it is shown. Clicking a row's name filters the list to
//! that cluster (the URL's `cluster`); again, to every cluster. In token mode a cluster the
//! session has not signed in to (whose VMIs the stream does not carry) says so, with a link to
//! sign in to it.
//!
//! A deferred view (`deferred::View::FleetRows`, drawn by the views module): the overview mounts
//! it only when the stream's keys name a second cluster or the page says the backend watches
//! several ([`crate::served_fleet`]), so neither these rows, the polling nor
//! the reading of [`ClustersAnswer`] weigh on the first load. It reads the VMIs from the
//! module's copy of the stream and navigates on the shared URL.

use crate::api::Live;
use crate::components::common::health_key;
use crate::components::rel_time::RelTime;
use crate::i18n::{Key, lang, t, tr};
use crate::nav::query_param;
use crate::nav::{param_setter, vmi_href};
use crate::overview_model::fleet::rows as summary_rows;
use crate::overview_model::tally::Tally;
use crate::overview_model::{Recency, VERDICTS};
use leptos::prelude::*;
use model::api::ClustersAnswer;
use std::time::Duration;

/// How often the clusters' reachability is asked for (the backend judges it from its watches).
const POLL: Duration = Duration::from_secs(12);

/// The backend's clusters, asked for now and every [`POLL`]; `None` until the first answer
/// (or when the backend has no such route); and whether the first request has ended, answered
/// or not. The rows and the wall's tiles wait for it: drawn before the answer, the first
/// cluster's row or tile shows without its name for a moment.
pub fn poll_clusters() -> (RwSignal<Option<ClustersAnswer>>, RwSignal<bool>) {
    let clusters = RwSignal::new(None);
    let asked = RwSignal::new(false);
    let poll = move || {
        leptos::task::spawn_local(async move {
            if let Ok(a) =
                crate::api::get_json::<ClustersAnswer>(model::wire::paths::CLUSTERS).await
                && clusters.try_with_untracked(|c| c.as_ref() != Some(&a)) == Some(true)
            {
                clusters.try_set(Some(a));
            }
            if asked.try_get_untracked() == Some(false) {
                asked.try_set(true);
            }
        })
    };
    poll();
    let handle = set_interval_with_handle(poll, POLL).ok();
    on_cleanup(move || {
        if let Some(h) = handle {
            h.clear();
        }
    });
    (clusters, asked)
}

/// The link to the sign-in page for the cluster `name` (token mode, not signed in to it),
/// returning to this page: a page of the server, not a route of the app (`rel=external`).
pub fn sign_in_link(name: &str) -> impl IntoView + use<> {
    let enc = |s: &str| String::from(js_sys::encode_uri_component(s));
    let here = web_sys::window()
        .map(|w| w.location())
        .map(|l| l.pathname().unwrap_or_default() + &l.search().unwrap_or_default())
        .unwrap_or_default();
    let href = format!("/auth/signin?cluster={}&next={}", enc(name), enc(&here));
    view! { <a href=href rel="external" class="health-unknown" data-testid="cluster-sign-in">{t(Key::OvClusterSignIn)}</a> }
}

/// Each cluster's counts, worst VMI and broken VMIs (the rows' and the wall's tiles'), kept from
/// the changed VMIs alone when it can, with when each verdict last changed (the worst's order,
/// as the overview's).
pub fn kept_tally(live: Live) -> Memo<Tally> {
    let recency = Memo::new_owning(move |prev: Option<Recency>| {
        let next = live
            .delta
            .with(|d| live.vmis.with(|all| Recency::next(prev, d, all)));
        (next, true)
    });
    Memo::new_owning(move |prev: Option<Tally>| {
        let next = recency.with(|r| {
            live.delta
                .with(|d| live.vmis.with(|all| Tally::next(prev, d, all, r)))
        });
        (next, true)
    })
}

/// The summary rows, one per cluster; the one the URL's `cluster` names is marked.
#[component]
pub fn FleetRows() -> impl IntoView {
    let live = expect_context::<Live>();
    let (clusters, asked) = poll_clusters();
    let cluster = query_param("cluster");
    let tally = kept_tally(live);
    let rows = Memo::new(move |_| {
        if !asked.get() {
            return Vec::new();
        }
        clusters.with(|a| tally.with(|t| live.vmis.with(|all| summary_rows(all, a.as_ref(), t))))
    });
    let set = param_setter();
    let l = lang();
    view! {
        <table class="fleet" data-testid="fleet" aria-label=move || t(Key::OvClusters)()>
            <thead>
                <tr>
                    <th scope="col">{t(Key::OvCluster)}</th>
                    <th scope="col"></th>
                    {VERDICTS.iter().map(|h| {
                        let h = *h;
                        view! { <th scope="col" class="num">{move || tr(l.get(), health_key(h))}</th> }
                    }).collect_view()}
                    <th scope="col">{t(Key::OvClusterWorst)}</th>
                </tr>
            </thead>
            <tbody>
                <For each=move || rows.get() key=|c| c.clone() let(c)>
                    {
                        let set = set.clone();
                        let name = c.name.clone();
                        let on = {
                            let name = name.clone();
                            Memo::new(move |_| cluster.get().as_deref() == Some(name.as_str()))
                        };
                        let pick = {
                            let name = name.clone();
                            move |_| set("cluster", (!on.get_untracked()).then(|| name.clone()))
                        };
                        let reach = if !c.signed_in {
                            sign_in_link(&name).into_any()
                        } else if c.reachable {
                            view! { <span class="health-healthy">{t(Key::OvClusterReachable)}</span> }.into_any()
                        } else {
                            view! {
                                <span class="health-broken" data-testid="cluster-stale" title=c.error.clone().unwrap_or_default()>
                                    {t(Key::OvClusterStale)} " " <RelTime at=c.stale_since now=live.now/>
                                </span>
                            }.into_any()
                        };
                        // Not signed in: its VMIs are not streamed, so no count is known.
                        let signed_in = c.signed_in;
                        let counts = VERDICTS.iter().zip(c.counts).map(|(h, n)| {
                            let h = *h;
                            let zero = !signed_in || n == 0;
                            let n = if signed_in { n.to_string() } else { "—".into() };
                            view! {
                                <td class=format!("num health-{}", h.as_str()) class:zero=zero
                                    data-verdict=h.as_str()>{n}</td>
                            }
                        }).collect_view();
                        let worst = match c.worst.clone() {
                            Some(k) => view! {
                                <a href=vmi_href(&k) data-testid="cluster-worst">{format!("{}/{}", k.namespace, k.name)}</a>
                            }.into_any(),
                            None => view! { <span>"—"</span> }.into_any(),
                        };
                        view! {
                            <tr data-cluster=name.clone() class:fleet-on=on class:fleet-stale=!c.reachable>
                                <th scope="row">
                                    <button type="button" class="chip" class:chip-on=on
                                        aria-pressed=move || on.get().to_string() on:click=pick>{name.clone()}</button>
                                </th>
                                <td>{reach}</td>
                                {counts}
                                <td>{worst}</td>
                            </tr>
                        }
                    }
                </For>
            </tbody>
        </table>
    }
}
