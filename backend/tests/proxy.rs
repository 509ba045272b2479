//! The Kubernetes API proxy against the simulator: allowed reads (including a watch) are
//! forwarded; every request in a table of attacks is refused before anything reaches the API
//! server. Attacks are sent as raw HTTP so no client library normalises them first.

mod common;

use common::*;
use std::sync::atomic::Ordering;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Sends one raw HTTP/1.1 request; returns the status code and the head of the body.
async fn raw(addr: std::net::SocketAddr, method: &str, target: &str, extra: &str) -> (u16, String) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "{method} {target} HTTP/1.1\r\nHost: {addr}\r\n{extra}Content-Length: 0\r\nConnection: close\r\n\r\n"
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    let _ = tokio::time::timeout(std::time::Duration::from_secs(10), s.read_to_end(&mut buf)).await;
    let text = String::from_utf8_lossy(&buf).to_string();
    let code = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (code, text)
}

const SAME_ORIGIN: &str = "Sec-Fetch-Site: same-origin\r\n";

/// (method, request target, extra headers, expected status)
const ATTACKS: &[(&str, &str, &str, u16)] = &[
    // Other resources.
    ("GET", "/k8s/api/v1/secrets", "", 403),
    ("GET", "/k8s/api/v1/namespaces/default/secrets", "", 403),
    (
        "GET",
        "/k8s/api/v1/namespaces/default/secrets/db-password",
        "",
        403,
    ),
    ("GET", "/k8s/api/v1/namespaces/default/configmaps", "", 403),
    ("GET", "/k8s/api/v1/serviceaccounts", "", 403),
    (
        "GET",
        "/k8s/apis/rbac.authorization.k8s.io/v1/clusterroles",
        "",
        403,
    ),
    ("GET", "/k8s/apis/kubevirt.io/v1/kubevirts", "", 403),
    ("GET", "/k8s/apis", "", 403),
    ("GET", "/k8s/api/v1", "", 403),
    // Dangerous subresources of allowed kinds.
    (
        "GET",
        "/k8s/api/v1/namespaces/default/pods/virt-launcher-healthy/log",
        "",
        403,
    ),
    (
        "GET",
        "/k8s/api/v1/namespaces/default/pods/virt-launcher-healthy/exec",
        "",
        403,
    ),
    ("GET", "/k8s/api/v1/nodes/worker-1/proxy", "", 403),
    ("GET", "/k8s/api/v1/nodes/worker-1/proxy/metrics", "", 403),
    (
        "GET",
        "/k8s/apis/subresources.kubevirt.io/v1/namespaces/default/virtualmachineinstances/healthy/console",
        "",
        403,
    ),
    (
        "GET",
        "/k8s/apis/subresources.kubevirt.io/v1/namespaces/default/virtualmachineinstances/healthy/vnc",
        "",
        403,
    ),
    (
        "GET",
        "/k8s/apis/subresources.kubevirt.io/v1/namespaces/default/virtualmachineinstances/healthy/portforward/22",
        "",
        403,
    ),
    (
        "GET",
        "/k8s/apis/kubevirt.io/v1/namespaces/default/virtualmachineinstances/healthy/status",
        "",
        403,
    ),
    // Traversal, encodings, empty segments, other hosts.
    (
        "GET",
        "/k8s/api/v1/namespaces/default/../../../api/v1/secrets",
        "",
        403,
    ),
    (
        "GET",
        "/k8s/api/v1/namespaces/default/pods/../secrets",
        "",
        403,
    ),
    (
        "GET",
        "/k8s/api/v1/namespaces/default/pods/..%2f..%2fsecrets",
        "",
        403,
    ),
    ("GET", "/k8s/api/v1/namespaces%2fdefault%2fsecrets", "", 403),
    ("GET", "/k8s/api/v1/namespaces/default/%73ecrets", "", 403),
    ("GET", "/k8s/api/v1/namespaces/default/pods/%2e%2e", "", 403),
    ("GET", "/k8s/api/v1/./pods", "", 403),
    ("GET", "/k8s/api/v1/pods/", "", 403),
    ("GET", "/k8s//api/v1/pods", "", 403),
    ("GET", "/k8s//evil.example/api/v1/pods", "", 403),
    ("GET", "/k8s/http://evil.example/api/v1/pods", "", 403),
    ("GET", "/k8s/api/v1/namespaces/Default/pods", "", 403),
    ("GET", "http://evil.example/k8s/api/v1/pods", "", 403),
    ("GET", "/k8s/api/v1/pods?watch=true&dryRun=All", "", 403),
    ("GET", "/k8s/api/v1/pods?impersonate-user=admin", "", 403),
    ("GET", "/k8s/version", "", 404),
    ("GET", "/k8s/healthz", "", 404),
    // Other verbs, with and without a same-origin marker (CSRF check first, then the verb).
    (
        "DELETE",
        "/k8s/api/v1/namespaces/default/pods/virt-launcher-healthy",
        SAME_ORIGIN,
        405,
    ),
    (
        "POST",
        "/k8s/api/v1/namespaces/default/pods",
        SAME_ORIGIN,
        405,
    ),
    (
        "PUT",
        "/k8s/apis/subresources.kubevirt.io/v1/namespaces/default/virtualmachineinstances/healthy/pause",
        SAME_ORIGIN,
        405,
    ),
    (
        "PATCH",
        "/k8s/apis/kubevirt.io/v1/namespaces/default/virtualmachineinstances/healthy",
        SAME_ORIGIN,
        405,
    ),
    ("HEAD", "/k8s/api/v1/pods", "", 405),
    ("OPTIONS", "/k8s/api/v1/pods", "", 405),
    (
        "DELETE",
        "/k8s/api/v1/namespaces/default/pods/virt-launcher-healthy",
        "",
        403,
    ),
    (
        "PUT",
        "/k8s/apis/subresources.kubevirt.io/v1/namespaces/default/virtualmachineinstances/healthy/pause",
        "Origin: http://evil.example\r\n",
        403,
    ),
];

#[tokio::test]
async fn every_attack_is_refused_and_nothing_is_forwarded() {
    let sim = sim("healthy").await;
    let console = console_k8s(&sim).await;
    all_synced(&console).await;
    let before = console.metrics.proxy_forwarded.load(Ordering::Relaxed);
    let mut failures = Vec::new();
    for (method, target, extra, want) in ATTACKS {
        let (code, text) = raw(console.addr, method, target, extra).await;
        if code != *want {
            failures.push(format!("{method} {target}: got {code}, want {want}"));
        }
        if *method != "HEAD" && !text.contains("\"error\"") {
            failures.push(format!("{method} {target}: no JSON error body: {text}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(
        console.metrics.proxy_forwarded.load(Ordering::Relaxed),
        before,
        "nothing was forwarded"
    );
    // The VMI was not paused and the pod not deleted.
    let (code, vmi) = get_json(
        &console,
        "/k8s/apis/kubevirt.io/v1/namespaces/default/virtualmachineinstances/healthy",
    )
    .await;
    assert_eq!(code, 200);
    let paused = vmi["status"]["conditions"]
        .as_array()
        .is_some_and(|c| c.iter().any(|c| c["type"] == "Paused"));
    assert!(!paused);
}

#[tokio::test]
async fn allowed_reads_and_watches_are_forwarded() {
    let sim = sim("healthy,no-agent").await;
    let console = console_k8s(&sim).await;
    all_synced(&console).await;
    let (code, nodes) = get_json(&console, "/k8s/api/v1/nodes").await;
    assert_eq!(code, 200);
    assert!(!nodes["items"].as_array().unwrap().is_empty());
    let (code, pods) = get_json(
        &console,
        "/k8s/api/v1/namespaces/default/pods?labelSelector=kubevirt.io%3Dvirt-launcher&limit=10",
    )
    .await;
    assert_eq!(code, 200, "{pods}");
    assert!(!pods["items"].as_array().unwrap().is_empty());
    // A guest agent 409 passes through with its Status.
    let (code, status) = get_json(
        &console,
        "/k8s/apis/subresources.kubevirt.io/v1/namespaces/default/virtualmachineinstances/no-agent/guestosinfo",
    )
    .await;
    assert_eq!(code, 409);
    assert!(status["message"].as_str().unwrap().contains("guest agent"));
    // A watch streams.
    let mut res = http()
        .get(format!(
            "{}/k8s/apis/kubevirt.io/v1/namespaces/default/virtualmachineinstances?watch=true",
            console.url()
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let chunk = tokio::time::timeout(std::time::Duration::from_secs(10), res.chunk())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    assert!(String::from_utf8_lossy(&chunk).contains("\"ADDED\""));
    // No header of the caller reaches the API server: a cookie does not break the request.
    let res = http()
        .get(format!("{}/k8s/api/v1/namespaces", console.url()))
        .header("cookie", "strata_session=should-not-be-forwarded")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
}
