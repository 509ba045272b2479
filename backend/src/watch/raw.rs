//! [`Raw`]: a watched object as the API server sent it, read once into JSON for the model's
//! lenient readers, with the few metadata fields the watcher follows. Events are read so; the
//! other kinds are read straight into their model types ([`super::typed`]), and so only when
//! the deserializer cannot lend its text.
//!
//! Hand-written rather than kube's `DynamicObject`: that type reads every object through
//! serde's `flatten` (each value buffered once more as serde's `Content`), and the model's
//! readers take JSON, so each object was serialized back into a second copy before projecting.
//! At a start with 10,000 VMIs (and their pods and VMs) those two copies were most of the
//! backend's work.

use kube::core::ObjectMeta;
use serde::de::{
    Deserialize, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor,
};
use serde_json::{Map, Value};
use std::fmt;

/// Keys of an object's `spec` that no reader of a watched kind reads (`model::kube`'s spec
/// types: a pod's reader keeps only `spec.nodeName`, and no VMI, VM, node or migration spec
/// has these keys), skipped on the wire instead of read into the tree: a launcher pod's
/// containers, tolerations and security context are most of its spec.
const UNREAD_SPEC: &[&str] = &[
    "containers",
    "initContainers",
    "tolerations",
    "securityContext",
    "readinessGates",
    "nodeSelector",
    "affinity",
];

/// Keys of an object's `metadata` Strata never reads (see [`trim`]), skipped on the wire.
const UNREAD_METADATA: &[&str] = &["managedFields"];

/// An object of a watched kind: its JSON (without what Strata never reads, see [`trim`] and
/// [`UNREAD_SPEC`]) and the metadata the watcher needs (name, namespace, uid, resourceVersion).
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
    /// The object read as JSON, its unread parts ([`UNREAD_SPEC`], [`UNREAD_METADATA`])
    /// skipped as they stream by; anything but a JSON object is an error.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Raw, D::Error> {
        Ok(Raw::new(d.deserialize_map(Object)?))
    }
}

/// The top of an object: `spec` and `metadata` read without their unread keys.
struct Object;

impl<'de> Visitor<'de> for Object {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object is not a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let value = match key.as_str() {
                "spec" => map.next_value_seed(Without(UNREAD_SPEC))?,
                "metadata" => map.next_value_seed(Without(UNREAD_METADATA))?,
                _ => map.next_value()?,
            };
            out.insert(key, value);
        }
        Ok(Value::Object(out))
    }
}

/// Any JSON value; when it is an object, without these keys (their values skipped unread).
#[derive(Clone, Copy)]
struct Without(&'static [&'static str]);

impl<'de> DeserializeSeed<'de> for Without {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Without {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if self.0.contains(&key.as_str()) {
                map.next_value::<IgnoredAny>()?;
            } else {
                out.insert(key, map.next_value()?);
            }
        }
        Ok(Value::Object(out))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::new();
        while let Some(v) = seq.next_element()? {
            out.push(v);
        }
        Ok(Value::Array(out))
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(v.into())
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(v.into())
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
}

/// `kube::Resource` for a type read for a kind known at run time (its `ApiResource`), whose
/// metadata is its field `$meta`: written once for [`Raw`] and [`super::typed::Typed`]
/// (kube-core derives it only for static kinds).
macro_rules! dynamic_resource {
    (impl[$($g:tt)*] $ty:ty, $meta:ident) => {
        impl<$($g)*> kube::Resource for $ty {
            type DynamicType = kube::core::ApiResource;
            type Scope = kube::core::DynamicResourceScope;

            fn group(dt: &kube::core::ApiResource) -> std::borrow::Cow<'_, str> {
                dt.group.as_str().into()
            }

            fn version(dt: &kube::core::ApiResource) -> std::borrow::Cow<'_, str> {
                dt.version.as_str().into()
            }

            fn kind(dt: &kube::core::ApiResource) -> std::borrow::Cow<'_, str> {
                dt.kind.as_str().into()
            }

            fn api_version(dt: &kube::core::ApiResource) -> std::borrow::Cow<'_, str> {
                dt.api_version.as_str().into()
            }

            fn plural(dt: &kube::core::ApiResource) -> std::borrow::Cow<'_, str> {
                dt.plural.as_str().into()
            }

            fn meta(&self) -> &kube::core::ObjectMeta {
                &self.$meta
            }

            fn meta_mut(&mut self) -> &mut kube::core::ObjectMeta {
                &mut self.$meta
            }
        }
    };
}
pub(super) use dynamic_resource;

dynamic_resource!(impl[] Raw, metadata);

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

    #[test]
    fn unread_parts_are_skipped_on_the_wire_and_every_reader_reads_the_same() {
        use model::kube::{FromJson, Pod, Vmi};
        let pod = json!({
            "apiVersion": "v1", "kind": "Pod",
            "metadata": {"name": "virt-launcher-web-x", "namespace": "prod", "uid": "u-1",
                "managedFields": [{"manager": "kubelet"}],
                "annotations": {"kubevirt.io/domain": "web"}},
            "spec": {"nodeName": "worker-a", "priority": 0,
                "containers": [{"name": "compute", "image": "virt-launcher"}],
                "tolerations": [{"key": "k", "operator": "Exists"}],
                "securityContext": {"runAsUser": 107}, "readinessGates": [],
                "nodeSelector": {"kubevirt.io/schedulable": "true"}, "affinity": {}},
            "status": {"phase": "Running", "podIP": "10.0.0.7",
                "containerStatuses": [{"name": "compute", "ready": true, "restartCount": 1}]}
        });
        let text = pod.to_string();
        let raw: Raw = serde_json::from_str(&text).unwrap();
        assert_eq!(
            raw.json["spec"],
            json!({"nodeName": "worker-a", "priority": 0})
        );
        assert!(raw.json["metadata"].get("managedFields").is_none());
        assert_eq!(raw.metadata.uid.as_deref(), Some("u-1"));
        let read: Pod = crate::watch::typed(raw);
        assert_eq!(read, Pod::from_json(&pod));
        assert_eq!(read.spec.node_name.as_deref(), Some("worker-a"));
        // A VMI's spec keeps what its reader reads; odd shapes are kept as they are.
        let vmi = json!({"metadata": {"name": "web", "namespace": "prod"},
            "spec": {"domain": {"devices": {"interfaces": [{"name": "default", "bridge": {}}]}},
                "networks": [{"name": "default", "pod": {}}], "volumes": [{"name": "root"}],
                "evictionStrategy": "LiveMigrate", "nodeSelector": {"a": "b"}},
            "status": {"phase": "Running", "nodeName": "worker-a", "f": 1.5, "n": null, "b": true}});
        let raw: Raw = serde_json::from_str(&vmi.to_string()).unwrap();
        assert_eq!(raw.json["status"], vmi["status"]);
        assert_eq!(raw.json["spec"]["volumes"], vmi["spec"]["volumes"]);
        assert_eq!(crate::watch::typed::<Vmi>(raw), Vmi::from_json(&vmi));
        let odd: Raw =
            serde_json::from_str(r#"{"spec": "text", "metadata": [1, -2, 0.5]}"#).unwrap();
        assert_eq!(odd.json["spec"], "text");
        assert_eq!(odd.json["metadata"], json!([1, -2, 0.5]));
        assert!(serde_json::from_str::<Raw>("[1]").is_err());
    }
}
