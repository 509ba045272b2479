//! Progress and ETA from the migration metrics (old `kubevirt_migrate_vmi_*` or new names): the
//! percent done from the data total when exported (v1.5 on), else from processed + remaining; an
//! ETA only when the transfer rate beats the dirty rate, or the remaining data shrinks.

use super::report::Progress;
use crate::kube::{MetricSample, MigrationMetric};
use crate::thresholds::PROGRESS_SAMPLE_MAX_AGE_SECS;
use crate::time::{Timestamp, format_duration};
use crate::units::{human_bytes, human_rate};

/// Progress from the migration samples of one VMI (old or new metric names).
pub fn progress_from_metrics(samples: &[MetricSample], now: Option<Timestamp>) -> Option<Progress> {
    // The same name can be two series in two releases: read them by the releases the whole
    // set can come from.
    let releases = MetricSample::releases(samples);
    let mine: Vec<(&MetricSample, MigrationMetric)> = samples
        .iter()
        .filter_map(|s| releases.migration_metric(&s.name).map(|m| (s, m)))
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
    p.percent = percent_done(
        p.data_processed_bytes,
        p.data_remaining_bytes,
        p.data_total_bytes,
    );
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

/// The KubeVirt series each migration series of the API (`model::api::Series::metric`:
/// `migration_processed`, `migration_remaining`, `migration_total`, `migration_transfer_rate`,
/// `migration_dirty_rate`) is read as: the names of v1.8 on, where every one is unambiguous,
/// whichever name the cluster exported it under.
pub fn series_sample_name(metric: &str) -> Option<&'static str> {
    Some(match metric {
        "migration_processed" => "kubevirt_vmi_migration_data_processed_bytes",
        "migration_remaining" => "kubevirt_vmi_migration_data_remaining_bytes",
        "migration_total" => "kubevirt_vmi_migration_data_bytes_total",
        "migration_transfer_rate" => "kubevirt_vmi_migration_memory_transfer_rate_bytes",
        "migration_dirty_rate" => "kubevirt_vmi_migration_dirty_memory_rate_bytes",
        _ => return None,
    })
}

/// [`progress_from_metrics`] over the migration series of the API as `(metric, [unix s, value]
/// points)`: what a convergence chart fetched, so its ETA follows the data it draws.
pub fn progress_from_series<'a>(
    series: impl IntoIterator<Item = (&'a str, &'a [[f64; 2]])>,
    now: Option<Timestamp>,
) -> Option<Progress> {
    let samples: Vec<MetricSample> = series
        .into_iter()
        .filter_map(|(m, pts)| Some((series_sample_name(m)?, pts)))
        .flat_map(|(name, pts)| {
            pts.iter().map(move |[t, v]| MetricSample {
                name: name.to_string(),
                labels: Default::default(),
                value: *v,
                timestamp: Some(Timestamp((t * 1000.0) as i64)),
            })
        })
        .collect();
    progress_from_metrics(&samples, now)
}

/// The percent of the data sent, 0 to 100: `(total − remaining) / total` (or `processed /
/// total`) when KubeVirt exports the total (v1.5 on), else `processed / (processed + remaining)`.
/// `None` without enough numbers or with a zero total.
pub fn percent_done(
    processed: Option<f64>,
    remaining: Option<f64>,
    total: Option<f64>,
) -> Option<f64> {
    let (done, total) = match (total.filter(|t| *t > 0.0), processed, remaining) {
        (Some(t), _, Some(r)) => (t - r, t),
        (Some(t), Some(p), None) => (p, t),
        (None, Some(p), Some(r)) => (p, p + r),
        _ => return None,
    };
    (total > 0.0).then(|| (done / total * 100.0).clamp(0.0, 100.0))
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn percent_from_processed_and_remaining_without_a_total() {
        assert_eq!(percent_done(Some(600.0), Some(400.0), None), Some(60.0));
        assert_eq!(percent_done(Some(0.0), Some(400.0), None), Some(0.0));
        assert_eq!(percent_done(Some(0.0), Some(0.0), None), None);
        assert_eq!(percent_done(Some(600.0), None, None), None);
        assert_eq!(percent_done(None, Some(400.0), None), None);
    }

    #[test]
    fn percent_from_the_total_when_exported() {
        assert_eq!(
            percent_done(Some(900.0), Some(250.0), Some(1000.0)),
            Some(75.0)
        );
        assert_eq!(percent_done(Some(300.0), None, Some(1000.0)), Some(30.0));
        // Re-sent dirty pages can make remaining exceed the total for a moment.
        assert_eq!(percent_done(None, Some(1200.0), Some(1000.0)), Some(0.0));
        // A zero total is no total.
        assert_eq!(percent_done(Some(1.0), Some(3.0), Some(0.0)), Some(25.0));
    }

    fn sample(name: &str, value: f64) -> MetricSample {
        MetricSample {
            name: name.into(),
            labels: BTreeMap::new(),
            value,
            timestamp: Some(Timestamp(10_000)),
        }
    }

    /// KubeVirt up to v1.4 exports no total: the percent comes from processed + remaining.
    #[test]
    fn progress_without_a_total_has_a_percent() {
        let s = [
            sample("kubevirt_vmi_migration_data_processed_bytes", 600.0),
            sample("kubevirt_vmi_migration_data_remaining_bytes", 400.0),
            sample("kubevirt_vmi_migration_memory_transfer_rate_bytes", 1.5e8),
            sample("kubevirt_vmi_migration_dirty_memory_rate_bytes", 2e7),
        ];
        let p = progress_from_metrics(&s, Some(Timestamp(10_000))).unwrap();
        assert_eq!(p.percent, Some(60.0));
        assert_eq!(p.data_total_bytes, None);
        assert_eq!(p.transfer_rate_bytes_per_sec, Some(1.5e8));
        assert_eq!(p.dirty_rate_bytes_per_sec, Some(2e7));
        assert_eq!(p.converging, Some(true));
        assert!(describe_progress(&p).starts_with("60% done"));
    }

    /// The chart's series give the same progress as the samples they are: the ETA is the data
    /// remaining over (transfer − dirty) at the newest points, and none while dirty ≥ transfer.
    #[test]
    fn progress_from_the_apis_series() {
        let rem: &[[f64; 2]] = &[[10.0, 900.0], [20.0, 600.0]];
        let tr: &[[f64; 2]] = &[[10.0, 50.0], [20.0, 40.0]];
        let dr: &[[f64; 2]] = &[[10.0, 10.0], [20.0, 20.0]];
        let p = progress_from_series(
            [
                ("migration_remaining", rem),
                ("migration_transfer_rate", tr),
                ("migration_dirty_rate", dr),
                ("cpu", rem),
            ],
            Some(Timestamp(21_000)),
        )
        .unwrap();
        assert_eq!(p.eta_secs, Some(30.0));
        assert_eq!(p.converging, Some(true));
        let hot: &[[f64; 2]] = &[[20.0, 45.0]];
        let p = progress_from_series(
            [
                ("migration_remaining", rem),
                ("migration_transfer_rate", tr),
                ("migration_dirty_rate", hot),
            ],
            None,
        )
        .unwrap();
        assert_eq!((p.eta_secs, p.converging), (None, Some(false)));
        assert_eq!(progress_from_series([("cpu", rem)], None), None);
    }
}
