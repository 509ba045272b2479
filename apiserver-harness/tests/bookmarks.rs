//! Watch bookmarks: the backend's watchers (kube-runtime's `watcher`) ask for bookmarks, receive
//! them, and after a dropped connection resume their watch from the bookmark's resourceVersion
//! instead of listing again; on the real kube-apiserver and on the simulator alike.
//!
//! What the client asks is read from its own requests (a layer on its kube client records each
//! URI); what the real server did from its `/metrics`: `apiserver_request_total{verb="LIST"}`
//! (a relist would count) and `apiserver_watch_events_total` (a bookmark is an event sent). This
//! binary has a server of its own, so that no other test's watches or lists count there.
//!
//! The real server's watch cache sends a watcher a bookmark about every minute (and 2 s before
//! its timeout: `nextBookmarkTime` in k8s.io/apiserver's `pkg/storage/cacher/cache_watcher.go`),
//! so the real server's test waits about a minute for it; the simulator sends one every 5 s.

mod common;

use apiserver_harness::{ApiServer, User};
use common::cut::Forwarder;
use common::world::{console, synced};
use k8s_openapi::api::core::v1::ConfigMap;
use kube::api::{Api, ListParams, PostParams};
use serde_json::json;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

type Log = Arc<Mutex<Vec<String>>>;

/// A client on `config` that records the URI of every request it sends into the log.
fn recording_client(config: kube::Config) -> (kube::Client, Log) {
    let log: Log = Arc::default();
    let seen = log.clone();
    let record =
        tower::util::MapRequestLayer::new(move |req: http::Request<kube::client::Body>| {
            seen.lock().unwrap().push(req.uri().to_string());
            req
        });
    let client = kube::client::ClientBuilder::try_from(config)
        .unwrap()
        .with_layer(&record)
        .build();
    (client, log)
}

/// The value of query parameter `name` in `uri`.
fn param<'a>(uri: &'a str, name: &str) -> Option<&'a str> {
    let query = uri.split_once('?')?.1;
    query
        .split('&')
        .find_map(|p| p.strip_prefix(name)?.strip_prefix('='))
}

fn is_watch(uri: &str) -> bool {
    param(uri, "watch") == Some("true")
}

/// The requests of the log from index `from` on.
fn since(log: &Log, from: usize) -> Vec<String> {
    log.lock().unwrap()[from..].to_vec()
}

/// Polls `done` every 100 ms for up to `within`.
async fn until(what: &str, within: Duration, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + within;
    while !done() {
        assert!(Instant::now() < deadline, "{what} within {within:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// What the client asked: every watch of every kind asks for bookmarks; after the drop (the log
/// from `from` on) every request is a watch (no list of any kind), the first of the VMIs
/// resuming from at least `at_least`. Answers that version.
fn resumed_without_list(log: &Log, from: usize, at_least: u64) -> u64 {
    let all = since(log, 0);
    let watches: Vec<&String> = all.iter().filter(|u| is_watch(u)).collect();
    for plural in [
        "virtualmachineinstances",
        "virtualmachines",
        "virtualmachineinstancemigrations",
        "pods",
        "nodes",
        "events",
    ] {
        let of_kind = format!("/{plural}?");
        assert!(
            watches.iter().any(|w| w.contains(&of_kind)),
            "a watch of {plural}: {all:#?}"
        );
    }
    for w in watches {
        assert_eq!(param(w, "allowWatchBookmarks"), Some("true"), "{w}");
    }
    let after = since(log, from);
    let lists: Vec<&String> = after.iter().filter(|u| !is_watch(u)).collect();
    assert!(lists.is_empty(), "listed again after the drop: {lists:#?}");
    let vmi = after
        .iter()
        .find(|u| u.contains("/virtualmachineinstances"))
        .unwrap_or_else(|| panic!("a VMI watch after the drop: {after:#?}"));
    let rv: u64 = param(vmi, "resourceVersion")
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("a resumed watch names its version: {vmi}"));
    // Only a bookmark carries a version past the last VMI event the watch saw.
    assert!(
        rv >= at_least,
        "the VMI watch resumed from {rv}, before the bookmark's version (at least {at_least}): {vmi}"
    );
    rv
}

/// The sum of the samples of `metric` whose labels include every one of `labels`.
async fn metric(server: &ApiServer, metric: &str, labels: &[&str]) -> f64 {
    let client = server.client(User::Admin).unwrap();
    let req = http::Request::get("/metrics").body(Vec::new()).unwrap();
    let text = client.request_text(req).await.unwrap();
    text.lines()
        .filter_map(|l| l.strip_prefix(metric)?.strip_prefix('{'))
        .filter(|l| labels.iter().all(|want| l.contains(want)))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .sum()
}

const VMI_LISTS: &[&str] = &[r#"verb="LIST""#, r#"resource="virtualmachineinstances""#];
const VMI_WATCH_EVENTS: &[&str] = &[r#"resource="virtualmachineinstances""#];

#[tokio::test]
async fn on_the_real_server_a_dropped_watch_resumes_from_a_bookmark_without_a_list() {
    let Some(server) = apiserver_harness::shared() else {
        return;
    };
    let ns = apiserver_harness::namespace(server, "bookmarks").await;
    let vmis = common::vmis(server, User::Admin, &ns);
    vmis.create(&PostParams::default(), &common::small_vmi("a"))
        .await
        .unwrap();
    let fwd = Forwarder::start(server.url.trim_start_matches("https://").to_string()).await;
    let mut config = server.config(User::Admin);
    config.cluster_url = format!("https://127.0.0.1:{}", fwd.port).parse().unwrap();
    let (client, log) = recording_client(config);
    let console = console(client);
    synced(&console).await;

    // The cluster moves on without the VMIs: a ConfigMap is written, and a list of the VMIs
    // (read from the watch cache once it caught up with etcd) brings the VMI watch cache's
    // version past it.
    let cms: Api<ConfigMap> = Api::namespaced(server.client(User::Admin).unwrap(), &ns);
    let cm: ConfigMap = serde_json::from_value(json!({"metadata": {"name": "moved-on"}})).unwrap();
    let cm = cms.create(&PostParams::default(), &cm).await.unwrap();
    let moved_on: u64 = cm.metadata.resource_version.unwrap().parse().unwrap();
    vmis.list(&ListParams::default()).await.unwrap();
    let lists = metric(server, "apiserver_request_total", VMI_LISTS).await;
    let events = metric(server, "apiserver_watch_events_total", VMI_WATCH_EVENTS).await;

    // No VMI changes from here: an event the server sends the VMI watch is a bookmark.
    let deadline = Instant::now() + Duration::from_secs(90);
    while metric(server, "apiserver_watch_events_total", VMI_WATCH_EVENTS).await <= events {
        assert!(
            Instant::now() < deadline,
            "the real server sent the VMI watch a bookmark within 90 s"
        );
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;

    let from = log.lock().unwrap().len();
    fwd.cut();
    until(
        "the VMI watch fails once cut off",
        Duration::from_secs(30),
        || !console.caches.vmis.state.healthy(),
    )
    .await;
    fwd.restore();
    until("the VMI watch resumes", Duration::from_secs(30), || {
        since(&log, from)
            .iter()
            .any(|u| u.contains("/virtualmachineinstances"))
            && console.caches.vmis.state.healthy()
    })
    .await;
    resumed_without_list(&log, from, moved_on);
    assert_eq!(
        metric(server, "apiserver_request_total", VMI_LISTS).await,
        lists,
        "the real server counted no VMI list after the drop"
    );
    // The resumed watch carries what happens next.
    vmis.create(&PostParams::default(), &common::small_vmi("b"))
        .await
        .unwrap();
    until("the console shows b", Duration::from_secs(30), || {
        console.store.contains(&model::VmiKey {
            cluster: String::new(),
            namespace: ns.clone(),
            name: "b".into(),
        })
    })
    .await;
}

#[tokio::test]
async fn on_the_simulator_a_dropped_watch_resumes_from_a_bookmark_without_a_list() {
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
        .await
        .unwrap();
    let args = sim::SimArgs {
        scenarios: "healthy".into(),
        clock: "manual".into(),
        ..sim::SimArgs::default()
    };
    let sim = sim::Sim::start_with(listener, &args).await.unwrap();
    let (client, log) = recording_client(kube::Config::new(sim.url().parse().unwrap()));
    let console = console(client);
    synced(&console).await;
    // The world moves on without the VMIs (the manual clock stands still otherwise).
    sim.store()
        .upsert(json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "moved-on"}}));
    let moved_on = sim.store().resource_version();
    // The simulator sends a bookmark 5 s into a watch and every 5 s after.
    tokio::time::sleep(Duration::from_millis(5500)).await;

    let from = log.lock().unwrap().len();
    sim.faults().drop_watches();
    until("the VMI watch resumes", Duration::from_secs(30), || {
        since(&log, from)
            .iter()
            .any(|u| u.contains("/virtualmachineinstances"))
    })
    .await;
    resumed_without_list(&log, from, moved_on);
}
