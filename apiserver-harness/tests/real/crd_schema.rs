//! What the simulator writes passes KubeVirt's real CRD schemas: every VMI, VM and migration of
//! its demo mix, created in a real kube-apiserver (status included), reads back with nothing
//! pruned or changed. The VMI CRD has no status subresource (its status is written with the
//! object); VM and VMIM have one, so their status is written through `/status`.

use crate::common::*;
use apiserver_harness::User;
use kube::api::{Api, DynamicObject};
use serde_json::{Value, json};

/// Creates each of `objects` (rehomed into `ns`, see [`create`]), reads it back and answers
/// every field lost on the way.
async fn round_trip(
    api: &Api<DynamicObject>,
    ns: &str,
    objects: &[Value],
    r: &sim::resources::Resource,
) -> Vec<String> {
    let mut problems = Vec::new();
    for obj in objects {
        let wrote = rehome(obj, ns);
        let name = wrote["metadata"]["name"].as_str().unwrap().to_string();
        if let Err(e) = create(api, &wrote, r).await {
            problems.push(e);
            continue;
        }
        let read = serde_json::to_value(api.get(&name).await.unwrap()).unwrap();
        for part in ["spec", "status"] {
            if let Some(w) = wrote.get(part) {
                lost(w, &read[part], &format!("{name} {part}"), &mut problems);
            }
        }
        for part in ["labels", "annotations"] {
            if let Some(w) = wrote["metadata"].get(part) {
                let r = &read["metadata"][part];
                lost(w, r, &format!("{name} metadata.{part}"), &mut problems);
            }
        }
    }
    problems
}

/// Several moments of the demo mix, so that migrations in every phase, failures and drains are
/// covered (as the simulator's own conformance test does).
const MOMENTS: &[f64] = &[0.0, 14.0, 6.0, 10.0, 15.0, 25.0, 40.0, 90.0, 200.0];

async fn check_kind(resource: &sim::resources::Resource, plural: &str) {
    let Some(server) = apiserver_harness::shared() else {
        return;
    };
    let objects = sim_objects(resource, MOMENTS).await;
    assert!(!objects.is_empty(), "the demo mix has {plural}");
    let ns = apiserver_harness::namespace(server, plural).await;
    let api: Api<DynamicObject> = Api::namespaced_with(
        server.client(User::Admin).unwrap(),
        &ns,
        &crate::common::resource(resource.kind, plural),
    );
    let problems = round_trip(&api, &ns, &objects, resource).await;
    assert!(
        problems.is_empty(),
        "{} of {} {plural} lost fields in the real API server:\n{}",
        problems.len(),
        objects.len(),
        problems.join("\n")
    );
}

#[tokio::test]
async fn every_vmi_the_simulator_writes_keeps_all_its_fields() {
    check_kind(&sim::resources::VMI, "virtualmachineinstances").await;
}

#[tokio::test]
async fn every_vm_the_simulator_writes_keeps_all_its_fields() {
    check_kind(&sim::resources::VM, "virtualmachines").await;
}

#[tokio::test]
async fn every_migration_the_simulator_writes_keeps_all_its_fields() {
    check_kind(&sim::resources::VMIM, "virtualmachineinstancemigrations").await;
}

/// The check itself: a field the schema does not know is pruned, and that is reported.
#[tokio::test]
async fn a_field_kubevirt_does_not_define_is_pruned_and_reported() {
    let Some(server) = apiserver_harness::shared() else {
        return;
    };
    let ns = apiserver_harness::namespace(server, "pruned").await;
    let api = vmis(server, User::Admin, &ns);
    let mut vmi = serde_json::to_value(small_vmi("odd")).unwrap();
    vmi["metadata"]["namespace"] = "sim".into();
    vmi["status"] = json!({"phase": "Running", "notAKubeVirtField": true});
    let problems = round_trip(&api, &ns, &[vmi], &sim::resources::VMI).await;
    assert_eq!(
        problems,
        ["sim-odd status.notAKubeVirtField: wrote true, read nothing (pruned)"]
    );
}
