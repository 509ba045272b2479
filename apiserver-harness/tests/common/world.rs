//! The simulator's whole world (namespaces, nodes, launcher pods, events, VMIs, VMs, migrations)
//! in the real API server, written there by the simulator's own mirror (`strata sim
//! --apiserver`: one rule, the mirror's, for what a client may write and how each kind's status
//! goes); and a console started on either.

use apiserver_harness::{ApiServer, User};
use kube::api::{Api, DynamicObject};
use kube::core::{ApiResource, GroupVersionKind};
use sim::resources::Resource;
use std::time::Duration;

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

/// The simulator (`scenarios` on `clock`) mirroring its world into `server` from its start,
/// caught up (see [`caught_up`]).
pub async fn mirrored(server: &ApiServer, scenarios: &str, clock: &str) -> sim::Sim {
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
        .await
        .unwrap();
    let args = sim::SimArgs {
        scenarios: scenarios.into(),
        clock: clock.into(),
        apiserver: Some(server.kubeconfig.clone()),
        ..sim::SimArgs::default()
    };
    let sim = sim::Sim::start_with(listener, &args).await.unwrap();
    caught_up(&sim).await;
    sim
}

/// The demo mix on a manual clock, mirrored into `server`, advanced until a migration exists
/// (see [`super::until_migrating`]): every kind has objects there.
pub async fn mirrored_demo_migrating(server: &ApiServer) -> sim::Sim {
    let sim = mirrored(server, "demo", "manual").await;
    super::until_migrating(&sim);
    caught_up(&sim).await;
    sim
}

/// Waits until every change of the simulator's store is in the real server (120 s at most);
/// fails listing every write the real server refused.
pub async fn caught_up(sim: &sim::Sim) {
    tokio::time::timeout(Duration::from_secs(120), sim.mirrored())
        .await
        .unwrap_or_else(|_| panic!("the mirror caught up within 120 s at t={}", sim.now()));
    let refused = sim.mirror().expect("the simulator mirrors").refused();
    assert!(
        refused.is_empty(),
        "the real API server refused {} writes of the simulator:\n{}",
        refused.len(),
        refused.join("\n")
    );
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
    let source = backend::kube_client::Source::Url(sim.url());
    console(backend::kube_client::connect(source).await.unwrap())
}

/// A console on the real server, as the admin of its kubeconfig.
pub async fn real_console(server: &ApiServer) -> backend::run::Console {
    let source = backend::kube_client::Source::Kubeconfig {
        path: Some(server.kubeconfig.clone()),
        context: None,
    };
    console(backend::kube_client::connect(source).await.unwrap())
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
