//! The tools that need no cluster, each one call into `model`: `diagnose_dump` runs the paste
//! pipeline ([`model::input::pipeline::analyse`], as `strata diagnose` and the paste page), and
//! `explain` looks a value up in the explanation catalogue ([`model::explain`]) or reads a
//! message as the paste pipeline reads a line (the signature it matches, with its source).

use super::outcome::{Outcome, arg, required, time};
use model::explain::{Subject, Topic};
use serde_json::{Value, json};

/// The most text `diagnose_dump` reads: as `strata diagnose DIR` reads of one file.
pub fn max_text_bytes() -> usize {
    usize::try_from(crate::diagnose_dir::Limits::default().max_file_bytes).unwrap_or(16 << 20)
}

/// The most text of a message `explain` reads.
const MAX_MESSAGE_BYTES: usize = 64 * 1024;

pub fn diagnose_dump(args: &Value) -> Outcome {
    let text = match required(args, "text") {
        Ok(t) => t,
        Err(o) => return o,
    };
    if text.len() > max_text_bytes() {
        return Outcome::fail(format!(
            "text too large: {} bytes (at most {})",
            text.len(),
            max_text_bytes()
        ));
    }
    let now = match time(args, "now") {
        Ok(t) => t,
        Err(o) => return o,
    };
    match model::input::pipeline::analyse(text, now) {
        Err(e) => Outcome::fail(format!("cannot read the text: {e}")),
        Ok(analysis) => {
            let report = model::cli::PasteReport::of(&analysis);
            let mut data = serde_json::to_value(&report).unwrap_or_default();
            data["broken"] = json!(analysis.report.is_broken());
            Outcome::ok(data)
        }
    }
}

/// `kind`'s values: the catalogue's topics, `condition` (type, reason and message together) and
/// `message` (a log line or event message).
const KINDS: &[(&str, Option<Topic>)] = &[
    ("vmi_phase", Some(Topic::VmiPhase)),
    ("condition", None),
    ("condition_type", Some(Topic::ConditionType)),
    ("reason", Some(Topic::Reason)),
    ("event_reason", Some(Topic::EventReason)),
    ("vmim_phase", Some(Topic::VmimPhase)),
    ("vmim_condition", Some(Topic::VmimCondition)),
    ("eviction_strategy", Some(Topic::EvictionStrategy)),
    ("migration_mode", Some(Topic::MigrationMode)),
    ("abort_status", Some(Topic::AbortStatus)),
    ("vm_status", Some(Topic::VmPrintableStatus)),
    ("message", None),
];

pub fn explain_schema() -> Value {
    let kinds: Vec<&str> = KINDS.iter().map(|(k, _)| *k).collect();
    json!({
        "type": "object",
        "properties": {
            "kind": {
                "type": "string",
                "enum": kinds,
                "description": "What `value` is. `condition`: give `type`, and `reason` and \
                    `message` when the condition has them. `message`: a log line or an event's \
                    message.",
            },
            "value": {"type": "string", "description": "The value or message, verbatim."},
            "type": {"type": "string", "description": "The condition's type (kind=condition)."},
            "reason": {"type": "string", "description": "The condition's reason (kind=condition)."},
            "message": {"type": "string", "description": "The condition's message (kind=condition)."},
            "namespace": {"type": "string", "description": "Optional: names the VMI in the commands."},
            "name": {"type": "string", "description": "Optional: names the VMI in the commands."},
        },
        "required": ["kind"],
        "additionalProperties": false,
    })
}

pub fn explain(args: &Value) -> Outcome {
    let kind = match required(args, "kind") {
        Ok(k) => k,
        Err(o) => return o,
    };
    let Some((_, topic)) = KINDS.iter().find(|(k, _)| *k == kind) else {
        return Outcome::fail(format!(
            "unknown kind {kind:?}; one of the schema's `kind`s"
        ));
    };
    let subject = Subject {
        namespace: arg(args, "namespace").unwrap_or("NAMESPACE").to_string(),
        name: arg(args, "name").unwrap_or("NAME").to_string(),
        ..Subject::default()
    };
    let explanation = match (kind, topic) {
        ("message", _) => return message(args),
        (_, Some(topic)) => match required(args, "value") {
            Ok(v) => model::explain::explain(*topic, v, &subject),
            Err(o) => return o,
        },
        _ => {
            let Some(type_) = arg(args, "type").or(arg(args, "value")) else {
                return Outcome::fail("`type` is required for kind=condition");
            };
            let reason = arg(args, "reason").unwrap_or("");
            let message = arg(args, "message").unwrap_or("");
            model::explain::explain_condition(type_, reason, message, &subject)
        }
    };
    let mut data = serde_json::to_value(&explanation).unwrap_or_default();
    data["source"] =
        json!("Strata's explanation catalogue (model::explain), from KubeVirt's source");
    Outcome::ok(data)
}

/// A message read as a pasted line: each signal with its signature, layer, cause, next steps and
/// the source the signature cites.
fn message(args: &Value) -> Outcome {
    let Some(text) = arg(args, "value").or(arg(args, "message")) else {
        return Outcome::fail("`value` (the message) is required for kind=message");
    };
    if text.len() > MAX_MESSAGE_BYTES {
        return Outcome::fail(format!(
            "message too large (at most {MAX_MESSAGE_BYTES} bytes)"
        ));
    }
    let signature = model::signatures::match_line(text).map(|s| {
        json!({
            "id": s.id,
            "layer": s.layer,
            "health": s.health,
            "title": s.title,
            "cause": s.cause,
            "next_steps": s.next_steps,
            "source": s.source,
        })
    });
    let signals = match model::input::pipeline::analyse(text, None) {
        Ok(a) => a.signals,
        Err(_) => Vec::new(),
    };
    Outcome::ok(json!({
        "message": text,
        "known": signature.is_some(),
        "signature": signature,
        "signals": signals,
    }))
}
