//! A view model in the reader's language: every string of its JSON the catalogue knows, or of a
//! summary its headline. Cluster data (a cited evidence line, a component's own message) is
//! kept verbatim by its field's name; any other string that is not a catalogue sentence (a
//! name, a phase, a number) is left as it is because no entry matches it.

use super::{Lang, ja};
use crate::view::VmiSummary;
use serde_json::Value;

/// Fields that carry cluster data as written: never translated. A condition's or an event's
/// `reason` is the cluster's too: a CamelCase code as a rule, but some controllers write a
/// sentence there (KubeVirt's ManualRecoveryRequired: "VMI was removed or was final during the
/// volume migration", `pkg/virt-controller/watch/vm/vm.go`).
const DATA_FIELDS: &[&str] = &[
    "evidence", "message", "excerpt", "line", "text", "raw", "reason",
];

/// Translates every string of `v` the catalogue knows into `lang`, in place.
pub fn localize_json(v: &mut Value, lang: Lang) {
    if lang == Lang::En {
        return;
    }
    walk(v);
}

fn walk(v: &mut Value) {
    match v {
        // One word is a value (an enum's name such as `broken` or `guest`, a phase, a name),
        // which the client reads back: only phrases are text.
        Value::String(s) if s.contains(' ') => {
            if let Some(j) = ja(s) {
                *s = j;
            }
        }
        Value::Array(items) => items.iter_mut().for_each(walk),
        Value::Object(fields) => {
            for (k, x) in fields.iter_mut() {
                if !DATA_FIELDS.contains(&k.as_str()) {
                    walk(x);
                }
            }
        }
        _ => {}
    }
}

/// A summary in `lang` (its headline; the reason it cannot migrate is KubeVirt's own message).
pub fn localize_summary(s: &mut VmiSummary, lang: Lang) {
    if lang == Lang::En {
        return;
    }
    if let Some(j) = ja(&s.headline) {
        s.headline = j;
    }
}
