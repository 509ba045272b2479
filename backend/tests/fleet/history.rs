//! The flight recorder of a fleet (issue 32): two clusters holding `infra/bastion` each record
//! into one SQLite history, each under its own cluster. Each cluster's history (under
//! `/api/v1/c/{cluster}/`, the first's also without the prefix) shows its own transitions only,
//! its recorded pages are its own VMI's (fetched with its own client), its events are swept from
//! its own caches, the latest changes name their cluster, and `strata history --cluster` reads the same rows with no server.

use super::*;
use backend::history::{self, retention::Bounds};

const SINCE_EVER: &str = "from=2000-01-01T00:00:00Z";

/// The history at `path` once `pred` holds for it.
async fn history_until(
    console: &Console,
    path: &str,
    what: &str,
    pred: impl Fn(&Value) -> bool,
) -> Value {
    let path = format!("{path}/history?{SINCE_EVER}");
    eventually(RECOVERY, what, || async {
        let (code, h) = common::get_json(console, &path).await;
        (code == 200 && pred(&h)).then_some(h)
    })
    .await
}

fn phases(h: &Value) -> Vec<String> {
    h["transitions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["change"] == "phase")
        .map(|t| t["new"].as_str().unwrap().to_string())
        .collect()
}

/// The time of the phase transition to `new`.
fn phase_at(h: &Value, new: &str) -> String {
    let t = h["transitions"].as_array().unwrap().iter();
    let mut t = t.filter(|t| t["change"] == "phase" && t["new"] == new);
    t.next().unwrap()["at"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn each_cluster_records_its_own_bastion_and_a_change_in_b_leaves_a_history_as_it_was() {
    let fleet = fleet().await;
    let dir = tempfile::tempdir().unwrap();
    let data = tempfile::tempdir().unwrap();
    let handle = history::open_handle(None, data.path(), Bounds::default()).await;
    let console = console_recording(&fleet, dir.path(), Some(handle)).await;
    until(&console, "a", 2, true).await;
    until(&console, "b", 1, true).await;
    let running = |h: &Value| phases(h) == ["Running"];
    let a = history_until(
        &console,
        "/api/v1/c/a/vmis/infra/bastion",
        "a's baseline",
        running,
    )
    .await;
    let b = history_until(
        &console,
        "/api/v1/c/b/vmis/infra/bastion",
        "b's baseline",
        running,
    )
    .await;
    assert_eq!(b["key"]["cluster"], "b", "{b}");
    assert_eq!(
        a["key"].get("cluster"),
        None,
        "the first cluster's key names none: {a}"
    );
    assert_ne!(
        a["transitions"], b["transitions"],
        "a healthy bastion and one without an agent"
    );
    // Without the prefix: the first cluster's history.
    let (code, first) = common::get_json(
        &console,
        &format!("/api/v1/vmis/infra/bastion/history?{SINCE_EVER}"),
    )
    .await;
    assert_eq!(code, 200, "{first}");
    assert_eq!(first["transitions"], a["transitions"]);

    // b's bastion fails: b's history shows it, a's is as it was.
    assert!(
        fleet
            .sim("b")
            .unwrap()
            .set_vmi_phase("infra", "bastion", "Failed")
    );
    let failed = |h: &Value| phases(h) == ["Running", "Failed"];
    let b = history_until(
        &console,
        "/api/v1/c/b/vmis/infra/bastion",
        "b's failure",
        failed,
    )
    .await;
    let (_, a_now) = common::get_json(
        &console,
        &format!("/api/v1/c/a/vmis/infra/bastion/history?{SINCE_EVER}"),
    )
    .await;
    assert_eq!(
        a_now["transitions"], a["transitions"],
        "a's history unchanged"
    );
    assert_eq!(a_now["events"], a["events"]);

    // The pages recorded then: b's own failed bastion (fetched with b's client), a's running.
    let at = phase_at(&b, "Failed");
    let page = |c: &'static str| {
        let (console, at) = (&console, &at);
        async move {
            let path = format!("/api/v1/c/{c}/vmis/infra/bastion/detail?at={at}");
            eventually(RECOVERY, &format!("{c}'s page at {at}"), || async {
                let (code, p) = common::get_json(console, &path).await;
                (code == 200 && p.get("recorded_at").is_some()).then_some(p)
            })
            .await
        }
    };
    let b_page = eventually(RECOVERY, "b's failed page", || async {
        let p = page("b").await;
        (p["phase"] == "Failed").then_some(p)
    })
    .await;
    assert_eq!(b_page["phase"], "Failed");
    assert_eq!(page("a").await["phase"], "Running");

    // An event about b's bastion is in b's history alone (each cluster's caches swept apart).
    let bastion = ("infra".to_string(), "bastion".to_string());
    fleet.sim("b").unwrap().with_world(|w| {
        w.vmi_event(
            &bastion,
            "Warning",
            "FleetProbe",
            "only in b",
            "virt-controller",
        )
    });
    let probed = |h: &Value| {
        let mut events = h["events"].as_array().unwrap().iter();
        events.any(|e| e["reason"] == "FleetProbe")
    };
    history_until(
        &console,
        "/api/v1/c/b/vmis/infra/bastion",
        "b's event",
        probed,
    )
    .await;
    let (_, a_now) = common::get_json(
        &console,
        &format!("/api/v1/c/a/vmis/infra/bastion/history?{SINCE_EVER}"),
    )
    .await;
    assert!(!probed(&a_now), "{a_now}");

    // The latest changes: b's failure under b's key, nothing of a's bastion.
    let (code, changes) = common::get_json(&console, "/api/v1/history/changes").await;
    assert_eq!(code, 200, "{changes}");
    let rows = changes.as_array().unwrap();
    let bastions: Vec<&Value> = rows
        .iter()
        .filter(|r| r["key"]["name"] == "bastion")
        .collect();
    assert_eq!(bastions.len(), 1, "{changes}");
    assert_eq!(bastions[0]["key"]["cluster"], "b", "{changes}");

    // `strata history` from the data directory: --cluster b is b's, without it a's.
    let cli = |cluster: Option<&str>| {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_strata"));
        cmd.args(["history", "infra/bastion", "--since", "1h", "--data-dir"]);
        cmd.arg(data.path());
        if let Some(c) = cluster {
            cmd.args(["--cluster", c]);
        }
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "{out:?}");
        String::from_utf8_lossy(&out.stdout).to_string()
    };
    let in_b = cli(Some("b"));
    assert!(in_b.contains("phase: Running -> Failed"), "{in_b}");
    let in_a = cli(None);
    assert!(
        in_a.contains("Running") && !in_a.contains("Failed"),
        "{in_a}"
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_strata"))
        .args([
            "history",
            "infra/bastion",
            "--cluster",
            "nowhere",
            "--data-dir",
        ])
        .arg(data.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}
