//! Recovering what can be read from cut and hand-edited YAML/JSON. The rules, each named in the
//! block's report when applied:
//!
//! * **mid-indent start**: the block starts deeper than it goes on; the deeper head is read as
//!   a fragment of its own and the rest is dedented.
//! * **cut end**: the text stops mid-value; it is cut before the line the parser stops at and
//!   read again (a bounded number of times, so a block is parsed at most a few times).
//! * **conditions map**: `conditions: {Ready: {status: "True"}}` or `{Ready: "True"}` becomes a
//!   list of conditions with their `type`.
//! * **elision**: lines that only say something was left out (`...`, `…`, `[...]`, `<snip>`)
//!   are dropped before reading.
//! * **notes**: `//` notes a person appended to YAML lines are dropped.
//! * **fragment**: a bare sub-tree of a VMI, VM, pod or node (`migrationState:`, an indented
//!   `- infoSource:` list, `metadata:` alone, see [`super::fragment`]) is read as the object it
//!   was cut from, with a note saying what the paste lacks.

use super::cells::is_elision;
use super::classify::{check_shapes, collect};
use super::documents::{Piece, each_document};
use super::fragment::{Fragment, Owner, lacking, recognise};
use super::object::{Located, Note, Object, Origin, ParseError, Parsed, Recognition};
use crate::kube::vmi::Vmi;
use crate::kube::{Node, Pod, Vm};
use crate::scan::FastLines as _;
use serde_json::Value;

/// How many times a block is cut and read again.
const CUTS: usize = 3;

/// What a block gave after recovery: its objects and notes (lines relative to the block) and the
/// rules applied.
#[derive(Debug, Default)]
pub struct Recovered {
    pub parsed: Parsed,
    pub rules: Vec<String>,
    /// The first error, when nothing could be read.
    pub error: Option<ParseError>,
}

/// Reads a block's lines as objects, recovering what a cut or edited paste lost.
pub fn recover(lines: &[&str]) -> Recovered {
    // A note a person appended to a YAML line (`type: X   // note this`) is not its value.
    let noted = lines.iter().any(|l| without_note(l).len() != l.len());
    let stripped: Vec<&str>;
    let lines = if noted {
        stripped = lines.iter().map(|l| without_note(l)).collect();
        &stripped[..]
    } else {
        lines
    };
    let mut out = recover_as_is(lines);
    if noted {
        out.rules
            .insert(0, "notes appended after `//` dropped".into());
    }
    // A list item whose first line lost its indentation when it was copied (`- key:` at column
    // 0, its siblings at column 4 or more): read again with the first line put back where its
    // siblings say, when that reads without the error the paste as is gives.
    if out.error.is_some()
        && let Some(first) = lines.first().filter(|l| l.starts_with("- "))
    {
        let rest = lines[1..]
            .iter()
            .filter(|l| !l.trim_fast().is_empty() && !is_elision(l))
            .map(|l| l.len() - l.trim_start_fast().len())
            .min()
            .unwrap_or(0);
        if rest > 2 {
            let moved = format!("{}{first}", " ".repeat(rest - 2));
            let mut again: Vec<&str> = Vec::with_capacity(lines.len());
            again.push(&moved);
            again.extend_from_slice(&lines[1..]);
            let mut second = recover_as_is(&again);
            if second.error.is_none() && !second.parsed.objects.is_empty() {
                second.rules.insert(
                    0,
                    format!(
                        "first line re-indented by {} columns to its siblings'",
                        rest - 2
                    ),
                );
                return second;
            }
        }
    }
    out
}

fn recover_as_is(lines: &[&str]) -> Recovered {
    let mut out = Recovered::default();
    let indent = |l: &&str| l.len() - l.trim_start_fast().len();
    let min = lines
        .iter()
        .filter(|l| !l.trim_fast().is_empty())
        .map(indent)
        .min()
        .unwrap_or(0);
    let head = lines
        .iter()
        .take_while(|l| l.trim_fast().is_empty() || indent(l) > min)
        .count();
    if head > 0 && head < lines.len() {
        out.rules.push(format!(
            "mid-indent start: the first {head} lines read as a fragment of their own"
        ));
        read_part(&lines[..head], 0, &mut out);
        read_part(&lines[head..], head, &mut out);
    } else {
        read_part(lines, 0, &mut out);
    }
    out
}

/// Reads `lines` (starting `offset` lines into the block), dedented, cutting at errors.
fn read_part(lines: &[&str], offset: usize, out: &mut Recovered) {
    let min = lines
        .iter()
        .filter(|l| !l.trim_fast().is_empty())
        .map(|l| l.len() - l.trim_start_fast().len())
        .min()
        .unwrap_or(0);
    // Elided lines become blank lines, so line numbers stay the paste's.
    let mut elided = 0usize;
    let dedented: Vec<&str> = lines
        .iter()
        .map(|l| {
            if is_elision(l) {
                elided += 1;
                ""
            } else if l.len() >= min {
                &l[min..]
            } else {
                l.trim_start_fast()
            }
        })
        .collect();
    if min > 0 {
        out.rules.push(format!("dedented by {min} columns"));
    }
    if elided > 0 {
        out.rules.push(format!(
            "elision: {elided} line(s) saying something was left out were skipped"
        ));
    }
    let mut end = dedented.len();
    for attempt in 0..=CUTS {
        let text = dedented[..end].join("\n");
        let read: Result<Vec<(usize, Value)>, ParseError> =
            documents(&text, offset, &mut out.parsed.notes).or_else(|e| {
                // JSON cut at either end: its whole values, the cut one closed.
                let cut = (attempt == 0 && super::json_cut::looks_like_json(&text))
                    .then(|| super::json_cut::salvage(&text))
                    .flatten()
                    .ok_or(e)?;
                out.rules.extend(cut.rules);
                Ok(cut.values)
            });
        match read {
            Ok(docs) => {
                for (line, mut value) in docs {
                    fix_value(&mut value, &mut out.rules);
                    let origin = Origin {
                        document: 1,
                        line: Some(line + offset),
                        path: String::new(),
                    };
                    match recognise(&value) {
                        Some(f) => read_fragment(f, origin, out),
                        None => collect(&value, origin, &mut out.parsed, 0),
                    }
                }
                return;
            }
            Err(e) => {
                if out.error.is_none() {
                    out.error = Some(ParseError {
                        line: e.line.map(|l| l + offset),
                        ..e.clone()
                    });
                }
                let stop = e.line.unwrap_or(end).saturating_sub(1).min(end);
                if attempt == CUTS || stop == 0 || stop >= end {
                    return;
                }
                out.rules.push(format!(
                    "cut end: read up to line {} of the block, where the text stops making sense",
                    stop + offset
                ));
                end = stop;
            }
        }
    }
}

/// Every document of `text` (`---`-separated, or concatenated JSON) with its line; a document
/// that cannot be read among others that can becomes a note (lines shifted by `offset`).
fn documents(
    text: &str,
    offset: usize,
    notes: &mut Vec<Note>,
) -> Result<Vec<(usize, Value)>, ParseError> {
    let mut docs = Vec::new();
    each_document(text, &mut |document, piece| match piece {
        Piece::Read { line, value, .. } => docs.push((line, value)),
        Piece::Unreadable { line, path, error } => notes.push(Note {
            origin: Origin {
                document,
                line: error.line.or(Some(line)).map(|l| l + offset),
                path,
            },
            message: super::parse::unread_message(&error),
        }),
    })?;
    Ok(docs)
}

/// Applies the value rules: conditions maps become lists.
fn fix_value(value: &mut Value, rules: &mut Vec<String>) {
    conditions_map_to_list(value, rules, 0);
}

/// `key: value   // a note` without its note: a `//` after whitespace, outside quotes, on a YAML
/// line (`key:` or `- `). YAML has no `//` comments, so the note would be read into the value.
fn without_note(line: &str) -> &str {
    // The rare ` //` first: every line of a block is asked.
    let Some(i) = crate::scan::find(line, " //") else {
        return line;
    };
    let t = line.trim_start_fast();
    if !(t.starts_with("- ") || t.contains(": ")) {
        return line;
    }
    let before = &line[..i];
    let quotes = before.matches('"').count() + before.matches('\'').count();
    if quotes % 2 == 1 {
        return line;
    }
    before.trim_end_fast()
}

/// A fragment read as the object it was cut from, with a note saying what the paste lacks.
fn read_fragment(f: Fragment, origin: Origin, out: &mut Recovered) {
    out.rules.push(format!(
        "fragment: {} read as part of a {}",
        f.what,
        match f.owner {
            Owner::Vmi => "VirtualMachineInstance",
            Owner::Vm => "VirtualMachine",
            Owner::Pod => "Pod",
            Owner::Node => "Node",
        }
    ));
    let object = match f.owner {
        Owner::Vmi => Object::Vmi(Box::new(Vmi::from_value(&f.value))),
        Owner::Vm => Object::Vm(Box::new(Vm::from_value(&f.value))),
        Owner::Pod => Object::Pod(Box::new(Pod::from_value(&f.value))),
        Owner::Node => Object::Node(Box::new(Node::from_value(&f.value))),
    };
    check_shapes(&f.value, &origin, &object, &mut out.parsed);
    out.parsed.notes.push(Note {
        origin: origin.clone(),
        message: lacking(&f),
    });
    out.parsed.objects.push(Located {
        object,
        origin,
        recognised_by: Recognition::Shape,
    });
}

fn conditions_map_to_list(value: &mut Value, rules: &mut Vec<String>, depth: usize) {
    if depth > 12 {
        return;
    }
    match value {
        Value::Object(m) => {
            if let Some(Value::Object(c)) = m.get("conditions") {
                // One condition whose list dash was lost (`type:`, `status:`, `reason:` …
                // straight under `conditions:`) is that condition, not one per field.
                let list: Vec<Value> = if c.get("type").is_some_and(Value::is_string) {
                    vec![Value::Object(c.clone())]
                } else {
                    c.iter()
                        .map(|(k, v)| match v {
                            Value::Object(o) => {
                                let mut o = o.clone();
                                o.entry("type").or_insert_with(|| k.clone().into());
                                Value::Object(o)
                            }
                            other => serde_json::json!({ "type": k, "status": other }),
                        })
                        .collect()
                };
                rules.push("conditions map: read as a list of conditions".into());
                m.insert("conditions".into(), list.into());
            }
            for v in m.values_mut() {
                conditions_map_to_list(v, rules, depth + 1);
            }
        }
        Value::Array(a) => {
            for v in a {
                conditions_map_to_list(v, rules, depth + 1);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::object::Object;

    fn lines(s: &str) -> Vec<&str> {
        s.lines_fast().collect()
    }

    #[test]
    fn a_conditions_map_becomes_a_list() {
        let r = recover(&lines(
            "status:\n  phase: Pending\n  conditions:\n    type: PodScheduled\n    \
             status: \"False\"\n    reason: Unschedulable\n",
        ));
        assert!(
            r.rules.iter().any(|x| x.starts_with("conditions map")),
            "{r:?}"
        );
        // One condition that lost its dash: read as that condition, its fields its own.
        let Some(Object::Vmi(v)) = r.parsed.objects.first().map(|o| &o.object) else {
            panic!("{r:?}");
        };
        let c = &v.status.conditions;
        assert_eq!(c.len(), 1, "{c:?}");
        assert_eq!(c[0].type_.as_deref(), Some("PodScheduled"));
        assert_eq!(c[0].status.as_deref(), Some("False"));
        assert_eq!(c[0].reason(), "Unschedulable");
        let r = recover(&lines(
            "status:\n  conditions:\n    Ready: {status: \"True\"}\n",
        ));
        let Some(Object::Vmi(v)) = r.parsed.objects.first().map(|o| &o.object) else {
            panic!("{r:?}");
        };
        assert_eq!(v.status.conditions[0].type_.as_deref(), Some("Ready"));
    }

    #[test]
    fn a_cut_end_is_read_up_to_where_it_stops() {
        let r = recover(&lines(
            "status:\n  phase: Running\n  nodeName: node-1\n  conditions: [ {type: Ready,",
        ));
        assert!(r.rules.iter().any(|x| x.starts_with("cut end")), "{r:?}");
        assert!(matches!(&r.parsed.objects[0].object, Object::Vmi(v) if v.phase() == "Running"));
    }

    #[test]
    fn a_mid_indent_start_and_a_bare_migration_state_are_read() {
        let r = recover(&lines(
            "    migrationUid: abc\n    targetNode: node02\n  migrationState:\n    \
             migrationUid: abc\n    targetNode: node02\n",
        ));
        assert!(r.rules.iter().any(|x| x.starts_with("mid-indent")), "{r:?}");
        assert!(r.rules.iter().any(|x| x.starts_with("fragment")), "{r:?}");
        assert!(
            r.parsed
                .objects
                .iter()
                .any(|o| matches!(&o.object, Object::Vmi(v) if v.status.migration_state.is_some())),
            "{r:?}"
        );
    }

    #[test]
    fn nothing_readable_gives_the_first_error() {
        let r = recover(&lines("kind: ["));
        assert!(r.parsed.objects.is_empty());
        assert_eq!(r.error.and_then(|e| e.line), Some(1));
    }
}
