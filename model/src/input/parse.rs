//! Reading what people paste or pipe: JSON, YAML, multi-document YAML (`kubectl get vmi,vmim,pod
//! -o yaml`), `kind: List`, bare arrays, Prometheus answers and exposition text, guest agent
//! answers, and objects without `apiVersion`/`kind` (only the `status:` part), which are
//! recognised by their shape.
//!
//! Syntax errors name the line and column; input that is not Kubernetes YAML/JSON (a `kubectl
//! describe` text, a `kubectl get` table) gets a message saying what it looks like and what is
//! expected. Wrong shapes inside a recognised object are not errors: they become [`Note`]s and
//! the field is ignored.

use super::classify::collect_owned;
use super::text::{exposition_metrics, recognise_non_kubernetes_text};

// The whole reading surface under one path (`input::parse::{parse, Object, ...}`).
pub use super::classify::classify;
pub use super::documents::read_documents;
use super::documents::{Piece, each_document};
use super::object::EXPECTED;
pub use super::object::{
    Located, Note, Object, Origin, ParseError, Parsed, READ_KINDS, Recognition,
};

/// Reads every object in `input`. Fails only when nothing in it can be read; partial problems
/// are returned as [`Parsed::notes`].
pub fn parse(input: &str) -> Result<Parsed, ParseError> {
    let trimmed = input.trim();
    if trimmed.is_empty() {
        return Err(ParseError {
            line: None,
            column: None,
            message: format!("the input is empty; {EXPECTED}"),
        });
    }
    if let Some(err) = recognise_non_kubernetes_text(input) {
        return Err(err);
    }
    if let Some(samples) = exposition_metrics(input) {
        let origin = Origin {
            document: 1,
            line: Some(1),
            path: String::new(),
        };
        return Ok(Parsed {
            objects: vec![Located {
                object: Object::Metrics(samples),
                origin,
                recognised_by: Recognition::Shape,
            }],
            notes: Vec::new(),
        });
    }
    let mut parsed = Parsed::default();
    // Each value is classified as soon as it is read and then dropped: a dump is never held
    // whole as values.
    each_document(input, &mut |document, piece| match piece {
        Piece::Read { line, path, value } => {
            let origin = Origin {
                document,
                line: Some(line),
                path,
            };
            collect_owned(value, origin, &mut parsed);
        }
        Piece::Unreadable { line, path, error } => parsed.notes.push(Note {
            message: unread_message(&error),
            origin: Origin {
                document,
                line: error.line.or(Some(line)),
                path,
            },
        }),
    })?;
    if parsed.objects.is_empty() {
        let detail = parsed
            .notes
            .iter()
            .map(|n| format!("{}: {}", n.origin, n.message))
            .collect::<Vec<_>>()
            .join("; ");
        let line = parsed.notes.first().and_then(|n| n.origin.line);
        let message = if detail.is_empty() {
            format!("no object found; {EXPECTED}")
        } else {
            format!(
                "nothing Strata can diagnose: {detail}. Strata reads {}; {EXPECTED}",
                READ_KINDS.join(", ")
            )
        };
        return Err(ParseError {
            line,
            column: None,
            message,
        });
    }
    Ok(parsed)
}

/// The note for a document, or a List's item, that could not be read while the rest was.
pub fn unread_message(error: &ParseError) -> String {
    format!("this part was not read (the rest was): {}", error.message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kube::GuestAgentAnswer;

    fn kinds(p: &Parsed) -> Vec<String> {
        p.objects.iter().map(|o| o.object.label()).collect()
    }

    #[test]
    fn multi_document_yaml_with_list() {
        let input = "apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstance\nmetadata:\n  name: a\n  namespace: ns\n---\n\
            apiVersion: v1\nkind: List\nitems:\n- kind: Pod\n  metadata: {name: virt-launcher-a-x, namespace: ns}\n- kind: ConfigMap\n  metadata: {name: c}\n";
        let p = parse(input).unwrap();
        assert_eq!(
            kinds(&p),
            ["VirtualMachineInstance ns/a", "Pod ns/virt-launcher-a-x"]
        );
        assert_eq!(p.objects[1].origin.document, 2);
        // A List's items are read one by one, each from its own `- ` line.
        assert_eq!(p.objects[1].origin.line, Some(10));
        assert_eq!(p.objects[1].origin.path, "/items/0");
        assert_eq!(p.notes.len(), 1);
        assert!(p.notes[0].message.contains("ConfigMap"));
    }

    #[test]
    fn json_single_and_stream() {
        let p = parse("{\"kind\":\"VirtualMachineInstanceMigration\",\"metadata\":{\"name\":\"m\"},\"spec\":{\"vmiName\":\"a\"}}\n{\"kind\":\"Node\",\"metadata\":{\"name\":\"n\"}}").unwrap();
        assert_eq!(kinds(&p), ["VirtualMachineInstanceMigration m", "Node n"]);
        assert_eq!(p.objects[1].origin.line, Some(2));
    }

    #[test]
    fn status_only_is_recognised_by_shape() {
        let p = parse("status:\n  phase: Running\n  activePods:\n    abc: node-1\n").unwrap();
        assert!(matches!(p.objects[0].object, Object::Vmi(_)));
        assert_eq!(p.objects[0].recognised_by, Recognition::Shape);
        let p = parse("phase: Running\nconditions:\n- type: LiveMigratable\n  status: 'False'\n")
            .unwrap();
        assert!(matches!(&p.objects[0].object, Object::Vmi(v) if v.phase() == "Running"));
        let p = parse("phase: TargetReady\n").unwrap();
        assert!(matches!(p.objects[0].object, Object::Vmim(_)));
        let p = parse("status:\n  phase: Running\n  containerStatuses: []\n").unwrap();
        assert!(matches!(p.objects[0].object, Object::Pod(_)));
        let p = parse("status:\n  printableStatus: Paused\n").unwrap();
        assert!(matches!(p.objects[0].object, Object::Vm(_)));
    }

    #[test]
    fn yaml_syntax_error_names_the_line() {
        // Alone, the broken document is the input's error; among others, a note.
        let e = parse("kind: Pod\nstatus: [unclosed\n").unwrap_err();
        assert_eq!(e.line, Some(2), "{e}");
        let p = parse(
            "kind: VirtualMachineInstance\nmetadata:\n  name: \
                a\n---\nkind: Pod\nstatus: [unclosed\n",
        )
        .unwrap();
        assert!(matches!(p.objects[0].object, Object::Vmi(_)));
        assert_eq!(p.notes[0].origin.line, Some(6), "{:?}", p.notes);
        assert_eq!(p.notes[0].origin.document, 2, "{:?}", p.notes);
    }

    #[test]
    fn json_syntax_error_names_the_line() {
        let e = parse("{\n  \"kind\": \"Pod\",\n  \"status\": {,}\n}").unwrap_err();
        assert_eq!(e.line, Some(3), "{e}");
        assert!(e.message.contains("JSON"));
    }

    #[test]
    fn describe_and_table_get_clear_messages() {
        let describe = "Name:         web\nNamespace:    prod\nLabels:       \
            <none>\nAPI Version:  kubevirt.io/v1\nKind:         \
            VirtualMachineInstance\nEvents:       <none>\n";
        let e = parse(describe).unwrap_err();
        assert!(e.message.contains("kubectl describe"), "{e}");
        let table = "NAME   AGE   PHASE     IP           NODENAME   \
            READY\nweb    3d    Running   10.0.0.5     node-1     True\n";
        let e = parse(table).unwrap_err();
        assert!(
            e.message.contains("table") && e.message.contains("-o yaml"),
            "{e}"
        );
    }

    #[test]
    fn unknown_things_are_errors_naming_the_field() {
        let e = parse("- 1\n- hello\n").unwrap_err();
        assert!(
            e.message.contains("/0") && e.message.contains("expected a mapping"),
            "{e}"
        );
        let e = parse("foo: bar\n").unwrap_err();
        assert!(e.message.contains("foo"), "{e}");
        assert!(parse("   \n").unwrap_err().message.contains("empty"));
    }

    #[test]
    fn wrong_field_shapes_become_notes() {
        let p = parse(
            "kind: VirtualMachineInstance\nmetadata: {name: \
                a}\nstatus:\n  phase: Running\n  conditions: nope\n",
        )
        .unwrap();
        assert_eq!(p.objects.len(), 1);
        assert!(
            p.notes[0].message.contains("/status/conditions"),
            "{:?}",
            p.notes
        );
    }

    #[test]
    fn prometheus_answers() {
        let p = parse(r#"{"status":"success","data":{"resultType":"vector","result":[{"metric":{"__name__":"kubevirt_vmi_migration_data_remaining_bytes","namespace":"ns","name":"a"},"value":[1700000000,"5"]}]}}"#).unwrap();
        assert!(matches!(&p.objects[0].object, Object::Metrics(s) if s.len() == 1));
        let p = parse("# TYPE x gauge\nkubevirt_vmi_migration_data_remaining_bytes{namespace=\"ns\",name=\"a\"} 5\n").unwrap();
        assert!(matches!(&p.objects[0].object, Object::Metrics(s) if s[0].value == 5.0));
    }

    #[test]
    fn guest_agent_409_status() {
        let p = parse(r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Operation cannot be fulfilled on virtualmachineinstance.kubevirt.io \"web\": VMI does not have guest agent connected","reason":"Conflict","code":409}"#).unwrap();
        assert!(matches!(&p.objects[0].object,
            Object::GuestAgentError { name: Some(n), answer: GuestAgentAnswer::NotConnected } if n == "web"));
        assert!(parse(r#"{"kind":"Status","message":"forbidden"}"#).is_err());
    }

    #[test]
    fn guest_agent_answer() {
        let p = parse(
            "guestAgentVersion: 8.1.0\nhostname: \
                web\nsupportedCommands:\n- name: guest-ping\n  enabled: \
                true\n",
        )
        .unwrap();
        assert!(
            matches!(&p.objects[0].object, Object::GuestAgent(g) if g.hostname.as_deref() == Some("web"))
        );
    }
}
