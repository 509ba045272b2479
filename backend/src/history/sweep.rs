//! The recorder's periodic sweep over the watch caches: the events about each VMI (its VM, its
//! launcher pods, its migrations and its node) and the outcome of each finished migration.
//! Reading the caches, not the watch loop, keeps the watchers untouched; the cost is one pass
//! every [`EVERY`] over what they already hold.
//!
//! Events are deduplicated by involved object, event name and count (a bumped count is a new
//! row), both here (what was already sent) and by the store's unique key, so they outlive the
//! API server's TTL without being recorded twice.
//!
//! What was sent is kept as 64-bit fingerprints, and only for what the caches still hold: a
//! whole pass replaces the sets with the fingerprints it met (an event or a migration that left
//! the caches cannot come back), so they stay as small as the caches whatever the uptime. A pass
//! reads the VMIs in chunks of [`CHUNK`] keys, never a copy of every key at once.
//!
//! Rows carry the VMI's UID ([`VmiId`]): an event about an earlier VMI of the same name (its
//! `involvedObject.uid` is another) is not this VMI's, and a finished migration is recorded for
//! the VMI that holds its name when it is seen final (none: not recorded). Each cluster is
//! swept from its own caches into rows naming its cluster ([`spawn`]).

use super::queue::{BATCH, QUEUE, Shared, record};
use super::{EventEntry, MigrationEntry, Record, VmiId, now_ms};
use crate::event_cache::Involved;
use crate::store::Store;
use crate::watch::Caches;
use model::VmiKey;
use model::kube::{Event, Vmim};
use model::migration::{MigrationContext, MigrationReport, interpret};
use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;

/// How often the caches are swept.
pub const EVERY: Duration = Duration::from_secs(10);
/// Sent-event fingerprints kept; past this the set starts over (the store ignores repeats).
const SENT_MAX: usize = 500_000;
/// VMIs read from the summary store at a time.
pub const CHUNK: usize = 256;

/// What was already sent, as fingerprints of what the caches still hold.
#[derive(Default)]
pub struct Sweep {
    events: HashSet<u64>,
    migrations: HashSet<u64>,
}

/// A 64-bit fingerprint of `v` (std's SipHash with fixed keys: the same in every pass).
fn fingerprint(v: impl Hash) -> u64 {
    let mut h = DefaultHasher::new();
    v.hash(&mut h);
    h.finish()
}

/// The objects whose events belong to a VMI's history.
pub fn involved(caches: &Caches, key: &VmiKey, node: Option<&str>) -> Vec<Involved> {
    let (ns, name) = (key.namespace.as_str(), key.name.as_str());
    let mut about = vec![
        Involved::new("VirtualMachineInstance", ns, name),
        Involved::new("VirtualMachine", ns, name),
    ];
    about.extend(
        caches
            .launchers(key)
            .iter()
            .map(|p| Involved::new("Pod", ns, &p.name())),
    );
    about.extend(
        caches
            .migrations_of(key)
            .iter()
            .map(|m| Involved::new("VirtualMachineInstanceMigration", ns, m.metadata.name())),
    );
    if let Some(n) = node {
        // Node events live in the namespace of whoever reported them, usually `default`.
        about.push(Involved::new("Node", "", n));
        about.push(Involved::new("Node", "default", n));
    }
    about
}

/// Whether `e`, found under `about`, is about the VMI whose UID is `uid`: an event naming a VMI
/// by another UID is about an earlier VMI of that name.
fn about_this(about: &Involved, e: &Event, uid: &str) -> bool {
    let named = e.involved_object.uid.as_deref().filter(|u| !u.is_empty());
    &*about.kind != "VirtualMachineInstance" || uid.is_empty() || named.is_none_or(|u| u == uid)
}

/// An event as a history row.
pub fn event_entry(about: &Involved, e: &Event, now: i64) -> EventEntry {
    let s = |o: &Option<String>| o.clone().unwrap_or_default();
    EventEntry {
        at: e.time().map_or(now, |t| t.0),
        involved_kind: about.kind.to_string(),
        involved_name: about.name.to_string(),
        name: e.metadata.name().to_string(),
        count: e.count.unwrap_or(1),
        type_: s(&e.type_),
        reason: s(&e.reason),
        message: s(&e.message),
    }
}

/// A finished migration as a history row.
pub fn migration_entry(m: &Vmim, report: &MigrationReport, now: i64) -> MigrationEntry {
    let times: Vec<i64> = report
        .timeline
        .iter()
        .filter_map(|s| s.at.map(|t| t.0))
        .collect();
    MigrationEntry {
        at: times.last().copied().unwrap_or(now),
        migration: m.metadata.name().to_string(),
        phase: report.phase.clone(),
        outcome: snake(&report.outcome),
        mode: report.mode.clone(),
        plane: report.failure.as_ref().map(|f| snake(&f.plane)),
        failure: report.failure.as_ref().map(|f| f.reason.clone()),
        duration_secs: match (times.first(), times.last()) {
            (Some(a), Some(b)) if b > a => Some((b - a) as f64 / 1000.0),
            _ => None,
        },
    }
}

/// The serde (snake_case) name of an enum value.
fn snake<T: serde::Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(serde_json::Value::String(s)) => s,
        _ => "unknown".into(),
    }
}

impl Sweep {
    /// One pass: the records not sent before.
    pub fn pass(&mut self, summaries: &Store, caches: &Caches, now: i64) -> Vec<Record> {
        self.pass_at_most(summaries, caches, now, usize::MAX)
    }

    /// One pass that stops at `max` records; what it left is found by the next pass.
    pub fn pass_at_most(
        &mut self,
        summaries: &Store,
        caches: &Caches,
        now: i64,
        max: usize,
    ) -> Vec<Record> {
        if self.events.len() > SENT_MAX {
            self.events.clear();
        }
        let mut out = Vec::new();
        // The fingerprints met in this pass: once it went through everything, all that stays.
        let mut met = HashSet::new();
        let mut after: Option<VmiKey> = None;
        loop {
            let chunk = summaries.placed_after(after.as_ref(), CHUNK);
            let Some(last) = chunk.last() else {
                break;
            };
            after = Some(last.key.clone());
            for p in chunk {
                if out.len() >= max {
                    return out;
                }
                let vmi = VmiId::new(p.key, p.uid.unwrap_or_default());
                for about in involved(caches, &vmi.key, p.node.as_deref()) {
                    for e in caches.events_about(&about) {
                        if !about_this(&about, &e, &vmi.uid) {
                            continue;
                        }
                        let entry = event_entry(&about, &e, now);
                        let id = fingerprint((
                            &vmi,
                            &entry.involved_kind,
                            &entry.involved_name,
                            &entry.name,
                            entry.count,
                        ));
                        met.insert(id);
                        if self.events.insert(id) {
                            out.push(Record::Event(vmi.clone(), entry));
                        }
                    }
                }
            }
        }
        let mut finished = HashSet::new();
        for m in caches.migrations() {
            if out.len() >= max {
                return out;
            }
            if !m.is_final() {
                continue;
            }
            let (ns, name) = (m.metadata.namespace(), m.metadata.name());
            let id = fingerprint((ns, name, m.metadata.uid.as_deref().unwrap_or_default()));
            finished.insert(id);
            if self.migrations.contains(&id) {
                continue;
            }
            let Some(vmi) = m.spec.vmi_name.clone() else {
                continue;
            };
            let about = Involved::new("VirtualMachineInstanceMigration", ns, name);
            let events = caches.events_about(&about);
            let events: Vec<&Event> = events.iter().collect();
            let ctx = MigrationContext {
                events: &events,
                ..MigrationContext::default()
            };
            let report = interpret(Some(&m), &ctx);
            let key = VmiKey::new(ns, vmi).in_cluster(summaries.cluster());
            if !summaries.contains(&key) {
                // Its VMI is gone (or not read yet): no VMI to keep it for.
                continue;
            }
            let uid = summaries.uid(&key).unwrap_or_default();
            let vmi = VmiId::new(key, uid);
            out.push(Record::Migration(vmi, migration_entry(&m, &report, now)));
            self.migrations.insert(id);
        }
        // A whole pass: forget what the caches no longer hold.
        self.events = met;
        self.migrations = finished;
        out
    }

    /// Fingerprints kept: sent events and finished migrations.
    pub fn kept(&self) -> usize {
        self.events.len() + self.migrations.len()
    }
}

/// Sweeps every [`EVERY`] until aborted, each cluster of `clusters` (its handle on the
/// summary store, its caches) in turn with fingerprints of its own. A pass hands the writer at
/// most [`BATCH`] records, and only once it has caught up; a pass that had more goes on as soon
/// as it has (so the events already in the caches at start are a few bounded batches, not one
/// queue-filling burst), whatever the number of clusters.
pub fn spawn(
    clusters: Vec<(Arc<Store>, Arc<Caches>)>,
    tx: mpsc::Sender<Record>,
    shared: Arc<Shared>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut sweeps: Vec<Sweep> = clusters.iter().map(|_| Sweep::default()).collect();
        let mut tick = tokio::time::interval(EVERY);
        loop {
            tick.tick().await;
            for ((summaries, caches), sweep) in clusters.iter().zip(&mut sweeps) {
                loop {
                    while tx.capacity() + BATCH < QUEUE {
                        tokio::time::sleep(CATCH_UP).await;
                    }
                    let records = sweep.pass_at_most(summaries, caches, now_ms(), BATCH);
                    let more = records.len() >= BATCH;
                    for r in records {
                        record(&tx, &shared, r);
                    }
                    if !more {
                        break;
                    }
                }
            }
        }
    })
}

/// How often a sweep waiting for the writer looks again.
const CATCH_UP: Duration = Duration::from_millis(50);
