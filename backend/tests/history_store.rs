//! The history store suite, run against both implementations: SQLite in a temporary directory
//! and PostgreSQL on a real server (see `support/pg.rs` for how one is found or started).

#[path = "support/pg.rs"]
mod pg;

use backend::history::retention::{self, Bounds};
use backend::history::{
    DynStore, EventEntry, HistoryUrl, MigrationEntry, Record, Snapshot, Step, Transition, VmiId,
    open,
};
use model::VmiKey;
use model::verdict::{Health, Layer};
use std::time::Duration;

/// Where a test's store lives, so it can be opened again (a restart).
enum Fixture {
    Sqlite(tempfile::TempDir),
    Postgres(String),
}

impl Fixture {
    async fn open(&self) -> DynStore {
        match self {
            Fixture::Sqlite(dir) => open(None, dir.path()).await.unwrap(),
            Fixture::Postgres(url) => open(
                Some(&HistoryUrl::parse(url)),
                std::path::Path::new("/nonexistent"),
            )
            .await
            .unwrap(),
        }
    }
}

fn key(name: &str) -> VmiKey {
    VmiKey {
        cluster: String::new(),
        namespace: "prod".into(),
        name: name.into(),
    }
}

/// The VMI `prod/name` (its UID made from the name).
fn id(name: &str) -> VmiId {
    VmiId::new(key(name), format!("uid-{name}"))
}

fn transition(name: &str, at: i64, layer: &str, old: &str, new: &str) -> Record {
    Record::Transition(
        id(name),
        Transition {
            at,
            step: Step::from_columns("verdict", Some(layer), old.into(), new.into())
                .expect("a readable verdict"),
            title: format!("{layer} is {new}"),
        },
    )
}

fn event(name: &str, at: i64, event: &str, count: i64) -> Record {
    Record::Event(
        id(name),
        EventEntry {
            at,
            involved_kind: "Pod".into(),
            involved_name: format!("virt-launcher-{name}-abcde"),
            name: event.into(),
            count,
            type_: "Warning".into(),
            reason: "BackOff".into(),
            message: "Back-off restarting failed container".into(),
        },
    )
}

fn migration(name: &str, at: i64, vmim: &str) -> Record {
    Record::Migration(
        id(name),
        MigrationEntry {
            at,
            migration: vmim.into(),
            phase: "Failed".into(),
            outcome: "failed".into(),
            mode: Some("PreCopy".into()),
            plane: Some("data_plane".into()),
            failure: Some("migration did not converge".into()),
            duration_secs: Some(42.5),
        },
    )
}

/// A recorded page of `prod/name` in `phase`.
fn page(name: &str, phase: &str) -> Snapshot {
    let vmi = model::kube::vmi::Vmi::from_value(&serde_json::json!({
        "metadata": {"name": name, "namespace": "prod", "uid": format!("uid-{name}")},
        "status": {"phase": phase}
    }));
    Snapshot {
        now: None,
        evidence: model::evidence::Evidence::from_vmi(vmi, None),
    }
}

async fn records_and_reads_a_range(f: Fixture) {
    let s = f.open().await;
    s.write(vec![
        transition("a", 1_000, "node", "healthy", "broken"),
        event("a", 1_500, "ev-1", 1),
        migration("a", 2_000, "mig-1"),
        transition("a", 3_000, "node", "broken", "healthy"),
        transition("b", 1_200, "guest", "healthy", "degraded"),
        transition("a", 9_000, "guest", "healthy", "broken"),
    ])
    .await
    .unwrap();
    let h = s.history(&id("a"), 0, 5_000).await.unwrap();
    let ats: Vec<i64> = h.transitions.iter().map(|t| t.at).collect();
    assert_eq!(ats, [1_000, 3_000], "in range, oldest first, only this VMI");
    assert_eq!(
        h.transitions[0].step,
        Step::Verdict {
            layer: Layer::Node,
            old: Some(Health::Healthy),
            new: Health::Broken
        }
    );
    assert_eq!(h.transitions[0].title, "node is broken");
    assert_eq!(h.events.len(), 1);
    assert_eq!(h.events[0].involved_name, "virt-launcher-a-abcde");
    assert_eq!(h.migrations.len(), 1);
    let m = &h.migrations[0];
    assert_eq!(m.plane.as_deref(), Some("data_plane"));
    assert_eq!(m.duration_secs, Some(42.5));
    assert_eq!(m.failure.as_deref(), Some("migration did not converge"));
    let st = s.stats().await.unwrap();
    assert_eq!((st.transitions, st.events, st.migrations), (4, 1, 1));
    assert!(st.bytes > 0);
    assert_eq!(s.span().await.unwrap(), Some((1_000, 9_000)));
}

async fn events_are_deduplicated_by_name_and_count(f: Fixture) {
    let s = f.open().await;
    s.write(vec![event("a", 100, "ev-1", 1), event("a", 100, "ev-1", 1)])
        .await
        .unwrap();
    s.write(vec![event("a", 100, "ev-1", 1), event("a", 200, "ev-1", 2)])
        .await
        .unwrap();
    let h = s.history(&id("a"), 0, 1_000).await.unwrap();
    let counts: Vec<i64> = h.events.iter().map(|e| e.count).collect();
    assert_eq!(counts, [1, 2], "one row per event and count");
    // A migration is recorded once.
    s.write(vec![migration("a", 10, "m"), migration("a", 10, "m")])
        .await
        .unwrap();
    assert_eq!(s.stats().await.unwrap().migrations, 1);
}

async fn the_detail_at_a_time_is_the_one_recorded_before_it(f: Fixture) {
    let s = f.open().await;
    let broken = page("a", "Failed");
    let fixed = page("a", "Running");
    s.write(vec![
        Record::Detail(id("a"), 1_000, broken.compress()),
        Record::Detail(id("a"), 5_000, fixed.compress()),
        Record::Detail(id("b"), 2_000, page("b", "Pending").compress()),
    ])
    .await
    .unwrap();
    assert_eq!(s.detail_at(&id("a"), 999).await.unwrap(), None);
    let (at, body) = s.detail_at(&id("a"), 4_999).await.unwrap().unwrap();
    assert_eq!(at, 1_000);
    assert_eq!(Snapshot::decompress(&body).unwrap(), broken);
    let (at, body) = s.detail_at(&id("a"), 5_000).await.unwrap().unwrap();
    assert_eq!(at, 5_000);
    assert_eq!(Snapshot::decompress(&body).unwrap(), fixed);
}

async fn retention_drops_rows_older_than_the_period(f: Fixture) {
    let s = f.open().await;
    let day = 86_400_000;
    let now = 30 * day;
    s.write(vec![
        transition("a", now - 20 * day, "node", "healthy", "broken"),
        event("a", now - 15 * day, "old", 1),
        Record::Detail(id("a"), now - 15 * day, page("a", "Failed").compress()),
        transition("a", now - 13 * day, "node", "broken", "healthy"),
        event("a", now - day, "new", 1),
    ])
    .await
    .unwrap();
    let p = retention::prune(&*s, Bounds::default(), now).await.unwrap();
    assert_eq!(p.by_age, 3);
    let h = s.history(&id("a"), 0, now).await.unwrap();
    assert_eq!(h.transitions.len(), 1);
    assert_eq!(h.events.len(), 1);
    assert_eq!(h.events[0].name, "new");
    assert_eq!(s.stats().await.unwrap().details, 0);
}

async fn the_size_cap_drops_the_oldest_rows_first(f: Fixture) {
    let s = f.open().await;
    for batch in 0..20 {
        let rows = (0..200)
            .map(|i| {
                let at = (batch * 200 + i) as i64 * 1_000;
                transition(&format!("vm-{}", i % 10), at, "node", "healthy", "broken")
            })
            .collect();
        s.write(rows).await.unwrap();
    }
    let before = s.stats().await.unwrap();
    let cap = before.bytes / 3;
    let bounds = Bounds {
        retention: Duration::from_secs(365 * 86_400),
        max_bytes: cap,
    };
    let p = retention::prune(&*s, bounds, 4_000_000).await.unwrap();
    let after = s.stats().await.unwrap();
    assert!(p.by_size > 0);
    assert!(after.bytes <= cap, "{} bytes > cap {cap}", after.bytes);
    assert!(after.transitions > 0, "not everything goes");
    let (lo, hi) = s.span().await.unwrap().unwrap();
    assert_eq!(hi, 3_999_000, "the newest row stays");
    assert!(lo > 0, "the oldest rows went first");
    // Exactly the rows older than the oldest kept one went.
    assert_eq!(after.transitions, (hi - lo) as u64 / 1_000 + 1);
}

async fn a_restart_keeps_everything(f: Fixture) {
    let s = f.open().await;
    s.write(vec![
        transition("a", 1_000, "node", "healthy", "broken"),
        Record::Detail(id("a"), 1_000, page("a", "Failed").compress()),
    ])
    .await
    .unwrap();
    drop(s);
    let s = f.open().await;
    let h = s.history(&id("a"), 0, 2_000).await.unwrap();
    assert_eq!(h.transitions.len(), 1);
    let (_, body) = s.detail_at(&id("a"), 2_000).await.unwrap().unwrap();
    assert_eq!(Snapshot::decompress(&body).unwrap().page().phase, "Failed");
}

async fn changes_are_each_vmis_newest_real_change(f: Fixture) {
    let s = f.open().await;
    s.write(vec![
        // First sightings are not changes.
        transition("a", 1_000, "node", "", "healthy"),
        transition("b", 1_000, "node", "", "healthy"),
        transition("c", 1_000, "node", "", "healthy"),
        transition("a", 2_000, "node", "healthy", "broken"),
        transition("b", 3_000, "guest", "healthy", "degraded"),
        transition("a", 4_000, "node", "broken", "healthy"),
        // Too old for the range asked.
        transition("c", 500, "guest", "healthy", "broken"),
    ])
    .await
    .unwrap();
    let got = s.changes(1_000, 100, None).await.unwrap();
    let names: Vec<(&str, i64, &str)> = got
        .iter()
        .map(|c| {
            (
                c.key.name.as_str(),
                c.transition.at,
                c.transition.step.new_text(),
            )
        })
        .collect();
    assert_eq!(names, [("a", 4_000, "healthy"), ("b", 3_000, "degraded")]);
    assert_eq!(got[0].transition.step.old_text(), "broken");
    assert_eq!(
        s.changes(1_000, 1, None).await.unwrap().len(),
        1,
        "the limit holds"
    );
    assert!(s.changes(5_000, 100, None).await.unwrap().is_empty());
}

async fn another_object_under_the_same_name_has_its_own_history(f: Fixture) {
    let s = f.open().await;
    // prod/a deleted and created again: the same name, another UID.
    let (old, new) = (id("a"), VmiId::new(key("a"), "uid-a-again"));
    let ev = |who: &VmiId, at| match event("a", at, "ev-1", 1) {
        Record::Event(_, e) => Record::Event(who.clone(), e),
        _ => unreachable!(),
    };
    let t = |who: &VmiId, at, new_: &str| match transition("a", at, "node", "healthy", new_) {
        Record::Transition(_, t) => Record::Transition(who.clone(), t),
        _ => unreachable!(),
    };
    s.write(vec![
        t(&old, 1_000, "broken"),
        ev(&old, 1_100),
        Record::Detail(old.clone(), 1_200, page("a", "Failed").compress()),
        // The same event name and count about the new object is its own row.
        ev(&new, 3_100),
        t(&new, 3_000, "degraded"),
    ])
    .await
    .unwrap();
    let h = s.history(&new, 0, 10_000).await.unwrap();
    let ats: Vec<i64> = h.transitions.iter().map(|t| t.at).collect();
    assert_eq!(ats, [3_000], "{h:?}");
    assert_eq!(h.events.len(), 1, "{h:?}");
    assert_eq!(h.events[0].at, 3_100);
    assert_eq!(s.detail_at(&new, 10_000).await.unwrap(), None);
    assert_eq!(
        s.history(&old, 0, 10_000).await.unwrap().transitions[0].at,
        1_000
    );
    assert!(s.detail_at(&old, 10_000).await.unwrap().is_some());
    assert_eq!(
        s.latest_uid(&key("a")).await.unwrap().as_deref(),
        Some("uid-a-again")
    );
    assert_eq!(s.latest_uid(&key("nobody")).await.unwrap(), None);
}

async fn changes_are_chosen_before_the_limit(f: Fixture) {
    let s = f.open().await;
    s.write(vec![
        transition("a", 4_000, "node", "healthy", "broken"),
        transition("b", 3_000, "guest", "healthy", "degraded"),
        transition("c", 2_000, "guest", "healthy", "broken"),
    ])
    .await
    .unwrap();
    let only = ["uid-b".to_string(), "uid-c".to_string()];
    let names = |got: Vec<model::api::history::Changed>| -> Vec<String> {
        got.into_iter().map(|c| c.key.name).collect()
    };
    // The newest change (a's) is not the caller's: it takes no place under the limit.
    assert_eq!(names(s.changes(0, 1, Some(&only)).await.unwrap()), ["b"]);
    assert_eq!(
        names(s.changes(0, 5, Some(&only)).await.unwrap()),
        ["b", "c"]
    );
    assert!(s.changes(0, 5, Some(&[])).await.unwrap().is_empty());
    assert_eq!(names(s.changes(0, 1, None).await.unwrap()), ["a"]);
}

macro_rules! suite {
    ($($t:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test]
                async fn $t() {
                    let dir = tempfile::tempdir().unwrap();
                    super::$t(super::Fixture::Sqlite(dir)).await
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test]
                async fn $t() {
                    let Some(url) = super::pg::database().await else {
                        return;
                    };
                    super::$t(super::Fixture::Postgres(url)).await
                }
            )*
        }
    };
}

suite!(
    records_and_reads_a_range,
    events_are_deduplicated_by_name_and_count,
    the_detail_at_a_time_is_the_one_recorded_before_it,
    retention_drops_rows_older_than_the_period,
    the_size_cap_drops_the_oldest_rows_first,
    a_restart_keeps_everything,
    changes_are_each_vmis_newest_real_change,
    another_object_under_the_same_name_has_its_own_history,
    changes_are_chosen_before_the_limit,
);

#[tokio::test]
async fn an_unusable_data_dir_is_an_error_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("not-a-dir");
    std::fs::write(&file, b"x").unwrap();
    let err = open(None, &file)
        .await
        .err()
        .expect("a file is no data dir");
    assert!(err.to_string().contains("data directory"), "{err}");
    let err = open(Some(&HistoryUrl::parse("mysql://x")), dir.path())
        .await
        .err()
        .unwrap();
    assert!(err.to_string().contains("postgres://"), "{err}");
}

/// Replicas sharing one PostgreSQL: one records at a time; when it goes, another takes over.
#[tokio::test]
async fn postgres_replicas_take_turns_recording() {
    let Some(url) = pg::database().await else {
        return;
    };
    let f = Fixture::Postgres(url);
    let (a, b) = (f.open().await, f.open().await);
    assert!(a.claim_writer().await.unwrap());
    assert!(
        a.claim_writer().await.unwrap(),
        "the writer stays the writer"
    );
    assert!(
        !b.claim_writer().await.unwrap(),
        "a second replica stands by"
    );
    // Both answer reads.
    a.write(vec![transition("a", 1, "node", "healthy", "broken")])
        .await
        .unwrap();
    assert_eq!(
        b.history(&id("a"), 0, 10).await.unwrap().transitions.len(),
        1
    );
    drop(a);
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while !b.claim_writer().await.unwrap() {
        assert!(
            std::time::Instant::now() < deadline,
            "the standby never took over"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// SQLite has one process: it always records.
#[tokio::test]
async fn sqlite_always_records() {
    let dir = tempfile::tempdir().unwrap();
    let s = Fixture::Sqlite(dir).open().await;
    assert!(s.claim_writer().await.unwrap());
}
