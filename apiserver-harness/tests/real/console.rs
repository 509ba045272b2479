//! The console against a real kube-apiserver: `strata serve --kubeconfig` (here the same
//! `backend::run` with a client from the harness's kubeconfig) watches KubeVirt's kinds through
//! the real CRDs and lists the simulator's VMIs, with their phases, at `/api/v1/vmis`; with more
//! VMIs than one page of its list (`backend::watch::PAGE_SIZE`), read through `continue`.

use crate::common::*;
use apiserver_harness::User;
use kube::api::{DynamicObject, PostParams};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

#[tokio::test]
async fn the_console_lists_the_vmis_of_a_real_api_server() {
    let Some(server) = apiserver_harness::shared() else {
        return;
    };
    let ns = apiserver_harness::namespace(server, "console").await;
    let api = vmis(server, User::Admin, &ns);
    let mut wrote = BTreeMap::new();
    for vmi in sim_objects(&sim::resources::VMI, &[0.0]).await {
        let obj = rehome(&vmi, &ns);
        let name = obj["metadata"]["name"].as_str().unwrap().to_string();
        let phase = obj["status"]["phase"].as_str().unwrap_or("").to_string();
        let dynamic: DynamicObject = serde_json::from_value(obj).unwrap();
        api.create(&PostParams::default(), &dynamic).await.unwrap();
        wrote.insert(name, phase);
    }
    assert!(wrote.len() > 5, "the demo mix has VMIs");
    // More than a page of the console's list in this namespace alone.
    for i in 0..backend::watch::PAGE_SIZE + 10 {
        let name = format!("page-{i}");
        api.create(&PostParams::default(), &small_vmi(&name))
            .await
            .unwrap();
        wrote.insert(name, String::new());
    }

    let source = backend::kube_client::Source::Kubeconfig {
        path: Some(server.kubeconfig.clone()),
        context: None,
    };
    let client = backend::kube_client::connect(source).await.unwrap();
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
        .await
        .unwrap();
    let console =
        backend::run::start_with(client, listener, backend::run::Options::local(None)).unwrap();

    let deadline = Instant::now() + Duration::from_secs(60);
    let listed = loop {
        let res = reqwest::get(format!("{}/api/v1/vmis", console.url()))
            .await
            .unwrap();
        let status = res.status().as_u16();
        let body: serde_json::Value = res.json().await.unwrap_or_default();
        let listed: BTreeMap<String, String> = body
            .as_array()
            .into_iter()
            .flatten()
            .filter(|s| s["key"]["namespace"] == ns.as_str())
            .map(|s| {
                (
                    s["key"]["name"].as_str().unwrap_or("").to_string(),
                    s["phase"].as_str().unwrap_or("").to_string(),
                )
            })
            .collect();
        if status == 200 && listed.len() == wrote.len() {
            break listed;
        }
        assert!(
            Instant::now() < deadline,
            "the console listed {} of {} VMIs within 60 s (last answer {status})",
            listed.len(),
            wrote.len()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert_eq!(listed, wrote);
}
