//! The Kubernetes API surface: discovery, get, list (selectors, pagination, tables), watch
//! (events, bookmarks, resume, 410, timeout), Status errors.

mod common;

use common::*;
use serde_json::Value;
use std::time::Duration;

#[tokio::test]
async fn discovery_lists_groups_and_resources() {
    let sim = start_manual("demo").await;
    let (code, v) = get(&sim, "/version").await;
    assert_eq!(code, 200);
    assert_eq!(v["major"], "1");
    let (_, apis) = get(&sim, "/apis").await;
    let groups: Vec<&str> = apis["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    for g in [
        "kubevirt.io",
        "subresources.kubevirt.io",
        "authorization.k8s.io",
    ] {
        assert!(groups.contains(&g), "{groups:?}");
    }
    let (_, core) = get(&sim, "/api/v1").await;
    let names: Vec<&str> = core["resources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    for r in ["namespaces", "nodes", "pods", "events"] {
        assert!(names.contains(&r), "{names:?}");
    }
    let (_, kv) = get(&sim, "/apis/kubevirt.io/v1").await;
    let vmi = kv["resources"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "virtualmachineinstances")
        .unwrap();
    assert_eq!(vmi["shortNames"], serde_json::json!(["vmi", "vmis"]));
    assert!(
        kv["resources"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["name"] == "virtualmachineinstancemigrations")
    );
    assert!(
        kv["resources"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["name"] == "virtualmachines/status")
    );
    let (_, sub) = get(&sim, "/apis/subresources.kubevirt.io/v1").await;
    assert!(
        sub["resources"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["name"] == "virtualmachineinstances/guestosinfo")
    );
    let (code, nf) = get(&sim, "/apis/nope.io/v1").await;
    assert_eq!((code, nf["kind"].as_str()), (404, Some("Status")));
}

#[tokio::test]
async fn get_and_not_found_status() {
    let sim = start_manual("demo").await;
    let (code, vmi) = get(
        &sim,
        "/apis/kubevirt.io/v1/namespaces/prod/virtualmachineinstances/web-frontend-1",
    )
    .await;
    assert_eq!(code, 200);
    assert_eq!(vmi["status"]["phase"], "Running");
    let (code, st) = get(
        &sim,
        "/apis/kubevirt.io/v1/namespaces/prod/virtualmachineinstances/missing",
    )
    .await;
    assert_eq!(code, 404);
    assert_eq!(st["reason"], "NotFound");
    assert_eq!(
        st["message"],
        "virtualmachineinstances.kubevirt.io \"missing\" not found"
    );
    assert_eq!(st["details"]["kind"], "virtualmachineinstances");
    let (code, st) = get(&sim, "/api/v1/namespaces/prod/pods/missing").await;
    assert_eq!(
        (code, st["message"].as_str()),
        (404, Some("pods \"missing\" not found"))
    );
    let (code, node) = get(&sim, "/api/v1/nodes/worker-1").await;
    assert_eq!(code, 200);
    assert_eq!(
        node["metadata"]["labels"]["kubevirt.io/schedulable"],
        "true"
    );
    assert_eq!(condition(&node, "Ready").unwrap()["status"], "True");
    assert!(condition(&node, "Ready").unwrap()["lastHeartbeatTime"].is_string());
}

#[tokio::test]
async fn launcher_pods_link_to_their_vmi() {
    let sim = start_manual("demo").await;
    let (_, vmi) = get(
        &sim,
        "/apis/kubevirt.io/v1/namespaces/prod/virtualmachineinstances/web-frontend-1",
    )
    .await;
    let uid = vmi["metadata"]["uid"].as_str().unwrap();
    let (code, pods) = get(&sim, &format!("/api/v1/namespaces/prod/pods?labelSelector=kubevirt.io%3Dvirt-launcher,kubevirt.io/created-by%3D{uid}")).await;
    assert_eq!(code, 200);
    let items = pods["items"].as_array().unwrap();
    assert_eq!(items.len(), 1);
    let pod = &items[0];
    assert_eq!(pod["metadata"]["ownerReferences"][0]["uid"], uid);
    assert_eq!(
        pod["metadata"]["ownerReferences"][0]["kind"],
        "VirtualMachineInstance"
    );
    assert_eq!(pod["status"]["phase"], "Running");
    assert_eq!(
        pod["metadata"]["annotations"]["kubevirt.io/domain"],
        "web-frontend-1"
    );
    let pod_uid = pod["metadata"]["uid"].as_str().unwrap();
    assert_eq!(
        vmi["status"]["activePods"][pod_uid],
        vmi["status"]["nodeName"]
    );
    // Field selector on the node.
    let node = vmi["status"]["nodeName"].as_str().unwrap();
    let (_, on_node) = get(
        &sim,
        &format!("/api/v1/pods?fieldSelector=spec.nodeName%3D{node}"),
    )
    .await;
    let on_node = on_node["items"].as_array().unwrap();
    assert!(!on_node.is_empty());
    assert!(on_node.iter().all(|p| p["spec"]["nodeName"] == node));
    // All launcher pods of the cluster vs. set-based selector excluding one namespace.
    let (_, all) = get(
        &sim,
        "/api/v1/pods?labelSelector=kubevirt.io%3Dvirt-launcher",
    )
    .await;
    let (_, not_prod) = get(&sim, "/api/v1/pods?labelSelector=kubevirt.io%20in%20(virt-launcher),vm.kubevirt.io/name!%3Dweb-frontend-1").await;
    assert_eq!(
        not_prod["items"].as_array().unwrap().len() + 1,
        all["items"].as_array().unwrap().len()
    );
}

#[tokio::test]
async fn events_filter_on_involved_object_and_bad_fields_are_rejected() {
    let sim = start_manual("demo").await;
    let q = "/api/v1/namespaces/staging/events?fieldSelector=involvedObject.kind%3DVirtualMachineInstance,involvedObject.name%3Ddb-restore-test";
    let (code, evs) = get(&sim, q).await;
    assert_eq!(code, 200);
    let items = evs["items"].as_array().unwrap();
    assert!(
        items
            .iter()
            .any(|e| e["reason"] == "SyncFailed" && e["type"] == "Warning"),
        "{items:?}"
    );
    assert!(
        items
            .iter()
            .all(|e| e["involvedObject"]["name"] == "db-restore-test")
    );
    let (code, st) = get(
        &sim,
        "/apis/kubevirt.io/v1/virtualmachineinstances?fieldSelector=status.phase%3DRunning",
    )
    .await;
    assert_eq!(code, 400);
    assert!(
        st["message"]
            .as_str()
            .unwrap()
            .contains("field label not supported: status.phase")
    );
}

#[tokio::test]
async fn list_paginates_with_limit_and_continue() {
    let sim = start_manual("demo").await;
    let (_, all) = get(&sim, "/apis/kubevirt.io/v1/virtualmachineinstances").await;
    let total = all["items"].as_array().unwrap().len();
    assert!(total > 20);
    let mut names = Vec::new();
    let mut cont = String::new();
    let mut pages = 0;
    loop {
        let path = format!("/apis/kubevirt.io/v1/virtualmachineinstances?limit=7&continue={cont}");
        let (code, page) = get(&sim, &path).await;
        assert_eq!(code, 200);
        pages += 1;
        assert_eq!(
            page["metadata"]["resourceVersion"],
            all["metadata"]["resourceVersion"]
        );
        names.extend(
            page["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|o| format!("{}/{}", o["metadata"]["namespace"], o["metadata"]["name"])),
        );
        match page["metadata"]["continue"].as_str() {
            Some(c) => {
                assert!(page["metadata"]["remainingItemCount"].as_u64().unwrap() > 0);
                cont = c.to_string();
            }
            None => break,
        }
    }
    assert_eq!(pages, total.div_ceil(7));
    let expected: Vec<String> = all["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| format!("{}/{}", o["metadata"]["namespace"], o["metadata"]["name"]))
        .collect();
    assert_eq!(names, expected);
    // An expired continue token is 410.
    let (first_page_code, first) =
        get(&sim, "/apis/kubevirt.io/v1/virtualmachineinstances?limit=5").await;
    assert_eq!(first_page_code, 200);
    sim.set_vmi_phase("prod", "web-frontend-2", "Failed");
    sim.expire_resource_versions();
    let c = first["metadata"]["continue"].as_str().unwrap();
    let (code, st) = get(
        &sim,
        &format!("/apis/kubevirt.io/v1/virtualmachineinstances?limit=5&continue={c}"),
    )
    .await;
    assert_eq!((code, st["reason"].as_str()), (410, Some("Expired")));
    // With a token that goes on from the latest version, as kube-apiserver hands out: the rest
    // of the list after the fifth VMI.
    let go_on = st["metadata"]["continue"]
        .as_str()
        .expect("a token in the 410");
    let (code, rest) = get(
        &sim,
        &format!("/apis/kubevirt.io/v1/virtualmachineinstances?continue={go_on}"),
    )
    .await;
    assert_eq!(code, 200, "{rest}");
    let rest: Vec<String> = rest["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| format!("{}/{}", o["metadata"]["namespace"], o["metadata"]["name"]))
        .collect();
    assert_eq!(rest, expected[5..]);
}

#[tokio::test]
async fn tables_carry_kubevirt_printer_columns() {
    let sim = start_manual("demo").await;
    let r = client()
        .get(format!(
            "{}/apis/kubevirt.io/v1/namespaces/staging/virtualmachineinstances",
            sim.url()
        ))
        .header(
            "Accept",
            "application/json;as=Table;v=v1;g=meta.k8s.io,application/json",
        )
        .send()
        .await
        .unwrap();
    let t: Value = r.json().await.unwrap();
    assert_eq!(t["kind"], "Table");
    let cols: Vec<&str> = t["columnDefinitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        cols,
        [
            "Name",
            "Age",
            "Phase",
            "IP",
            "NodeName",
            "Ready",
            "Live-Migratable",
            "Paused"
        ]
    );
    let qa = t["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["cells"][0] == "qa-sandbox")
        .unwrap();
    assert_eq!(qa["cells"][2], "Running");
    assert_eq!(qa["cells"][5], "False");
    assert_eq!(qa["cells"][7], "True");
    assert_eq!(qa["object"]["kind"], "PartialObjectMetadata");
}

#[tokio::test]
async fn watch_streams_changes_and_translates_selector_transitions() {
    let sim = start_manual("demo").await;
    let (_, list) = get(
        &sim,
        "/apis/kubevirt.io/v1/namespaces/prod/virtualmachineinstances",
    )
    .await;
    let rv = list["metadata"]["resourceVersion"]
        .as_str()
        .unwrap()
        .to_string();
    let mut w = WatchReader::open(&sim, &format!("/apis/kubevirt.io/v1/namespaces/prod/virtualmachineinstances?watch=true&resourceVersion={rv}&allowWatchBookmarks=true")).await;
    // A watch on one object by field selector, from the same version.
    let mut one = WatchReader::open(&sim, &format!("/apis/kubevirt.io/v1/virtualmachineinstances?watch=1&resourceVersion={rv}&fieldSelector=metadata.name%3Dapi-gateway")).await;
    // Label selector: only VMIs on worker-3; moving one away must look like DELETED.
    let mut sel = WatchReader::open(&sim, "/apis/kubevirt.io/v1/namespaces/prod/virtualmachineinstances?watch=1&labelSelector=kubevirt.io/nodeName%3Dworker-3").await;
    let mut initial = 0;
    while let Some(ev) = sel.next(Duration::from_millis(300)).await {
        assert_eq!(ev["type"], "ADDED");
        initial += 1;
    }
    assert!(initial >= 1);
    assert!(sim.set_vmi_phase("prod", "api-gateway", "Failed"));
    let ev = w
        .until(Duration::from_secs(10), |e| {
            e["type"] == "MODIFIED" && e["object"]["metadata"]["name"] == "api-gateway"
        })
        .await
        .expect("MODIFIED");
    assert_eq!(ev["object"]["status"]["phase"], "Failed");
    assert!(
        ev["object"]["metadata"]["resourceVersion"]
            .as_str()
            .unwrap()
            .parse::<u64>()
            .unwrap()
            > rv.parse::<u64>().unwrap()
    );
    let ev = one
        .next(Duration::from_secs(10))
        .await
        .expect("event on the one object");
    assert_eq!(ev["object"]["metadata"]["name"], "api-gateway");
    // api-gateway runs on worker-3 in the demo: migrate it away and the selector watch sees DELETED.
    sim.set_vmi_phase("prod", "api-gateway", "Running");
    let name = sim.migrate("prod", "api-gateway", "converge").unwrap();
    assert!(name.starts_with("api-gateway-migration-"));
    sim.advance(120.0);
    let ev = sel
        .until(Duration::from_secs(10), |e| {
            e["object"]["metadata"]["name"] == "api-gateway" && e["type"] != "MODIFIED"
        })
        .await
        .expect("selector transition");
    assert_eq!(ev["type"], "DELETED");
    // Deleting a VM is DELETED on the namespace watch.
    assert!(sim.remove_vm("prod", "web-frontend-2"));
    let ev = w
        .until(Duration::from_secs(10), |e| e["type"] == "DELETED")
        .await
        .expect("DELETED");
    assert_eq!(ev["object"]["metadata"]["name"], "web-frontend-2");
}

#[tokio::test]
async fn watch_resume_410_timeout_and_bookmarks() {
    let sim = start_manual("demo").await;
    let rv = sim.store().resource_version();
    sim.set_vmi_phase("prod", "web-frontend-1", "Failed");
    // Resuming from an old version replays what happened since.
    let mut w = WatchReader::open(
        &sim,
        &format!("/apis/kubevirt.io/v1/virtualmachineinstances?watch=true&resourceVersion={rv}"),
    )
    .await;
    let ev = w.next(Duration::from_secs(5)).await.unwrap();
    assert_eq!(ev["type"], "MODIFIED");
    assert_eq!(ev["object"]["metadata"]["name"], "web-frontend-1");
    // After compaction, the same version is 410 Gone as an ERROR event.
    sim.expire_resource_versions();
    let mut w = WatchReader::open(
        &sim,
        &format!("/apis/kubevirt.io/v1/virtualmachineinstances?watch=true&resourceVersion={rv}"),
    )
    .await;
    let ev = w.next(Duration::from_secs(5)).await.unwrap();
    assert_eq!(ev["type"], "ERROR");
    assert_eq!(ev["object"]["code"], 410);
    assert_eq!(ev["object"]["reason"], "Expired");
    // timeoutSeconds ends the stream.
    let now = sim.store().resource_version();
    let mut w = WatchReader::open(
        &sim,
        &format!("/api/v1/nodes?watch=true&resourceVersion={now}&timeoutSeconds=1"),
    )
    .await;
    let started = std::time::Instant::now();
    assert!(w.next(Duration::from_secs(20)).await.is_none());
    assert!(started.elapsed() < Duration::from_secs(15));
    // sendInitialEvents ends with the initial-events-end bookmark.
    let mut w = WatchReader::open(&sim, "/api/v1/namespaces?watch=true&sendInitialEvents=true&allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan").await;
    let bm = w
        .until(Duration::from_secs(5), |e| e["type"] == "BOOKMARK")
        .await
        .unwrap();
    assert_eq!(
        bm["object"]["metadata"]["annotations"]["k8s.io/initial-events-end"],
        "true"
    );
}

#[tokio::test]
async fn restart_drops_watches_and_answers_503_while_down() {
    let sim = start_manual("demo").await;
    let rv = sim.store().resource_version();
    let mut w = WatchReader::open(
        &sim,
        &format!("/apis/kubevirt.io/v1/virtualmachineinstances?watch=true&resourceVersion={rv}"),
    )
    .await;
    sim.restart_api(Duration::from_secs(3));
    assert!(
        w.next(Duration::from_secs(10)).await.is_none(),
        "the watch ended"
    );
    let (code, st) = get(&sim, "/apis/kubevirt.io/v1/virtualmachineinstances").await;
    assert_eq!(
        (code, st["reason"].as_str()),
        (503, Some("ServiceUnavailable"))
    );
    sim.faults().clear();
    let (code, _) = get(&sim, "/apis/kubevirt.io/v1/virtualmachineinstances").await;
    assert_eq!(code, 200);
    // Slow responses.
    sim.faults().set_slow(Duration::from_millis(400));
    let t = std::time::Instant::now();
    let (code, _) = get(&sim, "/version").await;
    assert_eq!(code, 200);
    assert!(t.elapsed() >= Duration::from_millis(400));
}
