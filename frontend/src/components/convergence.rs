//! The convergence chart of one migration: data remaining and processed over the migration's
//! window (top), the memory transfer rate against the dirty rate with every stretch where dirty
//! ≥ transfer shaded as not converging (bottom), the phase changes and the switch to PostCopy or
//! Paused as marks, and the ETA while it runs. Live, it asks the backend's migration series
//! (Prometheus range queries; the backend picks the release's metric names) again every
//! [`REFRESH_SECS`] while the migration runs; without Prometheus, or in a paste, it says so and
//! draws what the VMIM's phase timestamps give.

use crate::api::{self, Live};
use crate::components::charts::marks::place;
use crate::components::charts::measured::MeasuredCanvas;
use crate::components::charts::scale::colour;
use crate::components::charts::ticked::Ticked;
use crate::components::charts::ticks::{time_ticks, value_axis};
use crate::components::charts::{Look, dark_theme};
use crate::i18n::{Key, t, tr};
use leptos::html::Canvas;
use leptos::prelude::*;
use model::api::{Series, SeriesSet};
use model::time::{Timestamp, format_duration};
use model::view::convergence::{not_converging, progress_from_series, window};
use model::view::{MigrationReport, Outcome};
use plotters::coord::Shift;
use plotters::prelude::*;

/// How often a running migration's series are asked again, in seconds.
pub const REFRESH_SECS: i64 = 5;

/// The series of `metric` in `set`, cut to the window.
fn points(set: Option<&SeriesSet>, metric: &str, (from, to): (f64, f64)) -> Vec<[f64; 2]> {
    set.and_then(|s| s.series.iter().find(|x| x.metric == metric))
        .map(|s: &Series| {
            s.points
                .iter()
                .filter(|p| p[0] >= from - 1.0 && p[0] <= to + 1.0)
                .copied()
                .collect()
        })
        .unwrap_or_default()
}

/// A mark on the time axis: (unix seconds, label, is a mode change).
type Mark = (f64, String, bool);

fn marks(report: &MigrationReport) -> Vec<Mark> {
    let secs = |t: model::time::Timestamp| t.0 as f64 / 1000.0;
    let phases = report
        .timeline
        .iter()
        .filter_map(|s| Some((secs(s.at?), s.phase.clone(), false)));
    let modes = report
        .mode_changes
        .iter()
        .filter_map(|c| Some((secs(c.at?), c.to.clone(), true)));
    let mut all: Vec<Mark> = phases.chain(modes).collect();
    all.sort_by(|a, b| a.0.total_cmp(&b.0));
    all
}

/// Elapsed time since the window's start, as `m:ss`.
fn elapsed(secs: f64) -> String {
    let s = secs.max(0.0).round() as i64;
    format!("{}:{:02}", s / 60, s % 60)
}

/// What one drawing needs (its words in `look.lang`).
struct Frame<'a> {
    window: (f64, f64),
    set: Option<&'a SeriesSet>,
    marks: &'a [Mark],
    look: Look,
}

/// One panel: `lines` (metric, label) against elapsed seconds, with the marks and, when
/// `shade`, the not-converging stretches.
fn panel(
    area: &DrawingArea<MeasuredCanvas, Shift>,
    f: &Frame,
    lines: &[(&str, &str)],
    unit: &str,
    shade: bool,
) -> Option<Vec<LabelBox>> {
    let (from, to) = f.window;
    let (_, grid, text) = f.look.ink();
    let series: Vec<Vec<[f64; 2]>> = lines
        .iter()
        .map(|(m, _)| points(f.set, m, f.window))
        .collect();
    let max = series.iter().flatten().map(|p| p[1]).fold(0.0f64, f64::max);
    // Ticks of 1, 2 or 5 in the axis's unit (`charts::ticks`).
    let y = value_axis(f.look.lang, max, unit, 4);
    let ymax = y.top;
    let x_ticks = time_ticks(to - from, 6, false);
    // The wall's large type: bigger text, wider label areas, thicker lines.
    let (size, small, width) = if f.look.large {
        (18, 16, 3)
    } else {
        (12, 11, 2)
    };
    let font = ("sans-serif", size).into_font().color(&text);
    let mut chart = ChartBuilder::on(area)
        .margin(6)
        .margin_right(18)
        .x_label_area_size(size * 3)
        .y_label_area_size(size * 7)
        .build_cartesian_2d(
            Ticked::new(0.0..(to - from), x_ticks),
            Ticked::new(0.0..ymax, y.ticks.clone()),
        )
        .ok()?;
    chart
        .configure_mesh()
        .x_desc(tr(f.look.lang, Key::CvTimeAxis))
        .x_label_formatter(&|x| elapsed(*x))
        .y_label_formatter(&|v| y.label(*v))
        .label_style(font.clone())
        .axis_desc_style(font.clone())
        .bold_line_style(grid)
        .light_line_style(grid.mix(0.4))
        .axis_style(text.mix(0.6))
        .draw()
        .ok()?;
    if shade {
        let bad = not_converging(&series[0], &series[1], 30.0);
        let (r, g, b) = colour(1, f.look.dark);
        chart
            .draw_series(bad.iter().map(|(a, z)| {
                Rectangle::new(
                    [(a - from, 0.0), ((z - from).max(a - from + 1.0), ymax)],
                    RGBColor(r, g, b).mix(0.18).filled(),
                )
            }))
            .ok()?;
    }
    let ink = |mode: bool| if mode { RGBColor(204, 121, 167) } else { text };
    for (t, _, mode) in f.marks {
        let x = t - from;
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(x, 0.0), (x, ymax)],
                ink(*mode)
                    .mix(if *mode { 0.9 } else { 0.35 })
                    .stroke_width(if *mode { 2 } else { 1 }),
            )))
            .ok()?;
    }
    let mut drawn = Vec::new();
    if !shade {
        // Labels on the top panel only, placed in pixels so that none overlaps (`marks`).
        let label_font = ("sans-serif", small).into_font();
        let measure = TextStyle::from(label_font.clone());
        let plot = chart.plotting_area();
        let (xr, yr) = plot.get_pixel_range();
        let base = area.get_base_pixel();
        let boxes: Vec<(f64, f64)> = f
            .marks
            .iter()
            .map(|(t, label, _)| {
                let px = plot.map_coordinate(&(t - from, 0.0)).0;
                let w = area.estimate_text_size(label, &measure).map_or(0, |s| s.0);
                (f64::from(px), f64::from(w))
            })
            .collect();
        let placed = place(&boxes, (f64::from(xr.start), f64::from(xr.end)), 3, 6.0);
        for ((_, label, mode), spot) in f.marks.iter().zip(placed) {
            let Some((row, left)) = spot else { continue };
            let top = yr.start + 2 + (small + 3) * row as i32;
            let width = area.estimate_text_size(label, &measure).map_or(0, |s| s.0);
            drawn.push((label.clone(), row, left, left + f64::from(width)));
            area.draw(&Text::new(
                label.clone(),
                (left as i32 - base.0, top - base.1),
                label_font.clone().color(&ink(*mode)),
            ))
            .ok()?;
        }
    }
    for (i, pts) in series.iter().enumerate() {
        let (r, g, b) = colour(if shade { i } else { i + 2 }, f.look.dark);
        chart
            .draw_series(LineSeries::new(
                pts.iter().map(|p| (p[0] - from, p[1])),
                RGBColor(r, g, b).stroke_width(width),
            ))
            .ok()?;
    }
    Some(drawn)
}

/// A phase label as drawn: (text, row, left, right) in CSS pixels of the canvas.
type LabelBox = (String, usize, f64, f64);

fn draw(canvas: web_sys::HtmlCanvasElement, f: &Frame, height: u32) -> Option<()> {
    let root = MeasuredCanvas::fitted(canvas.clone(), height)?.into_drawing_area();
    root.fill(&f.look.ink().0).ok()?;
    let (top, bottom) = root.split_vertically(root.dim_in_pixel().1 / 2);
    let labels = panel(
        &top,
        f,
        &[
            ("migration_remaining", tr(f.look.lang, Key::CvRemaining)),
            ("migration_processed", tr(f.look.lang, Key::CvProcessed)),
        ],
        "bytes",
        false,
    )?;
    panel(
        &bottom,
        f,
        &[
            ("migration_transfer_rate", tr(f.look.lang, Key::CvTransfer)),
            ("migration_dirty_rate", tr(f.look.lang, Key::CvDirty)),
        ],
        "bytes_per_second",
        true,
    )?;
    // Where the phase labels went, for a test to check that none overlaps another.
    if let Ok(boxes) = serde_json::to_string(&labels) {
        let _ = canvas.set_attribute("data-label-boxes", &boxes);
    }
    root.present().ok()
}

/// The caption's ETA (seconds, only while it runs) and whether it converges: from the newest
/// series fetched (`set`), by the model's progress rule, so both follow the data as it arrives;
/// from the `report` the chart was built with until a set with the migration's series came.
pub fn caption(
    report: &MigrationReport,
    set: Option<&SeriesSet>,
    now: Option<Timestamp>,
) -> (Option<f64>, Option<bool>) {
    let running = matches!(report.outcome, Outcome::InProgress | Outcome::Pending);
    let fetched = set.and_then(|s| {
        progress_from_series(
            s.series
                .iter()
                .map(|x| (x.metric.as_str(), x.points.as_slice())),
            now,
        )
    });
    let p = fetched.or_else(|| report.progress.clone());
    let p = p.map(|p| (p.eta_secs, p.converging)).unwrap_or_default();
    (p.0.filter(|_| running), p.1)
}

/// The convergence chart of `report`. `live`: ask the backend for its series (the live VMI
/// and migrations pages); a paste has none. `compact`: the migrations page row's smaller size.
/// `large`: the wall's large-type variant (always in the wall's dark ink).
#[component]
pub fn Convergence(
    report: MigrationReport,
    #[prop(optional)] live: bool,
    #[prop(optional)] compact: bool,
    #[prop(optional)] large: bool,
) -> impl IntoView {
    let clock = use_context::<Live>();
    let running = matches!(report.outcome, Outcome::InProgress | Outcome::Pending);
    // While it runs, a new bucket every REFRESH_SECS asks again.
    let tick = Memo::new(move |_| match clock {
        Some(c) if running => c.now.get().0 / (REFRESH_SECS * 1000),
        _ => 0,
    });
    let now = move || clock.map(|c| c.now.get_untracked());
    let (ns, vmi) = (report.namespace.clone(), report.vmi_name.clone());
    let r2 = report.clone();
    let data = LocalResource::new(move || {
        tick.track();
        let (ns, vmi) = (ns.clone(), vmi.clone());
        let span = window(&r2, now());
        async move {
            let (from, _) = span?;
            if !live {
                return None;
            }
            let now_s = now().map(|n| n.0 as f64 / 1000.0).unwrap_or(from);
            let range = ((now_s - from) as u32 + 60).clamp(120, 86_400);
            Some(api::fetch_metrics("", &ns, &vmi, "migration", range).await)
        }
    });
    let canvas = NodeRef::<Canvas>::new();
    let dark = dark_theme();
    let r3 = report.clone();
    let language = crate::i18n::lang();
    // Drawn again when the canvas's box or the pixel ratio changes.
    let resized = crate::components::charts::resized::resizes(canvas);
    Effect::new(move |_| {
        resized.track();
        let answer = data.get();
        let set = match &answer {
            Some(Some(Ok(s))) if s.available => Some(s),
            _ => None,
        };
        let Some(window) = window(&r3, now()) else {
            return;
        };
        let frame = Frame {
            window,
            set,
            marks: &marks(&r3),
            look: Look {
                dark: dark.get() || large,
                large,
                shown: Vec::new(),
                hover: None,
                lang: language.get(),
            },
        };
        let height = match (compact, large) {
            (_, true) => 560,
            (true, _) => 260,
            _ => 380,
        };
        if let Some(c) = canvas.get() {
            let _ = draw(c, &frame, height);
        }
    });
    let state = move || match data.get() {
        None => ("loading", t(Key::VmiLoading)().to_string()),
        Some(None) if live => ("no-window", t(Key::CvNoTimes)().to_string()),
        Some(None) => ("no-prometheus", t(Key::CvPaste)().to_string()),
        Some(Some(Err(e))) => ("error", crate::components::common::failure_text(&e)()),
        Some(Some(Ok(s))) if !s.available => (
            "no-prometheus",
            format!(
                "{} {}",
                t(Key::CvNoProm)(),
                s.message.clone().unwrap_or_default()
            ),
        ),
        Some(Some(Ok(s))) if s.series.iter().all(|x| x.points.is_empty()) => {
            ("empty", t(Key::CvNoSamples)().to_string())
        }
        Some(Some(Ok(_))) => ("data", String::new()),
    };
    // The ETA and the not-converging flag follow the series as they arrive.
    let r4 = report.clone();
    let shown = Memo::new(move |_| {
        data.with(|d| {
            let set = match d {
                Some(Some(Ok(s))) if s.available => Some(s),
                _ => None,
            };
            caption(&r4, set, now())
        })
    });
    let eta = move || shown.get().0.map(format_duration);
    let converging = move || shown.get().1;
    // KubeVirt records no time for a switch to PostCopy: the caption names it instead.
    let untimed = report
        .mode_changes
        .iter()
        .find(|c| c.at.is_none())
        .map(|c| format!("{} → {}", c.from, c.to));
    let name = report.name.clone();
    let label = move || format!("{} {name}", t(Key::CvAria)());
    let swatch = |i: usize, key: Key| {
        view! { <li><span class=format!("sw sw-{i}") aria-hidden="true"></span> {t(key)}</li> }
    };
    view! {
        <figure class="convergence" class:convergence-compact=compact class:convergence-large=large data-testid="convergence"
            data-state=move || state().0 data-migration=report.name.clone()>
            <figcaption>
                <strong>{t(Key::CvTitle)}</strong>
                {move || eta().map(|e| view! { " " <span class="cv-eta" data-testid="cv-eta">{t(Key::CvEta)} " " {e}</span> })}
                {move || (converging() == Some(false)).then(|| view! { " " <span class="cv-bad" data-testid="cv-bad">{t(Key::CvNotConverging)}</span> })}
                {untimed.map(|m| view! { " " <span class="cv-mode" data-testid="cv-mode">{m} " " {t(Key::CvModeUntimed)}</span> })}
            </figcaption>
            {move || { let (s, m) = state(); (s != "data").then(|| view! { <p class="cv-note" role="status" data-testid="cv-note">{m}</p> }) }}
            // Prometheus has no samples: the note says so, no empty axes.
            <canvas node_ref=canvas hidden=move || state().0 == "empty" width=match (compact, large) { (_, true) => "1400", (true, _) => "520", _ => "900" }
                height=match (compact, large) { (_, true) => "560", (true, _) => "260", _ => "380" }
                role="img" aria-label=label></canvas>
            <ul class="legend cv-legend" hidden=move || state().0 == "empty">
                {swatch(2, Key::CvRemaining)} {swatch(3, Key::CvProcessed)} {swatch(0, Key::CvTransferRate)} {swatch(1, Key::CvDirtyRate)}
                <li><span class="sw sw-shade" aria-hidden="true"></span> {t(Key::CvShade)}</li>
                <li><span class="sw sw-mode" aria-hidden="true"></span> {t(Key::CvMode)}</li>
            </ul>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use model::view::Progress;

    fn running(eta: f64) -> MigrationReport {
        let vmim = model::kube::Vmim::from_value(&serde_json::json!({
            "metadata": {"name": "m", "namespace": "ns"},
            "spec": {"vmiName": "v"},
            "status": {"phase": "Running"}
        }));
        let mut r = model::migration::interpret(Some(&vmim), &Default::default());
        r.outcome = Outcome::InProgress;
        r.progress = Some(Progress {
            eta_secs: Some(eta),
            converging: Some(true),
            ..Progress::default()
        });
        r
    }

    fn set(remaining: f64, transfer: f64, dirty: f64) -> SeriesSet {
        let s = |metric: &str, v: f64| Series {
            metric: metric.into(),
            unit: "bytes".into(),
            labels: Default::default(),
            points: vec![[100.0, v * 2.0], [110.0, v]],
        };
        SeriesSet {
            available: true,
            message: None,
            series: vec![
                s("migration_remaining", remaining),
                s("migration_transfer_rate", transfer),
                s("migration_dirty_rate", dirty),
            ],
        }
    }

    /// The report said 10 min when the row was built; the newest series say 600 MB remain at
    /// 40 − 20 MB/s: the caption says 30 s, then "not converging" once dirty ≥ transfer.
    #[test]
    fn the_eta_follows_the_series_not_the_report() {
        let r = running(600.0);
        let now = Some(Timestamp(111_000));
        assert_eq!(caption(&r, None, now), (Some(600.0), Some(true)));
        assert_eq!(
            caption(&r, Some(&set(600e6, 40e6, 20e6)), now),
            (Some(30.0), Some(true))
        );
        assert_eq!(
            caption(&r, Some(&set(600e6, 40e6, 45e6)), now),
            (None, Some(false))
        );
        // Once it ended there is no ETA, whatever the data.
        let mut done = r.clone();
        done.outcome = Outcome::Succeeded;
        assert_eq!(caption(&done, Some(&set(600e6, 40e6, 20e6)), now).0, None);
    }
}
