//! The timeline as text, for `strata history` (support tickets): one line per recorded
//! transition, event and migration, oldest first.

use super::{Change, History};
use model::time::Timestamp;

/// One line of the timeline, with its time for ordering.
fn lines(h: &History) -> Vec<(i64, String)> {
    let mut out = Vec::new();
    for t in &h.transitions {
        let s = &t.step;
        let what = match s.layer() {
            Some(l) => format!("verdict {}", l.name()),
            None => s.change().as_str().to_string(),
        };
        let old = if s.is_first() { "-" } else { s.old_text() };
        let mut line = format!("{what}: {old} -> {}", s.new_text());
        if s.change() == Change::Verdict && !t.title.is_empty() {
            line.push_str(&format!("  ({})", t.title));
        }
        out.push((t.at, line));
    }
    for e in &h.events {
        out.push((
            e.at,
            format!(
                "event {} {} {}/{} (x{}): {}",
                e.type_, e.reason, e.involved_kind, e.involved_name, e.count, e.message
            ),
        ));
    }
    for m in &h.migrations {
        let mut line = format!("migration {} {} ({})", m.migration, m.phase, m.outcome);
        if let Some(mode) = &m.mode {
            line.push_str(&format!(" mode {mode}"));
        }
        if let Some(d) = m.duration_secs {
            line.push_str(&format!(" in {}", model::time::format_duration(d)));
        }
        if let (Some(p), Some(f)) = (&m.plane, &m.failure) {
            line.push_str(&format!(": {p}: {f}"));
        }
        out.push((m.at, line));
    }
    out.sort_by_key(|(at, _)| *at);
    out
}

/// The whole timeline as text; says so when nothing was recorded.
pub fn render(h: &History) -> String {
    let mut s = format!(
        "History of {} from {} to {}\n",
        h.key,
        Timestamp(h.from),
        Timestamp(h.to)
    );
    let lines = lines(h);
    if lines.is_empty() {
        s.push_str("Nothing was recorded in this range.\n");
    }
    for (at, l) in lines {
        s.push_str(&format!("{}  {l}\n", Timestamp(at)));
    }
    s
}
