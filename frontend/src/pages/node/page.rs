//! `/node/{name}`: health, conditions, scheduling, virt-handler, devices, alerts, and the VMIs
//! with their verdicts and drain impact. Re-read every few seconds of the page clock.

use super::alerts::NodeAlerts;
use super::refresh::refresh_tick;
use super::{sections, vmis};
use crate::api::{self, Live};
use crate::components::common::FetchFailure;
use crate::i18n::{Key, t};
use leptos::prelude::*;
use leptos_router::hooks::use_params_map;

/// `/node/{name}`.
#[component]
pub fn NodePage() -> impl IntoView {
    let params = use_params_map();
    let live = expect_context::<Live>();
    let name = Memo::new(move |_| params.with(|p| p.get("name").unwrap_or_default()));
    let retry = RwSignal::new(0u32);
    let tick = refresh_tick(live);
    let language = crate::i18n::lang();
    let data = LocalResource::new(move || {
        let n = name.get();
        language.track();
        tick.track();
        retry.track();
        async move { api::fetch_node_view(&n).await }
    });
    let now: Signal<model::time::Timestamp> = live.now.into();
    let body = move || {
        match data.get() {
        None => view! { <p class="empty" role="status">{t(Key::VmiLoading)}</p> }.into_any(),
        Some(Err(e)) => view! { <FetchFailure error=e on_retry=Callback::new(move |_| retry.update(|r| *r += 1))/> }.into_any(),
        Some(Ok(v)) => {
            view! {
                {sections::health(&v)}
                <div class="node-grid">
                    <div>{sections::scheduling_and_handler(&v, now)}</div>
                    <div>{sections::resources(&v)}</div>
                </div>
                {sections::conditions(&v, now)}
                {vmis::vmis_and_drain(&v)}
            }
            .into_any()
        }
    }
    };
    view! {
        <section class="node-page" data-testid="node-page">
            <h1>{t(Key::NdTitle)} " " {move || name.get()}</h1>
            {body}
            // The alerts' place: filled by `GET /api/v1/alerts` once the backend serves it.
            <NodeAlerts node=name tick=tick/>
        </section>
    }
}
