//! The simulated fleet over real HTTP: clusters that hold the same namespace/name as different
//! objects, one cluster unreachable or with expired credentials while the others answer, tokens
//! that hold on one cluster only (its admin's and its own users', access reviews by that
//! cluster's rules), and the kubeconfig naming every cluster (read by kube-rs).

mod common;

use serde_json::Value;
use sim::SimArgs;
use sim::fleet::{Fleet, FleetCluster, SHARED_VM};
use std::time::Duration;

const VMIS: &str = "/apis/kubevirt.io/v1/virtualmachineinstances";

async fn demo() -> Fleet {
    let base = SimArgs {
        clock: "manual".into(),
        ..SimArgs::default()
    };
    Fleet::demo(3, &base).await.unwrap()
}

/// GET with `token` (if any): the status and JSON body, or the client's error.
async fn get_as(
    c: &FleetCluster,
    token: Option<&str>,
    path: &str,
) -> Result<(u16, Value), reqwest::Error> {
    let mut req = common::client().get(format!("{}{path}", c.url()));
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let r = req.send().await?;
    let code = r.status().as_u16();
    Ok((code, r.json().await.unwrap_or(Value::Null)))
}

/// GET with the cluster's own token; panics when the request fails.
async fn get(c: &FleetCluster, path: &str) -> (u16, Value) {
    get_as(c, c.token(), path).await.unwrap()
}

fn shared_vmi_path() -> String {
    let (ns, name) = SHARED_VM;
    format!("/apis/kubevirt.io/v1/namespaces/{ns}/virtualmachineinstances/{name}")
}

fn has_condition(o: &Value, ty: &str) -> bool {
    common::condition(o, ty).is_some_and(|c| c["status"] == "True")
}

#[tokio::test]
async fn the_same_namespace_and_name_are_different_objects_in_each_cluster() {
    let fleet = demo().await;
    let names: Vec<_> = fleet.clusters().iter().map(|c| c.name()).collect();
    assert_eq!(names, ["prod", "staging", "edge"]);
    let mut vmis = Vec::new();
    for c in fleet.clusters() {
        let (code, vmi) = get(c, &shared_vmi_path()).await;
        assert_eq!(code, 200, "{}: {vmi}", c.name());
        vmis.push(vmi);
    }
    let uid = |v: &Value| v["metadata"]["uid"].as_str().unwrap().to_string();
    assert_ne!(uid(&vmis[0]), uid(&vmis[1]));
    assert_ne!(uid(&vmis[1]), uid(&vmis[2]));
    assert_ne!(uid(&vmis[0]), uid(&vmis[2]));
    assert_eq!(vmis[0]["status"]["nodeName"], "worker-1");
    assert_eq!(vmis[1]["status"]["nodeName"], "worker-2");
    assert!(
        has_condition(&vmis[0], "AgentConnected"),
        "prod's has an agent"
    );
    assert!(
        !has_condition(&vmis[1], "AgentConnected"),
        "staging's has none"
    );
    // Each cluster serves only its own objects.
    let prod_only = "/apis/kubevirt.io/v1/namespaces/prod/virtualmachineinstances/web-frontend-1";
    assert_eq!(get(&fleet.clusters()[0], prod_only).await.0, 200);
    assert_eq!(get(&fleet.clusters()[1], prod_only).await.0, 404);
}

async fn count(c: &FleetCluster, path: &str) -> usize {
    let (code, list) = get(c, path).await;
    assert_eq!(code, 200, "{}: {list}", c.name());
    list["items"].as_array().unwrap().len()
}

#[tokio::test]
async fn clusters_differ_in_size_and_troubles() {
    let fleet = demo().await;
    let [prod, staging, edge] = fleet.clusters() else {
        panic!("three clusters")
    };
    let sizes = [
        count(prod, VMIS).await,
        count(staging, VMIS).await,
        count(edge, VMIS).await,
    ];
    assert!(sizes[0] > sizes[1] && sizes[1] > sizes[2], "{sizes:?}");
    assert_eq!(
        sizes[2], 4,
        "edge: the bastion, the camera hub, two gateways"
    );
    assert_eq!(count(edge, "/api/v1/nodes").await, 4);
    fleet.advance(120.0);
    // staging: the migration of db/postgres-0 failed (its target pod died).
    let (_, vmims) = get(
        staging,
        "/apis/kubevirt.io/v1/namespaces/db/virtualmachineinstancemigrations",
    )
    .await;
    let phases: Vec<_> = vmims["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["status"]["phase"].clone())
        .collect();
    assert!(phases.iter().any(|p| p == "Failed"), "{phases:?}");
    // edge: worker-3 stopped 30 s in and is NotReady now; prod has no such node trouble there.
    let ready = |n: &Value| common::condition(n, "Ready").unwrap()["status"].clone();
    let (_, node) = get(edge, "/api/v1/nodes/worker-3").await;
    assert_ne!(ready(&node), "True", "{node}");
    let (_, node) = get(staging, "/api/v1/nodes/worker-3").await;
    assert_eq!(ready(&node), "True");
}

#[tokio::test]
async fn an_unreachable_cluster_refuses_connections_while_the_others_answer() {
    let fleet = demo().await;
    let staging = fleet.cluster("staging").unwrap();
    let prod = fleet.cluster("prod").unwrap();
    let mut watch = common::client()
        .get(format!("{}{VMIS}?watch=true", staging.url()))
        .bearer_auth(staging.token().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(watch.status().as_u16(), 200);
    assert!(watch.chunk().await.unwrap().is_some(), "the initial events");
    assert!(fleet.set_unreachable("staging", true));
    // The open watch is cut, not ended cleanly.
    let ended = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match watch.chunk().await {
                Ok(Some(_)) => continue,
                Ok(None) => return "clean end",
                Err(_) => return "error",
            }
        }
    })
    .await
    .expect("the watch ends");
    assert_eq!(ended, "error");
    let err = get_as(staging, staging.token(), VMIS).await.unwrap_err();
    assert!(err.is_connect(), "connection refused: {err:?}");
    assert_eq!(get(prod, VMIS).await.0, 200, "prod stays live");
    // Back on the same address.
    assert!(fleet.set_unreachable("staging", false));
    assert_eq!(
        answers_within(staging, Duration::from_secs(3)).await,
        Some(200)
    );
}

/// The status of a GET to `VMIS`, retried until the cluster answers or `limit` passes.
async fn answers_within(c: &FleetCluster, limit: Duration) -> Option<u16> {
    let until = tokio::time::Instant::now() + limit;
    while tokio::time::Instant::now() < until {
        if let Ok((code, _)) = get_as(c, c.token(), VMIS).await {
            return Some(code);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    None
}

#[tokio::test]
async fn the_control_api_makes_a_cluster_unreachable_for_a_while() {
    let fleet = demo().await;
    let edge = fleet.cluster("edge").unwrap();
    let r = common::client()
        .post(format!(
            "{}/_sim/faults/unreachable?seconds=1.5",
            edge.url()
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    tokio::time::sleep(Duration::from_millis(400)).await;
    let err = get_as(edge, None, VMIS).await.unwrap_err();
    assert!(err.is_connect(), "{err:?}");
    assert_eq!(
        answers_within(edge, Duration::from_secs(5)).await,
        Some(200)
    );
    let (_, faults) = get(edge, "/_sim/faults").await;
    assert_eq!(faults["unreachable"], false);
}

fn is_unauthorized(code: u16, body: &Value) -> bool {
    code == 401
        && body["kind"] == "Status"
        && body["code"] == 401
        && body["reason"] == "Unauthorized"
}

#[tokio::test]
async fn expired_credentials_are_answered_401_on_that_cluster_only() {
    let fleet = demo().await;
    let prod = fleet.cluster("prod").unwrap();
    let staging = fleet.cluster("staging").unwrap();
    let edge = fleet.cluster("edge").unwrap();
    assert_eq!(get(prod, VMIS).await.0, 200);
    assert!(fleet.set_credentials_expired("prod", true));
    let (code, body) = get(prod, VMIS).await;
    assert!(is_unauthorized(code, &body), "{code} {body}");
    let (code, body) = get(prod, "/version").await;
    assert!(is_unauthorized(code, &body), "{code} {body}");
    assert_eq!(get(staging, VMIS).await.0, 200, "staging stays live");
    // Renewed through the control API.
    let r = common::client()
        .post(format!("{}/_sim/faults/credentials", prod.url()))
        .json(&serde_json::json!({"expired": false}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert_eq!(get(prod, VMIS).await.0, 200);
    // A cluster without a token policy: its anonymous requests are refused too.
    assert_eq!(get(edge, VMIS).await.0, 200);
    edge.sim.set_credentials_expired(true);
    let (code, body) = get(edge, VMIS).await;
    assert!(is_unauthorized(code, &body), "{code} {body}");
}

#[tokio::test]
async fn a_token_of_one_cluster_is_refused_by_another() {
    let fleet = demo().await;
    let prod = fleet.cluster("prod").unwrap();
    let staging = fleet.cluster("staging").unwrap();
    assert_ne!(prod.token(), staging.token());
    assert_eq!(get(staging, VMIS).await.0, 200);
    let (code, body) = get_as(staging, prod.token(), VMIS).await.unwrap();
    assert!(is_unauthorized(code, &body), "{code} {body}");
    let (code, body) = get_as(prod, staging.token(), VMIS).await.unwrap();
    assert!(is_unauthorized(code, &body), "{code} {body}");
    let (code, _) = get_as(staging, None, VMIS).await.unwrap();
    assert_eq!(code, 401);
}

/// POSTs a SelfSubjectAccessReview of `list virtualmachineinstances` in `ns` with `token`:
/// the status and whether it is allowed.
async fn may_list_vmis(c: &FleetCluster, token: &str, ns: &str) -> (u16, bool) {
    let review = serde_json::json!({
        "apiVersion": "authorization.k8s.io/v1", "kind": "SelfSubjectAccessReview",
        "spec": {"resourceAttributes": {"verb": "list", "group": "kubevirt.io",
            "resource": "virtualmachineinstances", "namespace": ns}}});
    let r = common::client()
        .post(format!(
            "{}/apis/authorization.k8s.io/v1/selfsubjectaccessreviews",
            c.url()
        ))
        .bearer_auth(token)
        .json(&review)
        .send()
        .await
        .unwrap();
    let code = r.status().as_u16();
    let body: Value = r.json().await.unwrap_or(Value::Null);
    (code, body["status"]["allowed"] == true)
}

#[tokio::test]
async fn each_cluster_knows_its_own_users_and_refuses_the_others() {
    use sim::auth::{Rule, User};
    use sim::fleet::ClusterPlan;
    let user = |token: &str, ns: &str| User {
        name: "alice".into(),
        token: token.into(),
        groups: Vec::new(),
        rules: vec![Rule {
            verbs: vec!["list".into()],
            api_groups: vec!["kubevirt.io".into()],
            resources: vec!["virtualmachineinstances".into()],
            namespaces: vec![ns.into()],
        }],
    };
    let plan = |name: &str, seed: u64, alice: User| ClusterPlan {
        token: Some(format!("{name}-admin-token")),
        users: vec![alice],
        ..ClusterPlan::new(name, seed)
    };
    let plans = vec![
        plan("a", 1, user("alice-a", "web")),
        plan("b", 2, user("alice-b", "infra")),
    ];
    let any = std::net::SocketAddr::from(([127, 0, 0, 1], 0));
    let fleet = Fleet::start(plans, &SimArgs::default(), any).await.unwrap();
    let (a, b) = (fleet.cluster("a").unwrap(), fleet.cluster("b").unwrap());
    // Each user's review on its own cluster, by its own rules.
    assert_eq!(may_list_vmis(a, "alice-a", "web").await, (201, true));
    assert_eq!(may_list_vmis(a, "alice-a", "infra").await, (201, false));
    assert_eq!(may_list_vmis(b, "alice-b", "infra").await, (201, true));
    // The other cluster's token: 401, whatever it asks.
    assert_eq!(may_list_vmis(b, "alice-a", "web").await.0, 401);
    assert_eq!(may_list_vmis(a, "alice-b", "infra").await.0, 401);
    // The cluster's own admin still reads everything.
    assert_eq!(get(a, VMIS).await.0, 200);
}

#[tokio::test]
async fn the_kubeconfig_names_every_cluster_and_kube_rs_reaches_each() {
    use k8s_openapi::api::core::v1::Node;
    use kube::config::{KubeConfigOptions, Kubeconfig};
    let base = SimArgs {
        clock: "manual".into(),
        ..SimArgs::default()
    };
    let fleet = Fleet::demo(4, &base).await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fleet.kubeconfig");
    fleet.write_kubeconfig(&path).unwrap();
    let kc = Kubeconfig::read_from(&path).unwrap();
    let contexts: Vec<_> = kc.contexts.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(contexts, ["prod", "staging", "edge", "prod-2"]);
    assert_eq!(kc.current_context.as_deref(), Some("prod"));
    for (c, named) in fleet.clusters().iter().zip(&kc.clusters) {
        assert_eq!(named.name, c.name());
        let server = named.cluster.as_ref().unwrap().server.clone();
        assert_eq!(server, Some(c.url()));
    }
    for c in fleet.clusters() {
        let options = KubeConfigOptions {
            context: Some(c.name().to_string()),
            ..KubeConfigOptions::default()
        };
        let config = kube::Config::from_custom_kubeconfig(kc.clone(), &options)
            .await
            .unwrap();
        let client = kube::Client::try_from(config).unwrap();
        let nodes = kube::Api::<Node>::all(client)
            .list(&Default::default())
            .await
            .unwrap_or_else(|e| panic!("{}: {e}", c.name()));
        assert_eq!(
            nodes.items.len(),
            count(c, "/api/v1/nodes").await,
            "{}",
            c.name()
        );
    }
}
