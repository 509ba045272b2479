//! One migration of a VMI at a time, as KubeVirt keeps it: the validating webhook refuses a
//! second VMIM while one is in flight (`pkg/virt-api/webhooks/validating-webhook/admitters/
//! migration-create-admitter.go`), with the Status the API server makes of a webhook denial;
//! and a user's migration of a VMI whose scenario migrates it too ends (the scenario's next run
//! waits for it) instead of staying `Pending` in the store.

mod common;

use common::*;
use serde_json::{Value, json};

const VMIMS: &str = "/apis/kubevirt.io/v1/namespaces/default/virtualmachineinstancemigrations";

async fn create(sim: &sim::Sim, path: &str, body: Value) -> (u16, Value) {
    let r = client()
        .post(format!("{}{path}", sim.url()))
        .json(&body)
        .send()
        .await
        .unwrap();
    let code = r.status().as_u16();
    (code, r.json().await.unwrap_or(Value::Null))
}

fn vmim(name: &str, vmi: &str) -> Value {
    json!({"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstanceMigration",
           "metadata": {"name": name}, "spec": {"vmiName": vmi}})
}

const DENIED: &str =
    "admission webhook \"migration-create-validator.kubevirt.io\" denied the request: ";

/// A webhook denial as the API server returns it: code 400, a Failure `Status`, no reason.
fn assert_denied(code: u16, body: &Value, message: &str) {
    assert_eq!(code, 400, "{body}");
    assert_eq!(body["kind"], "Status", "{body}");
    assert_eq!(body["status"], "Failure", "{body}");
    assert_eq!(body["code"], 400, "{body}");
    assert!(body.get("reason").is_none(), "{body}");
    assert_eq!(body["message"], format!("{DENIED}{message}"), "{body}");
}

#[tokio::test]
async fn a_second_vmim_while_one_is_in_flight_is_denied_by_the_webhook() {
    // The demo's nodes, and two VMs of our own in `default`.
    let sim = start_manual("demo").await;
    sim.add_scenario("healthy", "default", "vm-a", Some("worker-1"))
        .unwrap();
    sim.add_scenario("evict-blocked-disks", "default", "vm-rwo", Some("worker-2"))
        .unwrap();
    sim.advance(1.0);

    let (code, first) = create(&sim, VMIMS, vmim("first", "vm-a")).await;
    assert_eq!(code, 201, "{first}");
    assert_eq!(first["metadata"]["name"], "first");
    assert_eq!(first["metadata"]["labels"]["kubevirt.io/vmi-name"], "vm-a");
    let uid = first["metadata"]["uid"].as_str().unwrap().to_string();
    let in_flight = format!(
        "in-flight migration detected. Active migration job ({uid}) is currently already in progress for VMI vm-a."
    );

    // Through the Kubernetes API, the control API and the Rust handle alike.
    let (code, body) = create(&sim, VMIMS, vmim("second", "vm-a")).await;
    assert_denied(code, &body, &in_flight);
    let (code, body) = post(&sim, "/_sim/vmis/default/vm-a/migrate?kind=converge").await;
    assert_denied(code, &body, &in_flight);
    assert_eq!(
        sim.migrate("default", "vm-a", "postcopy"),
        Err(format!("{DENIED}{in_flight}"))
    );
    let (_, list) = get(&sim, VMIMS).await;
    let names: Vec<&str> = list["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|m| m["metadata"]["name"].as_str())
        .collect();
    assert_eq!(names, ["first"], "no second VMIM was stored");

    // The other checks of the same admitter.
    let (code, body) = create(&sim, VMIMS, vmim("x", "nope")).await;
    assert_denied(code, &body, "the VMI \"default/nope\" does not exist");
    let (code, body) = create(&sim, VMIMS, vmim("y", "vm-rwo")).await;
    assert_eq!(code, 400, "{body}");
    let msg = body["message"].as_str().unwrap();
    assert!(
        msg.starts_with(&format!(
            "{DENIED}Cannot migrate VMI, Reason: DisksNotLiveMigratable, Message: "
        )),
        "{msg}"
    );
    let (code, body) = create(&sim, VMIMS, vmim("z", "")).await;
    assert_eq!(code, 422, "{body}");
    assert_eq!(body["reason"], "Invalid", "{body}");
    assert_eq!(body["message"], format!("{DENIED}vmiName is missing"));
    assert_eq!(body["details"]["causes"][0]["field"], "spec.vmiName");
    let (code, body) = create(&sim, VMIMS, vmim("first", "vm-a")).await;
    assert_eq!(code, 409, "{body}");
    assert_eq!(body["reason"], "AlreadyExists", "{body}");

    // Once the first has ended, a new one is admitted.
    sim.advance(300.0);
    let (_, done) = get(&sim, &format!("{VMIMS}/first")).await;
    assert_eq!(done["status"]["phase"], "Succeeded", "{done}");
    let (code, body) = create(&sim, VMIMS, vmim("second", "vm-a")).await;
    assert_eq!(code, 201, "{body}");
}

fn time(v: &Value) -> f64 {
    sim::clock::parse_time(v.as_str().unwrap_or_default()).unwrap_or(f64::NAN)
}

/// The `migration-postcopy` scenario (the demo's `data/elastic-data-1`) migrates its VM 30 s
/// after the start and 200 s after each run ends. A user's migration made at the start runs
/// first; the scenario's run waits for its end, and the user's VMIM shows how it ended even when
/// the scenario's next run starts within the same clock step (it used to keep the status it had
/// at its creation, `Pending`, for good).
#[tokio::test]
async fn a_users_migration_ends_and_the_scenarios_own_run_waits_for_it() {
    let sim = start_manual("migration-postcopy").await;
    let vm = "migration-postcopy";
    let mine = sim.migrate("default", vm, "converge").expect("admitted");
    sim.advance(450.0);
    let (_, list) = get(&sim, VMIMS).await;
    let runs: Vec<&Value> = list["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["spec"]["vmiName"] == vm)
        .collect();
    let user = runs
        .iter()
        .find(|m| m["metadata"]["name"] == mine.as_str())
        .expect("the user's VMIM");
    assert_eq!(user["status"]["phase"], "Succeeded", "{user}");
    let ended = time(&user["status"]["migrationState"]["endTimestamp"]);
    let others: Vec<&&Value> = runs
        .iter()
        .filter(|m| m["metadata"]["name"] != mine.as_str())
        .collect();
    assert!(!others.is_empty(), "the scenario ran again: {runs:?}");
    for o in others {
        let created = time(&o["metadata"]["creationTimestamp"]);
        assert!(
            created >= ended,
            "the scenario's run {} was created at {created}, before the user's ended at {ended}",
            o["metadata"]["name"]
        );
    }
}
