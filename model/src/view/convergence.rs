//! What the convergence chart marks: the stretches of a migration in which memory was dirtied at
//! least as fast as it was sent, by the same rule as `migration::progress` (a migration converges
//! while the transfer rate exceeds the dirty rate), and the window the chart spans.

use crate::migration::MigrationReport;
/// A running migration's progress and ETA from the series its chart fetched.
pub use crate::migration::progress_from_series;
use crate::time::Timestamp;

/// The value of `points` (`[unix s, v]`, oldest first) at the sample nearest `t`, if one lies
/// within `tolerance` seconds.
fn nearest(points: &[[f64; 2]], t: f64, tolerance: f64) -> Option<f64> {
    points
        .iter()
        .min_by(|a, b| (a[0] - t).abs().total_cmp(&(b[0] - t).abs()))
        .filter(|p| (p[0] - t).abs() <= tolerance)
        .map(|p| p[1])
}

/// The `(from, to)` times (unix seconds) at which the dirty rate was at least the transfer rate:
/// each transfer sample with a dirty sample within `tolerance` seconds is judged, and judged
/// samples that follow each other join into one stretch. Between a judged sample and the next
/// one of the other kind, the stretch starts or ends where the two curves cross (both drawn as
/// straight lines between their samples), not at either sample; still not converging at the
/// last sample, it ends there.
pub fn not_converging(
    transfer: &[[f64; 2]],
    dirty: &[[f64; 2]],
    tolerance: f64,
) -> Vec<(f64, f64)> {
    // (time, transfer - dirty) of every judged sample: negative or zero is not converging.
    let judged: Vec<(f64, f64)> = transfer
        .iter()
        .filter_map(|p| nearest(dirty, p[0], tolerance).map(|d| (p[0], p[1] - d)))
        .collect();
    let mut out: Vec<(f64, f64)> = Vec::new();
    let mut open: Option<f64> = None;
    for (i, &(t, margin)) in judged.iter().enumerate() {
        let bad = margin <= 0.0;
        match (bad, open, i.checked_sub(1).map(|j| judged[j])) {
            (true, None, prev) => {
                open = Some(prev.map_or(t, |(t0, m0)| crossing((t0, m0), (t, margin))));
            }
            (false, Some(from), Some(prev)) => {
                out.push((from, crossing(prev, (t, margin))));
                open = None;
            }
            _ => {}
        }
    }
    if let (Some(from), Some(&(t, _))) = (open, judged.last()) {
        out.push((from, t));
    }
    out
}

/// Where the margin (transfer − dirty) reaches zero between two samples, by straight lines;
/// the later time when it does not change sign on the way.
fn crossing((t0, m0): (f64, f64), (t1, m1): (f64, f64)) -> f64 {
    if (m0 > 0.0) == (m1 > 0.0) || m0 == m1 {
        return t1;
    }
    let at = t0 + (t1 - t0) * m0 / (m0 - m1);
    at.clamp(t0.min(t1), t0.max(t1))
}

/// The migration's window (unix seconds): from its first phase timestamp to the time it became
/// final, or to `now` while it runs; `None` without any timestamp.
pub fn window(report: &MigrationReport, now: Option<Timestamp>) -> Option<(f64, f64)> {
    let secs = |t: Timestamp| t.0 as f64 / 1000.0;
    let start = report.timeline.iter().filter_map(|s| s.at).min()?;
    let end = report
        .timeline
        .iter()
        .filter(|s| matches!(s.phase.as_str(), "Succeeded" | "Failed"))
        .filter_map(|s| s.at)
        .max()
        .or(now)
        .unwrap_or(start);
    Some((secs(start), secs(end).max(secs(start) + 1.0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dirty_at_least_transfer_is_a_stretch_until_the_curves_cross() {
        let transfer = [[0.0, 10.0], [10.0, 10.0], [20.0, 10.0], [30.0, 10.0]];
        // Dirty 5 → 10 → 12 → 4: it reaches the transfer rate at 10 s and falls below it a
        // third of the way from 20 s (12) to 30 s (4), at 22.5 s.
        let dirty = [[0.0, 5.0], [10.0, 10.0], [20.0, 12.0], [30.0, 4.0]];
        assert_eq!(not_converging(&transfer, &dirty, 5.0), vec![(10.0, 22.5)]);
        // It starts where the curves cross too: 9 → 11 crosses 10 halfway.
        let dirty = [[0.0, 5.0], [10.0, 9.0], [20.0, 11.0], [30.0, 11.0]];
        assert_eq!(not_converging(&transfer, &dirty, 5.0), vec![(15.0, 30.0)]);
        // Still not converging at the last sample: the stretch ends there.
        let dirty = [[0.0, 5.0], [10.0, 5.0], [20.0, 5.0], [30.0, 15.0]];
        assert_eq!(not_converging(&transfer, &dirty, 5.0), vec![(25.0, 30.0)]);
        // No dirty rate near a sample: nothing is judged.
        assert!(not_converging(&transfer, &[[100.0, 99.0]], 5.0).is_empty());
        assert!(not_converging(&[], &dirty, 5.0).is_empty());
    }

    /// The switch to PostCopy: a dirty rate above the transfer rate drops to zero between two
    /// samples; the shaded stretch ends where the lines cross, not at the next sample.
    #[test]
    fn a_drop_to_zero_ends_the_stretch_at_the_crossing() {
        let transfer = [[0.0, 300.0], [5.0, 300.0], [10.0, 300.0], [15.0, 300.0]];
        let dirty = [[0.0, 450.0], [5.0, 450.0], [10.0, 0.0], [15.0, 0.0]];
        // 450 → 0 over 5 s crosses 300 a third of the way: at 5 + 5 × 150 / 450.
        let got = not_converging(&transfer, &dirty, 1.0);
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].0, 0.0);
        assert!((got[0].1 - (5.0 + 5.0 / 3.0)).abs() < 1e-9, "{got:?}");
    }
}
