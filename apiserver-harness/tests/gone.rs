//! `410 Gone` for real: etcd's history is compacted (as kube-apiserver itself does every five
//! minutes) while the console's watch is cut, so that its resume from the last resourceVersion it
//! saw is refused and it must list again; and the real server's answers to a watch or a
//! continued list from a compacted version, next to the simulator's.
//!
//! This binary's kube-apiserver runs without its watch cache: watches and lists go to etcd, whose
//! compaction then decides what is gone (the watch cache would otherwise keep serving old
//! versions from memory for as long as it holds them).

mod common;

use apiserver_harness::{ApiServer, User};
use common::cut::Forwarder;
use common::*;
use kube::api::{DeleteParams, ListParams, Patch, PatchParams, PostParams};
use model::wire::StreamMsg;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

const NO_WATCH_CACHE: &[&str] = &["--watch-cache=false"];

fn server() -> Option<&'static ApiServer> {
    apiserver_harness::shared_with(NO_WATCH_CACHE)
}

/// The names of the VMIs in `ns` the console's store holds, sorted.
fn names_in(console: &backend::run::Console, ns: &str) -> Vec<String> {
    let mut names: Vec<String> = console
        .store
        .items()
        .into_iter()
        .filter(|s| s.key.namespace == ns)
        .map(|s| s.key.name)
        .collect();
    names.sort();
    names
}

async fn until(what: &str, within: Duration, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + within;
    while !done() {
        assert!(Instant::now() < deadline, "{what} within {within:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn after_etcd_compaction_the_console_lists_again_instead_of_resuming() {
    let Some(server) = server() else {
        return;
    };
    let ns = apiserver_harness::namespace(server, "gone").await;
    let api = vmis(server, User::Admin, &ns);
    for name in ["a", "b"] {
        api.create(&PostParams::default(), &small_vmi(name))
            .await
            .unwrap();
    }
    let fwd = Forwarder::start(server.url.trim_start_matches("https://").to_string()).await;
    let mut config = server.config(User::Admin);
    config.cluster_url = format!("https://127.0.0.1:{}", fwd.port).parse().unwrap();
    let console = world::console(kube::Client::try_from(config).unwrap());
    world::synced(&console).await;
    until("the console lists a and b", Duration::from_secs(30), || {
        names_in(&console, &ns) == ["a", "b"]
    })
    .await;
    let (_, mut published) = console.store.subscribe(None);

    fwd.cut();
    until(
        "the console's VMI watch fails once cut off",
        Duration::from_secs(30),
        || !console.caches.vmis.state.healthy(),
    )
    .await;
    // While it is cut off: `a` runs, `c` is created, `a` is deleted; then the history goes.
    let running = json!({"status": {"phase": "Running"}});
    api.patch("a", &PatchParams::default(), &Patch::Merge(&running))
        .await
        .unwrap();
    api.create(&PostParams::default(), &small_vmi("c"))
        .await
        .unwrap();
    api.delete("a", &DeleteParams::default()).await.unwrap();
    etcd::compact(server).await;
    fwd.restore();

    until("the console shows b and c", Duration::from_secs(60), || {
        names_in(&console, &ns) == ["b", "c"]
    })
    .await;
    // A resumed watch would have replayed `a` turning Running before its deletion; a list
    // after `410 Gone` knows only that `a` is gone.
    let mut about_a = Vec::new();
    while let Ok((_, msg)) = published.try_recv() {
        match &*msg {
            StreamMsg::Upsert { item } if item.key.namespace == ns && item.key.name == "a" => {
                about_a.push(format!("upsert {}", item.phase))
            }
            StreamMsg::Delete { key } if key.namespace == ns && key.name == "a" => {
                about_a.push("delete".into())
            }
            _ => {}
        }
    }
    assert_eq!(
        about_a,
        ["delete"],
        "the console listed again after 410 Gone"
    );
    assert!(console.caches.vmis.state.healthy());
}

/// `(HTTP status, watch event type, Status code, Status reason)` of a raw watch answer.
fn watch_answer(status: u16, body: &str) -> (u16, String, Value, Value) {
    let first: Value = body
        .lines()
        .next()
        .and_then(|l| serde_json::from_str(l).ok())
        .unwrap_or_else(|| panic!("a watch event in {body:?}"));
    (
        status,
        first["type"].as_str().unwrap_or_default().to_string(),
        first["object"]["code"].clone(),
        first["object"]["reason"].clone(),
    )
}

/// GETs `path` from the real server as the admin: (status, body).
pub async fn get_real(server: &ApiServer, path: &str) -> (u16, String) {
    let client = server.client(User::Admin).unwrap();
    let req = http::Request::get(path)
        .body(kube::client::Body::from(Vec::new()))
        .unwrap();
    let res = client.send(req).await.unwrap();
    let status = res.status().as_u16();
    let body = res.into_body().collect_bytes().await.unwrap();
    (status, String::from_utf8_lossy(&body).to_string())
}

async fn get_sim(sim: &sim::Sim, path: &str) -> (u16, String) {
    let res = reqwest::get(format!("{}{path}", sim.url())).await.unwrap();
    (res.status().as_u16(), res.text().await.unwrap())
}

#[tokio::test]
async fn a_watch_from_a_compacted_version_gets_one_410_error_event_as_from_the_simulator() {
    let Some(server) = server() else {
        return;
    };
    let ns = apiserver_harness::namespace(server, "gone-watch").await;
    let api = vmis(server, User::Admin, &ns);
    let rv = api
        .list(&ListParams::default())
        .await
        .unwrap()
        .metadata
        .resource_version
        .unwrap();
    // Two writes: the watch from `rv` starts at the first one, which the compaction (at the
    // current revision, the second) removes.
    for name in ["a", "b"] {
        api.create(&PostParams::default(), &small_vmi(name))
            .await
            .unwrap();
    }
    etcd::compact(server).await;
    let path = |ns: &str, rv: &str| {
        format!(
            "/apis/kubevirt.io/v1/namespaces/{ns}/virtualmachineinstances?watch=true&resourceVersion={rv}&timeoutSeconds=5"
        )
    };
    let (status, body) = get_real(server, &path(&ns, &rv)).await;
    let real = watch_answer(status, &body);
    assert_eq!(
        real,
        (200, "ERROR".into(), json!(410), json!("Expired")),
        "{body}"
    );
    assert_eq!(body.lines().count(), 1, "one event, then the end: {body}");

    let sim = demo_sim().await;
    let (_, listed) = get_sim(&sim, "/apis/kubevirt.io/v1/virtualmachineinstances").await;
    let listed: Value = serde_json::from_str(&listed).unwrap();
    let sim_rv = listed["metadata"]["resourceVersion"].as_str().unwrap();
    let first = &listed["items"][0]["metadata"];
    let (sns, sname) = (
        first["namespace"].as_str().unwrap(),
        first["name"].as_str().unwrap(),
    );
    assert!(
        sim.set_vmi_phase(sns, sname, "Failed"),
        "a change after the list"
    );
    sim.expire_resource_versions();
    let (status, body) = get_sim(&sim, &path(sns, sim_rv)).await;
    assert_eq!(watch_answer(status, &body), real, "the simulator: {body}");
}

/// Reads a list answer: (status, reason, `metadata.continue`, item names).
fn list_answer(status: u16, body: &str) -> (u16, String, Option<String>, Vec<String>) {
    let v: Value = serde_json::from_str(body).unwrap_or_else(|_| panic!("JSON: {body}"));
    let names = v["items"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|o| {
            o["metadata"]["name"]
                .as_str()
                .unwrap_or_default()
                .to_string()
        })
        .collect();
    (
        status,
        v["reason"].as_str().unwrap_or_default().to_string(),
        v["metadata"]["continue"]
            .as_str()
            .filter(|c| !c.is_empty())
            .map(str::to_string),
        names,
    )
}

/// A paged list whose version is gone by its second page: `410 Expired`, with a token that goes
/// on from the latest version (inconsistently: later objects may show up), and every remaining
/// object through it. Answers (the 410's status and reason, the names read through the token).
async fn expired_continue<F, Fut>(
    get: F,
    base: &str,
    change: impl AsyncFnOnce(),
) -> (u16, String, Vec<String>)
where
    F: Fn(String) -> Fut,
    Fut: std::future::Future<Output = (u16, String)>,
{
    let (status, body) = get(format!("{base}?limit=1")).await;
    let (_, _, token, first) = list_answer(status, &body);
    assert_eq!((status, first.len()), (200, 1), "{body}");
    change().await;
    let (status, body) = get(format!("{base}?limit=1&continue={}", token.unwrap())).await;
    let (gone, reason, mut token, _) = list_answer(status, &body);
    assert!(token.is_some(), "a token to go on with: {body}");
    let mut rest = Vec::new();
    while let Some(t) = token {
        let (status, body) = get(format!("{base}?limit=1&continue={t}")).await;
        let (status, _, next, names) = list_answer(status, &body);
        assert_eq!(status, 200, "{body}");
        rest.extend(names);
        token = next;
    }
    (gone, reason, rest)
}

#[tokio::test]
async fn an_expired_continue_token_gets_410_and_a_token_to_go_on_as_from_the_simulator() {
    let Some(server) = server() else {
        return;
    };
    let ns = apiserver_harness::namespace(server, "gone-pages").await;
    let api = vmis(server, User::Admin, &ns);
    for name in ["v-0", "v-1", "v-2"] {
        api.create(&PostParams::default(), &small_vmi(name))
            .await
            .unwrap();
    }
    let base = format!("/apis/kubevirt.io/v1/namespaces/{ns}/virtualmachineinstances");
    let real = expired_continue(
        |p| async move { get_real(server, &p).await },
        &base,
        async || {
            // Created after the first page, before the compaction: it shows up.
            api.create(&PostParams::default(), &small_vmi("v-3"))
                .await
                .unwrap();
            etcd::compact(server).await;
        },
    )
    .await;
    assert_eq!(
        real,
        (
            410,
            "Expired".into(),
            ["v-1", "v-2", "v-3"].map(String::from).to_vec()
        )
    );

    let sim = &demo_sim().await;
    let base = "/apis/kubevirt.io/v1/virtualmachineinstances";
    let (_, listed) = get_sim(sim, base).await;
    let all = list_answer(200, &listed).3;
    let listed: Value = serde_json::from_str(&listed).unwrap();
    let first = &listed["items"][0]["metadata"];
    let (sns, sname) = (
        first["namespace"].as_str().unwrap(),
        first["name"].as_str().unwrap(),
    );
    let on_sim = expired_continue(
        |p| async move { get_sim(sim, &p).await },
        base,
        async || {
            assert!(
                sim.set_vmi_phase(sns, sname, "Failed"),
                "a change after the first page"
            );
            sim.expire_resource_versions();
        },
    )
    .await;
    assert_eq!(on_sim, (410, "Expired".into(), all[1..].to_vec()));
}
