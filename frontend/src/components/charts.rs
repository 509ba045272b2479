//! Domain-stat and migration charts drawn on a `<canvas>` with its 2D API.
//!
//! A chart plots one or more [`model::api::Series`] of the same unit against time (minutes
//! before the newest sample). The series come from the backend's metrics endpoint as they are.

use leptos::html::Canvas;
use leptos::prelude::*;
use model::api::Series;
use wasm_bindgen::JsCast;
use web_sys::CanvasRenderingContext2d;

const COLORS: [&str; 6] = [
    "#0969da", "#cf222e", "#1a7f37", "#9a6700", "#8250df", "#57606a",
];

/// A series' legend label: its metric and distinguishing labels.
pub fn series_label(s: &Series) -> String {
    let extra: Vec<String> = s.labels.values().cloned().collect();
    if extra.is_empty() {
        s.metric.clone()
    } else {
        format!("{} ({})", s.metric, extra.join(", "))
    }
}

/// Formats a value in a unit for the axis.
pub fn fmt_value(v: f64, unit: &str) -> String {
    match unit {
        "bytes" => model::migration::human_bytes(v),
        "bytes_per_second" => model::migration::human_rate(v),
        "cores" => format!("{v:.2}"),
        _ => format!("{v:.3}"),
    }
}

/// Canvas size in CSS pixels (the CSS scales it down on narrow screens).
const W: f64 = 560.0;
const H: f64 = 240.0;
/// Plot area: left (room for value labels), top (title), right, bottom (time labels).
const PL: f64 = 78.0;
const PT: f64 = 30.0;
const PR: f64 = 12.0;
const PB: f64 = 34.0;

/// Draws the chart with the canvas 2D API: title, grid with value and time labels, one line
/// per series and a legend.
fn draw(canvas: web_sys::HtmlCanvasElement, title: &str, series: &[Series]) -> Option<()> {
    let ctx: CanvasRenderingContext2d = canvas.get_context("2d").ok()??.dyn_into().ok()?;
    let unit = series.first().map(|s| s.unit.clone()).unwrap_or_default();
    let xs = || series.iter().flat_map(|s| s.points.iter().map(|p| p[0]));
    let newest = xs().fold(f64::MIN, f64::max);
    let oldest = xs().fold(f64::MAX, f64::min);
    let ymax = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p[1]))
        .fold(0.0f64, f64::max)
        .max(1e-9)
        * 1.1;
    let span = ((newest - oldest) / 60.0).max(1.0);
    let (pw, ph) = (W - PL - PR, H - PT - PB);
    let x_of = |minutes_ago: f64| PL + pw * (1.0 - minutes_ago / span);
    let y_of = |v: f64| PT + ph * (1.0 - v / ymax);

    ctx.set_fill_style_str("#ffffff");
    ctx.fill_rect(0.0, 0.0, W, H);
    ctx.set_fill_style_str("#1f2328");
    ctx.set_font("15px sans-serif");
    ctx.set_text_align("center");
    ctx.fill_text(title, W / 2.0, 18.0).ok()?;

    // Grid and labels: 5 value steps, about 7 time steps.
    ctx.set_font("11px sans-serif");
    ctx.set_line_width(1.0);
    ctx.set_stroke_style_str("#e6e8eb");
    ctx.set_text_align("right");
    for i in 0..=5 {
        let v = ymax * f64::from(i) / 5.0;
        let y = y_of(v);
        ctx.begin_path();
        ctx.move_to(PL, y);
        ctx.line_to(W - PR, y);
        ctx.stroke();
        ctx.fill_text(&fmt_value(v, &unit), PL - 6.0, y + 4.0)
            .ok()?;
    }
    let step = [1.0, 2.0, 5.0, 10.0, 15.0, 30.0, 60.0, 120.0, 240.0]
        .into_iter()
        .find(|s| span / s <= 7.0)
        .unwrap_or(span / 6.0);
    ctx.set_text_align("center");
    let mut m = 0.0;
    while m <= span + 1e-9 {
        let x = x_of(m);
        ctx.begin_path();
        ctx.move_to(x, PT);
        ctx.line_to(x, PT + ph);
        ctx.stroke();
        ctx.fill_text(&format!("{m:.0}"), x, PT + ph + 14.0).ok()?;
        m += step;
    }
    ctx.fill_text("minutes ago", PL + pw / 2.0, H - 4.0).ok()?;
    ctx.set_stroke_style_str("#8c959f");
    ctx.stroke_rect(PL, PT, pw, ph);

    // Lines.
    ctx.set_line_width(2.0);
    for (i, s) in series.iter().enumerate() {
        ctx.set_stroke_style_str(COLORS[i % COLORS.len()]);
        ctx.begin_path();
        for (j, p) in s.points.iter().enumerate() {
            let (x, y) = (x_of((newest - p[0]) / 60.0), y_of(p[1]));
            if j == 0 {
                ctx.move_to(x, y);
            } else {
                ctx.line_to(x, y);
            }
        }
        ctx.stroke();
    }

    // Legend, top right inside the plot, on a translucent background.
    let labels: Vec<String> = series.iter().map(series_label).collect();
    let lw = labels
        .iter()
        .filter_map(|l| ctx.measure_text(l).ok().map(|m| m.width()))
        .fold(0.0f64, f64::max)
        + 30.0;
    let (lx, ly) = (W - PR - lw - 6.0, PT + 6.0);
    ctx.set_fill_style_str("rgba(255,255,255,0.85)");
    ctx.fill_rect(lx, ly, lw, 14.0 * labels.len() as f64 + 6.0);
    ctx.set_text_align("left");
    for (i, l) in labels.iter().enumerate() {
        let y = ly + 12.0 + 14.0 * i as f64;
        ctx.set_stroke_style_str(COLORS[i % COLORS.len()]);
        ctx.begin_path();
        ctx.move_to(lx + 4.0, y - 4.0);
        ctx.line_to(lx + 20.0, y - 4.0);
        ctx.stroke();
        ctx.set_fill_style_str("#1f2328");
        ctx.fill_text(l, lx + 24.0, y).ok()?;
    }
    Some(())
}

/// One chart. `series` share a unit; an empty list shows "no data".
#[component]
pub fn Chart(title: String, series: Vec<Series>) -> impl IntoView {
    let canvas = NodeRef::<Canvas>::new();
    let has_data = series.iter().any(|s| !s.points.is_empty());
    let t2 = title.clone();
    let points: usize = series.iter().map(|s| s.points.len()).sum();
    Effect::new(move |_| {
        if let Some(c) = canvas.get() {
            let _ = draw(c, &t2, &series);
        }
    });
    let label = format!("{title} chart");
    view! {
        <figure class="chart" data-testid="chart" data-points=points.to_string()>
            {if has_data {
                view! { <canvas node_ref=canvas width="560" height="240" role="img" aria-label=label></canvas> }.into_any()
            } else {
                view! { <p class="empty">{format!("{title}: no data")}</p> }.into_any()
            }}
        </figure>
    }
}
