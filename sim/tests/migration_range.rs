//! Issue 20: a migration's Prometheus range data follows what virt-handler exports over the
//! migration's course (`pkg/monitoring/metrics/virt-handler/migrationdomainstats/`: polled
//! every 5 s while the migration is in progress, nothing before its start or after its end), and
//! after the switch to PostCopy the data remaining keeps falling to nothing as the target pulls
//! the pages, until the migration ends. Asked during the post-copy and after the end, the range
//! still shows the pre-copy it followed.

mod common;

use common::source::*;
use common::*;
use serde_json::Value;

const VM: &str = "migration-precopy-to-postcopy";

/// `(seconds, value)` of the one series `name` over `[from, to]`, step 1 s.
async fn range(sim: &sim::Sim, name: &str, from: f64, to: f64) -> Vec<(f64, f64)> {
    let path = format!("/api/v1/query_range?query={name}&start={from}&end={to}&step=1");
    let (code, v) = get(sim, &path).await;
    assert_eq!(code, 200, "{v}");
    let result = v["data"]["result"].as_array().unwrap();
    assert!(result.len() <= 1, "{result:?}");
    let values = result.first().map(|r| &r["values"]);
    let num = |p: &Value| p.as_str().and_then(|s| s.parse().ok()).unwrap_or(f64::NAN);
    values
        .and_then(Value::as_array)
        .map(|vs| {
            vs.iter()
                .map(|p| (p[0].as_f64().unwrap(), num(&p[1])))
                .collect()
        })
        .unwrap_or_default()
}

fn time_of(v: &Value, field: &str) -> Option<f64> {
    sim::clock::parse_time(v["status"]["migrationState"][field].as_str()?)
}

/// Checks the remaining data and dirty rate over `[from, to]` of a migration that started at
/// `start` (and ended at `end`): nothing outside it, a pre-copy that hovers, and after the
/// switch (the first zero dirty rate) a remaining that falls every poll.
async fn check(sim: &sim::Sim, from: f64, to: f64, start: f64, end: Option<f64>) -> Vec<f64> {
    let remaining = range(sim, "kubevirt_vmi_migration_data_remaining_bytes", from, to).await;
    let dirty = range(
        sim,
        "kubevirt_vmi_migration_dirty_memory_rate_bytes",
        from,
        to,
    )
    .await;
    assert!(!remaining.is_empty(), "no remaining data over the window");
    let (first, last) = (remaining[0].0, remaining[remaining.len() - 1].0);
    assert!(
        first >= start - 1e-6,
        "a sample before the start: {first} < {start}"
    );
    if let Some(end) = end {
        assert!(last <= end + 1e-6, "a sample after the end: {last} > {end}");
    }
    let switch = dirty
        .iter()
        .find(|p| p.1 == 0.0)
        .map(|p| p.0)
        .expect("the switch to PostCopy in the range");
    let pre: Vec<f64> = remaining
        .iter()
        .filter(|p| p.0 < switch)
        .map(|p| p.1)
        .collect();
    let mut distinct = pre.clone();
    distinct.dedup();
    assert!(
        distinct.len() >= 3,
        "the pre-copy's remaining is flat: {pre:?}"
    );
    // One value per 5 s poll after the switch, each below the one before.
    let mut post: Vec<f64> = remaining
        .iter()
        .filter(|p| p.0 >= switch)
        .map(|p| p.1)
        .collect();
    post.dedup();
    assert!(post.len() >= 2, "{post:?}");
    assert!(
        post.windows(2).all(|w| w[1] < w[0]),
        "the remaining data does not fall after the switch: {post:?}"
    );
    post
}

#[tokio::test]
async fn after_the_switch_to_postcopy_the_remaining_data_falls_to_nothing() {
    let sim = scenario(VM, "1.9").await;
    let t0 = sim.now();
    // Started after 18 s, PostCopy 25 s after the start: midway through the post-copy.
    for _ in 0..11 {
        sim.advance(5.0);
    }
    let v = vmi(&sim, VM).await;
    assert_eq!(v["status"]["migrationState"]["mode"], "PostCopy");
    assert!(time_of(&v, "endTimestamp").is_none());
    let start = time_of(&v, "startTimestamp").unwrap();
    check(&sim, t0, sim.now(), start, None).await;

    // Until it ends: the last poll finds less than one poll interval's worth left.
    for _ in 0..20 {
        sim.advance(5.0);
    }
    let v = vmi(&sim, VM).await;
    let end = time_of(&v, "endTimestamp").expect("the migration ended");
    assert_eq!(v["status"]["migrationState"]["completed"], true);
    let post = check(&sim, t0, sim.now(), start, Some(end)).await;
    let rate = range(
        &sim,
        "kubevirt_vmi_migration_memory_transfer_rate_bytes",
        t0,
        sim.now(),
    )
    .await[0]
        .1;
    let last = post[post.len() - 1];
    assert!(
        last <= rate * 5.0 + 1.0,
        "{last} bytes left at the last poll (transfer rate {rate} B/s)"
    );
    // Nothing is exported once it ended.
    let (_, now) = get(
        &sim,
        "/api/v1/query?query=kubevirt_vmi_migration_data_remaining_bytes",
    )
    .await;
    assert_eq!(now["data"]["result"], serde_json::json!([]));
}
