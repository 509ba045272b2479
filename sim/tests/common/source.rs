//! Helpers of the issue-15 tests: one scenario VM (`default/<scenario>`) imitating a KubeVirt
//! release, and its objects and events.

use super::*;
use serde_json::Value;
use sim::{Sim, SimArgs};

pub const KV: &str = "/apis/kubevirt.io/v1/namespaces";

/// One scenario VM (`default/<scenario>`) on a manual clock, imitating `version`.
pub async fn scenario(name: &str, version: &str) -> Sim {
    start(&SimArgs {
        scenarios: name.into(),
        clock: "manual".into(),
        kubevirt_version: version.into(),
        ..SimArgs::default()
    })
    .await
}

pub async fn vmi(sim: &Sim, name: &str) -> Value {
    let (code, v) = get(sim, &format!("{KV}/default/virtualmachineinstances/{name}")).await;
    assert_eq!(code, 200, "{name}");
    v
}

pub async fn vmims(sim: &Sim, vmi: &str) -> Vec<Value> {
    let path = format!(
        "{KV}/default/virtualmachineinstancemigrations?labelSelector=kubevirt.io/vmi-name%3D{vmi}"
    );
    get(sim, &path).await.1["items"].as_array().unwrap().clone()
}

pub async fn pod(sim: &Sim, name: &str) -> Value {
    get(sim, &format!("/api/v1/namespaces/default/pods/{name}"))
        .await
        .1
}

pub async fn pods_of(sim: &Sim, vm: &str) -> Vec<Value> {
    let path = format!("/api/v1/namespaces/default/pods?labelSelector=vm.kubevirt.io/name%3D{vm}");
    get(sim, &path).await.1["items"].as_array().unwrap().clone()
}

pub async fn events(sim: &Sim, kind: &str, name: &str) -> Vec<(String, String, String)> {
    let path = format!(
        "/api/v1/namespaces/default/events?fieldSelector=involvedObject.kind%3D{kind},involvedObject.name%3D{name}"
    );
    let (_, evs) = get(sim, &path).await;
    evs["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let s = |k: &str| e[k].as_str().unwrap_or_default().to_string();
            (s("type"), s("reason"), s("message"))
        })
        .collect()
}

pub fn has_event(evs: &[(String, String, String)], ty: &str, reason: &str, message: &str) -> bool {
    evs.iter()
        .any(|(t, r, m)| t == ty && r == reason && m == message)
}

/// A pod's name.
pub fn launcher_of(v: &Value) -> String {
    v["metadata"]["name"].as_str().unwrap().to_string()
}
