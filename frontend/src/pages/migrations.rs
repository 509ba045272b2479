//! `/migrations`: every migration, live and past, with phase, mode, trigger, progress and
//! outcome, as `model::migration::interpret` reads each VMIM on the backend
//! (`GET /api/v1/migrations/reports`). Re-fetched when the stream moves.

use crate::api::{self, Live};
use crate::components::common::{FetchFailure, HealthBadge};
use crate::components::vmi_view::{outcome_text, trigger_text};
use crate::i18n::{Key, t};
use leptos::prelude::*;

#[component]
pub fn Migrations() -> impl IntoView {
    let live = expect_context::<Live>();
    let retry = RwSignal::new(0u32);
    let data = LocalResource::new(move || {
        live.vmis.track();
        retry.track();
        api::fetch_migrations()
    });
    let table = move || {
        match data.get() {
        None => view! { <p class="empty" role="status">{t(Key::VmiLoading)}</p> }.into_any(),
        Some(Err(e)) => view! { <FetchFailure error=e on_retry=Callback::new(move |_| retry.update(|r| *r += 1))/> }.into_any(),
        Some(Ok(list)) if list.is_empty() => view! { <p class="empty" data-testid="mg-empty">{t(Key::MgEmpty)}</p> }.into_any(),
        Some(Ok(list)) => {
            let rows = list
                .into_iter()
                .map(|model::api::MigrationRow { created, report: r }| {
                    let href = format!("/vmi/{}/{}?tab=migrations&mig={}", r.namespace, r.vmi_name, r.name);
                    let trigger = trigger_text(&r.trigger);
                    let pct = r.progress.as_ref().and_then(|p| p.percent).map(|p| format!("{p:.0}%")).unwrap_or_default();
                    view! {
                        <tr data-migration=r.name.clone()>
                            <th scope="row"><a href=href>{r.name.clone()}</a></th>
                            <td>{format!("{}/{}", r.namespace, r.vmi_name)}</td>
                            <td data-testid="mg-phase">{r.phase.clone()}</td>
                            <td>{r.mode.clone().unwrap_or_default()}</td>
                            <td>{trigger}</td>
                            <td>{pct}</td>
                            <td>{outcome_text(r.outcome)} " " <HealthBadge health=r.health/></td>
                            <td>{created.map(|c| c.to_rfc3339()).unwrap_or_default()}</td>
                        </tr>
                    }
                })
                .collect_view();
            view! {
                <table class="migrations" data-testid="migrations-table">
                    <thead><tr>
                        <th scope="col">{t(Key::ColName)}</th><th scope="col">{t(Key::ColVmi)}</th><th scope="col">{t(Key::ColPhase)}</th>
                        <th scope="col">{t(Key::ColMode)}</th><th scope="col">{t(Key::ColTrigger)}</th><th scope="col">{t(Key::ColProgress)}</th>
                        <th scope="col">{t(Key::ColOutcome)}</th><th scope="col">{t(Key::ColTime)}</th>
                    </tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            }
            .into_any()
        }
    }
    };
    view! { <section class="migrations-page"><h1>{t(Key::MgTitle)}</h1>{table}</section> }
}
