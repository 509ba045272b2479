//! Token mode on the real server, endpoint by endpoint: a user whose RoleBinding grants one
//! namespace (`grant_read`: VMIs, VMs, migrations, pods, events; no nodes) sees exactly that
//! namespace in the VMI list, the evidence and the VMI page, the migrations, the push stream's
//! snapshot, the flight recorder's history and latest changes, and the `/k8s` proxy (where the
//! real API server decides); a user with no rules sees nothing, and every answer about a VMI is a
//! 403 saying what the account lacks.

use crate::common::token::*;
use crate::common::*;
use apiserver_harness::User;
use backend::history::{self, retention::Bounds};
use kube::api::{Patch, PatchParams};
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

const SINCE: &str = "since=2000-01-01T00:00:00Z";

/// The namespaces of a list of VMI summaries, changes (`key.namespace`) or migrations
/// (`metadata.namespace`).
fn namespaces(list: &Value) -> BTreeSet<String> {
    list.as_array()
        .unwrap_or_else(|| panic!("a list: {list}"))
        .iter()
        .map(|o| {
            o["key"]["namespace"]
                .as_str()
                .or(o["metadata"]["namespace"].as_str())
                .unwrap_or("?")
                .to_string()
        })
        .collect()
}

/// The namespaces of the first snapshot of the push stream for `cookie`.
async fn stream_namespaces(console: &backend::run::Console, cookie: &str) -> BTreeSet<String> {
    let mut res = reqwest::Client::new()
        .get(format!("{}/api/v1/stream", console.url()))
        .header("cookie", cookie)
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
    match serde_json::from_str(data).unwrap() {
        model::wire::StreamMsg::Snapshot { items, .. } => {
            items.into_iter().map(|s| s.key.namespace).collect()
        }
        other => panic!("not a snapshot: {other:?}"),
    }
}

/// The first VMI name the admin sees in `ns`.
async fn a_vmi(server: &apiserver_harness::ApiServer, ns: &str) -> String {
    let list = vmis(server, User::Admin, ns)
        .list(&Default::default())
        .await
        .unwrap();
    list.items[0].metadata.name.clone().unwrap()
}

/// Asserts `(status, body)` is a 403 whose message names `ns`.
fn refused(what: &str, (code, body): (u16, Value), ns: &str) {
    assert_eq!(code, 403, "{what}: {body}");
    let msg = body["error"].as_str().unwrap_or_default();
    assert!(msg.contains(ns), "{what}: the refusal names {ns}: {body}");
}

#[tokio::test]
async fn every_endpoint_shows_a_namespace_scoped_user_exactly_their_namespace() {
    let Some(server) = apiserver_harness::shared() else {
        return;
    };
    let (a, b) = two_teams(server).await;
    let migrations = sim_objects(&sim::resources::VMIM, &[0.0, 14.0, 6.0, 10.0]).await;
    for ns in [&a, &b] {
        let api = kube::Api::namespaced_with(
            server.client(User::Admin).unwrap(),
            ns,
            &resource(
                "VirtualMachineInstanceMigration",
                "virtualmachineinstancemigrations",
            ),
        );
        create(&api, &rehome(&migrations[0], ns), &sim::resources::VMIM)
            .await
            .unwrap();
    }
    apiserver_harness::grant_read(server, &a, User::Carol).await;
    apiserver_harness::grant_read(server, &b, User::Dan).await;
    let data = tempfile::tempdir().unwrap();
    let options = backend::run::Options {
        k8s_proxy: true,
        history: Some(history::open_handle(None, data.path(), Bounds::default()).await),
        ..backend::run::Options::local(None)
    };
    let console = token_console(server, options).await;
    // A phase change in each namespace, for the history's latest changes.
    let (va, vb) = (a_vmi(server, &a).await, a_vmi(server, &b).await);
    for (ns, name) in [(&a, &va), (&b, &vb)] {
        let failed = json!({"status": {"phase": "Failed"}});
        vmis(server, User::Admin, ns)
            .patch(name, &PatchParams::default(), &Patch::Merge(&failed))
            .await
            .unwrap();
    }

    let carol = session(&console, server.token(User::Carol)).await;
    let dan = session(&console, server.token(User::Dan)).await;
    for (user, cookie, own, vmi, other, theirs) in [
        ("carol", &carol, &a, &va, &b, &vb),
        ("dan", &dan, &b, &vb, &a, &va),
    ] {
        let only = BTreeSet::from([own.clone()]);
        let (code, list) = get_as(&console, cookie, "/api/v1/vmis").await;
        assert_eq!((code, namespaces(&list)), (200, only.clone()), "{user}");
        for page in ["", "/detail", "/history"] {
            let (code, body) =
                get_as(&console, cookie, &format!("/api/v1/vmis/{own}/{vmi}{page}")).await;
            assert_eq!(code, 200, "{user} {page}: {body}");
            refused(
                &format!("{user} {page}"),
                get_as(
                    &console,
                    cookie,
                    &format!("/api/v1/vmis/{other}/{theirs}{page}"),
                )
                .await,
                other,
            );
        }
        let (code, list) = get_as(&console, cookie, "/api/v1/migrations").await;
        assert_eq!((code, namespaces(&list)), (200, only.clone()), "{user}");
        assert_eq!(stream_namespaces(&console, cookie).await, only, "{user}");
        // Nodes are cluster-scoped and not granted.
        assert_eq!(
            get_as(&console, cookie, "/api/v1/nodes").await.0,
            403,
            "{user}"
        );
        // The proxy reads as the user: the real API server answers.
        let kv = "/k8s/apis/kubevirt.io/v1";
        let (code, list) = get_as(
            &console,
            cookie,
            &format!("{kv}/namespaces/{own}/virtualmachineinstances"),
        )
        .await;
        assert_eq!(code, 200, "{user}: {list}");
        assert!(!list["items"].as_array().unwrap().is_empty());
        let (code, status) = get_as(
            &console,
            cookie,
            &format!("{kv}/namespaces/{other}/virtualmachineinstances"),
        )
        .await;
        assert_eq!(
            (code, &status["reason"]),
            (403, &json!("Forbidden")),
            "{user}: {status}"
        );
        assert_eq!(
            get_as(&console, cookie, &format!("{kv}/virtualmachineinstances"))
                .await
                .0,
            403
        );
        // The latest changes: their own VMI's phase change, nothing of the other namespace.
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let (code, rows) = get_as(
                &console,
                cookie,
                &format!("/api/v1/history/changes?{SINCE}"),
            )
            .await;
            assert_eq!(code, 200, "{user}: {rows}");
            let seen = namespaces(&rows);
            assert!(seen.is_subset(&only), "{user} sees changes of {seen:?}");
            if !seen.is_empty() {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "{user}'s change recorded within 60 s"
            );
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }
}

#[tokio::test]
async fn a_user_with_no_rules_sees_nothing_and_is_told_why() {
    let Some(server) = apiserver_harness::shared() else {
        return;
    };
    let ns = apiserver_harness::namespace(server, "nobody-sees").await;
    let demo = sim_objects(&sim::resources::VMI, &[0.0]).await;
    vmis_in(server, &ns, &demo[..2]).await;
    let data = tempfile::tempdir().unwrap();
    let options = backend::run::Options {
        k8s_proxy: true,
        history: Some(history::open_handle(None, data.path(), Bounds::default()).await),
        ..backend::run::Options::local(None)
    };
    let console = token_console(server, options).await;
    let vmi = a_vmi(server, &ns).await;
    let nobody = session(&console, server.token(User::Nobody)).await;
    for list in [
        "/api/v1/vmis",
        "/api/v1/migrations",
        &format!("/api/v1/history/changes?{SINCE}"),
    ] {
        let (code, body) = get_as(&console, &nobody, list).await;
        assert_eq!(
            (code, body.as_array().map(Vec::len)),
            (200, Some(0)),
            "{list}: {body}"
        );
    }
    assert!(stream_namespaces(&console, &nobody).await.is_empty());
    for page in ["", "/detail", "/history"] {
        refused(
            page,
            get_as(&console, &nobody, &format!("/api/v1/vmis/{ns}/{vmi}{page}")).await,
            &ns,
        );
    }
    assert_eq!(get_as(&console, &nobody, "/api/v1/nodes").await.0, 403);
    let path = format!("/k8s/apis/kubevirt.io/v1/namespaces/{ns}/virtualmachineinstances");
    let (code, status) = get_as(&console, &nobody, &path).await;
    assert_eq!(
        (code, &status["reason"]),
        (403, &json!("Forbidden")),
        "{status}"
    );
    assert!(
        status["message"]
            .as_str()
            .unwrap_or_default()
            .contains("\"nobody\""),
        "the API server's refusal names the user: {status}"
    );
}
