//! KubeVirt's CustomResourceDefinitions on the test server.
//!
//! KubeVirt publishes no static CRD file: virt-operator generates them
//! (`pkg/virt-operator/resource/generate/components/crds.go`). The CRDs it generates at a
//! release are data kept outside the repository; `STRATA_KUBEVIRT_CRDS` names that folder (or
//! one file), else `../shared/kubevirt/crds/` beside the workspace. They are created (a plain
//! POST: they are too big for client-side apply's annotation) and waited on until Established.

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kube::api::{Api, DynamicObject, PostParams};
use kube::core::{ApiResource, GroupVersionKind};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Where the CRDs are read from.
pub fn source() -> PathBuf {
    match std::env::var_os("STRATA_KUBEVIRT_CRDS").filter(|p| !p.is_empty()) {
        Some(p) => PathBuf::from(p),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/kubevirt/crds"),
    }
}

/// Every CRD document of the `*.yaml` files at `path` (a folder or one file).
pub fn read(path: &Path) -> Result<Vec<Value>, String> {
    let mut files = Vec::new();
    if path.is_dir() {
        for e in std::fs::read_dir(path).map_err(|e| format!("{}: {e}", path.display()))? {
            let p = e.map_err(|e| e.to_string())?.path();
            if p.extension().is_some_and(|x| x == "yaml" || x == "yml") {
                files.push(p);
            }
        }
        files.sort();
    } else if path.is_file() {
        files.push(path.to_path_buf());
    }
    let mut crds = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()))?;
        let docs: Vec<Value> =
            serde_saphyr::from_multiple(&text).map_err(|e| format!("{}: {e}", f.display()))?;
        crds.extend(
            docs.into_iter()
                .filter(|d| d["kind"] == "CustomResourceDefinition"),
        );
    }
    if crds.is_empty() {
        return Err(format!(
            "no CustomResourceDefinition in {} (KubeVirt's generated CRDs; set STRATA_KUBEVIRT_CRDS)",
            path.display()
        ));
    }
    Ok(crds)
}

/// Creates `crds` and waits until each is Established; answers their names.
pub async fn install(client: &kube::Client, crds: Vec<Value>) -> Result<Vec<String>, String> {
    let resource = ApiResource::from_gvk(&GroupVersionKind::gvk(
        "apiextensions.k8s.io",
        "v1",
        "CustomResourceDefinition",
    ));
    let raw: Api<DynamicObject> = Api::all_with(client.clone(), &resource);
    let mut names = Vec::new();
    for crd in crds {
        let obj: DynamicObject = serde_json::from_value(crd).map_err(|e| e.to_string())?;
        let name = obj.metadata.name.clone().unwrap_or_default();
        raw.create(&PostParams::default(), &obj)
            .await
            .map_err(|e| format!("creating CRD {name}: {e}"))?;
        names.push(name);
    }
    let typed: Api<CustomResourceDefinition> = Api::all(client.clone());
    for name in &names {
        let established = kube::runtime::wait::await_condition(
            typed.clone(),
            name,
            kube::runtime::wait::conditions::is_crd_established(),
        );
        tokio::time::timeout(Duration::from_secs(60), established)
            .await
            .map_err(|_| format!("CRD {name} not Established within 60 s"))?
            .map_err(|e| format!("waiting for CRD {name}: {e}"))?;
    }
    Ok(names)
}
