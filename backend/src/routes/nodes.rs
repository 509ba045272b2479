//! The node endpoints: the node list and a node's drain impact (the VMIs are listed now, the VMs
//! come from their watch), and what the node pages show (`model::view::node`): the rows of the
//! nodes list and one node's view, with the pods on it read now (one list call per request,
//! only when the caller may list pods cluster-wide).

use super::{AppState, check_name, not_synced, redact::visible};
use crate::auth::Access;
use crate::error::ApiErr;
use crate::watch::Kind;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use kube::api::ListParams;
use model::cluster::HANDLER_LABEL;
use model::kube::vmi::Vmi;
use model::kube::{Node, Pod, Vm};
use model::view::VmiSummary;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/v1/nodes", get(nodes))
        .route("/api/v1/nodes/{name}/drain", get(drain))
        .route("/api/v1/nodes/rows", get(node_rows))
        .route("/api/v1/nodes/{name}/view", get(node_view))
}

/// Fails unless the caller may list nodes and the node watch has synced.
async fn nodes_readable(state: &AppState, headers: &HeaderMap) -> Result<(), ApiErr> {
    let caller = state.auth.caller(headers)?;
    state
        .auth
        .require(&caller, &Access::list("", "nodes", None))
        .await?;
    if !state.caches.nodes.state.synced() {
        return Err(not_synced(Kind::Node));
    }
    Ok(())
}

async fn nodes(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiErr> {
    nodes_readable(&state, &headers).await?;
    let mut list: Vec<Node> = state.caches.nodes().iter().map(|n| (**n).clone()).collect();
    list.sort_by(|a, b| a.metadata.name().cmp(b.metadata.name()));
    Ok(Json(list).into_response())
}

async fn drain(
    State(state): State<AppState>,
    Path(node): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiErr> {
    Ok(Json(drain_report(&state, &node, &headers, &[]).await?).into_response())
}

/// The drain report of `node` as this caller may see it; `pods` are the pods read on the node
/// (hot-plug attachment pods and migration target pods block a drain too).
async fn drain_report(
    state: &AppState,
    node: &str,
    headers: &HeaderMap,
    pods: &[Pod],
) -> Result<model::drain::DrainReport, ApiErr> {
    check_name("node", node)?;
    let caller = state.auth.caller(headers)?;
    state
        .auth
        .require(&caller, &Access::list("", "nodes", None))
        .await?;
    if !state.caches.vmis.state.synced() {
        return Err(not_synced(Kind::Vmi));
    }
    if state.caches.nodes.state.synced() && state.caches.node(node).is_none() {
        return Err(ApiErr::not_found(format!("No node named {node}.")));
    }
    // Each kind by its own review: VMIs by `list virtualmachineinstances`, VMs by
    // `list virtualmachines`.
    let vmis_visible = visible(state, &caller, Kind::Vmi).await?;
    let vms_visible = visible(state, &caller, Kind::Vm).await?;
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
    Ok(model::drain::drain_impact_with_pods(
        node, &vmis, &vms, pods, None,
    ))
}

/// The pods matching `params` cluster-wide, when the caller may list pods cluster-wide and the
/// list succeeds; `None` otherwise (the pages then say the pods were not read).
async fn pods(state: &AppState, headers: &HeaderMap, params: ListParams) -> Option<Vec<Pod>> {
    let caller = state.auth.caller(headers).ok()?;
    if !state
        .auth
        .may(&caller, &Access::list("", "pods", None))
        .await
        .ok()?
    {
        return None;
    }
    let client = state.auth.local_client();
    let list = crate::evidence::list(&client, Kind::Pod, None, params)
        .await
        .ok()?;
    Some(
        list.iter()
            .map(|o| Pod::from_value(&crate::evidence::value(o)))
            .collect(),
    )
}

/// The VMI summaries this caller may see.
async fn summaries(state: &AppState, headers: &HeaderMap) -> Result<Vec<VmiSummary>, ApiErr> {
    let caller = state.auth.caller(headers)?;
    let visible = visible(state, &caller, Kind::Vmi).await?;
    Ok(state
        .store
        .items()
        .into_iter()
        .filter(|s| {
            visible
                .as_ref()
                .is_none_or(|v| v.contains(&s.key.namespace))
        })
        .collect())
}

/// The nodes list: one row per node, unhealthy first (virt-handler's pods read by label).
async fn node_rows(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiErr> {
    nodes_readable(&state, &headers).await?;
    let nodes: Vec<Node> = state.caches.nodes().iter().map(|n| (**n).clone()).collect();
    let selector = format!("{}={}", HANDLER_LABEL.0, HANDLER_LABEL.1);
    let handlers = pods(&state, &headers, ListParams::default().labels(&selector)).await;
    let vmis = summaries(&state, &headers).await?;
    let rows = model::view::node::node_rows(
        &nodes,
        handlers.as_deref(),
        &vmis,
        Some(crate::evidence::now()),
    );
    Ok(Json(rows).into_response())
}

/// One node's page: its conditions, taints, virt-handler, devices, VMIs and drain impact.
async fn node_view(
    State(state): State<AppState>,
    Path(node): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiErr> {
    check_name("node", &node)?;
    nodes_readable(&state, &headers).await?;
    let Some(n) = state.caches.node(&node) else {
        return Err(ApiErr::not_found(format!("No node named {node}.")));
    };
    let on_node = pods(
        &state,
        &headers,
        ListParams::default().fields(&format!("spec.nodeName={node}")),
    )
    .await;
    let drain = drain_report(
        &state,
        &node,
        &headers,
        on_node.as_deref().unwrap_or_default(),
    )
    .await?;
    let vmis = summaries(&state, &headers).await?;
    let view = model::view::node::node_view(
        &n,
        on_node.as_deref(),
        &vmis,
        drain,
        Some(crate::evidence::now()),
    );
    Ok(Json(view).into_response())
}
