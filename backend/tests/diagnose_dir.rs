//! `strata diagnose DIR` as a user runs it: the real binary over fixture trees shaped like a
//! `kubectl get -o yaml` export, a KubeVirt must-gather and a Harvester support bundle
//! (`tests/fixtures/dirs/`), text and `--json`, and over bad trees built on the spot.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/dirs")
        .join(name)
}

fn strata(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_strata"))
        .args(args)
        .env("RUST_LOG", "off")
        .output()
        .expect("run strata")
}

fn diagnose(dir: &Path, json: bool) -> (String, String, i32) {
    let dir = dir.to_str().expect("utf-8 path");
    let mut args = vec!["diagnose", dir];
    if json {
        args.push("--json");
    }
    let out = strata(&args);
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

fn json(dir: &Path) -> serde_json::Value {
    let (out, err, code) = diagnose(dir, true);
    assert_eq!(code, 1, "{out}{err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

/// `(namespace/name)` of every diagnosed VMI, and every cluster issue as `issue node`.
fn vmis_and_issues(v: &serde_json::Value) -> (Vec<String>, Vec<String>) {
    let vmis = v["report"]["diagnoses"]
        .as_array()
        .expect("diagnoses")
        .iter()
        .map(|d| {
            format!(
                "{}/{}",
                d["key"]["namespace"].as_str().unwrap(),
                d["key"]["name"].as_str().unwrap()
            )
        })
        .collect();
    let issues = v["cluster"]
        .as_array()
        .expect("cluster")
        .iter()
        .map(|f| {
            format!(
                "{} {}",
                f["issue"].as_str().unwrap(),
                f["node"].as_str().unwrap_or("-")
            )
        })
        .collect();
    (vmis, issues)
}

#[test]
fn an_export_reports_every_vmi_and_the_node_without_kvm() {
    let dir = fixture("export");
    let (out, _, code) = diagnose(&dir, false);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("read as an export of YAML/JSON files"),
        "{out}"
    );
    for vmi in [
        "== prod/web-1",
        "== prod/db-1",
        "Node worker-b offers no KVM device",
    ] {
        assert!(out.contains(vmi), "{vmi} missing:\n{out}");
    }
    assert!(
        out.contains("README.txt: not YAML, JSON or a container log"),
        "{out}"
    );
    let v = json(&dir);
    assert_eq!(v["layout"], "export");
    let (vmis, issues) = vmis_and_issues(&v);
    assert_eq!(vmis, ["prod/web-1", "prod/db-1"]);
    assert_eq!(issues, ["no_kvm worker-b"]);
}

#[test]
fn a_must_gather_reports_every_vmi_and_virt_handler_down() {
    let dir = fixture("must-gather");
    let (out, _, code) = diagnose(&dir, false);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("read as a must-gather"), "{out}");
    for want in [
        "== prod/db-1",
        "== prod/web-1",
        // The VMI's own verdict: Failed with reason NodeUnresponsive is final
        // (`pkg/virt-controller/watch/node/node.go`).
        "status.reason = NodeUnresponsive",
        "KubeVirt marked the VMI Failed",
        "virt-handler pod kubevirt/virt-handler-7x2kq is down on node worker-b",
        "virt-handler on node worker-b has stopped its heartbeat",
        "Node worker-b is marked unschedulable for VMIs",
        "logs/current.log:3 virt-handler error",
        "nil pointer dereference",
    ] {
        assert!(out.contains(want), "{want} missing:\n{out}");
    }
    let v = json(&dir);
    assert_eq!(v["layout"], "must_gather");
    let (vmis, issues) = vmis_and_issues(&v);
    assert_eq!(vmis, ["prod/db-1", "prod/web-1"]);
    assert_eq!(
        issues,
        [
            "handler_unschedulable worker-b",
            "handler_heartbeat_stale worker-b",
            "handler_pod_down worker-b"
        ]
    );
    assert_eq!(v["log_errors"][0]["component"], "virt-handler");
}

#[test]
fn a_harvester_support_bundle_reports_every_vmi_and_both_cluster_findings() {
    let dir = fixture("harvester");
    let (out, _, code) = diagnose(&dir, false);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("read as a Harvester support bundle"), "{out}");
    for want in [
        "== default/vm1",
        "== default/vm2",
        "Node harvester-2 offers no KVM device",
        "virt-handler pod harvester-system/virt-handler-fghij is down on node harvester-2",
        "virt-handler.log:1 virt-handler error: Synchronizing the VirtualMachineInstance failed.",
        "metadata.yaml: holds no kind Strata reads",
    ] {
        assert!(out.contains(want), "{want} missing:\n{out}");
    }
    let v = json(&dir);
    assert_eq!(v["layout"], "harvester_support_bundle");
    let (vmis, issues) = vmis_and_issues(&v);
    assert_eq!(vmis, ["default/vm1", "default/vm2"]);
    assert_eq!(
        issues,
        ["no_kvm harvester-2", "handler_pod_down harvester-2"]
    );
    let logs: Vec<&str> = v["files"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["read"] == "log")
        .map(|f| f["path"].as_str().unwrap())
        .collect();
    assert_eq!(
        logs,
        [
            "logs/default/virt-launcher-vm1-x7k2p/compute.log",
            "logs/harvester-system/virt-handler-fghij/virt-handler.log"
        ]
    );
}

#[test]
fn a_missing_folder_exits_two_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-bundle");
    let (out, err, code) = diagnose(&missing, false);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("no-such-bundle"), "{err}");
    assert!(err.contains("No such file"), "{err}");
}

#[test]
fn huge_binary_unreadable_and_linked_files_are_skipped_with_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::copy(fixture("export/vmis.yaml"), root.join("vmis.yaml")).unwrap();
    // Larger than the 16 MiB a file may have.
    let huge = format!("kind: List\nitems: []\n#{}\n", "x".repeat(17 << 20));
    std::fs::write(root.join("huge.yaml"), huge).unwrap();
    std::fs::write(root.join("image.qcow2.yaml"), b"QFI\xfb\x00\x00\x00\x03").unwrap();
    std::fs::write(root.join("logs.tar.gz"), b"\x1f\x8b\x08\x00rest").unwrap();
    let locked = root.join("locked.yaml");
    std::fs::write(&locked, "kind: Node\nmetadata: {name: n}\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    // Root reads any file: then the locked file is read like any other.
    let locked_is_unreadable = std::fs::read(&locked).is_err();
    std::os::unix::fs::symlink("/etc", root.join("etc-link")).unwrap();

    let (out, err, code) = diagnose(root, false);
    // One VMI degraded, none broken, no cluster finding.
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("== prod/web-1") && out.contains("== prod/db-1"),
        "{out}"
    );
    for want in [
        "huge.yaml: too large (17 MiB; at most 16 MiB per file are read)",
        "image.qcow2.yaml: binary file ignored",
        "logs.tar.gz: binary file ignored (gzip-compressed: unpack it first)",
        "etc-link: symbolic link not followed",
    ] {
        assert!(out.contains(want), "{want} missing:\n{out}");
    }
    if locked_is_unreadable {
        assert!(
            out.contains("locked.yaml: cannot read: Permission denied"),
            "{out}"
        );
    }
    let v: serde_json::Value = serde_json::from_str(&diagnose(root, true).0).unwrap();
    let ignored = v["files"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["read"] == "ignored")
        .count();
    assert_eq!(ignored, 4 + usize::from(locked_is_unreadable));
}

#[test]
fn a_folder_with_nothing_readable_exits_two() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("notes.txt"), "the VM is slow").unwrap();
    let (out, err, code) = diagnose(dir.path(), false);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("0 files with objects, 0 logs, 1 ignored"),
        "{err}"
    );
}
