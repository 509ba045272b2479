//! The recorder's observers of a fleet: one [`Observer`] per watched cluster, each with that
//! cluster's handle on the one summary store ([`Store::for_cluster`]), so that each keeps its
//! VMIs under their namespace and name and its rows name its cluster. All are fed from one
//! subscription to the store's broadcast (each takes its cluster's part of a message,
//! [`Store::own_part`]), and one round of baselines is shared between them: the bounds of a
//! one-cluster recorder ([`super::recorder::BASELINE_BATCH`] VMIs a round, the detail queue's
//! room) hold for the whole fleet.

use super::observer::{Met, Observer};
use super::{Record, VmiId};
use crate::store::{Sequenced, Store};
use model::wire::StreamMsg;
use std::sync::Arc;
use tokio::sync::broadcast;

/// Every cluster's observer, the first cluster first.
pub struct Observers {
    parts: Vec<(Arc<Store>, Observer)>,
}

impl Observers {
    /// An observer for each of `stores` (one handle per cluster).
    pub fn new(stores: Vec<Arc<Store>>) -> Observers {
        let parts = stores
            .into_iter()
            .map(|s| {
                let o = Observer::for_cluster(s.cluster());
                (s, o)
            })
            .collect();
        Observers { parts }
    }

    /// Subscribes to the store's broadcast and diffs every cluster's state against what each
    /// observer saw, under the store's read lock without a copy of it
    /// ([`Store::subscribe_visiting_all`]); a VMI an observer saw that is gone now is deleted.
    /// `None` when there is no cluster to observe.
    pub fn start(
        &mut self,
        at: i64,
        out: &mut Vec<Record>,
        details: &mut Vec<VmiId>,
    ) -> Option<broadcast::Receiver<Sequenced>> {
        let store = self.parts.first()?.0.clone();
        let mut met: Vec<Met> = self.parts.iter().map(|_| Met::default()).collect();
        let parts = &mut self.parts;
        let (_, rx) = store.subscribe_visiting_all(|s| {
            let mine = parts.iter().position(|(h, _)| h.cluster() == s.key.cluster);
            if let Some(i) = mine {
                parts[i].1.observe_met(s, at, out, details, &mut met[i]);
            }
        });
        for ((_, o), met) in self.parts.iter_mut().zip(&met) {
            o.gone_unless(met, at, out);
        }
        Some(rx)
    }

    /// Applies one store message, each cluster's part to its observer.
    pub fn apply(
        &mut self,
        msg: &Arc<StreamMsg>,
        at: i64,
        out: &mut Vec<Record>,
        details: &mut Vec<VmiId>,
    ) {
        for (store, o) in &mut self.parts {
            if let Some(mine) = store.own_part(msg) {
                o.apply(&mine, at, out, details);
            }
        }
    }

    /// Whether some VMI of some cluster waits for its baseline.
    pub fn waiting(&self) -> bool {
        self.parts.iter().any(|(_, o)| o.waiting())
    }

    /// One round of baselines over the clusters whose VMIs were listed ([`Store::synced`]), at
    /// most `max` VMIs and `max_details` pages in all ([`Observer::baselines`]); returns how
    /// many still wait.
    pub fn baselines(
        &mut self,
        max: usize,
        max_details: usize,
        out: &mut Vec<Record>,
        details: &mut Vec<(VmiId, i64)>,
    ) -> usize {
        let (mut max, mut max_details, mut left) = (max, max_details, 0);
        for (store, o) in &mut self.parts {
            if !o.waiting() {
                continue;
            }
            if !store.synced() || max.min(max_details) == 0 {
                left += o.baselines(0, 0, out, details);
                continue;
            }
            let before = details.len();
            left += o.baselines(max, max_details, out, details);
            let done = details.len() - before;
            max -= done;
            max_details -= done;
        }
        left
    }
}
