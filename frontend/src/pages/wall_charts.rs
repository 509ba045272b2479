//! The wall's charts in large type, drawn by the views module (see `crate::deferred`; the wall
//! names them only as `View::WallMigrations` and `View::WallFocus`, so plotters stays out of the
//! first load). [`WallMigrations`]: the convergence charts of at most [`MIGRATION_CHARTS`]
//! running migrations, the ones not converging first; each asks its series again every
//! `convergence::REFRESH_SECS` while it runs, and the list of migrations is asked once and then
//! every [`LIST_REFRESH_SECS`] (a chart whose migration stays charted is kept, not built again).
//! [`WallFocus`]: the focused problem VMI's key domain-stat chart, picked by its worst layer,
//! asked once and then every [`FOCUS_REFRESH_SECS`]. Nothing else is requested.

use crate::api::{self, Live};
use crate::components::charts::Chart;
use crate::components::common::FetchFailure;
use crate::components::convergence::Convergence;
use crate::i18n::{Key, t};
use crate::pages::vmi::{DOMAIN_CHARTS, pick};
use leptos::prelude::*;
use model::api::MigrationRow;
use model::verdict::Layer;
use model::view::{MigrationReport, Outcome};

/// At most this many convergence charts on the wall.
pub const MIGRATION_CHARTS: usize = 2;

/// How often the list of migrations is asked again, in seconds.
pub const LIST_REFRESH_SECS: i64 = 10;

/// How often the focused VMI's chart is asked again, in seconds.
pub const FOCUS_REFRESH_SECS: i64 = 30;

/// The range of the focused VMI's chart, in seconds.
pub const FOCUS_RANGE_SECS: u32 = 900;

/// The migrations the wall charts: those in progress, not converging first (then by namespace,
/// VMI and name, so the choice is stable), at most [`MIGRATION_CHARTS`].
pub fn charted(rows: &[MigrationRow]) -> Vec<MigrationReport> {
    let mut running: Vec<&MigrationReport> = rows
        .iter()
        .map(|r| &r.report)
        .filter(|r| r.outcome == Outcome::InProgress)
        .collect();
    running.sort_by_key(|r| {
        let converging = r.progress.as_ref().and_then(|p| p.converging);
        (
            converging != Some(false),
            r.namespace.clone(),
            r.vmi_name.clone(),
            r.name.clone(),
        )
    });
    running
        .into_iter()
        .take(MIGRATION_CHARTS)
        .cloned()
        .collect()
}

/// The domain-stat chart (a title of [`DOMAIN_CHARTS`]) that tells most about a problem in
/// `layer`: the dirty rate for a migration, the network's traffic, the memory a node gives the
/// guest, else the CPU.
pub fn key_chart(layer: Layer) -> Key {
    match layer {
        Layer::Migration => Key::ChartDirtyRate,
        Layer::Network => Key::ChartNetwork,
        Layer::Node => Key::ChartMemory,
        Layer::Guest | Layer::ControlPlane => Key::ChartCpu,
    }
}

/// A signal that changes every `secs` of the module's clock (set by an effect: a resource that
/// tracks it asks again; see the VMI page's refresh).
fn every(secs: i64) -> RwSignal<i64> {
    let live = use_context::<Live>();
    let bucket = move || live.map_or(0, |l| l.now.get().0 / (secs * 1000));
    let period = RwSignal::new(untrack(bucket));
    Effect::new(move |_| {
        let b = bucket();
        if period.get_untracked() != b {
            period.set(b);
        }
    });
    period
}

/// The running migrations' convergence charts, large. The list is asked again every
/// [`LIST_REFRESH_SECS`] (a migration's convergence is known only once its metrics came); a
/// chart whose migration stays charted in the same phase and mode is kept, not built again.
#[component]
pub fn WallMigrations() -> impl IntoView {
    let period = every(LIST_REFRESH_SECS);
    let language = crate::i18n::lang();
    let list = LocalResource::new(move || {
        period.track();
        language.track();
        api::fetch_migrations()
    });
    let last = RwSignal::new(Vec::<MigrationReport>::new());
    Effect::new(move |_| {
        if let Some(Ok(rows)) = list.get() {
            let shown = charted(&rows);
            let same = last.with_untracked(|l| {
                l.len() == shown.len()
                    && l.iter()
                        .zip(&shown)
                        .all(|(a, b)| chart_key(a) == chart_key(b))
            });
            if !same {
                last.set(shown);
            }
        }
    });
    let failed = move || match list.get() {
        Some(Err(e)) => Some(view! { <FetchFailure error=e/> }),
        _ => None,
    };
    view! {
        {failed}
        <Show when=move || last.with(|l| !l.is_empty())>
            <section class="wall-charts" data-testid="wall-migrations">
                <h2>{t(Key::WallMigrating)}</h2>
                <div class="wall-chart-grid">
                    <For each=move || last.get() key=chart_key let:r>
                        {migration_chart(r)}
                    </For>
                </div>
            </section>
        </Show>
    }
}

/// One migration's chart under the VMI and migration it is of.
fn migration_chart(r: MigrationReport) -> impl IntoView {
    let (vmi, name) = (format!("{}/{}", r.namespace, r.vmi_name), r.name.clone());
    let attr = name.clone();
    view! {
        <div class="wall-migration" data-migration=attr>
            <h3><span class="wall-name">{vmi}</span> " " <span class="wall-headline">{name}</span></h3>
            <Convergence report=r live=true large=true/>
        </div>
    }
}

/// What rebuilds a migration's chart: another migration, phase or mode.
fn chart_key(r: &MigrationReport) -> (String, String, Option<String>) {
    (r.name.clone(), r.phase.clone(), r.mode.clone())
}

/// The focused VMI's key chart, large, asked again every [`FOCUS_REFRESH_SECS`].
#[component]
pub fn WallFocus(cluster: String, ns: String, name: String, layer: Layer) -> impl IntoView {
    let period = every(FOCUS_REFRESH_SECS);
    let title = key_chart(layer);
    let metrics = DOMAIN_CHARTS
        .iter()
        .find(|(t, _)| *t == title)
        .map_or(&[][..], |(_, m)| *m);
    let key = format!("{ns}/{name}");
    let data = LocalResource::new(move || {
        period.track();
        let (cluster, ns, name) = (cluster.clone(), ns.clone(), name.clone());
        async move { api::fetch_metrics(&cluster, &ns, &name, "domain", FOCUS_RANGE_SECS).await }
    });
    let chart = move || {
        match data.get() {
        None => view! { <p class="empty" role="status">{t(Key::VmiLoading)}</p> }.into_any(),
        Some(Err(e)) => view! { <FetchFailure error=e/> }.into_any(),
        Some(Ok(set)) if !set.available => view! {
            <div class="failure" role="status" data-testid="no-metrics"><strong>{t(Key::VmiNoprom)}</strong>
            <p>{set.message.clone().unwrap_or_default()}</p></div>
        }
        .into_any(),
        Some(Ok(set)) => view! {
            <Chart title=t(title)().to_string() series=pick(&set, metrics) range_secs=FOCUS_RANGE_SECS large=true/>
        }
        .into_any(),
    }
    };
    let vmi = key.clone();
    view! {
        <section class="wall-charts wall-focus-chart" data-testid="wall-focus-chart" data-vmi=vmi>
            <h2>{t(Key::WallFocusChart)} " " {key}</h2>
            {chart}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use model::kube::Vmim;
    use model::migration::{MigrationContext, interpret};
    use model::view::Progress;

    fn row(name: &str, phase: &str, converging: Option<bool>) -> MigrationRow {
        let vmim = Vmim::from_value(&serde_json::json!({
            "metadata": {"name": name, "namespace": "ns"},
            "spec": {"vmiName": format!("vm-{name}")},
            "status": {"phase": phase}
        }));
        let mut report = interpret(Some(&vmim), &MigrationContext::default());
        report.progress = Some(Progress {
            converging,
            ..Progress::default()
        });
        MigrationRow {
            created: None,
            report,
        }
    }

    #[test]
    fn the_wall_charts_two_running_migrations_not_converging_first() {
        let rows = [
            row("a", "Running", Some(true)),
            row("b", "Succeeded", Some(false)),
            row("c", "Running", Some(false)),
            row("d", "Running", None),
            row("e", "Pending", Some(false)),
        ];
        let names: Vec<String> = charted(&rows).into_iter().map(|r| r.name).collect();
        assert_eq!(names, ["c", "a"]);
        assert!(charted(&rows[1..2]).is_empty());
    }

    #[test]
    fn every_layer_has_a_domain_chart() {
        for l in Layer::ALL {
            assert!(
                DOMAIN_CHARTS.iter().any(|(t, _)| *t == key_chart(l)),
                "{l:?}"
            );
        }
    }
}
