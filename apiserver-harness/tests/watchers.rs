//! The backend's watchers on a real kube-apiserver: the simulator's demo world (namespaces,
//! nodes, launcher pods, events, VMIs, VMs, migrations) is written into the real server by its
//! mirror, and a console reading the real server shows exactly what a console reading the
//! simulator shows, kind by kind; then an object of every kind is deleted in the simulator, the
//! mirror deletes it in the real server as KubeVirt's controllers and the kubelet would
//! (finalizers removed, no grace), and the console on the real server drops it.

mod common;

use backend::event_cache::Involved;
use backend::run::Console;
use common::world::*;
use serde_json::Value;
use sim::resources;
use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

/// Removes what only says which copy an object is, or when the server made it: uids, versions,
/// creation times (the real server stamps its own).
fn strip(v: &mut Value) {
    match v {
        Value::Object(m) => {
            for k in ["uid", "resourceVersion", "creationTimestamp", "created"] {
                m.remove(k);
            }
            m.values_mut().for_each(strip);
        }
        Value::Array(a) => a.iter_mut().for_each(strip),
        _ => {}
    }
}

fn stripped(v: impl serde::Serialize) -> Value {
    let mut v = serde_json::to_value(v).unwrap();
    strip(&mut v);
    v
}

/// The events a console keeps about one object, as `type reason: message` lines.
fn events(c: &Console, kind: &str, ns: &str, name: &str) -> Value {
    let lines: Vec<String> = c
        .caches
        .events_about(&Involved::new(kind, ns, name))
        .iter()
        .map(|e| {
            format!(
                "{} {}: {}",
                if e.is_warning() { "Warning" } else { "Normal" },
                e.reason(),
                e.message()
            )
        })
        .collect();
    Value::from(lines)
}

/// What a console knows of the objects named in `world` (its keys: `kind ns/name`), kind by
/// kind, keyed the same way.
fn view(c: &Console, world: &BTreeSet<(String, String, String)>) -> BTreeMap<String, Value> {
    let mut out = BTreeMap::new();
    let summaries: BTreeMap<_, _> = c
        .store
        .items()
        .into_iter()
        .map(|s| ((s.key.namespace.clone(), s.key.name.clone()), s))
        .collect();
    for (kind, ns, name) in world {
        let key = model::VmiKey {
            cluster: String::new(),
            namespace: ns.clone(),
            name: name.clone(),
        };
        let at = format!("{kind} {ns}/{name}");
        let known = match kind.as_str() {
            "VirtualMachineInstance" => {
                let s = summaries.get(&(ns.clone(), name.clone()));
                out.insert(
                    format!("{at} launchers"),
                    stripped(c.caches.launchers(&key)),
                );
                s.map(stripped)
            }
            "VirtualMachine" => c.caches.vm(&key).map(stripped),
            "VirtualMachineInstanceMigration" => c
                .caches
                .migrations_in(ns)
                .iter()
                .find(|m| m.metadata.name.as_deref() == Some(name.as_str()))
                .map(|m| stripped(&**m)),
            "Node" => c.caches.node(name).map(|n| stripped(&*n)),
            // Launcher pods are read per VMI (above); events per involved object (below).
            _ => None,
        };
        out.insert(at.clone(), known.unwrap_or(Value::Null));
        out.insert(format!("{at} events"), events(c, kind, ns, name));
    }
    out
}

/// `(kind, namespace, name)` of every VMI, VM, migration, launcher pod and node of the
/// simulator now.
fn world_of(sim: &sim::Sim) -> BTreeSet<(String, String, String)> {
    let mut out = BTreeSet::new();
    for r in [
        resources::VMI,
        resources::VM,
        resources::VMIM,
        resources::POD,
        resources::NODE,
    ] {
        for o in sim.store().list(&r, None).1 {
            let m = &o["metadata"];
            out.insert((
                r.kind.to_string(),
                m["namespace"].as_str().unwrap_or_default().to_string(),
                m["name"].as_str().unwrap_or_default().to_string(),
            ));
        }
    }
    out
}

/// The entries of `a` and `b` that differ, one line each.
fn differences(a: &BTreeMap<String, Value>, b: &BTreeMap<String, Value>) -> Vec<String> {
    a.iter()
        .filter(|(k, v)| b.get(*k) != Some(*v))
        .map(|(k, v)| {
            let (mut only_sim, mut only_real) = (Vec::new(), Vec::new());
            common::lost(v, &b[k], "", &mut only_sim);
            common::lost(&b[k], v, "", &mut only_real);
            format!(
                "{k}:\n  simulator -> real: {}\n  real -> simulator: {}",
                only_sim.join("; "),
                only_real.join("; ")
            )
        })
        .collect()
}

/// Polls `done` every 200 ms for up to 60 s.
async fn eventually(what: &str, mut done: impl FnMut() -> Option<String>) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let Some(why) = done() else { return };
        assert!(Instant::now() < deadline, "{what} within 60 s:\n{why}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test]
async fn the_console_reads_the_same_world_from_the_real_api_server_as_from_the_simulator() {
    let Some(server) = apiserver_harness::shared() else {
        return;
    };
    let sim = mirrored_demo_migrating(server).await;
    for r in resources::RESOURCES {
        assert!(sim.store().count(r) > 0, "the demo has {} objects", r.kind);
    }
    let world = world_of(&sim);
    let (on_sim, on_real) = (sim_console(&sim).await, real_console(server).await);
    synced(&on_sim).await;
    synced(&on_real).await;
    let want = view(&on_sim, &world);
    let vmis_shown = want
        .iter()
        .filter(|(k, v)| k.starts_with("VirtualMachineInstance ") && v.is_object())
        .count();
    assert!(vmis_shown > 5, "the simulator's console shows its VMIs");
    // The refresher may re-project a VMI once its pods or nodes arrive: wait for it to settle.
    eventually(
        "the real server's console shows what the simulator's does",
        || {
            let d = differences(&want, &view(&on_real, &world));
            (!d.is_empty()).then(|| d.join("\n"))
        },
    )
    .await;

    // One object of every kind deleted: the console on the real server drops each.
    let vmim = world
        .iter()
        .find(|w| w.0 == "VirtualMachineInstanceMigration")
        .unwrap();
    let pod = world.iter().find(|w| w.0 == "Pod").unwrap();
    let node = world.iter().find(|w| w.0 == "Node").unwrap();
    let vmi = world
        .iter()
        .find(|w| w.0 == "VirtualMachineInstance")
        .unwrap();
    let vm = world.iter().find(|w| w.0 == "VirtualMachine").unwrap();
    let (_, event_objects) = sim.store().list(&resources::EVENT, None);
    let event = event_objects
        .iter()
        .find(|e| backend::watch::event_is_relevant(e))
        .expect("a KubeVirt event in the demo");
    let gone = [
        (resources::VMIM, vmim),
        (resources::POD, pod),
        (resources::NODE, node),
        (resources::VMI, vmi),
        (resources::VM, vm),
    ];
    let pod_vmi = pod_owner(&sim, &pod.1, &pod.2);
    for (r, (_, ns, name)) in &gone {
        sim.store()
            .delete(r, r.namespaced.then_some(ns.as_str()), name)
            .unwrap_or_else(|| panic!("deleting {} {ns}/{name}", r.kind));
    }
    let (ens, ename) = (
        event["metadata"]["namespace"].as_str().unwrap(),
        event["metadata"]["name"].as_str().unwrap(),
    );
    let io = &event["involvedObject"];
    let about = Involved::new(
        io["kind"].as_str().unwrap(),
        io["namespace"].as_str().unwrap_or_default(),
        io["name"].as_str().unwrap(),
    );
    let before = on_real.caches.events_about(&about).len();
    sim.store()
        .delete(&resources::EVENT, Some(ens), ename)
        .expect("the event deleted");
    caught_up(&sim).await;
    eventually("every deleted object leaves the console", || {
        let mut left = Vec::new();
        let key = |ns: &str, name: &str| model::VmiKey {
            cluster: String::new(),
            namespace: ns.into(),
            name: name.into(),
        };
        let c = &on_real.caches;
        if c.migrations_in(&vmim.1)
            .iter()
            .any(|m| m.metadata.name.as_deref() == Some(&vmim.2))
        {
            left.push("the migration");
        }
        if c.launchers(&pod_vmi).iter().any(|l| l.name() == pod.2) {
            left.push("the launcher pod");
        }
        if c.node(&node.2).is_some() {
            left.push("the node");
        }
        if on_real.store.contains(&key(&vmi.1, &vmi.2)) {
            left.push("the VMI");
        }
        if c.vm(&key(&vm.1, &vm.2)).is_some() {
            left.push("the VM");
        }
        if c.events_about(&about).len() >= before {
            left.push("the event");
        }
        (!left.is_empty()).then(|| format!("still there: {left:?}"))
    })
    .await;
}

/// The VMI a launcher pod of the simulator belongs to.
fn pod_owner(sim: &sim::Sim, ns: &str, name: &str) -> model::VmiKey {
    let (_, pods) = sim.store().list(&resources::POD, Some(ns));
    let pod = pods.iter().find(|p| p["metadata"]["name"] == name).unwrap();
    let (key, _) = backend::watch::Launcher::project(&model::kube::Pod::from_value(pod)).unwrap();
    key.to_vmi_key()
}
