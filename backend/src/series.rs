//! Time series for one VMI from Prometheus (`--prometheus-url`): the domain stats (CPU, memory,
//! block I/O, network, dirty rate, guest panics) and the migration progress (data processed /
//! remaining / total, memory transfer rate, dirty rate), each as one PromQL `query_range` in the
//! names of the KubeVirt release `kubevirt_info` reports ([`crate::promql`]). The migration
//! series also become [`MetricSample`]s for the migrations page's progress.
//!
//! Without a Prometheus, or when it cannot be reached, the answer is
//! `SeriesSet { available: false, message }`, never an empty chart that looks like "no load".

use crate::api::{Series, SeriesGroup, SeriesSet};
use crate::promql::{Release, Target};
use model::kube::MetricSample;
use model::time::Timestamp;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

/// Longest range a request may ask for (7 days) and most points per series (as Prometheus).
pub const MAX_RANGE: u64 = 7 * 24 * 3600;
pub const MAX_POINTS: u64 = 11_000;

pub use crate::promql::Query;

/// The queries of `group` for the VMI `namespace/name` in the names of `release` (every
/// candidate name when it is unknown); rates use a window of `window` seconds.
pub fn queries(
    group: SeriesGroup,
    namespace: &str,
    name: &str,
    window: u64,
    release: Option<Release>,
) -> Vec<Query> {
    let t = Target {
        namespace,
        name,
        release,
    };
    match group {
        SeriesGroup::Domain => crate::promql::domain(t, Duration::from_secs(window)),
        SeriesGroup::Migration => crate::promql::migration(t),
    }
}

/// The migration series of one VMI as samples for `model::migration::interpret` (every point,
/// so the remaining data's slope is there too).
pub fn migration_samples(set: &SeriesSet, namespace: &str, name: &str) -> Vec<MetricSample> {
    let labels: BTreeMap<String, String> = [("namespace", namespace), ("name", name)]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    set.series
        .iter()
        .filter_map(|s| Some((model::migration::series_sample_name(&s.metric)?, s)))
        .flat_map(|(n, s)| {
            let labels = labels.clone();
            s.points.iter().map(move |[t, v]| MetricSample {
                name: n.to_string(),
                labels: labels.clone(),
                value: *v,
                timestamp: Some(Timestamp((t * 1000.0) as i64)),
            })
        })
        .collect()
}

/// A validated time range.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Range {
    pub start: f64,
    pub end: f64,
    pub step: u64,
}

impl Range {
    /// The last `range` seconds up to `end`, with `step` (default: 120 points), clamped to
    /// [`MAX_RANGE`] and [`MAX_POINTS`].
    pub fn ending_at(end: f64, range: Option<u64>, step: Option<u64>) -> Result<Range, String> {
        let range = range.unwrap_or(3600);
        if range == 0 || range > MAX_RANGE {
            return Err(format!(
                "range must be between 1 and {MAX_RANGE} seconds (7 days); got {range}"
            ));
        }
        let step = step.unwrap_or((range / 120).max(1));
        if step == 0 {
            return Err("step must be at least 1 second".into());
        }
        if range / step > MAX_POINTS {
            return Err(format!(
                "range {range} s with step {step} s gives more than {MAX_POINTS} points; use a larger step"
            ));
        }
        Ok(Range {
            start: end - range as f64,
            end,
            step,
        })
    }

    /// The rate window: four steps, at least one minute.
    pub fn window(&self) -> u64 {
        (self.step * 4).max(60)
    }
}

/// Reads a Prometheus `query_range` answer into series.
pub fn parse_matrix(
    metric: &str,
    unit: &str,
    answer: &serde_json::Value,
) -> Result<Vec<Series>, String> {
    if answer["status"] != "success" {
        return Err(answer["error"]
            .as_str()
            .unwrap_or("Prometheus answered without status success")
            .to_string());
    }
    let Some(result) = answer["data"]["result"].as_array() else {
        return Err("Prometheus answered without data.result".into());
    };
    Ok(result
        .iter()
        .map(|s| {
            let labels: BTreeMap<String, String> = s["metric"]
                .as_object()
                .map(|m| {
                    m.iter()
                        .filter(|(k, _)| k.as_str() != "__name__")
                        .filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_string())))
                        .collect()
                })
                .unwrap_or_default();
            let points = s["values"]
                .as_array()
                .map(|vs| {
                    vs.iter()
                        .filter_map(|p| {
                            let t = p[0].as_f64()?;
                            let v: f64 = p[1].as_str()?.parse().ok()?;
                            v.is_finite().then_some([t, v])
                        })
                        .collect()
                })
                .unwrap_or_default();
            Series {
                metric: metric.to_string(),
                unit: unit.to_string(),
                labels,
                points,
            }
        })
        .collect())
}

/// A Prometheus HTTP API client.
#[derive(Clone)]
pub struct Prometheus {
    base: String,
    http: reqwest::Client,
    /// Each migration's progress samples, shared by every request for [`PROGRESS_TTL`].
    progress: ProgressCache,
}

/// Progress samples per VMI (namespace, name); `moka` coalesces concurrent misses of one key
/// into one set of queries.
type ProgressCache = moka::future::Cache<(String, String), Arc<Vec<MetricSample>>>;

/// How long one migration's progress samples answer every request: the migrations page
/// refetches every 5 s, so N open pages cost one round of queries per migration and interval.
pub const PROGRESS_TTL: Duration = Duration::from_secs(3);
/// Migrations whose samples are kept at most.
pub const PROGRESS_KEYS: u64 = 4096;

impl Prometheus {
    pub fn new(base: &str) -> Result<Prometheus, String> {
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(20))
            .build()
            .map_err(|e| e.to_string())?;
        Ok(Prometheus {
            base: base.trim_end_matches('/').to_string(),
            http,
            progress: moka::future::Cache::builder()
                .max_capacity(PROGRESS_KEYS)
                .time_to_live(PROGRESS_TTL)
                .build(),
        })
    }

    /// The release every virt-handler's `kubevirt_info` names, if they agree on one.
    pub async fn release(&self) -> Option<Release> {
        let url = format!("{}/api/v1/query", self.base);
        let res = self
            .http
            .get(&url)
            .query(&[("query", crate::promql::RELEASE_QUERY)])
            .send()
            .await
            .ok()?;
        let body: serde_json::Value = res.json().await.ok()?;
        let result = body["data"]["result"].as_array()?;
        Release::agreed(
            result
                .iter()
                .filter_map(|s| s["metric"]["kubeversion"].as_str()),
        )
    }

    async fn query_range(&self, q: &Query, r: Range) -> Result<Vec<Series>, String> {
        let url = format!("{}/api/v1/query_range", self.base);
        let res = self
            .http
            .get(&url)
            .query(&[
                ("query", q.promql.as_str()),
                ("start", &r.start.to_string()),
                ("end", &r.end.to_string()),
                ("step", &r.step.to_string()),
            ])
            .send()
            .await
            .map_err(|e| crate::error::correlated("Prometheus did not answer", e))?;
        let status = res.status();
        let body: serde_json::Value = res.json().await.map_err(|e| {
            crate::error::correlated(
                &format!("Prometheus answered HTTP {status} without JSON"),
                e,
            )
        })?;
        parse_matrix(q.metric, q.unit, &body)
    }

    /// Runs every query of `group` concurrently.
    pub async fn series(
        &self,
        group: SeriesGroup,
        namespace: &str,
        name: &str,
        r: Range,
    ) -> SeriesSet {
        let release = self.release().await;
        let qs = queries(group, namespace, name, r.window(), release);
        let answers = futures::future::join_all(qs.iter().map(|q| self.query_range(q, r))).await;
        let mut series = Vec::new();
        let mut errors = Vec::new();
        for (q, a) in qs.iter().zip(answers) {
            match a {
                Ok(s) => series.extend(s),
                Err(e) => errors.push(format!("{}: {e}", q.metric)),
            }
        }
        if errors.len() == qs.len() {
            return SeriesSet {
                available: false,
                message: errors.into_iter().next(),
                series: Vec::new(),
            };
        }
        let message = if !errors.is_empty() {
            Some(format!("some series failed: {}", errors.join("; ")))
        } else if series.is_empty() {
            Some(format!(
                "Prometheus has no {} samples for this VMI in this range",
                match group {
                    SeriesGroup::Domain => "domain",
                    SeriesGroup::Migration => "migration",
                }
            ))
        } else {
            None
        };
        SeriesSet {
            available: true,
            message,
            series,
        }
    }
}

/// How far back the migrations page reads a migration's series (the remaining data's slope).
pub const PROGRESS_RANGE: u64 = 120;

impl Prometheus {
    /// The last [`PROGRESS_RANGE`] seconds up to `end` (unix seconds) of the migration series of
    /// the VMI `namespace/name`, as samples; empty when Prometheus has none or fails.
    pub async fn migration_samples(
        &self,
        namespace: &str,
        name: &str,
        end: f64,
    ) -> Vec<MetricSample> {
        let Ok(r) = Range::ending_at(end, Some(PROGRESS_RANGE), Some(5)) else {
            return Vec::new();
        };
        let set = self
            .series(SeriesGroup::Migration, namespace, name, r)
            .await;
        migration_samples(&set, namespace, name)
    }
}

impl Prometheus {
    /// [`Prometheus::migration_samples`] through the shared cache: within [`PROGRESS_TTL`] every
    /// request for this VMI gets the same answer, and concurrent ones wait for one set of
    /// queries.
    pub async fn migration_progress(
        &self,
        namespace: &str,
        name: &str,
        end: f64,
    ) -> Arc<Vec<MetricSample>> {
        let key = (namespace.to_string(), name.to_string());
        self.progress
            .get_with(key, async {
                Arc::new(self.migration_samples(namespace, name, end).await)
            })
            .await
    }
}

/// The answer when no Prometheus is configured.
pub fn unconfigured() -> SeriesSet {
    SeriesSet {
        available: false,
        message: Some(
            "No Prometheus is configured: start Strata with --prometheus-url pointing at the \
             Prometheus that scrapes KubeVirt (for example http://prometheus-k8s.monitoring:9090)."
                .into(),
        ),
        series: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn queries_escape_labels_and_cover_every_series() {
        let qs = queries(
            SeriesGroup::Domain,
            "prod",
            "we\"b",
            60,
            Release::parse("v1.9.0"),
        );
        let names: Vec<&str> = qs.iter().map(|q| q.metric).collect();
        assert_eq!(
            names,
            [
                "cpu",
                "memory_resident",
                "memory_available",
                "memory_usable",
                "block_read",
                "block_write",
                "net_rx",
                "net_tx",
                "dirty_rate",
                "guest_panics"
            ]
        );
        assert_eq!(
            qs[0].promql,
            "sum(rate(kubevirt_vmi_cpu_usage_seconds_total{namespace=\"prod\",name=\"we\\\"b\"}[60s]))"
        );
        let qs = queries(SeriesGroup::Migration, "prod", "web", 60, None);
        assert!(
            qs[0]
                .promql
                .contains("kubevirt_vmi_migration_data_processed_bytes")
        );
        assert!(qs[3].promql.contains("memory_transfer_rate_bytes"));
        assert_eq!(qs.len(), 5);
    }

    #[test]
    fn ranges_are_validated() {
        let r = Range::ending_at(10_000.0, Some(600), Some(15)).unwrap();
        assert_eq!((r.start, r.step, r.window()), (9_400.0, 15, 60));
        assert_eq!(Range::ending_at(0.0, None, None).unwrap().step, 30);
        assert!(Range::ending_at(0.0, Some(0), None).is_err());
        assert!(Range::ending_at(0.0, Some(MAX_RANGE + 1), None).is_err());
        assert!(Range::ending_at(0.0, Some(3600), Some(0)).is_err());
        assert!(Range::ending_at(0.0, Some(MAX_RANGE), Some(1)).is_err());
    }

    #[test]
    fn matrix_answers_become_series() {
        let answer = json!({"status": "success", "data": {"resultType": "matrix", "result": [
            {"metric": {"drive": "vda"}, "values": [[1.0, "5"], [2.0, "NaN"], [3.0, "7.5"]]}
        ]}});
        let s = parse_matrix("block_read", "bytes_per_second", &answer).unwrap();
        assert_eq!(s.len(), 1);
        assert_eq!(s[0].labels["drive"], "vda");
        assert_eq!(s[0].points, vec![[1.0, 5.0], [3.0, 7.5]]);
        let err = parse_matrix(
            "x",
            "y",
            &json!({"status": "error", "error": "parse error"}),
        );
        assert_eq!(err.unwrap_err(), "parse error");
    }
}
