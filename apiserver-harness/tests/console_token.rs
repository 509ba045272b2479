//! The console in token mode against a real kube-apiserver: it reads as the ServiceAccount that
//! `deploy/rbac.yaml` creates (so that manifest meets real RBAC), users sign in with the tokens
//! the API server knows, and each sees exactly the namespaces their RoleBindings grant; a user
//! whose RoleBinding is removed loses the namespace within the access review cache's lifetime.

mod common;

use apiserver_harness::{ApiServer, User};
use common::*;
use k8s_openapi::api::core::v1::Namespace;
use k8s_openapi::api::rbac::v1::RoleBinding;
use kube::api::{Api, DeleteParams, DynamicObject, ObjectMeta, PostParams};
use serde_json::Value;
use std::time::{Duration, Instant};

/// Creates the simulator's VMIs `objects` in `ns`.
async fn vmis_in(server: &ApiServer, ns: &str, objects: &[Value]) {
    let api = vmis(server, User::Admin, ns);
    for vmi in objects {
        let obj: DynamicObject = serde_json::from_value(rehome(vmi, ns)).unwrap();
        api.create(&PostParams::default(), &obj).await.unwrap();
    }
}

/// `deploy/rbac.yaml` applied, and a token issued for its ServiceAccount.
async fn strata_service_account(server: &ApiServer) -> String {
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
    let manifest = include_str!("../../deploy/rbac.yaml");
    apiserver_harness::manifest::create_all(&admin, manifest)
        .await
        .unwrap();
    apiserver_harness::service_account_token(server, "strata", "strata").await
}

async fn session(console: &backend::run::Console, token: &str) -> String {
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

/// The namespaces of the VMIs `/api/v1/vmis` lists for the session `cookie` (sorted, unique).
async fn visible(console: &backend::run::Console, cookie: &str) -> Vec<String> {
    let res = reqwest::Client::new()
        .get(format!("{}/api/v1/vmis", console.url()))
        .header("cookie", cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    let mut ns: Vec<String> = body
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["key"]["namespace"].as_str().unwrap().to_string())
        .collect();
    ns.sort();
    ns.dedup();
    ns
}

#[tokio::test]
async fn each_signed_in_user_sees_exactly_the_namespaces_rbac_grants() {
    let Some(server) = apiserver_harness::shared() else {
        return;
    };
    let (a, b) = (
        apiserver_harness::namespace(server, "team-a").await,
        apiserver_harness::namespace(server, "team-b").await,
    );
    let demo = sim_objects(&sim::resources::VMI, &[0.0]).await;
    vmis_in(server, &a, &demo[..3]).await;
    vmis_in(server, &b, &demo[3..5]).await;
    apiserver_harness::grant_read(server, &a, User::Alice).await;
    apiserver_harness::grant_read(server, &b, User::Bob).await;

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
        ..backend::run::Options::local(None)
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

    let alice = session(&console, server.token(User::Alice)).await;
    let bob = session(&console, server.token(User::Bob)).await;
    let nobody = session(&console, server.token(User::Nobody)).await;
    assert_eq!(visible(&console, &alice).await, std::slice::from_ref(&a));
    assert_eq!(visible(&console, &bob).await, std::slice::from_ref(&b));
    assert!(visible(&console, &nobody).await.is_empty());

    // Alice's RoleBinding goes: within the review cache's lifetime she sees nothing.
    let bindings: Api<RoleBinding> = Api::namespaced(server.client(User::Admin).unwrap(), &a);
    bindings
        .delete("strata-read-alice", &DeleteParams::default())
        .await
        .unwrap();
    let removed = Instant::now();
    let within = backend::auth::review::REVIEW_TTL + Duration::from_secs(5);
    while !visible(&console, &alice).await.is_empty() {
        assert!(
            removed.elapsed() < within,
            "alice still sees {a} {within:?} after her RoleBinding was removed"
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    assert_eq!(visible(&console, &bob).await, [b]);
}
