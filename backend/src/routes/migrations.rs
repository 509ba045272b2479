//! The migrations endpoints: every VMIM the caller may list (reviewed as
//! `list virtualmachineinstancemigrations` per namespace), and each one interpreted for the
//! migrations page.

use super::{AppState, not_synced, redact::visible};
use crate::error::ApiErr;
use crate::watch::Kind;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use model::api::MigrationRow;
use model::migration::{MigrationContext, interpret};
use model::objects::Vmim;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/v1/migrations", get(migrations))
        .route("/api/v1/migrations/reports", get(migration_reports))
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

/// The migrations page: every visible VMIM interpreted, newest first.
async fn migration_reports(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Response, ApiErr> {
    let now = Some(crate::evidence::now());
    let mut rows: Vec<MigrationRow> = visible_migrations(&state, &headers)
        .await?
        .iter()
        .map(|m| MigrationRow {
            created: m.metadata.created(),
            report: interpret(
                Some(m),
                &MigrationContext {
                    now,
                    ..Default::default()
                },
            ),
        })
        .collect();
    rows.sort_by_key(|r| std::cmp::Reverse(r.created));
    Ok(Json(rows).into_response())
}
