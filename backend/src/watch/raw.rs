//! [`Raw`]: a watched object as the API server sent it, read once into JSON for the model's
//! lenient readers, with the few metadata fields the watcher follows.
//!
//! Hand-written rather than kube's `DynamicObject`: that type reads every object through
//! serde's `flatten` (each value buffered once more as serde's `Content`), and the model's
//! readers take JSON, so each object was serialized back into a second copy before projecting.
//! At a start with 10,000 VMIs (and their pods and VMs) those two copies were most of the
//! backend's work.

use kube::core::{ApiResource, DynamicResourceScope, ObjectMeta};
use serde::de::{Deserialize, Deserializer, Error as _};
use serde_json::Value;
use std::borrow::Cow;

/// An object of a watched kind: its JSON (without what Strata never reads, see [`trim`]) and
/// the metadata the watcher needs (name, namespace, uid, resourceVersion).
#[derive(Debug, Clone, Default)]
pub struct Raw {
    pub metadata: ObjectMeta,
    pub json: Value,
}

/// Drops what Strata never reads: `managedFields` and the last-applied annotation.
pub(super) fn trim(json: &mut Value) {
    let Some(meta) = json.get_mut("metadata").and_then(Value::as_object_mut) else {
        return;
    };
    meta.remove("managedFields");
    if let Some(a) = meta.get_mut("annotations").and_then(Value::as_object_mut) {
        a.remove("kubectl.kubernetes.io/last-applied-configuration");
    }
}

impl Raw {
    /// The object `json` (trimmed).
    pub fn new(mut json: Value) -> Raw {
        trim(&mut json);
        let m = &json["metadata"];
        let s = |k: &str| m[k].as_str().map(str::to_string);
        let metadata = ObjectMeta {
            name: s("name"),
            namespace: s("namespace"),
            uid: s("uid"),
            resource_version: s("resourceVersion"),
            ..ObjectMeta::default()
        };
        Raw { metadata, json }
    }
}

impl<'de> Deserialize<'de> for Raw {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Raw, D::Error> {
        let json = Value::deserialize(d)?;
        if !json.is_object() {
            return Err(D::Error::custom("an object is not a JSON object"));
        }
        Ok(Raw::new(json))
    }
}

impl kube::Resource for Raw {
    type DynamicType = ApiResource;
    type Scope = DynamicResourceScope;

    fn group(dt: &ApiResource) -> Cow<'_, str> {
        dt.group.as_str().into()
    }

    fn version(dt: &ApiResource) -> Cow<'_, str> {
        dt.version.as_str().into()
    }

    fn kind(dt: &ApiResource) -> Cow<'_, str> {
        dt.kind.as_str().into()
    }

    fn api_version(dt: &ApiResource) -> Cow<'_, str> {
        dt.api_version.as_str().into()
    }

    fn plural(dt: &ApiResource) -> Cow<'_, str> {
        dt.plural.as_str().into()
    }

    fn meta(&self) -> &ObjectMeta {
        &self.metadata
    }

    fn meta_mut(&mut self) -> &mut ObjectMeta {
        &mut self.metadata
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_object_keeps_its_json_and_the_metadata_the_watcher_follows() {
        let raw: Raw = serde_json::from_value(json!({
            "apiVersion": "v1", "kind": "Pod",
            "metadata": {"name": "p", "namespace": "prod", "uid": "u-1", "resourceVersion": "42",
                "managedFields": [{"manager": "kubectl"}],
                "annotations": {"kubectl.kubernetes.io/last-applied-configuration": "{}",
                    "keep": "me"}},
            "status": {"phase": "Running"}
        }))
        .unwrap();
        assert_eq!(raw.metadata.name.as_deref(), Some("p"));
        assert_eq!(raw.metadata.namespace.as_deref(), Some("prod"));
        assert_eq!(raw.metadata.uid.as_deref(), Some("u-1"));
        assert_eq!(raw.metadata.resource_version.as_deref(), Some("42"));
        assert_eq!(raw.json["status"]["phase"], "Running");
        assert_eq!(raw.json["kind"], "Pod");
        // Trimmed: what Strata never reads is gone, the rest kept.
        assert!(raw.json["metadata"].get("managedFields").is_none());
        assert_eq!(raw.json["metadata"]["annotations"], json!({"keep": "me"}));
        assert!(serde_json::from_value::<Raw>(json!([1])).is_err());
    }
}
