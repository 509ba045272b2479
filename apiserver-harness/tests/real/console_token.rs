//! The console in token mode against a real kube-apiserver: it reads as the ServiceAccount that
//! `deploy/rbac.yaml` creates (so that manifest meets real RBAC), users sign in with the tokens
//! the API server knows, and each sees exactly the namespaces their RoleBindings grant; a user
//! whose RoleBinding is removed loses the namespace within the access review cache's lifetime.

use crate::common::token::*;
use apiserver_harness::User;
use k8s_openapi::api::rbac::v1::RoleBinding;
use kube::api::{Api, DeleteParams};
use serde_json::Value;
use std::time::{Duration, Instant};

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
    let (a, b) = two_teams(server).await;
    apiserver_harness::grant_read(server, &a, User::Alice).await;
    apiserver_harness::grant_read(server, &b, User::Bob).await;

    let console = token_console(server, backend::run::Options::local(None)).await;

    let alice = session(&console, server.token(User::Alice)).await;
    let bob = session(&console, server.token(User::Bob)).await;
    let nobody = session(&console, server.token(User::Nobody)).await;
    assert_eq!(visible(&console, &alice).await, std::slice::from_ref(&a));
    assert_eq!(visible(&console, &bob).await, std::slice::from_ref(&b));
    assert!(visible(&console, &nobody).await.is_empty());

    // Alice reads one of her VMIs' pages (each answer of the access review is cached).
    let vmi = crate::common::vmis(server, User::Admin, &a)
        .list(&Default::default())
        .await
        .unwrap()
        .items[0]
        .metadata
        .name
        .clone()
        .unwrap();
    let pages = [
        format!("/api/v1/vmis/{a}/{vmi}"),
        format!("/api/v1/vmis/{a}/{vmi}/detail"),
    ];
    for page in &pages {
        assert_eq!(get_as(&console, &alice, page).await.0, 200, "{page}");
    }

    // Alice's RoleBinding goes: within the review cache's lifetime (the time the backend
    // states, `REVIEW_TTL`) she sees nothing, and her VMI's pages are refused.
    let bindings: Api<RoleBinding> = Api::namespaced(server.client(User::Admin).unwrap(), &a);
    bindings
        .delete("strata-read-alice", &DeleteParams::default())
        .await
        .unwrap();
    let removed = Instant::now();
    let within = backend::auth::review::REVIEW_TTL + Duration::from_secs(5);
    loop {
        let mut still = Vec::new();
        if !visible(&console, &alice).await.is_empty() {
            still.push("/api/v1/vmis".to_string());
        }
        for page in &pages {
            if get_as(&console, &alice, page).await.0 != 403 {
                still.push(page.clone());
            }
        }
        if still.is_empty() {
            break;
        }
        assert!(
            removed.elapsed() < within,
            "alice still reads {still:?} {within:?} after her RoleBinding was removed"
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    assert_eq!(visible(&console, &bob).await, [b]);
}
