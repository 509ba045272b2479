//! The simulator on a real API server (`strata sim --apiserver`): its demo mix, mirrored into a
//! real kube-apiserver through several moments of its clock (migrations in every phase,
//! failures, drains, deletions), reads back from the real server field by field as the mirror
//! wrote it: nothing pruned by KubeVirt's CRD schemas or Kubernetes' own validation, nothing
//! refused, nothing missing, nothing left behind.

mod common;

use apiserver_harness::{ApiServer, User};
use common::world::{api_resource, caught_up, mirrored};
use kube::api::{Api, DynamicObject, ListParams};
use serde_json::Value;
use sim::resources::{self, Resource};
use std::collections::{BTreeMap, BTreeSet};

/// The moments (seconds to advance the manual clock by, in turn), as the CRD schema test's.
const MOMENTS: &[f64] = &[0.0, 14.0, 6.0, 10.0, 15.0, 25.0, 40.0, 90.0, 200.0];

/// Every object of `r` in the real server, by namespace and name.
async fn real_objects(server: &ApiServer, r: &Resource) -> BTreeMap<(String, String), Value> {
    let client = server.client(User::Admin).unwrap();
    let api: Api<DynamicObject> = Api::all_with(client, &api_resource(r));
    let list = api.list(&ListParams::default()).await.unwrap();
    list.items
        .into_iter()
        .map(|o| {
            let v = serde_json::to_value(o).unwrap();
            let m = &v["metadata"];
            let key = (
                m["namespace"].as_str().unwrap_or_default().to_string(),
                m["name"].as_str().unwrap_or_default().to_string(),
            );
            (key, v)
        })
        .collect()
}

/// Where the real server's objects differ from what the mirror wrote for the simulator's, at
/// `moment` (seconds of the clock), one line each.
async fn differences(server: &ApiServer, sim: &sim::Sim, moment: f64) -> Vec<String> {
    let mirror = sim.mirror().expect("the simulator mirrors");
    let mut out = Vec::new();
    for r in resources::RESOURCES {
        let mut real = real_objects(server, r).await;
        for o in sim.store().list(r, None).1 {
            let wrote = mirror.as_written(&o);
            let m = &o["metadata"];
            let key = (
                m["namespace"].as_str().unwrap_or_default().to_string(),
                m["name"].as_str().unwrap_or_default().to_string(),
            );
            let at = format!("t={moment} {} {}/{}", r.kind, key.0, key.1);
            let Some(read) = real.remove(&key) else {
                out.push(format!("{at}: not in the real server"));
                continue;
            };
            for (part, w) in wrote.as_object().unwrap() {
                // A list's items carry no `apiVersion` and `kind`; a namespace's status is the
                // server's (`phase`).
                if part == "apiVersion" || part == "kind" {
                    continue;
                }
                if r.kind == "Namespace" && part == "status" {
                    continue;
                }
                common::lost(w, &read[part], &format!("{at} {part}"), &mut out);
            }
        }
        // Kinds only the simulator writes: what it deleted is gone from the real server too.
        if r.kind != "Namespace" && r.kind != "Event" {
            out.extend(
                real.keys()
                    .map(|(ns, name)| format!("t={moment} {} {ns}/{name}: left behind", r.kind)),
            );
        }
    }
    out
}

#[tokio::test]
async fn every_object_the_simulator_mirrors_reads_back_from_the_real_server_as_written() {
    let Some(server) = apiserver_harness::shared() else {
        return;
    };
    let sim = mirrored(server, "demo", "manual").await;
    let mut problems = Vec::new();
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    // Every object held at some moment, and how many were shown terminating: the checks above
    // cover deletions only if the run had some.
    let mut held = BTreeSet::new();
    let mut terminating = 0;
    let mut elapsed = 0.0;
    for step in MOMENTS {
        sim.advance(*step);
        elapsed += step;
        // Nothing refused (by KubeVirt's CRD schemas or Kubernetes' own validation).
        caught_up(&sim).await;
        problems.extend(differences(server, &sim, elapsed).await);
        for r in resources::RESOURCES {
            let n = seen.entry(r.kind).or_default();
            *n = (*n).max(sim.store().count(r));
            for o in sim.store().list(r, None).1 {
                let m = &o["metadata"];
                terminating += usize::from(!m["deletionTimestamp"].is_null());
                let s = |v: &Value| v.as_str().unwrap_or_default().to_string();
                held.insert((r.kind, s(&m["namespace"]), s(&m["name"])));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} differences between the simulator and the real server:\n{}",
        problems.len(),
        problems.join("\n")
    );
    for (kind, n) in &seen {
        assert!(*n > 0, "the demo mix has {kind} objects: {seen:?}");
    }
    let deleted: BTreeSet<&str> = held
        .iter()
        .filter(|(kind, ns, name)| {
            let r = resources::RESOURCES
                .iter()
                .find(|r| r.kind == *kind)
                .unwrap();
            let ns = r.namespaced.then_some(ns.as_str());
            sim.store().get(r, ns, name).is_none()
        })
        .map(|(kind, _, _)| *kind)
        .collect();
    assert!(
        deleted.contains("Pod") && deleted.contains("VirtualMachineInstanceMigration"),
        "the run deletes launcher pods and migrations: {deleted:?}"
    );
    assert!(terminating > 0, "the run shows objects terminating");
}
