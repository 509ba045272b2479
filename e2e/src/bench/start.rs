//! Issue 30, item 4: how `strata serve` starts as the VMIs grow. The start until `/readyz` at
//! 500 and at 5,000 VMIs, and their ratio: linear work gives about 10 (less, as the process's
//! fixed cost weighs more at 500), a step that grows faster than linearly gives more. The ratio
//! carries the budget (at most [`MAX_RATIO`]), not the absolute times, so a slow or busy machine
//! does not fail `--check`; the full run adds 10,000 VMIs against the absolute budget.

use super::server::Serve;
use super::{Budget, Figure, Settings, scale_sim};
use anyhow::Result;
use std::time::Instant;

/// The most the start at 5,000 VMIs may take over the start at 500: linear, with room for noise.
pub const MAX_RATIO: f64 = 12.0;
/// The start at 10,000 VMIs, recorder on, at most (ms).
pub const BUDGET_10000_MS: f64 = 2000.0;
/// Starts measured per size; the figure is the fastest (the one least disturbed by whatever
/// else the machine runs), the note lists all.
const RUNS: usize = 3;

/// The start of `strata serve` (recorder on, a fresh history database) until `/readyz`, in ms,
/// [`RUNS`] times against one simulator of `n` VMIs.
async fn starts(s: &Settings, n: usize) -> Result<Vec<f64>> {
    let sim = scale_sim(n).await?;
    let mut times = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let started = Instant::now();
        let serve = Serve::start_opts(s, &sim, None, true).await?;
        times.push(started.elapsed().as_secs_f64() * 1000.0);
        drop(serve);
    }
    Ok(times)
}

fn fastest(times: &[f64]) -> f64 {
    times.iter().copied().fold(f64::INFINITY, f64::min)
}

fn listed(times: &[f64]) -> String {
    times
        .iter()
        .map(|t| format!("{t:.0}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The figures: the start at 500 and 5,000 VMIs (and 10,000 unless `quick`) and the ratio.
pub async fn measure(s: &Settings) -> Result<Vec<Figure>> {
    let sizes: &[usize] = if s.quick {
        &[500, 5_000]
    } else {
        &[500, 5_000, 10_000]
    };
    let mut figures = Vec::new();
    let mut best = Vec::new();
    for &n in sizes {
        let times = starts(s, n).await?;
        let ms = fastest(&times);
        best.push(ms);
        figures.push(
            Figure::new(
                &format!("backend_start_{n}"),
                &format!("Backend start with {n} VMIs, recorder on: until /readyz"),
                ms,
                "ms",
            )
            .budget_if(n == 10_000, Budget::AtMost(BUDGET_10000_MS))
            .note(format!(
                "strata serve spawned with a fresh history database until the first 200 of \
                 /readyz (asked every 10 ms); fastest of {RUNS}: {} ms",
                listed(&times)
            )),
        );
    }
    figures.push(
        Figure::ratio(
            "backend_start_ratio_5000_500",
            "Backend start: 5,000 VMIs over 500 VMIs",
            best[1] / best[0],
        )
        .budget(Budget::AtMost(MAX_RATIO))
        .note(format!(
            "{:.0} ms / {:.0} ms; 10 is linear, more means a start step grows faster than \
             the VMIs",
            best[1], best[0]
        )),
    );
    Ok(figures)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fastest_run_is_the_figure() {
        assert_eq!(fastest(&[310.0, 290.4, 400.0]), 290.4);
        assert_eq!(listed(&[310.2, 290.4]), "310, 290");
    }
}
