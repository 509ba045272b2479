//! The flight recorder's endpoints: `GET /api/v1/history` (is history on, and why not),
//! `GET /api/v1/vmis/{ns}/{name}/history?from=&to=` (transitions, events, migrations),
//! `GET /api/v1/history/changes?since=&limit=` (each VMI's newest change, newest first: the
//! overview's "changed in the last hour" and the wall's latest changes) and the
//! recorded page behind `GET /api/v1/vmis/{ns}/{name}/detail?at=` ([`detail_at`], called by
//! [`super::vmis`]). When history is off (not configured, its data directory or database
//! unusable, the disk full) a VMI's history and its detail at a time answer 200 with the reason
//! (`off`, `history_off`), so the page says "history is off" rather than failing; a bad request,
//! a refused caller or a corrupt recording stay errors.
//!
//! What a caller reads is cut at the time of reading by the same rules as the live pages
//! ([`super::redact`]): the history of a VMI only if they may list VMIs in its namespace now; of
//! it, events and migration outcomes only as [`Readable`] allows; a recorded page is kept as
//! its evidence, cut exactly as the live bundle is and diagnosed from what is left. History is
//! kept per VMI object (its UID): the history of `ns/name` is that of the VMI holding the name
//! now, so a VMI or namespace deleted and created again under the same name, or access granted
//! later, never reads another object's pages. In local mode (one operator, who reads
//! everything) a name no VMI holds now reads the last VMI recorded under it. The latest changes
//! are those of the VMIs the caller may list, chosen before the limit; the status's counts are
//! cluster-wide, so only a caller who may list VMIs cluster-wide gets them.
//!
//! A fleet (issue 32) records every cluster into the one history, each row naming its VMI's
//! cluster: `/api/v1/c/{cluster}/vmis/{ns}/{name}/history` (and `…/detail?at=`) read that
//! cluster's rows ([`crate::state::AppState::in_cluster`]), the paths without the prefix the
//! first cluster's, and the latest changes are every cluster's, each key naming its cluster
//! (token mode: those of each cluster the session is signed in to, cut by its reviews).

use super::redact::{Readable, visible};
use super::{AppState, check_name, vmi_access};
use crate::auth::Caller;
use crate::error::ApiErr;
use crate::history::{
    self, CHANGES_LIMIT, DetailAt, History, HistoryHandle, HistoryOff, RecordedDetail, Snapshot,
    VmiId,
};
use crate::watch::Kind;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use model::VmiKey;
use model::time::Timestamp;
use model::wire::paths;
use serde::Deserialize;
use std::collections::BTreeSet;

/// The range a history request covers when it names none: the last day.
pub const DEFAULT_RANGE_MS: i64 = 24 * 3600 * 1000;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(paths::HISTORY, get(status))
        .route(paths::VMI_HISTORY, get(vmi_history))
        .route(paths::HISTORY_CHANGES, get(changes))
}

/// The range of a changes request when it names none: the last hour.
pub const DEFAULT_CHANGES_MS: i64 = 3600 * 1000;

#[derive(Debug, Default, Deserialize)]
pub struct ChangesQuery {
    pub since: Option<String>,
    pub limit: Option<usize>,
}

/// Each VMI's newest change since `since` (default: an hour ago), newest first, at most
/// `limit` (default and cap [`CHANGES_LIMIT`]). In token mode only those of the VMIs the caller
/// may list now (by their UIDs), chosen by the store before the limit.
async fn changes(
    State(state): State<AppState>,
    Query(q): Query<ChangesQuery>,
    headers: HeaderMap,
) -> Result<Response, ApiErr> {
    let caller = state.auth.caller(&headers)?;
    let since = time("since", q.since.as_deref())?
        .unwrap_or_else(|| history::now_ms() - DEFAULT_CHANGES_MS);
    let limit = q.limit.unwrap_or(CHANGES_LIMIT).min(CHANGES_LIMIT);
    let store = store(&state.history)?;
    // A token user's: the VMIs of each cluster signed in to that its reviews let them list.
    let (only, clusters) = match caller {
        Caller::Local => (None, None),
        Caller::User(_) => {
            let (mut uids, mut clusters) = (Vec::new(), BTreeSet::new());
            for cluster in state.readable_clusters(&caller) {
                if let Some(ok) = visible(&cluster, &caller, Kind::Vmi).await? {
                    uids.extend(cluster.store.uids(|k| ok.contains(&k.namespace)));
                }
                clusters.insert(cluster.store.cluster().to_string());
            }
            (Some(uids), Some(clusters))
        }
    };
    let mut rows = store
        .changes(since, limit, only.as_deref())
        .await
        .map_err(failed)?;
    // UIDs are unique within one cluster only: a row of another cluster is never shown.
    if let Some(clusters) = clusters {
        rows.retain(|r| clusters.contains(&r.key.cluster));
    }
    Ok(Json(rows).into_response())
}

/// Whether history is on; its counts (rows written, dropped, failed batches) are about every
/// namespace, so only for a caller who may list VMIs cluster-wide (as `/readyz`'s details).
async fn status(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiErr> {
    state.auth.caller(&headers)?;
    let s = state.history.status();
    if super::health::may_see_details(&state, &headers)
        .await
        .is_ok()
    {
        return Ok(Json(s).into_response());
    }
    Ok(Json(serde_json::json!({
        "enabled": s.enabled, "error": s.error, "backend": s.backend, "writer": s.writer,
    }))
    .into_response())
}

#[derive(Debug, Default, Deserialize)]
pub struct Range {
    pub from: Option<String>,
    pub to: Option<String>,
}

/// An RFC 3339 query parameter, or a 400 naming it.
fn time(name: &str, v: Option<&str>) -> Result<Option<i64>, ApiErr> {
    match v {
        None | Some("") => Ok(None),
        Some(s) => Timestamp::parse(s).map(|t| Some(t.0)).ok_or_else(|| {
            ApiErr::bad_request(format!(
                "{name}={s:?} is not an RFC 3339 time such as 2026-01-02T03:04:05Z"
            ))
        }),
    }
}

/// The store, or a 503 saying why history is off (the changes endpoint's answer).
fn store(h: &HistoryHandle) -> Result<&history::DynStore, ApiErr> {
    h.store().ok_or_else(|| ApiErr::unavailable(off_reason(h)))
}

/// Why history is off, as the page says it: there is no store (not configured, its data
/// directory or database unusable).
fn off_reason(h: &HistoryHandle) -> String {
    format!(
        "History is off: {}. The console still shows the live state.",
        h.error().unwrap_or_else(|| "not configured".into())
    )
}

/// Why the last writes failed (the disk is full, the database refuses them), while the store
/// can still be read.
fn write_failure(h: &HistoryHandle) -> Option<String> {
    h.error().map(|e| {
        format!("History is off: {e}. What was recorded before is shown; new changes are not being recorded.")
    })
}

/// Checks the names and that the caller may read VMIs in `ns` now.
async fn allowed(
    state: &AppState,
    ns: &str,
    name: &str,
    headers: &HeaderMap,
) -> Result<(Caller, VmiKey), ApiErr> {
    check_name("namespace", ns)?;
    check_name("name", name)?;
    let caller = state.auth.caller(headers)?;
    state.auth.require(&caller, &vmi_access(ns)).await?;
    // The cluster whose routes these are (`/api/v1/c/{cluster}/…` narrows the state to its
    // store handle; without the prefix, the first's, whose keys name none).
    let key = VmiKey::new(ns, name).in_cluster(state.store.cluster());
    Ok((caller, key))
}

/// Whose history `key` reads: the VMI holding the name now (its UID); with none, in local mode
/// only, the last VMI recorded under the name.
async fn subject(
    state: &AppState,
    store: &history::DynStore,
    caller: &Caller,
    key: &VmiKey,
) -> Result<VmiId, String> {
    if let Some(uid) = state.store.uid(key) {
        return Ok(VmiId::new(key.clone(), uid));
    }
    if !matches!(caller, Caller::Local) {
        return Err(format!(
            "No VMI {key} exists now. History is kept per VMI object (its UID) and read for the \
             VMI that holds the name now."
        ));
    }
    let uid = store.latest_uid(key).await.map_err(|e| unreadable(&e))?;
    Ok(VmiId::new(key.clone(), uid.unwrap_or_default()))
}

fn failed(e: history::StoreError) -> ApiErr {
    ApiErr::unavailable(format!("History could not be read: {e}"))
}

/// A store that cannot be read is history off (the page says so), not a failed page.
fn unreadable(e: &history::StoreError) -> String {
    format!("History could not be read: {e}. The console still shows the live state.")
}

async fn vmi_history(
    State(state): State<AppState>,
    Path((ns, name)): Path<(String, String)>,
    Query(range): Query<Range>,
    headers: HeaderMap,
) -> Result<Response, ApiErr> {
    let (caller, key) = allowed(&state, &ns, &name, &headers).await?;
    let to = time("to", range.to.as_deref())?.unwrap_or_else(history::now_ms);
    let from = time("from", range.from.as_deref())?.unwrap_or(to - DEFAULT_RANGE_MS);
    if from > to {
        return Err(ApiErr::bad_request("from is after to"));
    }
    let off = |why: String| History {
        key: key.clone(),
        from,
        to,
        off: Some(why),
        ..History::default()
    };
    let Some(store) = state.history.store() else {
        return Ok(Json(off(off_reason(&state.history))).into_response());
    };
    let id = subject(&state, store, &caller, &key)
        .await
        .map_err(ApiErr::not_found)?;
    let mut h = match store.history(&id, from, to).await {
        Ok(h) => History {
            off: write_failure(&state.history),
            ..h
        },
        Err(e) => off(unreadable(&e)),
    };
    Readable::of(&state, &caller, &ns)
        .await?
        .cut_history(&mut h);
    Ok(Json(h).into_response())
}

/// What the recorder kept for a VMI at a moment: history is off (why), or the snapshot
/// recorded at or before it, with when.
enum Recorded {
    Off(String),
    Found(i64, Box<Snapshot>),
}

/// The snapshot of `ns/name` recorded at or before `at` (RFC 3339), its evidence cut as the
/// live bundle is cut for this caller.
async fn recorded(
    state: &AppState,
    ns: &str,
    name: &str,
    at: &str,
    headers: &HeaderMap,
) -> Result<Recorded, ApiErr> {
    let (caller, key) = allowed(state, ns, name, headers).await?;
    let Some(at) = time("at", Some(at))? else {
        return Err(ApiErr::bad_request("at= needs an RFC 3339 time"));
    };
    let Some(store) = state.history.store() else {
        return Ok(Recorded::Off(off_reason(&state.history)));
    };
    let id = subject(state, store, &caller, &key)
        .await
        .map_err(ApiErr::not_found)?;
    let found = match store.detail_at(&id, at).await {
        Ok(found) => found,
        Err(e) => return Ok(Recorded::Off(unreadable(&e))),
    };
    let Some((recorded_at, body)) = found else {
        return Err(ApiErr::not_found(format!(
            "Nothing was recorded for {key} at or before {}: the recorder keeps the page at \
             each change of a verdict, and history may have started later or been pruned.",
            Timestamp(at)
        )));
    };
    let mut snapshot = Snapshot::decompress(&body).map_err(failed)?;
    Readable::of(state, &caller, ns)
        .await?
        .cut_bundle(&mut snapshot.evidence);
    Ok(Recorded::Found(recorded_at, Box::new(snapshot)))
}

/// The page of `ns/name` as recorded at or before `at` (RFC 3339), marked with `recorded_at`:
/// its evidence cut as the live bundle is cut for this caller, then diagnosed.
pub async fn detail_at(
    state: &AppState,
    ns: &str,
    name: &str,
    at: &str,
    headers: &HeaderMap,
) -> Result<Response, ApiErr> {
    Ok(match recorded(state, ns, name, at, headers).await? {
        Recorded::Off(why) => Json(DetailAt::Off(HistoryOff { history_off: why })).into_response(),
        Recorded::Found(recorded_at, snapshot) => {
            Json(DetailAt::Recorded(Box::new(RecordedDetail {
                recorded_at,
                detail: snapshot.page(),
            })))
            .into_response()
        }
    })
}

/// The snapshot behind [`detail_at`], for the incident file of a recorded moment: history off
/// is an error here (there is no page to write).
pub async fn snapshot_at(
    state: &AppState,
    ns: &str,
    name: &str,
    at: &str,
    headers: &HeaderMap,
) -> Result<Snapshot, ApiErr> {
    match recorded(state, ns, name, at, headers).await? {
        Recorded::Off(why) => Err(ApiErr::unavailable(why)),
        Recorded::Found(_, snapshot) => Ok(*snapshot),
    }
}
