//! The tables the generator writes, each read from a [`Tree`]: event reasons, condition types
//! and reasons, printable statuses, migration outcomes, error strings, CDI's DataVolume values.
//! Every row names its file; its component and layer come from `components::classify`.

use std::collections::BTreeSet;

use super::components::{CDI, classify};
use super::go_scan::{self, Call};
use super::tree::{GoFile, Tree};

/// One row of a table. Rows sort by value, kind, file (the generated order).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Row {
    pub value: String,
    /// A `Kind` variant name of `model::explain::generated`.
    pub kind: &'static str,
    pub file: String,
    pub component: &'static str,
    pub layer: &'static str,
}

/// Rows without duplicates, in order.
pub type Table = BTreeSet<Row>;

/// The KubeVirt folders whose events and errors are read (the five components' packages).
pub const COMPONENT_DIRS: &[&str] = &[
    "pkg/virt-api",
    "pkg/virt-controller",
    "pkg/virt-handler",
    "pkg/virt-launcher",
    "pkg/virt-operator",
];
/// KubeVirt's API types.
const TYPES_DIR: &str = "staging/src/kubevirt.io/api/core/v1";

/// Adds a row when the file has a component; the layer is the file's unless `layer` is given.
fn push(t: &mut Table, value: String, kind: &'static str, file: &str, layer: Option<&'static str>) {
    let Some((component, file_layer)) = classify(file) else {
        return;
    };
    if value.is_empty() {
        return;
    }
    t.insert(Row {
        value,
        kind,
        file: file.to_string(),
        component,
        layer: layer.unwrap_or(file_layer),
    });
}

fn under(file: &GoFile, dirs: &[&str]) -> bool {
    dirs.iter()
        .any(|d| file.path.starts_with(d) && file.path[d.len()..].starts_with('/'))
}

/// Every `recorder.Event/Eventf/AnnotatedEventf` of the components, and virt-launcher's
/// `SendK8sEvent` (virt-handler's notify server records those for it); also the calls whose
/// reason is computed (returned for the report: `file:line`).
pub fn events(tree: &Tree) -> (Table, Vec<String>, Vec<(Call, String, String)>) {
    let mut t = Table::new();
    let mut unresolved = Vec::new();
    let mut resolved = Vec::new();
    for file in tree.files.iter().filter(|f| under(f, COMPONENT_DIRS)) {
        let methods = ["Event", "Eventf", "AnnotatedEventf", "SendK8sEvent"];
        for call in go_scan::calls(&file.src, &methods) {
            let recorder = call.receiver.to_ascii_lowercase().contains("recorder");
            if !recorder && call.method != "SendK8sEvent" {
                continue;
            }
            let Some(at) = call.args.iter().position(|a| event_type(a).is_some()) else {
                unresolved.push(format!("{}:{} (type)", file.path, call.line));
                continue;
            };
            let kind = event_type(&call.args[at]).expect("found above");
            let arg = call.args.get(at + 1).map_or("", |a| a.as_str());
            match tree.resolve(file, arg) {
                Some(reason) => {
                    push(&mut t, reason.clone(), kind, &file.path, None);
                    resolved.push((call, reason, file.path.clone()));
                }
                None if !tree.param_values(file, arg).is_empty() => {
                    for reason in tree.param_values(file, arg) {
                        push(&mut t, reason, kind, &file.path, None);
                    }
                }
                None => unresolved.push(format!(
                    "{}:{} ({})",
                    file.path,
                    call.line,
                    call.args.get(at + 1).map_or("", |a| a.as_str())
                )),
            }
        }
    }
    (t, unresolved, resolved)
}

/// `WarningEvent` / `NormalEvent` for an event-type argument.
fn event_type(arg: &str) -> Option<&'static str> {
    let a = arg.trim();
    if a.ends_with("EventTypeWarning") || a == "\"Warning\"" {
        Some("WarningEvent")
    } else if a.ends_with("EventTypeNormal") || a == "\"Normal\"" {
        Some("NormalEvent")
    } else {
        None
    }
}

/// Typed consts of `ty` in the types folder `dir` as rows of `kind`.
fn typed(
    t: &mut Table,
    tree: &Tree,
    dir: &str,
    ty: &str,
    kind: &'static str,
    layer: Option<&'static str>,
) {
    for file in tree.files.iter().filter(|f| go_scan_dir(&f.path) == dir) {
        for c in go_scan::consts(&file.src) {
            if c.ty.as_deref() == Some(ty) {
                push(t, c.value, kind, &file.path, layer);
            }
        }
    }
}

fn go_scan_dir(path: &str) -> &str {
    super::tree::parent(path)
}

/// A value that reads as one CamelCase word (`FailedCreate`, `DataVolumeError`).
fn camel_word(v: &str) -> bool {
    v.len() >= 3
        && v.starts_with(|c: char| c.is_ascii_uppercase())
        && v.chars().all(|c| c.is_ascii_alphanumeric())
}

/// VMI, VM and VMIM condition types, and every reason constant: the untyped `*Reason*` consts
/// of the API types, the `*Reason` consts of the components and `pkg/controller`, and the
/// reasons given to `NewSyncError`.
pub fn conditions(tree: &Tree) -> Table {
    let mut t = Table::new();
    typed(
        &mut t,
        tree,
        TYPES_DIR,
        "VirtualMachineInstanceConditionType",
        "VmiConditionType",
        None,
    );
    typed(
        &mut t,
        tree,
        TYPES_DIR,
        "VirtualMachineConditionType",
        "VmConditionType",
        None,
    );
    typed(
        &mut t,
        tree,
        TYPES_DIR,
        "VirtualMachineInstanceMigrationConditionType",
        "VmimConditionType",
        Some("Migration"),
    );
    let reason_dirs: Vec<&str> = COMPONENT_DIRS
        .iter()
        .copied()
        .chain(["pkg/controller"])
        .collect();
    for file in &tree.files {
        let api = go_scan_dir(&file.path) == TYPES_DIR;
        if !api && !under(file, &reason_dirs) {
            continue;
        }
        for c in go_scan::consts(&file.src) {
            let named = if api {
                c.ty.is_none() && c.name.contains("Reason")
            } else {
                c.name.ends_with("Reason")
            };
            if named && camel_word(&c.value) {
                push(&mut t, c.value, "ConditionReason", &file.path, None);
            }
        }
        // `common.NewSyncError(err, reason)`: the reason of the VMI's `Synchronized` / the VM's
        // `Failure` condition (pkg/virt-controller/watch/common/error.go).
        if under(file, COMPONENT_DIRS) {
            for call in go_scan::calls(&file.src, &["NewSyncError"]) {
                if let Some(reason) = call.args.get(1).and_then(|r| tree.resolve(file, r)) {
                    push(&mut t, reason, "ConditionReason", &file.path, None);
                }
            }
        }
    }
    t
}

/// Every `VirtualMachinePrintableStatus`.
pub fn printable_statuses(tree: &Tree) -> Table {
    let mut t = Table::new();
    typed(
        &mut t,
        tree,
        TYPES_DIR,
        "VirtualMachinePrintableStatus",
        "PrintableStatus",
        None,
    );
    t
}

/// Every `VirtualMachineInstancePhase`.
pub fn vmi_phases(tree: &Tree) -> Table {
    let mut t = Table::new();
    typed(
        &mut t,
        tree,
        TYPES_DIR,
        "VirtualMachineInstancePhase",
        "VmiPhase",
        None,
    );
    t
}

/// VMIM phases, abort statuses, the failure reasons written into a migration state
/// (`FailureReason = "…"`, and `reason = "…"` in migration files), and the messages of the
/// warning events that report a failed migration (`FailedMigration`, warning `Migrated`).
pub fn migration(tree: &Tree, events: &[(Call, String, String)]) -> Table {
    let mut t = Table::new();
    let m = Some("Migration");
    typed(
        &mut t,
        tree,
        TYPES_DIR,
        "VirtualMachineInstanceMigrationPhase",
        "MigrationPhase",
        m,
    );
    typed(
        &mut t,
        tree,
        TYPES_DIR,
        "MigrationAbortStatus",
        "MigrationAbortStatus",
        m,
    );
    for file in tree.files.iter().filter(|f| under(f, COMPONENT_DIRS)) {
        let migration_file = file.path.contains("migration");
        for line in file.src.lines() {
            if let Some(v) = assigned_literal(line, migration_file) {
                push(&mut t, v, "MigrationFailureReason", &file.path, m);
            }
        }
    }
    for (call, reason, path) in events {
        let warning = call
            .args
            .iter()
            .any(|a| event_type(a) == Some("WarningEvent"));
        if !(reason == "FailedMigration" || (reason == "Migrated" && warning)) {
            continue;
        }
        let at = call
            .args
            .iter()
            .position(|a| event_type(a).is_some())
            .unwrap_or(0);
        let message = call.args.get(at + 2).map(|m| unwrap_sprintf(m));
        if let Some(p) = message
            .and_then(go_scan::leading_string)
            .and_then(|s| stable_prefix(&s))
        {
            push(&mut t, p, "MigrationFailureMessage", path, m);
        }
    }
    t
}

/// `fmt.Sprintf("…", …)` → `"…", …`; anything else as is.
fn unwrap_sprintf(arg: &str) -> &str {
    arg.strip_prefix("fmt.Sprintf(").unwrap_or(arg)
}

/// The literal of `x.FailureReason = "…"`, `failureReason := "…"`, `FailureReason: "…"`, or in
/// a migration file `reason = "…"`.
fn assigned_literal(line: &str, migration_file: bool) -> Option<String> {
    let t = line.trim();
    let (lhs, rhs) = t
        .split_once(":=")
        .or_else(|| t.split_once(" = "))
        .or_else(|| t.split_once(": "))?;
    let name = lhs.trim().rsplit('.').next()?;
    let wanted = name.eq_ignore_ascii_case("failureReason") || (migration_file && name == "reason");
    if !wanted {
        return None;
    }
    let v = go_scan::string_expr(rhs.trim().trim_end_matches(','))?;
    (!v.is_empty()).then_some(v)
}

/// The error strings of virt-handler, virt-launcher, virt-controller and virt-api:
/// `fmt.Errorf` / `errors.New` literals (`ErrorString`) and error-level log messages
/// (`.Error`, `.Errorf`, `.Critical`, `.Criticalf`: `LogError`), each cut to its stable prefix.
pub fn errors(tree: &Tree) -> Table {
    let dirs = [
        "pkg/virt-api",
        "pkg/virt-controller",
        "pkg/virt-handler",
        "pkg/virt-launcher",
    ];
    let mut t = Table::new();
    let methods = ["Errorf", "New", "Error", "Critical", "Criticalf"];
    for file in tree.files.iter().filter(|f| under(f, &dirs)) {
        for call in go_scan::calls(&file.src, &methods) {
            let recv = call.receiver.rsplit('.').next().unwrap_or_default();
            let errors_pkg = recv == "fmt" || recv.to_ascii_lowercase().ends_with("errors");
            let kind = match call.method.as_str() {
                "New" if errors_pkg => "ErrorString",
                "Errorf" if errors_pkg => "ErrorString",
                "New" => continue,
                _ if errors_pkg => continue,
                _ => "LogError",
            };
            let Some(text) = call.args.first().and_then(|a| go_scan::leading_string(a)) else {
                continue;
            };
            if let Some(p) = stable_prefix(&text) {
                push(&mut t, p, kind, &file.path, None);
            }
        }
    }
    t
}

/// The part of a message that is the same in every line it produces: up to the first format
/// verb, quote or newline, without trailing punctuation; kept only when at least three words
/// and 16 characters long (shorter prefixes such as `failed to` match too much).
pub fn stable_prefix(s: &str) -> Option<String> {
    let cut = s.find(['%', '"', '\n', '\\']).unwrap_or(s.len());
    let p = s[..cut]
        .trim_end_matches(|c: char| c.is_whitespace() || ":([{'=,;-<".contains(c))
        .trim_start();
    let words = p.split_whitespace().count();
    let ok = p.starts_with(|c: char| c.is_ascii_alphabetic()) && words >= 3 && p.len() >= 16;
    ok.then(|| p.to_string())
}

/// CDI: DataVolume phases and condition types, and the reason constants of CDI's controllers
/// (one CamelCase word each), used as DataVolume condition and event reasons.
pub fn cdi(tree: &Tree) -> Table {
    let mut t = Table::new();
    let api = format!(
        "{CDI}staging/src/kubevirt.io/containerized-data-importer-api/pkg/apis/core/v1beta1"
    );
    typed(
        &mut t,
        tree,
        &api,
        "DataVolumePhase",
        "DataVolumePhase",
        None,
    );
    typed(
        &mut t,
        tree,
        &api,
        "DataVolumeConditionType",
        "DataVolumeConditionType",
        None,
    );
    let dirs = [
        format!("{CDI}pkg/controller"),
        format!("{CDI}pkg/controller/common"),
        format!("{CDI}pkg/controller/datavolume"),
    ];
    for file in tree
        .files
        .iter()
        .filter(|f| dirs.iter().any(|d| d == go_scan_dir(&f.path)))
    {
        for c in go_scan::consts(&file.src) {
            if c.ty.is_none()
                && camel_word(&c.value)
                && c.value.len() >= 4
                && !c.name.ends_with("Kind")
            {
                push(&mut t, c.value, "DataVolumeReason", &file.path, None);
            }
        }
    }
    t
}
