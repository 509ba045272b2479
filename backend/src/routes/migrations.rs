//! The migrations endpoints: every VMIM the caller may list (reviewed as
//! `list virtualmachineinstancemigrations` per namespace), and each one interpreted for the
//! migrations page, a migration in progress with its series from Prometheus (its progress,
//! cached briefly per migration and shared by every request: see
//! [`crate::series::PROGRESS_TTL`]).

use super::{AppState, not_synced, redact::visible};
use crate::error::ApiErr;
use crate::watch::Kind;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use model::api::MigrationRow;
use model::kube::MetricSample;
use model::kube::Vmim;
use model::migration::{MigrationContext, interpret};
use model::wire::paths;
use std::sync::Arc;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(paths::MIGRATIONS, get(migrations))
        .route(paths::MIGRATION_REPORTS, get(migration_reports))
}

/// The migrations this caller may see, sorted by namespace and name.
async fn visible_migrations(state: &AppState, headers: &HeaderMap) -> Result<Vec<Vmim>, ApiErr> {
    let caller = state.auth.caller(headers)?;
    if !state.caches.vmims.state.synced() {
        return Err(not_synced(Kind::Vmim));
    }
    let visible = visible(state, &caller, Kind::Vmim).await?;
    let mut list: Vec<Vmim> = state
        .caches
        .migrations()
        .iter()
        .filter(|m| {
            visible
                .as_ref()
                .is_none_or(|v| v.contains(m.metadata.namespace()))
        })
        .map(|m| (**m).clone())
        .collect();
    list.sort_by(|a, b| {
        (a.metadata.namespace(), a.metadata.name())
            .cmp(&(b.metadata.namespace(), b.metadata.name()))
    });
    Ok(list)
}

async fn migrations(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiErr> {
    Ok(Json(visible_migrations(&state, &headers).await?).into_response())
}

/// The migration series of `m`'s VMI while it is in progress (none once final, or without a
/// Prometheus), from the client's short-lived cache shared by every request.
async fn progress_samples(state: &AppState, m: &Vmim, end: f64) -> Arc<Vec<MetricSample>> {
    match (&state.prometheus, &m.spec.vmi_name) {
        (Some(prom), Some(vmi)) if !m.is_final() => {
            prom.migration_progress(m.metadata.namespace(), vmi, end)
                .await
        }
        _ => Arc::default(),
    }
}

/// The migrations page: every visible VMIM interpreted, newest first.
async fn migration_reports(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Response, ApiErr> {
    let now = crate::evidence::now(&state.caches);
    let list = visible_migrations(&state, &headers).await?;
    let end = now.0 as f64 / 1000.0;
    let samples =
        futures::future::join_all(list.iter().map(|m| progress_samples(&state, m, end))).await;
    let mut rows: Vec<MigrationRow> = list
        .iter()
        .zip(&samples)
        .map(|(m, metrics)| MigrationRow {
            created: m.metadata.created(),
            report: interpret(
                Some(m),
                &MigrationContext {
                    now: Some(now),
                    metrics,
                    ..Default::default()
                },
            ),
        })
        .collect();
    rows.sort_by_key(|r| std::cmp::Reverse(r.created));
    Ok(Json(rows).into_response())
}
