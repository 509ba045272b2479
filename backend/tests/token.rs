//! Token mode against the simulator's token policy: sign-in, the session cookie, and each user
//! seeing only the namespaces they may read (JSON API, stream, evidence, proxy).

mod common;

use backend::run::{Console, Options};
use common::*;
use serde_json::{Value, json};
use std::time::Duration;

fn policy() -> Value {
    let read = ["get", "list", "watch"];
    json!({"users": [
        {"name": "strata", "token": "strata-sa-token", "rules": [{"verbs": read}]},
        {"name": "alice", "token": "alice-token", "rules": [
            {"verbs": read, "apiGroups": ["kubevirt.io", ""],
             "resources": ["virtualmachineinstances", "virtualmachineinstancemigrations", "pods", "events"],
             "namespaces": ["prod"]},
            {"verbs": ["get"], "apiGroups": ["subresources.kubevirt.io"],
             "resources": ["virtualmachineinstances/guestosinfo"], "namespaces": ["prod"]}
        ]},
        {"name": "bob", "token": "bob-token", "rules": [
            {"verbs": read, "apiGroups": ["kubevirt.io"], "resources": ["virtualmachineinstances"],
             "namespaces": ["staging"]}
        ]}
    ]})
}

async fn setup() -> (sim::Sim, Console, tempfile::TempDir) {
    token_console(&policy(), |_| Options {
        k8s_proxy: true,
        ..Options::local(None)
    })
    .await
}

fn namespaces(items: &Value) -> Vec<String> {
    let mut ns: Vec<String> = items
        .as_array()
        .unwrap_or_else(|| panic!("a list of summaries: {items}"))
        .iter()
        .map(|s| s["key"]["namespace"].as_str().unwrap().to_string())
        .collect();
    ns.dedup();
    ns
}

#[tokio::test]
async fn without_a_session_nothing_is_served() {
    let (_sim, console, _dir) = setup().await;
    let (code, err) = get_json(&console, "/api/v1/vmis").await;
    assert_eq!(code, 401);
    assert!(err["error"].as_str().unwrap().contains("sign in"));
    assert_eq!(get_json(&console, "/api/v1/stream").await.0, 401);
    assert_eq!(get_json(&console, "/k8s/api/v1/nodes").await.0, 401);
    let res = http().get(console.url()).send().await.unwrap();
    assert_eq!(res.status(), 303);
    assert_eq!(res.headers()["location"], "/auth/signin");
    let res = http()
        .get(format!("{}/auth/signin", console.url()))
        .send()
        .await
        .unwrap();
    let csp = res.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_string();
    let page = res.text().await.unwrap();
    let nonce = csp
        .split("'nonce-")
        .nth(1)
        .unwrap()
        .split('\'')
        .next()
        .unwrap();
    assert!(page.contains(&format!("nonce=\"{nonce}\"")), "{page}");
    assert!(page.contains("name=\"token\""));
    // A wrong token is rejected and sets no cookie; a cross-site post is refused.
    let res = sign_in(&console, "not-a-valid-token").await;
    assert_eq!(res.status(), 401);
    assert!(res.headers().get("set-cookie").is_none());
    let res = http()
        .post(format!("{}/auth/signin", console.url()))
        .header("origin", "http://evil.example")
        .form(&[("token", "alice-token")])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 403);
    assert!(res.headers().get("set-cookie").is_none());
}

#[tokio::test]
async fn each_user_sees_only_their_namespaces() {
    let (_sim, console, _dir) = setup().await;
    let alice = session(&console, "alice-token").await;
    let bob = session(&console, "bob-token").await;

    let (code, items) = get_as(&console, &alice, "/api/v1/vmis").await;
    assert_eq!(code, 200);
    assert_eq!(namespaces(&items), ["prod"]);
    let (_, items) = get_as(&console, &bob, "/api/v1/vmis").await;
    assert_eq!(namespaces(&items), ["staging"]);

    let (code, e) = get_as(&console, &alice, "/api/v1/vmis/prod/web-frontend-1").await;
    assert_eq!(code, 200, "{e}");
    assert!(!e["pods"].as_array().unwrap().is_empty());
    assert_eq!(e["coverage"]["nodes"], false, "alice may not list nodes");
    assert!(e["nodes"].as_array().unwrap().is_empty());
    assert_eq!(e["guest_agent"]["value"]["kind"], "info", "{e}");
    let (code, e) = get_as(&console, &bob, "/api/v1/vmis/staging/ci-runner-7").await;
    assert_eq!(code, 200);
    assert_eq!(e["coverage"]["pods"], false, "bob may not list pods");
    assert!(e["pods"].as_array().unwrap().is_empty());
    let (code, err) = get_as(&console, &alice, "/api/v1/vmis/staging/ci-runner-7").await;
    assert_eq!(code, 403);
    assert!(err["error"].as_str().unwrap().contains("staging"));
    assert_eq!(get_as(&console, &alice, "/api/v1/nodes").await.0, 403);
    // Guest agent calls are made as the user: bob may not read the subresource.
    let (_, g) = get_as(
        &console,
        &bob,
        "/api/v1/vmis/staging/ci-runner-7/guestagent/userlist",
    )
    .await;
    assert_eq!(g["state"], "forbidden", "{g}");
    // The VMI page's detail keeps that refusal apart from an agent failure.
    let (code, d) = get_as(&console, &bob, "/api/v1/vmis/staging/ci-runner-7/detail").await;
    assert_eq!(code, 200, "{d}");
    assert!(d["guest"]["Forbidden"].is_string(), "{d}");
    assert_eq!(
        get_as(&console, &alice, "/api/v1/vmis/staging/ci-runner-7/detail")
            .await
            .0,
        403
    );

    // The proxy forwards as the user; the API server decides.
    let (code, _) = get_as(&console, &alice, "/k8s/api/v1/namespaces/staging/pods").await;
    assert_eq!(code, 403);
    let (code, list) = get_as(
        &console,
        &alice,
        "/k8s/apis/kubevirt.io/v1/namespaces/prod/virtualmachineinstances",
    )
    .await;
    assert_eq!(code, 200);
    assert!(!list["items"].as_array().unwrap().is_empty());

    // The stream's snapshot is filtered the same way.
    let mut res = http()
        .get(format!("{}/api/v1/stream", console.url()))
        .header("cookie", &bob)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let mut text = String::new();
    while !text.contains("\n\n") {
        let chunk = tokio::time::timeout(Duration::from_secs(10), res.chunk())
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        text.push_str(&String::from_utf8_lossy(&chunk));
    }
    let data = text.lines().find_map(|l| l.strip_prefix("data: ")).unwrap();
    let msg: model::wire::StreamMsg = serde_json::from_str(data).unwrap();
    let model::wire::StreamMsg::Snapshot { items, .. } = msg else {
        panic!("not a snapshot: {data}");
    };
    let mut ns: Vec<&str> = items.iter().map(|s| s.key.namespace.as_str()).collect();
    ns.dedup();
    assert_eq!(ns, ["staging"]);

    // Sign-out clears the cookie.
    let res = http()
        .post(format!("{}/auth/signout", console.url()))
        .header("origin", console.url())
        .header("cookie", &alice)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 303);
    assert!(
        res.headers()["set-cookie"]
            .to_str()
            .unwrap()
            .contains("Max-Age=0")
    );
}
