//! The migrations page's toolbar: search, the phase, outcome, trigger, namespace and node
//! selects, the sort key and direction, and a link that clears them. Every control writes its
//! URL parameter (`q`, `phase`, `outcome`, `trigger`, `ns`, `node`, `sort`, `dir`), so a view
//! is a deep link.

use super::labels::{outcome_label, sort_label, trigger_label};
use crate::i18n::{Key, lang, t, tr};
use crate::migrations_model::facts::{OUTCOMES, TRIGGERS};
use crate::migrations_model::{Choices, Dir, SortKey};
use crate::nav::{param_setter, query_param};
use leptos::prelude::*;

/// One select over URL parameter `param`: "any", then `options` as (value, label).
fn select(
    param: &'static str,
    label: Key,
    options: Signal<Vec<(String, String)>>,
    any: bool,
    value: Signal<Option<String>>,
) -> impl IntoView {
    let set = param_setter();
    let id = format!("mg-{param}");
    view! {
        <span class="field">
            <label for=id.clone()>{t(label)}</label>
            <select id=id data-testid=format!("mg-filter-{param}")
                prop:value=move || value.get().unwrap_or_default()
                on:change=move |ev| set(param, Some(event_target_value(&ev)))>
                {any.then(|| view! { <option value="">{t(Key::MgAny)}</option> })}
                {move || options.get().into_iter().map(|(v, l)| {
                    let selected = value.get().as_deref() == Some(v.as_str());
                    view! { <option value=v selected=selected>{l}</option> }
                }).collect_view()}
            </select>
        </span>
    }
}

/// Values as their own labels.
fn verbatim(xs: Vec<String>) -> Vec<(String, String)> {
    xs.into_iter().map(|x| (x.clone(), x)).collect()
}

/// The toolbar over the list's `choices`; `shown` of `total` are listed.
#[component]
pub fn MigrationsToolbar(
    choices: Memo<Choices>,
    shown: Memo<usize>,
    total: Memo<usize>,
    /// The sort key and direction in effect (the URL's, or the defaults).
    order: Memo<(SortKey, Dir)>,
) -> impl IntoView {
    let url = |p: &'static str| -> Signal<Option<String>> { query_param(p).into() };
    let sort_now = Signal::derive(move || Some(order.get().0.as_str().to_string()));
    let dir_now = Signal::derive(move || Some(order.get().1.as_str().to_string()));
    let l = lang();
    let set = param_setter();
    let q = query_param("q");
    let keyed = move |keys: &'static [&'static str], label: fn(&str) -> Key| {
        Signal::derive(move || {
            keys.iter()
                .map(|k| (k.to_string(), tr(l.get(), label(k)).to_string()))
                .collect()
        })
    };
    let phases = Signal::derive(move || verbatim(choices.get().phases));
    let namespaces = Signal::derive(move || verbatim(choices.get().namespaces));
    let nodes = Signal::derive(move || verbatim(choices.get().nodes));
    let sorts = Signal::derive(move || {
        SortKey::ALL
            .iter()
            .map(|k| {
                (
                    k.as_str().to_string(),
                    tr(l.get(), sort_label(*k)).to_string(),
                )
            })
            .collect()
    });
    let dirs = Signal::derive(move || {
        vec![
            ("desc".to_string(), tr(l.get(), Key::MgDesc).to_string()),
            ("asc".to_string(), tr(l.get(), Key::MgAsc).to_string()),
        ]
    });
    view! {
        <div class="toolbar mg-toolbar" role="search" aria-label=move || t(Key::MgFilters)() data-testid="mg-toolbar">
            <span class="field">
                <label for="mg-search">{t(Key::MgSearch)}</label>
                <input id="mg-search" type="search" data-testid="mg-search"
                    placeholder=move || t(Key::MgSearchPlaceholder)()
                    prop:value=move || q.get().unwrap_or_default()
                    on:input=move |ev| set("q", Some(event_target_value(&ev)))/>
            </span>
            {select("phase", Key::ColPhase, phases, true, url("phase"))}
            {select("outcome", Key::ColOutcome, keyed(&OUTCOMES, outcome_label), true, url("outcome"))}
            {select("trigger", Key::ColTrigger, keyed(&TRIGGERS, trigger_label), true, url("trigger"))}
            {select("ns", Key::MgNamespace, namespaces, true, url("ns"))}
            {select("node", Key::MgNode, nodes, true, url("node"))}
            {select("sort", Key::MgSort, sorts, false, sort_now)}
            {select("dir", Key::MgDir, dirs, false, dir_now)}
            <a href="/migrations" data-testid="mg-clear">{t(Key::MgClear)}</a>
            <span class="muted" data-testid="mg-shown" role="status">
                {move || format!("{} / {}", shown.get(), total.get())} " " {t(Key::MgShown)}
            </span>
        </div>
    }
}
