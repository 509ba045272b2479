//! The cells of a `Table` row, computed as kubectl's printers (and KubeVirt's printer columns'
//! JSONPaths) would from the object; ages from the simulated clock.

use crate::clock::{human_duration, parse_time};
use crate::resources::{EVENT, NAMESPACE, NODE, POD, Resource, VM, VMI, VMIM};
use serde_json::{Value, json};

fn s(v: &Value) -> Value {
    json!(v.as_str().unwrap_or_default())
}

/// A CRD printer column's cell: what its JSONPath finds, printed, or `null` when it finds nothing
/// (apiextensions-apiserver `pkg/registry/customresource/tableconvertor/tableconvertor.go`; the
/// simulator gave `""`, which apiserver-harness's tables test found).
fn jsonpath(v: &Value) -> Value {
    match v {
        Value::Null => Value::Null,
        Value::String(s) => json!(s),
        other => json!(other.to_string()),
    }
}

/// The `.status.conditions[?(@.type=='<ty>')].status` printer column's cell.
fn condition(o: &Value, ty: &str) -> Value {
    let status = o["status"]["conditions"]
        .as_array()
        .and_then(|cs| cs.iter().find(|c| c["type"] == ty))
        .map(|c| &c["status"]);
    jsonpath(status.unwrap_or(&Value::Null))
}

fn age(o: &Value, field: &Value, now: f64) -> Value {
    let _ = o;
    match field.as_str().and_then(parse_time) {
        Some(t) => json!(human_duration(now - t)),
        None => json!("<unknown>"),
    }
}

fn pod_status(o: &Value) -> String {
    if !o["metadata"]["deletionTimestamp"].is_null() {
        return "Terminating".into();
    }
    let st = &o["status"];
    if let Some(cs) = st["containerStatuses"].as_array() {
        for c in cs {
            if let Some(r) = c["state"]["waiting"]["reason"].as_str() {
                return r.into();
            }
            if let Some(r) = c["state"]["terminated"]["reason"].as_str() {
                return r.into();
            }
        }
    }
    if st["phase"] == "Pending"
        && let Some(r) = st["reason"].as_str()
    {
        return r.into();
    }
    st["phase"].as_str().unwrap_or("Unknown").into()
}

/// The cells of one row.
pub fn cells(r: &Resource, o: &Value, now: f64) -> Vec<Value> {
    let md = &o["metadata"];
    let created = &md["creationTimestamp"];
    let st = &o["status"];
    match *r {
        VMI => vec![
            s(&md["name"]),
            age(o, created, now),
            jsonpath(&st["phase"]),
            jsonpath(&st["interfaces"][0]["ipAddress"]),
            jsonpath(&st["nodeName"]),
            condition(o, "Ready"),
            condition(o, "LiveMigratable"),
            condition(o, "Paused"),
        ],
        VM => vec![
            s(&md["name"]),
            age(o, created, now),
            jsonpath(&st["printableStatus"]),
            condition(o, "Ready"),
        ],
        VMIM => vec![
            s(&md["name"]),
            jsonpath(&st["phase"]),
            jsonpath(&o["spec"]["vmiName"]),
        ],
        POD => pod_cells(o, now),
        NODE => node_cells(o, now),
        NAMESPACE => vec![s(&md["name"]), s(&st["phase"]), age(o, created, now)],
        EVENT => event_cells(o, now),
        _ => vec![s(&md["name"]), age(o, created, now)],
    }
}

/// A Pod's row: readiness, status, restarts, IP, node, readiness gates.
fn pod_cells(o: &Value, now: f64) -> Vec<Value> {
    let md = &o["metadata"];
    let created = &md["creationTimestamp"];
    let st = &o["status"];
    let cs = st["containerStatuses"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let total = o["spec"]["containers"].as_array().map_or(0, |c| c.len());
    let ready = cs.iter().filter(|c| c["ready"] == true).count();
    let restarts: u64 = cs.iter().filter_map(|c| c["restartCount"].as_u64()).sum();
    let gates = o["spec"]["readinessGates"]
        .as_array()
        .map_or(0, |g| g.len());
    let gates_ok = o["spec"]["readinessGates"].as_array().map_or(0, |g| {
        g.iter()
            .filter(|g| condition(o, g["conditionType"].as_str().unwrap_or("")) == "True")
            .count()
    });
    vec![
        s(&md["name"]),
        json!(format!("{ready}/{total}")),
        json!(pod_status(o)),
        json!(restarts.to_string()),
        age(o, created, now),
        json!(st["podIP"].as_str().unwrap_or("<none>")),
        json!(o["spec"]["nodeName"].as_str().unwrap_or("<none>")),
        json!(st["nominatedNodeName"].as_str().unwrap_or("<none>")),
        json!(if gates == 0 {
            "<none>".to_string()
        } else {
            format!("{gates_ok}/{gates}")
        }),
    ]
}

/// A Node's row: status, roles, version, addresses, OS.
fn node_cells(o: &Value, now: f64) -> Vec<Value> {
    let md = &o["metadata"];
    let created = &md["creationTimestamp"];
    let st = &o["status"];
    let ready = st["conditions"]
        .as_array()
        .and_then(|cs| cs.iter().find(|c| c["type"] == "Ready"))
        .map(|c| c["status"].clone());
    let mut status = match ready.as_ref().and_then(Value::as_str) {
        Some("True") => "Ready".to_string(),
        Some(_) => "NotReady".to_string(),
        None => "Unknown".to_string(),
    };
    if o["spec"]["unschedulable"] == true {
        status.push_str(",SchedulingDisabled");
    }
    let mut roles: Vec<&str> = md["labels"]
        .as_object()
        .map(|l| {
            l.keys()
                .filter_map(|k| k.strip_prefix("node-role.kubernetes.io/"))
                .collect()
        })
        .unwrap_or_default();
    roles.sort();
    let addr = |t: &str| {
        st["addresses"]
            .as_array()
            .and_then(|a| a.iter().find(|x| x["type"] == t))
            .and_then(|x| x["address"].as_str())
            .unwrap_or("<none>")
            .to_string()
    };
    // Empty ones are `<unknown>`, and the kernel version names the architecture: what the real
    // API server prints (`printNode` in kubernetes' `pkg/printers/internalversion/printers.go`;
    // the simulator printed the kernel version alone, which apiserver-harness's mirror_kubectl
    // test found).
    let info = &st["nodeInfo"];
    let known = |k: &str| match info[k].as_str().unwrap_or_default() {
        "" => "<unknown>".to_string(),
        v => v.to_string(),
    };
    let mut kernel = known("kernelVersion");
    if let Some(arch) = info["architecture"].as_str().filter(|a| !a.is_empty()) {
        kernel = format!("{kernel} ({arch})");
    }
    vec![
        s(&md["name"]),
        json!(status),
        json!(if roles.is_empty() {
            "<none>".to_string()
        } else {
            roles.join(",")
        }),
        age(o, created, now),
        s(&info["kubeletVersion"]),
        json!(addr("InternalIP")),
        json!(addr("ExternalIP")),
        json!(known("osImage")),
        json!(kernel),
        json!(known("containerRuntimeVersion")),
    ]
}

/// An Event's row: when, what, about what, from whom.
fn event_cells(o: &Value, now: f64) -> Vec<Value> {
    let md = &o["metadata"];
    let inv = &o["involvedObject"];
    let last = if o["lastTimestamp"].is_string() {
        &o["lastTimestamp"]
    } else {
        &o["eventTime"]
    };
    vec![
        age(o, last, now),
        s(&o["type"]),
        s(&o["reason"]),
        json!(format!(
            "{}/{}",
            inv["kind"].as_str().unwrap_or_default().to_lowercase(),
            inv["name"].as_str().unwrap_or_default()
        )),
        s(&inv["fieldPath"]),
        s(&o["source"]["component"]),
        s(&o["message"]),
        age(o, &o["firstTimestamp"], now),
        json!(o["count"].as_u64().unwrap_or(1).to_string()),
        s(&md["name"]),
    ]
}
