//! The overview's toolbar: the search box, the grouping, the order, the verdict chips with their counts,
//! the "changed in the last hour" chip, and how many VMIs are shown; with several clusters the
//! grouping by cluster (the cluster is picked on its summary row, `super::fleet`). Every control
//! writes its URL parameter.

use crate::components::common::{failure_text, health_key};
use crate::i18n::{Key, lang, t, tr};
use crate::nav::param_setter;
use crate::overview_model::{Counts, VERDICTS};
use leptos::prelude::*;

/// The toolbar over the URL parameters `q`, `verdict`, `group` and `sort`.
#[component]
pub fn Toolbar(
    q: Memo<Option<String>>,
    verdict: Memo<Option<String>>,
    group: Memo<Option<String>>,
    sort: Memo<Option<String>>,
    counts: Memo<Counts>,
    shown_count: Memo<usize>,
    changed: Memo<bool>,
    changed_error: Memo<Option<crate::api::FetchError>>,
    /// Several clusters: the grouping by cluster is offered.
    fleet: Memo<bool>,
) -> impl IntoView {
    let set = param_setter();
    let set_q = set.clone();
    let set_g = set.clone();
    let set_s = set.clone();
    let set_c = set.clone();
    let toggle_changed = move |_| {
        let next = (!changed.get_untracked()).then(|| super::changed::PARAM_VALUE.to_string());
        set_c("changed", next);
    };
    view! {
        <div class="toolbar" role="search">
            <label for="ov-search">{t(Key::OvSearch)}</label>
            <input id="ov-search" type="search" data-testid="search"
                placeholder=move || t(Key::OvSearchPlaceholder)()
                prop:value=move || q.get().unwrap_or_default()
                on:input=move |ev| set_q("q", Some(event_target_value(&ev)))/>
            <label for="ov-group">{t(Key::OvGroup)}</label>
            <select id="ov-group" data-testid="group"
                prop:value=move || group.get().filter(|g| g != "cluster" || fleet.get()).unwrap_or_default()
                on:change=move |ev| set_g("group", Some(event_target_value(&ev)))>
                <option value="">{t(Key::OvGroupNone)}</option>
                <option value="verdict">{t(Key::OvGroupVerdict)}</option>
                <option value="node">{t(Key::OvGroupNode)}</option>
                <option value="namespace">{t(Key::OvGroupNamespace)}</option>
                // Offered with several clusters only (hidden, never selected, with one).
                <option value="cluster" hidden=move || !fleet.get()>{t(Key::OvGroupCluster)}</option>
            </select>
            <label for="ov-sort">{t(Key::OvSort)}</label>
            <select id="ov-sort" data-testid="sort"
                prop:value=move || sort.get().unwrap_or_default()
                on:change=move |ev| set_s("sort", Some(event_target_value(&ev)))>
                <option value="">{t(Key::OvSortWorst)}</option>
                <option value="name">{t(Key::OvSortName)}</option>
            </select>
            <div class="chips" role="group" aria-label=move || t(Key::OvFilterVerdict)()>
                {verdict_chips(verdict, counts, set)}
            </div>
            <button type="button" class="chip chip-changed" class:chip-on=changed
                aria-pressed=move || changed.get().to_string() data-testid="changed-filter"
                on:click=toggle_changed>{t(Key::OvChanged)}</button>
            {move || changed_error.get().map(|e| view! {
                <span class="muted" role="status" data-testid="changed-off">
                    {if e.status == Some(503) { t(Key::OvChangedOff)().to_string() } else { failure_text(&e)() }}
                </span>
            })}
            <span class="muted" data-testid="shown-count">{shown_count} " " {t(Key::OvShown)}</span>
        </div>
    }
}

/// One chip per verdict, in [`VERDICTS`] order, with its count; a chip toggles the `verdict`
/// parameter.
fn verdict_chips(
    verdict: Memo<Option<String>>,
    counts: Memo<Counts>,
    set: impl Fn(&'static str, Option<String>) + Clone + 'static,
) -> impl IntoView {
    let l = lang();
    VERDICTS
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let h = *h;
            let set = set.clone();
            let on = move || verdict.get().as_deref() == Some(h.as_str());
            view! {
                <button type="button" class=format!("chip health-{}", h.as_str()) class:chip-on=on
                    aria-pressed=move || on().to_string() data-verdict=h.as_str()
                    on:click=move |_| set("verdict", if on() { None } else { Some(h.as_str().to_string()) })>
                    {move || tr(l.get(), health_key(h))} " "
                    <span class="chip-count" data-testid=format!("count-{}", h.as_str())>{move || counts.with(|c| c.n[i])}</span>
                </button>
            }
        })
        .collect_view()
}
