//! The timeline's layout model, plain Rust (native tests): from a VMI's recorded
//! [`History`] and a time window, one band per layer made of [`Segment`]s (a verdict held from
//! one time to the next), and the [`Mark`]s (phase changes, events, migrations) drawn over them.
//!
//! The recorder keeps a transition per change, each with the verdict before and after, so the
//! verdict at the window's start is the first transition's `old`; a layer without a transition in
//! the window held its live verdict throughout. A first sighting (`old` empty) means nothing was
//! recorded before it: that stretch is "not recorded", not a verdict.

use model::api::history::{Change, History, MigrationEntry, Step, Transition};
use model::verdict::{Health, Layer};
use model::view::summary::LayerGlance;

/// A verdict held over `[from, to)` (milliseconds); `None`: nothing recorded then.
#[derive(Debug, Clone, PartialEq)]
pub struct Segment {
    pub from: i64,
    pub to: i64,
    pub health: Option<Health>,
    /// What the segment says (the headline then, or the migration's outcome).
    pub title: String,
}

/// What a band shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BandKind {
    /// The worst of the recorded layers, titled with the headline.
    Headline,
    /// One recorded layer: the recorder follows every layer of the diagnosis (`Layer::ALL`).
    Layer(Layer),
    /// Migration runs: each coloured by its outcome, nothing between them.
    Migration,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Band {
    pub kind: BandKind,
    pub segments: Vec<Segment>,
}

/// What a mark is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkKind {
    Phase,
    Event,
    Warning,
    Migration,
}

/// One moment over the bands.
#[derive(Debug, Clone, PartialEq)]
pub struct Mark {
    pub at: i64,
    pub kind: MarkKind,
    pub title: String,
}

/// Appends `[from, to)` to `out`, merged with the previous segment when it says the same.
fn push(out: &mut Vec<Segment>, from: i64, to: i64, health: Option<Health>, title: &str) {
    if to <= from {
        return;
    }
    if let Some(last) = out.last_mut()
        && last.health == health
        && last.title == title
        && last.to == from
    {
        last.to = to;
        return;
    }
    out.push(Segment {
        from,
        to,
        health,
        title: title.to_string(),
    });
}

/// The verdicts of `layer` recorded in `[from, to)`: `(at, old, new)`, oldest first.
fn verdicts(h: &History, layer: Layer, from: i64, to: i64) -> Vec<(i64, Option<Health>, Health)> {
    h.transitions
        .iter()
        .filter(|t| t.at >= from && t.at < to)
        .filter_map(|t| match t.step {
            Step::Verdict { layer: l, old, new } if l == layer => Some((t.at, old, new)),
            _ => None,
        })
        .collect()
}

/// One layer's band over `[from, to)`; `live` is its verdict now (the stream's). The verdict at
/// `from` is the first transition's `old` (none at a first sighting), else `live`.
pub fn layer_band(h: &History, layer: Layer, from: i64, to: i64, live: Option<Health>) -> Band {
    let steps = verdicts(h, layer, from, to);
    let title = |at: i64| headline_at(h, at);
    let mut segments = Vec::new();
    let mut cursor = from;
    let mut value = match steps.first() {
        Some((_, old, _)) => *old,
        None => live,
    };
    for (at, _, new) in &steps {
        push(&mut segments, cursor, *at, value, &title(cursor));
        cursor = (*at).max(from);
        value = Some(*new);
    }
    push(&mut segments, cursor, to, value, &title(cursor));
    Band {
        kind: BandKind::Layer(layer),
        segments,
    }
}

/// The headline at `at`: the newest headline transition's text at or before it, else the text
/// before the first one.
pub fn headline_at(h: &History, at: i64) -> String {
    let heads: Vec<&Transition> = h
        .transitions
        .iter()
        .filter(|t| t.step.change() == Change::Headline)
        .collect();
    heads
        .iter()
        .rev()
        .find(|t| t.at <= at)
        .map(|t| t.step.new_text().to_string())
        .or_else(|| heads.first().map(|t| t.step.old_text().to_string()))
        .unwrap_or_default()
}

/// The headline band: at every change of a layer, the worst recorded layer, titled with the
/// headline; "not recorded" where a layer is.
pub fn headline_band(layers: &[Band], h: &History, from: i64, to: i64) -> Band {
    let mut cuts: Vec<i64> = layers
        .iter()
        .flat_map(|b| b.segments.iter().map(|s| s.from))
        .chain(
            h.transitions
                .iter()
                .filter(|t| t.step.change() == Change::Headline && t.at > from && t.at < to)
                .map(|t| t.at),
        )
        .chain([from])
        .collect();
    cuts.sort_unstable();
    cuts.dedup();
    let mut segments = Vec::new();
    for (i, at) in cuts.iter().enumerate() {
        let end = cuts.get(i + 1).copied().unwrap_or(to);
        let each: Vec<Option<Health>> = layers
            .iter()
            .map(|b| {
                b.segments
                    .iter()
                    .find(|s| s.from <= *at && *at < s.to)
                    .and_then(|s| s.health)
            })
            .collect();
        let worst = if each.iter().any(Option::is_none) {
            None
        } else {
            each.into_iter()
                .flatten()
                .reduce(Health::worse)
                .or(Some(Health::Unknown))
        };
        push(&mut segments, *at, end, worst, &headline_at(h, *at));
    }
    Band {
        kind: BandKind::Headline,
        segments,
    }
}

/// A migration's outcome as a verdict: succeeded is healthy, failed or aborted broken.
fn outcome_health(m: &MigrationEntry) -> Health {
    match m.outcome.as_str() {
        "succeeded" => Health::Healthy,
        "failed" | "aborted" => Health::Broken,
        _ => match m.phase.as_str() {
            "Succeeded" => Health::Healthy,
            "Failed" => Health::Broken,
            _ => Health::Unknown,
        },
    }
}

/// A migration's one-line description: name, phase, mode, failure, duration.
pub fn migration_title(m: &MigrationEntry) -> String {
    let mut s = format!("{}: {}", m.migration, m.phase);
    if let Some(mode) = &m.mode {
        s.push_str(&format!(" ({mode})"));
    }
    if let Some(f) = &m.failure {
        s.push_str(&format!(" — {f}"));
    }
    if let Some(d) = m.duration_secs {
        s.push_str(&format!(", {}", model::time::format_duration(d)));
    }
    s
}

/// The migration band: each migration from its start (end minus duration) to its end.
pub fn migration_band(h: &History, from: i64, to: i64) -> Band {
    let mut segments = Vec::new();
    let mut cursor = from;
    let mut runs: Vec<(i64, i64, &MigrationEntry)> = h
        .migrations
        .iter()
        .map(|m| {
            let start = m.at - (m.duration_secs.unwrap_or(0.0) * 1000.0) as i64;
            (start.max(from), m.at.min(to), m)
        })
        .filter(|(s, e, _)| e >= s && *e >= from && *s < to)
        .collect();
    runs.sort_by_key(|r| r.0);
    for (start, end, m) in runs {
        // A migration shorter than the drawing's resolution still shows.
        let end = end.max(start + (to - from) / 500);
        let start = start.max(cursor);
        push(&mut segments, cursor, start, None, "");
        push(
            &mut segments,
            start,
            end.min(to),
            Some(outcome_health(m)),
            &migration_title(m),
        );
        cursor = cursor.max(end.min(to));
    }
    push(&mut segments, cursor, to, None, "");
    Band {
        kind: BandKind::Migration,
        segments,
    }
}

/// Every band over `[from, to)`: the headline, each recorded layer, migration runs.
pub fn bands(h: &History, from: i64, to: i64, live: Option<LayerGlance>) -> Vec<Band> {
    let layers: Vec<Band> = Layer::ALL
        .into_iter()
        .map(|l| layer_band(h, l, from, to, live.as_ref().map(|g| g.get(l))))
        .collect();
    let mut out = vec![headline_band(&layers, h, from, to)];
    out.extend(layers);
    out.push(migration_band(h, from, to));
    out
}

/// The marks in `[from, to]`: phase changes, events (warnings apart), migrations' ends.
pub fn marks(h: &History, from: i64, to: i64) -> Vec<Mark> {
    let inside = |at: i64| at >= from && at <= to;
    let phases = h.transitions.iter().filter_map(|t| match &t.step {
        Step::Phase { old, new } if inside(t.at) => Some(Mark {
            at: t.at,
            kind: MarkKind::Phase,
            title: if old.is_empty() {
                format!("phase {new}")
            } else {
                format!("phase {old} → {new}")
            },
        }),
        _ => None,
    });
    let events = h.events.iter().filter(|e| inside(e.at)).map(|e| Mark {
        at: e.at,
        kind: if e.type_ == "Warning" {
            MarkKind::Warning
        } else {
            MarkKind::Event
        },
        title: format!(
            "{} {} ({}/{}): {}{}",
            e.type_,
            e.reason,
            e.involved_kind,
            e.involved_name,
            e.message,
            if e.count > 1 {
                format!(" ×{}", e.count)
            } else {
                String::new()
            }
        ),
    });
    let migrations = h.migrations.iter().filter(|m| inside(m.at)).map(|m| Mark {
        at: m.at,
        kind: MarkKind::Migration,
        title: migration_title(m),
    });
    let mut all: Vec<Mark> = phases.chain(events).chain(migrations).collect();
    all.sort_by_key(|m| m.at);
    all
}

/// A moment a person can open: a time at which verdicts changed (the recorder keeps the page
/// at each).
#[derive(Debug, Clone, PartialEq)]
pub struct Moment<'a> {
    pub at: i64,
    /// The layers' changes then, in report order; the headline's only when no layer changed.
    pub changes: Vec<&'a Transition>,
}

/// Each verdict or headline change in the window, newest first, one moment per time with every
/// layer that changed then (a guest that recovers while the migration layer degrades says both).
pub fn moments(h: &History, from: i64, to: i64) -> Vec<Moment<'_>> {
    let mut out: Vec<Moment<'_>> = Vec::new();
    for t in &h.transitions {
        let verdictish = matches!(t.step.change(), Change::Verdict | Change::Headline);
        if !verdictish || t.at < from || t.at > to {
            continue;
        }
        match out.last_mut() {
            Some(m) if m.at == t.at => m.changes.push(t),
            _ => out.push(Moment {
                at: t.at,
                changes: vec![t],
            }),
        }
    }
    for m in &mut out {
        if m.changes.iter().any(|t| t.step.change() == Change::Verdict) {
            m.changes.retain(|t| t.step.change() == Change::Verdict);
        }
    }
    out.reverse();
    out
}

/// Where `at` falls in `[from, to]`, from 0 to `width`.
pub fn x_of(at: i64, from: i64, to: i64, width: f64) -> f64 {
    if to <= from {
        return 0.0;
    }
    ((at - from) as f64 / (to - from) as f64 * width).clamp(0.0, width)
}

#[cfg(test)]
mod tests {
    use super::*;
    use model::api::history::EventEntry;

    /// A verdict transition as a store's row spells it.
    fn verdict(at: i64, layer: &str, old: &str, new: &str) -> Transition {
        Transition {
            at,
            step: Step::from_columns("verdict", Some(layer), old.into(), new.into())
                .expect("a readable verdict"),
            title: String::new(),
        }
    }

    fn headline(at: i64, old: &str, new: &str) -> Transition {
        Transition {
            at,
            step: Step::Headline {
                old: old.into(),
                new: new.into(),
            },
            title: new.into(),
        }
    }

    fn history(transitions: Vec<Transition>) -> History {
        History {
            transitions,
            ..History::default()
        }
    }

    fn healths(b: &Band) -> Vec<(i64, i64, Option<Health>)> {
        b.segments
            .iter()
            .map(|s| (s.from, s.to, s.health))
            .collect()
    }

    #[test]
    fn a_break_and_a_recovery_are_three_segments() {
        let h = history(vec![
            verdict(100, "node", "healthy", "broken"),
            headline(100, "all good", "node NotReady"),
            verdict(300, "node", "broken", "healthy"),
            headline(300, "node NotReady", "all good"),
        ]);
        let b = layer_band(&h, Layer::Node, 0, 400, Some(Health::Healthy));
        assert_eq!(
            healths(&b),
            [
                (0, 100, Some(Health::Healthy)),
                (100, 300, Some(Health::Broken)),
                (300, 400, Some(Health::Healthy))
            ]
        );
        assert_eq!(b.segments[1].title, "node NotReady");
        assert_eq!(
            b.segments[0].title, "all good",
            "the headline before the first change"
        );
    }

    #[test]
    fn without_changes_a_layer_held_its_live_verdict() {
        let h = history(vec![verdict(100, "node", "healthy", "broken")]);
        let b = layer_band(&h, Layer::Guest, 0, 400, Some(Health::Degraded));
        assert_eq!(healths(&b), [(0, 400, Some(Health::Degraded))]);
        // Changes outside the window only matter through `old`.
        let b = layer_band(&h, Layer::Node, 200, 400, Some(Health::Broken));
        assert_eq!(healths(&b), [(200, 400, Some(Health::Broken))]);
    }

    #[test]
    fn before_the_first_sighting_nothing_was_recorded() {
        let h = history(vec![verdict(100, "guest", "", "healthy")]);
        let b = layer_band(&h, Layer::Guest, 0, 400, Some(Health::Healthy));
        assert_eq!(
            healths(&b),
            [(0, 100, None), (100, 400, Some(Health::Healthy))]
        );
    }

    #[test]
    fn the_headline_band_is_the_worst_layer() {
        let h = history(vec![
            verdict(100, "node", "healthy", "broken"),
            verdict(200, "guest", "healthy", "degraded"),
            verdict(300, "node", "broken", "healthy"),
        ]);
        let live = LayerGlance {
            control_plane: Health::Healthy,
            node: Health::Healthy,
            guest: Health::Degraded,
            network: Health::Healthy,
            migration: Health::Healthy,
        };
        let all = bands(&h, 0, 400, Some(live));
        assert_eq!(all.len(), 7);
        assert_eq!(all[0].kind, BandKind::Headline);
        assert_eq!(
            healths(&all[0]),
            [
                (0, 100, Some(Health::Healthy)),
                (100, 300, Some(Health::Broken)),
                (300, 400, Some(Health::Degraded))
            ]
        );
    }

    #[test]
    fn every_layer_has_its_band_network_and_migration_too() {
        let h = history(vec![
            verdict(100, "network", "healthy", "degraded"),
            verdict(300, "network", "degraded", "healthy"),
        ]);
        let live = LayerGlance {
            control_plane: Health::Healthy,
            node: Health::Healthy,
            guest: Health::Healthy,
            network: Health::Healthy,
            migration: Health::Healthy,
        };
        let all = bands(&h, 0, 400, Some(live));
        let kinds: Vec<BandKind> = all.iter().map(|b| b.kind).collect();
        assert_eq!(
            kinds,
            [
                BandKind::Headline,
                BandKind::Layer(Layer::ControlPlane),
                BandKind::Layer(Layer::Node),
                BandKind::Layer(Layer::Guest),
                BandKind::Layer(Layer::Network),
                BandKind::Layer(Layer::Migration),
                BandKind::Migration,
            ]
        );
        let degraded = [
            (0, 100, Some(Health::Healthy)),
            (100, 300, Some(Health::Degraded)),
            (300, 400, Some(Health::Healthy)),
        ];
        assert_eq!(healths(&all[4]), degraded);
        // The overall band is the worst of every layer, the network's too.
        assert_eq!(healths(&all[0]), degraded);
        assert_eq!(healths(&all[5]), [(0, 400, Some(Health::Healthy))]);
    }

    #[test]
    fn migrations_are_runs_and_marks() {
        let mut h = history(vec![]);
        h.migrations.push(MigrationEntry {
            at: 300,
            migration: "m1".into(),
            phase: "Failed".into(),
            outcome: "failed".into(),
            mode: Some("PreCopy".into()),
            plane: Some("data_plane".into()),
            failure: Some("connection reset".into()),
            duration_secs: Some(0.1),
        });
        h.events.push(EventEntry {
            at: 250,
            involved_kind: "VirtualMachineInstance".into(),
            involved_name: "web".into(),
            name: "web.1".into(),
            count: 2,
            type_: "Warning".into(),
            reason: "Migrating".into(),
            message: "oops".into(),
        });
        let b = migration_band(&h, 0, 1000);
        assert_eq!(
            healths(&b),
            [
                (0, 200, None),
                (200, 300, Some(Health::Broken)),
                (300, 1000, None)
            ]
        );
        assert!(b.segments[1].title.contains("connection reset"));
        let m = marks(&h, 0, 1000);
        assert_eq!(m.len(), 2);
        assert_eq!(m[0].kind, MarkKind::Warning);
        assert!(m[0].title.ends_with("×2"), "{}", m[0].title);
        assert_eq!(m[1].kind, MarkKind::Migration);
    }

    #[test]
    fn moments_are_newest_first_one_per_time() {
        let h = history(vec![
            verdict(100, "node", "healthy", "broken"),
            headline(100, "a", "b"),
            verdict(300, "node", "broken", "healthy"),
            headline(350, "b", "c"),
        ]);
        let m = moments(&h, 0, 400);
        let at: Vec<i64> = m.iter().map(|m| m.at).collect();
        assert_eq!(at, [350, 300, 100]);
        assert_eq!(
            m[2].changes
                .iter()
                .map(|t| t.step.change())
                .collect::<Vec<_>>(),
            [Change::Verdict],
            "a layer's change rather than the headline"
        );
        assert_eq!(
            m[0].changes[0].step.change(),
            Change::Headline,
            "else the headline"
        );
        // Several layers at once: all of them, in report order.
        let h = history(vec![
            verdict(100, "guest", "broken", "healthy"),
            verdict(100, "migration", "healthy", "degraded"),
            headline(100, "a", "b"),
        ]);
        let m = moments(&h, 0, 400);
        assert_eq!(m.len(), 1);
        let layers: Vec<_> = m[0].changes.iter().map(|t| t.step.layer()).collect();
        assert_eq!(layers, [Some(Layer::Guest), Some(Layer::Migration)]);
        assert_eq!(x_of(200, 100, 300, 1000.0), 500.0);
        assert_eq!(x_of(900, 100, 300, 1000.0), 1000.0);
    }
}
