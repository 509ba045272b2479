//! Helpers of the real API server tests: KubeVirt's kinds through kube-rs, and the objects the
//! simulator produces, moved into a test's namespace.
#![allow(dead_code)]

pub mod cut;
pub mod etcd;
pub mod token;
pub mod world;

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

/// The simulator with its demo mix on a manual clock.
pub async fn demo_sim() -> sim::Sim {
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0))
        .await
        .unwrap();
    let args = sim::SimArgs {
        scenarios: "demo".into(),
        clock: "manual".into(),
        ..sim::SimArgs::default()
    };
    sim::Sim::start_with(listener, &args).await.unwrap()
}

/// `sim` (its demo mix on a manual clock), its clock advanced (2 s at a time) until a migration
/// exists, so that every kind has objects.
pub fn until_migrating(sim: &sim::Sim) {
    for _ in 0..60 {
        if !sim.store().list(&sim::resources::VMIM, None).1.is_empty() {
            return;
        }
        sim.advance(2.0);
    }
    panic!("no migration in the first 120 s of the demo mix");
}

/// The name an object of the simulator gets in the real server at `elapsed` seconds of its
/// clock: `<name>`, then `<name>-t<elapsed>`.
pub fn moment_name(name: &str, elapsed: f64) -> String {
    if elapsed == 0.0 {
        name.to_string()
    } else {
        format!("{name}-t{elapsed}")
    }
}

/// The objects of `resource` the simulator serves now, named for the moment `elapsed`.
pub fn objects_now(
    sim: &sim::Sim,
    resource: &sim::resources::Resource,
    elapsed: f64,
) -> Vec<Value> {
    let (_, objects) = sim.store().list(resource, None);
    objects
        .iter()
        .map(|o| {
            let mut o = (**o).clone();
            let name = moment_name(o["metadata"]["name"].as_str().unwrap(), elapsed);
            o["metadata"]["name"] = name.into();
            o
        })
        .collect()
}

/// The objects of `resource` the simulator serves at each of `moments` (seconds to advance its
/// manual clock by, in turn) of its demo mix, each moment's named apart (see [`moment_name`]).
pub async fn sim_objects(resource: &sim::resources::Resource, moments: &[f64]) -> Vec<Value> {
    let sim = demo_sim().await;
    let mut out = Vec::new();
    let mut elapsed = 0.0;
    for step in moments {
        sim.advance(*step);
        elapsed += step;
        out.extend(objects_now(&sim, resource, elapsed));
    }
    out
}

/// Creates `obj` (already rehomed, an object of kind `r`) as a client would; where the kind has a
/// status subresource (the mirror's rule, `sim::mirror::status_of`: VMs and migrations, not
/// VMIs), its status is then written by a PUT of the whole object to `/status` (a merge patch
/// would read a `null` in the status as "remove this field").
pub async fn create(
    api: &Api<DynamicObject>,
    obj: &Value,
    r: &sim::resources::Resource,
) -> Result<(), String> {
    let status_subresource = sim::mirror::status_of(r) == sim::mirror::Status::Subresource;
    let name = obj["metadata"]["name"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let dynamic: DynamicObject = serde_json::from_value(obj.clone()).map_err(|e| e.to_string())?;
    api.create(&kube::api::PostParams::default(), &dynamic)
        .await
        .map_err(|e| format!("{name}: refused: {e}"))?;
    if status_subresource && let Some(status) = obj.get("status") {
        let mut current = api.get(&name).await.map_err(|e| e.to_string())?;
        current.data["status"] = status.clone();
        api.replace_status(&name, &kube::api::PostParams::default(), &current)
            .await
            .map_err(|e| format!("{name}: status refused: {e}"))?;
    }
    Ok(())
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
