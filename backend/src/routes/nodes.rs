//! The node endpoints: the node list and a node's drain impact (the VMIs are listed now, the VMs
//! come from their watch).

use super::{AppState, check_name, not_synced, redact::visible};
use crate::auth::Access;
use crate::error::ApiErr;
use crate::watch::Kind;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use model::kube::vmi::Vmi;
use model::kube::{Node, Vm};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/v1/nodes", get(nodes))
        .route("/api/v1/nodes/{name}/drain", get(drain))
}

async fn nodes(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiErr> {
    let caller = state.auth.caller(&headers)?;
    state
        .auth
        .require(&caller, &Access::list("", "nodes", None))
        .await?;
    if !state.caches.nodes.state.synced() {
        return Err(not_synced(Kind::Node));
    }
    let mut list: Vec<Node> = state.caches.nodes().iter().map(|n| (**n).clone()).collect();
    list.sort_by(|a, b| a.metadata.name().cmp(b.metadata.name()));
    Ok(Json(list).into_response())
}

async fn drain(
    State(state): State<AppState>,
    Path(node): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiErr> {
    check_name("node", &node)?;
    let caller = state.auth.caller(&headers)?;
    state
        .auth
        .require(&caller, &Access::list("", "nodes", None))
        .await?;
    if !state.caches.vmis.state.synced() {
        return Err(not_synced(Kind::Vmi));
    }
    if state.caches.nodes.state.synced() && state.caches.node(&node).is_none() {
        return Err(ApiErr::not_found(format!("No node named {node}.")));
    }
    // Each kind by its own review: VMIs by `list virtualmachineinstances`, VMs by
    // `list virtualmachines`.
    let vmis_visible = visible(&state, &caller, Kind::Vmi).await?;
    let vms_visible = visible(&state, &caller, Kind::Vm).await?;
    let in_view = |visible: &Option<std::collections::BTreeSet<String>>, ns: Option<&String>| {
        visible
            .as_ref()
            .is_none_or(|v| ns.is_some_and(|n| v.contains(n)))
    };
    // The VMIs are fetched now (the store keeps summaries); the VMs come from their watch. If
    // VMs cannot be read at all (not served, or forbidden), the report goes without them, as it
    // would for a VMI without a VM.
    let vm_state = &state.caches.vms.state;
    if !vm_state.synced() && vm_state.last_error().is_none() {
        return Err(not_synced(Kind::Vm));
    }
    let client = state.auth.local_client();
    let vmis = crate::evidence::list(&client, Kind::Vmi, None, kube::api::ListParams::default())
        .await
        .map_err(|e| ApiErr::upstream("Listing the VMIs from the API server failed.", e))?;
    let vmis: Vec<Vmi> = vmis
        .iter()
        .filter(|o| in_view(&vmis_visible, o.metadata.namespace.as_ref()))
        .map(|o| Vmi::from_value(&crate::evidence::value(o)))
        .collect();
    let vms: Vec<Vm> = state
        .caches
        .vms()
        .into_iter()
        .filter(|v| in_view(&vms_visible, v.metadata.namespace.as_ref()))
        .collect();
    Ok(Json(model::drain::drain_impact(&node, &vmis, &vms, None)).into_response())
}
