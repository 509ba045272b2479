//! The timeline's SVG: one band per layer and a row of marks. Positions are percentages of the
//! row's width (no `viewBox` stretching, so hatching stays even), colours and patterns come from
//! classes in `style/strata.css` (the CSP allows no inline styles). A segment is told apart by
//! its pattern (broken: hatched, degraded: dotted, not recorded: dashed outline) and its
//! `<title>`, never by colour alone.

use super::bands::{Band, BandKind, Mark, MarkKind, Segment, x_of};
use super::window::Window;
use crate::components::common::{health_key, layer_key};
use crate::i18n::{Key, Lang, tr};
use model::verdict::Health;

use super::as_of::human_time;
use leptos::prelude::*;

/// A band's label.
pub fn band_label(l: Lang, kind: BandKind) -> &'static str {
    let key = match kind {
        BandKind::Headline => Key::TlOverall,
        BandKind::Layer(layer) => layer_key(layer),
        BandKind::Migration => Key::TlMigrationRuns,
    };
    tr(l, key)
}

/// The `data-band` of a band.
pub fn band_id(kind: BandKind) -> &'static str {
    match kind {
        BandKind::Headline => "headline",
        BandKind::Layer(l) => l.name(),
        BandKind::Migration => "migration-runs",
    }
}

/// A segment's class suffix: its verdict, or `none` (not recorded / no migration).
fn seg_class(s: &Segment) -> &'static str {
    s.health.map_or("none", Health::as_str)
}

/// A segment's pattern, the cue that does not rely on colour.
fn pattern(h: Option<Health>) -> Option<&'static str> {
    match h {
        Some(Health::Broken) => Some("url(#tl-hatch)"),
        Some(Health::Degraded) => Some("url(#tl-dots)"),
        _ => None,
    }
}

fn pct(v: f64) -> String {
    format!("{v:.3}%")
}

/// The patterns, once per page.
pub fn defs() -> impl IntoView {
    view! {
        <svg class="tl-defs" aria-hidden="true" focusable="false" width="0" height="0">
            <defs>
                <pattern id="tl-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                    <line class="tl-pat-line" x1="0" y1="0" x2="0" y2="6"/>
                </pattern>
                <pattern id="tl-dots" width="5" height="5" patternUnits="userSpaceOnUse">
                    <circle class="tl-pat-dot" cx="2.5" cy="2.5" r="1"/>
                </pattern>
            </defs>
        </svg>
    }
}

/// One band's segments (and the shown moment's cursor).
pub fn band_svg(l: Lang, band: &Band, w: &Window, at: Option<i64>) -> impl IntoView + use<> {
    let none = match band.kind {
        BandKind::Migration => tr(l, Key::TlNoMigration),
        _ => tr(l, Key::TlNotRecorded),
    };
    let label = band_label(l, band.kind);
    let segs = band
        .segments
        .iter()
        .map(|s| {
            let x = x_of(s.from, w.from, w.to, 100.0);
            let width = (x_of(s.to, w.from, w.to, 100.0) - x).max(0.2);
            let verdict = s.health.map_or(none, |h| tr(l, health_key(h)));
            let title = format!(
                "{label}: {verdict}, {} – {}{}",
                human_time(s.from),
                human_time(s.to),
                if s.title.is_empty() {
                    String::new()
                } else {
                    format!("\n{}", s.title)
                }
            );
            let pat = pattern(s.health).map(|p| {
                view! { <rect class="tl-pat" x=pct(x) y="0" width=pct(width) height="100%" fill=p/> }
            });
            view! {
                <g class=format!("tl-seg tl-{}", seg_class(s)) data-health=seg_class(s)>
                    <title>{title}</title>
                    <rect x=pct(x) y="0" width=pct(width) height="100%"/>
                    {pat}
                </g>
            }
        })
        .collect_view();
    let cursor = at.filter(|a| *a >= w.from && *a <= w.to).map(|a| {
        let x = pct(x_of(a, w.from, w.to, 100.0));
        view! { <line class="tl-cursor" x1=x.clone() y1="0" x2=x y2="100%"/> }
    });
    view! { {segs} {cursor} }
}

/// The marks row: a tick per phase change, event and migration end, each with its title.
pub fn marks_svg(marks: &[Mark], w: &Window) -> impl IntoView + use<> {
    marks
        .iter()
        .map(|m| {
            let x = pct(x_of(m.at, w.from, w.to, 100.0));
            let (class, y1) = match m.kind {
                MarkKind::Phase => ("tl-mark tl-mark-phase", "0"),
                MarkKind::Warning => ("tl-mark tl-mark-warning", "20%"),
                MarkKind::Event => ("tl-mark tl-mark-event", "45%"),
                MarkKind::Migration => ("tl-mark tl-mark-migration", "0"),
            };
            let title = format!("{}: {}", human_time(m.at), m.title);
            view! {
                <g class=class>
                    <title>{title}</title>
                    <line x1=x.clone() y1=y1 x2=x.clone() y2="100%"/>
                    <rect class="tl-mark-hit" x=x width="6" height="100%" transform="translate(-3 0)"/>
                </g>
            }
        })
        .collect_view()
}

/// The legend: each verdict's swatch with its pattern.
pub fn legend(l: Lang) -> impl IntoView + use<> {
    let items = [
        Some(Health::Healthy),
        Some(Health::Degraded),
        Some(Health::Broken),
        Some(Health::Unknown),
        None,
    ];
    items
        .into_iter()
        .map(|h| {
            let class = format!("tl-seg tl-{}", h.map_or("none", Health::as_str));
            let text = h.map_or(tr(l, Key::TlNotRecorded), |h| tr(l, health_key(h)));
            view! {
                <span class="tl-key">
                    <svg class="tl-swatch" aria-hidden="true" focusable="false">
                        <g class=class>
                            <rect x="0" y="0" width="100%" height="100%"/>
                            {pattern(h).map(|p| view! { <rect class="tl-pat" x="0" y="0" width="100%" height="100%" fill=p/> })}
                        </g>
                    </svg>
                    {text}
                </span>
            }
        })
        .collect_view()
}
