//! Creating every object of a YAML manifest on the test server (as `kubectl create -f`), e.g.
//! `deploy/rbac.yaml`, so that the project's own manifests meet real RBAC.

use kube::api::{Api, DynamicObject, PostParams};
use kube::core::{ApiResource, GroupVersionKind};
use serde_json::Value;

/// Creates each document of `yaml` (multi-document), in order; answers `kind/name` of each.
pub async fn create_all(client: &kube::Client, yaml: &str) -> Result<Vec<String>, String> {
    let docs: Vec<Value> = serde_saphyr::from_multiple(yaml).map_err(|e| e.to_string())?;
    let mut created = Vec::new();
    for doc in docs.into_iter().filter(|d| d.is_object()) {
        let api_version = doc["apiVersion"].as_str().unwrap_or_default().to_string();
        let kind = doc["kind"].as_str().unwrap_or_default().to_string();
        let (group, version) = api_version.split_once('/').unwrap_or(("", &api_version));
        let resource = ApiResource::from_gvk(&GroupVersionKind::gvk(group, version, &kind));
        let obj: DynamicObject = serde_json::from_value(doc).map_err(|e| e.to_string())?;
        let name = obj.metadata.name.clone().unwrap_or_default();
        let api: Api<DynamicObject> = match &obj.metadata.namespace {
            Some(ns) => Api::namespaced_with(client.clone(), ns, &resource),
            None => Api::all_with(client.clone(), &resource),
        };
        api.create(&PostParams::default(), &obj)
            .await
            .map_err(|e| format!("creating {kind} {name}: {e}"))?;
        created.push(format!("{kind}/{name}"));
    }
    Ok(created)
}
