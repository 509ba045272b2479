//! The indexed grouping gives exactly the dump the scanning one gave ([`super::reference`]), on
//! generated dumps whose names, namespaces and uids collide on purpose (empty namespaces, empty
//! names, the same VMI name in two namespaces, pods and events pointing at several VMIs). One
//! rule is new and so left out of the comparison: with several unnamed VMIs, an unnamed migration
//! goes to the nearest one only (tested on its own below).

use super::group;
use super::reference::group_reference;
use crate::input::object::Object;
use crate::input::parse::parse;
use proptest::prelude::*;
use serde_json::{Value, json};

const NAMES: [&str; 4] = ["web", "db", "", "virt-launcher-web-x"];
const NAMESPACES: [&str; 3] = ["", "prod", "dev"];
const UIDS: [&str; 4] = ["u1", "u2", "", "p1"];

fn pick<'a>(pool: &[&'a str], i: u8) -> &'a str {
    pool[i as usize % pool.len()]
}

/// One object of kind `kind % 8`, its fields picked from the pools by `f`.
fn object(kind: u8, f: [u8; 6]) -> Value {
    let (name, ns, uid) = (
        pick(&NAMES, f[0]),
        pick(&NAMESPACES, f[1]),
        pick(&UIDS, f[2]),
    );
    let other = pick(&NAMES, f[3]);
    let node = ["n1", "n2", ""][f[4] as usize % 3];
    let involved = [
        "VirtualMachineInstance",
        "Pod",
        "VirtualMachineInstanceMigration",
        "VirtualMachine",
    ][f[5] as usize % 4];
    let meta = json!({"name": name, "namespace": ns, "uid": uid});
    match kind % 10 {
        0 => json!({"kind": "VirtualMachineInstance", "metadata": meta,
            "status": {"phase": "Running", "nodeName": node,
                "activePods": {(pick(&UIDS, f[5])): node},
                "migrationState": {"targetPod": other, "sourceNode": node}}}),
        1 => {
            json!({"kind": "Pod", "metadata": {"name": name, "namespace": ns, "uid": pick(&UIDS, f[5]),
            "labels": {"kubevirt.io/created-by": uid},
            "annotations": {"kubevirt.io/domain": other}},
            "spec": {"nodeName": node}})
        }
        2 => json!({"kind": "VirtualMachineInstanceMigration", "metadata": meta,
            "spec": {"vmiName": other},
            "status": {"migrationState": {"targetPod": pick(&NAMES, f[5])}}}),
        3 => json!({"kind": "Event", "metadata": {"name": "e", "namespace": ns},
            "involvedObject": {"kind": involved, "name": other, "namespace": ns, "uid": uid},
            "reason": "Created", "message": "m"}),
        4 => json!({"kind": "Node", "metadata": {"name": node}}),
        5 => json!({"kind": "VirtualMachine", "metadata": meta}),
        6 => json!({"kind": "VirtualMachineInstanceGuestAgentInfo", "metadata": meta,
            "guestAgentVersion": "1"}),
        7 => json!({"kind": "Event", "metadata": {"name": "e2", "namespace": ns},
            "involvedObject": {"kind": "VirtualMachineInstance", "name": name}}),
        8 => json!({"kind": "Status", "status": "Failure", "reason": "Conflict",
            "message": "VMI does not have guest agent connected",
            "details": {"name": name, "kind": "virtualmachineinstances"}}),
        _ => json!({"status": "success", "data": {"resultType": "vector", "result": [
            {"metric": {"__name__": "kubevirt_vmi_phase_count", "namespace": ns, "name": other},
                "value": [1700000000, "1"]}]}}),
    }
}

fn objects(specs: &[(u8, [u8; 6])]) -> Vec<Object> {
    let docs: Vec<String> = specs
        .iter()
        .map(|(k, f)| serde_json::to_string(&object(*k, *f)).unwrap())
        .collect();
    match parse(&docs.join("\n")) {
        Ok(p) => p.objects.into_iter().map(|l| l.object).collect(),
        Err(_) => Vec::new(),
    }
}

fn unnamed_vmis(objs: &[Object]) -> usize {
    let unnamed = |o: &&Object| matches!(o, Object::Vmi(v) if v.metadata.name().is_empty());
    objs.iter().filter(unnamed).count()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn the_index_changes_nothing(specs in prop::collection::vec((any::<u8>(), any::<[u8; 6]>()), 0..24)) {
        let objs = objects(&specs);
        prop_assume!(unnamed_vmis(&objs) <= 1);
        prop_assert_eq!(group(objs.clone(), None), group_reference(objs, None));
    }
}

#[test]
fn the_generated_objects_are_all_read() {
    let specs: Vec<(u8, [u8; 6])> = (0..10).map(|k| (k, [k, k, k, k, k, k])).collect();
    assert_eq!(objects(&specs).len(), 10);
}

#[test]
fn the_index_changes_nothing_on_a_dump_of_many_vmis() {
    let mut specs = Vec::new();
    for i in 0..300u16 {
        let b = (i % 251) as u8;
        for kind in 0..10u8 {
            specs.push((kind, [b, b / 3, b / 5, b / 7, b, b / 2]));
        }
    }
    let objs = objects(&specs);
    assert!(objs.len() > 2000);
    let objs: Vec<Object> = objs
        .into_iter()
        .filter(|o| !matches!(o, Object::Vmi(v) if v.metadata.name().is_empty()))
        .collect();
    assert_eq!(group(objs.clone(), None), group_reference(objs, None));
}

#[test]
fn an_unnamed_migration_goes_to_the_nearest_unnamed_vmi_before_it() {
    // Three fragments pasted one after the other: a VMI status, a migration state, another VMI
    // status, another migration state; and a migration state before any VMI.
    let vmi = |phase: &str| json!({"status": {"phase": phase, "nodeName": "n1"}});
    let mig = |pod: &str| {
        json!({"kind": "VirtualMachineInstanceMigration",
        "status": {"phase": "Failed", "migrationState": {"targetPod": pod}}})
    };
    let docs = [
        mig("first"),
        vmi("Running"),
        mig("a"),
        vmi("Failed"),
        mig("b"),
    ];
    let text: Vec<String> = docs.iter().map(|d| d.to_string()).collect();
    let objs: Vec<Object> = parse(&text.join("\n"))
        .unwrap()
        .objects
        .into_iter()
        .map(|l| l.object)
        .collect();
    assert_eq!(unnamed_vmis(&objs), 2, "{objs:?}");
    let dump = group(objs, None);
    let targets = |i: usize| -> Vec<String> {
        let b = &dump.bundles[i];
        b.migrations
            .iter()
            .filter_map(|m| m.value.status.migration_state.as_ref()?.target_pod.clone())
            .collect()
    };
    assert_eq!(dump.bundles.len(), 2);
    assert_eq!(targets(0), ["first", "a"]);
    assert_eq!(targets(1), ["b"]);
}
