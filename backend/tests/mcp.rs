//! `strata mcp` as an assistant runs it: the real binary speaking JSON-RPC on its standard input
//! and output, against the demo cluster (`--demo`) and against a running console in token mode
//! (`--server`, `STRATA_TOKEN`): the lifecycle, the tool list, every tool, and the errors for
//! writes, unknown tools and unknown methods.

mod common;
#[path = "support/mcp.rs"]
mod mcp_client;

use backend::run::Options;
use common::*;
use mcp_client::Mcp;
use serde_json::{Value, json};
use tokio::io::AsyncWriteExt;

const TOOLS: &[&str] = &[
    "list_vmis",
    "diagnose_vmi",
    "vmi_history",
    "drain_impact",
    "diagnose_dump",
    "explain",
];

fn error_code(answer: &Value) -> i64 {
    assert!(answer.get("result").is_none(), "{answer}");
    answer["error"]["code"].as_i64().unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn answers_every_tool_against_the_demo() {
    let mut mcp = Mcp::spawn(&["--demo"], None);
    mcp.initialize().await;
    // The notification got no answer: the next answer is the ping's.
    assert_eq!(mcp.request("ping", json!({})).await["result"], json!({}));

    let list = mcp.request("tools/list", json!({})).await;
    let tools = list["result"]["tools"].as_array().unwrap();
    let names: Vec<&str> = tools.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, TOOLS);
    for t in tools {
        assert_eq!(t["annotations"]["readOnlyHint"], true, "{t}");
        assert_eq!(t["inputSchema"]["type"], "object", "{t}");
    }

    // list_vmis: the demo's VMIs, then only its broken ones.
    let all = mcp
        .call_until("list_vmis", json!({}), |v| v["count"].as_u64() > Some(0))
        .await;
    assert_eq!(all["cluster"], "demo");
    assert_eq!(all["source"], "GET /api/v1/vmis");
    let broken = mcp
        .call_until("list_vmis", json!({"verdict": "broken"}), |v| {
            v["count"].as_u64() > Some(0)
        })
        .await;
    assert!(broken["count"].as_u64() < all["count"].as_u64(), "{broken}");
    for v in broken["vmis"].as_array().unwrap() {
        assert_eq!(v["verdict"], "broken", "{v}");
    }
    let vmi = broken["vmis"][0].clone();
    let (ns, name) = (
        vmi["key"]["namespace"].as_str().unwrap(),
        vmi["key"]["name"].as_str().unwrap(),
    );
    let (other_ns, _) = mcp
        .call("list_vmis", json!({"namespace": "no-such-namespace"}))
        .await;
    assert_eq!(other_ns["count"], 0);
    let (other, err) = mcp.call("list_vmis", json!({"cluster": "elsewhere"})).await;
    assert!(err, "{other}");

    // diagnose_vmi: the layered verdict, its broken finding citing evidence.
    let (detail, err) = mcp
        .call("diagnose_vmi", json!({"namespace": ns, "name": name}))
        .await;
    assert!(!err, "{detail}");
    assert_eq!(detail["detail"]["key"], vmi["key"]);
    assert!(detail["source"].as_str().unwrap().ends_with("/detail"));
    let findings: Vec<&Value> = detail["detail"]["diagnosis"]["layers"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|l| l["findings"].as_array().unwrap())
        .collect();
    assert!(
        findings
            .iter()
            .any(|f| f["health"] == "broken"
                && f["evidence"].as_array().is_some_and(|e| !e.is_empty())),
        "a broken finding with evidence: {findings:?}"
    );

    // vmi_history: the recorder's first sight of the VMI.
    let history = mcp
        .call_until("vmi_history", json!({"namespace": ns, "name": name}), |v| {
            v["history"]["transitions"]
                .as_array()
                .is_some_and(|t| !t.is_empty())
        })
        .await;
    assert_eq!(history["history"]["key"], vmi["key"]);
    let (bad, err) = mcp
        .call(
            "vmi_history",
            json!({"namespace": ns, "name": name, "from": "yesterday"}),
        )
        .await;
    assert!(
        err && bad["error"].as_str().unwrap().contains("RFC 3339"),
        "{bad}"
    );

    // drain_impact: the node a VMI runs on lists it.
    let running = all["vmis"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["node"].is_string())
        .expect("a VMI on a node");
    let node = running["node"].as_str().unwrap();
    let (drain, err) = mcp.call("drain_impact", json!({"node": node})).await;
    assert!(!err, "{drain}");
    assert!(
        drain["drain"]
            .to_string()
            .contains(running["key"]["name"].as_str().unwrap()),
        "{drain}"
    );

    offline_tools(&mut mcp).await;
    refusals(&mut mcp).await;
}

const POSTCOPY_LOST: &str = r#"apiVersion: kubevirt.io/v1
kind: VirtualMachineInstance
metadata:
  name: db-1
  namespace: prod
status:
  phase: Failed
  nodeName: worker-b
  conditions:
  - type: Synchronized
    status: "False"
    reason: Synchronizing with the Domain failed.
    message: VMI is irrecoverable due to failed post-copy migration
  migrationState:
    mode: PostCopy
    completed: true
    failed: true
    sourceNode: worker-b
    targetNode: worker-c
    startTimestamp: "2026-11-30T08:00:00Z"
    endTimestamp: "2026-11-30T08:03:00Z"
"#;

async fn offline_tools(mcp: &mut Mcp) {
    // diagnose_dump: the paste pipeline's result, as `strata diagnose --json` gives it.
    let (dump, err) = mcp
        .call("diagnose_dump", json!({"text": POSTCOPY_LOST}))
        .await;
    assert!(!err, "{dump}");
    assert_eq!(dump["broken"], true);
    let expected = model::cli::diagnose_text(
        POSTCOPY_LOST,
        &model::cli::CliOptions {
            json: true,
            now: None,
        },
    );
    let expected: Value = serde_json::from_str(&expected.output).unwrap();
    assert_eq!(dump["diagnoses"], expected["diagnoses"]);
    let log = "{\"level\":\"error\",\"component\":\"virt-handler\",\"msg\":\"failed to connect to cmd client socket\"}";
    let (pasted, _) = mcp.call("diagnose_dump", json!({"text": log})).await;
    let signal = &pasted["signals"][0];
    assert_eq!(signal["line"], 1, "{pasted}");
    assert!(
        signal["excerpt"].as_str().is_some_and(|e| !e.is_empty()),
        "{pasted}"
    );
    let (empty, err) = mcp.call("diagnose_dump", json!({})).await;
    assert!(err, "{empty}");

    // explain: a catalogue value, a condition, a message.
    let (phase, _) = mcp
        .call("explain", json!({"kind": "vmi_phase", "value": "Failed"}))
        .await;
    let want = model::explain::explain(
        model::explain::Topic::VmiPhase,
        "Failed",
        &model::explain::Subject {
            namespace: "NAMESPACE".into(),
            name: "NAME".into(),
            ..Default::default()
        },
    );
    assert_eq!(phase["title"], want.title);
    assert_eq!(phase["known"], true);
    let (cond, _) = mcp
        .call(
            "explain",
            json!({"kind": "condition", "type": "LiveMigratable", "reason": "DisksNotLiveMigratable"}),
        )
        .await;
    assert_eq!(cond["known"], true, "{cond}");
    let line = model::signatures::catalogue()
        .iter()
        .find(|s| s.layer.is_some())
        .unwrap();
    let (msg, _) = mcp
        .call("explain", json!({"kind": "message", "value": line.example}))
        .await;
    assert_eq!(
        msg["signature"]["id"],
        model::signatures::match_line(line.example).unwrap().id
    );
    assert!(
        msg["signature"]["source"]
            .as_str()
            .is_some_and(|s| !s.is_empty())
    );
    let (bad, err) = mcp
        .call("explain", json!({"kind": "colour", "value": "x"}))
        .await;
    assert!(err, "{bad}");
}

async fn refusals(mcp: &mut Mcp) {
    // No write exists: a tool that would write is unknown, and so is any other method.
    for tool in ["delete_vmi", "migrate_vmi", "no_such_tool"] {
        let answer = mcp
            .request("tools/call", json!({"name": tool, "arguments": {}}))
            .await;
        assert_eq!(error_code(&answer), -32602, "{answer}");
    }
    for method in [
        "resources/list",
        "prompts/get",
        "vmis/delete",
        "tools/write",
    ] {
        let answer = mcp.request(method, json!({})).await;
        assert_eq!(error_code(&answer), -32601, "{answer}");
    }
    // Not JSON, and not one object.
    mcp.stdin.write_all(b"{not json\n").await.unwrap();
    assert_eq!(error_code(&mcp.answer().await), -32700);
    mcp.send(&json!([{"jsonrpc": "2.0", "id": 99, "method": "ping"}]))
        .await;
    assert_eq!(error_code(&mcp.answer().await), -32600);
    // Still serving.
    assert_eq!(mcp.request("ping", json!({})).await["result"], json!({}));
}

fn policy() -> Value {
    let read = ["get", "list", "watch"];
    json!({"users": [
        {"name": "strata", "token": "strata-sa-token", "rules": [{"verbs": read}]},
        {"name": "alice", "token": "alice-token", "rules": [
            {"verbs": read, "apiGroups": ["kubevirt.io", ""],
             "resources": ["virtualmachineinstances", "virtualmachineinstancemigrations", "pods", "events"],
             "namespaces": ["prod"]}
        ]}
    ]})
}

#[tokio::test(flavor = "multi_thread")]
async fn reads_a_running_console_as_the_token_holder() {
    let (_sim, console, _dir) = token_console(&policy(), |_| Options::local(None)).await;
    let mut mcp = Mcp::spawn(&["--server", &console.url()], Some("alice-token"));
    mcp.initialize().await;
    let (list, err) = mcp.call("list_vmis", json!({})).await;
    assert!(!err, "{list}");
    let vmis = list["vmis"].as_array().unwrap();
    assert!(!vmis.is_empty(), "{list}");
    assert!(
        vmis.iter().all(|v| v["key"]["namespace"] == "prod"),
        "{list}"
    );
    // The offline tools answer as well.
    let (phase, err) = mcp
        .call("explain", json!({"kind": "vmi_phase", "value": "Running"}))
        .await;
    assert!(!err && phase["known"] == true, "{phase}");

    let mut refused = Mcp::spawn(&["--server", &console.url()], Some("wrong-token"));
    refused.initialize().await;
    let (answer, err) = refused.call("list_vmis", json!({})).await;
    assert!(err, "{answer}");
    assert!(!answer.to_string().contains("wrong-token"), "{answer}");
}

/// A request in 2026-07-28's stateless form: its revision in `_meta`, no handshake.
fn stateless(id: u64, method: &str, mut params: Value, version: &str) -> Value {
    params["_meta"] = json!({"io.modelcontextprotocol/protocolVersion": version});
    json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params})
}

#[tokio::test(flavor = "multi_thread")]
async fn speaks_the_stateless_revision_without_a_handshake() {
    // A console that is not there: the offline tools answer, the cluster tools say why not.
    let mut mcp = Mcp::spawn(&["--server", "http://127.0.0.1:9"], None);
    let discover = mcp.request("server/discover", json!({})).await;
    let r = &discover["result"];
    assert_eq!(r["resultType"], "complete", "{discover}");
    let versions: Vec<&str> = r["supportedVersions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert!(
        versions.contains(&"2026-07-28") && versions.contains(&"2025-06-18"),
        "{discover}"
    );
    assert!(r["capabilities"]["tools"].is_object());
    assert_eq!(
        r["_meta"]["io.modelcontextprotocol/serverInfo"]["name"],
        "strata"
    );

    mcp.send(&stateless(
        7,
        "tools/call",
        json!({"name": "explain", "arguments": {"kind": "vmim_phase", "value": "Failed"}}),
        "2026-07-28",
    ))
    .await;
    let answer = mcp.answer().await;
    assert_eq!(answer["id"], 7);
    assert_eq!(answer["result"]["resultType"], "complete", "{answer}");
    assert_eq!(
        answer["result"]["structuredContent"]["known"], true,
        "{answer}"
    );

    mcp.send(&stateless(8, "tools/list", json!({}), "1999-01-01"))
        .await;
    let refused = mcp.answer().await;
    assert_eq!(error_code(&refused), -32022, "{refused}");
    assert_eq!(refused["error"]["data"]["requested"], "1999-01-01");

    // The handshake never hands out the revision that has none.
    let init = mcp
        .request("initialize", json!({"protocolVersion": "2026-07-28"}))
        .await;
    assert_eq!(init["result"]["protocolVersion"], "2025-11-25", "{init}");
    assert!(init["result"].get("resultType").is_none(), "{init}");

    let (down, err) = mcp.call("list_vmis", json!({})).await;
    assert!(
        err && down["error"].as_str().unwrap().contains("cannot reach"),
        "{down}"
    );
}
