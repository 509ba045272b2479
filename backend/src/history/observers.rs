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

/// How often [`Observers::all_listed_or`] looks.
const LISTED_POLL: std::time::Duration = std::time::Duration::from_millis(100);

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

    /// Whether every cluster's VMIs were listed ([`Store::synced`]).
    pub fn all_listed(&self) -> bool {
        self.parts.iter().all(|(s, _)| s.synced())
    }

    /// Returns once every cluster's VMIs were listed ([`Observers::all_listed`]), or at `until`.
    /// A fleet's start lists each cluster's VMIs as a burst of upserts longer than the store's
    /// broadcast holds: an observer that lagged behind one waits for the last before it starts
    /// again from the store ([`Observers::start`]), one pass over every VMI instead of one per
    /// cluster listed (issue 32: at 10 clusters × 10,000 VMIs those passes were a tenth of the
    /// backend's CPU until the fleet was ready). Nothing is missed: the pass diffs the store's
    /// state as it is then.
    pub async fn all_listed_or(&self, until: tokio::time::Instant) {
        while !self.all_listed() && tokio::time::Instant::now() < until {
            tokio::time::sleep(LISTED_POLL).await;
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

#[cfg(test)]
mod tests {
    use super::*;
    use model::VmiSummary;

    fn vmi(name: &str, uid: &str) -> VmiSummary {
        let vmi = model::kube::vmi::Vmi::from_value(&serde_json::json!({
            "metadata": {"name": name, "namespace": "infra", "uid": uid},
            "status": {"phase": "Running"}
        }));
        VmiSummary::from_vmi(&vmi)
    }

    fn keyed(out: &[Record]) -> Vec<String> {
        let mut keys: Vec<String> = out
            .iter()
            .map(|r| match r {
                Record::Transition(id, _)
                | Record::Event(id, _)
                | Record::Migration(id, _)
                | Record::Detail(id, ..) => format!("{} {}", id.key, id.uid),
            })
            .collect();
        keys.dedup();
        keys
    }

    #[tokio::test]
    async fn a_lagged_observer_waits_for_every_clusters_list_at_most_until_its_limit() {
        use std::time::Duration;
        use tokio::time::Instant;
        let first = Arc::new(Store::new(100, 64));
        let b = Arc::new(first.for_cluster("b"));
        first.replace_all(vec![vmi("bastion", "a-1")]);
        let obs = Observers::new(vec![first.clone(), b.clone()]);
        assert!(!obs.all_listed());
        let limit = Duration::from_millis(400);
        let t = Instant::now();
        obs.all_listed_or(t + limit).await;
        assert!(
            t.elapsed() >= limit,
            "b is still listing: the limit is waited out"
        );
        let lister = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(150)).await;
            b.replace_all(vec![vmi("db", "b-1")]);
        });
        let t = Instant::now();
        obs.all_listed_or(t + Duration::from_secs(30)).await;
        assert!(obs.all_listed());
        assert!(
            t.elapsed() < Duration::from_secs(5),
            "back once b is listed"
        );
        lister.await.unwrap();
    }

    #[test]
    fn each_cluster_is_observed_under_its_own_name_and_one_round_bounds_them_all() {
        let first = Arc::new(Store::new(100, 64));
        let b = Arc::new(first.for_cluster("b"));
        first.replace_all(vec![vmi("bastion", "a-1"), vmi("web", "a-2")]);
        b.replace_all(vec![vmi("bastion", "b-1"), vmi("db", "b-2")]);
        let mut obs = Observers::new(vec![first.clone(), b.clone()]);
        let (mut out, mut details, mut firsts) = (Vec::new(), Vec::new(), Vec::new());
        let mut rx = obs.start(1, &mut out, &mut details).unwrap();
        assert!(
            out.is_empty() && obs.waiting(),
            "first sights wait for their round"
        );
        // One round of three VMIs: the first cluster's two, then one of b's.
        assert_eq!(obs.baselines(3, 100, &mut out, &mut firsts), 1);
        let want = ["infra/bastion a-1", "infra/web a-2", "b:infra/bastion b-1"];
        assert_eq!(keyed(&out), want);
        assert_eq!(firsts.len(), 3);
        assert_eq!(obs.baselines(3, 100, &mut out, &mut firsts), 0);
        assert_eq!(keyed(&out).last().unwrap(), "b:infra/db b-2");
        // A change in b is b's alone; its bastion's rows name b.
        while rx.try_recv().is_ok() {}
        b.upsert(VmiSummary {
            phase: "Failed".into(),
            ..vmi("bastion", "b-1")
        });
        out.clear();
        let (_, msg) = rx.try_recv().unwrap();
        obs.apply(&msg, 2, &mut out, &mut details);
        assert!(!out.is_empty());
        assert_eq!(keyed(&out), ["b:infra/bastion b-1"]);
    }
}
