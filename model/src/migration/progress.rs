//! Progress and ETA from the migration metrics (old `kubevirt_migrate_vmi_*` or new names): an
//! ETA only when the transfer rate beats the dirty rate, or the remaining data shrinks.

use super::report::Progress;
use crate::kube::{MetricSample, MigrationMetric};
use crate::thresholds::PROGRESS_SAMPLE_MAX_AGE_SECS;
use crate::time::{Timestamp, format_duration};
use crate::units::{human_bytes, human_rate};

/// Progress from the migration samples of one VMI (old or new metric names).
pub fn progress_from_metrics(samples: &[MetricSample], now: Option<Timestamp>) -> Option<Progress> {
    let mine: Vec<(&MetricSample, MigrationMetric)> = samples
        .iter()
        .filter_map(|s| s.migration_metric().map(|m| (s, m)))
        .collect();
    if mine.is_empty() {
        return None;
    }
    let latest = |m: MigrationMetric| {
        mine.iter()
            .filter(|(_, k)| *k == m)
            .max_by_key(|(s, _)| s.timestamp)
            .map(|(s, _)| (s.value, s.timestamp))
    };
    let mut p = Progress::default();
    let total = latest(MigrationMetric::DataTotal);
    let processed = latest(MigrationMetric::DataProcessed);
    let remaining = latest(MigrationMetric::DataRemaining);
    p.data_total_bytes = total.map(|t| t.0);
    p.data_processed_bytes = processed.map(|t| t.0);
    p.data_remaining_bytes = remaining.map(|t| t.0);
    p.transfer_rate_bytes_per_sec = latest(MigrationMetric::TransferRate).map(|t| t.0);
    p.dirty_rate_bytes_per_sec = latest(MigrationMetric::DirtyRate).map(|t| t.0);
    p.sampled_at = [total, processed, remaining]
        .iter()
        .flatten()
        .filter_map(|t| t.1)
        .max();
    if let Some(total) = p.data_total_bytes.filter(|t| *t > 0.0) {
        let done = p
            .data_remaining_bytes
            .map(|r| total - r)
            .or(p.data_processed_bytes);
        p.percent = done.map(|d| (d / total * 100.0).clamp(0.0, 100.0));
    }
    // Remaining over time, when several samples exist: its slope is the honest net rate.
    let mut rem: Vec<(Timestamp, f64)> = mine
        .iter()
        .filter(|(_, k)| *k == MigrationMetric::DataRemaining)
        .filter_map(|(s, _)| s.timestamp.map(|t| (t, s.value)))
        .collect();
    rem.sort_by_key(|r| r.0);
    let slope = if rem.len() >= 2 {
        let (a, b) = (rem[0], rem[rem.len() - 1]);
        let dt = a.0.seconds_until(b.0);
        (dt > 0.0).then(|| (b.1 - a.1) / dt)
    } else {
        None
    };
    match (p.transfer_rate_bytes_per_sec, p.dirty_rate_bytes_per_sec) {
        (Some(tr), Some(dr)) => {
            p.converging = Some(tr > dr);
            if tr > dr
                && let Some(r) = p.data_remaining_bytes
            {
                p.eta_secs = Some(r / (tr - dr));
            }
        }
        _ => {
            if let Some(s) = slope {
                p.converging = Some(s < 0.0);
                if s < 0.0
                    && let Some(r) = p.data_remaining_bytes
                {
                    p.eta_secs = Some(r / -s);
                }
            }
        }
    }
    // A sample much older than now cannot give an ETA.
    if let (Some(now), Some(at)) = (now, p.sampled_at)
        && at.seconds_until(now) > PROGRESS_SAMPLE_MAX_AGE_SECS
    {
        p.eta_secs = None;
    }
    Some(p)
}

/// One line: percent done, remaining, rates and the ETA (or that there is no honest one).
pub(super) fn describe_progress(p: &Progress) -> String {
    let mut parts = Vec::new();
    if let Some(pc) = p.percent {
        parts.push(format!("{pc:.0}% done"));
    }
    if let Some(r) = p.data_remaining_bytes {
        parts.push(format!("{} remaining", human_bytes(r)));
    }
    if let Some(t) = p.transfer_rate_bytes_per_sec {
        parts.push(format!("transfer {}", human_rate(t)));
    }
    if let Some(d) = p.dirty_rate_bytes_per_sec {
        parts.push(format!("dirty {}", human_rate(d)));
    }
    match p.eta_secs {
        Some(e) => parts.push(format!("ETA about {}", format_duration(e))),
        None => parts.push("no honest ETA".into()),
    }
    parts.join(", ")
}
