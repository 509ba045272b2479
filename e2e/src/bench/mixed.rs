//! `strata diagnose` on the mixed dump of [`super::mixed_dump`]: [`ten_thousand`] measures its
//! work on the List of 10,000 VMIs (read, group, diagnose, render, natively, one thread) against
//! the budgets, at most 3 s and at most 500 MB of peak memory (the process's high-water
//! mark, reset before the run, the dump itself included), and at 1,000 VMIs for the trend.

use super::mixed_dump::{Shape, mixed_dump};
use super::{Budget, Figure};
use anyhow::{Context, Result};
use std::time::Instant;

/// The budgets for the dump of 10,000 VMIs.
pub const BUDGET_MS: f64 = 3_000.0;
pub const BUDGET_BYTES: f64 = 500.0 * 1024.0 * 1024.0;

/// Resets this process's peak resident memory (`VmHWM`) to its current size (Linux).
fn reset_peak() -> Result<()> {
    std::fs::write("/proc/self/clear_refs", "5")
        .context("reset the peak RSS (/proc/self/clear_refs)")
}

/// This process's peak resident memory since [`reset_peak`], in bytes.
fn peak_bytes() -> Result<f64> {
    let status = std::fs::read_to_string("/proc/self/status")?;
    let kb = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .context("no VmHWM in /proc/self/status")?;
    Ok(kb * 1024.0)
}

/// `strata diagnose` on the mixed dump of `n` VMIs (as a List): milliseconds, peak bytes, the
/// dump's size, the VMIs reported and the exit code.
fn diagnose(n: usize) -> Result<(f64, f64, usize, usize, i32)> {
    let dump = mixed_dump(n, Shape::List);
    let len = dump.len();
    reset_peak()?;
    let t = Instant::now();
    let out = model::cli::diagnose_text(&dump, &model::cli::CliOptions::default());
    let ms = t.elapsed().as_secs_f64() * 1000.0;
    let peak = peak_bytes()?;
    // A VMI's section is headed `== namespace/name: ...`; other sections (the drain impact) name
    // no namespaced key.
    let vmis = out
        .output
        .lines()
        .filter_map(|l| l.strip_prefix("== ")?.split_once(": "))
        .filter(|(key, _)| key.contains('/'))
        .count();
    anyhow::ensure!(vmis == n, "{vmis} of {n} VMIs reported");
    Ok((ms, peak, len, vmis, out.exit_code))
}

/// The mixed dump at 1,000 and 10,000 VMIs (only 1,000 in quick mode, without budgets).
pub fn ten_thousand(quick: bool) -> Result<Vec<Figure>> {
    let mut figures = Vec::new();
    let sizes: &[usize] = if quick { &[1_000] } else { &[1_000, 10_000] };
    for &n in sizes {
        let (ms, peak, len, vmis, exit) = diagnose(n)?;
        let note = format!(
            "kubectl get vmi,vm,vmim,pod,node,events -A -o yaml as a List: {:.1} MB, {vmis} \
             VMIs reported, exit {exit}; model::cli::diagnose_text, one thread",
            len as f64 / 1_048_576.0
        );
        let at = n == 10_000;
        figures.push(
            Figure::new(
                &format!("mixed_dump_{n}_ms"),
                &format!("strata diagnose, mixed {n}-VMI dump: time"),
                ms,
                "ms",
            )
            .budget_if(at, Budget::AtMost(BUDGET_MS))
            .note(note.clone()),
        );
        figures.push(
            Figure::new(
                &format!("mixed_dump_{n}_peak"),
                &format!("strata diagnose, mixed {n}-VMI dump: peak memory"),
                peak,
                "bytes",
            )
            .budget_if(at, Budget::AtMost(BUDGET_BYTES))
            .note(format!(
                "{note}; peak RSS of the process, the dump included"
            )),
        );
    }
    Ok(figures)
}
