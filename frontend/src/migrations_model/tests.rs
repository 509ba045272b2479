//! Native tests of the migrations list model: filters, search, choices, sorting, durations and
//! the per-run nodes.

use super::*;
use model::api::MigrationRow;
use model::kube::Vmim;
use model::migration::{MigrationContext, interpret};
use model::time::Timestamp;
use serde_json::{Value, json};

fn t(s: &str) -> Timestamp {
    Timestamp::parse(s).unwrap()
}

/// A VMIM `name` of `ns/vmi` in `phase`, created at minute `created`, ended at minute `ended`,
/// from `src` to `dst`, with `annotations` and `spec`.
fn row(
    name: &str,
    ns: &str,
    vmi: &str,
    phase: &str,
    minutes: (u32, u32),
    nodes: (&str, &str),
    extra: Value,
) -> MigrationRow {
    let at = |m: u32| format!("2024-01-01T00:{m:02}:00Z");
    let mut v = json!({
        "metadata": {"name": name, "namespace": ns, "creationTimestamp": at(minutes.0)},
        "spec": {"vmiName": vmi},
        "status": {"phase": phase,
            "phaseTransitionTimestamps": [
                {"phase": "Pending", "phaseTransitionTimestamp": at(minutes.0)},
                {"phase": phase, "phaseTransitionTimestamp": at(minutes.1)}],
            "migrationState": {"sourceNode": nodes.0, "targetNode": nodes.1}}
    });
    if let Value::Object(m) = extra {
        for (k, x) in m {
            match k.as_str() {
                "annotations" => v["metadata"]["annotations"] = x,
                "priority" => v["spec"]["priority"] = x,
                "failureReason" => v["status"]["migrationState"]["failureReason"] = x,
                _ => {}
            }
        }
    }
    let m = Vmim::from_value(&v);
    MigrationRow {
        created: m.metadata.created(),
        report: interpret(
            Some(&m),
            &MigrationContext {
                now: Some(t("2024-01-01T00:30:00Z")),
                ..Default::default()
            },
        ),
    }
}

fn list() -> Vec<MigrationRow> {
    vec![
        row(
            "m-user",
            "prod",
            "web",
            "Succeeded",
            (1, 3),
            ("n1", "n2"),
            json!({}),
        ),
        row(
            "kubevirt-evacuation-a",
            "prod",
            "db",
            "Failed",
            (5, 6),
            ("n2", "n3"),
            json!({"annotations": {"kubevirt.io/evacuationMigration": "n2"}, "failureReason": "migration timed out"}),
        ),
        row(
            "kubevirt-evacuation-b",
            "dev",
            "batch",
            "Running",
            (10, 10),
            ("n3", "n1"),
            json!({"annotations": {"kubevirt.io/evacuationMigration": "n3"}, "priority": "system-maintenance"}),
        ),
        row(
            "kubevirt-workload-update-c",
            "dev",
            "web",
            "Succeeded",
            (2, 12),
            ("n1", "n3"),
            json!({"annotations": {"kubevirt.io/workloadUpdateMigration": ""}}),
        ),
    ]
}

fn names(rows: &[MigrationRow]) -> Vec<&str> {
    rows.iter().map(|r| r.report.name.as_str()).collect()
}

fn filtered(f: &MigrationFilter) -> Vec<String> {
    list()
        .into_iter()
        .filter(|r| f.keeps(r))
        .map(|r| r.report.name)
        .collect()
}

fn url(pairs: &[(&str, &str)]) -> MigrationFilter {
    MigrationFilter::from_url(|k| {
        pairs
            .iter()
            .find(|(p, _)| *p == k)
            .map(|(_, v)| v.to_string())
    })
}

#[test]
fn triggers_are_told_apart_including_the_descheduler() {
    let keys: Vec<&str> = list()
        .iter()
        .map(|r| trigger_key(&r.report.trigger))
        .collect();
    assert_eq!(
        keys,
        ["user", "evacuation", "descheduler", "workload_update"]
    );
    assert_eq!(
        filtered(&url(&[("trigger", "descheduler")])),
        ["kubevirt-evacuation-b"]
    );
    assert_eq!(
        filtered(&url(&[("trigger", "evacuation")])),
        ["kubevirt-evacuation-a"]
    );
}

#[test]
fn each_filter_narrows_and_they_combine() {
    assert_eq!(filtered(&url(&[("phase", "Succeeded")])).len(), 2);
    assert_eq!(
        filtered(&url(&[("outcome", "failed")])),
        ["kubevirt-evacuation-a"]
    );
    assert_eq!(
        filtered(&url(&[("ns", "dev")])),
        ["kubevirt-evacuation-b", "kubevirt-workload-update-c"]
    );
    // A node matches as source or target.
    assert_eq!(
        filtered(&url(&[("node", "n2")])),
        ["m-user", "kubevirt-evacuation-a"]
    );
    assert_eq!(
        filtered(&url(&[("ns", "dev"), ("phase", "Succeeded")])),
        ["kubevirt-workload-update-c"]
    );
    // An empty value is no filter.
    assert!(!url(&[("phase", " ")]).is_active());
    assert_eq!(filtered(&url(&[("phase", "")])).len(), 4);
}

#[test]
fn search_reads_names_nodes_and_the_failure_reason() {
    assert_eq!(
        filtered(&url(&[("q", "TIMED out")])),
        ["kubevirt-evacuation-a"]
    );
    assert_eq!(
        filtered(&url(&[("q", "web dev")])),
        ["kubevirt-workload-update-c"]
    );
    assert_eq!(filtered(&url(&[("q", "n3")])).len(), 3);
    assert!(filtered(&url(&[("q", "nothing-like-it")])).is_empty());
}

#[test]
fn choices_come_from_the_list_and_keep_the_url_value() {
    let f = url(&[("node", "gone-node")]);
    let c = Choices::of(&list(), &f);
    assert_eq!(c.phases, ["Failed", "Running", "Succeeded"]);
    assert_eq!(c.namespaces, ["dev", "prod"]);
    assert_eq!(c.nodes, ["gone-node", "n1", "n2", "n3"]);
}

#[test]
fn sorting_by_each_key_and_direction() {
    let now = t("2024-01-01T00:30:00Z");
    let by = |k: &str, d: Option<&str>| {
        let key = SortKey::from_param(Some(k));
        names(&sorted(
            list(),
            key,
            Dir::from_param(d, key.default_dir()),
            now,
        ))
        .into_iter()
        .map(str::to_string)
        .collect::<Vec<_>>()
    };
    assert_eq!(
        by("created", None),
        [
            "kubevirt-evacuation-b",
            "kubevirt-evacuation-a",
            "kubevirt-workload-update-c",
            "m-user"
        ]
    );
    assert_eq!(by("created", Some("asc"))[0], "m-user");
    assert_eq!(by("name", None)[3], "m-user");
    // Durations: running b 20 min (until now), c 10, m-user 2, a 1.
    assert_eq!(
        by("duration", None),
        [
            "kubevirt-evacuation-b",
            "kubevirt-workload-update-c",
            "m-user",
            "kubevirt-evacuation-a"
        ]
    );
    assert_eq!(by("vmi", None)[0], "kubevirt-evacuation-b");
    assert_eq!(SortKey::from_param(Some("bogus")), SortKey::Created);
}

#[test]
fn durations_ages_and_nodes_per_run() {
    let now = t("2024-01-01T00:30:00Z");
    let l = list();
    assert_eq!(duration_secs(&l[0], now), Some(120.0));
    assert_eq!(duration_secs(&l[2], now), Some(1200.0));
    assert_eq!(age_secs(&l[0], now), Some(29.0 * 60.0));
    assert_eq!(nodes_of(&l[0]), (Some("n1"), Some("n2")));
    assert_eq!(nodes_of(&l[3]), (Some("n1"), Some("n3")));
    let failed = l[1].report.failure.as_ref().expect("a failure");
    assert!(failed.reason.contains("timed out"), "{}", failed.reason);
}

#[test]
fn a_migration_in_flight_takes_its_nodes_from_the_live_vmi() {
    use model::kube::vmi::Vmi;
    use model::view::VmiSummary;
    let running = row(
        "m-run",
        "prod",
        "web",
        "Running",
        (1, 2),
        ("", ""),
        json!({}),
    );
    let mut running = running;
    running.report.source_node = None;
    running.report.target_node = None;
    let pending = MigrationRow {
        report: model::view::MigrationReport {
            phase: "Pending".into(),
            ..running.report.clone()
        },
        ..running.clone()
    };
    let done = row(
        "m-old",
        "prod",
        "web",
        "Succeeded",
        (0, 1),
        ("n0", "n1"),
        json!({}),
    );
    let live = VmiSummary::from_vmi(&Vmi::from_value(&json!({
        "metadata": {"name": "web", "namespace": "prod"},
        "status": {"phase": "Running", "nodeName": "n1",
            "migrationState": {"startTimestamp": "2024-01-01T00:01:00Z", "sourceNode": "n1", "targetNode": "n2", "mode": "PreCopy"}}
    })));
    assert_eq!(
        live.migration
            .as_ref()
            .and_then(|m| m.target_node.as_deref()),
        Some("n2")
    );
    let live_mode = live.migration.as_ref().and_then(|m| m.mode.clone());
    let out = with_live_nodes(vec![running, pending, done], &[live]);
    assert_eq!(
        nodes_of(&out[0]),
        (Some("n1"), Some("n2")),
        "the run in flight"
    );
    assert_eq!(live_mode.as_deref(), Some("PreCopy"));
    assert_eq!(
        out[0].report.mode.as_deref(),
        Some("PreCopy"),
        "its mode too"
    );
    assert_eq!(nodes_of(&out[1]), (None, None), "a queued one names none");
    assert_eq!(
        nodes_of(&out[2]),
        (Some("n0"), Some("n1")),
        "a finished run keeps its own"
    );
}

/// A row without a progress figure says why: complete, not sending yet, ended, no metrics; a
/// row with any figure has no gap.
#[test]
fn a_row_without_progress_says_why() {
    use progress::{Gap, gap};
    let of = |phase: &str| gap(&row("m", "ns", "v", phase, (1, 2), ("a", "b"), json!({})).report);
    assert_eq!(of("Succeeded"), Some(Gap::Complete));
    assert_eq!(of("Failed"), Some(Gap::Ended));
    assert_eq!(of("Scheduling"), Some(Gap::NotSending));
    assert_eq!(of("PreparingTarget"), Some(Gap::NotSending));
    assert_eq!(of("Running"), Some(Gap::NoMetrics));
    let mut r = row("m", "ns", "v", "Running", (1, 2), ("a", "b"), json!({})).report;
    r.progress = Some(model::view::Progress {
        data_remaining_bytes: Some(1.0),
        ..Default::default()
    });
    assert_eq!(gap(&r), None);
}
