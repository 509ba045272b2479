//! `/migrations`: every migration, live and past, with phase, mode, trigger, progress and
//! outcome, as `model::migration::interpret` reads each VMIM on the backend
//! (`GET /api/v1/migrations/reports`). Re-fetched when the stream moves, and every few seconds
//! while a migration runs. A running migration's progress cell: percent done, data processed /
//! remaining, memory transfer and dirty rates (from Prometheus, read on the backend).

use crate::api::{self, Live};
use crate::components::common::{FetchFailure, HealthBadge};
use crate::components::vmi_view::{outcome_text, trigger_text};
use crate::i18n::{Key, t};
use leptos::prelude::*;
use model::view::format::{human_bytes, human_rate};
use model::view::{Outcome, Progress};

/// How often the page re-reads the progress of a running migration.
const PROGRESS_REFRESH_SECS: i64 = 5;

/// A labelled value of the progress cell and how it is written.
type Part = (Key, Option<f64>, fn(f64) -> String);

/// `label value` for each known value, joined with `sep`; `None` when none is known. Read in
/// the current language when called (so inside a reactive closure).
fn parts(xs: &[Part], sep: &str) -> Option<String> {
    let xs: Vec<String> = xs
        .iter()
        .filter_map(|(key, v, fmt)| v.map(|v| format!("{} {}", t(*key)(), fmt(v))))
        .collect();
    (!xs.is_empty()).then(|| xs.join(sep))
}

/// The progress cell: percent, then processed / remaining, then the rates; empty without data.
fn progress_cell(p: Option<&Progress>) -> impl IntoView + use<> {
    let p = p.cloned().unwrap_or_default();
    let pct = p.percent.map(|p| format!("{p:.0}%"));
    let data: [Part; 2] = [
        (Key::MgProcessed, p.data_processed_bytes, human_bytes),
        (Key::MgRemaining, p.data_remaining_bytes, human_bytes),
    ];
    let rates: [Part; 2] = [
        (Key::MgTransfer, p.transfer_rate_bytes_per_sec, human_rate),
        (Key::MgDirty, p.dirty_rate_bytes_per_sec, human_rate),
    ];
    let has_data = data.iter().any(|d| d.1.is_some());
    let has_rates = rates.iter().any(|r| r.1.is_some());
    view! {
        <td data-testid="mg-progress">
            {pct.map(|pct| view! { <span class="mg-percent" data-testid="mg-percent">{pct}</span> })}
            {has_data.then(|| view! {
                <span class="mg-data" data-testid="mg-data">{move || parts(&data, " / ")}</span>
            })}
            {has_rates.then(|| view! {
                <span class="mg-rates" data-testid="mg-rates">{move || parts(&rates, " · ")}</span>
            })}
        </td>
    }
}

#[component]
pub fn Migrations() -> impl IntoView {
    let live = expect_context::<Live>();
    let retry = RwSignal::new(0u32);
    // While a migration runs its progress moves without any VMI change on the stream: then the
    // page fetches again every PROGRESS_REFRESH_SECS of its clock.
    let running = RwSignal::new(false);
    let bucket = move |t: model::time::Timestamp| t.0 / (PROGRESS_REFRESH_SECS * 1000);
    let period = RwSignal::new(bucket(live.now.get_untracked()));
    Effect::new(move |_| {
        let b = bucket(live.now.get());
        if running.get_untracked() && period.get_untracked() != b {
            period.set(b);
        }
    });
    let data =
        LocalResource::new(move || {
            live.vmis.track();
            retry.track();
            period.track();
            async move {
                let r = api::fetch_migrations().await;
                if let Ok(list) = &r {
                    running.set(list.iter().any(|m| {
                        matches!(m.report.outcome, Outcome::Pending | Outcome::InProgress)
                    }));
                }
                r
            }
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
                    let progress = progress_cell(r.progress.as_ref());
                    view! {
                        <tr data-migration=r.name.clone()>
                            <th scope="row"><a href=href>{r.name.clone()}</a></th>
                            <td>{format!("{}/{}", r.namespace, r.vmi_name)}</td>
                            <td data-testid="mg-phase">{r.phase.clone()}</td>
                            <td>{r.mode.clone().unwrap_or_default()}</td>
                            <td>{trigger}</td>
                            {progress}
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
