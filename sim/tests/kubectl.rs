//! kubectl, a real client, against the simulator: `get vmi -A`, `get vmim`, `get pods`, and a
//! watch (`-w`) that must see a change made while it runs.

mod common;

use common::*;
use std::io::Write;
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, BufReader};

fn kubectl_bin() -> String {
    std::env::var("KUBECTL").unwrap_or_else(|_| "kubectl".into())
}

fn kubeconfig(url: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().unwrap();
    write!(
        f,
        "apiVersion: v1\nkind: Config\nclusters:\n- name: sim\n  cluster:\n    server: {url}\ncontexts:\n- name: sim\n  context:\n    cluster: sim\n    user: sim\ncurrent-context: sim\nusers:\n- name: sim\n  user: {{}}\n"
    )
    .unwrap();
    f
}

async fn kubectl(cfg: &tempfile::NamedTempFile, args: &[&str]) -> String {
    let home = tempfile::tempdir().unwrap();
    let out = tokio::time::timeout(
        Duration::from_secs(60),
        tokio::process::Command::new(kubectl_bin())
            .args(args)
            .env("KUBECONFIG", cfg.path())
            .env("HOME", home.path())
            .kill_on_drop(true)
            .output(),
    )
    .await
    .expect("kubectl finished in time")
    .expect("kubectl runs");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "kubectl {args:?} failed: {}\n{stdout}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

fn row<'a>(out: &'a str, first_cols: &[&str]) -> Option<Vec<&'a str>> {
    out.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .find(|cols| cols.len() >= first_cols.len() && cols[..first_cols.len()] == *first_cols)
}

#[tokio::test]
async fn kubectl_gets_vmis_vmims_and_pods() {
    let sim = start_manual("demo").await;
    let cfg = kubeconfig(&sim.url());
    let out = kubectl(&cfg, &["get", "vmi", "-A"]).await;
    let header: Vec<&str> = out.lines().next().unwrap().split_whitespace().collect();
    assert_eq!(
        header,
        [
            "NAMESPACE",
            "NAME",
            "AGE",
            "PHASE",
            "IP",
            "NODENAME",
            "READY"
        ]
    );
    let web = row(&out, &["prod", "web-frontend-1"]).expect("web-frontend-1 listed");
    let (_, vmi) = get(
        &sim,
        "/apis/kubevirt.io/v1/namespaces/prod/virtualmachineinstances/web-frontend-1",
    )
    .await;
    assert_eq!(web[3], "Running");
    assert_eq!(
        web[4],
        vmi["status"]["interfaces"][0]["ipAddress"]
            .as_str()
            .unwrap()
    );
    assert_eq!(web[5], vmi["status"]["nodeName"].as_str().unwrap());
    assert_eq!(web[6], "True");
    let paused = row(&out, &["staging", "qa-sandbox"]).unwrap();
    assert_eq!(paused[paused.len() - 1], "False");
    let wide = kubectl(&cfg, &["get", "vmis", "-n", "staging", "-o", "wide"]).await;
    assert!(wide.lines().next().unwrap().contains("LIVE-MIGRATABLE"));

    // A migration in flight shows in `get vmim` with its phase and VMI.
    let name = sim.migrate("prod", "web-frontend-1", "long").unwrap();
    sim.advance(20.0);
    let out = kubectl(&cfg, &["get", "vmim", "-n", "prod"]).await;
    let header: Vec<&str> = out.lines().next().unwrap().split_whitespace().collect();
    assert_eq!(header, ["NAME", "PHASE", "VMI"]);
    assert_eq!(
        row(&out, &[name.as_str()]).unwrap()[1..],
        ["Running", "web-frontend-1"]
    );

    // Pods: both launcher pods of the migrating VMI are Running.
    let out = kubectl(
        &cfg,
        &[
            "get",
            "pods",
            "-n",
            "prod",
            "-l",
            "vm.kubevirt.io/name=web-frontend-1",
        ],
    )
    .await;
    let pods: Vec<&str> = out.lines().skip(1).collect();
    assert_eq!(pods.len(), 2, "{out}");
    assert!(
        pods.iter()
            .all(|l| l.contains("Running") && l.starts_with("virt-launcher-web-frontend-1-"))
    );
    let json = kubectl(
        &cfg,
        &[
            "get",
            "pods",
            "-n",
            "prod",
            "-l",
            "kubevirt.io=virt-launcher",
            "-o",
            "json",
        ],
    )
    .await;
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(v["items"].as_array().unwrap().len() >= 10);
}

async fn next(
    lines: &mut tokio::io::Lines<BufReader<tokio::process::ChildStdout>>,
) -> Option<String> {
    tokio::time::timeout(Duration::from_secs(30), lines.next_line())
        .await
        .ok()
        .and_then(|r| r.ok())
        .flatten()
}

#[tokio::test]
async fn kubectl_watch_sees_a_change() {
    let sim = start_manual("demo").await;
    let cfg = kubeconfig(&sim.url());
    let home = tempfile::tempdir().unwrap();
    let mut child = tokio::process::Command::new(kubectl_bin())
        .args(["get", "vmi", "-n", "prod", "-w"])
        .env("KUBECONFIG", cfg.path())
        .env("HOME", home.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("kubectl runs");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    // The header and the current VMIs.
    let header = next(&mut lines).await.expect("header");
    assert!(header.starts_with("NAME"), "{header}");
    let mut seen = 0;
    while seen < 3 {
        let l = next(&mut lines).await.expect("initial rows");
        assert!(l.contains("Running") || l.contains("Failed"), "{l}");
        seen += 1;
    }
    // Give kubectl time to finish listing and open its watch, then change a VMI.
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert!(sim.set_vmi_phase("prod", "postgres-primary", "Failed"));
    let mut found = false;
    for _ in 0..40 {
        let Some(l) = next(&mut lines).await else {
            break;
        };
        let cols: Vec<&str> = l.split_whitespace().collect();
        if cols.first() == Some(&"postgres-primary") && cols.get(2) == Some(&"Failed") {
            found = true;
            break;
        }
    }
    child.kill().await.ok();
    assert!(found, "kubectl -w showed the phase change");
}

/// `kubectl create` of a VMIM, then of a second one while the first is in flight: kubectl prints
/// the webhook's denial as the API server returns it (KubeVirt
/// `migration-create-admitter.go`), as in kubevirt issue #2495: `Error from server: error when
/// creating "...": admission webhook "migration-create-validator.kubevirt.io" denied the
/// request: in-flight migration detected. ...`.
#[tokio::test]
async fn kubectl_create_of_a_second_vmim_is_denied_by_the_webhook() {
    let sim = start_manual("demo").await;
    let cfg = kubeconfig(&sim.url());
    let file = |name: &str| {
        let mut f = tempfile::NamedTempFile::new().unwrap();
        write!(
            f,
            "apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstanceMigration\nmetadata:\n  name: {name}\n  namespace: prod\nspec:\n  vmiName: web-frontend-1\n"
        )
        .unwrap();
        f
    };
    let first = file("mig-1");
    // The simulator serves no OpenAPI documents, so kubectl's client-side validation is off.
    let create = |f: &tempfile::NamedTempFile| {
        [
            "create",
            "--validate=false",
            "-f",
            f.path().to_str().unwrap(),
        ]
        .map(String::from)
    };
    let args = create(&first);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = kubectl(&cfg, &args).await;
    assert!(out.contains("mig-1 created"), "{out}");
    let second = file("mig-2");
    let home = tempfile::tempdir().unwrap();
    let out = tokio::process::Command::new(kubectl_bin())
        .args(create(&second))
        .env("KUBECONFIG", cfg.path())
        .env("HOME", home.path())
        .output()
        .await
        .expect("kubectl runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(
        stderr.contains(concat!(
            "admission webhook \"migration-create-validator.kubevirt.io\" denied the request: ",
            "in-flight migration detected. Active migration job ("
        )) && stderr.contains(") is currently already in progress for VMI web-frontend-1."),
        "{stderr}"
    );
    eprintln!("{stderr}");
}
