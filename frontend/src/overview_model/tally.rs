//! Each cluster's VMIs per verdict, its worst VMI and its broken VMIs worst first ([`Tally`]),
//! kept up to date from each [`Delta`] in proportion to the change: the fleet's summary rows
//! ([`super::fleet::rows`]) and the wall's tiles ([`super::fleet::tiles`]) are computed on every
//! batch, and a pass over 100,000 VMIs with a sort key each cost the page about 100 ms per batch
//! natively (issue 32, the 10% update at 100,000 VMIs); the wall's also sorted and copied every
//! broken and degraded VMI.

use super::delta::Delta;
use super::order::{Sort, SortKey, sort_key};
use super::recency::Recency;
use super::verdict::{VERDICTS, verdict_index};
use model::view::VmiSummary;
use rustc_hash::FxHashMap;
use std::collections::{BTreeMap, BTreeSet};

/// One cluster's part of a [`Tally`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ClusterTally {
    /// Its VMIs per verdict, in [`VERDICTS`] order.
    pub counts: [usize; VERDICTS.len()],
    /// Its worst VMI that is not healthy: its sort key and its position in `all`.
    pub worst: Option<(SortKey, usize)>,
    /// Its broken VMIs by sort key (worst first; the key ends with the position in `all`).
    pub broken: BTreeSet<SortKey>,
}

/// Every cluster's [`ClusterTally`], by the cluster its keys name (`""`: the first cluster), as
/// of one [`Delta`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tally {
    /// The [`Delta::seq`] this reflects.
    pub seq: u64,
    pub clusters: BTreeMap<String, ClusterTally>,
    /// The key each broken VMI is filed under in its cluster's `broken`, by position: a VMI's
    /// key moves with its change time and its verdict's stamp, so the old one is looked up here.
    filed: FxHashMap<usize, SortKey>,
}

/// The verdict index of a broken VMI ([`VERDICTS`] starts with it).
const BROKEN: usize = 0;

/// Whether a VMI of verdict `v` (a [`VERDICTS`] index) can be its cluster's worst.
fn unhealthy(v: usize) -> bool {
    v + 1 < VERDICTS.len()
}

impl Tally {
    /// The tally of `all` after `d` (`recency` as of `d`): from `prev` and the replaced summaries
    /// when they are the one change since `prev`, else by looking at every VMI. A cluster whose
    /// worst VMI was replaced is looked at again whole (its VMIs are one run of `all`, which is
    /// sorted by key, cluster first): its next worst may be any other.
    pub fn next(prev: Option<Tally>, d: &Delta, all: &[VmiSummary], recency: &Recency) -> Tally {
        let Some((mut t, replaced)) = prev.and_then(|p| {
            let replaced = d.replaced_since(p.seq)?;
            Some((p, replaced))
        }) else {
            return Tally::full(d.seq, all, recency);
        };
        let mut again: Vec<String> = Vec::new();
        for (i, old) in replaced {
            let Some(new) = all.get(*i) else {
                return Tally::full(d.seq, all, recency);
            };
            let Some(c) = t.clusters.get_mut(new.key.cluster.as_str()) else {
                return Tally::full(d.seq, all, recency);
            };
            let (was, is) = (verdict_index(old), verdict_index(new));
            c.counts[was] = c.counts[was].saturating_sub(1);
            c.counts[is] += 1;
            if let Some(k) = t.filed.remove(i) {
                c.broken.remove(&k);
            }
            let k = unhealthy(is).then(|| sort_key(*i, all, Sort::Worst, recency));
            if let Some(k) = k.filter(|_| is == BROKEN) {
                c.broken.insert(k);
                t.filed.insert(*i, k);
            }
            if c.worst.is_some_and(|(_, w)| w == *i) {
                again.push(new.key.cluster.clone());
            } else if let Some(k) = k
                && c.worst.is_none_or(|(w, _)| k < w)
            {
                c.worst = Some((k, *i));
            }
        }
        again.dedup();
        for cluster in again {
            let worst = worst_in(all, &cluster, recency);
            if let Some(c) = t.clusters.get_mut(&cluster) {
                c.worst = worst;
            }
        }
        t.seq = d.seq;
        t
    }

    /// Every VMI looked at.
    fn full(seq: u64, all: &[VmiSummary], recency: &Recency) -> Tally {
        let mut clusters: BTreeMap<String, ClusterTally> = BTreeMap::new();
        let mut filed = FxHashMap::default();
        // `all` is sorted by key, cluster first: one map entry per run of a cluster's VMIs, not
        // a lookup per VMI.
        let mut run: Option<(&str, ClusterTally)> = None;
        for (i, s) in all.iter().enumerate() {
            if run.as_ref().is_none_or(|(name, _)| *name != s.key.cluster) {
                if let Some((name, c)) = run.take() {
                    clusters.entry(name.to_string()).or_default().merge(c);
                }
                run = Some((s.key.cluster.as_str(), ClusterTally::default()));
            }
            let Some((_, c)) = run.as_mut() else {
                continue;
            };
            let v = verdict_index(s);
            c.counts[v] += 1;
            if unhealthy(v) {
                let k = sort_key(i, all, Sort::Worst, recency);
                if c.worst.is_none_or(|(w, _)| k < w) {
                    c.worst = Some((k, i));
                }
                if v == BROKEN {
                    c.broken.insert(k);
                    filed.insert(i, k);
                }
            }
        }
        if let Some((name, c)) = run {
            clusters.entry(name.to_string()).or_default().merge(c);
        }
        Tally {
            seq,
            clusters,
            filed,
        }
    }
}

impl ClusterTally {
    /// Adds `other`'s VMIs (another run of the same cluster's).
    fn merge(&mut self, mut other: ClusterTally) {
        self.broken.append(&mut other.broken);
        for (n, m) in self.counts.iter_mut().zip(other.counts) {
            *n += m;
        }
        self.worst = match (self.worst, other.worst) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    }
}

/// The worst VMI of `cluster` that is not healthy, from its run of `all`.
fn worst_in(all: &[VmiSummary], cluster: &str, recency: &Recency) -> Option<(SortKey, usize)> {
    let start = all.partition_point(|s| s.key.cluster.as_str() < cluster);
    let end = start + all[start..].partition_point(|s| s.key.cluster == cluster);
    let run = start..end;
    // The worst verdict first (cheap), then the sort keys (a hash lookup each) of its VMIs only:
    // the key orders by verdict first, in the same order.
    let worst = run
        .clone()
        .map(|i| verdict_index(&all[i]))
        .filter(|v| unhealthy(*v))
        .min()?;
    run.filter(|i| verdict_index(&all[*i]) == worst)
        .map(|i| (sort_key(i, all, Sort::Worst, recency), i))
        .min()
}
