//! `/`: a card per VMI, updated live from the stream, trouble first (worst verdict first, the
//! newest change first within one), with counts by verdict, grouping by verdict / node /
//! namespace, and search, filters and order kept in the URL (`q`, `verdict`, `group`, `sort`).
//! With several clusters (the stream's keys name a second one, or the page says the backend
//! watches several: [`crate::served_fleet`]): grouping and filtering by
//! cluster (`group=cluster`, `cluster=NAME`, the first cluster's name from [`crate::first_cluster`])
//! and a summary row per cluster ([`fleet`], a deferred view); with one, none of it shows and
//! nothing more is asked of the backend.
//!
//! What is shown, counted and laid out is [`crate::overview_model`]'s; this module renders it:
//! the toolbar ([`toolbar`]) and the virtualized list ([`vlist`], with the viewport it tracks in
//! [`viewport`]).

mod changed;
pub mod fleet;
mod toolbar;
mod viewport;
mod vlist;

use crate::api::Live;
use crate::deferred::{Deferred, View};
use crate::i18n::{Key, t};
use crate::nav::query_param;
use crate::overview_model::filter::normalize;
use crate::overview_model::fleet as fleet_model;
use crate::overview_model::{Counts, Filter, Grouping, Recency, Shown, Sort};
use leptos::prelude::*;
use toolbar::Toolbar;
use vlist::VirtualList;

#[component]
pub fn Overview() -> impl IntoView {
    let live = expect_context::<Live>();
    let q = query_param("q");
    let verdict = query_param("verdict");
    let group = query_param("group");
    let sort = query_param("sort");
    let cluster = query_param("cluster");
    let changed_param = query_param("changed");
    let changed_on =
        Memo::new(move |_| changed_param.get().as_deref() == Some(changed::PARAM_VALUE));
    let (changed_keys, changed_error) = changed::changed_keys(changed_on);

    // Several clusters: their summary rows and grouping (none of it for one).
    let served = crate::served_fleet::served_fleet();
    let is_fleet = Memo::new(move |_| served || live.vmis.with(|all| fleet_model::is_fleet(all)));
    let first = RwSignal::new(String::new());
    let search = Memo::new(move |_| normalize(&q.get().unwrap_or_default()));
    let filter = Memo::new(move |_| {
        Filter {
            q: search.get(),
            verdict: verdict.get(),
            group: Grouping::from_param(group.get().as_deref()),
            sort: Sort::from_param(sort.get().as_deref()),
            changed: changed_keys.get(),
            cluster: cluster
                .get()
                .map(|c| first.with(|f| fleet_model::key_cluster(&c, f))),
            first_cluster: first.get(),
        }
        .for_fleet(is_fleet.get())
    });
    let counts = Memo::new_owning(move |prev: Option<Counts>| {
        let q = search.get();
        let cluster = filter.with(|f| f.cluster.clone());
        let next = live.delta.with(|d| {
            live.vmis
                .with(|all| Counts::next_in(prev.as_ref(), d, all, q, cluster))
        });
        let changed = prev.is_none_or(|p| p.n != next.n);
        (next, changed)
    });
    // When each verdict last changed (the order within a verdict).
    let recency = Memo::new_owning(move |prev: Option<Recency>| {
        let next = live
            .delta
            .with(|d| live.vmis.with(|all| Recency::next(prev, d, all)));
        (next, true)
    });
    // What is shown, in display order.
    let shown = Memo::new_owning(move |prev: Option<Shown>| {
        let filter = filter.get();
        recency.with(|r| {
            live.delta
                .with(|d| live.vmis.with(|all| Shown::next(prev, d, all, filter, r)))
        })
    });
    let shown_count = Memo::new(move |_| shown.with(|s| s.order.len()));
    let total = Memo::new(move |_| live.vmis.with(Vec::len));

    view! {
        <section class="overview">
            <h1>{t(Key::OvTitle)} " "
                <span class="count" data-testid="vmi-count">{total}</span>
            </h1>
            {move || is_fleet.get().then(|| {
                crate::first_cluster::ask(first);
                view! { <Deferred view=View::FleetRows/> }
            })}
            <Toolbar q verdict group sort counts shown_count changed=changed_on changed_error fleet=is_fleet/>
            {move || (live.vmis.with(Vec::is_empty) && !live.synced.get()).then(|| view! { <p class="empty" role="status">{t(Key::OvWaiting)}</p> })}
            {move || (shown_count.get() == 0 && live.synced.get()).then(|| view! { <p class="empty" data-testid="no-match">{t(Key::OvEmpty)}</p> })}
            <VirtualList shown/>
        </section>
    }
}
