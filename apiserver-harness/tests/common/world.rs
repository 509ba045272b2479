//! The simulator's whole world (namespaces, nodes, launcher pods, events, VMIs, VMs, migrations)
//! written into the real API server under its own names and namespaces, as a client would
//! create it; and a console started on either.

use apiserver_harness::{ApiServer, User};
use kube::api::{Api, DynamicObject};
use kube::core::{ApiResource, GroupVersionKind};
use serde_json::Value;
use sim::resources::{self, Resource};

/// Metadata only the API server sets (a create carrying `resourceVersion` is refused; the others
/// would be overwritten or, for `finalizers`, keep a deleted object terminating forever: no
/// controller runs here).
const SERVER_SET: &[&str] = &[
    "uid",
    "resourceVersion",
    "creationTimestamp",
    "deletionTimestamp",
    "deletionGracePeriodSeconds",
    "generation",
    "managedFields",
    "selfLink",
    "finalizers",
];

/// `obj` as a client creates it: the server-set metadata dropped, everything else kept.
pub fn as_created(obj: &Value) -> Value {
    let mut out = obj.clone();
    if let Some(meta) = out["metadata"].as_object_mut() {
        for k in SERVER_SET {
            meta.remove(*k);
        }
    }
    out
}

pub fn api_resource(r: &Resource) -> ApiResource {
    ApiResource::from_gvk_with_plural(&GroupVersionKind::gvk(r.group, r.version, r.kind), r.plural)
}

/// `r` in `namespace` (cluster-scoped kinds ignore it) as `user`.
pub fn api(server: &ApiServer, user: User, r: &Resource, namespace: &str) -> Api<DynamicObject> {
    let client = server.client(user).unwrap();
    if r.namespaced {
        Api::namespaced_with(client, namespace, &api_resource(r))
    } else {
        Api::all_with(client, &api_resource(r))
    }
}

/// Whether the kind's status is written through `/status` (the VMI CRD has none, events have
/// no status).
fn status_subresource(r: &Resource) -> bool {
    !matches!(r.kind, "VirtualMachineInstance" | "Event")
}

/// Writes every object the simulator serves now into the real server, under the same names and
/// namespaces (the namespaces first, then what the VMIs refer to). Answers how many of each
/// kind were written; fails listing every object the server refused.
pub async fn copy_world(server: &ApiServer, sim: &sim::Sim) -> Vec<(&'static str, usize)> {
    let order = [
        resources::NAMESPACE,
        resources::NODE,
        resources::POD,
        resources::EVENT,
        resources::VMI,
        resources::VM,
        resources::VMIM,
    ];
    let mut refused = Vec::new();
    let mut written = Vec::new();
    for r in &order {
        let (_, objects) = sim.store().list(r, None);
        for o in &objects {
            let ns = o["metadata"]["namespace"].as_str().unwrap_or_default();
            let api = api(server, User::Admin, r, ns);
            let obj = as_created(o);
            match super::create(&api, &obj, status_subresource(r)).await {
                Ok(()) => {}
                // `default` and the like are there already.
                Err(e) if r.kind == "Namespace" && e.contains("AlreadyExists") => {}
                Err(e) => refused.push(format!("{}: {e}", r.kind)),
            }
        }
        written.push((r.kind, objects.len()));
    }
    assert!(
        refused.is_empty(),
        "the real API server refused objects of the simulator:\n{}",
        refused.join("\n")
    );
    written
}

/// A console (local auth) on `client`.
pub fn console(client: kube::Client) -> backend::run::Console {
    let listener = std::net::TcpListener::bind(("127.0.0.1", 0)).unwrap();
    listener.set_nonblocking(true).unwrap();
    let listener = tokio::net::TcpListener::from_std(listener).unwrap();
    backend::run::start_with(client, listener, backend::run::Options::local(None)).unwrap()
}

/// A console on the simulator.
pub async fn sim_console(sim: &sim::Sim) -> backend::run::Console {
    let source = backend::cluster::Source::Url(sim.url());
    console(backend::cluster::connect(source).await.unwrap())
}

/// A console on the real server, as the admin of its kubeconfig.
pub async fn real_console(server: &ApiServer) -> backend::run::Console {
    let source = backend::cluster::Source::Kubeconfig {
        path: Some(server.kubeconfig.clone()),
        context: None,
    };
    console(backend::cluster::connect(source).await.unwrap())
}

/// Waits until every watch of `console` has synced (60 s at most).
pub async fn synced(console: &backend::run::Console) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !backend::watch::Kind::WATCHED
        .iter()
        .all(|k| console.caches.get(*k).state.synced())
    {
        let failing: Vec<String> = backend::watch::Kind::WATCHED
            .iter()
            .filter_map(|k| {
                let e = console.caches.get(*k).state.last_error()?;
                Some(format!("{}: {e}", k.name()))
            })
            .collect();
        assert!(
            std::time::Instant::now() < deadline,
            "the console's watches did not sync within 60 s; failing: {failing:?}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}
