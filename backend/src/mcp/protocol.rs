//! JSON-RPC 2.0 as MCP uses it: one message in, at most one message out. Both eras of the
//! protocol are spoken: the handshake revisions (`initialize`, `notifications/initialized`,
//! `ping`) and 2026-07-28's stateless one (`server/discover`; each request names its revision in
//! `_meta`, refused with `-32022` when it is not one of [`VERSIONS`], its result marked
//! `resultType`). The tools methods (`tools/list`, `tools/call`) are answered; every other
//! request gets `-32601` (no resources, prompts, sampling or writes are offered), a call of a
//! tool not listed `-32602`. Notifications get no answer. Hand-written over serde_json: a few
//! methods, where an SDK would bring a macro and schema stack into the build.

use super::tools::Tools;
use serde_json::{Value, json};

/// The revisions spoken, newest first.
pub const VERSIONS: &[&str] = &[STATELESS, "2025-11-25", "2025-06-18", "2025-03-26"];
/// The revision without a handshake: `initialize` never answers it.
pub const STATELESS: &str = "2026-07-28";
/// Where a 2026-07-28 request names its revision, in `params._meta`.
const VERSION_KEY: &str = "io.modelcontextprotocol/protocolVersion";

pub const PARSE_ERROR: i64 = -32700;
pub const INVALID_REQUEST: i64 = -32600;
pub const METHOD_NOT_FOUND: i64 = -32601;
pub const INVALID_PARAMS: i64 = -32602;
pub const UNSUPPORTED_PROTOCOL_VERSION: i64 = -32022;

/// A JSON-RPC error answer.
pub fn error(id: Value, code: i64, message: impl Into<String>) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message.into()}})
}

fn result(id: Value, result: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "result": result})
}

/// The answer to one received line, `None` for a notification (or an answer sent to us).
pub async fn handle_line(tools: &Tools, line: &str) -> Option<Value> {
    let msg: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => return Some(error(Value::Null, PARSE_ERROR, format!("parse error: {e}"))),
    };
    let Some(obj) = msg.as_object() else {
        // Batches were removed from MCP in 2025-06-18.
        return Some(error(
            Value::Null,
            INVALID_REQUEST,
            "expected one JSON-RPC object",
        ));
    };
    let id = obj.get("id").cloned();
    let Some(method) = obj.get("method").and_then(Value::as_str) else {
        // A response or garbage: answer garbage that carries an id, drop responses.
        let is_response = obj.contains_key("result") || obj.contains_key("error");
        return (!is_response).then(|| {
            error(
                id.unwrap_or(Value::Null),
                INVALID_REQUEST,
                "no method named",
            )
        });
    };
    let id = id?;
    if obj.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Some(error(id, INVALID_REQUEST, "jsonrpc must be \"2.0\""));
    }
    let params = obj.get("params").cloned().unwrap_or(Value::Null);
    // A 2026-07-28 request names its revision; its results say they are complete.
    let stateless = match params.pointer("/_meta").and_then(|m| m.get(VERSION_KEY)) {
        None => false,
        Some(v) => match v.as_str().filter(|v| VERSIONS.contains(v)) {
            Some(_) => true,
            None => {
                let mut e = error(
                    id,
                    UNSUPPORTED_PROTOCOL_VERSION,
                    "unsupported protocol version",
                );
                e["error"]["data"] = json!({"supported": VERSIONS, "requested": v});
                return Some(e);
            }
        },
    };
    let answer = match method {
        "server/discover" => Ok(discover()),
        "initialize" => Ok(initialize(&params)),
        "ping" => Ok(json!({})),
        "tools/list" => Ok(json!({"tools": super::tools::list()})),
        "tools/call" => call(tools, &params).await,
        other => Err((
            METHOD_NOT_FOUND,
            format!("method not found: {other} (this server is read-only and offers tools only)"),
        )),
    };
    Some(match answer {
        Ok(mut r) => {
            if stateless || method == "server/discover" {
                r["resultType"] = json!("complete");
            }
            result(id, r)
        }
        Err((code, message)) => error(id, code, message),
    })
}

const INSTRUCTIONS: &str = "Read-only diagnosis of KubeVirt VMs: which layer (control plane, \
    node/launcher, guest, network, migration) is broken, with the evidence each finding cites. \
    Quote a result's `evidence`, `source` and `line` fields when you answer from it.";

fn server_info() -> Value {
    json!({"name": "strata", "title": "Strata", "version": env!("CARGO_PKG_VERSION")})
}

fn capabilities() -> Value {
    json!({"tools": {"listChanged": false}})
}

/// 2026-07-28's discovery: every revision spoken, the capabilities, who answers.
fn discover() -> Value {
    json!({
        "supportedVersions": VERSIONS,
        "capabilities": capabilities(),
        "instructions": INSTRUCTIONS,
        "ttlMs": 0,
        "cacheScope": "public",
        "_meta": {"io.modelcontextprotocol/serverInfo": server_info()},
    })
}

/// The handshake: the revision asked for when spoken (never the stateless one, which has no
/// handshake), else the newest handshake revision.
fn initialize(params: &Value) -> Value {
    let asked = params.get("protocolVersion").and_then(Value::as_str);
    let handshake = || VERSIONS.iter().filter(|v| **v != STATELESS);
    let version = asked
        .and_then(|a| handshake().find(|v| **v == a))
        .or_else(|| handshake().next())
        .copied()
        .unwrap_or_default();
    json!({
        "protocolVersion": version,
        "capabilities": capabilities(),
        "serverInfo": server_info(),
        "instructions": INSTRUCTIONS,
    })
}

async fn call(tools: &Tools, params: &Value) -> Result<Value, (i64, String)> {
    let Some(name) = params.get("name").and_then(Value::as_str) else {
        return Err((INVALID_PARAMS, "tools/call needs a tool name".into()));
    };
    let args = params.get("arguments").cloned().unwrap_or(json!({}));
    match tools.call(name, &args).await {
        Some(outcome) => Ok(outcome.into_result()),
        None => Err((
            INVALID_PARAMS,
            format!("unknown tool: {name} (tools/list names the read-only tools)"),
        )),
    }
}
