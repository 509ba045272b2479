//! History always answers: every moment the VMI page's timeline offers (each recorded
//! transition, the first sighting included) and every row of the latest changes opens a
//! recorded page with `detail?at=`, never "nothing was recorded at or before".

mod common;

use common::*;
use serde_json::Value;
use std::collections::BTreeSet;
use std::time::Duration;

const HISTORY: &str = "/api/v1/vmis/default/healthy/history?from=2000-01-01T00:00:00Z";

/// The times of default/healthy's recorded transitions once `pred` holds for them.
async fn moments_until(
    console: &backend::run::Console,
    what: &str,
    pred: impl Fn(&[Value]) -> bool,
) -> BTreeSet<String> {
    eventually(Duration::from_secs(20), what, || async {
        let (code, h) = get_json(console, HISTORY).await;
        let rows = h["transitions"].as_array().cloned().unwrap_or_default();
        (code == 200 && pred(&rows)).then(|| {
            rows.iter()
                .filter_map(|t| t["at"].as_str().map(str::to_string))
                .collect()
        })
    })
    .await
}

fn phase_is(rows: &[Value], old: &str, new: &str) -> bool {
    rows.iter()
        .any(|t| t["change"] == "phase" && t["old"] == old && t["new"] == new)
}

/// `detail?at=at` answers 200 with a recorded page (waiting for the page the recorder builds a
/// moment after the transition); its `recorded_at`.
async fn opens(console: &backend::run::Console, vmi: &str, at: &str) -> String {
    let path = format!("/api/v1/vmis/{vmi}/detail?at={at}");
    eventually(
        Duration::from_secs(20),
        &format!("a page at {at}"),
        || async {
            let (code, d) = get_json(console, &path).await;
            (code == 200)
                .then(|| d["recorded_at"].as_str().map(str::to_string))
                .flatten()
        },
    )
    .await
}

#[tokio::test]
async fn every_recorded_moment_and_every_latest_change_opens_a_page() {
    let dir = tempfile::tempdir().unwrap();
    let sim = sim("healthy").await;
    let console = recording_console(&sim, dir.path()).await;
    all_synced(&console).await;
    // The first sighting of a healthy VMI: the oldest moment the timeline offers.
    let first = moments_until(&console, "the baseline", |r| phase_is(r, "", "Running")).await;
    let oldest = first.first().unwrap().clone();
    assert_eq!(
        opens(&console, "default/healthy", &oldest).await,
        oldest,
        "the first state is recorded as of its sighting"
    );

    // A break and a recovery: each moment has its page.
    assert!(sim.set_vmi_phase("default", "healthy", "Failed"));
    moments_until(&console, "the break", |r| phase_is(r, "Running", "Failed")).await;
    assert!(sim.set_vmi_phase("default", "healthy", "Running"));
    let all = moments_until(&console, "the recovery", |r| {
        phase_is(r, "Failed", "Running")
    })
    .await;
    assert!(all.len() >= 3, "{all:?}");
    for at in &all {
        let recorded = opens(&console, "default/healthy", at).await;
        assert!(recorded <= *at, "{recorded} is at or before {at}");
    }

    // Every row of the latest changes opens too.
    let (code, changes) = get_json(&console, "/api/v1/history/changes").await;
    assert_eq!(code, 200, "{changes}");
    let rows = changes.as_array().unwrap();
    assert!(!rows.is_empty(), "{changes}");
    for row in rows {
        let vmi = format!(
            "{}/{}",
            row["key"]["namespace"].as_str().unwrap(),
            row["key"]["name"].as_str().unwrap()
        );
        opens(&console, &vmi, row["at"].as_str().unwrap()).await;
    }
}
