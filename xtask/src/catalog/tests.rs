//! The Go scanner and the table builders on small Go snippets written here (always run), and
//! the committed tables against a KubeVirt checkout (run when `STRATA_KUBEVIRT_SRC` names one;
//! `STRATA_CDI_SRC` adds CDI's table).

use super::go_scan::{self, Const};
use super::tables;
use super::tree::Tree;

#[test]
fn comments_are_blanked_and_literals_kept() {
    let src = "a := \"// kept\" // dropped\n/* block\n x */ b := `/* raw */`\n";
    let out = go_scan::strip_comments(src);
    assert_eq!(
        out.lines().count(),
        src.lines().count(),
        "line numbers kept"
    );
    assert!(out.contains("\"// kept\""));
    assert!(!out.contains("dropped"));
    assert!(!out.contains("block"));
    assert!(out.contains("`/* raw */`"));
}

#[test]
fn string_literals_and_concatenations() {
    assert_eq!(
        go_scan::string_literal(r#" "a\"b\n" rest"#).map(|(v, r)| (v, r.to_string())),
        Some(("a\"b\n".to_string(), " rest".to_string()))
    );
    assert_eq!(
        go_scan::string_expr(r#""ab" + "cd""#).as_deref(),
        Some("abcd")
    );
    assert_eq!(go_scan::string_expr(r#""ab" + x"#), None);
    assert_eq!(
        go_scan::leading_string(r#""ab" + "cd" + x"#).as_deref(),
        Some("abcd")
    );
    assert_eq!(go_scan::string_expr("`raw\\n`").as_deref(), Some("raw\\n"));
    assert_eq!(go_scan::string_expr("x"), None);
}

#[test]
fn consts_single_and_in_blocks_typed_or_not() {
    let src = go_scan::strip_comments(
        r#"package v1
const Single = "one"
type Status string
const (
	// A comment with Fake = "no"
	Running Status = "Running"
	Padded     Status    = "Padded" // trailing
	Untyped = "Untyped"
	Number = 3
	Iota Status = iota
)
"#,
    );
    let got = go_scan::consts(&src);
    let want = |name: &str, ty: Option<&str>, value: &str| Const {
        name: name.into(),
        ty: ty.map(str::to_string),
        value: value.into(),
    };
    assert_eq!(
        got,
        vec![
            want("Single", None, "one"),
            want("Running", Some("Status"), "Running"),
            want("Padded", Some("Status"), "Padded"),
            want("Untyped", None, "Untyped"),
        ]
    );
}

#[test]
fn imports_with_and_without_alias() {
    let src = "package x\nimport (\n\tk8sv1 \"k8s.io/api/core/v1\"\n\t\"kubevirt.io/kubevirt/pkg/controller\"\n)\nimport v1 \"kubevirt.io/api/core/v1\"\n";
    let im = go_scan::imports(src);
    assert_eq!(im["k8sv1"], "k8s.io/api/core/v1");
    assert_eq!(im["controller"], "kubevirt.io/kubevirt/pkg/controller");
    assert_eq!(im["v1"], "kubevirt.io/api/core/v1");
}

#[test]
fn call_arguments_across_lines_with_nested_calls_and_strings() {
    let src = "c.recorder.Eventf(vmi,\n\tk8sv1.EventTypeWarning, v1.Migrated.String(),\n\tfmt.Sprintf(\"a, b (%s)\", f(x, y)))\n";
    let calls = go_scan::calls(src, &["Eventf"]);
    assert_eq!(calls.len(), 1);
    let c = &calls[0];
    assert_eq!(c.receiver, "c.recorder");
    assert_eq!(c.line, 1);
    assert_eq!(
        c.args,
        vec![
            "vmi",
            "k8sv1.EventTypeWarning",
            "v1.Migrated.String()",
            "fmt.Sprintf(\"a, b (%s)\", f(x, y))"
        ]
    );
    // A method name inside a string is no call.
    assert!(go_scan::calls("x := \"r.Eventf(a, b)\"", &["Eventf"]).is_empty());
}

/// A small KubeVirt-shaped tree: API types, `pkg/controller` reasons, a virt-controller and a
/// virt-handler file.
fn tree() -> Tree {
    let mut t = Tree::default();
    t.add(
        "staging/src/kubevirt.io/api/core/v1/types.go".into(),
        r#"package v1
type VirtualMachinePrintableStatus string
const (
	VirtualMachineStatusStopped VirtualMachinePrintableStatus = "Stopped"
	VirtualMachineStatusUnschedulable VirtualMachinePrintableStatus = "ErrorUnschedulable"
)
type SyncEvent string
const (
	Migrated SyncEvent = "Migrated"
	SyncFailed SyncEvent = "SyncFailed"
)
type VirtualMachineInstanceConditionType string
const VirtualMachineInstanceIsMigratable VirtualMachineInstanceConditionType = "LiveMigratable"
const VirtualMachineInstanceReasonDisksNotMigratable = "DisksNotLiveMigratable"
type MigrationAbortStatus string
const MigrationAbortInProgress MigrationAbortStatus = "Aborting"
"#,
    );
    t.add(
        "pkg/controller/controller.go".into(),
        "package controller\nconst (\n\tFailedMigrationReason = \"FailedMigration\"\n)\n",
    );
    t.add(
        "pkg/virt-controller/watch/migration/migration.go".into(),
        r#"package migration
import (
	k8sv1 "k8s.io/api/core/v1"
	"kubevirt.io/kubevirt/pkg/controller"
)
const localReason = "LocalThing"
func f() {
	c.recorder.Eventf(migration, k8sv1.EventTypeWarning, controller.FailedMigrationReason, "Migration failed because vmi does not exist.")
	c.recorder.Event(vmi, k8sv1.EventTypeNormal, localReason, "x")
	c.recorder.Event(vmi, k8sv1.EventTypeNormal, status.Reason, "computed")
	failureReason := "Target pod is down"
	// c.recorder.Event(vmi, k8sv1.EventTypeWarning, "CommentedOut", "x")
	return fmt.Errorf("failed to delete vmi migration target pod %s: %v", name, err)
}
"#,
    );
    t.add(
        "pkg/virt-handler/vm.go".into(),
        r#"package virthandler
import (
	k8sv1 "k8s.io/api/core/v1"
	v1 "kubevirt.io/api/core/v1"
)
func g() {
	c.recorder.Event(vmi, k8sv1.EventTypeWarning, v1.SyncFailed.String(), syncErr.Error())
	log.Log.Object(vmi).Reason(err).Error("Synchronizing the VirtualMachineInstance failed.")
	log.Log.Errorf("%s: %v", a, b)
	return errors.New("too short")
}
"#,
    );
    t
}

fn values(t: &tables::Table, kind: &str) -> Vec<String> {
    t.iter()
        .filter(|r| r.kind == kind)
        .map(|r| r.value.clone())
        .collect()
}

#[test]
fn events_resolve_constants_of_other_packages_and_skip_computed_reasons() {
    let tree = tree();
    let (events, unresolved, _) = tables::events(&tree);
    assert_eq!(
        values(&events, "WarningEvent"),
        vec!["FailedMigration", "SyncFailed"]
    );
    assert_eq!(values(&events, "NormalEvent"), vec!["LocalThing"]);
    let failed = events
        .iter()
        .find(|r| r.value == "FailedMigration")
        .unwrap();
    assert_eq!(
        (failed.component, failed.layer),
        ("VirtController", "Migration")
    );
    let sync = events.iter().find(|r| r.value == "SyncFailed").unwrap();
    assert_eq!(
        (sync.component, sync.layer, sync.file.as_str()),
        ("VirtHandler", "Node", "pkg/virt-handler/vm.go")
    );
    assert_eq!(unresolved.len(), 1, "{unresolved:?}");
}

#[test]
fn types_migration_and_error_tables() {
    let tree = tree();
    assert_eq!(
        values(&tables::printable_statuses(&tree), "PrintableStatus"),
        vec!["ErrorUnschedulable", "Stopped"]
    );
    let cond = tables::conditions(&tree);
    assert_eq!(values(&cond, "VmiConditionType"), vec!["LiveMigratable"]);
    assert_eq!(
        values(&cond, "ConditionReason"),
        // `localReason` ends in `Reason` in a component's package: a reason constant too.
        vec!["DisksNotLiveMigratable", "FailedMigration", "LocalThing"]
    );
    let (_, _, resolved) = tables::events(&tree);
    let mig = tables::migration(&tree, &resolved);
    assert_eq!(values(&mig, "MigrationAbortStatus"), vec!["Aborting"]);
    assert_eq!(
        values(&mig, "MigrationFailureReason"),
        vec!["Target pod is down"]
    );
    assert_eq!(
        values(&mig, "MigrationFailureMessage"),
        vec!["Migration failed because vmi does not exist."]
    );
    let errors = tables::errors(&tree);
    assert_eq!(
        values(&errors, "ErrorString"),
        vec!["failed to delete vmi migration target pod"]
    );
    assert_eq!(
        values(&errors, "LogError"),
        vec!["Synchronizing the VirtualMachineInstance failed."]
    );
}

#[test]
fn stable_prefixes() {
    assert_eq!(
        tables::stable_prefix("failed to get domain %s: %v").as_deref(),
        Some("failed to get domain")
    );
    assert_eq!(
        tables::stable_prefix("Found multiple sockets for vmi %s/%s").as_deref(),
        Some("Found multiple sockets for vmi")
    );
    assert_eq!(tables::stable_prefix("failed to %s"), None, "too short");
    assert_eq!(tables::stable_prefix("%v: %v"), None, "pure format");
    assert_eq!(tables::stable_prefix("unexpected: \"%s\""), None);
}

#[test]
fn emitted_tables_are_deterministic() {
    let pin = super::emit::Pin {
        repo: "kubevirt/kubevirt",
        tag: "v0".into(),
        commit: "c".into(),
    };
    let a = super::emit::table("t", "T", &tables::events(&tree()).0, &[&pin]);
    let b = super::emit::table("t", "T", &tables::events(&tree()).0, &[&pin]);
    assert_eq!(a, b);
    assert!(a.contains("kubevirt/kubevirt v0 (commit c)"));
    let first = a.find("e(\"FailedMigration\"").unwrap();
    let second = a.find("e(\"LocalThing\"").unwrap();
    assert!(first < second, "sorted by value");
}

/// The committed tables match the checkout they name. Runs only with `STRATA_KUBEVIRT_SRC`
/// (a work tree of the pinned tag; `STRATA_CDI_SRC` for CDI's): this test reads nothing
/// outside the repository otherwise.
#[test]
fn committed_tables_match_the_checkout() {
    let Some(kubevirt) = std::env::var_os("STRATA_KUBEVIRT_SRC") else {
        eprintln!(
            "SKIPPED committed_tables_match_the_checkout: set STRATA_KUBEVIRT_SRC (and STRATA_CDI_SRC) to a checkout of the pinned tags"
        );
        return;
    };
    let cdi = std::env::var_os("STRATA_CDI_SRC").map(std::path::PathBuf::from);
    if cdi.is_none() {
        eprintln!(
            "committed_tables_match_the_checkout: no STRATA_CDI_SRC, CDI's table not checked"
        );
    }
    super::run(super::Options {
        kubevirt: Some(kubevirt.into()),
        kubevirt_ref: None,
        cdi,
        cdi_ref: None,
        third_party: Vec::new(),
        check: true,
    })
    .expect("the committed tables match the checkout");
}

#[test]
fn an_enum_typed_parameter_gives_every_value_of_its_type_and_sync_errors_give_reasons() {
    let mut t = Tree::default();
    t.add(
        "pkg/virt-controller/watch/clone/clone_base.go".into(),
        "package clone\ntype Event string\nconst (\n\tSnapshotCreated Event = \"SnapshotCreated\"\n\tRestoreReady Event = \"RestoreReady\"\n)\nconst other = \"NotAnEvent\"\n",
    );
    t.add(
        "pkg/virt-controller/watch/clone/clone.go".into(),
        r#"package clone
func (c *C) logAndRecord(v *T, event Event, msg string) {
	c.recorder.Eventf(v, corev1.EventTypeNormal, string(event), msg)
}
func (c *C) other(reason string) {
	c.recorder.Eventf(v, corev1.EventTypeNormal, string(reason), msg)
	return common.NewSyncError(fmt.Errorf("failed to delete pod: %v", err), "FailedDelete")
}
"#,
    );
    let (events, unresolved, _) = tables::events(&t);
    assert_eq!(
        values(&events, "NormalEvent"),
        vec!["RestoreReady", "SnapshotCreated"]
    );
    assert_eq!(
        unresolved.len(),
        1,
        "a plain string parameter stays computed: {unresolved:?}"
    );
    assert_eq!(
        values(&tables::conditions(&t), "ConditionReason"),
        vec!["FailedDelete"]
    );
}
