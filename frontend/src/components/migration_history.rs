//! The migration history of one VMI, for the VMI page: every VMIM of it (newest first) with
//! its trigger, the source and target node of that run (read from that VMIM's own
//! `status.migrationState`, never from the VMI's, which only describes the latest), outcome
//! (with the failure's reason and plane), age and duration; a run in flight takes its nodes
//! from the VMI's live summary (`migrations_model::live`). Read from
//! `GET /api/v1/migrations/reports`.

use crate::api::{self, Live};
use crate::components::common::HealthBadge;
use crate::components::rel_time::RelTime;
use crate::i18n::{Key, t};
use crate::migrations_model::{
    Dir, SortKey, duration_secs, nodes_of, outcome_key, sorted, trigger_key, with_live_nodes,
};
use crate::pages::migrations::labels::{outcome_label, plane_label, trigger_label};
use leptos::prelude::*;
use model::api::MigrationRow;
use model::time::{Timestamp, format_duration};

fn run(row: MigrationRow, now: Signal<Timestamp>) -> impl IntoView {
    let r = &row.report;
    let href = format!("?tab=migrations&mig={}", r.name);
    let (src, dst) = nodes_of(&row);
    let failure = r.failure.clone().map(|f| {
        view! { <div class="mg-failure"><span class="mg-plane">{t(plane_label(f.plane))}</span> ": " {f.reason}</div> }
    });
    let row2 = row.clone();
    let duration = move || {
        duration_secs(&row2, now.get())
            .map(format_duration)
            .unwrap_or_else(|| "—".into())
    };
    view! {
        <tr data-migration=r.name.clone() data-source=src.unwrap_or("").to_string() data-target=dst.unwrap_or("").to_string()>
            <th scope="row"><a href=href>{r.name.clone()}</a></th>
            <td><RelTime at=row.created now=now/></td>
            <td>{t(trigger_label(trigger_key(&r.trigger)))}</td>
            <td data-testid="mh-nodes">{format!("{} → {}", src.unwrap_or("?"), dst.unwrap_or("?"))}</td>
            <td data-outcome=outcome_key(r.outcome)>{t(outcome_label(outcome_key(r.outcome)))} " " <HealthBadge health=r.health/>{failure}</td>
            <td>{duration}</td>
        </tr>
    }
}

/// The migrations of `namespace/name`.
#[component]
pub fn MigrationHistory(
    #[prop(into)] namespace: String,
    #[prop(into)] name: String,
) -> impl IntoView {
    let live = expect_context::<Live>();
    let language = crate::i18n::lang();
    let data = LocalResource::new(move || {
        live.vmis.track();
        language.track();
        async move { api::fetch_migrations().await }
    });
    let now: Signal<Timestamp> = live.now.into();
    let body = move || {
        let mine = |list: Vec<MigrationRow>| -> Vec<MigrationRow> {
            let list: Vec<MigrationRow> = list
                .into_iter()
                .filter(|r| r.report.namespace == namespace && r.report.vmi_name == name)
                .collect();
            let list = live.vmis.with_untracked(|v| with_live_nodes(list, v));
            sorted(list, SortKey::Created, Dir::Desc, now.get_untracked())
        };
        match data.get() {
            None => view! { <p class="empty" role="status">{t(Key::VmiLoading)}</p> }.into_any(),
            // A failed read leaves the rest of the VMI page alone: the migrations page says why.
            Some(Err(e)) => {
                view! { <p class="empty">{crate::components::common::failure_text(&e)}</p> }
                    .into_any()
            }
            Some(Ok(list)) => {
                let runs = mine(list);
                if runs.is_empty() {
                    view! { <p class="empty" data-testid="mh-empty">{t(Key::MhEmpty)}</p> }
                        .into_any()
                } else {
                    view! {
                        <div class="table-wrap">
                        <table data-testid="mh-table">
                            <thead><tr>
                                <th scope="col">{t(Key::ColName)}</th><th scope="col">{t(Key::MgColAge)}</th>
                                <th scope="col">{t(Key::ColTrigger)}</th><th scope="col">{t(Key::MgColNodes)}</th>
                                <th scope="col">{t(Key::ColOutcome)}</th><th scope="col">{t(Key::MgColDuration)}</th>
                            </tr></thead>
                            <tbody>{runs.into_iter().map(|r| run(r, now)).collect_view()}</tbody>
                        </table>
                        </div>
                    }
                    .into_any()
                }
            }
        }
    };
    view! {
        <section class="migration-history" data-testid="migration-history" aria-labelledby="mh-title">
            <h2 id="mh-title">{t(Key::MhTitle)}</h2>
            {body}
        </section>
    }
}
