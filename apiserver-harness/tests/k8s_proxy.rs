//! The read-only `/k8s` proxy (`--enable-k8s-proxy`) against the real server's paths: every path
//! shape the proxy lets through (`backend::proxy`'s allowlist), asked of a console on the real
//! server holding the simulator's world and of a console on the simulator itself, answers the
//! same status and kind, and the same names for a namespace's lists; a watch passes through.

mod common;

use backend::run::{Console, Options};
use common::world::*;
use serde_json::Value;
use sim::resources;
use std::collections::BTreeSet;

async fn console_with_proxy(client: kube::Client) -> Console {
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
        .await
        .unwrap();
    let options = Options {
        k8s_proxy: true,
        ..Options::local(None)
    };
    backend::run::start_with(client, listener, options).unwrap()
}

/// (status, kind, the names of the items in `ns` for a list) of `GET path` through the proxy.
async fn read(console: &Console, path: &str, ns: &str) -> (u16, String, BTreeSet<String>) {
    let res = reqwest::get(format!("{}{path}", console.url()))
        .await
        .unwrap();
    let status = res.status().as_u16();
    let body: Value = res.json().await.unwrap_or_default();
    let names = body["items"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|o| o["metadata"]["namespace"] == ns)
        .map(|o| {
            o["metadata"]["name"]
                .as_str()
                .unwrap_or_default()
                .to_string()
        })
        .collect();
    let kind = body["kind"].as_str().unwrap_or_default().to_string();
    (status, kind, names)
}

/// The first object of `r` the simulator serves: (namespace, name).
fn first(sim: &sim::Sim, r: &sim::resources::Resource) -> (String, String) {
    let (_, objects) = sim.store().list(r, None);
    let m = &objects[0]["metadata"];
    (
        m["namespace"].as_str().unwrap_or_default().to_string(),
        m["name"].as_str().unwrap().to_string(),
    )
}

#[tokio::test]
async fn every_path_the_proxy_allows_reads_the_same_from_the_real_server_as_from_the_simulator() {
    let Some(server) = apiserver_harness::shared() else {
        return;
    };
    let sim = mirrored_demo_migrating(server).await;
    let real = console_with_proxy(
        backend::kube_client::connect(backend::kube_client::Source::Kubeconfig {
            path: Some(server.kubeconfig.clone()),
            context: None,
        })
        .await
        .unwrap(),
    )
    .await;
    let on_sim = console_with_proxy(
        backend::kube_client::connect(backend::kube_client::Source::Url(sim.url()))
            .await
            .unwrap(),
    )
    .await;
    let (ns, vmi) = first(&sim, &resources::VMI);
    let (pod_ns, pod) = first(&sim, &resources::POD);
    let (_, node) = first(&sim, &resources::NODE);
    let (vm_ns, vm) = first(&sim, &resources::VM);
    let kv = "/k8s/apis/kubevirt.io/v1";
    let paths = [
        ("/k8s/api/v1/namespaces".to_string(), ""),
        (format!("/k8s/api/v1/namespaces/{ns}"), ""),
        ("/k8s/api/v1/nodes".into(), ""),
        (format!("/k8s/api/v1/nodes/{node}"), ""),
        (
            "/k8s/api/v1/pods?labelSelector=kubevirt.io%3Dvirt-launcher".into(),
            &pod_ns,
        ),
        ("/k8s/api/v1/events".into(), &ns),
        (format!("/k8s/api/v1/namespaces/{pod_ns}/pods"), &pod_ns),
        (format!("/k8s/api/v1/namespaces/{pod_ns}/pods/{pod}"), ""),
        (format!("/k8s/api/v1/namespaces/{ns}/events"), &ns),
        (format!("{kv}/virtualmachineinstances"), &ns),
        (format!("{kv}/virtualmachines"), &vm_ns),
        (format!("{kv}/virtualmachineinstancemigrations"), &ns),
        (format!("{kv}/namespaces/{ns}/virtualmachineinstances"), &ns),
        (
            format!("{kv}/namespaces/{ns}/virtualmachineinstances/{vmi}"),
            "",
        ),
        (format!("{kv}/namespaces/{vm_ns}/virtualmachines/{vm}"), ""),
        (
            format!("{kv}/namespaces/{ns}/virtualmachineinstancemigrations"),
            &ns,
        ),
        (
            format!("{kv}/namespaces/{ns}/virtualmachineinstances/no-such-vmi"),
            "",
        ),
    ];
    let mut differ = Vec::new();
    for (path, ns) in &paths {
        let (want, got) = (read(&on_sim, path, ns).await, read(&real, path, ns).await);
        if want != got {
            differ.push(format!(
                "{path}:\n  simulator: {want:?}\n  real:      {got:?}"
            ));
        }
        assert!(
            matches!(got.0, 200 | 404),
            "{path}: the real server answered {got:?}"
        );
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));

    // A watch passes through as a stream of the real server's events.
    let watch = format!("/k8s/api/v1/namespaces/{pod_ns}/pods?watch=true&timeoutSeconds=2");
    let body = reqwest::get(format!("{}{watch}", real.url()))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let first_event: Value = serde_json::from_str(body.lines().next().unwrap()).unwrap();
    assert_eq!(first_event["type"], "ADDED", "{body}");
    assert_eq!(first_event["object"]["kind"], "Pod");

    // No virt-api serves `subresources.kubevirt.io` here: the proxy forwards the guest agent
    // path and the real server's 404 comes back (the simulator plays virt-api, so it is left
    // out of the comparison above).
    let agent = format!(
        "/k8s/apis/subresources.kubevirt.io/v1/namespaces/{ns}/virtualmachineinstances/{vmi}/guestosinfo"
    );
    assert_eq!(read(&real, &agent, "").await.0, 404);
}
