//! Collecting one VMI's evidence bundle when a page asks for it.
//!
//! The watchers keep compact projections, not raw objects, so the full VMI and its launcher pods
//! are fetched when a page asks, concurrently and each request with a short timeout: the VMI,
//! then its launcher pods (label `kubevirt.io/created-by=<uid>`, plus any launcher the pod watch
//! attributes to it). The rest comes from the watchers: the VM ([`crate::watch::VmRecord`]), the
//! events about the VMI, its VM, pods and migrations (the per-object rings of
//! [`crate::event_cache`]), migrations and nodes. Only while the VM or event watch has not synced
//! yet are those fetched instead (`get`, and lists with the field selector
//! `involvedObject.name`), and [`crate::watch::KindState::fetches`] counts it. The candidates are
//! handed to [`model::input::group`], which decides what belongs to the VMI; the backend only
//! collects.
//!
//! `coverage` says which kinds were actually visible (the fetch succeeded, or the watch has
//! synced), so a missing pod means "no pod" only when pods could be read at all; `observed_at` is
//! when the fetches were made.

use crate::event_cache::Involved;
use crate::watch::{Caches, Kind, LAUNCHER_SELECTOR};
use futures::future::join_all;
use kube::api::{Api, DynamicObject, ListParams};
use model::evidence::{Coverage, Evidence};
use model::input::parse::Object;
use model::kube::vmi::Vmi;
use model::kube::{Event, Node, Pod, Vm};
use model::time::Timestamp;
use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

/// How long one on-demand request may take.
pub const FETCH_TIMEOUT: Duration = Duration::from_secs(5);

/// The now of the cluster of `caches` (its API server's clock, [`crate::cluster_clock`]), as a
/// model timestamp: what the diagnosis measures the cluster's own timestamps against.
pub fn now(caches: &Caches) -> Timestamp {
    Timestamp(caches.clock.cluster_ms())
}

/// The JSON of an object.
pub fn value(obj: &DynamicObject) -> serde_json::Value {
    serde_json::to_value(obj).unwrap_or_default()
}

/// At most this many events per bundle (the newest).
pub const MAX_EVENTS: usize = 100;

async fn timed<T>(
    what: &str,
    f: impl std::future::Future<Output = Result<T, kube::Error>>,
) -> Result<T, String> {
    match tokio::time::timeout(FETCH_TIMEOUT, f).await {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(kube::Error::Api(s))) => Err(format!("reading {what}: {} ({})", s.message, s.code)),
        Ok(Err(e)) => Err(crate::error::correlated(
            &format!("reading {what} from the API server failed"),
            e,
        )),
        Err(_) => Err(format!(
            "reading {what}: no answer within {} s",
            FETCH_TIMEOUT.as_secs()
        )),
    }
}

fn api(client: &kube::Client, kind: Kind, namespace: &str) -> Api<DynamicObject> {
    Api::namespaced_with(client.clone(), namespace, &kind.resource())
}

/// Reads `namespace/name` of `kind` now; `None` when it does not exist.
pub async fn get(
    client: &kube::Client,
    kind: Kind,
    namespace: &str,
    name: &str,
) -> Result<Option<DynamicObject>, String> {
    timed(kind.name(), api(client, kind, namespace).get_opt(name)).await
}

/// Lists `kind` in `namespace` with `params`, every page.
pub async fn list(
    client: &kube::Client,
    kind: Kind,
    namespace: Option<&str>,
    params: ListParams,
) -> Result<Vec<DynamicObject>, String> {
    let api = match namespace {
        Some(ns) => api(client, kind, ns),
        None => Api::all_with(client.clone(), &kind.resource()),
    };
    let mut out = Vec::new();
    let mut token: Option<String> = None;
    loop {
        let mut lp = params.clone().limit(crate::watch::PAGE_SIZE);
        if let Some(t) = &token {
            lp = lp.continue_token(t);
        }
        let page = timed(kind.name(), api.list(&lp)).await?;
        out.extend(page.items);
        token = page.metadata.continue_.filter(|t| !t.is_empty());
        if token.is_none() {
            return Ok(out);
        }
    }
}

/// The evidence bundle of `namespace/name`, or `None` when neither the VMI nor a migration
/// naming it exists. `Err` when the VMI itself could not be read.
pub async fn collect(
    client: &kube::Client,
    caches: &Caches,
    namespace: &str,
    name: &str,
) -> Result<Option<Evidence>, String> {
    let vmi = timed("the VMI", api(client, Kind::Vmi, namespace).get_opt(name))
        .await?
        .map(|o| Vmi::from_value(&value(&o)));
    let migrations: Vec<_> = caches.migrations_of(&model::VmiKey {
        cluster: String::new(),
        namespace: namespace.to_string(),
        name: name.to_string(),
    });
    if vmi.is_none() && migrations.is_empty() {
        return Ok(None);
    }
    let uid = vmi
        .as_ref()
        .and_then(|v| v.metadata.uid.clone())
        .filter(|u| !u.is_empty());
    let key = model::VmiKey {
        cluster: String::new(),
        namespace: namespace.to_string(),
        name: name.to_string(),
    };

    // The VM (from its watch once synced) and the launcher pods, concurrently.
    let (vm, pods) = tokio::join!(
        vm(client, caches, &key),
        launcher_pods(client, caches, &key, uid.as_deref())
    );
    let pods_ok = pods.is_ok();
    let pods: Vec<Pod> = pods
        .unwrap_or_default()
        .iter()
        .map(|p| Pod::from_value(&value(p)))
        .collect();
    let (events, events_ok) = events(client, caches, &key, &pods, &migrations).await;
    let at = now(caches);

    let nodes = bundle_nodes(caches, vmi.as_ref(), &pods);
    let mut objects: Vec<Object> = Vec::new();
    if let Some(v) = vmi {
        objects.push(Object::Vmi(Box::new(v)));
    }
    if let Some(vm) = vm {
        objects.push(Object::Vm(Box::new(vm)));
    }
    objects.extend(
        migrations
            .iter()
            .map(|m| Object::Vmim(Box::new((**m).clone()))),
    );
    objects.extend(pods.into_iter().map(|p| Object::Pod(Box::new(p))));
    objects.extend(events.into_iter().map(|e| Object::Event(Box::new(e))));
    objects.extend(nodes.iter().map(|n| Object::Node(Box::new((**n).clone()))));
    let dump = model::input::group(objects, Some(at));
    let Some(mut bundle) = dump
        .bundles
        .into_iter()
        .find(|b| b.key.namespace == namespace && b.key.name == name)
    else {
        return Ok(None);
    };
    bundle.coverage = Coverage {
        pods: pods_ok,
        migrations: caches.vmims.state.synced(),
        events: events_ok,
        nodes: caches.nodes.state.synced(),
    };
    let alerts = caches.alerts.get();
    let vmi_nodes: Vec<String> = bundle
        .vmi()
        .map(|v| {
            let target = v.status.migration_state.as_ref();
            v.status
                .node_name
                .iter()
                .chain(target.and_then(|m| m.target_node.as_ref()))
                .cloned()
                .collect()
        })
        .unwrap_or_default();
    let vmi_nodes: Vec<&str> = vmi_nodes.iter().map(String::as_str).collect();
    bundle.alerts = alerts.candidates(namespace, &vmi_nodes);
    // Only those that concern this VMI travel with it (a node's index also holds other VMs').
    bundle.alerts = bundle.alerts().into_iter().cloned().collect();
    bundle.alert_source = Some(alerts.source.clone());
    bundle
        .events
        .sort_by_key(|e| std::cmp::Reverse(e.value.time()));
    bundle.events.truncate(MAX_EVENTS);
    bundle.events.reverse();
    Ok(Some(bundle))
}

/// The nodes to group a VMI's bundle with: those it or its pods name, looked up by name, as
/// `model::input::group` looks them up, instead of a copy of every node per bundle (a page
/// cost O(nodes), and the recorder builds one per VMI after the start). A VMI that names no
/// node gets every node, as before: grouping gives a lone node to such a VMI.
fn bundle_nodes(caches: &Caches, vmi: Option<&Vmi>, pods: &[Pod]) -> Vec<Arc<Node>> {
    let mut names: BTreeSet<&str> = BTreeSet::new();
    if let Some(v) = vmi {
        let s = &v.status;
        names.extend(s.node_name.as_deref());
        names.extend(s.evacuation_node_name.as_deref());
        names.extend(s.active_pods.values().map(String::as_str));
        if let Some(ms) = &s.migration_state {
            names.extend(ms.target_node.as_deref());
            names.extend(ms.source_node.as_deref());
        }
    }
    if names.is_empty() {
        return caches.nodes();
    }
    names.extend(pods.iter().filter_map(Pod::node));
    names.iter().filter_map(|n| caches.node(n)).collect()
}

/// The VM of the same name: from its watch once synced, else fetched (and counted).
async fn vm(client: &kube::Client, caches: &Caches, key: &model::VmiKey) -> Option<Vm> {
    if caches.vms.state.synced() {
        return caches.vm(key);
    }
    caches.vms.state.fetched_on_demand();
    let r = timed(
        "the VM",
        api(client, Kind::Vm, &key.namespace).get_opt(&key.name),
    )
    .await;
    r.ok().flatten().map(|o| Vm::from_value(&value(&o)))
}

/// The VMI's launcher pods: those labelled with its uid, plus any launcher the pod watch
/// attributes to it.
async fn launcher_pods(
    client: &kube::Client,
    caches: &Caches,
    key: &model::VmiKey,
    uid: Option<&str>,
) -> Result<Vec<DynamicObject>, String> {
    let namespace = key.namespace.as_str();
    let known: Vec<String> = caches.launchers(key).iter().map(|l| l.name()).collect();
    let by_label = match uid {
        Some(u) => {
            list(
                client,
                Kind::Pod,
                Some(namespace),
                ListParams::default()
                    .labels(&format!("{LAUNCHER_SELECTOR},kubevirt.io/created-by={u}")),
            )
            .await
        }
        None => Ok(Vec::new()),
    };
    let mut pods = by_label?;
    let missing: Vec<&String> = known
        .iter()
        .filter(|n| !pods.iter().any(|p| p.metadata.name.as_ref() == Some(*n)))
        .collect();
    let pod_api = api(client, Kind::Pod, namespace);
    let more = join_all(
        missing
            .iter()
            .map(|n| timed("a launcher pod", pod_api.get_opt(n))),
    )
    .await;
    for p in more {
        pods.extend(p?);
    }
    Ok(pods)
}

/// Events about the VMI and VM (same name), its pods and its migrations: from the event watch
/// once synced, else fetched. The flag says whether they could all be read.
async fn events(
    client: &kube::Client,
    caches: &Caches,
    key: &model::VmiKey,
    pods: &[Pod],
    migrations: &[std::sync::Arc<model::kube::Vmim>],
) -> (Vec<Event>, bool) {
    let (namespace, name) = (key.namespace.as_str(), key.name.as_str());
    if caches.events.state.synced() {
        return (
            cached_events(caches, namespace, name, pods, migrations),
            true,
        );
    }
    caches.events.state.fetched_on_demand();
    let mut names: BTreeSet<String> = BTreeSet::from([name.to_string()]);
    names.extend(pods.iter().map(|p| p.metadata.name().to_string()));
    names.extend(migrations.iter().map(|m| m.metadata.name().to_string()));
    let fetched = join_all(names.iter().map(|n| {
        list(
            client,
            Kind::Event,
            Some(namespace),
            ListParams::default().fields(&format!("involvedObject.name={n}")),
        )
    }))
    .await;
    let ok = fetched.iter().all(Result::is_ok);
    let events = fetched
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| value(&e))
        .filter(crate::watch::event_is_relevant)
        .map(|e| Event::from_value(&e))
        .collect();
    (events, ok)
}

/// The cached events about a VMI, its VM, its launcher pods and its migrations.
fn cached_events(
    caches: &Caches,
    namespace: &str,
    name: &str,
    pods: &[Pod],
    migrations: &[std::sync::Arc<model::kube::Vmim>],
) -> Vec<Event> {
    let mut about = vec![
        Involved::new("VirtualMachineInstance", namespace, name),
        Involved::new("VirtualMachine", namespace, name),
    ];
    about.extend(
        pods.iter()
            .map(|p| Involved::new("Pod", namespace, p.metadata.name())),
    );
    about.extend(migrations.iter().map(|m| {
        Involved::new(
            "VirtualMachineInstanceMigration",
            namespace,
            m.metadata.name(),
        )
    }));
    about.iter().flat_map(|a| caches.events_about(a)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::watch::caches::Applied;
    use serde_json::json;

    #[test]
    fn a_bundle_is_grouped_with_the_nodes_its_vmi_and_pods_name() {
        let caches = Caches::new();
        let node = |name: &str| Node::from_value(&json!({"metadata": {"name": name}}));
        let all: Vec<Node> = (0..100).map(|i| node(&format!("node-{i:03}"))).collect();
        caches.apply_node(Applied::Replace(all));
        let names = |nodes: Vec<Arc<Node>>| -> Vec<String> {
            nodes
                .iter()
                .map(|n| n.metadata.name().to_string())
                .collect()
        };
        let vmi = Vmi::from_value(&json!({
            "metadata": {"name": "web", "namespace": "prod"},
            "status": {"nodeName": "node-042", "migrationState": {"targetNode": "node-007"}}
        }));
        let pod = Pod::from_value(&json!({
            "metadata": {"name": "virt-launcher-web-x", "namespace": "prod"},
            "spec": {"nodeName": "node-099"}
        }));
        // Not a copy of the hundred nodes per bundle: those named, in the nodes' order.
        assert_eq!(
            names(bundle_nodes(
                &caches,
                Some(&vmi),
                std::slice::from_ref(&pod)
            )),
            ["node-007", "node-042", "node-099"]
        );
        // A VMI naming no node is grouped with every node, as before.
        let pending = Vmi::from_value(&json!({"metadata": {"name": "web", "namespace": "prod"}}));
        assert_eq!(bundle_nodes(&caches, Some(&pending), &[pod]).len(), 100);
        assert_eq!(bundle_nodes(&caches, None, &[]).len(), 100);
    }
}
