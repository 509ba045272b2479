//! Large dumps: a `kind: List` is read item by item (an unreadable item, or one that reaches a
//! limit of the YAML parser, is said and skipped, and every VMI after it is still diagnosed),
//! and every VMI of a dump gets exactly its own objects. No timings here: what it costs is
//! measured by `cargo xtask bench --only "mixed dump"`.

use model::input::analyse;

/// One VMI with its launcher pod and an event, as kubectl prints them (each a List item when
/// `list`), `phase` its phase.
fn vmi_objects(i: usize, phase: &str) -> Vec<String> {
    vec![
        format!(
            "apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstance\nmetadata:\n  \
             name: vm-{i}\n  namespace: ns\n  uid: vmi-{i}\nstatus:\n  activePods:\n    \
             pod-{i}: node-{n}\n  interfaces:\n  - mac: 02:00:00:00:{i:02x}:01\n    name: default\n  \
             nodeName: node-{n}\n  phase: {phase}\n",
            n = i % 3
        ),
        format!(
            "apiVersion: v1\nkind: Pod\nmetadata:\n  name: virt-launcher-vm-{i}-x\n  \
             namespace: ns\n  uid: pod-{i}\n  labels:\n    kubevirt.io/created-by: vmi-{i}\n\
             spec:\n  nodeName: node-{n}\nstatus:\n  phase: Running\n",
            n = i % 3
        ),
        format!(
            "apiVersion: v1\nkind: Event\nmetadata:\n  name: vm-{i}.1\n  namespace: ns\n\
             involvedObject:\n  kind: VirtualMachineInstance\n  name: vm-{i}\n  namespace: ns\n  \
             uid: vmi-{i}\nreason: Started\ntype: Normal\nmessage: started\n\
             lastTimestamp: \"2026-08-22T06:00:00Z\"\n"
        ),
    ]
}

fn nodes() -> Vec<String> {
    (0..3)
        .map(|n| {
            format!(
                "apiVersion: v1\nkind: Node\nmetadata:\n  name: node-{n}\nstatus:\n  conditions:\n  \
                 - type: Ready\n    status: \"True\"\n    \
                 lastHeartbeatTime: \"2026-08-22T06:00:00Z\"\n"
            )
        })
        .collect()
}

/// `objects` as one `kind: List`, the way kubectl prints it.
fn as_list(objects: &[String]) -> String {
    let mut out = String::from("apiVersion: v1\nitems:\n");
    for o in objects {
        for (j, line) in o.lines().enumerate() {
            out.push_str(if j == 0 { "- " } else { "  " });
            out.push_str(line);
            out.push('\n');
        }
    }
    out.push_str("kind: List\nmetadata:\n  resourceVersion: \"\"\n");
    out
}

/// A ConfigMap no reader takes whole (flow mappings) with more nodes than the YAML parser's
/// limit (250,000 nodes).
fn oversized_item() -> String {
    let mut s = String::from("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: huge\ndata:\n");
    for k in 0..90_000 {
        s.push_str(&format!("- {{a: {k}}}\n"));
    }
    s
}

fn failed_vmis(a: &model::input::Analysis) -> Vec<String> {
    a.dump
        .bundles
        .iter()
        .zip(&a.report.diagnoses)
        .filter(|(b, d)| d.is_broken() && b.vmi().is_some_and(|v| v.phase() == "Failed"))
        .map(|(b, _)| b.key.name.clone())
        .collect()
}

#[test]
fn every_vmi_of_a_large_list_gets_exactly_its_own_objects() {
    let n = 400;
    let mut objects = nodes();
    for i in 0..n {
        objects.extend(vmi_objects(i, "Running"));
    }
    let a = analyse(&as_list(&objects), None).unwrap();
    assert_eq!(a.dump.bundles.len(), n);
    for b in &a.dump.bundles {
        assert_eq!(
            (b.pods.len(), b.events.len(), b.nodes.len()),
            (1, 1, 1),
            "{}",
            b.key.name
        );
    }
    assert_eq!(a.report.unmatched, 0);
    assert!(a.report.notes.is_empty(), "{:?}", a.report.notes);
}

#[test]
fn an_unreadable_list_item_is_said_and_every_vmi_after_it_is_still_read() {
    let n = 300;
    let mut objects = nodes();
    for i in 0..n {
        objects.extend(vmi_objects(i, if i == 250 { "Failed" } else { "Running" }));
        if i == 100 {
            objects.push("apiVersion: v1\nkind: Pod\nmetadata:\n  name: [unclosed\n".into());
        }
    }
    let a = analyse(&as_list(&objects), None).unwrap();
    assert_eq!(a.dump.bundles.len(), n);
    assert_eq!(failed_vmis(&a), ["vm-250"]);
    let note = a
        .report
        .notes
        .iter()
        .find(|n| n.message.contains("not read"))
        .expect("a note on the unreadable item");
    assert!(note.message.contains("invalid YAML"), "{}", note.message);
    // Three nodes and 101 VMIs of three objects each come before it.
    assert_eq!(note.origin.path, "/items/306");
}

#[test]
fn a_list_item_at_the_parser_limit_is_said_and_the_vmis_after_it_are_read() {
    let mut objects = nodes();
    objects.extend(vmi_objects(0, "Running"));
    objects.push(oversized_item());
    objects.extend(vmi_objects(1, "Failed"));
    let a = analyse(&as_list(&objects), None).unwrap();
    assert_eq!(a.dump.bundles.len(), 2);
    assert_eq!(failed_vmis(&a), ["vm-1"]);
    let note = a
        .report
        .notes
        .iter()
        .find(|n| n.message.contains("limit of the YAML parser"))
        .expect("a note saying the parser's limit was reached");
    assert!(note.message.contains("not read"), "{}", note.message);
    assert!(a.report.is_broken());
}

#[test]
fn a_document_at_the_parser_limit_says_so() {
    let e = model::input::parse::parse(&oversized_item()).unwrap_err();
    assert!(
        e.message.contains("limit of the YAML parser"),
        "{}",
        e.message
    );
    assert!(!e.message.contains("invalid YAML"), "{}", e.message);
}
