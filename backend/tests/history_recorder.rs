//! The flight recorder end to end against the simulator: a VMI breaks and recovers, both
//! changes are recorded with the page as it was, and the API and `strata history` show them;
//! a store that fails or cannot open leaves the console live with history off; a full queue
//! drops and counts without waiting; token mode shows only namespaces the user may read.

mod common;

use async_trait::async_trait;
use backend::history::{
    self, Change, DynStore, History, HistoryHandle, HistoryStore, Record, Stats, Step, StoreError,
    Transition, VmiId, retention::Bounds,
};
use common::*;
use model::VmiKey;
use serde_json::Value;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The recorded history of default/healthy once `pred` holds for it.
async fn history_until(
    console: &backend::run::Console,
    what: &str,
    pred: impl Fn(&Value) -> bool,
) -> Value {
    eventually(Duration::from_secs(20), what, || async {
        let (code, h) = get_json(
            console,
            "/api/v1/vmis/default/healthy/history?from=2000-01-01T00:00:00Z",
        )
        .await;
        (code == 200 && pred(&h)).then_some(h)
    })
    .await
}

fn has_phase(h: &Value, new: &str) -> bool {
    h["transitions"]
        .as_array()
        .unwrap()
        .iter()
        .any(|t| t["change"] == "phase" && t["new"] == new)
}

fn phase_at(h: &Value, new: &str) -> String {
    h["transitions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["change"] == "phase" && t["new"] == new)
        .unwrap()["at"]
        .as_str()
        .unwrap()
        .to_string()
}

#[tokio::test]
async fn a_break_and_a_recovery_are_recorded_with_the_page_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let sim = sim("healthy").await;
    let handle = history::open_handle(None, dir.path(), Bounds::default()).await;
    let console = console_recording(&sim, handle).await;
    all_synced(&console).await;
    let (code, status) = get_json(&console, "/api/v1/history").await;
    assert_eq!(code, 200);
    assert_eq!(status["enabled"], true, "{status}");
    assert_eq!(status["backend"], "sqlite");
    history_until(&console, "the baseline", |h| has_phase(h, "Running")).await;

    assert!(sim.set_vmi_phase("default", "healthy", "Failed"));
    let h = history_until(&console, "the break", |h| has_phase(h, "Failed")).await;
    let broke = phase_at(&h, "Failed");
    let verdicts: Vec<&Value> = h["transitions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["change"] == "verdict" && t["at"] == broke.as_str())
        .collect();
    assert!(!verdicts.is_empty(), "a layer's verdict changed: {h}");
    assert!(verdicts.iter().all(|t| t["old"] != t["new"]));
    // The page as it was at the break. It is built after the transition row is written (its
    // own task and queue), so until then `at=` answers the page recorded before it (the
    // baseline's): wait for the break's own page.
    let at = format!("/api/v1/vmis/default/healthy/detail?at={broke}");
    let broken = eventually(
        Duration::from_secs(20),
        "the page recorded at the break",
        || async {
            let (code, d) = get_json(&console, &at).await;
            (code == 200 && d["recorded_at"] == broke.as_str()).then_some(d)
        },
    )
    .await;
    assert_eq!(broken["recorded_at"], broke.as_str());
    assert_eq!(broken["phase"], "Failed");

    assert!(sim.set_vmi_phase("default", "healthy", "Running"));
    let h = history_until(&console, "the recovery", |h| {
        h["transitions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["change"] == "phase" && t["old"] == "Failed" && t["new"] == "Running")
    })
    .await;
    assert!(h["transitions"].as_array().unwrap().len() >= 4, "{h}");
    // After the recovery, the link copied while it was broken still shows it broken.
    let (code, again) = get_json(&console, &at).await;
    assert_eq!(code, 200);
    assert_eq!(again["phase"], "Failed");
    let (code, live) = get_json(&console, "/api/v1/vmis/default/healthy/detail").await;
    assert_eq!(code, 200);
    assert!(
        live.get("recorded_at").is_none(),
        "the live page is not marked"
    );
    // The latest changes across VMIs name its recovery (the baseline is no change).
    let (code, changes) = get_json(&console, "/api/v1/history/changes").await;
    assert_eq!(code, 200, "{changes}");
    let rows = changes.as_array().unwrap();
    assert_eq!(rows.len(), 1, "{changes}");
    assert_eq!(rows[0]["key"]["name"], "healthy");
    assert!(
        rows[0]["at"].as_str().unwrap() > broke.as_str(),
        "{changes}"
    );
    let (code, _) = get_json(&console, "/api/v1/history/changes?since=soon").await;
    assert_eq!(code, 400);

    // The same timeline from the data directory, with no server (another process).
    let mut ok = false;
    for _ in 0..100 {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_strata"))
            .args(["history", "default/healthy", "--since", "1h", "--data-dir"])
            .arg(dir.path())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{text}");
        if text.contains("phase: Failed -> Running") {
            assert!(text.contains("phase: Running -> Failed"), "{text}");
            assert!(text.contains("verdict "), "{text}");
            ok = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(ok, "strata history shows the recovery");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_strata"))
        .args(["history", "default/healthy", "--json", "--data-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    let json: History = serde_json::from_slice(&out.stdout).unwrap();
    assert!(
        json.transitions
            .iter()
            .any(|t| t.step.change() == Change::Phase)
    );

    // A restart keeps everything: the store opened again answers the link.
    let store = history::open(None, dir.path()).await.unwrap();
    let t = model::Timestamp::parse(&broke).unwrap().0;
    let key = VmiKey {
        cluster: String::new(),
        namespace: "default".into(),
        name: "healthy".into(),
    };
    let uid = store.latest_uid(&key).await.unwrap().unwrap();
    let (when, body) = store
        .detail_at(&VmiId::new(key, uid), t)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(when, t);
    assert_eq!(
        history::Snapshot::decompress(&body).unwrap().page().phase,
        "Failed"
    );
}

/// The network layer's verdict transitions of default/healthy, as (old, new).
fn network_changes(h: &Value) -> Vec<(String, String)> {
    h["transitions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["change"] == "verdict" && t["layer"] == "network")
        .map(|t| {
            (
                t["old"].as_str().unwrap().to_string(),
                t["new"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_network_verdict_change_is_recorded_and_returned() {
    let dir = tempfile::tempdir().unwrap();
    let sim = sim("healthy").await;
    let handle = history::open_handle(None, dir.path(), Bounds::default()).await;
    let console = console_recording(&sim, handle).await;
    all_synced(&console).await;
    let h = history_until(&console, "the network's baseline", |h| {
        !network_changes(h).is_empty()
    })
    .await;
    assert_eq!(
        network_changes(&h),
        [(String::new(), "healthy".to_string())],
        "{h}"
    );
    // A second interface reporting the first one's IP: the network layer is degraded
    // (`model::diagnosis::network`), nothing else changes.
    let key = ("default".to_string(), "healthy".to_string());
    sim.with_world(|w| {
        let vm = w.vm_mut(&key).unwrap();
        let mut twin = vm.ifaces[0].clone();
        twin.name = Some("twin".into());
        twin.mac = "02:00:00:00:00:99".into();
        vm.ifaces.push(twin);
    });
    let h = history_until(&console, "the network's break", |h| {
        network_changes(h).len() >= 2
    })
    .await;
    assert_eq!(
        network_changes(&h)[1],
        ("healthy".to_string(), "degraded".to_string()),
        "{h}"
    );
    sim.with_world(|w| {
        w.vm_mut(&key).unwrap().ifaces.pop();
    });
    let h = history_until(&console, "the network's recovery", |h| {
        network_changes(h).len() >= 3
    })
    .await;
    assert_eq!(
        network_changes(&h)[2],
        ("degraded".to_string(), "healthy".to_string()),
        "{h}"
    );
}

#[tokio::test]
async fn bad_requests_are_explained() {
    let sim = sim("healthy").await;
    let dir = tempfile::tempdir().unwrap();
    let handle = history::open_handle(None, dir.path(), Bounds::default()).await;
    let console = console_recording(&sim, handle).await;
    let (code, e) = get_json(
        &console,
        "/api/v1/vmis/default/healthy/history?from=yesterday",
    )
    .await;
    assert_eq!(code, 400);
    assert!(e["error"].as_str().unwrap().contains("RFC 3339"), "{e}");
    let (code, e) = get_json(
        &console,
        "/api/v1/vmis/default/healthy/detail?at=1999-01-01T00:00:00Z",
    )
    .await;
    assert_eq!(code, 404);
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .contains("Nothing was recorded"),
        "{e}"
    );
    let (code, _) = get_json(&console, "/api/v1/vmis/Bad_NS/x/history").await;
    assert_eq!(code, 400);
}

/// A store whose disk is full.
struct Full;

#[async_trait]
impl HistoryStore for Full {
    fn backend(&self) -> &'static str {
        "sqlite"
    }
    async fn write(&self, _: Vec<Record>) -> history::Result<()> {
        Err(StoreError(
            "cannot write history: database or disk is full".into(),
        ))
    }
    async fn history(&self, _: &VmiId, _: i64, _: i64) -> history::Result<History> {
        Err(StoreError("disk I/O error".into()))
    }
    async fn detail_at(&self, _: &VmiId, _: i64) -> history::Result<Option<(i64, Vec<u8>)>> {
        Ok(None)
    }
    async fn changes(
        &self,
        _: i64,
        _: usize,
        _: Option<&[String]>,
    ) -> history::Result<Vec<history::Changed>> {
        Ok(Vec::new())
    }
    async fn latest_uid(&self, _: &VmiKey) -> history::Result<Option<String>> {
        Ok(None)
    }
    async fn delete_before(&self, _: i64) -> history::Result<u64> {
        Ok(0)
    }
    async fn span(&self) -> history::Result<Option<(i64, i64)>> {
        Ok(None)
    }
    async fn compact(&self) -> history::Result<()> {
        Ok(())
    }
    async fn stats(&self) -> history::Result<Stats> {
        Ok(Stats::default())
    }
}

#[tokio::test]
async fn a_full_disk_turns_history_off_and_the_console_stays_live() {
    let sim = sim("healthy,no-agent").await;
    let store: DynStore = Arc::new(Full);
    let console =
        console_recording(&sim, HistoryHandle::with_store(store, Bounds::default())).await;
    all_synced(&console).await;
    let status = eventually(Duration::from_secs(20), "history off", || async {
        let (_, s) = get_json(&console, "/api/v1/history").await;
        (s["enabled"] == false).then_some(s)
    })
    .await;
    assert!(
        status["error"].as_str().unwrap().contains("disk is full"),
        "{status}"
    );
    assert!(status["failed_batches"].as_u64().unwrap() >= 1);
    // Live state still flows.
    assert!(sim.set_vmi_phase("default", "no-agent", "Failed"));
    eventually(Duration::from_secs(20), "the live change", || async {
        let (code, items) = get_json(&console, "/api/v1/vmis").await;
        (code == 200
            && items
                .as_array()
                .unwrap()
                .iter()
                .any(|s| s["key"]["name"] == "no-agent" && s["phase"] == "Failed"))
        .then_some(())
    })
    .await;
    // An answer that says history is off, not a failed request (the page says so).
    let (code, h) = get_json(&console, "/api/v1/vmis/default/healthy/history").await;
    assert_eq!(code, 200, "{h}");
    assert!(
        h["off"]
            .as_str()
            .unwrap()
            .contains("History could not be read: disk I/O error"),
        "{h}"
    );
    assert_eq!(h["transitions"], serde_json::json!([]));
    // A store that reads but cannot write shows what it has, and says history is off.
    let (code, d) = get_json(
        &console,
        "/api/v1/vmis/default/healthy/detail?at=2026-01-01T00:00:00Z",
    )
    .await;
    assert_eq!(code, 404, "nothing recorded then: {d}");
    let metrics = http()
        .get(format!("{}/metrics", console.url()))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(metrics.contains("strata_history_enabled 0"), "{metrics}");
    assert!(
        metrics.contains("strata_history_failed_batches_total"),
        "{metrics}"
    );
}

#[tokio::test]
async fn an_unusable_data_dir_leaves_history_off() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a-file");
    std::fs::write(&file, b"not a directory").unwrap();
    let handle = history::open_handle(None, &file, Bounds::default()).await;
    let sim = sim("healthy").await;
    let console = console_recording(&sim, handle).await;
    all_synced(&console).await;
    let (_, s) = get_json(&console, "/api/v1/history").await;
    assert_eq!(s["enabled"], false);
    assert!(
        s["error"].as_str().unwrap().contains("data directory"),
        "{s}"
    );
    let (code, h) = get_json(&console, "/api/v1/vmis/default/healthy/history").await;
    assert_eq!(code, 200, "{h}");
    let off = h["off"].as_str().unwrap();
    assert!(
        off.contains("History is off") && off.contains("data directory"),
        "{h}"
    );
    assert_eq!(h["key"]["name"], "healthy");
    let (code, d) = get_json(
        &console,
        "/api/v1/vmis/default/healthy/detail?at=2026-01-01T00:00:00Z",
    )
    .await;
    assert_eq!(code, 200, "{d}");
    assert!(
        d["history_off"]
            .as_str()
            .unwrap()
            .contains("data directory"),
        "{d}"
    );
    // Still checked: a bad time, a bad name.
    let (code, _) = get_json(&console, "/api/v1/vmis/default/healthy/detail?at=yesterday").await;
    assert_eq!(code, 400);
    let (code, _) = get_json(&console, "/api/v1/vmis/Bad_NS/x/history").await;
    assert_eq!(code, 400);
    assert_eq!(get_json(&console, "/api/v1/vmis").await.0, 200);
}

/// A store that takes a second per batch.
struct Slow(tokio::sync::Mutex<u64>);

#[async_trait]
impl HistoryStore for Slow {
    fn backend(&self) -> &'static str {
        "sqlite"
    }
    async fn write(&self, r: Vec<Record>) -> history::Result<()> {
        tokio::time::sleep(Duration::from_secs(1)).await;
        *self.0.lock().await += r.len() as u64;
        Ok(())
    }
    async fn history(&self, _: &VmiId, _: i64, _: i64) -> history::Result<History> {
        Ok(History::default())
    }
    async fn detail_at(&self, _: &VmiId, _: i64) -> history::Result<Option<(i64, Vec<u8>)>> {
        Ok(None)
    }
    async fn changes(
        &self,
        _: i64,
        _: usize,
        _: Option<&[String]>,
    ) -> history::Result<Vec<history::Changed>> {
        Ok(Vec::new())
    }
    async fn latest_uid(&self, _: &VmiKey) -> history::Result<Option<String>> {
        Ok(None)
    }
    async fn delete_before(&self, _: i64) -> history::Result<u64> {
        Ok(0)
    }
    async fn span(&self) -> history::Result<Option<(i64, i64)>> {
        Ok(None)
    }
    async fn compact(&self) -> history::Result<()> {
        Ok(())
    }
    async fn stats(&self) -> history::Result<Stats> {
        Ok(Stats::default())
    }
}

#[tokio::test]
async fn a_full_queue_drops_and_counts_without_waiting() {
    let handle = HistoryHandle::with_store(Arc::new(Slow(Default::default())), Bounds::default());
    let key = VmiKey {
        cluster: String::new(),
        namespace: "ns".into(),
        name: "vm".into(),
    };
    let n = 3 * history::recorder::QUEUE;
    let started = Instant::now();
    for i in 0..n {
        handle.record(Record::Transition(
            VmiId::new(key.clone(), "uid"),
            Transition {
                at: i as i64,
                step: Step::Phase {
                    old: String::new(),
                    new: "Running".into(),
                },
                title: String::new(),
            },
        ));
    }
    assert!(
        started.elapsed() < Duration::from_millis(500),
        "recording never waits"
    );
    let s = handle.status();
    assert!(
        s.dropped >= (n - history::recorder::QUEUE - history::recorder::BATCH) as u64,
        "{s:?}"
    );
    assert!(s.enabled);
}
