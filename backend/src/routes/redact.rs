//! Token mode's redaction: a signed-in user sees only what their account may read. The shared
//! caches hold everything; here each answer is cut down after SelfSubjectAccessReviews made as
//! that user ([`crate::auth::Auth::may`], cached). Local mode passes everything.

use super::{AppState, vmi_access};
use crate::auth::{Access, Caller};
use crate::error::ApiErr;
use model::evidence::Evidence;
use model::wire::StreamMsg;
use std::collections::BTreeSet;
use std::sync::Arc;

/// Namespaces of the summaries `caller` may see (`None`: all).
pub async fn visible(
    state: &AppState,
    caller: &Caller,
) -> Result<Option<BTreeSet<String>>, ApiErr> {
    if matches!(caller, Caller::Local) {
        return Ok(None);
    }
    let all: BTreeSet<String> = state
        .store
        .items()
        .into_iter()
        .map(|s| s.key.namespace)
        .chain(
            state
                .caches
                .migrations()
                .iter()
                .filter_map(|m| m.metadata.namespace.clone()),
        )
        .collect();
    let ok = state
        .auth
        .visible_namespaces(caller, "kubevirt.io", "virtualmachineinstances", all)
        .await?;
    Ok(Some(ok.into_iter().collect()))
}

/// Clears from `bundle` the kinds `caller` may not read in `ns` (and says so in `coverage`).
pub async fn bundle(
    state: &AppState,
    caller: &Caller,
    ns: &str,
    bundle: &mut Evidence,
) -> Result<(), ApiErr> {
    if matches!(caller, Caller::Local) {
        return Ok(());
    }
    let may = |g: &'static str, r: &str, n: Option<&str>| {
        let a = Access::list(g, r, n);
        let (auth, caller) = (state.auth.clone(), caller.clone());
        async move { auth.may(&caller, &a).await }
    };
    if !may("", "pods", Some(ns)).await? {
        bundle.pods.clear();
        bundle.coverage.pods = false;
    }
    if !may("", "events", Some(ns)).await? {
        bundle.events.clear();
        bundle.coverage.events = false;
    }
    if !may("kubevirt.io", "virtualmachineinstancemigrations", Some(ns)).await? {
        bundle.migrations.clear();
        bundle.coverage.migrations = false;
    }
    if !may("kubevirt.io", "virtualmachines", Some(ns)).await? {
        bundle.vm = None;
    }
    if !may("", "nodes", None).await? {
        bundle.nodes.clear();
        bundle.coverage.nodes = false;
    }
    Ok(())
}

/// What of `msg` the caller may see (`None`: nothing).
pub async fn stream_msg(
    state: &AppState,
    caller: &Caller,
    msg: &Arc<StreamMsg>,
) -> Result<Option<Arc<StreamMsg>>, ApiErr> {
    if matches!(caller, Caller::Local) {
        return Ok(Some(msg.clone()));
    }
    match &**msg {
        StreamMsg::Snapshot { items, synced } => {
            let nss: BTreeSet<String> = items.iter().map(|s| s.key.namespace.clone()).collect();
            let ok: BTreeSet<String> = state
                .auth
                .visible_namespaces(caller, "kubevirt.io", "virtualmachineinstances", nss)
                .await?
                .into_iter()
                .collect();
            Ok(Some(Arc::new(StreamMsg::Snapshot {
                items: items
                    .iter()
                    .filter(|s| ok.contains(&s.key.namespace))
                    .cloned()
                    .collect(),
                synced: *synced,
            })))
        }
        StreamMsg::Upsert { item } => Ok(state
            .auth
            .may(caller, &vmi_access(&item.key.namespace))
            .await?
            .then(|| msg.clone())),
        StreamMsg::Delete { key } => Ok(state
            .auth
            .may(caller, &vmi_access(&key.namespace))
            .await?
            .then(|| msg.clone())),
        // The store never publishes batches: streams build them after filtering.
        StreamMsg::Batch { .. } => Ok(None),
    }
}
