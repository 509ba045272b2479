//! What the recorder takes from where: the summary diff ([`Observer`]), the events and
//! migration outcomes of the caches ([`Sweep`]), and who may read it (token mode).

mod common;

use backend::history::recorder::Observer;
use backend::history::sweep::Sweep;
use backend::history::{self, Change, Record, retention::Bounds};
use backend::run::Options;
use common::*;
use model::VmiSummary;
use model::verdict::Health;
use model::wire::StreamMsg;
use serde_json::{Value, json};
use std::time::Duration;

fn summary(name: &str, phase: &str, node: Health, headline: &str) -> VmiSummary {
    let mut s = VmiSummary::from_vmi(&model::kube::vmi::Vmi::from_value(&json!({
        "metadata": {"name": name, "namespace": "ns"}, "status": {"phase": phase}
    })));
    s.layers.control_plane = Health::Healthy;
    s.layers.node = node;
    s.layers.guest = Health::Healthy;
    s.layers.network = Health::Healthy;
    s.layers.migration = Health::Healthy;
    s.headline = headline.into();
    s
}

fn transitions(out: &[Record]) -> Vec<(Change, Option<String>, String, String)> {
    out.iter()
        .filter_map(|r| match r {
            Record::Transition(_, t) => {
                let s = &t.step;
                Some((
                    s.change(),
                    s.layer().map(|l| l.name().to_string()),
                    s.old_text().to_string(),
                    s.new_text().to_string(),
                ))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn the_observer_records_what_changed_and_asks_for_the_page_at_verdict_changes() {
    let mut o = Observer::default();
    let (mut out, mut details) = (Vec::new(), Vec::new());
    let healthy = summary("a", "Running", Health::Healthy, "all healthy");
    o.apply(
        &StreamMsg::Upsert {
            item: healthy.clone(),
        },
        1,
        &mut out,
        &mut details,
    );
    // A first sight only queues its baseline; a round writes it: phase, the five layers'
    // verdicts, headline, each from nothing; and its page, healthy or not (the oldest moment
    // the timeline offers opens like the others).
    assert!(out.is_empty() && o.waiting());
    let mut firsts = Vec::new();
    assert_eq!(o.baselines(64, 64, &mut out, &mut firsts), 0);
    let a = model::VmiKey {
        cluster: String::new(),
        namespace: "ns".into(),
        name: "a".into(),
    };
    assert_eq!(firsts, [(history::VmiId::new(a, ""), 1)]);
    firsts.clear();
    assert_eq!(transitions(&out).len(), 7);
    let layers: Vec<String> = transitions(&out).into_iter().filter_map(|t| t.1).collect();
    assert_eq!(
        layers,
        ["control_plane", "node", "guest", "network", "migration"]
    );
    assert!(transitions(&out).iter().all(|t| t.2.is_empty()));
    assert!(details.is_empty());
    out.clear();
    o.apply(
        &StreamMsg::Upsert {
            item: healthy.clone(),
        },
        2,
        &mut out,
        &mut details,
    );
    assert!(out.is_empty(), "an unchanged summary records nothing");
    let broken = summary("a", "Running", Health::Broken, "node is NotReady");
    o.apply(
        &StreamMsg::Upsert { item: broken },
        3,
        &mut out,
        &mut details,
    );
    assert_eq!(
        transitions(&out),
        [
            (
                Change::Verdict,
                Some("node".into()),
                "healthy".into(),
                "broken".into()
            ),
            (
                Change::Headline,
                None,
                "all healthy".into(),
                "node is NotReady".into()
            ),
        ]
    );
    assert_eq!(details.len(), 1, "the page at the verdict change");
    out.clear();
    details.clear();
    let failed = summary("a", "Failed", Health::Broken, "node is NotReady");
    o.apply(
        &StreamMsg::Upsert { item: failed },
        4,
        &mut out,
        &mut details,
    );
    assert_eq!(
        transitions(&out),
        [(Change::Phase, None, "Running".into(), "Failed".into())]
    );
    assert!(details.is_empty(), "a phase change alone keeps the page");
    out.clear();
    // The network layer's verdict is followed like the others.
    let mut degraded = summary("a", "Failed", Health::Broken, "node is NotReady");
    degraded.layers.network = Health::Degraded;
    o.apply(
        &StreamMsg::Upsert { item: degraded },
        4,
        &mut out,
        &mut details,
    );
    assert_eq!(
        transitions(&out),
        [(
            Change::Verdict,
            Some("network".into()),
            "healthy".into(),
            "degraded".into()
        )]
    );
    assert_eq!(details.len(), 1, "the page at the network's change");
    out.clear();
    details.clear();
    // A snapshot without the VMI: it went away.
    let other = summary("b", "Running", Health::Broken, "guest agent gone");
    let snap = StreamMsg::Snapshot {
        items: vec![other],
        synced: true,
    };
    o.apply(&snap, 5, &mut out, &mut details);
    assert!(transitions(&out).contains(&(Change::Phase, None, "Failed".into(), "Deleted".into())));
    assert!(details.is_empty(), "a first sight waits for its round");
    out.clear();
    // A round with no room for pages leaves a VMI waiting.
    assert_eq!(o.baselines(64, 0, &mut out, &mut firsts), 1);
    assert!(out.is_empty());
    assert_eq!(o.baselines(64, 1, &mut out, &mut firsts), 0);
    assert_eq!(transitions(&out).len(), 7);
    let layers: Vec<String> = transitions(&out).into_iter().filter_map(|t| t.1).collect();
    assert_eq!(
        layers,
        ["control_plane", "node", "guest", "network", "migration"]
    );
    assert_eq!(
        firsts,
        [(history::VmiId::new(other_key(), ""), 5)],
        "a first sight keeps its page, as of when it was seen"
    );
    assert_eq!(o.len(), 1);
}

fn other_key() -> model::VmiKey {
    model::VmiKey {
        cluster: String::new(),
        namespace: "ns".into(),
        name: "b".into(),
    }
}

#[test]
fn a_restart_from_the_visited_store_records_what_a_snapshot_would() {
    // Two observers that saw `a` and `b`; the store now holds `b` broken and a new `c`.
    let observer = || {
        let mut o = Observer::default();
        let (mut out, mut details) = (Vec::new(), Vec::new());
        for n in ["a", "b"] {
            let item = summary(n, "Running", Health::Healthy, "all healthy");
            o.apply(&StreamMsg::Upsert { item }, 1, &mut out, &mut details);
        }
        o.baselines(64, 64, &mut out, &mut Vec::new());
        o
    };
    let store = backend::store::Store::new(100, 16);
    store.upsert(summary("b", "Running", Health::Broken, "node is NotReady"));
    store.upsert(summary("c", "Running", Health::Healthy, "all healthy"));
    let (mut snapshot, mut visited) = (observer(), observer());
    let (mut out, mut details) = (Vec::new(), Vec::new());
    let (_, msg) = store.snapshot();
    snapshot.apply(&msg, 2, &mut out, &mut details);
    let (mut out2, mut details2) = (Vec::new(), Vec::new());
    let mut met = backend::history::recorder::Met::default();
    let _rx =
        store.subscribe_visiting(|s| visited.observe_met(s, 2, &mut out2, &mut details2, &mut met));
    visited.gone_unless(&met, 2, &mut out2);
    assert_eq!((&out2, &details2), (&out, &details));
    let t = transitions(&out);
    assert!(t.contains(&(Change::Phase, None, "Running".into(), "Deleted".into())));
    assert!(t.contains(&(
        Change::Verdict,
        Some("node".into()),
        "healthy".into(),
        "broken".into()
    )));
    assert_eq!(
        t.len(),
        3,
        "a gone, b's node and headline; c waits for its round"
    );
    let keys: Vec<_> = details.into_iter().map(|d| d.key).collect();
    assert_eq!(keys, [summary("b", "", Health::Broken, "").key]);
    assert_eq!((visited.len(), visited.waiting()), (2, true));
}

#[test]
fn a_change_before_its_round_writes_the_baseline_first() {
    let mut o = Observer::default();
    let (mut out, mut details) = (Vec::new(), Vec::new());
    let healthy = summary("a", "Running", Health::Healthy, "all healthy");
    o.apply(
        &StreamMsg::Upsert { item: healthy },
        1,
        &mut out,
        &mut details,
    );
    let broken = summary("a", "Running", Health::Broken, "node is NotReady");
    o.apply(
        &StreamMsg::Upsert { item: broken },
        2,
        &mut out,
        &mut details,
    );
    let at: Vec<i64> = out
        .iter()
        .filter_map(|r| match r {
            Record::Transition(_, t) => Some(t.at),
            _ => None,
        })
        .collect();
    assert_eq!(
        at,
        [1, 1, 1, 1, 1, 1, 1, 2, 2],
        "the baseline at first sight, then the change"
    );
    assert_eq!(transitions(&out)[7].2, "healthy");
    assert_eq!(details.len(), 1);
    // Nothing is left for a round, and a deletion after a pending first sight keeps both.
    out.clear();
    let mut firsts = Vec::new();
    assert_eq!(o.baselines(64, 64, &mut out, &mut firsts), 0);
    assert!(out.is_empty());
    let b = summary("b", "Running", Health::Healthy, "all healthy");
    o.apply(&StreamMsg::Upsert { item: b }, 3, &mut out, &mut details);
    o.apply(
        &StreamMsg::Delete { key: other_key() },
        4,
        &mut out,
        &mut details,
    );
    assert_eq!(transitions(&out).len(), 8);
    assert_eq!(transitions(&out)[7].3, "Deleted");
    assert_eq!(o.baselines(64, 64, &mut out, &mut firsts), 0);
    assert_eq!(transitions(&out).len(), 8, "no second baseline");
}

#[tokio::test]
async fn the_sweep_records_events_and_migration_outcomes_once() {
    let sim = sim("migration-precopy,migration-postcopy-failure").await;
    let console = console(&sim).await;
    all_synced(&console).await;
    sim.advance(3600.0);
    let mut sweep = Sweep::default();
    let mut all = Vec::new();
    eventually(Duration::from_secs(20), "both outcomes", || {
        all.extend(sweep.pass(&console.store, &console.caches, history::now_ms()));
        let outcomes: Vec<String> = all
            .iter()
            .filter_map(|r| match r {
                Record::Migration(_, m) => Some(m.outcome.clone()),
                _ => None,
            })
            .collect();
        let done =
            outcomes.iter().any(|o| o == "failed") && outcomes.iter().any(|o| o == "succeeded");
        async move { done.then_some(()) }
    })
    .await;
    let failed = all
        .iter()
        .find_map(|r| match r {
            Record::Migration(_, m) if m.outcome == "failed" => Some(m),
            _ => None,
        })
        .unwrap();
    assert_eq!(failed.phase, "Failed");
    assert!(
        failed.plane.is_some() && failed.failure.is_some(),
        "{failed:?}"
    );
    let ok = all
        .iter()
        .find_map(|r| match r {
            Record::Migration(_, m) if m.outcome == "succeeded" => Some(m),
            _ => None,
        })
        .unwrap();
    assert!(ok.duration_secs.is_some_and(|d| d > 0.0), "{ok:?}");
    let events = all
        .iter()
        .filter(|r| matches!(r, Record::Event(..)))
        .count();
    assert!(events > 0, "the migrations' events are recorded");
    // Nothing new: nothing again.
    let again = sweep.pass(&console.store, &console.caches, history::now_ms());
    assert!(
        again.iter().all(|r| !matches!(r, Record::Migration(..))),
        "a migration is recorded once"
    );
    // What it keeps is what the caches hold: the two finished migrations and their VMIs'
    // events, not every event it ever sent.
    let held = sweep.kept();
    assert!(held > 2, "{held}");
    let third = sweep.pass(&console.store, &console.caches, history::now_ms());
    assert!(
        sweep.kept() <= held + third.len(),
        "{} > {held} + {}",
        sweep.kept(),
        third.len()
    );
}

#[test]
fn another_vmi_under_a_seen_name_ends_the_old_history_and_starts_its_own() {
    let with_uid = |phase: &str, uid: &str| VmiSummary {
        uid: Some(uid.into()),
        ..summary("a", phase, Health::Healthy, "all healthy")
    };
    let (mut o, mut out, mut details) = (Observer::default(), Vec::new(), Vec::new());
    let mut upsert = |o: &mut Observer, s: VmiSummary, at, out: &mut Vec<Record>| {
        o.apply(&StreamMsg::Upsert { item: s }, at, out, &mut details);
    };
    upsert(&mut o, with_uid("Running", "uid-1"), 1, &mut out);
    upsert(&mut o, with_uid("Failed", "uid-1"), 2, &mut out);
    // Deleted and created again between two messages (a re-list shows only the new one).
    upsert(&mut o, with_uid("Running", "uid-2"), 3, &mut out);
    let rows: Vec<(String, i64, String, String)> = out
        .iter()
        .filter_map(|r| match r {
            Record::Transition(id, t) if t.step.change() == Change::Phase => Some((
                id.uid.clone(),
                t.at,
                t.step.old_text().to_string(),
                t.step.new_text().to_string(),
            )),
            _ => None,
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("uid-1".into(), 1, String::new(), "Running".into()),
            ("uid-1".into(), 2, "Running".into(), "Failed".into()),
            ("uid-1".into(), 3, "Failed".into(), "Deleted".into()),
        ],
        "the old VMI's rows under its UID, ending when the other appeared"
    );
    assert!(
        out.iter().all(|r| match r {
            Record::Transition(id, _) => id.key.name == "a" && id.uid == "uid-1",
            _ => true,
        }),
        "nothing of the new VMI before its baseline"
    );
    out.clear();
    let mut firsts = Vec::new();
    assert_eq!(o.baselines(64, 64, &mut out, &mut firsts), 0);
    assert_eq!(transitions(&out).len(), 7, "the new VMI's baseline");
    assert!(
        out.iter()
            .all(|r| matches!(r, Record::Transition(id, _) if id.uid == "uid-2"))
    );
    assert_eq!(o.len(), 1);
}

fn policy() -> Value {
    let read = ["get", "list", "watch"];
    json!({"users": [
        {"name": "strata", "token": "strata-sa-token", "rules": [{"verbs": read}]},
        {"name": "bob", "token": "bob-token", "rules": [
            {"verbs": read, "apiGroups": ["kubevirt.io"], "resources": ["virtualmachineinstances"],
             "namespaces": ["staging"]}
        ]}
    ]})
}

async fn get_as(console: &backend::run::Console, cookie: &str, path: &str) -> u16 {
    http()
        .get(format!("{}{path}", console.url()))
        .header("cookie", cookie)
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

#[tokio::test]
async fn in_token_mode_history_is_shown_only_for_namespaces_the_user_may_read() {
    let data = tempfile::tempdir().unwrap();
    let handle = history::open_handle(None, data.path(), Bounds::default()).await;
    let (_sim, console, _dir) = token_console(&policy(), |_| Options {
        history: Some(handle),
        ..Options::local(None)
    })
    .await;
    let at = "?at=2030-01-01T00:00:00Z";
    assert_eq!(get_json(&console, "/api/v1/history").await.0, 401);
    assert_eq!(
        get_json(&console, "/api/v1/vmis/staging/x/history").await.0,
        401
    );
    let res = http()
        .post(format!("{}/auth/signin", console.url()))
        .header("origin", console.url())
        .form(&[("token", "bob-token")])
        .send()
        .await
        .unwrap();
    let cookie = res.headers()["set-cookie"].to_str().unwrap();
    let cookie = cookie.split(';').next().unwrap().to_string();
    assert_eq!(
        get_as(
            &console,
            &cookie,
            "/api/v1/vmis/staging/ci-runner-7/history"
        )
        .await,
        200
    );
    assert_eq!(
        get_as(&console, &cookie, "/api/v1/vmis/staging/x/history").await,
        404,
        "no VMI holds the name now: no object's history to read"
    );
    assert_eq!(
        get_as(&console, &cookie, "/api/v1/vmis/prod/x/history").await,
        403
    );
    let detail = format!("/api/v1/vmis/prod/x/detail{at}");
    assert_eq!(get_as(&console, &cookie, &detail).await, 403);
    let detail = format!("/api/v1/vmis/staging/x/detail{at}");
    assert_eq!(
        get_as(&console, &cookie, &detail).await,
        404,
        "allowed, no such VMI"
    );
}

#[test]
fn the_allocator_is_trimmed_during_a_long_run_of_baselines_and_after_it() {
    use backend::history::recorder::{TRIM_ROUNDS, trim_after};
    let trims: Vec<usize> = (1..=25).filter(|&r| trim_after(r, 100)).collect();
    assert_eq!(trims, [TRIM_ROUNDS, 2 * TRIM_ROUNDS]);
    assert!(trim_after(3, 0), "once none waits");
}

#[test]
fn a_round_of_baselines_waits_until_at_most_one_round_of_rows_waits() {
    use backend::history::recorder::{QUEUE, ROUND_ROWS, room_for_round};
    assert!(room_for_round(QUEUE), "an empty queue");
    assert!(room_for_round(QUEUE - ROUND_ROWS), "one round waiting");
    assert!(
        !room_for_round(QUEUE - ROUND_ROWS - 1),
        "more than a round waiting"
    );
    assert!(!room_for_round(QUEUE - 4096), "a writer's batch waiting");
}
