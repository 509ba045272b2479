//! One read of the alerts: `GET {alertmanager}/api/v2/alerts` (Alertmanager's API v2: a JSON list
//! of alerts with `labels`, `annotations`, `startsAt` and `status.state` `active`, `suppressed`
//! or `unprocessed`) or `GET {prometheus}/api/v1/alerts` (`data.alerts`, each with `labels`,
//! `annotations`, `state` `firing` or `pending`, `activeAt`). The body is read up to
//! [`MAX_BODY`] and at most [`MAX_ALERTS`] alerts are kept.

use model::alerts::{Alert, AlertState};
use model::time::Timestamp;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::time::Duration;

/// The largest answer read.
pub const MAX_BODY: usize = 8 * 1024 * 1024;
/// At most this many alerts are kept from one read.
pub const MAX_ALERTS: usize = 5_000;
/// How long one read may take.
pub const READ_TIMEOUT: Duration = Duration::from_secs(10);

/// Where alerts are read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Upstream {
    Alertmanager(String),
    Prometheus(String),
}

impl Upstream {
    /// Alertmanager when given, else Prometheus when given, else none.
    pub fn pick(alertmanager: Option<&str>, prometheus: Option<&str>) -> Option<Upstream> {
        let base = |s: &str| s.trim_end_matches('/').to_string();
        alertmanager
            .map(|a| Upstream::Alertmanager(base(a)))
            .or_else(|| prometheus.map(|p| Upstream::Prometheus(base(p))))
    }
    /// `alertmanager` or `prometheus`.
    pub fn name(&self) -> &'static str {
        match self {
            Upstream::Alertmanager(_) => "alertmanager",
            Upstream::Prometheus(_) => "prometheus",
        }
    }
    fn url(&self) -> String {
        match self {
            Upstream::Alertmanager(b) => format!("{b}/api/v2/alerts"),
            Upstream::Prometheus(b) => format!("{b}/api/v1/alerts"),
        }
    }
}

#[derive(Deserialize)]
struct AmAlert {
    #[serde(default)]
    labels: BTreeMap<String, String>,
    #[serde(default)]
    annotations: BTreeMap<String, String>,
    #[serde(default, rename = "startsAt")]
    starts_at: Option<String>,
    #[serde(default)]
    status: AmStatus,
}

#[derive(Deserialize, Default)]
struct AmStatus {
    #[serde(default)]
    state: String,
}

#[derive(Deserialize)]
struct PromAnswer {
    #[serde(default)]
    data: PromData,
}

#[derive(Deserialize, Default)]
struct PromData {
    #[serde(default)]
    alerts: Vec<PromAlert>,
}

#[derive(Deserialize)]
struct PromAlert {
    #[serde(default)]
    labels: BTreeMap<String, String>,
    #[serde(default)]
    annotations: BTreeMap<String, String>,
    #[serde(default)]
    state: String,
    #[serde(default, rename = "activeAt")]
    active_at: Option<String>,
}

fn alert(
    labels: &BTreeMap<String, String>,
    annotations: &BTreeMap<String, String>,
    state: AlertState,
    since: Option<&str>,
) -> Alert {
    Alert::new(
        labels.iter().map(|(k, v)| (k.as_str(), v.as_str())),
        annotations.iter().map(|(k, v)| (k.as_str(), v.as_str())),
        state,
        since.and_then(Timestamp::parse),
    )
}

/// Alertmanager's `GET /api/v2/alerts` answer. `active` is firing, `suppressed` silenced or
/// inhibited; `unprocessed` (not yet routed) is left out.
pub fn parse_alertmanager(body: &[u8]) -> Result<Vec<Alert>, String> {
    let list: Vec<AmAlert> =
        serde_json::from_slice(body).map_err(|e| format!("not an Alertmanager answer: {e}"))?;
    Ok(list
        .iter()
        .filter_map(|a| {
            let state = match a.status.state.as_str() {
                "active" => AlertState::Firing,
                "suppressed" => AlertState::Suppressed,
                _ => return None,
            };
            Some(alert(
                &a.labels,
                &a.annotations,
                state,
                a.starts_at.as_deref(),
            ))
        })
        .take(MAX_ALERTS)
        .collect())
}

/// Prometheus's `GET /api/v1/alerts` answer (`firing` and `pending`; others are left out).
pub fn parse_prometheus(body: &[u8]) -> Result<Vec<Alert>, String> {
    let a: PromAnswer =
        serde_json::from_slice(body).map_err(|e| format!("not a Prometheus answer: {e}"))?;
    Ok(a.data
        .alerts
        .iter()
        .filter_map(|a| {
            let state = match a.state.as_str() {
                "firing" => AlertState::Firing,
                "pending" => AlertState::Pending,
                _ => return None,
            };
            Some(alert(
                &a.labels,
                &a.annotations,
                state,
                a.active_at.as_deref(),
            ))
        })
        .take(MAX_ALERTS)
        .collect())
}

/// One read of `up`: the alerts, or a text for the log.
pub async fn read(http: &reqwest::Client, up: &Upstream) -> Result<Vec<Alert>, String> {
    let mut res = tokio::time::timeout(READ_TIMEOUT, http.get(up.url()).send())
        .await
        .map_err(|_| format!("no answer within {} s", READ_TIMEOUT.as_secs()))?
        .map_err(|e| e.to_string())?;
    if !res.status().is_success() {
        return Err(format!("HTTP {}", res.status()));
    }
    let mut body = Vec::new();
    loop {
        let chunk = tokio::time::timeout(READ_TIMEOUT, res.chunk())
            .await
            .map_err(|_| "the answer stalled".to_string())?
            .map_err(|e| e.to_string())?;
        let Some(c) = chunk else { break };
        if body.len() + c.len() > MAX_BODY {
            return Err(format!("the answer is larger than {MAX_BODY} bytes"));
        }
        body.extend_from_slice(&c);
    }
    match up {
        Upstream::Alertmanager(_) => parse_alertmanager(&body),
        Upstream::Prometheus(_) => parse_prometheus(&body),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alertmanager_states() {
        let body = br#"[
          {"labels": {"alertname": "VMCannotBeEvicted", "namespace": "prod", "vm": "db-0", "severity": "warning"},
           "annotations": {"summary": "s"}, "startsAt": "2026-01-01T00:00:00.123Z",
           "status": {"state": "active", "silencedBy": [], "inhibitedBy": []}, "fingerprint": "x"},
          {"labels": {"alertname": "A"}, "status": {"state": "suppressed"}},
          {"labels": {"alertname": "B"}, "status": {"state": "unprocessed"}}
        ]"#;
        let a = parse_alertmanager(body).unwrap();
        assert_eq!(a.len(), 2);
        assert_eq!(a[0].name, "VMCannotBeEvicted");
        assert_eq!(a[0].state, AlertState::Firing);
        assert_eq!(a[0].summary, "s");
        assert!(a[0].since.is_some());
        assert_eq!(a[1].state, AlertState::Suppressed);
        assert!(parse_alertmanager(b"{}").is_err());
    }

    #[test]
    fn prometheus_states() {
        let body = br#"{"status": "success", "data": {"alerts": [
          {"labels": {"alertname": "X"}, "annotations": {}, "state": "pending", "activeAt": "2026-01-01T00:00:00Z", "value": "1e+00"},
          {"labels": {"alertname": "Y"}, "state": "firing"},
          {"labels": {"alertname": "Z"}, "state": "inactive"}]}}"#;
        let a = parse_prometheus(body).unwrap();
        assert_eq!(
            a.iter()
                .map(|a| (a.name.as_str(), a.state))
                .collect::<Vec<_>>(),
            [("X", AlertState::Pending), ("Y", AlertState::Firing)]
        );
    }

    #[test]
    fn pick_prefers_alertmanager() {
        assert_eq!(
            Upstream::pick(Some("http://am/"), Some("http://p")),
            Some(Upstream::Alertmanager("http://am".into()))
        );
        assert_eq!(
            Upstream::pick(None, Some("http://p")),
            Some(Upstream::Prometheus("http://p".into()))
        );
        assert_eq!(Upstream::pick(None, None), None);
    }
}
