//! The poller: reads the alerts every `every` (at most one read in flight, each bounded by
//! [`super::read`]), replaces the board, and asks for the summaries of the VMIs whose alerts
//! changed to be projected again: VM and VMI alerts by key, node alerts for the VMIs on the
//! node, pod and migration alerts through their VMI, alerts that concern every VMI for all.

use super::board::Snapshot;
use super::read::{Upstream, read};
use crate::store::Store;
use crate::watch::{Caches, Refresh};
use model::alerts::{Alert, AlertSource, Scope, Target, targets};
use std::collections::{BTreeSet, HashSet};
use std::sync::Arc;
use std::time::Duration;

/// How often alerts are read by default.
pub const POLL: Duration = Duration::from_secs(15);

/// Reads alerts from `up` forever.
pub async fn poller(up: Upstream, every: Duration, caches: Arc<Caches>, store: Arc<Store>) {
    let http = match reqwest::Client::builder()
        .timeout(super::read::READ_TIMEOUT)
        .build()
    {
        Ok(h) => h,
        Err(e) => {
            tracing::error!(error = %e, "no HTTP client for alerts");
            return;
        }
    };
    let from = up.name().to_string();
    let mut failing = false;
    loop {
        let snap = match read(&http, &up).await {
            Ok(alerts) => {
                if failing {
                    tracing::info!(from, "alerts are read again");
                }
                failing = false;
                let at = Some(crate::evidence::now(&caches));
                Snapshot::new(
                    AlertSource::Read {
                        from: from.clone(),
                        at,
                    },
                    alerts,
                )
            }
            Err(e) => {
                if !failing {
                    tracing::warn!(from, error = %e, "reading alerts failed");
                }
                failing = true;
                let error = "no answer that could be read (details in the server's log)".into();
                Snapshot::new(
                    AlertSource::Failed {
                        from: from.clone(),
                        error,
                    },
                    Vec::new(),
                )
            }
        };
        let old = caches.alerts.set(snap);
        let new = caches.alerts.get();
        for r in affected(&old.alerts, &new.alerts, &caches, &store) {
            caches.refresh(r);
        }
        tokio::time::sleep(every).await;
    }
}

/// What to re-project when the alerts go from `old` to `new`.
pub fn affected(old: &[Alert], new: &[Alert], caches: &Caches, store: &Store) -> BTreeSet<Refresh> {
    let mut out = BTreeSet::new();
    // An alert is the same one while its labels and state are (a summary counts nothing else).
    let id = |a: &Alert| (a.labels.clone(), a.state);
    let (was, is): (HashSet<_>, HashSet<_>) =
        (old.iter().map(id).collect(), new.iter().map(id).collect());
    let changed = old
        .iter()
        .filter(|a| !is.contains(&id(a)))
        .chain(new.iter().filter(|a| !was.contains(&id(a))));
    let mut nodes: BTreeSet<String> = BTreeSet::new();
    for a in changed {
        let t = targets(a);
        if model::alerts::matching::scope(a, &t) == Scope::EveryVmi {
            out.insert(Refresh::All);
            return out;
        }
        for t in t {
            match t {
                Target::Vm { .. } | Target::Vmi { .. } => {
                    out.extend(t.vmi_key().map(Refresh::One));
                }
                Target::Node { name } => {
                    nodes.insert(name);
                }
                Target::Pod { namespace, name } => {
                    out.extend(caches.launcher_owner(&namespace, &name).map(Refresh::One));
                }
                Target::Migration { namespace, name } => {
                    out.extend(
                        caches
                            .migration(&namespace, &name)
                            .and_then(|m| m.spec.vmi_name.clone())
                            .map(|vmi| {
                                Refresh::One(model::VmiKey {
                                    cluster: String::new(),
                                    namespace: namespace.clone(),
                                    name: vmi,
                                })
                            }),
                    );
                }
                Target::Cluster => {}
            }
        }
    }
    if !nodes.is_empty() {
        out.extend(
            store
                .items()
                .into_iter()
                .filter(|s| s.node.as_ref().is_some_and(|n| nodes.contains(n)))
                .map(|s| Refresh::One(s.key)),
        );
    }
    out
}

/// Starts the poller when an upstream is configured; else marks the board "not configured".
pub fn start(up: Option<Upstream>, every: Duration, caches: &Arc<Caches>, store: &Arc<Store>) {
    if let Some(up) = up {
        tracing::info!(from = up.name(), "reading alerts");
        // In the caller's span: a second cluster's poller logs under its cluster's name.
        let poll = poller(up, every, caches.clone(), store.clone());
        tokio::spawn(tracing::Instrument::instrument(
            poll,
            tracing::Span::current(),
        ));
    }
}

/// For tests: `alerts` shown as read from `from`.
pub fn show(caches: &Caches, store: &Store, from: &str, alerts: Vec<Alert>) {
    let source = AlertSource::Read {
        from: from.into(),
        at: None,
    };
    let old = caches.alerts.set(Snapshot::new(source, alerts));
    let new = caches.alerts.get();
    for r in affected(&old.alerts, &new.alerts, caches, store) {
        caches.refresh(r);
    }
}
