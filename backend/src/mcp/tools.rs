//! The tools `strata mcp` offers, all read-only: their names, input schemas and annotations
//! ([`list`]), and the dispatch of a call ([`Tools::call`]). `diagnose_dump` and `explain` are
//! pure calls into `model` ([`super::offline`]); the cluster tools read a console's JSON API
//! ([`super::cluster`]). Every result is one JSON object, sent both as `structuredContent` and as
//! its text; a failure is a result with `isError` (the assistant reads why), not a protocol error.

use super::client::Console;
use super::outcome::Outcome;
use serde_json::{Value, json};

/// What the tools read: a console, or why there is none (only the offline tools answer then).
pub struct Tools {
    pub console: Result<Console, String>,
}

impl Tools {
    /// `None` for a tool not in [`list`].
    pub async fn call(&self, name: &str, args: &Value) -> Option<Outcome> {
        if !args.is_object() {
            return Some(Outcome::fail("arguments must be a JSON object"));
        }
        let offline = match name {
            "diagnose_dump" => Some(super::offline::diagnose_dump(args)),
            "explain" => Some(super::offline::explain(args)),
            _ => None,
        };
        if offline.is_some() {
            return offline;
        }
        if !CLUSTER_TOOLS.contains(&name) {
            return None;
        }
        let console = match &self.console {
            Ok(c) => c,
            Err(why) => return Some(Outcome::fail(format!("no cluster: {why}"))),
        };
        let cluster = super::cluster::Cluster { console, args };
        Some(match name {
            "list_vmis" => cluster.list_vmis().await,
            "diagnose_vmi" => cluster.diagnose_vmi().await,
            "vmi_history" => cluster.vmi_history().await,
            _ => cluster.drain_impact().await,
        })
    }
}

const CLUSTER_TOOLS: &[&str] = &["list_vmis", "diagnose_vmi", "vmi_history", "drain_impact"];

fn string(description: &str) -> Value {
    json!({"type": "string", "description": description})
}

fn one_of(description: &str, values: &[&str]) -> Value {
    json!({"type": "string", "description": description, "enum": values})
}

fn schema(properties: Value, required: &[&str]) -> Value {
    json!({
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": false,
    })
}

fn tool(name: &str, title: &str, description: &str, input: Value) -> Value {
    json!({
        "name": name,
        "title": title,
        "description": description,
        "inputSchema": input,
        "annotations": {
            "title": title,
            "readOnlyHint": true,
            "destructiveHint": false,
            "idempotentHint": true,
            "openWorldHint": false,
        },
    })
}

/// The `cluster` argument of the cluster tools.
const CLUSTER: &str = "Optional: the cluster of a fleet console, as `GET /api/v1/clusters` names \
     it (the result's `cluster` says which was read); by default the console's first.";

const HEALTHS: &[&str] = &["healthy", "degraded", "broken", "unknown"];
const LAYERS: &[&str] = &["control_plane", "node", "guest", "network", "migration"];

/// The `tools/list` answer's tools.
pub fn list() -> Vec<Value> {
    let vmi = || {
        json!({
            "namespace": string("The VMI's namespace."),
            "name": string("The VMI's name."),
            "cluster": string(CLUSTER),
        })
    };
    let mut at = vmi();
    at["at"] = string("Optional RFC 3339 time: the page as recorded then (flight recorder).");
    let mut range = vmi();
    range["from"] = string("Optional RFC 3339 start (default: 24 hours before `to`).");
    range["to"] = string("Optional RFC 3339 end (default: now).");
    vec![
        tool(
            "list_vmis",
            "List VMIs",
            "Every VMI the console sees with its phase, node, per-layer health and headline. \
             Filters: cluster (a cluster of a fleet console, as `GET /api/v1/clusters` names \
             it; by default the console's first), namespace, verdict \
             (the worst layer's health), layer (VMIs whose layer is not healthy, or has \
             `verdict` when both are given).",
            schema(
                json!({
                    "cluster": string(CLUSTER),
                    "namespace": string("Only this namespace."),
                    "verdict": one_of("The worst layer's health.", HEALTHS),
                    "layer": one_of("A layer that is not healthy.", LAYERS),
                }),
                &[],
            ),
        ),
        tool(
            "diagnose_vmi",
            "Diagnose a VMI",
            "The layered diagnosis of one VMI: each layer's verdict, the findings with the \
             evidence they cite, next steps and remedies, conditions explained, events.",
            schema(at, &["namespace", "name"]),
        ),
        tool(
            "vmi_history",
            "A VMI's verdict changes",
            "The flight recorder's changes of one VMI in a time range: each layer's verdict, \
             the headline and the phase as they changed, events and migration outcomes.",
            schema(range, &["namespace", "name"]),
        ),
        tool(
            "drain_impact",
            "What draining a node does",
            "What `kubectl drain` of a node would do to each VMI on it (live-migrate, shut \
             down, block the drain) and why.",
            schema(
                json!({"node": string("The node's name."), "cluster": string(CLUSTER)}),
                &["node"],
            ),
        ),
        tool(
            "diagnose_dump",
            "Diagnose pasted output",
            "Diagnose pasted text: `kubectl get -o yaml/json`, describe, tables, events, \
             component logs, virtctl output. Returns the verdict per VMI with the lines it cites \
             (`line`, `source`, `excerpt`). Needs no cluster.",
            schema(
                json!({
                    "text": string("The pasted output (at most 16 MiB)."),
                    "now": string("Optional RFC 3339 time to judge ages against."),
                }),
                &["text"],
            ),
        ),
        tool(
            "explain",
            "Explain a KubeVirt value",
            "What a VMI phase, condition, reason, event reason, migration phase, VM status or \
             log message means, what it implies and what to check next. Needs no cluster.",
            super::offline::explain_schema(),
        ),
    ]
}
