//! Token mode's redaction: a signed-in user sees only what their account may read. The shared
//! caches and the history hold everything; here each answer is cut down after
//! SelfSubjectAccessReviews made as that user ([`crate::auth::Auth::may`], cached), at the time
//! of reading. Local mode passes everything. With several clusters each cluster's data is cut by
//! that cluster's reviews, made with the user's grant for it; a cluster the user has not signed
//! in to shows nothing (the push stream) or answers 403 (a route narrowed to it).

use super::{AppState, vmi_access};
use crate::auth::{Access, Auth, Caller};
use crate::error::ApiErr;
use crate::watch::Kind;
use model::VmiKey;
use model::api::history::History;
use model::evidence::Evidence;
use model::view::VmiSummary;
use model::wire::StreamMsg;
use std::collections::BTreeSet;
use std::sync::Arc;

/// Namespaces where `caller` may list `kind` (`None`: all), each kind by its own verb: VMIs,
/// VMs and migrations are reviewed separately, as the evidence bundle does ([`bundle`]).
pub async fn visible(
    state: &AppState,
    caller: &Caller,
    kind: Kind,
) -> Result<Option<BTreeSet<String>>, ApiErr> {
    if matches!(caller, Caller::Local) {
        return Ok(None);
    }
    let all: BTreeSet<String> = match kind {
        Kind::Vmim => state
            .caches
            .migrations()
            .iter()
            .filter_map(|m| m.metadata.namespace.clone())
            .collect(),
        Kind::Vm => state
            .caches
            .vms()
            .into_iter()
            .filter_map(|v| v.metadata.namespace)
            .collect(),
        _ => state
            .store
            .items()
            .into_iter()
            .map(|s| s.key.namespace)
            .collect(),
    };
    let ok = state
        .auth
        .visible_namespaces(caller, group(kind), kind.name(), all)
        .await?;
    Ok(Some(ok.into_iter().collect()))
}

/// The state's cluster's VMI summaries in the namespaces of `visible` (`None`: all).
pub fn summaries_in(
    state: &AppState,
    visible: &Option<BTreeSet<String>>,
) -> Vec<model::view::VmiSummary> {
    state
        .store
        .items()
        .into_iter()
        .filter(|s| {
            visible
                .as_ref()
                .is_none_or(|v| v.contains(&s.key.namespace))
        })
        .collect()
}

/// The API group of `kind`.
fn group(kind: Kind) -> &'static str {
    match kind {
        Kind::Vmi | Kind::Vm | Kind::Vmim => "kubevirt.io",
        Kind::Pod | Kind::Node | Kind::Event => "",
    }
}

/// What of a VMI in one namespace a caller may read besides the VMI itself, each kind by its
/// own access review: the one rule that cuts every answer about a VMI, the live evidence and
/// page ([`Readable::cut_bundle`]), a recorded page (cut the same way before it is diagnosed)
/// and its history rows ([`Readable::cut_history`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Readable {
    pub pods: bool,
    pub events: bool,
    pub migrations: bool,
    pub vm: bool,
    /// Nodes are cluster-scoped: one review for every namespace.
    pub nodes: bool,
}

impl Readable {
    /// Everything (local mode).
    pub const ALL: Readable = Readable {
        pods: true,
        events: true,
        migrations: true,
        vm: true,
        nodes: true,
    };

    /// What `caller` may read in `ns` (the reviews are cached per session).
    pub async fn of(state: &AppState, caller: &Caller, ns: &str) -> Result<Readable, ApiErr> {
        if matches!(caller, Caller::Local) {
            return Ok(Readable::ALL);
        }
        let may = |g: &'static str, r: &'static str, n: Option<&str>| {
            let a = Access::list(g, r, n);
            let (auth, caller) = (state.auth.clone(), caller.clone());
            async move { auth.may(&caller, &a).await }
        };
        let (pods, events, migrations, vm, nodes) = futures::try_join!(
            may("", "pods", Some(ns)),
            may("", "events", Some(ns)),
            may("kubevirt.io", "virtualmachineinstancemigrations", Some(ns)),
            may("kubevirt.io", "virtualmachines", Some(ns)),
            may("", "nodes", None),
        )?;
        Ok(Readable {
            pods,
            events,
            migrations,
            vm,
            nodes,
        })
    }

    /// Clears from `bundle` the kinds not readable (and says so in `coverage`).
    pub fn cut_bundle(&self, bundle: &mut Evidence) {
        if !self.pods {
            bundle.pods.clear();
            bundle.coverage.pods = false;
        }
        if !self.events {
            bundle.events.clear();
            bundle.coverage.events = false;
        }
        if !self.migrations {
            bundle.migrations.clear();
            bundle.coverage.migrations = false;
        }
        if !self.vm {
            bundle.vm = None;
        }
        if !self.nodes {
            bundle.nodes.clear();
            bundle.coverage.nodes = false;
            // Alerts about nodes or the cluster only are for those who may read nodes.
            bundle
                .alerts
                .retain(|a| !super::alerts::namespaces(&model::alerts::targets(a)).is_empty());
        }
    }

    /// Clears from `h` the rows of kinds not readable: events (those about a node also need
    /// nodes) and migration outcomes. Transitions stay: they are the overview summary's own
    /// history (phase, verdicts, headline), which the live overview shows to whoever may list
    /// the VMI.
    pub fn cut_history(&self, h: &mut History) {
        if !self.events {
            h.events.clear();
        }
        if !self.nodes {
            h.events.retain(|e| e.involved_kind != "Node");
        }
        if !self.migrations {
            h.migrations.clear();
        }
    }
}

/// Clears from `bundle` the kinds `caller` may not read in `ns` (and says so in `coverage`).
pub async fn bundle(
    state: &AppState,
    caller: &Caller,
    ns: &str,
    bundle: &mut Evidence,
) -> Result<(), ApiErr> {
    Readable::of(state, caller, ns).await?.cut_bundle(bundle);
    Ok(())
}

/// The auth view of the cluster a key names (`key_cluster`: empty for the first) for `caller`:
/// `None` for a cluster the console does not watch or a token user has not signed in to.
fn view_of(state: &AppState, caller: &Caller, key_cluster: &str) -> Option<Auth> {
    let at = state.fleet.index_of_key(key_cluster)?;
    match caller {
        Caller::User(s) if s.grant(at).is_none() => None,
        _ => state.auth.at(at),
    }
}

/// What of `msg` the caller may see (`None`: nothing): for a token user, the VMIs of each
/// cluster signed in to, cut by that cluster's access reviews; none of another cluster's.
pub async fn stream_msg(
    state: &AppState,
    caller: &Caller,
    msg: &Arc<StreamMsg>,
) -> Result<Option<Arc<StreamMsg>>, ApiErr> {
    if matches!(caller, Caller::Local) {
        return Ok(Some(msg.clone()));
    }
    let may_list = |key: &VmiKey| {
        let view = view_of(state, caller, &key.cluster);
        let access = vmi_access(&key.namespace);
        async move {
            match view {
                Some(auth) => auth.may(caller, &access).await,
                None => Ok(false),
            }
        }
    };
    match &**msg {
        StreamMsg::Snapshot { items, synced } => {
            let kept = snapshot_part(state, caller, items).await?;
            if kept.len() == items.len() {
                // Everything is visible: share the store's snapshot, no per-stream copy.
                return Ok(Some(msg.clone()));
            }
            Ok(Some(Arc::new(StreamMsg::Snapshot {
                items: kept,
                synced: *synced,
            })))
        }
        StreamMsg::Upsert { item } => Ok(may_list(&item.key).await?.then(|| msg.clone())),
        StreamMsg::Delete { key } => Ok(may_list(key).await?.then(|| msg.clone())),
        // The store never publishes batches: streams build them after filtering.
        StreamMsg::Batch { .. } => Ok(None),
    }
}

/// The items of a snapshot a token user may see: each cluster's (the items are in key order,
/// so each cluster's are together) in the namespaces where its reviews let them list VMIs.
async fn snapshot_part(
    state: &AppState,
    caller: &Caller,
    items: &[VmiSummary],
) -> Result<Vec<VmiSummary>, ApiErr> {
    let mut kept = Vec::new();
    for part in items.chunk_by(|a, b| a.key.cluster == b.key.cluster) {
        let Some(auth) = view_of(state, caller, &part[0].key.cluster) else {
            continue;
        };
        let nss: BTreeSet<String> = part.iter().map(|s| s.key.namespace.clone()).collect();
        let ok: BTreeSet<String> = auth
            .visible_namespaces(caller, "kubevirt.io", "virtualmachineinstances", nss)
            .await?
            .into_iter()
            .collect();
        kept.extend(
            part.iter()
                .filter(|s| ok.contains(&s.key.namespace))
                .cloned(),
        );
    }
    Ok(kept)
}
