//! `GET /api/v1/vmis/{ns}/{name}/metrics`: a VMI's domain or migration series from Prometheus.

use super::{AppState, check_name, vmi_access};
use crate::api::SeriesGroup;
use crate::error::ApiErr;
use crate::series::{self, Range};
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use model::wire::paths;
use serde::Deserialize;

pub fn routes() -> Router<AppState> {
    Router::new().route(paths::VMI_METRICS, get(metrics_series))
}

#[derive(Deserialize)]
struct SeriesParams {
    set: Option<String>,
    range: Option<u64>,
    step: Option<u64>,
}

async fn metrics_series(
    State(state): State<AppState>,
    Path((ns, name)): Path<(String, String)>,
    Query(p): Query<SeriesParams>,
    headers: HeaderMap,
) -> Result<Response, ApiErr> {
    check_name("namespace", &ns)?;
    check_name("name", &name)?;
    let group = match p.set.as_deref().unwrap_or("domain") {
        "domain" => SeriesGroup::Domain,
        "migration" => SeriesGroup::Migration,
        other => {
            return Err(ApiErr::bad_request(format!(
                "set={other:?} is not a series group; use set=domain or set=migration"
            )));
        }
    };
    // Prometheus stamps samples with its own clock, not the API server's.
    let end = crate::cluster_clock::local_ms() as f64 / 1000.0;
    let range = Range::ending_at(end, p.range, p.step).map_err(ApiErr::bad_request)?;
    let caller = state.auth.caller(&headers)?;
    state.auth.require(&caller, &vmi_access(&ns)).await?;
    let set = match &state.prometheus {
        None => series::unconfigured(),
        Some(prom) => prom.series(group, &ns, &name, range).await,
    };
    Ok(Json(set).into_response())
}
