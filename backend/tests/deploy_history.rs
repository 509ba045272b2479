//! The history deployments: one replica on a PersistentVolumeClaim (SQLite), and replicas
//! sharing PostgreSQL. Both parse, run `strata serve` with flags it knows, and keep the root
//! filesystem read-only.

use std::path::Path;

fn docs(file: &str) -> Vec<serde_json::Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../deploy/history")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    serde_saphyr::from_multiple::<serde_json::Value>(&text)
        .unwrap()
        .into_iter()
        .filter(|v| !v.is_null())
        .collect()
}

fn one<'a>(docs: &'a [serde_json::Value], kind: &str) -> &'a serde_json::Value {
    let found: Vec<_> = docs.iter().filter(|d| d["kind"] == kind).collect();
    assert_eq!(found.len(), 1, "one {kind}");
    found[0]
}

fn args(deployment: &serde_json::Value) -> Vec<String> {
    let c = &deployment["spec"]["template"]["spec"]["containers"][0];
    assert_eq!(c["securityContext"]["readOnlyRootFilesystem"], true);
    let args: Vec<String> = c["args"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap().to_string())
        .collect();
    assert_eq!(args[0], "serve");
    args
}

/// `strata serve` accepts the flags (checked by its own parser through `--help`'s listing).
fn known(args: &[String]) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_strata"))
        .args(["serve", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    for a in &args[1..] {
        let flag = a.split('=').next().unwrap();
        assert!(help.contains(flag), "strata serve has no {flag}");
    }
}

#[test]
fn one_replica_keeps_sqlite_on_a_volume() {
    let docs = docs("sqlite.yaml");
    let d = one(&docs, "Deployment");
    assert_eq!(d["spec"]["replicas"], 1);
    assert_eq!(d["spec"]["strategy"]["type"], "Recreate");
    let args = args(d);
    known(&args);
    let dir = args
        .iter()
        .find_map(|a| a.strip_prefix("--data-dir="))
        .unwrap();
    let pod = &d["spec"]["template"]["spec"];
    let mount = &pod["containers"][0]["volumeMounts"][0];
    assert_eq!(mount["mountPath"], dir);
    let volume = pod["volumes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["name"] == mount["name"])
        .unwrap();
    let pvc = one(&docs, "PersistentVolumeClaim");
    assert_eq!(
        volume["persistentVolumeClaim"]["claimName"],
        pvc["metadata"]["name"]
    );
}

#[test]
fn replicas_share_postgres() {
    let docs = docs("postgres.yaml");
    let d = one(&docs, "Deployment");
    assert!(d["spec"]["replicas"].as_u64().unwrap() >= 2);
    let args = args(d);
    known(&args);
    assert!(!args.iter().any(|a| a.starts_with("--data-dir")));
    let env = &d["spec"]["template"]["spec"]["containers"][0]["env"][0];
    assert_eq!(env["name"], "STRATA_HISTORY_URL");
    let secret = one(&docs, "Secret");
    let r = &env["valueFrom"]["secretKeyRef"];
    assert_eq!(r["name"], secret["metadata"]["name"]);
    let url = secret["stringData"][r["key"].as_str().unwrap()]
        .as_str()
        .unwrap();
    assert!(url.starts_with("postgres://"));
    let np = one(&docs, "NetworkPolicy");
    assert_eq!(np["spec"]["egress"][0]["ports"][0]["port"], 5432);
}
