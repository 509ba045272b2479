//! Guest-agent subresources (answers, KubeVirt's 409s, the 500 fault) and per-token access
//! (401, 403, SelfSubjectAccessReview).

mod common;

use common::*;
use serde_json::json;
use std::io::Write;

const SUB: &str = "/apis/subresources.kubevirt.io/v1/namespaces";

#[tokio::test]
async fn guest_agent_answers_and_conflicts() {
    let sim = start_manual("demo").await;
    let (code, info) = get(
        &sim,
        &format!("{SUB}/prod/virtualmachineinstances/web-frontend-1/guestosinfo"),
    )
    .await;
    assert_eq!(code, 200);
    assert_eq!(info["os"]["id"], "fedora");
    assert!(info["guestAgentVersion"].is_string());
    let tz = info["timezone"].as_str().unwrap();
    assert!(tz.contains(", "), "{tz}");
    assert!(info["fsInfo"]["disks"].as_array().unwrap().len() <= 10);
    assert!(
        info["supportedCommands"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["name"] == "guest-get-osinfo")
    );
    let (code, users) = get(
        &sim,
        &format!("{SUB}/prod/virtualmachineinstances/web-frontend-1/userlist"),
    )
    .await;
    assert_eq!(code, 200);
    assert_eq!(users["kind"], "VirtualMachineInstanceGuestOSUserList");
    assert!(users["items"][0]["loginTime"].is_f64());
    let (code, fs) = get(
        &sim,
        &format!("{SUB}/prod/virtualmachineinstances/web-frontend-1/filesystemlist"),
    )
    .await;
    assert_eq!(code, 200);
    assert_eq!(fs["items"][0]["mountPoint"], "/");
    // No agent: 409 with KubeVirt's message.
    let (code, st) = get(
        &sim,
        &format!("{SUB}/staging/virtualmachineinstances/ci-runner-7/guestosinfo"),
    )
    .await;
    assert_eq!(code, 409);
    assert_eq!(st["reason"], "Conflict");
    assert_eq!(
        st["message"],
        "Operation cannot be fulfilled on virtualmachineinstance.kubevirt.io \"ci-runner-7\": VMI does not have guest agent connected"
    );
    // Not running: 409 "VMI is not running".
    let (code, st) = get(
        &sim,
        &format!("{SUB}/ml/virtualmachineinstances/gpu-trainer/userlist"),
    )
    .await;
    assert_eq!(code, 409);
    assert!(
        st["message"]
            .as_str()
            .unwrap()
            .ends_with("VMI is not running")
    );
    // An unsupported agent still answers.
    let (code, _) = get(
        &sim,
        &format!("{SUB}/legacy/virtualmachineinstances/erp-app/guestosinfo"),
    )
    .await;
    assert_eq!(code, 200);
    let (code, _) = get(
        &sim,
        &format!("{SUB}/prod/virtualmachineinstances/missing/guestosinfo"),
    )
    .await;
    assert_eq!(code, 404);
    // Fault: proxying to virt-handler fails with 500.
    sim.faults().set_guest_agent_failing(true);
    let (code, st) = get(
        &sim,
        &format!("{SUB}/prod/virtualmachineinstances/web-frontend-1/guestosinfo"),
    )
    .await;
    assert_eq!((code, st["kind"].as_str()), (500, Some("Status")));
    // Over HTTP too.
    let (code, _) = post(&sim, "/_sim/faults/guest-agent?failing=false").await;
    assert_eq!(code, 200);
    let (code, _) = get(
        &sim,
        &format!("{SUB}/prod/virtualmachineinstances/web-frontend-1/guestosinfo"),
    )
    .await;
    assert_eq!(code, 200);
    // The agent disconnects: the condition goes away and the endpoint conflicts.
    assert!(sim.set_agent("prod", "web-frontend-1", false));
    let (_, v) = get(
        &sim,
        "/apis/kubevirt.io/v1/namespaces/prod/virtualmachineinstances/web-frontend-1",
    )
    .await;
    assert!(condition(&v, "AgentConnected").is_none());
    let (code, _) = get(
        &sim,
        &format!("{SUB}/prod/virtualmachineinstances/web-frontend-1/guestosinfo"),
    )
    .await;
    assert_eq!(code, 409);
}

#[tokio::test]
async fn pause_and_unpause_subresources() {
    let sim = start_manual("demo").await;
    let url = |a: &str| {
        format!(
            "{}{SUB}/prod/virtualmachineinstances/web-frontend-2/{a}",
            sim.url()
        )
    };
    assert_eq!(
        client()
            .put(url("pause"))
            .send()
            .await
            .unwrap()
            .status()
            .as_u16(),
        200
    );
    assert_eq!(
        client()
            .put(url("pause"))
            .send()
            .await
            .unwrap()
            .status()
            .as_u16(),
        409
    );
    let (_, v) = get(
        &sim,
        "/apis/kubevirt.io/v1/namespaces/prod/virtualmachineinstances/web-frontend-2",
    )
    .await;
    assert_eq!(condition(&v, "Paused").unwrap()["reason"], "PausedByUser");
    assert_eq!(
        client()
            .put(url("unpause"))
            .send()
            .await
            .unwrap()
            .status()
            .as_u16(),
        200
    );
    assert_eq!(
        client()
            .put(url("unpause"))
            .send()
            .await
            .unwrap()
            .status()
            .as_u16(),
        409
    );
}

#[tokio::test]
async fn tokens_policy_and_access_reviews() {
    let mut policy = tempfile::NamedTempFile::new().unwrap();
    write!(
        policy,
        "{}",
        json!({"users": [
            {"name": "alice", "token": "alice-token", "rules": [
                {"verbs": ["get", "list", "watch"], "apiGroups": ["kubevirt.io"], "resources": ["virtualmachineinstances"], "namespaces": ["prod"]},
                {"verbs": ["get"], "apiGroups": ["subresources.kubevirt.io"], "resources": ["virtualmachineinstances/guestosinfo"], "namespaces": ["prod"]}]},
            {"name": "admin", "token": "admin-token", "rules": [{}]}
        ]})
    )
    .unwrap();
    let args = sim::SimArgs {
        clock: "manual".into(),
        token_policy: Some(policy.path().to_path_buf()),
        ..Default::default()
    };
    let sim = start(&args).await;
    let req = |path: &str, token: Option<&str>| {
        let mut r = client().get(format!("{}{path}", sim.url()));
        if let Some(t) = token {
            r = r.bearer_auth(t);
        }
        r
    };
    let code = |r: reqwest::Response| r.status().as_u16();
    let prod = "/apis/kubevirt.io/v1/namespaces/prod/virtualmachineinstances";
    assert_eq!(code(req(prod, None).send().await.unwrap()), 401);
    assert_eq!(code(req(prod, Some("wrong")).send().await.unwrap()), 401);
    assert_eq!(
        code(req(prod, Some("alice-token")).send().await.unwrap()),
        200
    );
    let r = req(
        "/apis/kubevirt.io/v1/virtualmachineinstances",
        Some("alice-token"),
    )
    .send()
    .await
    .unwrap();
    assert_eq!(r.status().as_u16(), 403);
    let st: serde_json::Value = r.json().await.unwrap();
    assert_eq!(st["reason"], "Forbidden");
    assert_eq!(
        st["message"],
        "virtualmachineinstances.kubevirt.io is forbidden: User \"alice\" cannot list resource \"virtualmachineinstances\" in API group \"kubevirt.io\" at the cluster scope"
    );
    assert_eq!(
        code(
            req("/api/v1/namespaces/prod/pods", Some("alice-token"))
                .send()
                .await
                .unwrap()
        ),
        403
    );
    assert_eq!(
        code(
            req(
                &format!("{SUB}/prod/virtualmachineinstances/web-frontend-1/guestosinfo"),
                Some("alice-token")
            )
            .send()
            .await
            .unwrap()
        ),
        200
    );
    assert_eq!(
        code(
            req(
                &format!("{SUB}/prod/virtualmachineinstances/web-frontend-1/userlist"),
                Some("alice-token")
            )
            .send()
            .await
            .unwrap()
        ),
        403
    );
    assert_eq!(
        code(
            req("/api/v1/pods", Some("admin-token"))
                .send()
                .await
                .unwrap()
        ),
        200
    );
    // Discovery works for any authenticated user.
    assert_eq!(
        code(req("/apis", Some("alice-token")).send().await.unwrap()),
        200
    );
    // SelfSubjectAccessReview answers from the same rules.
    let review = |token: &'static str, ns: &'static str, verb: &'static str| {
        let url = format!(
            "{}/apis/authorization.k8s.io/v1/selfsubjectaccessreviews",
            sim.url()
        );
        async move {
            let body = json!({"apiVersion": "authorization.k8s.io/v1", "kind": "SelfSubjectAccessReview",
                "spec": {"resourceAttributes": {"namespace": ns, "verb": verb, "group": "kubevirt.io", "resource": "virtualmachineinstances"}}});
            let r = client()
                .post(url)
                .bearer_auth(token)
                .json(&body)
                .send()
                .await
                .unwrap();
            assert_eq!(r.status().as_u16(), 201);
            let v: serde_json::Value = r.json().await.unwrap();
            v["status"]["allowed"].as_bool().unwrap()
        }
    };
    assert!(review("alice-token", "prod", "list").await);
    assert!(!review("alice-token", "staging", "list").await);
    assert!(!review("alice-token", "prod", "delete").await);
    assert!(review("admin-token", "staging", "delete").await);
}
