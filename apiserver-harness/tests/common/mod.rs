//! Helpers of the real API server tests: KubeVirt's kinds through kube-rs, and the objects the
//! simulator produces, moved into a test's namespace.
#![allow(dead_code)]

use apiserver_harness::{ApiServer, User};
use kube::api::{Api, DynamicObject};
use kube::core::{ApiResource, GroupVersionKind};
use serde_json::{Map, Value, json};

pub fn resource(kind: &str, plural: &str) -> ApiResource {
    ApiResource::from_gvk_with_plural(&GroupVersionKind::gvk("kubevirt.io", "v1", kind), plural)
}

pub fn vmi_resource() -> ApiResource {
    resource("VirtualMachineInstance", "virtualmachineinstances")
}

/// VMIs in `namespace` as `user`.
pub fn vmis(server: &ApiServer, user: User, namespace: &str) -> Api<DynamicObject> {
    Api::namespaced_with(server.client(user).unwrap(), namespace, &vmi_resource())
}

/// A VMI as small as KubeVirt's CRD schema takes (`spec.domain.devices` is required).
pub fn small_vmi(name: &str) -> DynamicObject {
    serde_json::from_value(json!({
        "apiVersion": "kubevirt.io/v1",
        "kind": "VirtualMachineInstance",
        "metadata": {"name": name},
        "spec": {"domain": {"devices": {}}},
    }))
    .unwrap()
}

/// The objects of `resource` the simulator serves at each of `moments` (seconds to advance its
/// manual clock by, in turn) of its demo mix. Each moment's objects are distinct: after the
/// first, names get `-t<seconds since start>`.
pub async fn sim_objects(resource: &sim::resources::Resource, moments: &[f64]) -> Vec<Value> {
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
        .await
        .unwrap();
    let args = sim::SimArgs {
        scenarios: "demo".into(),
        clock: "manual".into(),
        ..sim::SimArgs::default()
    };
    let sim = sim::Sim::start_with(listener, &args).await.unwrap();
    let mut out = Vec::new();
    let mut elapsed = 0.0;
    for (i, step) in moments.iter().enumerate() {
        sim.advance(*step);
        elapsed += step;
        let (_, objects) = sim.store().list(resource, None);
        for o in objects {
            let mut o = (*o).clone();
            if i > 0 {
                let name = format!("{}-t{elapsed}", o["metadata"]["name"].as_str().unwrap());
                o["metadata"]["name"] = name.into();
            }
            out.push(o);
        }
    }
    out
}

/// `obj` as a client would create it in `namespace`: named `<its namespace>-<its name>`, with
/// only the metadata a client may set (labels, annotations); no server-set fields.
pub fn rehome(obj: &Value, namespace: &str) -> Value {
    let mut out = obj.clone();
    let meta = &obj["metadata"];
    let name = format!(
        "{}-{}",
        meta["namespace"].as_str().unwrap_or("cluster"),
        meta["name"].as_str().unwrap()
    );
    let mut m = Map::new();
    m.insert("name".into(), name.into());
    m.insert("namespace".into(), namespace.into());
    for keep in ["labels", "annotations"] {
        if let Some(v) = meta.get(keep) {
            m.insert(keep.into(), v.clone());
        }
    }
    out["metadata"] = Value::Object(m);
    out
}

/// Where `read` lost or changed what `wrote` holds (fields `read` adds, such as defaults, are
/// fine): one line per path, `path: wrote W, read R`.
pub fn lost(wrote: &Value, read: &Value, path: &str, out: &mut Vec<String>) {
    match (wrote, read) {
        (Value::Object(w), Value::Object(r)) => {
            for (k, v) in w {
                let p = format!("{path}.{k}");
                match r.get(k) {
                    Some(rv) => lost(v, rv, &p, out),
                    None => out.push(format!("{p}: wrote {v}, read nothing (pruned)")),
                }
            }
        }
        (Value::Array(w), Value::Array(r)) if w.len() == r.len() => {
            for (i, (a, b)) in w.iter().zip(r).enumerate() {
                lost(a, b, &format!("{path}[{i}]"), out);
            }
        }
        (Value::Number(a), Value::Number(b)) if a.as_f64() == b.as_f64() => {}
        (a, b) if a == b => {}
        (a, b) => out.push(format!("{path}: wrote {a}, read {b}")),
    }
}
