//! The VMIs the overview shows, in display order, kept up to date from each [`Delta`].

use super::delta::Delta;
use super::filter::Filter;
use super::grouping::{Grouping, group_order};
use super::order::{SortKey, sort_key};
use super::recency::Recency;
use model::view::VmiSummary;

/// The VMIs the overview shows, as of one [`Delta`].
#[derive(Debug, Clone, PartialEq)]
pub struct Shown {
    /// The [`Delta::seq`] this reflects.
    pub seq: u64,
    pub filter: Filter,
    /// Positions in `Live::vmis`, in display order.
    pub order: Vec<usize>,
    /// The group headers (label, members) in display order, when grouped.
    pub groups: Vec<(String, usize)>,
    /// What each VMI of `order` is sorted by, beside it (so a later update sorts only the
    /// VMIs it changed).
    keys: Vec<SortKey>,
}

impl Shown {
    /// What `filter` shows of `all` after `d`, in its order (`recency`: when each verdict last
    /// changed, as of `d`), from `prev` (what was shown before) when that is cheaper: when
    /// summaries were only replaced since `prev`, and none of them is shown or hidden by the
    /// change or moves to another group or verdict, nothing moves and no work is done over every
    /// VMI; when some move (a 10% update turning VMIs broken), only those are sorted, and merged
    /// into the order of the others, ungrouped. The flag says whether the order or the groups
    /// changed.
    pub fn next(
        prev: Option<Shown>,
        d: &Delta,
        all: &[VmiSummary],
        filter: Filter,
        recency: &Recency,
    ) -> (Shown, bool) {
        let replaced = prev
            .as_ref()
            .filter(|p| p.filter == filter)
            .and_then(|p| d.replaced_since(p.seq));
        let prev = match (prev, replaced) {
            (Some(mut p), Some(replaced)) => {
                let unchanged = replaced
                    .iter()
                    .all(|(i, old)| all.get(*i).is_some_and(|new| filter.same_place(old, new)));
                if unchanged {
                    p.seq = d.seq;
                    return (p, false);
                }
                if filter.group == Grouping::None && p.keys.len() == p.order.len() {
                    let (order, keys) = p.moved(replaced, all, recency);
                    let changed = order != p.order;
                    let shown = Shown {
                        seq: d.seq,
                        filter,
                        order,
                        groups: Vec::new(),
                        keys,
                    };
                    return (shown, changed);
                }
                Some(p)
            }
            (prev, _) => prev,
        };
        let shown = Shown::full(d.seq, all, filter, recency);
        let changed = prev.is_none_or(|p| p.order != shown.order || p.groups != shown.groups);
        (shown, changed)
    }

    /// Every VMI `filter` keeps, sorted, then grouped.
    fn full(seq: u64, all: &[VmiSummary], filter: Filter, recency: &Recency) -> Shown {
        let mut kept: Vec<(SortKey, usize)> = all
            .iter()
            .enumerate()
            .filter(|(_, s)| filter.keeps(s))
            .map(|(i, _)| (sort_key(i, all, filter.sort, recency), i))
            .collect();
        // The keys are unique: an unstable sort gives the one order. Grouping keeps this order
        // within each group.
        kept.sort_unstable();
        let items: Vec<&VmiSummary> = kept.iter().map(|(_, i)| &all[*i]).collect();
        let (grouped, mut groups) = group_order(&items, filter.group);
        if filter.group == Grouping::Cluster {
            // The first cluster's keys name no cluster: its header says its name.
            for (label, _) in groups.iter_mut().filter(|(l, _)| l.is_empty()) {
                label.clone_from(&filter.first_cluster);
            }
        }
        let (keys, order) = grouped.into_iter().map(|g| kept[g]).unzip();
        Shown {
            seq,
            filter,
            order,
            groups,
            keys,
        }
    }

    /// The order and keys after the summaries at `replaced` changed, from this ungrouped order:
    /// the VMIs not replaced keep their keys and their order; the replaced ones the filter
    /// keeps are sorted by their new keys and merged in.
    fn moved(
        &self,
        replaced: &[(usize, VmiSummary)],
        all: &[VmiSummary],
        recency: &Recency,
    ) -> (Vec<usize>, Vec<SortKey>) {
        // The replaced positions as a bitset (a word per 64 VMIs, not a flag per VMI: this runs
        // on every batch of a burst); a position past the list's end counts as replaced.
        let mut touched = vec![0u64; all.len().div_ceil(64)];
        for (i, _) in replaced {
            if let Some(w) = touched.get_mut(i / 64) {
                *w |= 1 << (i % 64);
            }
        }
        let is_touched = |i: usize| i >= all.len() || touched[i / 64] >> (i % 64) & 1 == 1;
        let mut fresh: Vec<(SortKey, usize)> = replaced
            .iter()
            .filter(|(i, _)| all.get(*i).is_some_and(|s| self.filter.keeps(s)))
            .map(|(i, _)| (sort_key(*i, all, self.filter.sort, recency), *i))
            .collect();
        fresh.sort_unstable();
        // Where the order changes, in its own places: the replaced VMIs' old places (found by
        // one scan of the positions) and where each fresh key goes among the old keys (a binary
        // search: the old keys are sorted). Between them the old order is copied in slices: per
        // element, a comparison of keys cost more than the copy.
        let cuts: Vec<usize> = (0..self.order.len())
            .filter(|j| is_touched(self.order[*j]))
            .collect();
        let places: Vec<usize> = fresh
            .iter()
            .map(|(fk, _)| self.keys.partition_point(|k| k < fk))
            .collect();
        let len = self.order.len() + fresh.len();
        let (mut order, mut keys) = (Vec::with_capacity(len), Vec::with_capacity(len));
        let (mut cut, mut placed, mut from) = (0, 0, 0);
        while cut < cuts.len() || placed < places.len() {
            let d = cuts.get(cut).copied().unwrap_or(usize::MAX);
            let p = places.get(placed).copied().unwrap_or(usize::MAX);
            let to = d.min(p);
            order.extend_from_slice(&self.order[from..to]);
            keys.extend_from_slice(&self.keys[from..to]);
            // At one place, the fresh keys go before the old one it drops.
            if p == to {
                let (fk, fi) = fresh[placed];
                order.push(fi);
                keys.push(fk);
                placed += 1;
                from = to;
            } else {
                cut += 1;
                from = to + 1;
            }
        }
        order.extend_from_slice(&self.order[from..]);
        keys.extend_from_slice(&self.keys[from..]);
        (order, keys)
    }
}
