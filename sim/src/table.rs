//! Server-side printing: `meta.k8s.io/v1` `Table` answers, as `kubectl get` asks for them.
//!
//! The columns are those of the real API server (built-in kinds) and of KubeVirt's CRD printer
//! columns (facts.md §9). Ages are computed on the server from the simulated clock.

use crate::clock::{human_duration, parse_time};
use crate::resources::{EVENT, NAMESPACE, NODE, POD, Resource, VM, VMI, VMIM};
use serde_json::{Value, json};

/// Whether an `Accept` header asks for a Table.
pub fn wants_table(accept: &str) -> bool {
    accept
        .split(',')
        .next()
        .is_some_and(|first| first.contains("as=Table"))
}

fn col(name: &str, ty: &str, format: &str, priority: u8, description: &str) -> Value {
    json!({"name": name, "type": ty, "format": format, "description": description, "priority": priority})
}

/// The column definitions of a resource.
pub fn columns(r: &Resource) -> Vec<Value> {
    let name = col(
        "Name",
        "string",
        "name",
        0,
        "Name must be unique within a namespace.",
    );
    let age = col(
        "Age",
        "date",
        "",
        0,
        "CreationTimestamp is a timestamp representing the server time when this object was created.",
    );
    let mut cols = vec![name];
    let rest = match *r {
        VMI => vec![
            age,
            col(
                "Phase",
                "string",
                "",
                0,
                "Custom resource definition column (in JSONPath format): .status.phase",
            ),
            col(
                "IP",
                "string",
                "",
                0,
                "Custom resource definition column (in JSONPath format): .status.interfaces[0].ipAddress",
            ),
            col(
                "NodeName",
                "string",
                "",
                0,
                "Custom resource definition column (in JSONPath format): .status.nodeName",
            ),
            col(
                "Ready",
                "string",
                "",
                0,
                "Custom resource definition column (in JSONPath format): .status.conditions[?(@.type=='Ready')].status",
            ),
            col(
                "Live-Migratable",
                "string",
                "",
                1,
                "Custom resource definition column (in JSONPath format): .status.conditions[?(@.type=='LiveMigratable')].status",
            ),
            col(
                "Paused",
                "string",
                "",
                1,
                "Custom resource definition column (in JSONPath format): .status.conditions[?(@.type=='Paused')].status",
            ),
        ],
        VM => vec![
            age,
            col("Status", "string", "", 0, "Human Readable Status"),
            col(
                "Ready",
                "string",
                "",
                0,
                "Custom resource definition column (in JSONPath format): .status.conditions[?(@.type=='Ready')].status",
            ),
        ],
        VMIM => vec![
            col(
                "Phase",
                "string",
                "",
                0,
                "Custom resource definition column (in JSONPath format): .status.phase",
            ),
            col(
                "VMI",
                "string",
                "",
                0,
                "Custom resource definition column (in JSONPath format): .spec.vmiName",
            ),
        ],
        POD => vec![
            col(
                "Ready",
                "string",
                "",
                0,
                "The aggregate readiness state of this pod for accepting traffic.",
            ),
            col(
                "Status",
                "string",
                "",
                0,
                "The aggregate status of the containers in this pod.",
            ),
            col(
                "Restarts",
                "string",
                "",
                0,
                "The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.",
            ),
            age,
            col(
                "IP",
                "string",
                "",
                1,
                "IP address allocated to the pod. Routable at least within the cluster. Empty if not yet allocated.",
            ),
            col(
                "Node",
                "string",
                "",
                1,
                "Name of the Node this pod is running on.",
            ),
            col(
                "Nominated Node",
                "string",
                "",
                1,
                "nominatedNodeName is set only when this pod preempts other pods on the node.",
            ),
            col(
                "Readiness Gates",
                "string",
                "",
                1,
                "If specified, all readiness gates will be evaluated for pod readiness.",
            ),
        ],
        NODE => vec![
            col("Status", "string", "", 0, "The status of the node"),
            col("Roles", "string", "", 0, "The roles of the node"),
            age,
            col(
                "Version",
                "string",
                "",
                0,
                "Kubelet Version reported by the node.",
            ),
            col(
                "Internal-IP",
                "string",
                "",
                1,
                "List of addresses reachable to the node.",
            ),
            col(
                "External-IP",
                "string",
                "",
                1,
                "List of addresses reachable to the node.",
            ),
            col(
                "OS-Image",
                "string",
                "",
                1,
                "OS Image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 (wheezy)).",
            ),
            col(
                "Kernel-Version",
                "string",
                "",
                1,
                "Kernel Version reported by the node from 'uname -r' (e.g. 3.16.0-0.bpo.4-amd64).",
            ),
            col(
                "Container-Runtime",
                "string",
                "",
                1,
                "Container runtime version reported by the node through runtime remote API (e.g. containerd://1.4.2).",
            ),
        ],
        NAMESPACE => vec![
            col("Status", "string", "", 0, "The status of the namespace"),
            age,
        ],
        EVENT => {
            cols.clear();
            vec![
                col(
                    "Last Seen",
                    "string",
                    "",
                    0,
                    "Time when an Event was last observed",
                ),
                col(
                    "Type",
                    "string",
                    "",
                    0,
                    "Type of this event (Normal, Warning), new types could be added in the future.",
                ),
                col(
                    "Reason",
                    "string",
                    "",
                    0,
                    "This should be a short, machine understandable string that gives the reason for this event being generated.",
                ),
                col("Object", "string", "", 0, "The object this Event is about."),
                col(
                    "Subobject",
                    "string",
                    "",
                    1,
                    "The subobject this Event is about.",
                ),
                col(
                    "Source",
                    "string",
                    "",
                    1,
                    "The component reporting this event.",
                ),
                col(
                    "Message",
                    "string",
                    "",
                    0,
                    "A human-readable description of the status of this operation.",
                ),
                col(
                    "First Seen",
                    "string",
                    "",
                    1,
                    "The time at which the event was first recorded.",
                ),
                col(
                    "Count",
                    "string",
                    "",
                    1,
                    "The number of times this event has occurred.",
                ),
                col(
                    "Name",
                    "string",
                    "name",
                    1,
                    "Name must be unique within a namespace.",
                ),
            ]
        }
        _ => vec![age],
    };
    cols.extend(rest);
    cols
}

fn s(v: &Value) -> Value {
    json!(v.as_str().unwrap_or_default())
}

fn condition(o: &Value, ty: &str) -> Value {
    let status = o["status"]["conditions"]
        .as_array()
        .and_then(|cs| cs.iter().find(|c| c["type"] == ty))
        .and_then(|c| c["status"].as_str());
    json!(status.unwrap_or_default())
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
            s(&st["phase"]),
            s(&st["interfaces"][0]["ipAddress"]),
            s(&st["nodeName"]),
            condition(o, "Ready"),
            condition(o, "LiveMigratable"),
            condition(o, "Paused"),
        ],
        VM => vec![
            s(&md["name"]),
            age(o, created, now),
            s(&st["printableStatus"]),
            condition(o, "Ready"),
        ],
        VMIM => vec![s(&md["name"]), s(&st["phase"]), s(&o["spec"]["vmiName"])],
        POD => {
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
        NODE => {
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
            let info = &st["nodeInfo"];
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
                s(&info["osImage"]),
                s(&info["kernelVersion"]),
                s(&info["containerRuntimeVersion"]),
            ]
        }
        NAMESPACE => vec![s(&md["name"]), s(&st["phase"]), age(o, created, now)],
        EVENT => {
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
        _ => vec![s(&md["name"]), age(o, created, now)],
    }
}

/// What a Table row's `object` carries (`includeObject`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IncludeObject {
    None,
    Metadata,
    Object,
}

impl IncludeObject {
    pub fn parse(s: Option<&str>) -> IncludeObject {
        match s {
            Some("None") => IncludeObject::None,
            Some("Object") => IncludeObject::Object,
            _ => IncludeObject::Metadata,
        }
    }
}

/// One Table row.
pub fn row(r: &Resource, o: &Value, now: f64, include: IncludeObject) -> Value {
    let mut row = json!({"cells": cells(r, o, now)});
    match include {
        IncludeObject::None => {}
        IncludeObject::Metadata => {
            row["object"] = json!({"kind": "PartialObjectMetadata", "apiVersion": "meta.k8s.io/v1", "metadata": o["metadata"]});
        }
        IncludeObject::Object => row["object"] = o.clone(),
    }
    row
}

/// A whole Table.
pub fn table(
    r: &Resource,
    items: &[&Value],
    metadata: Value,
    now: f64,
    include: IncludeObject,
    with_columns: bool,
) -> Value {
    let mut t = json!({
        "kind": "Table", "apiVersion": "meta.k8s.io/v1", "metadata": metadata,
        "rows": items.iter().map(|o| row(r, o, now, include)).collect::<Vec<_>>(),
    });
    if with_columns {
        t["columnDefinitions"] = json!(columns(r));
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vmi_row_has_kubevirt_printer_columns() {
        let o = json!({"metadata": {"name": "web-1", "creationTimestamp": "2026-11-30T08:00:00Z"},
            "status": {"phase": "Running", "nodeName": "worker-a", "interfaces": [{"ipAddress": "10.0.0.5"}],
                "conditions": [{"type": "Ready", "status": "True"}, {"type": "LiveMigratable", "status": "False"}]}});
        let now = parse_time("2026-11-30T08:05:00Z").unwrap();
        let c = cells(&VMI, &o, now);
        assert_eq!(
            c,
            vec![
                json!("web-1"),
                json!("5m"),
                json!("Running"),
                json!("10.0.0.5"),
                json!("worker-a"),
                json!("True"),
                json!("False"),
                json!("")
            ]
        );
        assert_eq!(columns(&VMI).len(), c.len());
        for r in [POD, NODE, NAMESPACE, EVENT, VM, VMIM] {
            assert_eq!(columns(&r).len(), cells(&r, &o, now).len(), "{}", r.plural);
        }
        assert!(wants_table(
            "application/json;as=Table;v=v1;g=meta.k8s.io,application/json"
        ));
        assert!(!wants_table("application/json"));
    }
}
