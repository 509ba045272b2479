//! The recorder's periodic sweep over the watch caches: the events about each VMI (its VM, its
//! launcher pods, its migrations and its node) and the outcome of each finished migration.
//! Reading the caches, not the watch loop, keeps the watchers untouched; the cost is one pass
//! every [`EVERY`] over what they already hold.
//!
//! Events are deduplicated by involved object, event name and count (a bumped count is a new
//! row), both here (what was already sent) and by the store's unique key, so they outlive the
//! API server's TTL without being recorded twice.

use super::recorder::{Shared, record};
use super::{EventEntry, MigrationEntry, Record, now_ms};
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

/// What was already sent.
#[derive(Default)]
pub struct Sweep {
    events: HashSet<u64>,
    migrations: HashSet<(String, String, String)>,
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
            .map(|p| Involved::new("Pod", ns, &p.name)),
    );
    about.extend(
        caches
            .migrations_in(ns)
            .iter()
            .filter(|m| m.spec.vmi_name.as_deref() == Some(name))
            .map(|m| Involved::new("VirtualMachineInstanceMigration", ns, m.metadata.name())),
    );
    if let Some(n) = node {
        // Node events live in the namespace of whoever reported them, usually `default`.
        about.push(Involved::new("Node", "", n));
        about.push(Involved::new("Node", "default", n));
    }
    about
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
        if self.events.len() > SENT_MAX {
            self.events.clear();
        }
        let mut out = Vec::new();
        for s in summaries.items() {
            for about in involved(caches, &s.key, s.node.as_deref()) {
                for e in caches.events_about(&about) {
                    let entry = event_entry(&about, &e, now);
                    let mut h = DefaultHasher::new();
                    (
                        &s.key,
                        &entry.involved_kind,
                        &entry.involved_name,
                        &entry.name,
                    )
                        .hash(&mut h);
                    entry.count.hash(&mut h);
                    if self.events.insert(h.finish()) {
                        out.push(Record::Event(s.key.clone(), entry));
                    }
                }
            }
        }
        for m in caches.migrations() {
            if !m.is_final() {
                continue;
            }
            let id = (
                m.metadata.namespace().to_string(),
                m.metadata.name().to_string(),
                m.metadata.uid.clone().unwrap_or_default(),
            );
            if self.migrations.contains(&id) {
                continue;
            }
            let Some(vmi) = m.spec.vmi_name.clone() else {
                continue;
            };
            let about = Involved::new("VirtualMachineInstanceMigration", &id.0, &id.1);
            let events = caches.events_about(&about);
            let events: Vec<&Event> = events.iter().collect();
            let ctx = MigrationContext {
                events: &events,
                ..MigrationContext::default()
            };
            let report = interpret(Some(&m), &ctx);
            let key = VmiKey {
                namespace: id.0.clone(),
                name: vmi,
            };
            out.push(Record::Migration(key, migration_entry(&m, &report, now)));
            self.migrations.insert(id);
        }
        out
    }
}

/// Sweeps every [`EVERY`] until aborted.
pub fn spawn(
    summaries: Arc<Store>,
    caches: Arc<Caches>,
    tx: mpsc::Sender<Record>,
    shared: Arc<Shared>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut sweep = Sweep::default();
        let mut tick = tokio::time::interval(EVERY);
        loop {
            tick.tick().await;
            for r in sweep.pass(&summaries, &caches, now_ms()) {
                record(&tx, &shared, r);
            }
        }
    })
}
