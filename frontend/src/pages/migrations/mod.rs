//! `/migrations`: every migration, live and past, as `model::migration::interpret` reads each
//! VMIM on the backend (`GET /api/v1/migrations/reports`), filtered, searched and sorted as the
//! URL says (`migrations_model`), so every view is a deep link. Re-fetched when the stream
//! moves, and every few seconds while a migration runs (its progress moves without any VMI
//! change on the stream).
//!
//! * [`toolbar`]: the filter, search and sort controls.
//! * [`row`]: one row (progress with processed / remaining and rates while it runs; failure
//!   reason and plane when it failed; age with the exact time on hover; duration), and the
//!   convergence chart a row opens under itself (`?chart=<migration>`: one at a time, so one
//!   migration's series are asked, and only while it is open).
//!
//! The body is keyed ([`Line`]): a refresh rebuilds only the rows that changed, and the open
//! chart stays (with its own refresh) while its migration's course does not change.
//! * [`labels`]: the words of the filter values.

pub mod labels;
pub mod row;
pub mod toolbar;

use crate::api::{self, Live};
use crate::components::common::FetchFailure;
use crate::i18n::{Key, t};
use crate::migrations_model::{Choices, Dir, MigrationFilter, SortKey, sorted, with_live_nodes};
use crate::nav::query_param;
use leptos::prelude::*;
use leptos_router::hooks::use_location;
use model::api::MigrationRow;
use model::view::Outcome;
use std::hash::{DefaultHasher, Hasher};
use toolbar::MigrationsToolbar;

/// How often the page re-reads the progress of a running migration.
const PROGRESS_REFRESH_SECS: i64 = 5;

/// The reports, re-read on stream changes and, while one runs, every PROGRESS_REFRESH_SECS.
fn reports(
    live: Live,
    retry: RwSignal<u32>,
) -> LocalResource<Result<Vec<MigrationRow>, api::FetchError>> {
    let running = RwSignal::new(false);
    let bucket = move |t: model::time::Timestamp| t.0 / (PROGRESS_REFRESH_SECS * 1000);
    let period = RwSignal::new(bucket(live.now.get_untracked()));
    Effect::new(move |_| {
        let b = bucket(live.now.get());
        if running.get_untracked() && period.get_untracked() != b {
            period.set(b);
        }
    });
    let language = crate::i18n::lang();
    LocalResource::new(move || {
        live.vmis.track();
        retry.track();
        period.track();
        language.track();
        async move {
            let r = api::fetch_migrations().await;
            if let Ok(list) = &r {
                running.set(
                    list.iter().any(|m| {
                        matches!(m.report.outcome, Outcome::Pending | Outcome::InProgress)
                    }),
                );
            }
            r
        }
    })
}

/// One line of the table body: a migration's row, or the convergence chart open under it.
#[derive(Debug, Clone, PartialEq)]
enum Line {
    Row(MigrationRow),
    Chart(MigrationRow),
}

/// Feeds what `Debug` writes into a hasher (a digest of a row without a copy of its text).
struct Digest(DefaultHasher);

impl std::fmt::Write for Digest {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.write(s.as_bytes());
        Ok(())
    }
}

fn digest(v: &impl std::fmt::Debug) -> u64 {
    let mut d = Digest(DefaultHasher::new());
    let _ = std::fmt::Write::write_fmt(&mut d, format_args!("{v:?}"));
    d.0.finish()
}

/// A line's key: a row changes with anything it shows; the chart only with its migration's
/// course (phases, mode, outcome), which its drawing marks (its ETA follows its own series).
fn line_key(line: &Line) -> (bool, String, u64) {
    match line {
        Line::Row(r) => (false, r.report.name.clone(), digest(r)),
        Line::Chart(r) => {
            let m = &r.report;
            // Each phase and when it began (not its duration so far, which grows).
            let phases: Vec<_> = m.timeline.iter().map(|s| (&s.phase, s.at)).collect();
            let course = (&m.phase, &m.mode, m.outcome, phases, &m.mode_changes);
            (true, m.name.clone(), digest(&course))
        }
    }
}

/// What the page shows instead of, or as, the table.
#[derive(Debug, Clone, PartialEq)]
enum Status {
    Loading,
    Failed(api::FetchError),
    Empty,
    NoMatch,
    Shown,
}

#[component]
pub fn Migrations() -> impl IntoView {
    let live = expect_context::<Live>();
    let retry = RwSignal::new(0u32);
    let data = reports(live, retry);
    let loc = use_location();
    let filter = Memo::new(move |_| loc.query.with(|q| MigrationFilter::from_url(|k| q.get(k))));
    let sort = query_param("sort");
    let dir = query_param("dir");
    let order = Memo::new(move |_| {
        let key = SortKey::from_param(sort.get().as_deref());
        (
            key,
            Dir::from_param(dir.get().as_deref(), key.default_dir()),
        )
    });
    // With the nodes of the migrations in flight, which only their VMIs name.
    let all = Memo::new(move |_| match data.get() {
        Some(Ok(list)) => live.vmis.with(|v| with_live_nodes(list, v)),
        _ => Vec::new(),
    });
    let shown = Memo::new(move |_| {
        let f = filter.get();
        let (key, dir) = order.get();
        let kept: Vec<MigrationRow> =
            all.with(|l| l.iter().filter(|r| f.keeps(r)).cloned().collect());
        sorted(kept, key, dir, live.now.get_untracked())
    });
    let choices = Memo::new(move |_| all.with(|l| Choices::of(l, &filter.get())));
    let shown_n = Memo::new(move |_| shown.with(Vec::len));
    let total_n = Memo::new(move |_| all.with(Vec::len));
    let now: Signal<model::time::Timestamp> = live.now.into();
    let chart = query_param(row::CHART_PARAM);
    let lines = move || {
        let open = chart.get();
        shown.with(|rows| {
            let mut out = Vec::with_capacity(rows.len() + 1);
            for r in rows {
                out.push(Line::Row(r.clone()));
                if open.as_deref() == Some(r.report.name.as_str()) {
                    out.push(Line::Chart(r.clone()));
                }
            }
            out
        })
    };
    // The table is built once per status, not on every refresh: its body is keyed.
    let status = Memo::new(move |_| match data.get() {
        None => Status::Loading,
        Some(Err(e)) => Status::Failed(e),
        Some(Ok(list)) if list.is_empty() => Status::Empty,
        Some(Ok(_)) if shown_n.get() == 0 => Status::NoMatch,
        Some(Ok(_)) => Status::Shown,
    });
    let table = move || {
        match status.get() {
        Status::Loading => view! { <p class="empty" role="status">{t(Key::VmiLoading)}</p> }.into_any(),
        Status::Failed(e) => view! { <FetchFailure error=e on_retry=Callback::new(move |_| retry.update(|r| *r += 1))/> }.into_any(),
        Status::Empty => view! { <p class="empty" data-testid="mg-empty">{t(Key::MgEmpty)}</p> }.into_any(),
        Status::NoMatch => view! { <p class="empty" data-testid="mg-nomatch">{t(Key::MgNoMatch)}</p> }.into_any(),
        Status::Shown => view! {
            <div class="table-wrap">
            <table class="migrations mg-table" data-testid="migrations-table">
                <thead><tr>
                    <th scope="col">{t(Key::ColName)}</th><th scope="col">{t(Key::ColVmi)}</th><th scope="col">{t(Key::ColPhase)}</th>
                    <th scope="col">{t(Key::ColMode)}</th><th scope="col">{t(Key::ColTrigger)}</th><th scope="col">{t(Key::MgColNodes)}</th>
                    <th scope="col">{t(Key::ColProgress)}</th><th scope="col">{t(Key::ColOutcome)}</th>
                    <th scope="col">{t(Key::MgColAge)}</th><th scope="col">{t(Key::MgColDuration)}</th>
                </tr></thead>
                <tbody>
                    <For each=lines key=line_key let(line)>
                        {match line {
                            Line::Row(r) => row::row(r, now).into_any(),
                            Line::Chart(r) => row::chart_row(r.report).into_any(),
                        }}
                    </For>
                </tbody>
            </table>
            </div>
        }
        .into_any(),
    }
    };
    view! {
        <section class="migrations-page">
            <h1>{t(Key::MgTitle)}</h1>
            <MigrationsToolbar choices=choices shown=shown_n total=total_n order=order/>
            {table}
        </section>
    }
}
