//! kubectl on the real API server: the simulator's demo mix on its manual clock, mirrored into
//! a real kube-apiserver (`strata sim --apiserver`), read with kubectl from both servers
//! (`sim/tests/kubectl.rs` asks the simulator alone). `get vmi`, `get vmi -o wide`, `get vmim`
//! (KubeVirt's printer columns), `get pods` and `get nodes` (Kubernetes' own printers), `-o yaml`
//! and `describe` show the same on both, but what each server stamps itself (ages, uids,
//! versions, creation times, managed fields); and `get -w` on the real server sees a change the
//! simulator makes. Where they differ the real server is right.

mod common;

use common::world::{caught_up, mirrored};
use serde_json::Value;
use std::collections::BTreeSet;
use std::io::Write;
use std::path::Path;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, BufReader};

/// The simulator imitates Kubernetes v1.33 (its `/version`), where the PodTopologyLabelsAdmission
/// feature (a pod's Binding copies its node's `topology.kubernetes.io/*` labels onto the pod) is
/// alpha and off; this kube-apiserver is v1.36, where it is beta and on
/// (`pkg/features/kube_features.go`). Off here, so that the launcher pods are labelled alike.
const AS_THE_SIMULATOR: &[&str] = &["--feature-gates=PodTopologyLabelsAdmission=false"];

/// A kubeconfig naming the simulator (it asks for no credentials).
fn sim_kubeconfig(url: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().unwrap();
    write!(
        f,
        "apiVersion: v1\nkind: Config\nclusters:\n- name: sim\n  cluster:\n    server: {url}\ncontexts:\n- name: sim\n  context:\n    cluster: sim\n    user: sim\ncurrent-context: sim\nusers:\n- name: sim\n  user: {{}}\n"
    )
    .unwrap();
    f
}

/// kubectl's output with `kubeconfig`; fails when kubectl does.
async fn kubectl(kubeconfig: &Path, args: &[&str]) -> String {
    let home = tempfile::tempdir().unwrap();
    let out = tokio::time::timeout(
        Duration::from_secs(60),
        tokio::process::Command::new("kubectl")
            .arg("--kubeconfig")
            .arg(kubeconfig)
            .args(args)
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

/// A kubectl table: its header, and its rows (sorted) without the AGE column, which counts from
/// each server's own clock.
fn table(out: &str) -> (Vec<String>, BTreeSet<Vec<String>>) {
    let mut lines = out.lines().map(|l| {
        l.split_whitespace()
            .map(String::from)
            .collect::<Vec<String>>()
    });
    let header = lines.next().unwrap_or_default();
    let age = header.iter().position(|c| c == "AGE");
    let rows = lines
        .map(|mut cells| {
            if let Some(i) = age.filter(|i| *i < cells.len()) {
                cells.remove(i);
            }
            cells
        })
        .collect();
    (header, rows)
}

/// The same kubectl command against the simulator and the real server.
struct Both<'a> {
    sim: &'a Path,
    real: &'a Path,
}

impl Both<'_> {
    async fn get(&self, args: &[&str]) -> (String, String) {
        (
            kubectl(self.sim, args).await,
            kubectl(self.real, args).await,
        )
    }

    /// The tables of `kubectl get ...` agree; answers the real server's.
    async fn same_table(&self, args: &[&str]) -> (Vec<String>, BTreeSet<Vec<String>>) {
        let (sim, real) = self.get(args).await;
        let (want, got) = (table(&sim), table(&real));
        assert_eq!(
            got, want,
            "kubectl {args:?}: the real server (left) and the simulator (right)\n{real}\n{sim}"
        );
        got
    }
}

/// Metadata each server stamps itself, and what names other objects by uid.
const STAMPED: &[&str] = &[
    "uid",
    "resourceVersion",
    "creationTimestamp",
    "generation",
    "managedFields",
];

/// `-o yaml` read as JSON (kubectl's YAML is JSON's data).
fn object(yaml: &str) -> Value {
    serde_saphyr::from_str(yaml).unwrap()
}

/// `v` without [`STAMPED`] metadata.
fn unstamped(mut v: Value) -> Value {
    if let Some(m) = v["metadata"].as_object_mut() {
        for k in STAMPED {
            m.remove(*k);
        }
    }
    v
}

/// Whether `w` is shaped like a uid (8-4-4-4-12 hex digits), with a trailing `:` or not.
fn is_uid(w: &str) -> bool {
    let parts: Vec<&str> = w.trim_end_matches(':').split('-').collect();
    parts.iter().map(|p| p.len()).eq([8, 4, 4, 4, 12])
        && parts
            .iter()
            .all(|p| p.chars().all(|c| c.is_ascii_hexdigit()))
}

/// Whether `w` is an age as kubectl prints one (`6s`, `4d10h`).
fn is_age(w: &str) -> bool {
    !w.is_empty()
        && w.chars().all(|c| c.is_ascii_digit() || "smhdy".contains(c))
        && w.starts_with(|c: char| c.is_ascii_digit())
        && w.ends_with(|c: char| !c.is_ascii_digit())
}

/// The lines of `kubectl describe` but those naming what each server stamps (its uid, version,
/// creation time, generation, managed fields), with uids masked (the mirror renames references
/// to the real server's uids: `status.activePods` keys, a migration's uid) and ages too (a pod's
/// age on its node's page counts from the server's clock), and a run of lines keyed by uids
/// sorted (their order follows the uids).
///
/// A node's `Lease:` line is left out: the simulator serves no `coordination.k8s.io` API (its
/// answer is a 404 for the path), the real server here has no kubelet to keep a node's Lease
/// (its answer is a 404 for the Lease); a real cluster's node has one.
fn described(out: &str) -> Vec<String> {
    let stamped = [
        "Creation Timestamp:",
        "CreationTimestamp:",
        "Lease:",
        "Resource Version:",
        "UID:",
        "Uid:",
        "Generation:",
        "Manager:",
        "Operation:",
        "Time:",
        "Fields Type:",
        "Managed Fields:",
    ];
    let mut lines: Vec<String> = out
        .lines()
        .filter(|l| !stamped.iter().any(|s| l.trim_start().starts_with(s)))
        .map(|l| {
            // A uid is a word, or a label's value (`kubevirt.io/created-by=<uid>`).
            l.split(' ')
                .map(|w| {
                    w.split('=')
                        .map(|p| match p {
                            p if is_uid(p) => "<uid>",
                            p if is_age(p) => "<age>",
                            p => p,
                        })
                        .collect::<Vec<_>>()
                        .join("=")
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let keyed = |l: &String| l.trim_start().starts_with("<uid>");
    let mut i = 0;
    while i < lines.len() {
        let run = lines[i..].iter().take_while(|l| keyed(l)).count();
        lines[i..i + run].sort();
        i += run.max(1);
    }
    lines
}

#[tokio::test]
async fn kubectl_shows_the_same_on_the_real_server_as_on_the_simulator() {
    let Some(server) = apiserver_harness::shared_with(AS_THE_SIMULATOR) else {
        return;
    };
    let sim = mirrored(server, "demo", "manual").await;
    let sim_config = sim_kubeconfig(&sim.url());
    let both = Both {
        sim: sim_config.path(),
        real: &server.kubeconfig,
    };

    // KubeVirt's printer columns, as `sim/tests/kubectl.rs` reads them from the simulator.
    let (header, rows) = both.same_table(&["get", "vmi", "-A"]).await;
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
    assert!(rows.len() > 5, "the demo's VMIs: {rows:?}");
    let web = rows
        .iter()
        .find(|r| r[..2] == ["prod", "web-frontend-1"])
        .expect("web-frontend-1 listed");
    assert_eq!((web[2].as_str(), web[5].as_str()), ("Running", "True"));
    let (header, _) = both
        .same_table(&["get", "vmis", "-n", "staging", "-o", "wide"])
        .await;
    assert!(
        header.contains(&"LIVE-MIGRATABLE".to_string()),
        "{header:?}"
    );
    both.same_table(&["get", "vmi", "-A", "-o", "wide"]).await;
    both.same_table(&["get", "vm", "-A"]).await;
    both.same_table(&["get", "vm", "-A", "-o", "wide"]).await;

    // A migration in flight, in `get vmim` with its phase and VMI.
    let name = sim.migrate("prod", "web-frontend-1", "long").unwrap();
    sim.advance(20.0);
    caught_up(&sim).await;
    let (header, rows) = both.same_table(&["get", "vmim", "-n", "prod"]).await;
    assert_eq!(header, ["NAME", "PHASE", "VMI"]);
    assert!(
        rows.contains(&vec![
            name.clone(),
            "Running".into(),
            "web-frontend-1".into()
        ]),
        "{rows:?}"
    );
    both.same_table(&["get", "vmim", "-A", "-o", "wide"]).await;
    // Kubernetes' own pod table: both launcher pods of the migrating VMI, Running.
    let (_, pods) = both
        .same_table(&[
            "get",
            "pods",
            "-n",
            "prod",
            "-l",
            "vm.kubevirt.io/name=web-frontend-1",
            "-o",
            "wide",
        ])
        .await;
    assert_eq!(pods.len(), 2, "{pods:?}");
    both.same_table(&["get", "pods", "-A", "-o", "wide"]).await;
    both.same_table(&["get", "nodes", "-o", "wide"]).await;

    // The whole object, as stored: the real server's holds what the mirror wrote for the
    // simulator's (references renamed to the real uids), and adds only defaults.
    let mirror = sim.mirror().unwrap();
    let path = ["get", "vmi", "-n", "prod", "web-frontend-1", "-o", "yaml"];
    let (sim_yaml, real_yaml) = both.get(&path).await;
    let mut lost = Vec::new();
    common::lost(
        &unstamped(mirror.as_written(&object(&sim_yaml))),
        &unstamped(object(&real_yaml)),
        "",
        &mut lost,
    );
    assert!(lost.is_empty(), "-o yaml: {lost:#?}\n{real_yaml}");

    // `describe`: the same lines but what each server stamps.
    let (_, vms) = sim.store().list(&sim::resources::VM, Some("prod"));
    let vm = vms[0]["metadata"]["name"].as_str().unwrap().to_string();
    let (_, pods) = sim.store().list(&sim::resources::POD, Some("prod"));
    let pod = pods[0]["metadata"]["name"].as_str().unwrap().to_string();
    for args in [
        ["describe", "vmi", "-n", "prod", "web-frontend-1"],
        ["describe", "vm", "-n", "prod", &vm],
        ["describe", "vmim", "-n", "prod", &name],
        ["describe", "pod", "-n", "prod", &pod],
        ["describe", "node", "worker-1", "", ""],
    ] {
        let args: Vec<&str> = args.into_iter().filter(|a| !a.is_empty()).collect();
        let (sim_out, real_out) = both.get(&args).await;
        assert_eq!(
            described(&real_out),
            described(&sim_out),
            "kubectl {args:?}: the real server (left) and the simulator (right)"
        );
    }

    // `kubectl get -w` on the real server sees a change the simulator makes (and mirrors).
    let home = tempfile::tempdir().unwrap();
    let mut watch = tokio::process::Command::new("kubectl")
        .arg("--kubeconfig")
        .arg(&server.kubeconfig)
        .args(["get", "vmi", "-n", "prod", "-w"])
        .env("HOME", home.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("kubectl runs");
    let mut lines = BufReader::new(watch.stdout.take().unwrap()).lines();
    let mut next = async || {
        tokio::time::timeout(Duration::from_secs(30), lines.next_line())
            .await
            .ok()
            .and_then(|l| l.ok())
            .flatten()
    };
    let cells = |l: &str| l.split_whitespace().map(String::from).collect::<Vec<_>>();
    // The listing first (its row of postgres-primary, Running), then the change.
    while let Some(l) = next().await {
        if cells(&l).first().map(String::as_str) == Some("postgres-primary") {
            assert_eq!(cells(&l)[2], "Running", "{l}");
            break;
        }
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert!(sim.set_vmi_phase("prod", "postgres-primary", "Failed"));
    let mut seen = Vec::new();
    while let Some(l) = next().await {
        let c = cells(&l);
        seen.push(l);
        if c.first().map(String::as_str) == Some("postgres-primary") && c[2] == "Failed" {
            return;
        }
    }
    panic!("kubectl -w on the real server showed the phase change: {seen:#?}");
}
