//! Domain-stat and migration charts drawn with plotters on a `<canvas>`.
//!
//! A chart plots one or more [`model::api::Series`] of the same unit against time (minutes
//! before the newest sample). The series come from the backend's metrics endpoint as they are.

use leptos::html::Canvas;
use leptos::prelude::*;
use model::api::Series;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;

const COLORS: [RGBColor; 6] = [
    RGBColor(9, 105, 218),
    RGBColor(207, 34, 46),
    RGBColor(26, 127, 55),
    RGBColor(154, 103, 0),
    RGBColor(130, 80, 223),
    RGBColor(87, 96, 106),
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
        "bytes" => model::view::format::human_bytes(v),
        "bytes_per_second" => model::view::format::human_rate(v),
        "cores" => format!("{v:.2}"),
        _ => format!("{v:.3}"),
    }
}

fn draw(canvas: web_sys::HtmlCanvasElement, title: &str, series: &[Series]) -> Option<()> {
    let backend = CanvasBackend::with_canvas_object(canvas)?;
    let root = backend.into_drawing_area();
    root.fill(&WHITE).ok()?;
    let unit = series.first().map(|s| s.unit.clone()).unwrap_or_default();
    let newest = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p[0]))
        .fold(f64::MIN, f64::max);
    let oldest = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p[0]))
        .fold(f64::MAX, f64::min);
    let ymax = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p[1]))
        .fold(0.0f64, f64::max)
        .max(1e-9)
        * 1.1;
    let span = ((newest - oldest) / 60.0).max(1.0);
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 15))
        .margin(8)
        .x_label_area_size(26)
        .y_label_area_size(72)
        .build_cartesian_2d(-span..0.0, 0.0..ymax)
        .ok()?;
    chart
        .configure_mesh()
        .x_desc("minutes ago")
        .x_label_formatter(&|x| format!("{:.0}", -x))
        .y_label_formatter(&|y| fmt_value(*y, &unit))
        .label_style(("sans-serif", 11))
        .draw()
        .ok()?;
    for (i, s) in series.iter().enumerate() {
        let color = COLORS[i % COLORS.len()];
        chart
            .draw_series(LineSeries::new(
                s.points.iter().map(|p| ((p[0] - newest) / 60.0, p[1])),
                color.stroke_width(2),
            ))
            .ok()?
            .label(series_label(s))
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 16, y)], color.stroke_width(2))
            });
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.3))
        .label_font(("sans-serif", 11))
        .position(SeriesLabelPosition::UpperRight)
        .draw()
        .ok()?;
    root.present().ok()
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
