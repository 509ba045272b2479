//! `strata diagnose` as a user runs it: the real binary, files and standard input, exit codes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const HEALTHY: &str = r#"
apiVersion: kubevirt.io/v1
kind: VirtualMachineInstance
metadata:
  name: web-1
  namespace: prod
  uid: 11111111-1111-4111-8111-111111111111
spec:
  evictionStrategy: LiveMigrate
status:
  phase: Running
  nodeName: worker-a
  activePods:
    aaaaaaaa-0000-4000-8000-000000000001: worker-a
  conditions:
  - type: Ready
    status: "True"
    lastTransitionTime: "2026-11-30T08:00:00Z"
  - type: LiveMigratable
    status: "True"
  - type: AgentConnected
    status: "True"
    lastProbeTime: "2026-11-30T08:00:10Z"
  interfaces:
  - name: default
    ipAddress: 10.244.1.17
    ipAddresses: [10.244.1.17]
    infoSource: domain, guest-agent
  guestOSInfo:
    id: fedora
    name: Fedora Linux
"#;

const POSTCOPY_LOST: &str = r#"
apiVersion: kubevirt.io/v1
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
    failureReason: "operation failed: migration failed during post-copy"
"#;

const DESCRIBE: &str = "Name:         web-1\nNamespace:    prod\nLabels:       <none>\nAPI Version:  kubevirt.io/v1\nKind:         VirtualMachineInstance\n";

fn strata(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_strata"))
        .arg("diagnose")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run strata");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn healthy_vmi_from_a_file_exits_zero() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("vmi.yaml");
    std::fs::write(&path, HEALTHY).unwrap();
    let out = strata(&[path.to_str().unwrap()], "");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert!(
        text(&out.stdout).contains("prod/web-1"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn irrecoverable_post_copy_from_stdin_exits_one() {
    let out = strata(&["-"], POSTCOPY_LOST);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    let stdout = text(&out.stdout).to_lowercase();
    assert!(
        stdout.contains("prod/db-1") && stdout.contains("irrecoverable"),
        "{stdout}"
    );
}

#[test]
fn json_output_carries_every_vmi() {
    let input = format!("{HEALTHY}\n---\n{POSTCOPY_LOST}");
    let out = strata(&["--json"], &input);
    assert_eq!(out.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    let diagnoses = report["diagnoses"].as_array().expect("diagnoses");
    assert_eq!(diagnoses.len(), 2, "{report:#}");
}

#[test]
fn unreadable_input_and_missing_files_exit_two_with_a_message() {
    // A `kubectl describe` is read now (the paste reader knows its shape): it names the VMI.
    let out = strata(&[], DESCRIBE);
    assert_ne!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("web-1"), "{}", text(&out.stdout));

    let out = strata(&[], "kind: [\n");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("cannot read the input"), "{err}");
    assert!(err.contains("line 1"), "{err}");

    let out = strata(&["/nonexistent/dump.yaml"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("/nonexistent/dump.yaml"));

    let out = strata(&["--now", "yesterday"], HEALTHY);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("RFC 3339"));
}
