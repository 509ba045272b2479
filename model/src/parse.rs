//! Reading what people paste or pipe: JSON, YAML, multi-document YAML (`kubectl get vmi,vmim,pod
//! -o yaml`), `kind: List`, bare arrays, Prometheus answers and exposition text, guest agent
//! answers, and objects without `apiVersion`/`kind` (only the `status:` part), which are
//! recognised by their shape.
//!
//! Syntax errors name the line and column; input that is not Kubernetes YAML/JSON (a `kubectl
//! describe` text, a `kubectl get` table) gets a message saying what it looks like and what is
//! expected. Wrong shapes inside a recognised object are not errors: they become [`Note`]s and
//! the field is ignored.

use crate::kube::vmi::Vmi;
use crate::kube::{Event, GuestAgentAnswer, GuestAgentInfo, MetricSample, Node, Pod, Vm, Vmim};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One object Strata can read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "object")]
pub enum Object {
    Vmi(Box<Vmi>),
    Vm(Box<Vm>),
    Vmim(Box<Vmim>),
    Pod(Box<Pod>),
    Node(Box<Node>),
    Event(Box<Event>),
    GuestAgent(Box<GuestAgentInfo>),
    /// A failed guest agent request (a `kind: Status` answer such as 409 "VMI does not have
    /// guest agent connected"), for the VMI `name` when the answer names it.
    GuestAgentError {
        name: Option<String>,
        answer: GuestAgentAnswer,
    },
    Metrics(Vec<MetricSample>),
}

impl Object {
    /// A short label such as `VirtualMachineInstance prod/web`.
    pub fn label(&self) -> String {
        fn nn(m: &crate::kube::ObjectMeta) -> String {
            match (m.namespace(), m.name()) {
                ("", "") => "(unnamed)".into(),
                ("", n) => n.into(),
                (ns, n) => format!("{ns}/{n}"),
            }
        }
        match self {
            Object::Vmi(o) => format!("VirtualMachineInstance {}", nn(&o.metadata)),
            Object::Vm(o) => format!("VirtualMachine {}", nn(&o.metadata)),
            Object::Vmim(o) => format!("VirtualMachineInstanceMigration {}", nn(&o.metadata)),
            Object::Pod(o) => format!("Pod {}", nn(&o.metadata)),
            Object::Node(o) => format!("Node {}", nn(&o.metadata)),
            Object::Event(o) => format!("Event {}", nn(&o.metadata)),
            Object::GuestAgent(o) => format!("guest agent info {}", nn(&o.metadata)),
            Object::GuestAgentError { name, .. } => {
                format!(
                    "guest agent error for {}",
                    name.as_deref().unwrap_or("(unnamed)")
                )
            }
            Object::Metrics(s) => format!("{} metric samples", s.len()),
        }
    }
}

/// How an object was recognised.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Recognition {
    /// By `kind`.
    Kind,
    /// By its fields (no `kind`).
    Shape,
}

/// Where in the input an object came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Origin {
    /// 1-based document number.
    pub document: usize,
    /// 1-based line where the document starts, when known.
    pub line: Option<usize>,
    /// JSON-pointer-like path inside the document (`/items/3`), empty for the document itself.
    pub path: String,
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "document {}", self.document)?;
        if let Some(l) = self.line {
            write!(f, " (line {l})")?;
        }
        if !self.path.is_empty() {
            write!(f, " at {}", self.path)?;
        }
        Ok(())
    }
}

/// A recognised object with its origin.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Located {
    pub object: Object,
    pub origin: Origin,
    pub recognised_by: Recognition,
}

/// Something in the input that was skipped or partly ignored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Note {
    pub origin: Origin,
    pub message: String,
}

/// The result of reading an input.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Parsed {
    pub objects: Vec<Located>,
    pub notes: Vec<Note>,
}

/// Why an input cannot be read at all.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ParseError {
    /// 1-based line, when the problem has one.
    pub line: Option<usize>,
    /// 1-based column, when known.
    pub column: Option<usize>,
    /// What is wrong and what was expected.
    pub message: String,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "line {l}, column {c}: {}", self.message),
            (Some(l), None) => write!(f, "line {l}: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

const EXPECTED: &str = "expected Kubernetes YAML or JSON such as the output of `kubectl get vmi,vmim,pod -o yaml` \
(a single object, a `kind: List`, or several `---`-separated documents), or only the `status:` part of a VMI";

/// Kinds Strata reads, for messages.
pub const READ_KINDS: &[&str] = &[
    "VirtualMachineInstance",
    "VirtualMachine",
    "VirtualMachineInstanceMigration",
    "Pod",
    "Node",
    "Event",
    "VirtualMachineInstanceGuestAgentInfo",
];

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
    let documents = read_documents(input)?;
    let mut parsed = Parsed::default();
    for (i, (line, value)) in documents.iter().enumerate() {
        let origin = Origin {
            document: i + 1,
            line: Some(*line),
            path: String::new(),
        };
        collect(value, origin, &mut parsed, 0);
    }
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

/// Splits the input into documents (JSON values or YAML documents), each with its first line.
pub fn read_documents(input: &str) -> Result<Vec<(usize, Value)>, ParseError> {
    let t = input.trim_start();
    if t.starts_with('{') || t.starts_with('[') {
        let offset_lines = input[..input.len() - t.len()].matches('\n').count();
        let mut out = Vec::new();
        let mut stream = serde_json::Deserializer::from_str(t).into_iter::<Value>();
        let mut json_err = None;
        loop {
            let start = stream.byte_offset();
            match stream.next() {
                None => break,
                Some(Ok(v)) => {
                    let skipped = t[start..].len() - t[start..].trim_start().len();
                    out.push((
                        offset_lines + t[..start + skipped].matches('\n').count() + 1,
                        v,
                    ));
                }
                Some(Err(e)) => {
                    json_err = Some(e);
                    break;
                }
            }
        }
        match json_err {
            None => return Ok(out),
            Some(e) => {
                // Maybe YAML flow style; if YAML cannot read it either, the JSON error is clearer.
                if let Ok(docs) = read_yaml(input) {
                    return Ok(docs);
                }
                return Err(ParseError {
                    line: Some(e.line() + offset_lines),
                    column: Some(e.column()),
                    message: format!("invalid JSON: {e}"),
                });
            }
        }
    }
    read_yaml(input)
}

fn read_yaml(input: &str) -> Result<Vec<(usize, Value)>, ParseError> {
    let mut out = Vec::new();
    for (start_line, text) in split_yaml_documents(input) {
        if text.lines().all(|l| {
            let l = l.trim();
            l.is_empty() || l.starts_with('#') || l == "..."
        }) {
            continue;
        }
        match serde_saphyr::from_str::<Value>(&text) {
            Ok(Value::Null) => {}
            Ok(v) => out.push((start_line, v)),
            Err(e) => {
                let loc = e.location();
                let line = loc.map(|l| l.line() as usize + start_line - 1);
                let column = loc.map(|l| l.column() as usize);
                let first = e
                    .to_string()
                    .lines()
                    .next()
                    .unwrap_or("")
                    .trim()
                    .to_string();
                return Err(ParseError {
                    line,
                    column,
                    message: format!("invalid YAML: {first}; {EXPECTED}"),
                });
            }
        }
    }
    Ok(out)
}

/// Splits on `---` lines. The separator line itself is blanked so line numbers stay exact; a
/// document that starts on the `---` line (`--- {a: 1}`) keeps its content.
fn split_yaml_documents(input: &str) -> Vec<(usize, String)> {
    let mut docs = Vec::new();
    let mut cur = String::new();
    let mut start = 1;
    for (i, line) in input.lines().enumerate() {
        let is_sep = line == "---" || line.starts_with("--- ") || line.starts_with("---\t");
        if is_sep {
            if !cur.trim().is_empty() {
                docs.push((start, std::mem::take(&mut cur)));
            }
            cur.clear();
            start = i + 1;
            // Keep preceding lines empty so saphyr's line numbers map with an offset.
            cur.push_str(&" ".repeat(3));
            cur.push_str(&line[3..]);
            cur.push('\n');
        } else {
            cur.push_str(line);
            cur.push('\n');
        }
    }
    if !cur.trim().is_empty() {
        docs.push((start, cur));
    }
    docs
}

fn recognise_non_kubernetes_text(input: &str) -> Option<ParseError> {
    let lines: Vec<&str> = input.lines().collect();
    let first = lines.iter().position(|l| !l.trim().is_empty())?;
    let head = lines[first].trim_end();
    // `kubectl get` table: a header of upper-case column names separated by 2+ spaces.
    let cols: Vec<&str> = head
        .split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    if (head.starts_with("NAME") || head.starts_with("NAMESPACE"))
        && cols.len() >= 2
        && cols.iter().all(|c| {
            c.chars()
                .all(|ch| ch.is_ascii_uppercase() || "-_ ()%".contains(ch))
        })
    {
        return Some(ParseError {
            line: Some(first + 1),
            column: Some(1),
            message: format!(
                "this looks like a `kubectl get` table (columns {}), which does not carry the status details; \
                 run the same command with `-o yaml` instead; {EXPECTED}",
                cols.join(", ")
            ),
        });
    }
    // `kubectl describe`: "Name:", "Namespace:" and typical section headers at column 0.
    let starts = |p: &str| lines.iter().any(|l| l.starts_with(p));
    if starts("Name:")
        && (starts("Namespace:") || starts("Labels:"))
        && (starts("API Version:") || starts("Events:") || starts("Annotations:"))
    {
        return Some(ParseError {
            line: lines
                .iter()
                .position(|l| l.starts_with("Name:"))
                .map(|i| i + 1),
            column: Some(1),
            message: format!(
                "this looks like `kubectl describe` output, which Strata cannot read reliably; \
                 run `kubectl get <kind> <name> -o yaml` instead; {EXPECTED}"
            ),
        });
    }
    None
}

fn exposition_metrics(input: &str) -> Option<Vec<MetricSample>> {
    let data: Vec<&str> = input
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    if data.is_empty()
        || !data
            .iter()
            .all(|l| l.contains('{') || l.split_whitespace().count() <= 3)
    {
        return None;
    }
    let samples = MetricSample::from_exposition(input);
    (samples.len() == data.len() && samples.iter().any(|s| s.name.starts_with("kubevirt_")))
        .then_some(samples)
}

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "a mapping",
    }
}

fn collect(v: &Value, origin: Origin, out: &mut Parsed, depth: usize) {
    if depth > 8 {
        out.notes.push(Note {
            origin,
            message: "lists nested too deep; skipped".into(),
        });
        return;
    }
    match v {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let o = Origin {
                    path: format!("{}/{i}", origin.path),
                    ..origin.clone()
                };
                collect(item, o, out, depth + 1);
            }
        }
        Value::Object(m) => {
            let kind = m.get("kind").and_then(Value::as_str).unwrap_or("");
            if let Some(Value::Array(items)) = m.get("items")
                && (kind.is_empty() || kind.ends_with("List"))
                && !is_guest_list(kind)
            {
                for (i, item) in items.iter().enumerate() {
                    let o = Origin {
                        path: format!("{}/items/{i}", origin.path),
                        ..origin.clone()
                    };
                    collect(item, o, out, depth + 1);
                }
                return;
            }
            match classify(v) {
                Some((object, recognised_by)) => {
                    if !matches!(
                        object,
                        Object::Metrics(_) | Object::GuestAgent(_) | Object::GuestAgentError { .. }
                    ) {
                        check_shapes(v, &origin, &object, out);
                    }
                    out.objects.push(Located {
                        object,
                        origin,
                        recognised_by,
                    });
                }
                None => {
                    let message = if kind.is_empty() {
                        let keys: Vec<&str> = m.keys().map(String::as_str).take(6).collect();
                        format!(
                            "no `kind`, and its fields ({}) match no object Strata reads",
                            if keys.is_empty() {
                                "none".into()
                            } else {
                                keys.join(", ")
                            }
                        )
                    } else {
                        format!("kind `{kind}` is not one Strata reads; skipped")
                    };
                    out.notes.push(Note { origin, message });
                }
            }
        }
        other => out.notes.push(Note {
            origin,
            message: format!(
                "expected a mapping (a Kubernetes object), found {}",
                type_name(other)
            ),
        }),
    }
}

fn is_guest_list(kind: &str) -> bool {
    matches!(
        kind,
        "VirtualMachineInstanceGuestOSUserList" | "VirtualMachineInstanceFileSystemList"
    )
}

const VMI_STATUS_KEYS: &[&str] = &[
    "activePods",
    "guestOSInfo",
    "interfaces",
    "launcherContainerImageVersion",
    "migrationMethod",
    "migrationTransport",
    "evacuationNodeName",
    "volumeStatus",
    "nodeName",
    "runtimeUser",
    "currentCPUTopology",
    "machine",
    "selinuxContext",
    "VSOCKCID",
    "phaseTransitionTimestamps",
    "fsFreezeStatus",
    "virtualMachineRevisionName",
];
const POD_STATUS_KEYS: &[&str] = &[
    "containerStatuses",
    "podIP",
    "podIPs",
    "hostIP",
    "hostIPs",
    "initContainerStatuses",
    "startTime",
];
const NODE_STATUS_KEYS: &[&str] = &[
    "nodeInfo",
    "capacity",
    "allocatable",
    "daemonEndpoints",
    "addresses",
    "images",
];
const VMI_CONDITIONS: &[&str] = &[
    "LiveMigratable",
    "AgentConnected",
    "Paused",
    "Synchronized",
    "AgentVersionNotSupported",
    "StorageLiveMigratable",
    "EvictionRequested",
    "AccessCredentialsSynchronized",
    "Provisioning",
    "DataVolumesReady",
    "HotVCPUChange",
    "HotMemoryChange",
    "VolumesChange",
    "MigrationRequired",
];
const POD_CONDITIONS: &[&str] = &[
    "ContainersReady",
    "Initialized",
    "PodReadyToStartContainers",
];
const NODE_CONDITIONS: &[&str] = &[
    "MemoryPressure",
    "DiskPressure",
    "PIDPressure",
    "NetworkUnavailable",
];
const VMIM_CONDITIONS: &[&str] = &[
    "migrationAbortRequested",
    "migrationRejectedByResourceQuota",
    "migrationBlockedByUtilityVolumes",
    "decentralizedMigrationBlocked",
    "migrationBlockedByBackup",
];
const VMIM_ONLY_PHASES: &[&str] = &["PreparingTarget", "TargetReady", "Synchronizing"];

fn condition_types(status: &Value) -> Vec<&str> {
    status
        .get("conditions")
        .and_then(Value::as_array)
        .map(|cs| {
            cs.iter()
                .filter_map(|c| c.get("type").and_then(Value::as_str))
                .collect()
        })
        .unwrap_or_default()
}

fn has_any(v: &Value, keys: &[&str]) -> bool {
    keys.iter().any(|k| v.get(*k).is_some())
}

/// A `kind: Status` failure from a guest agent subresource (facts.md §5).
fn guest_agent_error(v: &Value) -> Option<Object> {
    let message = v.get("message").and_then(Value::as_str).unwrap_or("");
    let answer = if message.contains("does not have guest agent connected") {
        GuestAgentAnswer::NotConnected
    } else if message.contains("VMI is not running") {
        GuestAgentAnswer::NotRunning
    } else if message.contains("guest agent") || message.contains("guestosinfo") {
        GuestAgentAnswer::Error {
            message: message.to_string(),
        }
    } else {
        return None;
    };
    let name = v
        .pointer("/details/name")
        .and_then(Value::as_str)
        .map(str::to_string)
        .or_else(|| message.split('"').nth(1).map(str::to_string));
    Some(Object::GuestAgentError { name, answer })
}

/// What kind of object a value is, by `kind` or else by shape.
pub fn classify(v: &Value) -> Option<(Object, Recognition)> {
    let kind = v.get("kind").and_then(Value::as_str).unwrap_or("");
    let by_kind = match kind {
        "VirtualMachineInstance" => Some(Object::Vmi(Box::new(Vmi::from_value(v)))),
        "VirtualMachine" => Some(Object::Vm(Box::new(Vm::from_value(v)))),
        "VirtualMachineInstanceMigration" => Some(Object::Vmim(Box::new(Vmim::from_value(v)))),
        "Pod" => Some(Object::Pod(Box::new(Pod::from_value(v)))),
        "Node" => Some(Object::Node(Box::new(Node::from_value(v)))),
        "Event" => Some(Object::Event(Box::new(Event::from_value(v)))),
        "VirtualMachineInstanceGuestAgentInfo" => {
            Some(Object::GuestAgent(Box::new(GuestAgentInfo::from_value(v))))
        }
        "Status" => guest_agent_error(v),
        _ => None,
    };
    if let Some(o) = by_kind {
        return Some((o, Recognition::Kind));
    }
    if !kind.is_empty() {
        return None;
    }
    shape(v).map(|o| (o, Recognition::Shape))
}

fn shape(v: &Value) -> Option<Object> {
    if v.pointer("/data/result").is_some() || v.get("resultType").is_some() {
        return Some(Object::Metrics(MetricSample::from_prometheus_json(v)));
    }
    if has_any(v, &["guestAgentVersion", "supportedCommands", "fsInfo"]) {
        return Some(Object::GuestAgent(Box::new(GuestAgentInfo::from_value(v))));
    }
    if (v.get("involvedObject").is_some() || v.get("regarding").is_some())
        && v.get("reason").is_some()
    {
        return Some(Object::Event(Box::new(Event::from_value(v))));
    }
    let spec = v.get("spec");
    if spec.is_some_and(|s| s.get("vmiName").is_some()) {
        return Some(Object::Vmim(Box::new(Vmim::from_value(v))));
    }
    if let Some(status) = v.get("status").filter(|s| s.is_object()) {
        return by_status(v, status, spec);
    }
    // Only the content of `status:` was pasted.
    if v.get("metadata").is_none() && spec.is_none() {
        let wrapped = serde_json::json!({ "status": v });
        if let Some(o) = by_status(&wrapped, v, None) {
            return Some(o);
        }
        // Only a `migrationState`.
        if has_any(
            v,
            &["migrationUid", "targetNode", "sourceNode", "targetPod"],
        ) && v.get("phase").is_none()
        {
            return Some(Object::Vmi(Box::new(Vmi::from_value(
                &serde_json::json!({"status": {"migrationState": v}}),
            ))));
        }
    }
    if let Some(s) = spec {
        if s.get("domain").is_some() {
            return Some(Object::Vmi(Box::new(Vmi::from_value(v))));
        }
        if has_any(s, &["runStrategy", "running", "template"]) {
            return Some(Object::Vm(Box::new(Vm::from_value(v))));
        }
        if s.get("containers").is_some() {
            return Some(Object::Pod(Box::new(Pod::from_value(v))));
        }
    }
    None
}

fn by_status(whole: &Value, status: &Value, spec: Option<&Value>) -> Option<Object> {
    let conds = condition_types(status);
    let cond_in = |list: &[&str]| conds.iter().any(|c| list.contains(c));
    let phase = status.get("phase").and_then(Value::as_str).unwrap_or("");
    if status.get("printableStatus").is_some() {
        return Some(Object::Vm(Box::new(Vm::from_value(whole))));
    }
    if has_any(status, POD_STATUS_KEYS)
        || cond_in(POD_CONDITIONS)
        || spec.is_some_and(|s| s.get("containers").is_some())
    {
        return Some(Object::Pod(Box::new(Pod::from_value(whole))));
    }
    if has_any(status, NODE_STATUS_KEYS) || cond_in(NODE_CONDITIONS) {
        return Some(Object::Node(Box::new(Node::from_value(whole))));
    }
    if cond_in(VMIM_CONDITIONS) || VMIM_ONLY_PHASES.contains(&phase) {
        return Some(Object::Vmim(Box::new(Vmim::from_value(whole))));
    }
    if has_any(status, VMI_STATUS_KEYS)
        || cond_in(VMI_CONDITIONS)
        || spec.is_some_and(|s| s.get("domain").is_some())
    {
        return Some(Object::Vmi(Box::new(Vmi::from_value(whole))));
    }
    if status.get("migrationState").is_some() {
        // A migrationState next to a phase, without VMI-only fields: a VMIM status.
        return Some(Object::Vmim(Box::new(Vmim::from_value(whole))));
    }
    // Only a phase and/or conditions: Strata is about VMIs, so a VMI phase means a VMI.
    const VMI_PHASES: &[&str] = &[
        "",
        "Pending",
        "Scheduling",
        "Scheduled",
        "Running",
        "Succeeded",
        "Failed",
        "WaitingForSync",
        "Unknown",
    ];
    let only_generic = status.as_object().is_some_and(|m| {
        m.keys()
            .all(|k| matches!(k.as_str(), "phase" | "conditions" | "reason"))
    });
    if only_generic
        && (status.get("phase").is_some() || status.get("conditions").is_some())
        && VMI_PHASES.contains(&phase)
    {
        return Some(Object::Vmi(Box::new(Vmi::from_value(whole))));
    }
    None
}

/// Records fields of a recognised object that have the wrong shape and were ignored.
fn check_shapes(v: &Value, origin: &Origin, object: &Object, out: &mut Parsed) {
    let mut expect = |path: &str, want: &str, ok: fn(&Value) -> bool| {
        if let Some(x) = v.pointer(path)
            && !x.is_null()
            && !ok(x)
        {
            out.notes.push(Note {
                origin: origin.clone(),
                message: format!(
                    "{}: field `{path}`: expected {want}, found {}; ignored",
                    object.label(),
                    type_name(x)
                ),
            });
        }
    };
    expect("/metadata", "a mapping", Value::is_object);
    expect("/spec", "a mapping", Value::is_object);
    expect("/status", "a mapping", Value::is_object);
    expect("/status/conditions", "a list", Value::is_array);
    expect("/status/interfaces", "a list", Value::is_array);
    expect(
        "/status/activePods",
        "a mapping of pod UID to node name",
        Value::is_object,
    );
    expect("/status/migrationState", "a mapping", Value::is_object);
    expect("/status/phase", "a string", Value::is_string);
    if let Some(Value::Array(cs)) = v.pointer("/status/conditions") {
        for (i, c) in cs.iter().enumerate() {
            if !c.get("type").is_some_and(Value::is_string) {
                out.notes.push(Note {
                    origin: origin.clone(),
                    message: format!("{}: field `/status/conditions/{i}`: expected a condition with a string `type`; ignored", object.label()),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(p.objects[1].origin.line, Some(6));
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
        let e = parse("kind: VirtualMachineInstance\nmetadata:\n  name: a\n---\nkind: Pod\nstatus: [unclosed\n").unwrap_err();
        assert_eq!(e.line, Some(6), "{e}");
    }

    #[test]
    fn json_syntax_error_names_the_line() {
        let e = parse("{\n  \"kind\": \"Pod\",\n  \"status\": {,}\n}").unwrap_err();
        assert_eq!(e.line, Some(3), "{e}");
        assert!(e.message.contains("JSON"));
    }

    #[test]
    fn describe_and_table_get_clear_messages() {
        let describe = "Name:         web\nNamespace:    prod\nLabels:       <none>\nAPI Version:  kubevirt.io/v1\nKind:         VirtualMachineInstance\nEvents:       <none>\n";
        let e = parse(describe).unwrap_err();
        assert!(e.message.contains("kubectl describe"), "{e}");
        let table = "NAME   AGE   PHASE     IP           NODENAME   READY\nweb    3d    Running   10.0.0.5     node-1     True\n";
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
        let p = parse("kind: VirtualMachineInstance\nmetadata: {name: a}\nstatus:\n  phase: Running\n  conditions: nope\n").unwrap();
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
        let p = parse("guestAgentVersion: 8.1.0\nhostname: web\nsupportedCommands:\n- name: guest-ping\n  enabled: true\n").unwrap();
        assert!(
            matches!(&p.objects[0].object, Object::GuestAgent(g) if g.hostname.as_deref() == Some("web"))
        );
    }
}
