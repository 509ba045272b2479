//! The deploy manifests: they parse, the ClusterRole is read-only and grants exactly what the
//! proxy allowlist and the watches need, and the Deployment runs `strata serve` with probes.

use backend::proxy::ALLOWLIST;
use std::collections::BTreeSet;
use std::path::Path;

fn docs(file: &str) -> Vec<serde_json::Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../deploy")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    serde_saphyr::from_multiple::<serde_json::Value>(&text)
        .unwrap()
        .into_iter()
        .filter(|v| !v.is_null())
        .collect()
}

fn kind<'a>(docs: &'a [serde_json::Value], k: &str) -> Vec<&'a serde_json::Value> {
    docs.iter()
        .filter(|d| d["kind"].as_str() == Some(k))
        .collect()
}

fn strs(v: &serde_json::Value) -> Vec<String> {
    v.as_array()
        .map(|s| {
            s.iter()
                .filter_map(|x| x.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn rbac_grants_exactly_the_allowlist_and_only_reads() {
    let docs = docs("rbac.yaml");
    let roles = kind(&docs, "ClusterRole");
    assert_eq!(roles.len(), 1);
    let mut granted = BTreeSet::new();
    for rule in roles[0]["rules"].as_array().unwrap() {
        let verbs = strs(&rule["verbs"]);
        for v in &verbs {
            assert!(
                matches!(v.as_str(), "get" | "list" | "watch"),
                "write verb {v}"
            );
        }
        assert!(rule.get("nonResourceURLs").is_none());
        assert!(rule.get("resourceNames").is_none());
        for g in strs(&rule["apiGroups"]) {
            assert_ne!(g, "*");
            for r in strs(&rule["resources"]) {
                assert_ne!(r, "*");
                for v in &verbs {
                    granted.insert((g.clone(), r.clone(), v.clone()));
                }
            }
        }
    }
    let wanted: BTreeSet<(String, String, String)> = ALLOWLIST
        .iter()
        .flat_map(|(g, r, vs)| {
            vs.iter()
                .map(move |v| (g.to_string(), r.to_string(), v.to_string()))
        })
        .collect();
    assert_eq!(granted, wanted);
    // Every watched kind is readable.
    for k in backend::watch::Kind::ALL {
        let ar = k.resource();
        for v in ["list", "watch"] {
            assert!(
                granted.contains(&(ar.group.clone(), ar.plural.clone(), v.into())),
                "{} {v}",
                ar.plural
            );
        }
    }
    let binding = kind(&docs, "ClusterRoleBinding");
    assert_eq!(binding[0]["roleRef"]["name"], roles[0]["metadata"]["name"]);
    let sa = kind(&docs, "ServiceAccount");
    assert_eq!(binding[0]["subjects"][0]["name"], sa[0]["metadata"]["name"]);
}

#[test]
fn deployment_runs_strata_with_probes_and_a_network_policy() {
    let docs = docs("deployment.yaml");
    let dep = kind(&docs, "Deployment");
    let pod = &dep[0]["spec"]["template"]["spec"];
    assert_eq!(pod["serviceAccountName"], "strata");
    let c = &pod["containers"][0];
    let args = strs(&c["args"]);
    assert_eq!(args[0], "serve");
    assert!(args.iter().any(|a| a.starts_with("--listen=0.0.0.0:")));
    assert!(args.iter().any(|a| a == "--auth=token"));
    assert_eq!(c["readinessProbe"]["httpGet"]["path"], "/readyz");
    assert_eq!(c["livenessProbe"]["httpGet"]["path"], "/healthz");
    assert_eq!(c["securityContext"]["allowPrivilegeEscalation"], false);
    assert_eq!(kind(&docs, "Service").len(), 1);
    let np = kind(&docs, "NetworkPolicy");
    assert_eq!(strs(&np[0]["spec"]["policyTypes"]), ["Ingress", "Egress"]);
}

/// The port number `name` of container `c`.
fn port(c: &serde_json::Value, name: &str) -> u64 {
    c["ports"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == name)
        .and_then(|p| p["containerPort"].as_u64())
        .unwrap_or_else(|| panic!("no port {name}"))
}

#[test]
fn probes_use_the_operator_listener() {
    for file in ["deployment.yaml", "single-user.yaml"] {
        let docs = docs(file);
        let c = &kind(&docs, "Deployment")[0]["spec"]["template"]["spec"]["containers"][0];
        let args = strs(&c["args"]);
        let operator = port(c, "operator");
        assert!(
            args.contains(&format!("--metrics-listen=0.0.0.0:{operator}")),
            "{file}: {args:?}"
        );
        for probe in ["readinessProbe", "livenessProbe"] {
            assert_eq!(c[probe]["httpGet"]["port"], "operator", "{file} {probe}");
        }
    }
}

#[test]
fn the_single_user_manifest_has_no_ingress_and_listens_on_loopback() {
    let docs = docs("single-user.yaml");
    assert!(kind(&docs, "Ingress").is_empty());
    let svc = kind(&docs, "Service");
    assert_eq!(svc.len(), 1);
    assert_eq!(svc[0]["spec"]["type"], "ClusterIP");
    let pod = &kind(&docs, "Deployment")[0]["spec"]["template"]["spec"];
    assert_eq!(pod["serviceAccountName"], "strata");
    let c = &pod["containers"][0];
    let args = strs(&c["args"]);
    assert_eq!(args[0], "serve");
    assert!(
        args.iter().any(|a| a.starts_with("--listen=127.0.0.1:")),
        "{args:?}"
    );
    assert!(
        !args.iter().any(|a| a.starts_with("--auth")),
        "local mode: {args:?}"
    );
    assert!(!args.iter().any(|a| a == "--unsafe-shared-local"));
    assert!(!args.iter().any(|a| a == "--enable-k8s-proxy"));
    // Nothing but Prometheus reaches the pod, and only on the operator port.
    let np = kind(&docs, "NetworkPolicy");
    let ingress = np[0]["spec"]["ingress"].as_array().unwrap();
    for rule in ingress {
        for p in rule["ports"].as_array().unwrap() {
            assert_eq!(p["port"].as_u64(), Some(port(c, "operator")));
        }
    }
}
