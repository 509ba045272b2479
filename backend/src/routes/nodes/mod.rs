//! The node endpoints: the node list and a node's drain impact (the node's VMIs are read now,
//! [`drain_vmis`]; the VMs come from their watch), and what the node pages show (`model::view::node`): the rows of the
//! nodes list and one node's view, with the pods on it read now (one list call per request,
//! only when the caller may list pods cluster-wide).

use super::{
    AppState, check_name, not_synced,
    redact::{summaries_in, visible},
};
use crate::auth::{Access, Caller};
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
use model::kube::{Node, Pod, Vm, VmiKey};
use model::wire::paths;
use std::collections::BTreeSet;

mod drain_vmis;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(paths::NODES, get(nodes))
        .route(paths::NODE_DRAIN, get(drain))
        .route(paths::NODE_ROWS, get(node_rows))
        .route(paths::NODE_VIEW, get(node_view))
}

/// The caller, who may list nodes; fails otherwise.
async fn node_lister(state: &AppState, headers: &HeaderMap) -> Result<Caller, ApiErr> {
    let caller = state.auth.caller(headers)?;
    state
        .auth
        .require(&caller, &Access::list("", "nodes", None))
        .await?;
    Ok(caller)
}

/// The caller, who may list nodes; fails otherwise or while the node watch has not synced.
async fn nodes_readable(state: &AppState, headers: &HeaderMap) -> Result<Caller, ApiErr> {
    let caller = node_lister(state, headers).await?;
    if !state.caches.nodes.state.synced() {
        return Err(not_synced(Kind::Node));
    }
    Ok(caller)
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
    check_name("node", &node)?;
    let caller = node_lister(&state, &headers).await?;
    let vmis_visible = visible(&state, &caller, Kind::Vmi).await?;
    let report = drain_report(&state, &node, &caller, &vmis_visible, &[]).await?;
    Ok(Json(report).into_response())
}

/// Namespaces the caller may list, `None`: all.
type Visible = Option<BTreeSet<String>>;

/// The drain report of `node` for a caller who may list nodes and sees the VMIs of
/// `vmis_visible`; `pods` are the pods read on the node (hot-plug attachment pods and
/// migration target pods block a drain too).
async fn drain_report(
    state: &AppState,
    node: &str,
    caller: &Caller,
    vmis_visible: &Visible,
    pods: &[Pod],
) -> Result<model::drain::DrainReport, ApiErr> {
    if !state.caches.vmis.state.synced() {
        return Err(not_synced(Kind::Vmi));
    }
    if state.caches.nodes.state.synced() && state.caches.node(node).is_none() {
        return Err(ApiErr::not_found(format!("No node named {node}.")));
    }
    // Each kind by its own review: VMIs by `list virtualmachineinstances`, VMs by
    // `list virtualmachines`.
    let vms_visible = visible(state, caller, Kind::Vm).await?;
    let in_view = |visible: &Visible, ns: Option<&String>| {
        visible
            .as_ref()
            .is_none_or(|v| ns.is_some_and(|n| v.contains(n)))
    };
    // The VMIs are read now (the store keeps summaries); the VMs come from their watch. If
    // VMs cannot be read at all (not served, or forbidden), the report goes without them, as it
    // would for a VMI without a VM.
    let vm_state = &state.caches.vms.state;
    if !vm_state.synced() && vm_state.last_error().is_none() {
        return Err(not_synced(Kind::Vm));
    }
    let client = state.auth.local_client();
    // As the cluster's objects name them (no cluster), to be compared with what is read.
    let placed: Vec<_> = state
        .store
        .keys_and_nodes()
        .into_iter()
        .map(|(k, node)| (VmiKey::new(k.namespace, k.name), node))
        .collect();
    let vmis = drain_vmis::read(&client, node, &placed, pods)
        .await
        .map_err(|e| ApiErr::upstream("Listing the VMIs from the API server failed.", e))?;
    let vmis: Vec<Vmi> = vmis
        .into_iter()
        .filter(|v| in_view(vmis_visible, v.metadata.namespace.as_ref()))
        .collect();
    let vms: Vec<Vm> = state
        .caches
        .vms()
        .into_iter()
        .filter(|v| in_view(&vms_visible, v.metadata.namespace.as_ref()))
        .collect();
    let mut report = model::drain::drain_impact_with_pods(node, &vmis, &vms, pods, None);
    // Each outcome under the key the stream and the summaries name the VMI by (its cluster).
    for o in &mut report.outcomes {
        o.key.cluster = state.store.cluster().to_string();
    }
    Ok(report)
}

/// The pods matching `params` cluster-wide, when the caller may list pods cluster-wide and the
/// list succeeds; `None` otherwise (the pages then say the pods were not read).
async fn pods(state: &AppState, caller: &Caller, params: ListParams) -> Option<Vec<Pod>> {
    if !state
        .auth
        .may(caller, &Access::list("", "pods", None))
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

/// The nodes list: one row per node, unhealthy first (virt-handler's pods read by label).
async fn node_rows(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiErr> {
    let caller = nodes_readable(&state, &headers).await?;
    let nodes: Vec<Node> = state.caches.nodes().iter().map(|n| (**n).clone()).collect();
    let selector = format!("{}={}", HANDLER_LABEL.0, HANDLER_LABEL.1);
    let handlers = pods(&state, &caller, ListParams::default().labels(&selector)).await;
    let vmis = summaries_in(&state, &visible(&state, &caller, Kind::Vmi).await?);
    let rows = model::view::node::node_rows(
        &nodes,
        handlers.as_deref(),
        &vmis,
        Some(crate::evidence::now(&state.caches)),
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
    // One access review of each kind for the whole page.
    let caller = nodes_readable(&state, &headers).await?;
    let Some(n) = state.caches.node(&node) else {
        return Err(ApiErr::not_found(format!("No node named {node}.")));
    };
    let on_node = pods(
        &state,
        &caller,
        ListParams::default().fields(&format!("spec.nodeName={node}")),
    )
    .await;
    let vmis_visible = visible(&state, &caller, Kind::Vmi).await?;
    let drain = drain_report(
        &state,
        &node,
        &caller,
        &vmis_visible,
        on_node.as_deref().unwrap_or_default(),
    )
    .await?;
    let vmis = summaries_in(&state, &vmis_visible);
    let view = model::view::node::node_view(
        &n,
        on_node.as_deref(),
        &vmis,
        drain,
        Some(crate::evidence::now(&state.caches)),
    );
    Ok(Json(view).into_response())
}
