//! The console in token mode on the real server: it reads as the ServiceAccount that
//! `deploy/rbac.yaml` creates, and users sign in with the tokens the API server knows.

use apiserver_harness::{ApiServer, User};
use k8s_openapi::api::core::v1::Namespace;
use kube::api::{Api, DynamicObject, ObjectMeta, PostParams};
use serde_json::Value;
use std::time::{Duration, Instant};

/// Creates the simulator's VMIs `objects` in `ns` (renamed by [`super::rehome`]).
pub async fn vmis_in(server: &ApiServer, ns: &str, objects: &[Value]) {
    let api = super::vmis(server, User::Admin, ns);
    for vmi in objects {
        let obj: DynamicObject = serde_json::from_value(super::rehome(vmi, ns)).unwrap();
        api.create(&PostParams::default(), &obj).await.unwrap();
    }
}

/// Two fresh namespaces, `team-a` with three of the simulator's VMIs and `team-b` with two:
/// the world of the tests that check who sees which namespace.
pub async fn two_teams(server: &ApiServer) -> (String, String) {
    let (a, b) = (
        apiserver_harness::namespace(server, "team-a").await,
        apiserver_harness::namespace(server, "team-b").await,
    );
    let demo = super::sim_objects(&sim::resources::VMI, &[0.0]).await;
    vmis_in(server, &a, &demo[..3]).await;
    vmis_in(server, &b, &demo[3..5]).await;
    (a, b)
}

/// `deploy/rbac.yaml` applied (once per test binary, whose tests share one server), and a token
/// issued for its ServiceAccount.
pub async fn strata_service_account(server: &ApiServer) -> String {
    static APPLIED: tokio::sync::OnceCell<()> = tokio::sync::OnceCell::const_new();
    APPLIED
        .get_or_init(|| async {
            let admin = server.client(User::Admin).unwrap();
            let ns = Namespace {
                metadata: ObjectMeta {
                    name: Some("strata".into()),
                    ..ObjectMeta::default()
                },
                ..Namespace::default()
            };
            Api::<Namespace>::all(admin.clone())
                .create(&PostParams::default(), &ns)
                .await
                .unwrap();
            let manifest = include_str!("../../../deploy/rbac.yaml");
            apiserver_harness::manifest::create_all(&admin, manifest)
                .await
                .unwrap();
        })
        .await;
    apiserver_harness::service_account_token(server, "strata", "strata").await
}

/// A console in token mode reading as `deploy/rbac.yaml`'s ServiceAccount, `options` otherwise;
/// answers once every watch has synced.
pub async fn token_console(
    server: &ApiServer,
    options: backend::run::Options,
) -> backend::run::Console {
    let sa = strata_service_account(server).await;
    let config = server.config_with_token(&sa);
    let client = kube::Client::try_from(config.clone()).unwrap();
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
        .await
        .unwrap();
    let options = backend::run::Options {
        auth: backend::auth::Mode::Token {
            base: Box::new(config),
            secure_cookie: false,
        },
        ..options
    };
    let console = backend::run::start_with(client, listener, options).unwrap();
    // Every watch syncs with what deploy/rbac.yaml grants.
    let deadline = Instant::now() + Duration::from_secs(60);
    while !backend::watch::Kind::WATCHED
        .iter()
        .all(|k| console.caches.get(*k).state.synced())
    {
        assert!(Instant::now() < deadline, "the console's watches synced");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    console
}

/// Signs in with `token`; answers the session cookie.
pub async fn session(console: &backend::run::Console, token: &str) -> String {
    let res = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .post(format!("{}/auth/signin", console.url()))
        .header("origin", console.url())
        .form(&[("token", token)])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 303, "sign-in accepted");
    let set = res.headers()["set-cookie"].to_str().unwrap();
    set.split(';').next().unwrap().to_string()
}

/// `GET path` with the session `cookie`: (status, JSON body or null).
pub async fn get_as(console: &backend::run::Console, cookie: &str, path: &str) -> (u16, Value) {
    let res = reqwest::Client::new()
        .get(format!("{}{path}", console.url()))
        .header("cookie", cookie)
        .send()
        .await
        .unwrap();
    let code = res.status().as_u16();
    (code, res.json().await.unwrap_or(Value::Null))
}
