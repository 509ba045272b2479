//! Prometheus samples (API answers and exposition text) and the migration series they are, by
//! the names of each KubeVirt release ([`super::metric_names`]).

use crate::time::Timestamp;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// One Prometheus sample.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct MetricSample {
    /// The metric name as scraped (old names kept; see [`MetricSample::migration_metric`]).
    pub name: String,
    pub labels: BTreeMap<String, String>,
    pub value: f64,
    pub timestamp: Option<Timestamp>,
}

pub use super::metric_names::MigrationMetric;
use super::metric_names::{INFO, Release, ReleaseSet};

impl MetricSample {
    /// Which migration series this is, if any, read alone: a name that meant two series in two
    /// releases gets its newest meaning. [`MetricSample::releases`] reads a whole scrape.
    pub fn migration_metric(&self) -> Option<MigrationMetric> {
        ReleaseSet::ANY.migration_metric(&self.name)
    }

    /// The KubeVirt releases a set of samples can come from: the one `kubevirt_info`'s
    /// `kubeversion` names (when every virt-handler agrees), narrowed by the series names present
    /// (see [`super::metric_names`]); read each sample's series with
    /// [`ReleaseSet::migration_metric`].
    pub fn releases(samples: &[MetricSample]) -> ReleaseSet {
        let versions: Vec<&str> = samples
            .iter()
            .filter(|s| s.name == INFO)
            .filter_map(|s| s.labels.get("kubeversion").map(String::as_str))
            .collect();
        let release = (!versions.is_empty())
            .then(|| Release::agreed(versions))
            .flatten();
        ReleaseSet::from_names(samples.iter().map(|s| s.name.as_str()), release)
    }
    /// The `namespace`/`name` labels (`vmi` for the per-VMIM gauges).
    pub fn vmi_key(&self) -> Option<(String, String)> {
        let ns = self.labels.get("namespace")?;
        let name = self.labels.get("name").or_else(|| self.labels.get("vmi"))?;
        Some((ns.clone(), name.clone()))
    }

    /// Reads a Prometheus HTTP API answer (`{"status":"success","data":{"resultType":
    /// "vector"|"matrix","result":[...]}}`, or only its `data` or `result`), one sample per point.
    pub fn from_prometheus_json(v: &Value) -> Vec<MetricSample> {
        let result = v
            .pointer("/data/result")
            .or_else(|| v.get("result"))
            .or(if v.is_array() { Some(v) } else { None });
        let Some(Value::Array(series)) = result else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for s in series {
            let labels: BTreeMap<String, String> = s
                .get("metric")
                .and_then(Value::as_object)
                .map(|m| {
                    m.iter()
                        .filter_map(|(k, v)| {
                            super::lenient::scalar_string(v).map(|v| (k.clone(), v))
                        })
                        .collect()
                })
                .unwrap_or_default();
            let name = labels.get("__name__").cloned().unwrap_or_default();
            let points: Vec<&Value> = match (s.get("value"), s.get("values")) {
                (Some(p), _) => vec![p],
                (None, Some(Value::Array(ps))) => ps.iter().collect(),
                _ => Vec::new(),
            };
            for p in points {
                let (Some(ts), Some(val)) = (p.get(0), p.get(1)) else {
                    continue;
                };
                let Some(value) = super::lenient::number(val) else {
                    continue;
                };
                out.push(MetricSample {
                    name: name.clone(),
                    labels: labels.clone(),
                    value,
                    timestamp: super::lenient::number(ts).and_then(Timestamp::from_unix_seconds),
                });
            }
        }
        out
    }

    /// Reads Prometheus text exposition format (`name{l="v"} value [ts_ms]`); lines that do
    /// not parse are skipped.
    pub fn from_exposition(text: &str) -> Vec<MetricSample> {
        text.lines().filter_map(parse_exposition_line).collect()
    }
}

fn parse_exposition_line(line: &str) -> Option<MetricSample> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    let name_end = line.find(|c: char| c == '{' || c.is_whitespace())?;
    let name = &line[..name_end];
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
    {
        return None;
    }
    let mut rest = &line[name_end..];
    let mut labels = BTreeMap::new();
    if rest.starts_with('{') {
        let close = find_label_end(rest)?;
        let body = &rest[1..close];
        let bytes = body;
        let mut start = 0;
        while start < bytes.len() {
            let eq = bytes[start..].find('=')? + start;
            let key = bytes[start..eq]
                .trim()
                .trim_start_matches(',')
                .trim()
                .to_string();
            let after = &bytes[eq + 1..];
            if !after.starts_with('"') {
                return None;
            }
            let mut val = String::new();
            let mut escaped = false;
            let mut end = None;
            for (i, c) in after[1..].char_indices() {
                if escaped {
                    val.push(match c {
                        'n' => '\n',
                        other => other,
                    });
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == '"' {
                    end = Some(eq + 1 + 1 + i + 1);
                    break;
                } else {
                    val.push(c);
                }
            }
            let end = end?;
            labels.insert(key, val);
            start = end;
            while start < bytes.len()
                && (bytes.as_bytes()[start] == b',' || bytes.as_bytes()[start] == b' ')
            {
                start += 1;
            }
        }
        rest = &rest[close + 1..];
    }
    let mut parts = rest.split_whitespace();
    let value = match parts.next()? {
        "+Inf" => f64::INFINITY,
        "-Inf" => f64::NEG_INFINITY,
        v => v.parse::<f64>().ok()?,
    };
    let timestamp = parts
        .next()
        .and_then(|t| t.parse::<i64>().ok())
        .map(Timestamp);
    Some(MetricSample {
        name: name.to_string(),
        labels,
        value,
        timestamp,
    })
}

fn find_label_end(s: &str) -> Option<usize> {
    let mut in_str = false;
    let mut escaped = false;
    for (i, c) in s.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if in_str => escaped = true,
            '"' => in_str = !in_str,
            '}' if !in_str => return Some(i),
            _ => {}
        }
    }
    None
}
