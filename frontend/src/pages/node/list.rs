//! `/nodes`: every node with its health, Ready, scheduling, taints, virt-handler, KVM and VMI
//! counts, unhealthy first (the order `model::view::node::node_rows` gives).

use super::refresh::refresh_tick;
use super::sections::heartbeat_text;
use crate::api::{self, Live};
use crate::components::common::{FetchFailure, HealthBadge};
use crate::i18n::{Key, t};
use leptos::prelude::*;
use model::view::NodeRow;

fn row(r: NodeRow, now: Signal<model::time::Timestamp>) -> impl IntoView {
    let href = format!("/node/{}", r.name);
    let problems = r.problems.join("; ");
    let sched = if r.cordoned {
        view! { <span class="drain-warn">{t(Key::NdCordoned)}</span> }.into_any()
    } else {
        view! { <span>{t(Key::NdSchedulableYes)}</span> }.into_any()
    };
    let taints = if r.taints.is_empty() {
        view! { <span class="muted">{t(Key::NdNoTaints)}</span> }.into_any()
    } else {
        view! { <ul class="plain">{r.taints.iter().map(|x| view! { <li><code>{x.clone()}</code></li> }).collect_view()}</ul> }.into_any()
    };
    let handler = heartbeat_text(&r.handler, now);
    let schedulable = r
        .handler
        .schedulable
        .clone()
        .map(|s| format!("schedulable={s}"))
        .unwrap_or_default();
    view! {
        <tr data-node=r.name.clone() data-health=r.health.as_str()>
            <th scope="row"><a href=href>{r.name.clone()}</a></th>
            <td><HealthBadge health=r.health/>
                {(!problems.is_empty()).then(|| view! { <div class="node-problems">{problems.clone()}</div> })}
            </td>
            <td>{r.ready.clone().unwrap_or_else(|| "—".into())}</td>
            <td>{sched}</td>
            <td>{taints}</td>
            <td>{handler} <div class="muted">{schedulable}</div></td>
            <td title=r.kvm.clone()>{r.kvm.as_deref().map_or_else(|| "—".into(), |q| model::view::quantity::human("devices.kubevirt.io/kvm", q))}</td>
            <td>{r.vmis}
                {(r.unhealthy_vmis > 0).then(|| view! { " " <span class="drain-bad">{format!("({} ", r.unhealthy_vmis)}{t(Key::NdUnhealthyVmis)}")"</span> })}
            </td>
        </tr>
    }
}

/// `/nodes`.
#[component]
pub fn Nodes() -> impl IntoView {
    let live = expect_context::<Live>();
    let retry = RwSignal::new(0u32);
    let tick = refresh_tick(live);
    let language = crate::i18n::lang();
    let data = LocalResource::new(move || {
        tick.track();
        retry.track();
        language.track();
        async move { api::fetch_node_rows().await }
    });
    let body = move || {
        match data.get() {
        None => view! { <p class="empty" role="status">{t(Key::VmiLoading)}</p> }.into_any(),
        Some(Err(e)) => view! { <FetchFailure error=e on_retry=Callback::new(move |_| retry.update(|r| *r += 1))/> }.into_any(),
        Some(Ok(rows)) if rows.is_empty() => view! { <p class="empty">{t(Key::NdNoNodes)}</p> }.into_any(),
        Some(Ok(rows)) => {
            let now: Signal<model::time::Timestamp> = live.now.into();
            view! {
                <div class="table-wrap">
                <table class="nodes" data-testid="node-list">
                    <thead><tr>
                        <th scope="col">{t(Key::ColName)}</th><th scope="col">{t(Key::NdHealth)}</th>
                        <th scope="col">{t(Key::NdColReady)}</th><th scope="col">{t(Key::NdScheduling)}</th>
                        <th scope="col">{t(Key::NdTaints)}</th><th scope="col">{t(Key::NdHandler)}</th>
                        <th scope="col">{t(Key::NdColKvm)}</th><th scope="col">{t(Key::NdColVmis)}</th>
                    </tr></thead>
                    <tbody>{rows.into_iter().map(|r| row(r, now)).collect_view()}</tbody>
                </table>
                </div>
            }
            .into_any()
        }
    }
    };
    view! {
        <section class="nodes-page">
            <h1>{t(Key::NdList)}</h1>
            {body}
        </section>
    }
}
