//! Shared helpers of the backend's integration tests: a simulator, a console against it, and an
//! HTTP client.
#![allow(dead_code)]

use backend::run::{Console, Options};
use sim::{Sim, SimArgs};
use std::time::{Duration, Instant};
use tokio::net::TcpListener;

/// A simulator running `scenarios` (comma-separated) on a manual clock.
pub async fn sim(scenarios: &str) -> Sim {
    sim_with(SimArgs {
        scenarios: scenarios.into(),
        clock: "manual".into(),
        ..SimArgs::default()
    })
    .await
}

pub async fn sim_with(args: SimArgs) -> Sim {
    let listener = TcpListener::bind(("127.0.0.1", 0)).await.unwrap();
    Sim::start_with(listener, &args).await.unwrap()
}

/// A console on the simulator, local auth, the simulator as Prometheus.
pub async fn console(sim: &Sim) -> Console {
    let client = backend::kube_client::connect(backend::kube_client::Source::Url(sim.url()))
        .await
        .unwrap();
    console_with(
        client,
        Options {
            prometheus_url: Some(sim.url()),
            ..Options::local(None)
        },
    )
    .await
}

/// Like [`console`], with the `/k8s` proxy on (`--enable-k8s-proxy`).
pub async fn console_k8s(sim: &Sim) -> Console {
    let client = backend::kube_client::connect(backend::kube_client::Source::Url(sim.url()))
        .await
        .unwrap();
    console_with(
        client,
        Options {
            prometheus_url: Some(sim.url()),
            k8s_proxy: true,
            ..Options::local(None)
        },
    )
    .await
}

/// A local-mode console on the simulator that records history in `dir` (SQLite): the
/// flight recorder's set-up of these tests.
pub async fn recording_console(sim: &Sim, dir: &std::path::Path) -> Console {
    let handle =
        backend::history::open_handle(None, dir, backend::history::retention::Bounds::default())
            .await;
    console_recording(sim, handle).await
}

/// A local-mode console on the simulator recording into `handle` (any store, a failing one
/// included).
pub async fn console_recording(
    sim: &Sim,
    handle: std::sync::Arc<backend::history::HistoryHandle>,
) -> Console {
    let client = backend::kube_client::connect(backend::kube_client::Source::Url(sim.url()))
        .await
        .unwrap();
    console_with(
        client,
        Options {
            history: Some(handle),
            ..Options::local(None)
        },
    )
    .await
}

pub async fn console_with(client: kube::Client, options: Options) -> Console {
    let listener = TcpListener::bind(("127.0.0.1", 0)).await.unwrap();
    backend::run::start_with(client, listener, options).unwrap()
}

/// Polls `f` until it returns `Some`, for at most `timeout`.
pub async fn eventually<T, F, Fut>(timeout: Duration, what: &str, mut f: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    let deadline = Instant::now() + timeout;
    loop {
        if let Some(v) = f().await {
            return v;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits until every watched resource has synced.
pub async fn all_synced(console: &Console) {
    eventually(Duration::from_secs(20), "all caches synced", || async {
        backend::watch::Kind::WATCHED
            .iter()
            .all(|k| console.caches.get(*k).state.synced())
            .then_some(())
    })
    .await
}

pub fn http() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// Reads SSE frames from `res` until one contains `needle`.
pub async fn until_frame(res: &mut reqwest::Response, needle: &str) -> String {
    let mut seen = String::new();
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        match tokio::time::timeout(left, res.chunk()).await {
            Ok(Ok(Some(chunk))) => {
                seen.push_str(&String::from_utf8_lossy(&chunk));
                if seen.contains(needle) {
                    return seen;
                }
            }
            other => panic!("stream ended or timed out before {needle:?}: {other:?}\n{seen}"),
        }
    }
}

/// The JSON body of `request`'s answer (the test fails when there is none).
pub async fn json_of(request: reqwest::RequestBuilder) -> serde_json::Value {
    request.send().await.unwrap().json().await.unwrap()
}

/// GET `path` on the console; status and JSON body (Null when not JSON).
pub async fn get_json(console: &Console, path: &str) -> (u16, serde_json::Value) {
    let res = http()
        .get(format!("{}{path}", console.url()))
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    let body = res.json().await.unwrap_or(serde_json::Value::Null);
    (status, body)
}

/// A console in token mode before a simulator (scenario `demo`, manual clock) that enforces
/// `policy` (the simulator's token policy: users, tokens, rules). The console reads as
/// `strata-sa-token`, which `policy` must grant; `options` sets the rest from the simulator (its
/// `auth` is replaced; the cookie is not `Secure`). The directory holds the
/// policy file: keep it while the simulator runs. The one token-mode set-up of these tests.
pub async fn token_console(
    policy: &serde_json::Value,
    options: impl FnOnce(&Sim) -> Options,
) -> (Sim, Console, tempfile::TempDir) {
    token_console_with(policy, false, options).await
}

/// [`token_console`] with the cookie's `Secure` attribute as given (`--insecure-cookie` is
/// `false`).
pub async fn token_console_with(
    policy: &serde_json::Value,
    secure_cookie: bool,
    options: impl FnOnce(&Sim) -> Options,
) -> (Sim, Console, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("policy.json");
    std::fs::write(&path, policy.to_string()).unwrap();
    let sim = sim_with(SimArgs {
        scenarios: "demo".into(),
        clock: "manual".into(),
        token_policy: Some(path),
        ..SimArgs::default()
    })
    .await;
    let mut config = kube::Config::new(sim.url().parse().unwrap());
    config.auth_info.token = Some("strata-sa-token".to_string().into());
    let client = kube::Client::try_from(config.clone()).unwrap();
    let console = console_with(
        client,
        Options {
            auth: backend::auth::Mode::Token {
                base: Box::new(config),
                secure_cookie,
            },
            ..options(&sim)
        },
    )
    .await;
    all_synced(&console).await;
    (sim, console, dir)
}

/// Signs in through the form with `token` (no redirect followed).
pub async fn sign_in(console: &Console, token: &str) -> reqwest::Response {
    http()
        .post(format!("{}/auth/signin", console.url()))
        .header("origin", console.url())
        .form(&[("token", token)])
        .send()
        .await
        .unwrap()
}

/// Signs in and answers the session cookie (`name=value`), checking its attributes.
pub async fn session(console: &Console, token: &str) -> String {
    let res = sign_in(console, token).await;
    assert_eq!(res.status(), 303);
    assert_eq!(res.headers()["location"], "/");
    let set = res.headers()["set-cookie"].to_str().unwrap().to_string();
    assert!(
        set.contains("HttpOnly") && set.contains("SameSite=Strict"),
        "{set}"
    );
    set.split(';').next().unwrap().to_string()
}

/// `GET path` as the session of `cookie`: the status and the JSON body (`null` when none).
pub async fn get_as(console: &Console, cookie: &str, path: &str) -> (u16, serde_json::Value) {
    let res = http()
        .get(format!("{}{path}", console.url()))
        .header("cookie", cookie)
        .send()
        .await
        .unwrap();
    let code = res.status().as_u16();
    (code, res.json().await.unwrap_or(serde_json::Value::Null))
}

/// The row of the alert `name` in an answer of `GET /api/v1/alerts`.
pub fn alert_row<'a>(answer: &'a serde_json::Value, name: &str) -> Option<&'a serde_json::Value> {
    answer["alerts"]
        .as_array()?
        .iter()
        .find(|r| r["alert"]["name"] == name)
}

/// The VMIs (`namespace/name`) an alerts row concerns.
pub fn alert_vmis(row: &serde_json::Value) -> Vec<String> {
    row["vmis"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| {
            format!(
                "{}/{}",
                k["namespace"].as_str().unwrap(),
                k["name"].as_str().unwrap()
            )
        })
        .collect()
}

/// The VMs the alerts tests expect alerts of: `prod/blocked` (cannot be evicted) on worker-1,
/// `prod/full` (filesystem full) on worker-2, `prod/fine` beside them, and `dev/orphan` on
/// worker-3 (whose virt-handler the tests stop).
pub fn add_alert_scenarios(sim: &Sim) {
    sim.add_scenario("evict-blocked-disks", "prod", "blocked", Some("worker-1"))
        .unwrap();
    sim.add_scenario("guest-disk-full", "prod", "full", Some("worker-2"))
        .unwrap();
    sim.add_scenario("healthy", "prod", "fine", Some("worker-1"))
        .unwrap();
    sim.add_scenario("healthy", "dev", "orphan", Some("worker-3"))
        .unwrap();
}
