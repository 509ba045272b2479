//! Several clusters in one console (issue 32, steps 1 and 2), against the simulated fleet
//! (`sim::fleet`): each cluster its own watch set and store handle, `GET /api/v1/clusters` with
//! every cluster's reachability and counts, the kubeconfig files merged and each `--context`
//! looked up across them as `strata serve` does; every key naming its cluster on the stream and
//! in the list, and the per-VMI routes of each cluster under `/api/v1/c/{cluster}/` (`keys`);
//! each cluster's alerts read from its own Prometheus and matched to its own VMIs (`alerts`);
//! each cluster's VMIs recorded into the one history under keys naming their cluster and read
//! back per cluster (`history`); token mode's sign-in per cluster, each cluster's VMIs cut by
//! its own reviews (`token`).

#[path = "fleet/alerts.rs"]
mod alerts;
mod common;
#[path = "fleet/history.rs"]
mod history;
#[path = "fleet/keys.rs"]
mod keys;
#[path = "fleet/token.rs"]
mod token;

use backend::fleet::{connect, names};
use backend::run::{Console, Options};
use common::eventually;
use serde_json::Value;
use sim::SimArgs;
use sim::fleet::kubeconfig::{Entry, render};
use sim::fleet::{ClusterPlan, Fleet, FleetCluster, PlannedVm};
use std::time::Duration;

const TOKEN_A: &str = "fleet-a-secret-token";
const TOKEN_B: &str = "fleet-b-secret-token";
/// Long enough for a watcher's backoff (kube-runtime's default: 0.8 s doubling, at most 30 s)
/// to reach a cluster that comes back after a few seconds.
const RECOVERY: Duration = Duration::from_secs(60);

fn vm(scenario: &str, ns: &str, name: &str) -> PlannedVm {
    PlannedVm {
        scenario: scenario.into(),
        namespace: ns.into(),
        name: name.into(),
        node: Some("worker-1".into()),
    }
}

/// Two clusters holding `infra/bastion` each, as different objects in different states: healthy
/// in `a` (beside `web/frontend`), without a guest agent in `b`.
async fn fleet() -> Fleet {
    let a = ClusterPlan {
        vms: vec![
            vm("healthy", "infra", "bastion"),
            vm("healthy", "web", "frontend"),
        ],
        token: Some(TOKEN_A.into()),
        ..ClusterPlan::new("a", 1)
    };
    let b = ClusterPlan {
        vms: vec![vm("no-agent", "infra", "bastion")],
        token: Some(TOKEN_B.into()),
        ..ClusterPlan::new("b", 2)
    };
    let base = SimArgs {
        clock: "manual".into(),
        ..SimArgs::default()
    };
    let any = std::net::SocketAddr::from(([127, 0, 0, 1], 0));
    Fleet::start(vec![a, b], &base, any).await.unwrap()
}

fn entry(c: &FleetCluster) -> Entry {
    Entry {
        name: c.name().into(),
        server: c.url(),
        user: c.plan.user(),
        token: c.token().map(str::to_string),
    }
}

/// One kubeconfig file per cluster, in `dir`.
fn kubeconfig_files(fleet: &Fleet, dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    fleet
        .clusters()
        .iter()
        .map(|c| {
            let path = dir.join(format!("{}.kubeconfig", c.name()));
            std::fs::write(&path, render(&[entry(c)])).unwrap();
            path
        })
        .collect()
}

/// A console on both clusters, as `strata serve --kubeconfig A --kubeconfig B --context a
/// --context b` makes it.
async fn console(fleet: &Fleet, dir: &std::path::Path) -> Console {
    console_recording(fleet, dir, None).await
}

/// [`console`], recording into `history` when given.
async fn console_recording(
    fleet: &Fleet,
    dir: &std::path::Path,
    history: Option<std::sync::Arc<backend::history::HistoryHandle>>,
) -> Console {
    let files = kubeconfig_files(fleet, dir);
    let named = names::pair(&["a".into(), "b".into()], &[]).unwrap();
    let mut clusters = connect::connect(&files, named).await.unwrap().into_iter();
    let first = clusters.next().unwrap();
    common::console_with(
        first.client.clone(),
        Options {
            cluster: Some(first.name.clone()),
            server: Some(first.server.clone()),
            clusters: clusters.map(|c| c.spec()).collect(),
            history,
            ..Options::local(None)
        },
    )
    .await
}

async fn clusters(console: &Console) -> (String, Value) {
    let res = common::http()
        .get(format!("{}/api/v1/clusters", console.url()))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let text = res.text().await.unwrap();
    let json = serde_json::from_str(&text).unwrap();
    (text, json)
}

fn row<'a>(answer: &'a Value, name: &str) -> &'a Value {
    answer["clusters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("no cluster {name}: {answer}"))
}

fn total(row: &Value) -> u64 {
    ["broken", "degraded", "unknown", "healthy"]
        .iter()
        .map(|v| row["counts"][v].as_u64().unwrap())
        .sum()
}

/// Waits until cluster `name` shows `n` VMIs and is `reachable`.
async fn until(console: &Console, name: &str, n: u64, reachable: bool) -> Value {
    eventually(
        RECOVERY,
        &format!("{name}: {n} VMIs, reachable {reachable}"),
        || async {
            let (_, answer) = clusters(console).await;
            let r = row(&answer, name);
            (total(r) == n && r["reachable"] == reachable).then(|| r.clone())
        },
    )
    .await
}

fn health_name(h: model::verdict::Health) -> &'static str {
    use model::verdict::Health::*;
    match h {
        Broken => "broken",
        Degraded => "degraded",
        Unknown => "unknown",
        Healthy => "healthy",
    }
}

#[tokio::test]
async fn the_same_namespace_and_name_is_counted_in_its_own_cluster() {
    let fleet = fleet().await;
    let dir = tempfile::tempdir().unwrap();
    let console = console(&fleet, dir.path()).await;
    let a = until(&console, "a", 2, true).await;
    let b = until(&console, "b", 1, true).await;
    assert_eq!(a["server"], fleet.cluster("a").unwrap().url());
    assert_eq!(b["server"], fleet.cluster("b").unwrap().url());
    assert_eq!(b["stale_since"], Value::Null);
    // Each cluster's store holds its own bastion: its own UID and its own verdict.
    let key = model::VmiKey::new("infra", "bastion");
    let bastion = |c: &'static str| {
        let console = &console;
        // The first cluster's keys name no cluster (the empty cluster is the first).
        let key = key.clone().in_cluster(if c == "a" { "" } else { c });
        let fleet = &fleet;
        async move {
            let s = console.fleet.get(c).unwrap().store.items();
            let s = s.into_iter().find(|s| s.key == key).unwrap();
            let uid = keys::uid_in(fleet, c).await;
            assert_eq!(s.uid.as_deref(), Some(uid.as_str()), "{c}'s own");
            s.layers.verdict()
        }
    };
    let (in_a, in_b) = (bastion("a").await, bastion("b").await);
    assert_ne!(in_a, in_b, "a healthy bastion and one without an agent");
    assert_eq!(b["counts"][health_name(in_b)], 1, "{b}");
    assert!(a["counts"][health_name(in_a)].as_u64().unwrap() >= 1, "{a}");
    // The per-VMI routes serve the first cluster.
    assert!(console.store.contains(&key));
    assert!(std::ptr::eq(&*console.fleet.first().store, &*console.store));
}

#[tokio::test]
async fn an_unreachable_cluster_keeps_its_vmis_stale_while_the_other_stays_live() {
    let fleet = fleet().await;
    let dir = tempfile::tempdir().unwrap();
    let console = console(&fleet, dir.path()).await;
    until(&console, "a", 2, true).await;
    until(&console, "b", 1, true).await;
    fleet.set_unreachable("b", true);
    let down = until(&console, "b", 1, false).await;
    assert_eq!(down["error_kind"], "unreachable", "{down}");
    let since = down["stale_since"].as_str().expect("stale since a time");
    assert!(model::time::Timestamp::parse(since).is_some(), "{since}");
    assert!(!down["error"].as_str().unwrap().contains('\n'));
    // A change in the live cluster still shows.
    let sim_a = fleet.sim("a").unwrap();
    sim_a
        .with_world(|w| sim::scenarios::add(w, "healthy", "web", "backend", Some("worker-2")))
        .unwrap();
    until(&console, "a", 3, true).await;
    let (_, answer) = clusters(&console).await;
    let still = row(&answer, "b");
    assert_eq!(still["reachable"], false, "{still}");
    assert_eq!(
        still["stale_since"].as_str(),
        Some(since),
        "stale since the first failure"
    );
    // It comes back by itself.
    fleet.set_unreachable("b", false);
    let back = until(&console, "b", 1, true).await;
    assert_eq!(back["stale_since"], Value::Null, "{back}");
    assert_eq!(back["error_kind"], Value::Null, "{back}");
}

#[tokio::test]
async fn expired_credentials_are_told_apart_and_no_secret_is_shown() {
    let fleet = fleet().await;
    let dir = tempfile::tempdir().unwrap();
    let console = console(&fleet, dir.path()).await;
    until(&console, "a", 2, true).await;
    until(&console, "b", 1, true).await;
    fleet.set_credentials_expired("a", true);
    let expired = until(&console, "a", 2, false).await;
    assert_eq!(expired["error_kind"], "credentials_expired", "{expired}");
    let (text, answer) = clusters(&console).await;
    assert_eq!(row(&answer, "b")["reachable"], true);
    for secret in [TOKEN_A, TOKEN_B, dir.path().to_str().unwrap(), "kubeconfig"] {
        assert!(!text.contains(secret), "{secret} in {text}");
    }
    fleet.set_credentials_expired("a", false);
    until(&console, "a", 2, true).await;
}

#[tokio::test]
async fn a_context_is_looked_up_across_the_files_and_a_missing_one_refused() {
    let fleet = fleet().await;
    let dir = tempfile::tempdir().unwrap();
    let files = kubeconfig_files(&fleet, dir.path());
    // Both files: each context found in its own.
    let named = names::pair(
        &["b".into(), "a".into()],
        &["second".into(), "first".into()],
    );
    let got = connect::connect(&files, named.unwrap()).await.unwrap();
    let seen: Vec<_> = got
        .iter()
        .map(|c| (c.name.as_str(), c.server.clone()))
        .collect();
    assert_eq!(
        seen,
        [
            ("second", fleet.cluster("b").unwrap().url()),
            ("first", fleet.cluster("a").unwrap().url())
        ]
    );
    // Only a's file: context b is in none of the files given.
    let named = names::pair(&["a".into(), "b".into()], &[]).unwrap();
    let err = connect::connect(&files[..1], named)
        .await
        .err()
        .expect("context b is in no file");
    assert!(
        matches!(err, backend::kube_client::ConnectError::Config { .. }),
        "{err}"
    );
    assert!(err.to_string().contains("context b"), "{err}");
}

#[tokio::test]
async fn a_cluster_down_since_the_start_is_asked_ever_less_often_and_stale_since_its_first_failure()
{
    let fleet = fleet().await;
    fleet.set_unreachable("b", true);
    let dir = tempfile::tempdir().unwrap();
    let console = console(&fleet, dir.path()).await;
    until(&console, "a", 2, true).await;
    let down = until(&console, "b", 0, false).await;
    assert_eq!(down["synced"], false, "{down}");
    let since = down["stale_since"].as_str().unwrap().to_string();
    let vmis = &console.fleet.get("b").unwrap().caches;
    let before = vmis.get(backend::watch::Kind::Vmi).state.restarts();
    tokio::time::sleep(Duration::from_secs(10)).await;
    let tries = vmis.get(backend::watch::Kind::Vmi).state.restarts() - before;
    // kube-runtime's default backoff (0.8 s doubling, jittered) allows at most four tries in
    // 10 s; resetting it on the watcher's `Init` made one about every second.
    assert!(tries <= 4, "{tries} list attempts in 10 s");
    let (_, answer) = clusters(&console).await;
    assert_eq!(
        row(&answer, "b")["stale_since"].as_str(),
        Some(since.as_str())
    );
    fleet.set_unreachable("b", false);
    until(&console, "b", 1, true).await;
}
