//! The flight recorder's budgets (issue 19): the recorder's sustained rate on one core, one
//! VMI's 14-day history at 10,000 VMIs with 14 days of simulated churn, and bytes on disk per
//! recorded transition. SQLite in a temporary directory (the embedded default).
//!
//! * Rate: summaries with a changed layer go through the recorder's diff
//!   ([`backend::history::recorder::Observer`]) and are written in the writer's batch size, the
//!   process pinned to one CPU.
//! * Query: every VMI changes verdict every [`CHANGE_EVERY_H`] hours for 14 days (a verdict and
//!   a headline transition and an event per change), written with times spread over the
//!   period; then the 14-day history of sampled VMIs is read. Quick: 1,000 VMIs, 2 days.

use super::{Budget, Figure, cpus, pin};
use backend::history::recorder::{BATCH, Observer};
use backend::history::{self, EventEntry, Record, Step, Transition, VmiId};
use model::verdict::Health;
use model::{VmiKey, VmiSummary};
use std::time::{Duration, Instant};

/// Hours between two verdict changes of one VMI in the simulated churn.
pub const CHANGE_EVERY_H: i64 = 4;
const DAY_MS: i64 = 86_400_000;

fn summary(i: usize, broken: bool) -> VmiSummary {
    let mut s = VmiSummary::from_vmi(&model::kube::vmi::Vmi::from_value(&serde_json::json!({
        "metadata": {"name": format!("vm-{i:05}"), "namespace": format!("ns-{:02}", i % 50)},
        "status": {"phase": "Running"}
    })));
    s.layers.control_plane = Health::Healthy;
    s.layers.guest = Health::Healthy;
    s.layers.node = if broken {
        Health::Broken
    } else {
        Health::Healthy
    };
    s.headline = if broken {
        format!("node worker-{} is NotReady: the VMI may be lost", i % 40)
    } else {
        "every layer is healthy".into()
    };
    s
}

fn size_on_disk(dir: &std::path::Path) -> u64 {
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.metadata().ok())
        .map(|m| m.len())
        .sum()
}

/// Transitions per second through the diff and the batched writer, on one CPU; and bytes on
/// disk per transition.
async fn rate(quick: bool) -> anyhow::Result<Vec<Figure>> {
    let dir = tempfile::tempdir()?;
    let store = history::open(None, dir.path()).await?;
    let vmis = if quick { 1_000 } else { 10_000 };
    let rounds = if quick { 10 } else { 40 };
    let mut obs = Observer::default();
    let (mut out, mut details) = (Vec::new(), Vec::new());
    // Built before the clock starts: projecting summaries is the watch's cost, not the
    // recorder's.
    let msgs: Vec<[model::wire::StreamMsg; 2]> = (0..vmis)
        .map(|i| {
            [false, true].map(|b| model::wire::StreamMsg::Upsert {
                item: summary(i, b),
            })
        })
        .collect();
    for m in &msgs {
        obs.apply(&m[0], 0, &mut out, &mut details);
    }
    out.clear();
    let all: Vec<usize> = cpus().to_vec();
    let list = |c: &[usize]| {
        c.iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    let pinned = pin(std::process::id(), &all[0].to_string());
    let started = Instant::now();
    let mut written = 0u64;
    for r in 0..rounds {
        for (i, m) in msgs.iter().enumerate() {
            let msg = &m[(r + 1) % 2];
            obs.apply(msg, (r * vmis + i) as i64, &mut out, &mut details);
            if out.len() >= BATCH {
                written += out.len() as u64;
                store.write(std::mem::take(&mut out)).await?;
            }
        }
        details.clear();
    }
    written += out.len() as u64;
    store.write(std::mem::take(&mut out)).await?;
    let secs = started.elapsed().as_secs_f64();
    if pinned {
        pin(std::process::id(), &list(&all));
    }
    store.compact().await?;
    let stats = store.stats().await?;
    let disk = size_on_disk(dir.path());
    let how = format!(
        "{written} transitions ({vmis} VMIs x {rounds} rounds of a node verdict and headline \
         change), diffed and written {BATCH} per transaction{}",
        if pinned {
            ", pinned to one CPU"
        } else {
            ", not pinned (no taskset)"
        }
    );
    Ok(vec![
        Figure::new(
            "history_rate",
            "Recorder: transitions per second",
            written as f64 / secs,
            "/s",
        )
        .budget(Budget::AtLeast(5_000.0))
        .note(how),
        Figure::new(
            "history_bytes_per_transition",
            "History: bytes on disk per transition",
            disk as f64 / stats.transitions.max(1) as f64,
            "bytes",
        )
        .note(format!(
            "database and WAL files after the run ({} bytes in used pages)",
            stats.bytes
        )),
    ])
}

/// Fills a store with `vmis` VMIs changing every [`CHANGE_EVERY_H`] hours for `days`.
async fn churn(store: &history::DynStore, vmis: usize, days: i64, now: i64) -> anyhow::Result<u64> {
    let changes = days * 24 / CHANGE_EVERY_H;
    let step = CHANGE_EVERY_H * 3_600_000;
    let mut batch = Vec::with_capacity(BATCH * 3);
    let mut rows = 0u64;
    for c in 0..changes {
        for i in 0..vmis {
            // Spread the VMIs over the interval.
            let at = now - days * DAY_MS + c * step + (i as i64 * step) / vmis as i64;
            let key = vmi(i);
            let (old, new) = if c % 2 == 0 {
                ("healthy", "broken")
            } else {
                ("broken", "healthy")
            };
            let title = format!("node worker-{} is NotReady: the VMI may be lost", i % 40);
            let t = |step| {
                Record::Transition(
                    key.clone(),
                    Transition {
                        at,
                        step,
                        title: title.clone(),
                    },
                )
            };
            batch.push(t(Step::from_columns(
                "verdict",
                Some("node"),
                old.into(),
                new.into(),
            )
            .expect("a readable verdict")));
            batch.push(t(Step::Headline {
                old: "every layer is healthy".into(),
                new: title.clone(),
            }));
            batch.push(Record::Event(
                key,
                EventEntry {
                    at,
                    involved_kind: "Node".into(),
                    involved_name: format!("worker-{}", i % 40),
                    name: format!("worker-{}.{c}", i % 40),
                    count: 1,
                    type_: "Warning".into(),
                    reason: "NodeNotReady".into(),
                    message: "Node is not ready".into(),
                },
            ));
            if batch.len() >= BATCH * 2 {
                rows += batch.len() as u64;
                store.write(std::mem::take(&mut batch)).await?;
            }
        }
    }
    rows += batch.len() as u64;
    store.write(batch).await?;
    Ok(rows)
}

/// The `i`-th VMI of [`churn`].
fn vmi(i: usize) -> VmiId {
    let key = VmiKey {
        cluster: String::new(),
        namespace: format!("ns-{:02}", i % 50),
        name: format!("vm-{i:05}"),
    };
    VmiId::new(key, format!("uid-{i:05}"))
}

/// One VMI's whole history, at scale.
async fn query(quick: bool) -> anyhow::Result<Vec<Figure>> {
    let (vmis, days) = if quick { (1_000, 2) } else { (10_000, 14) };
    let dir = tempfile::tempdir()?;
    let store = history::open(None, dir.path()).await?;
    let now = history::now_ms();
    let filled = Instant::now();
    let rows = churn(&store, vmis, days, now).await?;
    let fill_secs = filled.elapsed().as_secs_f64();
    let mut times = Vec::new();
    let mut seen = 0;
    for n in 0..50 {
        let i = (n * 7919) % vmis;
        let key = vmi(i);
        let t = Instant::now();
        let h = store.history(&key, now - days * DAY_MS, now).await?;
        times.push(t.elapsed());
        seen = h.transitions.len() + h.events.len();
    }
    times.sort();
    let p95 = times[times.len() * 95 / 100];
    let max = *times.last().unwrap_or(&Duration::ZERO);
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let disk = size_on_disk(dir.path());
    Ok(vec![
        Figure::new(
            "history_query_p95",
            &format!("History: one VMI's {days}-day history at {vmis} VMIs (p95)"),
            ms(p95),
            "ms",
        )
        .budget_if(!quick, Budget::AtMost(50.0))
        .note(format!(
            "{rows} rows ({days} days, a change every {CHANGE_EVERY_H} h per VMI: verdict, \
             headline, event), {seen} rows per answer, 50 VMIs read, max {:.1} ms; filled in \
             {fill_secs:.0} s; {} MiB on disk",
            ms(max),
            disk / (1 << 20)
        )),
    ])
}

/// Every history figure.
pub async fn measure(quick: bool) -> anyhow::Result<Vec<Figure>> {
    let mut f = rate(quick).await?;
    f.extend(query(quick).await?);
    Ok(f)
}
