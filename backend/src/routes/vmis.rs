//! The VMI endpoints: the overview list, one VMI's evidence bundle, its page (diagnosed here)
//! and its guest agent subresources.

use super::redact::{self, summaries_in, visible};
use super::{AppState, check_name, not_synced, vmi_access};
use crate::auth::Caller;
use crate::error::ApiErr;
use crate::guest::{self, Subresource};
use crate::watch::Kind;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use model::api::GuestAgentResult;
use model::evidence::{Evidence, Observed};
use model::view::detail::{GuestView, VmiDetail};
use model::wire::paths;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(paths::VMIS, get(vmis))
        .route(paths::VMI, get(evidence))
        .route(paths::VMI_DETAIL, get(detail))
        .route(paths::VMI_GUEST_AGENT, get(guest_agent))
}

async fn vmis(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiErr> {
    let caller = state.auth.caller(&headers)?;
    if state.scoped {
        let visible = visible(&state, &caller, Kind::Vmi).await?;
        return Ok(Json(summaries_in(&state, &visible)).into_response());
    }
    // The overview's list: every cluster's VMIs for the local user (as the stream carries
    // them); a token user's, of each cluster signed in to, cut by that cluster's reviews.
    if matches!(caller, Caller::Local) {
        return Ok(Json(state.store.all_items()).into_response());
    }
    let mut items = Vec::new();
    for cluster in state.readable_clusters(&caller) {
        let visible = visible(&cluster, &caller, Kind::Vmi).await?;
        items.extend(summaries_in(&cluster, &visible));
    }
    // In key order, cluster first, as the local user's list.
    items.sort_by(|a, b| a.key.cmp(&b.key));
    Ok(Json(items).into_response())
}

/// The evidence bundle of `ns/name` as this caller may see it, with the guest agent's
/// `guestosinfo` answer (also returned as the API gave it, so a refusal stays distinct).
pub(super) async fn bundle(
    state: &AppState,
    ns: &str,
    name: &str,
    headers: &HeaderMap,
) -> Result<(Evidence, Option<GuestAgentResult>), ApiErr> {
    let (ns, name) = (ns.to_string(), name.to_string());
    check_name("namespace", &ns)?;
    check_name("name", &name)?;
    let caller = state.auth.caller(headers)?;
    state.auth.require(&caller, &vmi_access(&ns)).await?;
    if !state.caches.vmis.state.synced() {
        return Err(not_synced(Kind::Vmi));
    }
    let fetched =
        crate::evidence::collect(&state.auth.local_client(), &state.caches, &ns, &name).await;
    let Some(mut bundle) = fetched.map_err(|e| {
        ApiErr::new(
            StatusCode::BAD_GATEWAY,
            format!("Strata could not read {ns}/{name} from the cluster: {e}"),
        )
    })?
    else {
        return Err(ApiErr::not_found(format!(
            "No VMI {ns}/{name} and no migration naming it: it may have been deleted, or the \
             name is misspelt."
        )));
    };
    // The key names the cluster the stream names it by (empty for a one-cluster console).
    bundle.key.cluster = state.store.cluster().to_string();
    // In token mode, show only the kinds this user may read.
    redact::bundle(state, &caller, &ns, &mut bundle).await?;
    let mut raw = None;
    if bundle.vmi.is_some() {
        let client = state.auth.client(&caller)?;
        let answer = guest::call(&client, &ns, &name, Subresource::GuestOsInfo).await;
        bundle.guest_agent = Some(Observed::new(
            answer.answer(),
            Some(crate::evidence::now(&state.caches)),
        ));
        raw = Some(answer);
    }
    Ok((bundle, raw))
}

async fn evidence(
    State(state): State<AppState>,
    Path((ns, name)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Response, ApiErr> {
    let (bundle, _) = bundle(&state, &ns, &name, &headers).await?;
    Ok(Json(bundle).into_response())
}

/// `?at=RFC3339`: the page as the recorder kept it then ([`super::history::detail_at`]).
#[derive(serde::Deserialize)]
struct At {
    at: Option<String>,
}

/// The VMI page: the bundle diagnosed against the server's clock, explanations resolved.
async fn detail(
    State(state): State<AppState>,
    Path((ns, name)): Path<(String, String)>,
    Query(at): Query<At>,
    headers: HeaderMap,
) -> Result<Response, ApiErr> {
    if let Some(at) = at.at.as_deref() {
        return super::history::detail_at(&state, &ns, &name, at, &headers).await;
    }
    let (bundle, guest) = bundle(&state, &ns, &name, &headers).await?;
    let mut detail = VmiDetail::build(&bundle, Some(crate::evidence::now(&state.caches)));
    if let Some(answer) = &guest {
        detail.guest = GuestView::from_api(answer);
    }
    Ok(Json(detail).into_response())
}

async fn guest_agent(
    State(state): State<AppState>,
    Path((ns, name, sub)): Path<(String, String, String)>,
    headers: HeaderMap,
) -> Result<Response, ApiErr> {
    check_name("namespace", &ns)?;
    check_name("name", &name)?;
    let Some(sub) = Subresource::parse(&sub) else {
        return Err(ApiErr::not_found(format!(
            "Unknown guest agent subresource {sub:?}; use guestosinfo, userlist or filesystemlist."
        )));
    };
    let caller = state.auth.caller(&headers)?;
    let client = state.auth.client(&caller)?;
    Ok(Json(guest::call(&client, &ns, &name, sub).await).into_response())
}
