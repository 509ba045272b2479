//! Issue 27, token mode with history on (the demo, recording into SQLite): what history shows is
//! cut at reading time by the same per-kind access reviews as the live pages. A user who may
//! only list VMIs gets, from a VMI's history and its page as recorded, no events, no migration
//! outcomes, no launcher pod names, no node objects and no alert about a node only; the latest
//! changes are chosen among the VMIs the user may list before the limit; the history's counts
//! are only for a user who may list VMIs cluster-wide; and a name no VMI holds now reads no
//! earlier object's history.

mod common;

use backend::history::{self, retention::Bounds};
use backend::run::{Console, Options};
use common::*;
use serde_json::{Value, json};
use std::time::Duration;

/// The page as recorded at or before this time: the newest one.
const FUTURE: &str = "2100-01-01T00:00:00Z";
/// Long enough for the recorder's sweep (every 10 s) to have run a few times.
const WAIT: Duration = Duration::from_secs(90);

fn policy() -> Value {
    let read = ["get", "list", "watch"];
    json!({"users": [
        {"name": "strata", "token": "strata-sa-token", "rules": [{"verbs": read}]},
        // Every VMI, nothing else: no pods, events, migrations, VMs or nodes.
        {"name": "dana", "token": "dana-token", "rules": [
            {"verbs": read, "apiGroups": ["kubevirt.io"], "resources": ["virtualmachineinstances"]}
        ]},
        // The VMIs of staging only.
        {"name": "bob", "token": "bob-token", "rules": [
            {"verbs": read, "apiGroups": ["kubevirt.io"], "resources": ["virtualmachineinstances"],
             "namespaces": ["staging"]}
        ]}
    ]})
}

/// The demo in token mode, recording; `alerts`: with the simulator as Prometheus.
async fn setup(alerts: bool) -> (sim::Sim, Console, tempfile::TempDir, tempfile::TempDir) {
    let data = tempfile::tempdir().unwrap();
    let handle = history::open_handle(None, data.path(), Bounds::default()).await;
    let (sim, console, dir) = token_console(&policy(), |sim| Options {
        prometheus_url: alerts.then(|| sim.url()),
        alerts_poll: Duration::from_millis(200),
        history: Some(handle),
        ..Options::local(None)
    })
    .await;
    (sim, console, dir, data)
}

/// Every VMI `namespace/name` the cookie's user may list.
async fn vmis(console: &Console, cookie: &str) -> Vec<String> {
    let (code, items) = get_as(console, cookie, "/api/v1/vmis").await;
    assert_eq!(code, 200, "{items}");
    items
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            format!(
                "{}/{}",
                s["key"]["namespace"].as_str().unwrap(),
                s["key"]["name"].as_str().unwrap()
            )
        })
        .collect()
}

fn history_path(vmi: &str) -> String {
    format!("/api/v1/vmis/{vmi}/history?from=2000-01-01T00:00:00Z&to={FUTURE}")
}

fn detail_path(vmi: &str, at: &str) -> String {
    format!("/api/v1/vmis/{vmi}/detail?at={at}")
}

fn len(v: &Value) -> usize {
    v.as_array().map_or(0, Vec::len)
}

/// Every finding of a page, as (title, evidence).
fn findings(page: &Value) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    for layer in page["diagnosis"]["layers"].as_array().into_iter().flatten() {
        for f in layer["findings"].as_array().into_iter().flatten() {
            let evidence = f["evidence"].as_array().into_iter().flatten();
            out.push((
                f["title"].as_str().unwrap_or_default().to_string(),
                evidence
                    .filter_map(|e| e.as_str().map(str::to_string))
                    .collect(),
            ));
        }
    }
    out
}

/// The launcher pod names a page shows.
fn pod_names(page: &Value) -> Vec<String> {
    page["pods"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| p["name"].as_str().map(str::to_string))
        .collect()
}

/// Citations of node objects (`node worker-6: conditions[Ready] ...`, model::diagnosis::node).
fn node_citations(page: &Value) -> Vec<String> {
    findings(page)
        .into_iter()
        .flat_map(|(_, e)| e)
        .filter(|e| e.starts_with("node ") && e.contains(": "))
        .collect()
}

/// The first VMI (as `root` reads it) whose answer at `path(vmi)` satisfies `pred`.
async fn find(
    console: &Console,
    root: &str,
    what: &str,
    path: impl Fn(&str) -> String,
    pred: impl Fn(&Value) -> bool,
) -> (String, Value) {
    eventually(WAIT, what, || async {
        for vmi in vmis(console, root).await {
            let (code, v) = get_as(console, root, &path(&vmi)).await;
            if code == 200 && pred(&v) {
                return Some((vmi, v));
            }
        }
        None
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn recorded_pages_and_history_rows_are_cut_per_kind_like_the_live_page() {
    let (sim, console, _dir, _data) = setup(true).await;
    // Migrations (the drained node), a lost node, and an alert about a node only (a stopped
    // virt-handler: OrphanedVirtualMachineInstances).
    assert!(sim.set_handler("worker-3", false));
    let root = session(&console, "strata-sa-token").await;
    let dana = session(&console, "dana-token").await;

    // A VMI's history with events and migration outcomes, as the service account reads it.
    let (vmi, full) = find(
        &console,
        &root,
        "a history with events and migrations",
        history_path,
        |h| {
            sim.advance(5.0);
            len(&h["events"]) > 0 && len(&h["migrations"]) > 0
        },
    )
    .await;
    let (code, cut) = get_as(&console, &dana, &history_path(&vmi)).await;
    assert_eq!(code, 200, "{cut}");
    assert!(
        len(&cut["transitions"]) > 0,
        "the summary's own history stays: {cut}"
    );
    assert_eq!(cut["events"], json!([]), "no events for dana: {cut}");
    assert_eq!(
        cut["migrations"],
        json!([]),
        "no migrations for dana: {cut}"
    );
    assert!(len(&full["transitions"]) > 0);

    // A recorded page with launcher pod names and events.
    let (vmi, full) = find(
        &console,
        &root,
        "a recorded page with pods and events",
        |v| detail_path(v, FUTURE),
        |d| !pod_names(d).is_empty() && len(&d["events"]) > 0,
    )
    .await;
    let at = full["recorded_at"].as_str().unwrap();
    let (code, cut) = get_as(&console, &dana, &detail_path(&vmi, at)).await;
    assert_eq!(code, 200, "{cut}");
    assert_eq!(
        cut["recorded_at"], full["recorded_at"],
        "the same recording"
    );
    assert!(pod_names(&cut).is_empty(), "no pod names for dana: {cut}");
    assert_eq!(cut["events"], json!([]), "no events for dana");
    let text = cut.to_string();
    for pod in pod_names(&full) {
        assert!(!text.contains(&pod), "{pod} in dana's page: {text}");
    }

    // A recorded page citing node objects (the lost node's conditions).
    let (vmi, full) = find(
        &console,
        &root,
        "a recorded page citing a node",
        |v| detail_path(v, FUTURE),
        |d| !node_citations(d).is_empty(),
    )
    .await;
    let at = full["recorded_at"].as_str().unwrap();
    let (_, cut) = get_as(&console, &dana, &detail_path(&vmi, at)).await;
    assert_eq!(cut["recorded_at"], full["recorded_at"]);
    assert_eq!(node_citations(&cut), Vec::<String>::new(), "{cut}");

    // A recorded page with an alert about a node only: one the live alerts list gives the
    // service account and not dana (who may not list nodes).
    let node_alerts: Vec<String> = eventually(WAIT, "an alert about a node only", || async {
        let names = |a: &Value| -> Vec<String> {
            let rows = a["alerts"].as_array().into_iter().flatten();
            rows.filter_map(|r| r["alert"]["name"].as_str().map(str::to_string))
                .collect()
        };
        let all = names(&get_as(&console, &root, "/api/v1/alerts").await.1);
        let hers = names(&get_as(&console, &dana, "/api/v1/alerts").await.1);
        let only: Vec<String> = all.into_iter().filter(|n| !hers.contains(n)).collect();
        (!only.is_empty()).then_some(only)
    })
    .await;
    let about_node = |page: &Value| -> Vec<String> {
        findings(page)
            .into_iter()
            .map(|(t, _)| t)
            .filter(|t| {
                node_alerts
                    .iter()
                    .any(|n| t.starts_with(&format!("Alert {n} ")))
            })
            .collect()
    };
    let (vmi, full) = find(
        &console,
        &root,
        "a recorded page with a node's alert",
        |v| detail_path(v, FUTURE),
        |d| !about_node(d).is_empty(),
    )
    .await;
    let at = full["recorded_at"].as_str().unwrap();
    let (_, cut) = get_as(&console, &dana, &detail_path(&vmi, at)).await;
    assert_eq!(cut["recorded_at"], full["recorded_at"]);
    assert_eq!(about_node(&cut), Vec::<String>::new(), "{cut}");
}

/// `namespace/name` of each row of a changes answer.
fn changed(rows: &Value) -> Vec<String> {
    rows.as_array()
        .unwrap_or_else(|| panic!("a list of changes: {rows}"))
        .iter()
        .map(|c| {
            format!(
                "{}/{}",
                c["key"]["namespace"].as_str().unwrap(),
                c["key"]["name"].as_str().unwrap()
            )
        })
        .collect()
}

#[tokio::test]
async fn the_latest_changes_are_chosen_among_the_users_vmis_before_the_limit() {
    let (sim, console, _dir, _data) = setup(false).await;
    let root = session(&console, "strata-sa-token").await;
    let bob = session(&console, "bob-token").await;
    let since = model::time::Timestamp(history::now_ms() - 60_000).to_rfc3339();
    let changes = |limit: usize| format!("/api/v1/history/changes?since={since}&limit={limit}");
    // A change in staging, then a newer one elsewhere.
    assert!(sim.set_vmi_phase("staging", "ci-runner-7", "Failed"));
    eventually(WAIT, "staging's change", || async {
        let (_, rows) = get_as(&console, &root, &changes(100)).await;
        changed(&rows)
            .contains(&"staging/ci-runner-7".to_string())
            .then_some(())
    })
    .await;
    let other = vmis(&console, &root)
        .await
        .into_iter()
        .find(|k| k.starts_with("prod/"))
        .unwrap();
    let (ns, name) = other.split_once('/').unwrap();
    assert!(sim.set_vmi_phase(ns, name, "Failed"));
    eventually(WAIT, "the newest change outside staging", || async {
        let (_, rows) = get_as(&console, &root, &changes(1)).await;
        (changed(&rows) == [other.clone()]).then_some(())
    })
    .await;
    let (code, rows) = get_as(&console, &bob, &changes(1)).await;
    assert_eq!(code, 200, "{rows}");
    let (_, all) = get_as(&console, &bob, &changes(100)).await;
    assert!(
        changed(&all).iter().all(|k| k.starts_with("staging/")),
        "{all}"
    );
    assert_eq!(
        changed(&rows),
        changed(&all)[..1],
        "bob's newest change, not an empty answer because another namespace's took the place"
    );
    assert!(changed(&all).contains(&"staging/ci-runner-7".to_string()));
}

#[tokio::test]
async fn the_history_counts_are_only_for_cluster_wide_readers() {
    let (_sim, console, _dir, _data) = setup(false).await;
    let counts = [
        "written",
        "dropped",
        "details_dropped",
        "failed_batches",
        "standby_skipped",
    ];
    let bob = session(&console, "bob-token").await;
    let (code, s) = get_as(&console, &bob, "/api/v1/history").await;
    assert_eq!(code, 200, "{s}");
    assert_eq!(s["enabled"], true, "{s}");
    assert_eq!(s["backend"], "sqlite", "{s}");
    for c in counts {
        assert!(s.get(c).is_none(), "{c} shown to bob: {s}");
    }
    // Dana may list VMIs everywhere: the counts are about what she may read.
    let dana = session(&console, "dana-token").await;
    let (code, s) = get_as(&console, &dana, "/api/v1/history").await;
    assert_eq!(code, 200, "{s}");
    for c in counts {
        assert!(s[c].is_u64(), "{c} not shown to dana: {s}");
    }
}

#[tokio::test]
async fn a_name_no_vmi_holds_now_reads_no_earlier_objects_history() {
    let (sim, console, _dir, _data) = setup(false).await;
    let bob = session(&console, "bob-token").await;
    let vmi = "staging/ci-runner-7";
    let (ns, name) = vmi.split_once('/').unwrap();
    // The baseline and a break, with its page.
    assert!(sim.set_vmi_phase(ns, name, "Failed"));
    let broke = eventually(WAIT, "the break", || async {
        let (_, h) = get_as(&console, &bob, &history_path(vmi)).await;
        let rows = h["transitions"].as_array()?;
        rows.iter()
            .find(|t| t["change"] == "phase" && t["new"] == "Failed")
            .map(|t| t["at"].as_str().unwrap().to_string())
    })
    .await;
    eventually(WAIT, "the page at the break", || async {
        let (code, _) = get_as(&console, &bob, &detail_path(vmi, &broke)).await;
        (code == 200).then_some(())
    })
    .await;
    // Deleted (a namespace deleted with it, say): nothing of it is read under the name.
    assert!(sim.remove_vm(ns, name));
    eventually(WAIT, "the VMI gone", || async {
        (!vmis(&console, &bob).await.contains(&vmi.to_string())).then_some(())
    })
    .await;
    let (code, h) = get_as(&console, &bob, &history_path(vmi)).await;
    assert_eq!(code, 404, "{h}");
    let (code, d) = get_as(&console, &bob, &detail_path(vmi, &broke)).await;
    assert_eq!(code, 404, "{d}");
    // Created again under the same name: another object, whose history starts now.
    sim.add_scenario("healthy", ns, name, Some("worker-1"))
        .unwrap();
    let h = eventually(WAIT, "the new VMI's baseline", || async {
        let (code, h) = get_as(&console, &bob, &history_path(vmi)).await;
        (code == 200 && len(&h["transitions"]) > 0).then_some(h)
    })
    .await;
    for t in h["transitions"].as_array().unwrap() {
        assert!(
            t["at"].as_str().unwrap() > broke.as_str(),
            "an earlier row: {h}"
        );
        assert_ne!(t["new"], "Deleted", "{h}");
    }
    let (code, d) = get_as(&console, &bob, &detail_path(vmi, &broke)).await;
    assert_eq!(code, 404, "the old page is not the new VMI's: {d}");
}

#[tokio::test]
async fn in_local_mode_a_name_reads_the_last_vmi_that_held_it() {
    let sim = sim("healthy").await;
    let data = tempfile::tempdir().unwrap();
    let handle = history::open_handle(None, data.path(), Bounds::default()).await;
    let client = backend::kube_client::connect(backend::kube_client::Source::Url(sim.url()))
        .await
        .unwrap();
    let console = console_with(
        client,
        Options {
            history: Some(handle),
            ..Options::local(None)
        },
    )
    .await;
    all_synced(&console).await;
    let path = history_path("default/healthy");
    let phases = |h: &Value| -> Vec<String> {
        let rows = h["transitions"].as_array().into_iter().flatten();
        rows.filter(|t| t["change"] == "phase")
            .map(|t| t["new"].as_str().unwrap().to_string())
            .collect()
    };
    assert!(sim.set_vmi_phase("default", "healthy", "Failed"));
    eventually(WAIT, "the break", || async {
        let (_, h) = get_json(&console, &path).await;
        phases(&h).contains(&"Failed".to_string()).then_some(())
    })
    .await;
    assert!(sim.remove_vm("default", "healthy"));
    // Gone: the operator still reads its history, to its end.
    eventually(WAIT, "its end", || async {
        let (code, h) = get_json(&console, &path).await;
        (code == 200 && phases(&h).last().map(String::as_str) == Some("Deleted")).then_some(())
    })
    .await;
    sim.add_scenario("healthy", "default", "healthy", None)
        .unwrap();
    let h = eventually(WAIT, "the new VMI's baseline", || async {
        let (_, h) = get_json(&console, &path).await;
        (!phases(&h).contains(&"Failed".to_string()) && !phases(&h).is_empty()).then_some(h)
    })
    .await;
    assert_eq!(phases(&h), ["Running"], "only the new VMI's rows: {h}");
}
