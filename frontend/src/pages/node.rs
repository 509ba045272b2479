//! `/nodes` (the nodes the stream knows, with their VMI counts) and `/node/{name}`: what draining
//! the node would do to each VM (`GET /api/v1/nodes/{name}/drain`, computed by `model::drain`).

use crate::api::{self, Live};
use crate::components::common::FetchFailure;
use crate::i18n::{Key, t};
use leptos::prelude::*;
use leptos_router::hooks::use_params_map;
use model::view::DrainAction;

/// `/nodes`.
#[component]
pub fn Nodes() -> impl IntoView {
    let live = expect_context::<Live>();
    let nodes = Memo::new(move |_| {
        live.vmis.with(|l| {
            let mut m: std::collections::BTreeMap<String, usize> = Default::default();
            for s in l {
                if let Some(n) = &s.node {
                    *m.entry(n.clone()).or_default() += 1;
                }
            }
            m.into_iter().collect::<Vec<_>>()
        })
    });
    view! {
        <section>
            <h1>{t(Key::NdList)}</h1>
            <ul class="node-list" data-testid="node-list">
                {move || nodes.get().into_iter().map(|(n, c)| view! {
                    <li><a href=format!("/node/{n}")>{n.clone()}</a> " " <span class="count">{format!("{c} VMI")}</span></li>
                }).collect_view()}
            </ul>
        </section>
    }
}

fn action_text(a: DrainAction) -> (&'static str, &'static str) {
    match a {
        DrainAction::Migrate => ("migrate", "drain-ok"),
        DrainAction::BlockDrain => ("blocks the drain", "drain-bad"),
        DrainAction::ShutDown => ("shut down", "drain-warn"),
        DrainAction::External => ("external controller", "drain-warn"),
        DrainAction::NotAffected => ("not affected", "drain-none"),
        DrainAction::Unknown => ("unknown", "drain-none"),
    }
}

/// `/node/{name}`.
#[component]
pub fn NodePage() -> impl IntoView {
    let params = use_params_map();
    let live = expect_context::<Live>();
    let name = Memo::new(move |_| params.with(|p| p.get("name").unwrap_or_default()));
    let retry = RwSignal::new(0u32);
    let report = LocalResource::new(move || {
        let n = name.get();
        live.vmis.track();
        retry.track();
        async move { api::fetch_drain(&n).await }
    });
    let body = move || {
        match report.get() {
        None => view! { <p class="empty" role="status">{t(Key::VmiLoading)}</p> }.into_any(),
        Some(Err(e)) => view! { <FetchFailure error=e on_retry=Callback::new(move |_| retry.update(|r| *r += 1))/> }.into_any(),
        Some(Ok(r)) => {
            let rows = r
                .outcomes
                .iter()
                .map(|o| {
                    let (text, class) = action_text(o.action);
                    view! {
                        <tr data-key=o.key.to_string() data-action=text>
                            <th scope="row"><a href=format!("/vmi/{}/{}", o.key.namespace, o.key.name)>{o.key.to_string()}</a></th>
                            <td class=class>{text}</td>
                            <td>{o.strategy.clone()} <small>{format!(" ({})", o.strategy_source)}</small></td>
                            <td>{o.reason.clone()}
                                {(!o.evidence.is_empty()).then(|| view! { <ul class="evidence">{o.evidence.iter().map(|c| view! { <li><code>{c.clone()}</code></li> }).collect_view()}</ul> })}
                            </td>
                        </tr>
                    }
                })
                .collect_view();
            view! {
                <p class="headline" data-testid="drain-summary">{r.summary.clone()}</p>
                <table class="drain" data-testid="drain-table">
                    <thead><tr><th scope="col">{t(Key::ColVmi)}</th><th scope="col">{t(Key::ColAction)}</th><th scope="col">{t(Key::ColStrategy)}</th><th scope="col">{t(Key::ColWhy)}</th></tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            }
            .into_any()
        }
    }
    };
    view! {
        <section class="node-page">
            <h1>{t(Key::NdTitle)} " " {move || name.get()}</h1>
            <h2>{t(Key::NdDrain)}</h2>
            {body}
        </section>
    }
}
