//! When each VMI's verdict last changed, as this page saw it: the order within a verdict
//! (newest change first). Stamped with the [`Delta::seq`] of the batch that showed the change;
//! what the first list held, and a VMI's arrival after it, count as changes then.

use super::delta::Delta;
use super::verdict::verdict;
use model::verdict::Health;
use model::view::{VmiKey, VmiSummary};
use rustc_hash::FxHashMap;

/// Each VMI's verdict with the stamp of its last change, as of one [`Delta`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Recency {
    /// The [`Delta::seq`] this reflects.
    pub seq: u64,
    /// Keyed with Fx hashes, not SipHash: a 10% update looks up 1,000 keys per batch, here and
    /// in every sort key, and the keys come from our own backend (no flooding to resist).
    seen: FxHashMap<VmiKey, (Health, u64)>,
}

impl Recency {
    /// The stamp of `key`'s last verdict change (0: never seen).
    pub fn stamp(&self, key: &VmiKey) -> u64 {
        self.seen.get(key).map_or(0, |(_, s)| *s)
    }

    /// Brought up to date with `all` after `d`: from the replaced summaries alone when they are
    /// the one change since `prev`, else by looking at every VMI (dropping the gone ones).
    pub fn next(prev: Option<Recency>, d: &Delta, all: &[VmiSummary]) -> Recency {
        let mut r = prev.unwrap_or_default();
        if let Some(replaced) = d.replaced_since(r.seq) {
            for (i, _) in replaced {
                if let Some(s) = all.get(*i) {
                    r.note(s, d.seq);
                }
            }
        } else {
            let mut seen = FxHashMap::with_capacity_and_hasher(all.len(), Default::default());
            for s in all {
                let v = verdict(s);
                let stamp = match r.seen.get(&s.key) {
                    Some((old, stamp)) if *old == v => *stamp,
                    _ => d.seq,
                };
                seen.insert(s.key.clone(), (v, stamp));
            }
            r.seen = seen;
        }
        r.seq = d.seq;
        r
    }

    fn note(&mut self, s: &VmiSummary, seq: u64) {
        let v = verdict(s);
        match self.seen.get_mut(&s.key) {
            Some((old, _)) if *old == v => {}
            Some(entry) => *entry = (v, seq),
            None => {
                self.seen.insert(s.key.clone(), (v, seq));
            }
        }
    }
}
