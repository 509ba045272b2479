//! `GET /api/v1/alerts` as Prometheus answers it (`data.alerts`: `labels` with `alertname` and
//! `severity`, `annotations`, `state` `pending` or `firing`, `activeAt`, `value`), with the
//! labels KubeVirt's rules add to every alert (`alerts.go`: `kubernetes_operator_part_of`,
//! `kubernetes_operator_component`) and the runbook annotation.

use crate::Shared;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};
use std::sync::Arc;

/// The answer at `t`.
pub fn answer(alerts: &[super::SimAlert], t: f64) -> Value {
    let list: Vec<Value> = alerts
        .iter()
        .map(|a| {
            let mut labels = Map::new();
            for (k, v) in &a.labels {
                labels.insert(k.clone(), Value::String(v.clone()));
            }
            labels.insert("alertname".into(), a.name.into());
            labels.insert("severity".into(), a.severity.into());
            labels.insert("kubernetes_operator_part_of".into(), "kubevirt".into());
            labels.insert("kubernetes_operator_component".into(), "kubevirt".into());
            let mut ann = Map::new();
            ann.insert("summary".into(), a.summary.clone().into());
            if !a.description.is_empty() {
                ann.insert("description".into(), a.description.clone().into());
            }
            ann.insert(
                "runbook_url".into(),
                format!("https://kubevirt.io/monitoring/runbooks/{}", a.name).into(),
            );
            json!({
                "labels": labels,
                "annotations": ann,
                "state": if a.firing(t) { "firing" } else { "pending" },
                "activeAt": crate::clock::rfc3339(a.since),
                "value": "1e+00",
            })
        })
        .collect();
    json!({"status": "success", "data": {"alerts": list}})
}

/// `GET /api/v1/alerts`.
pub async fn handler(State(shared): State<Arc<Shared>>) -> Response {
    if shared.faults.prometheus_down() {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "unavailable (simulated fault)\n",
        )
            .into_response();
    }
    let (alerts, t) = {
        let w = shared.world();
        let t = shared.clock.now();
        (super::alerts(&w, t), t)
    };
    Json(answer(&alerts, t)).into_response()
}
