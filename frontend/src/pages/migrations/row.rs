//! One row of the migrations table: name (a link to the VMI's migration tab), VMI, phase, mode,
//! trigger, source → target, progress (percent, processed / remaining, rates), outcome with the
//! failure's reason and plane, age (exact time on hover) and duration; a button in the name cell
//! opens the migration's convergence chart in a line under the row ([`chart_row`]).

use super::labels::{outcome_label, plane_label, trigger_label};
use crate::components::common::HealthBadge;
use crate::components::common::gap_view;
use crate::components::convergence::Convergence;
use crate::components::rel_time::RelTime;
use crate::components::vmi_view::trigger_text;
use crate::i18n::{Key, t};
use crate::migrations_model::progress::gap;
use crate::migrations_model::{duration_secs, nodes_of, outcome_key, trigger_key};
use crate::nav::{param_setter, query_param};
use leptos::prelude::*;
use model::api::MigrationRow;
use model::time::{Timestamp, format_duration};
use model::view::MigrationReport;
use model::view::format::{human_bytes, human_rate};

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

/// The progress cell: percent, then processed / remaining, then the rates; without any of
/// them, why ([`gap`]).
fn progress_cell(report: &MigrationReport) -> impl IntoView + use<> {
    let missing = gap(report);
    let p = report.progress.clone().unwrap_or_default();
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
        <td data-testid="mg-progress" data-label=t(Key::ColProgress)>
            {missing.map(|g| gap_view(g, Key::MgProgNoMetrics))}
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

/// The outcome cell: its word and badge, and for a failure its plane and reason.
fn outcome_cell(row: &MigrationRow) -> impl IntoView + use<> {
    let r = &row.report;
    let failure = r.failure.clone().map(|f| {
        view! {
            <div class="mg-failure" data-testid="mg-failure" data-plane=format!("{:?}", f.plane)>
                <span class="mg-plane">{t(plane_label(f.plane))}</span> ": " {f.reason}
            </div>
        }
    });
    view! {
        <td data-testid="mg-outcome" data-label=t(Key::ColOutcome) data-outcome=outcome_key(r.outcome)>
            {t(outcome_label(outcome_key(r.outcome)))} " " <HealthBadge health=r.health/>
            {failure}
        </td>
    }
}

/// The query parameter naming the migration whose convergence chart is open (one at a time).
pub const CHART_PARAM: &str = "chart";

/// The id of a migration's chart line (what its button controls).
fn chart_id(name: &str) -> String {
    format!("mg-chart-{name}")
}

/// The button that opens or closes the row's convergence chart.
fn chart_toggle(name: String) -> impl IntoView {
    let open_q = query_param(CHART_PARAM);
    let set = param_setter();
    let n = name.clone();
    let open = Memo::new(move |_| open_q.get().as_deref() == Some(n.as_str()));
    view! {
        <button type="button" class="mg-chart-toggle" data-testid="mg-chart-toggle"
            aria-expanded=move || open.get().to_string() aria-controls=chart_id(&name)
            on:click=move |_| set(CHART_PARAM, (!open.get_untracked()).then(|| name.clone()))>
            {t(Key::CvTitle)}
        </button>
    }
}

/// The line under an open row: the migration's convergence chart, live (its series are asked
/// only while it is open, and again while the migration runs; its ETA and not-converging flag
/// follow them, not the `report` the line was built with).
pub fn chart_row(report: MigrationReport) -> impl IntoView {
    let id = chart_id(&report.name);
    view! {
        <tr class="mg-chart-row" data-testid="mg-chart-row" id=id>
            <td colspan="10"><Convergence report=report live=true compact=true/></td>
        </tr>
    }
}

/// One row.
pub fn row(row: MigrationRow, now: Signal<Timestamp>) -> impl IntoView {
    let r = &row.report;
    let href = format!(
        "/vmi/{}/{}?tab=migrations&mig={}",
        r.namespace, r.vmi_name, r.name
    );
    let trig = trigger_key(&r.trigger);
    let (src, dst) = nodes_of(&row);
    let nodes = format!("{} → {}", src.unwrap_or("?"), dst.unwrap_or("?"));
    let detail = trigger_text(&r.trigger);
    let row2 = row.clone();
    let duration = move || {
        duration_secs(&row2, now.get())
            .map(format_duration)
            .unwrap_or_else(|| "—".into())
    };
    view! {
        <tr data-migration=r.name.clone() data-trigger=trig data-phase=r.phase.clone()>
            <th scope="row"><a href=href>{r.name.clone()}</a> " " {chart_toggle(r.name.clone())}</th>
            <td data-label=t(Key::ColVmi)>{format!("{}/{}", r.namespace, r.vmi_name)}</td>
            <td data-testid="mg-phase" data-label=t(Key::ColPhase)>{r.phase.clone()}</td>
            <td data-label=t(Key::ColMode)>{r.mode.clone().unwrap_or_default()}</td>
            <td data-testid="mg-trigger" data-label=t(Key::ColTrigger) title=detail>{t(trigger_label(trig))}</td>
            <td data-testid="mg-nodes" data-label=t(Key::MgColNodes) class="mg-nodes">{nodes}</td>
            {progress_cell(r)}
            {outcome_cell(&row)}
            <td data-testid="mg-age" data-label=t(Key::MgColAge)><RelTime at=row.created now=now/></td>
            <td data-testid="mg-duration" data-label=t(Key::MgColDuration)>{duration}</td>
        </tr>
    }
}
