//! `/`: a card per VMI, updated live from the stream.

use crate::api::Live;
use crate::components::vmi_card::VmiCard;
use leptos::prelude::*;

#[component]
pub fn Overview() -> impl IntoView {
    let live = expect_context::<Live>();
    let count = move || live.vmis.with(|v| v.len());
    view! {
        <section class="overview">
            <h1>"Virtual machine instances " <span class="count" data-testid="vmi-count">{count}</span></h1>
            <div class="cards">
                <For
                    each=move || live.vmis.get()
                    // Keyed by the whole summary: a changed VMI re-renders its card.
                    key=|s| serde_json::to_string(s).unwrap_or_default()
                    children=move |s| view! { <VmiCard summary=s/> }
                />
            </div>
        </section>
    }
}
