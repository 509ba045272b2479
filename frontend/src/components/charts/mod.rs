//! Domain-stat charts drawn with plotters on a `<canvas>`, read like a monitoring tool: the
//! legend is HTML beside the plot (a click hides or shows a series, e.g. one disk or one
//! interface), every axis names its unit, a crosshair follows the pointer and the legend shows
//! every series' value at that time, and the no-data and partial-data states say so.
//!
//! A chart plots one or more [`model::api::Series`] of the same unit against time (minutes
//! before the newest sample). The series come from the backend's metrics endpoint as they are.
//! Text is measured by [`measured::MeasuredCanvas`], so nothing is styled inline (CSP). Every
//! word on the canvas (axis descriptions, tick labels' units and times) is in the reader's
//! language; the tick labels drawn are written to the canvas's `data-ticks` (`{"x":[…],"y":[…]}`)
//! so a reader of the page, such as a test, can see what the canvas says.

pub mod marks;
pub mod measured;
pub mod resized;
pub mod scale;
pub mod ticked;
pub mod ticks;

use crate::i18n::{Key, Lang, t, tr};
use crate::theme::Theme;
use leptos::html::Canvas;
use leptos::prelude::*;
use measured::MeasuredCanvas;
use model::api::Series;
use plotters::prelude::*;
use scale::{Coverage, colour, coverage, minutes_label, span, unit_caption, value_at};
pub use scale::{fmt_value, series_label};

/// What one drawing needs besides the series.
pub struct Look {
    pub dark: bool,
    pub large: bool,
    /// Which series are shown (same order as the series).
    pub shown: Vec<bool>,
    /// The crosshair, in minutes relative to the newest sample.
    pub hover: Option<f64>,
    /// The language of the axes' words.
    pub lang: Lang,
}

impl Look {
    /// Background, grid and text colours of the theme.
    pub fn ink(&self) -> (RGBColor, RGBColor, RGBColor) {
        if self.dark {
            (
                RGBColor(22, 27, 34),
                RGBColor(60, 68, 78),
                RGBColor(201, 209, 217),
            )
        } else {
            (
                RGBColor(255, 255, 255),
                RGBColor(225, 228, 232),
                RGBColor(36, 41, 47),
            )
        }
    }
    fn font(&self) -> u32 {
        if self.large { 17 } else { 12 }
    }
}

/// Where the plotting area lies on the canvas, to map the pointer back to time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Geometry {
    pub left: i32,
    pub right: i32,
    /// Minutes at the left edge (the right edge is 0).
    pub span: f64,
    pub canvas_width: u32,
}

/// The tick labels a drawing wrote, each axis's once in the order drawn.
#[derive(Default, serde::Serialize)]
struct Drawn {
    x: std::cell::RefCell<Vec<String>>,
    y: std::cell::RefCell<Vec<String>>,
}

impl Drawn {
    fn note(list: &std::cell::RefCell<Vec<String>>, label: String) -> String {
        let mut l = list.borrow_mut();
        if !label.is_empty() && !l.contains(&label) {
            l.push(label.clone());
        }
        label
    }
    fn x(&self, label: String) -> String {
        Self::note(&self.x, label)
    }
    fn y(&self, label: String) -> String {
        Self::note(&self.y, label)
    }
}

fn draw(canvas: web_sys::HtmlCanvasElement, series: &[Series], look: &Look) -> Option<Geometry> {
    let canvas_el = canvas.clone();
    let drawn = Drawn::default();
    let backend = MeasuredCanvas::fitted(canvas, if look.large { 360 } else { 240 })?;
    let canvas_width = backend.size().0;
    let root = backend.into_drawing_area();
    let (bg, grid, text) = look.ink();
    root.fill(&bg).ok()?;
    let unit = series.first().map(|s| s.unit.clone()).unwrap_or_default();
    let (oldest, newest) = span(series);
    let max = series
        .iter()
        .zip(&look.shown)
        .filter(|(_, on)| **on)
        .flat_map(|(s, _)| s.points.iter().map(|p| p[1]))
        .fold(0.0f64, f64::max);
    // Ticks of 1, 2 or 5 in the axis's unit, the axis ending on one (`ticks`).
    let y = ticks::value_axis(look.lang, max, &unit, 5);
    let ymax = y.top;
    let span = ((newest - oldest) / 60.0).max(1.0);
    let x_ticks: Vec<f64> = ticks::time_ticks(span * 60.0, 6, true)
        .into_iter()
        .map(|s| -s / 60.0)
        .collect();
    let font = look.font();
    let label_style = ("sans-serif", font).into_font().color(&text);
    let mut chart = ChartBuilder::on(&root)
        .margin(8)
        .margin_right(22)
        .x_label_area_size(font * 3)
        .y_label_area_size(font * 7)
        .build_cartesian_2d(
            ticked::Ticked::new(-span..0.0, x_ticks),
            ticked::Ticked::new(0.0..ymax, y.ticks.clone()),
        )
        .ok()?;
    chart
        .configure_mesh()
        .x_desc(tr(look.lang, Key::ChartTimeAxis))
        .y_desc(scale::unit_word(look.lang, &unit))
        .x_label_formatter(&|x| drawn.x(minutes_label(look.lang, *x)))
        .y_label_formatter(&|v| drawn.y(y.label(*v)))
        .label_style(label_style.clone())
        .axis_desc_style(label_style)
        .axis_style(text.mix(0.6))
        .bold_line_style(grid)
        .light_line_style(grid.mix(0.4))
        .draw()
        .ok()?;
    for (i, s) in series.iter().enumerate() {
        if !look.shown.get(i).copied().unwrap_or(true) {
            continue;
        }
        let (r, g, b) = colour(i, look.dark);
        chart
            .draw_series(LineSeries::new(
                s.points.iter().map(|p| ((p[0] - newest) / 60.0, p[1])),
                RGBColor(r, g, b).stroke_width(if look.large { 3 } else { 2 }),
            ))
            .ok()?;
    }
    if let Some(x) = look.hover {
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(x, 0.0), (x, ymax)],
                text.mix(0.7).stroke_width(1),
            )))
            .ok()?;
    }
    let (xr, _) = chart.plotting_area().get_pixel_range();
    root.present().ok()?;
    // The tick labels as drawn, for a reader of the page (tests) to see what the canvas says.
    if let Ok(ticks) = serde_json::to_string(&drawn) {
        let _ = canvas_el.set_attribute("data-ticks", &ticks);
    }
    Some(Geometry {
        left: xr.start,
        right: xr.end,
        span,
        canvas_width,
    })
}

/// The theme in force (light when no app shell provided one, as in tests).
pub fn dark_theme() -> Signal<bool> {
    let theme = use_context::<RwSignal<Theme>>();
    Signal::derive(move || theme.is_some_and(|t| t.get() == Theme::Dark))
}

/// The pointer's time (minutes, ≤ 0) over the canvas, or `None` off the plot.
fn pointer_minutes(ev: &web_sys::MouseEvent, geo: Geometry) -> Option<f64> {
    let target = ev.current_target()?;
    let el: &web_sys::Element = wasm_bindgen::JsCast::dyn_ref(&target)?;
    let rect = el.get_bounding_client_rect();
    if rect.width() <= 0.0 {
        return None;
    }
    // The canvas may be scaled by CSS: back to canvas pixels.
    let px = (f64::from(ev.client_x()) - rect.left()) * f64::from(geo.canvas_width) / rect.width();
    let (l, r) = (f64::from(geo.left), f64::from(geo.right));
    (px >= l && px <= r && r > l).then(|| -geo.span * (r - px) / (r - l))
}

/// One chart. `series` share a unit; `range_secs` is the range asked for (for the partial-data
/// state); `large` is the wall's large-type variant (in the wall's dark ink).
#[component]
pub fn Chart(
    title: String,
    series: Vec<Series>,
    #[prop(optional)] range_secs: Option<u32>,
    #[prop(optional)] large: bool,
) -> impl IntoView {
    let canvas = NodeRef::<Canvas>::new();
    let state = coverage(&series, range_secs.map(f64::from));
    let points: usize = series.iter().map(|s| s.points.len()).sum();
    let unit = series.first().map(|s| s.unit.clone()).unwrap_or_default();
    let unit_shown = unit.clone();
    let shown = RwSignal::new(vec![true; series.len()]);
    let hover = RwSignal::new(None::<f64>);
    let geometry = StoredValue::new(None::<Geometry>);
    let dark = dark_theme();
    let series = StoredValue::new(series);
    // Drawn again when the canvas's box or the pixel ratio changes, or the language.
    let resized = resized::resizes(canvas);
    let language = crate::i18n::lang();
    Effect::new(move |_| {
        resized.track();
        // The large type is the wall's, always in its dark ink.
        let look = Look {
            dark: dark.get() || large,
            large,
            shown: shown.get(),
            hover: hover.get(),
            lang: language.get(),
        };
        if let Some(c) = canvas.get() {
            let geo = series.with_value(|s| draw(c, s, &look));
            geometry.set_value(geo);
        }
    });
    let on_move = move |ev: web_sys::MouseEvent| {
        let at = geometry.get_value().and_then(|g| pointer_minutes(&ev, g));
        if hover.get_untracked() != at {
            hover.set(at);
        }
    };
    let newest = series.with_value(|s| span(s).1);
    // The time the legend's values are read at: the crosshair's, else the newest sample's.
    let at = move || hover.get().map(|m| newest + m * 60.0).unwrap_or(newest);
    let legend = series.with_value(|all| {
        all.iter()
            .enumerate()
            .map(|(i, s)| {
                let s2 = s.clone();
                let label = move || series_label(language.get(), &s2);
                let pts = s.points.clone();
                let unit = unit.clone();
                let empty = pts.is_empty();
                let on = move || shown.with(|v| v.get(i).copied().unwrap_or(true));
                let value = move || {
                    value_at(&pts, at(), 90.0)
                        .map(|v| fmt_value(language.get(), v, &unit))
                        .unwrap_or_else(|| "—".into())
                };
                let label2 = label.clone();
                view! {
                    <li class:off=move || !on() data-series=label>
                        <button type="button" aria-pressed=move || on().to_string()
                            on:click=move |_| shown.update(|v| if let Some(x) = v.get_mut(i) { *x = !*x })>
                            <span class=format!("sw sw-{}", i % scale::PALETTE.len()) aria-hidden="true"></span>
                            <span class="lg-name">{label2}</span>
                            <span class="lg-value" data-testid="legend-value">{move || if empty { t(Key::ChartNoData)().to_string() } else { value() }}</span>
                        </button>
                    </li>
                }
            })
            .collect_view()
    });
    let when = move || match hover.get() {
        Some(m) => minutes_label(language.get(), m),
        None => t(Key::ChartNow)().to_string(),
    };
    let label = format!("{title} {}", t(Key::ChartAria)());
    let unit_label = unit_caption(language.get_untracked(), &unit_shown)
        .is_some()
        .then_some(move || unit_caption(language.get(), &unit_shown));
    view! {
        <figure class="chart" class:chart-large=large data-testid="chart" data-points=points.to_string() data-state=state.as_str()>
            <figcaption><strong>{title.clone()}</strong>
                {unit_label.map(|u| view! { " " <span class="chart-unit">{u}</span> })}
                {(state == Coverage::Partial).then(|| view! { <span class="chart-partial" data-testid="chart-partial">{t(Key::ChartPartial)}</span> })}
            </figcaption>
            {if state == Coverage::Empty {
                view! { <p class="empty chart-empty" data-testid="chart-empty">{title.clone()} ": " {t(Key::ChartNoSamples)}</p> }.into_any()
            } else {
                view! {
                    <div class="chart-body">
                        <canvas node_ref=canvas width=if large { "900" } else { "560" } height=if large { "360" } else { "240" }
                            role="img" aria-label=label on:mousemove=on_move on:mouseleave=move |_| hover.set(None)></canvas>
                        <div class="legend-box">
                            <p class="readout" data-testid="chart-readout">{when}</p>
                            <ul class="legend" data-testid="legend" aria-label=move || t(Key::ChartLegend)()>{legend}</ul>
                        </div>
                    </div>
                }.into_any()
            }}
        </figure>
    }
}
