//! What the convergence chart marks: the stretches of a migration in which memory was dirtied at
//! least as fast as it was sent, by the same rule as `migration::progress` (a migration converges
//! while the transfer rate exceeds the dirty rate), and the window the chart spans.

use crate::migration::MigrationReport;
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
/// samples that follow each other join into one stretch, which lasts until the next sample.
pub fn not_converging(
    transfer: &[[f64; 2]],
    dirty: &[[f64; 2]],
    tolerance: f64,
) -> Vec<(f64, f64)> {
    let mut out: Vec<(f64, f64)> = Vec::new();
    let mut open: Option<f64> = None;
    for (i, p) in transfer.iter().enumerate() {
        let next = transfer.get(i + 1).map(|n| n[0]).unwrap_or(p[0]);
        let bad = nearest(dirty, p[0], tolerance).is_some_and(|d| d >= p[1]);
        match (bad, open) {
            (true, None) => open = Some(p[0]),
            (false, Some(from)) => {
                out.push((from, p[0]));
                open = None;
            }
            _ => {}
        }
        if bad && i + 1 == transfer.len() {
            out.push((open.take().unwrap_or(p[0]), next));
        }
    }
    out
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
    fn dirty_at_least_transfer_is_a_stretch_until_the_next_sample() {
        let transfer = [[0.0, 10.0], [10.0, 10.0], [20.0, 10.0], [30.0, 10.0]];
        let dirty = [[0.0, 5.0], [10.0, 10.0], [20.0, 12.0], [30.0, 4.0]];
        assert_eq!(not_converging(&transfer, &dirty, 5.0), vec![(10.0, 30.0)]);
        // Still not converging at the last sample: the stretch ends there.
        let dirty = [[0.0, 5.0], [10.0, 5.0], [20.0, 5.0], [30.0, 11.0]];
        assert_eq!(not_converging(&transfer, &dirty, 5.0), vec![(30.0, 30.0)]);
        // No dirty rate near a sample: nothing is judged.
        assert!(not_converging(&transfer, &[[100.0, 99.0]], 5.0).is_empty());
        assert!(not_converging(&[], &dirty, 5.0).is_empty());
    }
}
