//! The static pictures of an incident file, as inline SVG (no script, no external image): the
//! five layers' health, each migration's phases on a line with the time spent in each, and the
//! events on a time axis (warnings marked).

use super::html::esc;
use crate::migration::MigrationReport;
use crate::verdict::Health;
use crate::view::VmiDetail;
use crate::view::detail::EventRow;
use std::fmt::Write;

const WIDTH: f64 = 1000.0;

fn colour(health: Health) -> &'static str {
    match health {
        Health::Broken => "#cf222e",
        Health::Degraded => "#bf8700",
        Health::Healthy => "#1a7f37",
        Health::Unknown => "#8c959f",
    }
}

/// The five layers as five boxes coloured by their health.
pub fn layers(d: &VmiDetail) -> String {
    let n = d.diagnosis.layers.len().max(1) as f64;
    let w = WIDTH / n;
    let mut s = format!(
        "<svg role=\"img\" aria-label=\"layers\" viewBox=\"0 0 {WIDTH} 44\" width=\"100%\">"
    );
    for (i, l) in d.diagnosis.layers.iter().enumerate() {
        let x = i as f64 * w;
        let h = l.health.as_str();
        let _ = write!(
            s,
            "<rect x=\"{:.0}\" y=\"2\" width=\"{:.0}\" height=\"40\" rx=\"6\" fill=\"{}\" \
             fill-opacity=\"0.18\" stroke=\"{}\"/><text x=\"{:.0}\" y=\"27\" \
             text-anchor=\"middle\">{} — {}</text>",
            x + 2.0,
            w - 4.0,
            colour(l.health),
            colour(l.health),
            x + w / 2.0,
            esc(l.layer.as_str()),
            esc(h),
        );
    }
    s.push_str("</svg>");
    s
}

/// A migration's phases in order, each as wide as its share of the time (at least a label's
/// width), the last one drawn as current when the migration has not ended.
pub fn migration(m: &MigrationReport) -> String {
    if m.timeline.is_empty() {
        return String::new();
    }
    let total: f64 = m
        .timeline
        .iter()
        .map(|t| t.duration_secs.unwrap_or(0.0).max(0.0))
        .sum();
    let min = 110.0;
    let spare = (WIDTH - min * m.timeline.len() as f64).max(0.0);
    let mut s = format!(
        "<svg role=\"img\" aria-label=\"migration {}\" viewBox=\"0 0 {WIDTH} 56\" width=\"100%\">",
        esc(&m.name)
    );
    let mut x = 0.0;
    for t in &m.timeline {
        let share = if total > 0.0 {
            t.duration_secs.unwrap_or(0.0).max(0.0) / total
        } else {
            0.0
        };
        let w = min + spare * share;
        let took = t
            .duration_secs
            .map(crate::time::format_duration)
            .unwrap_or_default();
        let _ = write!(
            s,
            "<rect x=\"{x:.0}\" y=\"4\" width=\"{:.0}\" height=\"26\" rx=\"4\" fill=\"{}\" \
             fill-opacity=\"0.25\" stroke=\"{}\"/><text x=\"{:.0}\" y=\"22\">{}</text>\
             <text x=\"{:.0}\" y=\"48\">{}</text>",
            w - 3.0,
            colour(m.health),
            colour(m.health),
            x + 6.0,
            esc(&t.phase),
            x + 6.0,
            esc(&took),
        );
        x += w;
    }
    s.push_str("</svg>");
    s
}

/// The events on a time axis from the first to the last, warnings taller and coloured.
pub fn events(events: &[EventRow]) -> String {
    let times: Vec<f64> = events
        .iter()
        .filter_map(|e| e.time.map(|t| t.0 as f64))
        .collect();
    let (Some(lo), Some(hi)) = (
        times.iter().copied().reduce(f64::min),
        times.iter().copied().reduce(f64::max),
    ) else {
        return String::new();
    };
    let span = (hi - lo).max(1.0);
    let mut s = format!(
        "<svg role=\"img\" aria-label=\"events\" viewBox=\"0 0 {WIDTH} 60\" width=\"100%\">\
         <line x1=\"10\" y1=\"40\" x2=\"{}\" y2=\"40\" stroke=\"#8c959f\"/>",
        WIDTH - 10.0
    );
    for e in events {
        let Some(t) = e.time else { continue };
        let x = 10.0 + (t.0 as f64 - lo) / span * (WIDTH - 20.0);
        let (top, fill) = if e.warning {
            (14.0, "#cf222e")
        } else {
            (28.0, "#8c959f")
        };
        let _ = write!(
            s,
            "<line x1=\"{x:.1}\" y1=\"{top}\" x2=\"{x:.1}\" y2=\"40\" stroke=\"{fill}\" \
             stroke-width=\"3\"><title>{} {}</title></line>",
            esc(&e.reason),
            esc(&t.to_rfc3339()),
        );
    }
    let _ = write!(
        s,
        "<text x=\"10\" y=\"56\">{}</text><text x=\"{}\" y=\"56\" text-anchor=\"end\">{}</text></svg>",
        esc(&crate::time::Timestamp(lo as i64).to_rfc3339()),
        WIDTH - 10.0,
        esc(&crate::time::Timestamp(hi as i64).to_rfc3339()),
    );
    s
}
