//! KubeVirt's OpenAPI definitions as published in the npm package `@kubevirt-ui-ext/kubevirt-api`
//! (Apache-2.0), which OpenAPI Generator (typescript-fetch) makes from KubeVirt's
//! `api/openapi-spec/swagger.json` (of KubeVirt's main branch when the package was made; newer
//! fields are listed in the conformance test with their KubeVirt source). It ships TypeScript
//! declarations, not the JSON, so `dts` turns its model interfaces back into JSON-Schema
//! `definitions`. `cargo xtask setup --test` installs it globally; it is found with
//! `npm root --global`, as xtask finds the pinned axe-core.

pub mod dts;

use serde_json::{Map, Value};
use std::path::{Path, PathBuf};
use std::process::Command;

pub const PACKAGE: &str = "@kubevirt-ui-ext/kubevirt-api";
/// The pinned version: `KUBEVIRT_API_VERSION` in `xtask/src/setup.rs` must say the same.
pub const VERSION: &str = "1.7.0";
/// The declarations of KubeVirt's own API inside the package.
const DECLARATIONS: &str = "dist/kubevirt/index.d.ts";

/// The package's folder in the global npm root, if the pinned version is installed there.
fn package_dir() -> Result<PathBuf, String> {
    let missing = |why: String| {
        format!(
            "{PACKAGE}@{VERSION} is needed: {why}; run `cargo xtask setup --test` to install it"
        )
    };
    let out = Command::new("npm")
        .args(["root", "--global"])
        .output()
        .map_err(|e| missing(format!("cannot run npm ({e})")))?;
    let root = String::from_utf8_lossy(&out.stdout);
    let dir = Path::new(root.trim()).join(PACKAGE);
    let manifest = std::fs::read_to_string(dir.join("package.json"))
        .map_err(|e| missing(format!("{} ({e})", dir.display())))?;
    let manifest: Value = serde_json::from_str(&manifest).map_err(|e| missing(e.to_string()))?;
    if manifest["version"] != VERSION {
        return Err(missing(format!("{} is installed", manifest["version"])));
    }
    Ok(dir)
}

/// KubeVirt's definitions, keyed by the generator's names (see `ts_name`); panics with what to
/// run when the package is missing, so the conformance test cannot pass without it.
pub fn definitions() -> Map<String, Value> {
    let path = package_dir()
        .unwrap_or_else(|e| panic!("{e}"))
        .join(DECLARATIONS);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    dts::definitions(&text)
}

/// The generator's name of a swagger definition: `v1.VirtualMachineInstance` is
/// `V1VirtualMachineInstance`, `k8s.io.apimachinery.pkg.apis.meta.v1.ObjectMeta` is
/// `K8sIoApimachineryPkgApisMetaV1ObjectMeta`.
pub fn ts_name(swagger: &str) -> String {
    swagger
        .split('.')
        .map(|part| {
            let mut chars = part.chars();
            chars
                .next()
                .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
                .unwrap_or_default()
        })
        .collect()
}
