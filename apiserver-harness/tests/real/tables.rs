//! kubectl's tables (`get vmi`, `get vm`, `get vmim`, `-o wide`) are the API server's `Table`
//! answers. The simulator builds them from KubeVirt's printer columns (sim/src/table); here the
//! same objects go into a real kube-apiserver, whose Tables come from the real CRDs'
//! `additionalPrinterColumns`, and both must agree: the same columns, and in every row the same
//! cells (but Age, which counts from each server's own clock, and the moved Name).

use crate::common::*;
use apiserver_harness::User;
use kube::api::{Api, DynamicObject};
use serde_json::Value;
use std::collections::BTreeMap;

const TABLE: &str = "application/json;as=Table;v=v1;g=meta.k8s.io";

/// Several moments of the demo mix, so that migrations in every phase are in the tables.
const MOMENTS: &[f64] = &[0.0, 20.0, 40.0, 200.0];

async fn table(client: &kube::Client, path: &str) -> Value {
    let req = http::Request::get(path)
        .header("accept", TABLE)
        .body(Vec::new())
        .unwrap();
    client.request::<Value>(req).await.unwrap()
}

/// (name, type, format, priority, description) of each column.
fn columns(t: &Value) -> Vec<String> {
    t["columnDefinitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            format!(
                "{} {} {:?} {} {}",
                c["name"], c["type"], c["format"], c["priority"], c["description"]
            )
        })
        .collect()
}

/// Each row's cells but the date and name columns (ages count from each server's clock; names
/// were moved), by `key(namespace, name)`.
fn rows(t: &Value, key: impl Fn(&str, &str) -> String) -> BTreeMap<String, Vec<Value>> {
    let dates: Vec<bool> = t["columnDefinitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["type"] == "date" || c["format"] == "name")
        .collect();
    t["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let meta = &r["object"]["metadata"];
            let cells = r["cells"]
                .as_array()
                .unwrap()
                .iter()
                .zip(&dates)
                .filter(|(_, date)| !**date)
                .map(|(c, _)| c.clone())
                .collect();
            let k = key(
                meta["namespace"].as_str().unwrap_or(""),
                meta["name"].as_str().unwrap(),
            );
            (k, cells)
        })
        .collect()
}

async fn compare(resource: &sim::resources::Resource, plural: &str) {
    let Some(server) = apiserver_harness::shared() else {
        return;
    };
    let sim = demo_sim().await;
    let sim_client = kube::Client::try_from(kube::Config::new(sim.url().parse().unwrap())).unwrap();
    let ns = apiserver_harness::namespace(server, &format!("{plural}-table")).await;
    let admin = server.client(User::Admin).unwrap();
    let api: Api<DynamicObject> = Api::namespaced_with(
        admin.clone(),
        &ns,
        &crate::common::resource(resource.kind, plural),
    );
    let path = format!("/apis/kubevirt.io/v1/{plural}");
    let (mut expected, mut sim_columns) = (BTreeMap::new(), None);
    let mut elapsed = 0.0;
    for step in MOMENTS {
        sim.advance(*step);
        elapsed += step;
        let t = table(&sim_client, &path).await;
        sim_columns.get_or_insert_with(|| columns(&t));
        expected.extend(rows(&t, |n, name| {
            format!("{n}-{}", moment_name(name, elapsed))
        }));
        for obj in objects_now(&sim, resource, elapsed) {
            create(&api, &rehome(&obj, &ns), resource).await.unwrap();
        }
    }
    assert!(!expected.is_empty(), "the demo mix has {plural}");
    let real = table(
        &admin,
        &format!("/apis/kubevirt.io/v1/namespaces/{ns}/{plural}"),
    )
    .await;
    assert_eq!(
        sim_columns.unwrap(),
        columns(&real),
        "{plural}: the columns"
    );
    let got = rows(&real, |_, name| name.to_string());
    let differ: Vec<String> = expected
        .iter()
        .filter(|(k, cells)| got.get(*k) != Some(cells))
        .map(|(k, cells)| format!("{k}: simulator {cells:?}, real {:?}", got.get(k)))
        .collect();
    assert!(
        differ.is_empty(),
        "{} of {} {plural} rows differ:\n{}",
        differ.len(),
        expected.len(),
        differ.join("\n")
    );
}

#[tokio::test]
async fn vmi_tables_are_the_real_crds() {
    compare(&sim::resources::VMI, "virtualmachineinstances").await;
}

#[tokio::test]
async fn vm_tables_are_the_real_crds() {
    compare(&sim::resources::VM, "virtualmachines").await;
}

#[tokio::test]
async fn migration_tables_are_the_real_crds() {
    compare(&sim::resources::VMIM, "virtualmachineinstancemigrations").await;
}
