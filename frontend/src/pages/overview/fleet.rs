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
use crate::overview_model::{ClusterSummary, Recency, VERDICTS};
use leptos::prelude::*;
use model::api::ClustersAnswer;
use model::time::Timestamp;
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
                // Keyed by the cluster: a row stays and writes what changed in it (its counts
                // change with nearly every batch; built anew, every row was removed and built
                // again at every batch of an update).
                <For each=move || rows.with(|rs| rs.iter().map(|c| c.key.clone()).collect::<Vec<_>>())
                    key=|k| k.clone() let(k)>
                    {row(rows, k, cluster, set.clone(), live.now)}
                </For>
            </tbody>
        </table>
    }
}

/// The row of the cluster keyed `key` among `rows`, updated in place: each cell follows its
/// part of the row's summary, and what is rare (reachability, the worst VMI) is drawn again
/// only when it changes.
fn row(
    rows: Memo<Vec<ClusterSummary>>,
    key: String,
    cluster: Memo<Option<String>>,
    set: impl Fn(&'static str, Option<String>) + Clone + 'static,
    now: RwSignal<Timestamp>,
) -> impl IntoView {
    let c = Memo::new(move |_| rows.with(|rs| rs.iter().find(|c| c.key == key).cloned()));
    let name =
        Memo::new(move |_| c.with(|c| c.as_ref().map(|c| c.name.clone()).unwrap_or_default()));
    let on = Memo::new(move |_| name.with(|n| cluster.with(|c| c.as_deref() == Some(n.as_str()))));
    let pick = move |_| {
        set(
            "cluster",
            (!on.get_untracked()).then(|| name.get_untracked()),
        )
    };
    // Not signed in: its VMIs are not streamed, so no count is known.
    let signed_in = Memo::new(move |_| c.with(|c| c.as_ref().is_some_and(|c| c.signed_in)));
    let reach = Memo::new(move |_| {
        c.with(|c| {
            c.as_ref()
                .map(|c| (c.signed_in, c.reachable, c.stale_since, c.error.clone()))
        })
    });
    let reach = move || {
        let (signed_in, reachable, stale_since, error) = reach.get()?;
        Some(if !signed_in {
            name.with_untracked(|n| sign_in_link(n)).into_any()
        } else if reachable {
            view! { <span class="health-healthy">{t(Key::OvClusterReachable)}</span> }.into_any()
        } else {
            view! {
                <span class="health-broken" data-testid="cluster-stale" title=error.unwrap_or_default()>
                    {t(Key::OvClusterStale)} " " <RelTime at=stale_since now/>
                </span>
            }
            .into_any()
        })
    };
    let counts = VERDICTS
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let n = Memo::new(move |_| c.with(|c| c.as_ref().map_or(0, |c| c.counts[i])));
            let zero = move || !signed_in.get() || n.get() == 0;
            let text = move || {
                if signed_in.get() {
                    n.get().to_string()
                } else {
                    "—".into()
                }
            };
            view! {
                <td class=format!("num health-{}", h.as_str()) class:zero=zero
                    data-verdict=h.as_str()>{text}</td>
            }
        })
        .collect_view();
    let worst = Memo::new(move |_| c.with(|c| c.as_ref().and_then(|c| c.worst.clone())));
    let worst = move || {
        match worst.get() {
        Some(k) => view! {
            <a href=vmi_href(&k) data-testid="cluster-worst">{format!("{}/{}", k.namespace, k.name)}</a>
        }
        .into_any(),
        None => view! { <span>"—"</span> }.into_any(),
    }
    };
    view! {
        <tr data-cluster=move || name.get() class:fleet-on=on class:fleet-stale=move || !c.with(|c| c.as_ref().is_some_and(|c| c.reachable))>
            <th scope="row">
                <button type="button" class="chip" class:chip-on=on
                    aria-pressed=move || on.get().to_string() on:click=pick>{move || name.get()}</button>
            </th>
            <td>{reach}</td>
            {counts}
            <td>{worst}</td>
        </tr>
    }
}
