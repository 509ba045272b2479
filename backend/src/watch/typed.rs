//! [`Typed`]: a watched object read off the wire straight into its model type, with no JSON tree
//! in between.
//!
//! kube-rs reads a list page and each watch event from the text it received
//! (`serde_json::from_str`), so each item can be taken as the slice of that text it spans (a
//! borrowed [`RawValue`]: no copy, one scan) and read from it by the kind's own reader,
//! [`FromJson::from_json_text`]: one pass in which only the fields the model keeps are
//! allocated, the rest (a launcher pod's containers, `managedFields`, a VM's template) skipped as
//! they stream by. A part of the wrong shape still reads as the kind's tolerant reader reads it
//! (the text is then read again through a `Value`; see `model::kube::lenient::from_text`), so
//! odd data never fails a list. Read from anything else (a buffered value), the object goes the
//! way [`Raw`] reads it, with the same result.
//!
//! Issue 32: at a fleet's start the objects' `Value` trees (built, read into the model's types,
//! freed) were most of the backend's CPU.

use super::raw::Raw;
use kube::core::ObjectMeta;
use model::kube::{FromJson, Node, Pod, Vm, Vmi, Vmim};
use serde::de::{Deserialize, Deserializer, Error};
use serde_json::value::RawValue;
use std::fmt::Debug;

/// The annotation `kubectl apply` writes (a copy of the whole object as applied): never read,
/// dropped once read (as [`super::raw::trim`] drops it from a [`Raw`] object).
const LAST_APPLIED: &str = "kubectl.kubernetes.io/last-applied-configuration";

/// A kind the watchers read straight into its model type.
pub trait Model: FromJson + Clone + Debug + Send + Sync + 'static {
    fn metadata(&self) -> &model::kube::ObjectMeta;
    fn metadata_mut(&mut self) -> &mut model::kube::ObjectMeta;
}

macro_rules! model {
    ($($t:ty),*) => {$(
        impl Model for $t {
            fn metadata(&self) -> &model::kube::ObjectMeta {
                &self.metadata
            }
            fn metadata_mut(&mut self) -> &mut model::kube::ObjectMeta {
                &mut self.metadata
            }
        }
    )*};
}

model!(Pod, Vmi, Vm, Node, Vmim);

/// A watched object read into its model type `T`.
#[derive(Debug, Clone)]
pub struct Typed<T> {
    /// What kube-rs's watcher follows of it: its resourceVersion.
    meta: ObjectMeta,
    pub object: T,
}

impl<T: Model> Typed<T> {
    /// The object `object` (without the [`LAST_APPLIED`] annotation).
    pub fn new(mut object: T) -> Typed<T> {
        object.metadata_mut().annotations.remove(LAST_APPLIED);
        let meta = ObjectMeta {
            resource_version: object.metadata().resource_version.clone(),
            ..ObjectMeta::default()
        };
        Typed { meta, object }
    }

    /// The resourceVersion, when it is a number (as every API server makes it).
    pub fn version_number(&self) -> Option<u64> {
        self.meta
            .resource_version
            .as_deref()
            .and_then(|v| v.parse().ok())
    }
}

/// Whether `D` reads JSON text that a [`RawValue`] can borrow: kube-rs's lists and watch events
/// (`serde_json::from_str`). A type's name is the only test stable Rust offers for a deserializer
/// that is not `'static` (as `model::kube::lenient` tests for a `Value`).
pub(super) fn lends_text<D>() -> bool {
    use serde_json::de::{SliceRead, StrRead};
    let d = std::any::type_name::<D>();
    d == std::any::type_name::<&mut serde_json::Deserializer<StrRead<'static>>>()
        || d == std::any::type_name::<&mut serde_json::Deserializer<SliceRead<'static>>>()
}

impl<'de, T: Model> Deserialize<'de> for Typed<T> {
    /// The object read from the text it spans, or (from a deserializer that cannot lend it) as
    /// a [`Raw`] object; anything but a JSON object is an error, as for [`Raw`].
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Typed<T>, D::Error> {
        if !lends_text::<D>() {
            let raw = Raw::deserialize(d)?;
            return Ok(Typed::new(T::from_owned_json(raw.json)));
        }
        let text = <&'de RawValue>::deserialize(d)?.get();
        if !text.starts_with('{') {
            return Err(D::Error::custom("an object is not a JSON object"));
        }
        T::from_json_text(text)
            .map(Typed::new)
            .map_err(D::Error::custom)
    }
}

super::raw::dynamic_resource!(impl[T: Model] Typed<T>, meta);

#[cfg(test)]
mod tests {
    use super::*;
    use kube::core::{ObjectList, WatchEvent};
    use serde_json::{Value, json};

    /// The old way: the object read into a `Value` ([`Raw`]), then by the kind's reader.
    fn through_a_value<T: Model>(v: &Value) -> T {
        crate::watch::typed(serde_json::from_value::<Raw>(v.clone()).unwrap())
    }

    fn list(items: &[Value]) -> String {
        json!({"apiVersion": "v1", "kind": "List", "metadata": {"resourceVersion": "9"},
            "items": items})
        .to_string()
    }

    #[test]
    fn listed_objects_read_as_through_a_value_odd_ones_too() {
        let pod = json!({
            "apiVersion": "v1", "kind": "Pod",
            "metadata": {"name": "virt-launcher-web-x", "namespace": "prod", "uid": "u-1",
                "resourceVersion": "42", "managedFields": [{"manager": "kubelet"}],
                "annotations": {"kubevirt.io/domain": "web", LAST_APPLIED: "{\"big\": 1}"}},
            "spec": {"nodeName": "worker-a", "containers": [{"name": "compute"}]},
            "status": {"phase": "Running", "conditions": [{"type": "Ready", "status": "True"}],
                "containerStatuses": [{"name": "compute", "ready": true, "restartCount": 1,
                    "state": {"running": {}}}]}
        });
        // A condition that is no object, a status that is a list, labels of every shape.
        let odd = json!({
            "metadata": {"name": "virt-launcher-odd-y", "labels": {"a": 1, "b": {"c": 1}}},
            "spec": ["worker-b"],
            "status": {"phase": "Pending", "conditions": ["Ready", {"type": "Ready"}]}
        });
        let text = list(&[pod.clone(), odd.clone()]);
        let read: ObjectList<Typed<Pod>> = serde_json::from_str(&text).unwrap();
        assert_eq!(read.items[0].object, through_a_value::<Pod>(&pod));
        assert_eq!(read.items[1].object, through_a_value::<Pod>(&odd));
        assert_eq!(read.items[1].object.status.conditions.len(), 1);
        assert!(
            !read.items[0]
                .object
                .metadata
                .annotations
                .contains_key(LAST_APPLIED)
        );
        assert_eq!(read.items[0].version_number(), Some(42));
        use kube::Resource;
        assert_eq!(read.items[0].meta().resource_version.as_deref(), Some("42"));
        // Every kind.
        let vmi = json!({"metadata": {"name": "web", "namespace": "prod"},
            "spec": {"domain": {"devices": {"interfaces": [{"name": "default", "bridge": {}}]}},
                "volumes": [{"name": "root"}], "evictionStrategy": "LiveMigrate"},
            "status": {"phase": "Running", "nodeName": "worker-a", "activePods": {"p": "a"},
                "migrationState": {"targetNode": "worker-b"}}});
        let vm = json!({"metadata": {"name": "web", "namespace": "prod"},
            "spec": {"running": true, "template": {"spec": {"evictionStrategy": "None",
                "domain": {}}}}, "status": {"printableStatus": "Running"}});
        let node = json!({"metadata": {"name": "worker-a"},
            "spec": {"unschedulable": "true"}, "status": {"allocatable": {"cpu": 4}}});
        let vmim = json!({"metadata": {"name": "m", "namespace": "prod"},
            "spec": {"vmiName": "web"}, "status": {"phase": "Running"}});
        let one = |v: &Value| list(std::slice::from_ref(v));
        let r: ObjectList<Typed<Vmi>> = serde_json::from_str(&one(&vmi)).unwrap();
        assert_eq!(r.items[0].object, through_a_value::<Vmi>(&vmi));
        let r: ObjectList<Typed<Vm>> = serde_json::from_str(&one(&vm)).unwrap();
        assert_eq!(r.items[0].object, through_a_value::<Vm>(&vm));
        let r: ObjectList<Typed<Node>> = serde_json::from_str(&one(&node)).unwrap();
        assert_eq!(r.items[0].object, through_a_value::<Node>(&node));
        let r: ObjectList<Typed<Vmim>> = serde_json::from_str(&one(&vmim)).unwrap();
        assert_eq!(r.items[0].object, through_a_value::<Vmim>(&vmim));
        // Anything but an object fails the list, as it did.
        assert!(serde_json::from_str::<ObjectList<Typed<Pod>>>(&list(&[json!(1)])).is_err());
        assert!(serde_json::from_str::<ObjectList<Typed<Pod>>>(&list(&[json!([])])).is_err());
        // A buffered value (no text to lend): read as a `Raw` object is, the same.
        let t: Typed<Pod> = serde_json::from_value(odd.clone()).unwrap();
        assert_eq!(t.object, through_a_value::<Pod>(&odd));
    }

    /// Notes whether the deserializer it is read with lends its text.
    #[derive(Debug, Clone)]
    struct Probe(bool);

    impl<'de> Deserialize<'de> for Probe {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Probe, D::Error> {
            let lends = lends_text::<D>();
            serde::de::IgnoredAny::deserialize(d)?;
            Ok(Probe(lends))
        }
    }

    #[test]
    fn kube_reads_lists_and_watch_events_from_text_that_can_be_lent() {
        // How kube-rs reads them (`kube_client::Client::request` and `request_events`): if
        // that changed, every object would go the slow way, through a `Value`.
        let text = list(&[json!({"metadata": {}}), json!({"metadata": {}})]);
        let l: ObjectList<Probe> = serde_json::from_str(&text).unwrap();
        assert!(l.items.iter().all(|p| p.0), "{l:?}");
        let l: ObjectList<Probe> = serde_json::from_slice(text.as_bytes()).unwrap();
        assert!(l.items.iter().all(|p| p.0));
        let event = r#"{"type": "MODIFIED", "object": {"metadata": {"name": "a"}}}"#;
        match serde_json::from_str::<WatchEvent<Probe>>(event).unwrap() {
            WatchEvent::Modified(p) => assert!(p.0),
            other => panic!("{other:?}"),
        }
        // A buffered value cannot lend.
        let l: ObjectList<Probe> =
            serde_json::from_value(serde_json::from_str(&text).unwrap()).unwrap();
        assert!(l.items.iter().all(|p| !p.0));
    }
}
