//! A YAML `kind: List` as `kubectl get ... -o yaml` prints it, cut into its items as text, so
//! each item is read on its own: a dump of 10,000 VMIs is 60,000 small documents, not one
//! document of millions of nodes, and an item that cannot be read does not lose the others.
//!
//! kubectl's shape: `items:` at column 0, each item starting with `- ` at column 0 and its
//! other lines indented by two spaces; the List's own keys (`apiVersion`, `kind`, `metadata`)
//! at column 0 around it. Anything else (an indented `items:`, a comment between items, a
//! `kind` that is no list) is left to be read whole.

use crate::scan::FastLines as _;
use serde_json::Value;
use std::ops::Range;

/// One item of a List: its first line (counted from 0 within the List's text) and where its
/// lines are in that text. Nothing is copied: [`Item::lines`] moves them two columns left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    pub line: usize,
    bytes: Range<usize>,
}

impl Item {
    /// The item's lines moved two columns left (its `- ` taken off the first), as the item's own
    /// document; a line of spaces only is empty.
    pub fn lines<'a>(&self, text: &'a str) -> Vec<&'a str> {
        let mut lines = text[self.bytes.clone()].lines_fast();
        let first = lines.next().unwrap_or("-");
        // kubectl's lines are some 30 bytes long.
        let mut out = Vec::with_capacity(self.bytes.len() / 24 + 1);
        out.push(first[1..].trim_start_matches(' '));
        out.extend(lines.map(|l| {
            if l.trim_fast().is_empty() {
                ""
            } else {
                l.strip_prefix("  ").unwrap_or(l)
            }
        }));
        out
    }

    /// The item's own document as text (each line ended by a newline).
    pub fn text(&self, text: &str) -> String {
        let mut out = String::with_capacity(self.bytes.len());
        for l in self.lines(text) {
            out.push_str(l);
            out.push('\n');
        }
        out
    }
}

/// The items of the List in `text` (one YAML document); `None` when `text` is not a List of
/// kubectl's shape.
pub fn items(text: &str) -> Option<Vec<Item>> {
    // Cheap test first: most documents are single objects.
    if !text.starts_with("items:") && !crate::scan::holds(text, "\nitems:") {
        return None;
    }
    let mut header = String::new();
    let mut items: Vec<Item> = Vec::new();
    let mut in_items = false;
    let mut at = 0;
    for (i, raw) in text.split_inclusive('\n').enumerate() {
        let (start, line) = (at, line_of(raw));
        at += raw.len();
        let at_zero = !line.is_empty() && !line.starts_with(' ');
        if at_zero && line.trim_end_fast() == "items:" {
            if in_items || !items.is_empty() {
                return None;
            }
            in_items = true;
            continue;
        }
        if in_items {
            if line.trim_fast().is_empty() {
                // A blank line belongs to the item before it (none before the first).
                if let Some(item) = items.last_mut() {
                    item.bytes.end = at;
                }
                continue;
            }
            if line == "-" || line.starts_with("- ") {
                items.push(Item {
                    line: i,
                    bytes: start..at,
                });
                continue;
            }
            if line.starts_with("  ") {
                items.last_mut()?.bytes.end = at;
                continue;
            }
            if line.starts_with('#') {
                return None;
            }
            // The List's own keys after its items.
            in_items = false;
        }
        header.push_str(line);
        header.push('\n');
    }
    if items.is_empty() || !is_list(&header) {
        return None;
    }
    Some(items)
}

/// A line as [`str::lines`] gives it, from the line with its end as
/// `split_inclusive('\n')` gives it (so one scan finds both).
pub(super) fn line_of(raw: &str) -> &str {
    let Some(l) = raw.strip_suffix('\n') else {
        return raw;
    };
    l.strip_suffix('\r').unwrap_or(l)
}

/// The List's own keys (everything but its items) make a list: a `kind` ending in `List` (not a
/// guest agent's list answer) or none.
fn is_list(header: &str) -> bool {
    if header.trim_fast().is_empty() {
        return true;
    }
    let value = match super::fast_yaml::document(header) {
        Some(v) => v,
        None => match serde_saphyr::from_str::<Value>(header) {
            Ok(v) => v,
            Err(_) => return false,
        },
    };
    let Some(map) = value.as_object() else {
        return false;
    };
    let kind = map.get("kind").and_then(Value::as_str).unwrap_or("");
    (kind.is_empty() || kind.ends_with("List")) && !super::classify::is_guest_list(kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kubectl_lists_are_cut_into_their_items() {
        let text = "apiVersion: v1\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata:\n    \
            name: a\n\n-\n  kind: Node\nkind: List\nmetadata:\n  resourceVersion: \"\"\n";
        let items: Vec<(usize, String)> = items(text)
            .unwrap()
            .iter()
            .map(|i| (i.line, i.text(text)))
            .collect();
        assert_eq!(
            items,
            [
                (
                    2,
                    "apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n\n".to_string()
                ),
                (7, "\nkind: Node\n".to_string())
            ]
        );
    }

    #[test]
    fn other_shapes_are_read_whole() {
        for text in [
            "kind: Pod\nmetadata:\n  name: a\n",
            "kind: List\nitems:\n  - kind: Pod\n",
            "kind: List\nitems:\n- kind: Pod\n# a comment\n- kind: Node\n",
            "kind: VirtualMachineInstanceGuestOSUserList\nitems:\n- userName: a\n",
            "kind: Pod\nitems:\n- a\n",
            "kind: List\nitems: []\n",
        ] {
            assert_eq!(items(text), None, "{text:?}");
        }
    }
}
