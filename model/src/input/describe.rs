//! Reading `kubectl describe` output by its sections: the object is named from its top-level
//! `Name:` / `Namespace:` (and its kind from `Kind:`, the command, or its sections), every
//! timestamp value is read (Creation Timestamp, condition and migration times, a pod's Start
//! Time), and each field is read by the section it sits in: a VMI's phase is the `Phase:` right
//! under `Status:`, while a `Migration State:` section (`Completed:`, `Failed:`, `Failure
//! Reason:`) is the state of its last migration, never the VMI's phase, nor is a `Phase:` of its
//! `Phase Transition Timestamps:` (the phases it went through). A pod's status is its
//! top-level `Status:` (the phase), then `Reason:` (`Evicted`), then a container's waiting or
//! terminated reason, as kubectl's printer would show it; a node's is its Ready condition row
//! and `Unschedulable:`.
//!
//! The field names follow kubectl's describers (`staging/src/k8s.io/kubectl/pkg/describe/
//! describe.go`: generic describe for custom resources prints the object's fields in Title Case
//! words; pods, nodes and PVCs have their own describers).

use super::sightings::Sighting;
use super::vocab::Kind;
use crate::evidence::{Signal, SignalPlane};
use crate::time::Timestamp;
use crate::verdict::{Health, Layer};

/// What a describe block says.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Described {
    pub kind: Option<Kind>,
    pub name: String,
    pub namespace: String,
    /// The object's status value (phase, printable status, pod or node status), and its line.
    pub status: Option<(String, usize)>,
    pub node: String,
    /// A migration's VMI (`Vmi Name:`).
    pub vmi: String,
    /// Every absolute timestamp in the block.
    pub times: Vec<Timestamp>,
    /// The object's creation time (`Creation Timestamp:`, a node's `CreationTimestamp:`).
    pub created: Option<Timestamp>,
    /// The `Migration State:` section's `Failed: true`, with its line and failure reason.
    pub migration_failed: Option<(usize, String)>,
    /// The lines of the `Migration State:` section (its `Failed:` is not a phase).
    pub migration_lines: Vec<usize>,
    /// The section's `Abort Requested: true` and `Abort Status: Succeeded`: the user's abort
    /// took effect, so its `Failed: true` is that abort, not a fault (as `migration::abort`).
    pub migration_aborted: (bool, bool),
    /// A migration's `Type: migrationAbortRequested` condition with `Status: True`: its line.
    pub abort_requested: Option<usize>,
    /// The lines of a VMI's `Phase Transition Timestamps:` section: the phases it went through
    /// (`Phase:  Scheduling`), never its phase now.
    pub phase_history_lines: Vec<usize>,
    /// The status line of an object whose stated kind Strata does not read
    /// ([`Described::foreign`]): it states nothing of a VM.
    pub statement_lines: Vec<usize>,
    /// The lines of a condition that reports a capability ([`CAPABILITY_CONDITIONS`]): they
    /// speak of migration only, whatever network or disk their message names.
    pub capability_lines: Vec<usize>,
    /// The lines of the object's metadata and placement settings ([`SETTING_SECTIONS`]): what
    /// was asked of it, never a message about it.
    pub setting_lines: Vec<usize>,
    /// A pod's `Node:  <none>` line: the scheduler has bound it to no node.
    pub unbound: Option<usize>,
    /// The block states its kind (`Kind:` or the command's resource) and it is none Strata
    /// reads (a NodeMaintenance, a custom resource): its `Phase:` is that kind's, never a VMI's.
    pub foreign: bool,
    pub line: usize,
}

/// The VMI condition types that report a capability, not a state: `LiveMigratable` ("Indicates
/// whether the VMI is live migratable") and `StorageLiveMigratable` (KubeVirt
/// `staging/src/kubevirt.io/api/core/v1/types.go`, VirtualMachineInstanceConditionType; their
/// reasons are the `…NotLiveMigratable` family). `False` says only that the VMI cannot be
/// live-migrated as configured (a bridge binding, a RWO disk, a host device): its message
/// names a network or a disk but states no fault of either: what it says is the migration's.
pub const CAPABILITY_CONDITIONS: [&str; 2] = ["LiveMigratable", "StorageLiveMigratable"];

/// The top-level sections of kubectl's describers that hold settings, not messages: the
/// object's `Labels:` and `Annotations:` (`describe.go` `printLabelsMultiline`,
/// `printAnnotationsMultiline`) and a pod's `Node-Selectors:` and `Tolerations:`
/// (`describePod`). A signature's words in them (`kubevirtInterfaces: k6t-eth0`, a toleration
/// of `node.kubernetes.io/unreachable`) name a setting, not a fault.
pub const SETTING_SECTIONS: [&str; 5] = [
    "Labels",
    "Annotations",
    "Node-Selectors",
    "Tolerations",
    "Selector",
];

/// Whether `line` is a setting: a top-level field of [`SETTING_SECTIONS`] or a line under one
/// (`path`: the open fields above the line).
fn in_settings(path: &[(usize, &str, &str)], line: &str) -> bool {
    match path.first() {
        Some(p) => SETTING_SECTIONS.contains(&p.1),
        None => line
            .split_once(':')
            .is_some_and(|(k, _)| SETTING_SECTIONS.contains(&k.trim())),
    }
}

/// A value found, with its line.
type Found = Option<(String, usize)>;

/// One `Key:  value` line with its indentation.
struct Field<'a> {
    indent: usize,
    key: &'a str,
    value: &'a str,
}

fn field(line: &str) -> Option<Field<'_>> {
    let indent = line.len() - line.trim_start().len();
    let (key, value) = line.trim_start().split_once(':')?;
    let ok = !key.is_empty()
        && key.len() <= 60
        && key.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || " -_./()".contains(c));
    ok.then(|| Field {
        indent,
        key: key.trim(),
        value: value.trim(),
    })
}

/// The resource word and name of a `kubectl describe <kind> <name>` command (the words that
/// are not flags nor a flag's value: in `-n prod web`, `prod` is `-n`'s).
fn command_resource(command: &str) -> Option<(&str, Option<&str>)> {
    let words: Vec<&str> = command.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "describe")?;
    let mut rest: Vec<&str> = Vec::new();
    let mut value_next = false;
    for w in &words[at + 1..] {
        if std::mem::take(&mut value_next) {
            continue;
        }
        if w.starts_with('-') {
            value_next = matches!(*w, "-n" | "--namespace" | "-l" | "--selector" | "--context");
            continue;
        }
        rest.push(w);
    }
    match rest.first()?.split_once('/') {
        Some((r, n)) => Some((r, Some(n))),
        None => Some((rest[0], rest.get(1).copied())),
    }
}

/// The kind a `kubectl describe <kind> <name>` command names.
fn command_kind(command: &str) -> Option<(Kind, Option<&str>)> {
    let (res, name) = command_resource(command)?;
    Kind::from_resource(res).map(|k| (k, name))
}

/// Reads a describe block (`text` starts at paste line `first`).
pub fn read_describe(text: &[&str], first: usize, command: Option<&str>) -> Described {
    let mut d = Described {
        line: first,
        ..Default::default()
    };
    // The section path: (indent, key, value) of every open field.
    let mut path: Vec<(usize, &str, &str)> = Vec::new();
    let mut container_reason: Found = None;
    let (mut pod_phase, mut pod_reason, mut node_ready): (Found, Found, Found) = (None, None, None);
    let mut cordoned = false;
    let mut condition_true = false;
    let mut condition_lines: Vec<usize> = Vec::new();
    let mut stated_kind = false;
    for (i, line) in text.iter().enumerate() {
        let n = first + i;
        let indent = line.len() - line.trim_start().len();
        while path.last().is_some_and(|p| p.0 >= indent) {
            path.pop();
        }
        read_times(line, &mut d.times);
        if in_settings(&path, line) {
            d.setting_lines.push(n);
        }
        let parent = path.last().map(|p| p.1).unwrap_or("");
        let parent_value = path.last().map(|p| p.2).unwrap_or("");
        // A node's condition rows: `  Ready   False   <time> ...`.
        if parent == "Conditions" && line.trim_start().starts_with("Ready ") {
            let status = line.split_whitespace().nth(1).unwrap_or("");
            node_ready = Some((status.to_string(), n));
        }
        let Some(f) = field(line) else { continue };
        if path.iter().any(|p| p.1 == "Conditions") {
            // kubectl's generic describer prints a condition's fields sorted by name, `Type`
            // last: the lines since the previous `Type:` are this condition's.
            condition_lines.push(n);
            if f.key == "Type" {
                if CAPABILITY_CONDITIONS.contains(&f.value) {
                    d.capability_lines.append(&mut condition_lines);
                }
                condition_lines.clear();
            }
            match f.key {
                "Status" => condition_true = f.value == "True",
                "Type" if condition_true && f.value == VMIM_ABORT_REQUESTED => {
                    d.abort_requested = Some(n)
                }
                _ => {}
            }
        }
        let top = path.is_empty();
        let in_metadata = path.len() == 1 && parent == "Metadata";
        if matches!(f.key, "Creation Timestamp" | "CreationTimestamp")
            && (top || in_metadata)
            && d.created.is_none()
        {
            d.created = Timestamp::parse(f.value).or_else(|| rfc1123_times(f.value).pop());
        }
        let in_migration = path.iter().any(|p| p.1 == "Migration State");
        // KubeVirt's VirtualMachineInstanceStatus.PhaseTransitionTimestamps
        // (staging/src/kubevirt.io/api/core/v1/types.go): the phases it went through.
        if path.iter().any(|p| p.1 == "Phase Transition Timestamps") {
            d.phase_history_lines.push(n);
        }
        match (f.key, top) {
            ("Name", true) if d.name.is_empty() => d.name = f.value.to_string(),
            ("Namespace", true) => d.namespace = f.value.to_string(),
            ("Kind", true) => {
                stated_kind = !f.value.is_empty();
                d.kind = Kind::from_kind_name(f.value)
            }
            ("Status", true) if !f.value.is_empty() => {
                pod_phase = Some((
                    f.value.split_whitespace().next().unwrap_or("").to_string(),
                    n,
                ))
            }
            ("Reason", true) if !f.value.is_empty() => pod_reason = Some((f.value.to_string(), n)),
            ("Node", true) if f.value == "<none>" => d.unbound = Some(n),
            ("Node", true) => d.node = f.value.split('/').next().unwrap_or("").to_string(),
            ("Unschedulable", true) => cordoned = f.value == "true",
            _ => {}
        }
        if in_migration {
            d.migration_lines.push(n);
            if f.key == "Failed" && f.value == "true" {
                d.migration_failed = Some((
                    n,
                    d.migration_failed.take().map(|m| m.1).unwrap_or_default(),
                ));
            }
            match (f.key, f.value) {
                ("Abort Requested", "true") => d.migration_aborted.0 = true,
                ("Abort Status", "Succeeded") => d.migration_aborted.1 = true,
                _ => {}
            }
            if f.key == "Failure Reason" || (f.key == "Reason" && parent == "Migration State") {
                let line_of = d.migration_failed.as_ref().map_or(n, |m| m.0);
                d.migration_failed = Some((line_of, f.value.to_string()));
            }
        } else if parent == "Status" && path.len() == 1 {
            match f.key {
                "Phase" | "Printable Status"
                    if !f.value.is_empty()
                        && (f.key == "Printable Status" || d.status.is_none()) =>
                {
                    d.status = Some((f.value.to_string(), n));
                }
                "Node Name" => d.node = f.value.to_string(),
                _ => {}
            }
        } else if f.key == "Vmi Name" && parent == "Spec" {
            d.vmi = f.value.to_string();
        } else if f.key == "Reason"
            && matches!(parent, "State")
            && matches!(parent_value, "Waiting" | "Terminated")
        {
            // The first container that is not running gives the pod its printed status.
            if container_reason.is_none() {
                container_reason = Some((f.value.to_string(), n));
            }
        }
        path.push((f.indent, f.key, f.value));
    }
    name_and_kind(&mut d, text, command, stated_kind);
    match d.kind {
        Some(Kind::Pod) => d.status = pod_reason.or(container_reason).or(pod_phase),
        Some(Kind::Node) => {
            d.status = node_ready.map(|(s, n)| {
                // As printNode prints it: anything but True is NotReady.
                let ready = match s.as_str() {
                    "True" => "Ready",
                    _ => "NotReady",
                };
                let status = if cordoned {
                    format!("{ready},SchedulingDisabled")
                } else {
                    ready.to_string()
                };
                (status, n)
            })
        }
        Some(Kind::Pvc) => d.status = d.status.take().or(pod_phase),
        _ => {}
    }
    d
}

/// The block's kind (the command's, its `Kind:`, else guessed from its sections), name and
/// namespace. A kind stated (by `Kind:` or the command's resource) that Strata does not read
/// makes the block foreign: nothing is guessed, and its `Phase:` is its own kind's (a
/// NodeMaintenance `Succeeded`), not a VMI's.
fn name_and_kind(d: &mut Described, text: &[&str], command: Option<&str>, stated_kind: bool) {
    let from_cmd = command.and_then(command_kind);
    let cmd_resource = command.and_then(command_resource).is_some();
    d.foreign = from_cmd.is_none() && d.kind.is_none() && (stated_kind || cmd_resource);
    d.kind = from_cmd.map(|c| c.0).or(d.kind);
    if d.foreign {
        d.statement_lines.extend(d.status.take().map(|s| s.1));
    } else {
        d.kind = d.kind.or_else(|| guess_kind(text));
    }
    if d.name.is_empty()
        && let Some(name) = from_cmd.and_then(|c| c.1)
    {
        d.name = name.to_string();
    }
    // A describe cut before its `Namespace:` line: the command's `-n`; a node has none.
    if d.namespace.is_empty()
        && let Some(ns) = command.and_then(super::table::namespace_arg)
    {
        d.namespace = ns.to_string();
    }
    if d.kind.is_some_and(|k| !k.namespaced()) {
        d.namespace.clear();
    }
}

/// Pods have `Containers:` and `Node:`; nodes `Taints:` or `Roles:`; PVCs `StorageClass:`;
/// anything else with `Migration State:`, `Guest OS Info:` or `Node Name:` is a VMI.
fn guess_kind(text: &[&str]) -> Option<Kind> {
    let has = |k: &str| text.iter().any(|l| l.trim_start().starts_with(k));
    if has("Containers:") && has("Node:") {
        Some(Kind::Pod)
    } else if has("Taints:") || has("Roles:") {
        Some(Kind::Node)
    } else if has("StorageClass:") && has("Access Modes:") {
        Some(Kind::Pvc)
    } else if has("Printable Status:") {
        Some(Kind::Vm)
    } else if has("Vmi Name:") || VMIM_CONDITIONS.iter().any(|c| has_type(text, c)) {
        Some(Kind::Vmim)
    } else if has("Migration State:") || has("Guest OS Info:") || has("Node Name:") || has("Phase:")
    {
        Some(Kind::Vmi)
    } else {
        None
    }
}

/// The condition types only a migration has (`VirtualMachineInstanceMigrationConditionType`
/// in KubeVirt's `staging/src/kubevirt.io/api/core/v1/types.go`): a describe cut before its
/// `Kind:` that lists one is a migration's.
const VMIM_CONDITIONS: [&str; 2] = [VMIM_ABORT_REQUESTED, "migrationRejectedByResourceQuota"];
const VMIM_ABORT_REQUESTED: &str = "migrationAbortRequested";

/// A `Type:  <value>` line.
fn has_type(text: &[&str], value: &str) -> bool {
    text.iter().any(|l| {
        l.trim_start()
            .strip_prefix("Type:")
            .is_some_and(|v| v.trim() == value)
    })
}

/// Every RFC 3339 timestamp among a line's words, and every `Thu, 02 May 2024 08:11:43 +0000`
/// (kubectl's describers print pod, node and event times so: RFC 1123 with a numeric zone).
fn read_times(line: &str, out: &mut Vec<Timestamp>) {
    if !line.contains(':') {
        return;
    }
    out.extend(rfc1123_times(line));
    if !line.contains('T') {
        return;
    }
    for w in line.split_whitespace() {
        let w = w.trim_matches(|c: char| c == '"' || c == ',' || c == '(' || c == ')');
        if w.len() >= 20
            && w.as_bytes()[4] == b'-'
            && let Some(t) = Timestamp::parse(w)
        {
            out.push(t);
        }
    }
}

/// `Mon, 06 May 2024 14:00:01 +0000` anywhere in a line, as timestamps.
fn rfc1123_times(line: &str) -> Vec<Timestamp> {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut out = Vec::new();
    for w in words.windows(6) {
        let [day, date, month, year, time, zone] = [w[0], w[1], w[2], w[3], w[4], w[5]];
        let is_day = day.len() == 4 && day.ends_with(',');
        let Some(m) = MONTHS.iter().position(|x| *x == month) else {
            continue;
        };
        let zone_ok = zone.len() == 5 && zone.starts_with(['+', '-']);
        if !is_day || !zone_ok || date.len() > 2 || year.len() != 4 || time.len() != 8 {
            continue;
        }
        let text = format!(
            "{year}-{:02}-{date:0>2}T{time}{}:{}",
            m + 1,
            &zone[..3],
            &zone[3..]
        );
        out.extend(Timestamp::parse(&text));
    }
    out
}

impl Described {
    /// The object seen, for [`super::sightings::Sightings`], when it is named and its kind known.
    pub fn sighting(&self, excerpt: &str) -> Option<Sighting> {
        let kind = self.kind?;
        if self.name.is_empty() && self.status.is_none() {
            return None;
        }
        let (status, line) = self.status.clone().unwrap_or((String::new(), self.line));
        Some(Sighting {
            kind,
            namespace: self.namespace.clone(),
            name: self.name.clone(),
            status,
            node: self.node.clone(),
            vmi: self.vmi.clone(),
            restarts: 0,
            ready: None,
            ip: None,
            age: None,
            line,
            block: self.line,
            from: format!("a kubectl describe {}", super::sightings::short_kind(kind)),
            excerpt: excerpt.to_string(),
        })
    }

    /// A described migration whose abort was requested (condition `migrationAbortRequested`)
    /// and that is not final: the abort has not taken effect (as `migration::findings`' abort
    /// in progress). Before the transfer runs it is the migration's control plane.
    pub fn abort_signal(&self, excerpt: &str) -> Option<Signal> {
        let line = self.abort_requested?;
        let phase = self.status.as_ref().map_or("", |s| s.0.as_str());
        if self.kind != Some(Kind::Vmim) || matches!(phase, "Succeeded" | "Failed") {
            return None;
        }
        let plane = if phase == "Running" {
            SignalPlane::Data
        } else {
            SignalPlane::Control
        };
        let shown = if phase.is_empty() { "not final" } else { phase };
        Some(Signal {
            signature: Some("describe:vmim-abort-requested".into()),
            layer: Some(Layer::Migration),
            plane: Some(plane),
            health: Health::Degraded,
            title: format!(
                "the migration's abort was requested (migrationAbortRequested) but it is still {shown}"
            ),
            cause: "virt-controller adds the migrationAbortRequested condition when the \
                migration object is deleted; the migration should then end Failed with its abort \
                Succeeded. A migration that keeps its phase with the abort requested is stuck: \
                its target pod or the controller's abort did not proceed"
                .into(),
            next_steps: vec![
                "kubectl get vmim -n <ns> <name> -o yaml (phase, conditions, deletionTimestamp)"
                    .into(),
                "kubectl logs -n kubevirt deploy/virt-controller | grep <migration>".into(),
            ],
            source: "KubeVirt pkg/virt-controller/watch/migration/migration.go (AbortRequested \
                condition); staging/src/kubevirt.io/api/core/v1/types.go"
                .into(),
            line,
            from: "a kubectl describe vmim".into(),
            excerpt: super::excerpt::excerpt(excerpt),
        })
    }

    /// The plane a failed Migration State speaks of, as the migration's own reading judges a
    /// VMIM's (`migration::failure`): its failure reason's words (`classify_failure_text`: a
    /// completion or progress timeout, post-copy, the proxy: the data's; scheduling, quota,
    /// policy: the control plane's), else an abort that succeeded without being requested
    /// (the progress or completion timeout aborting the transfer, KubeVirt
    /// `pkg/virt-launcher/virtwrap/live-migration-source.go`): the data's.
    fn failed_plane(&self, reason: &str) -> Option<SignalPlane> {
        use crate::migration::{Plane, classify_failure_text};
        match classify_failure_text(reason).0 {
            Plane::DataPlane => Some(SignalPlane::Data),
            Plane::ControlPlane => Some(SignalPlane::Control),
            Plane::Unknown => {
                (self.migration_aborted == (false, true)).then_some(SignalPlane::Data)
            }
        }
    }

    /// The failed last migration of a described VMI, as a migration signal.
    pub fn migration_signal(&self, excerpt: &str) -> Option<Signal> {
        if self.migration_aborted == (true, true) {
            return None;
        }
        let (line, reason) = self.migration_failed.clone()?;
        let cause = if reason.is_empty() {
            "The VMI's Migration State says Failed: true: its last migration failed and it stays on its source node.".to_string()
        } else {
            format!(
                "The VMI's Migration State says Failed: true (“{reason}”): its last migration failed and it stays on its source node."
            )
        };
        Some(Signal {
            signature: Some("describe:migration-state-failed".into()),
            layer: Some(Layer::Migration),
            plane: self.failed_plane(&reason),
            health: Health::Broken,
            title: "The VMI's last migration failed (Migration State)".into(),
            cause,
            next_steps: vec![format!(
                "kubectl get vmim -n {} -l kubevirt.io/vmi-name={}",
                if self.namespace.is_empty() { "<ns>" } else { &self.namespace },
                self.name
            )],
            source: "KubeVirt staging/src/kubevirt.io/api/core/v1/types.go (VirtualMachineInstanceMigrationState)".into(),
            line,
            from: "a kubectl describe vmi".into(),
            excerpt: super::excerpt::excerpt(excerpt),
        })
    }
}
