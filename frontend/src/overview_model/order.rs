//! Trouble first: the order of the overview's cards (the URL's `sort`) and of the wall's
//! problems. Worst first is broken, then degraded, then unknown, then healthy; within a
//! verdict, the VMI that changed last comes first: by the summary's last change time (what the
//! VMI object records, `model::view::summary::last_change`), then by the last verdict change
//! this page saw ([`Recency`]: a node's trouble changes a verdict and no VMI time), then by key.

use super::recency::Recency;
use super::verdict::verdict;
use model::time::Timestamp;
use model::verdict::Health;
use model::view::VmiSummary;
use std::cmp::Reverse;

/// How the overview orders its cards.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Sort {
    /// Worst verdict first, newest change first within a verdict (the default).
    #[default]
    Worst,
    /// By namespace and name.
    Name,
}

impl Sort {
    /// Every order, as the toolbar offers them.
    pub const ALL: [Sort; 2] = [Sort::Worst, Sort::Name];

    /// From the URL's `sort` parameter; anything unknown is the default.
    pub fn from_param(p: Option<&str>) -> Sort {
        match p {
            Some("name") => Sort::Name,
            _ => Sort::Worst,
        }
    }

    /// The URL's `sort` parameter (empty for the default).
    pub fn param(self) -> &'static str {
        match self {
            Sort::Worst => "",
            Sort::Name => "name",
        }
    }
}

/// What a shown VMI is sorted by, worst first: its verdict, its last change time and its last
/// verdict change (both newest first), then its position in `all` (sorted by key); by name,
/// its position alone. Unique per VMI, so the order is total.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct SortKey(u8, Reverse<Option<Timestamp>>, Reverse<u64>, usize);

impl SortKey {
    /// The VMI's position in `all`.
    pub fn position(&self) -> usize {
        self.3
    }
}

/// The [`SortKey`] of the VMI at position `i` of `all`.
pub fn sort_key(i: usize, all: &[VmiSummary], sort: Sort, recency: &Recency) -> SortKey {
    match sort {
        Sort::Name => SortKey(0, Reverse(None), Reverse(0), i),
        Sort::Worst => {
            let s = &all[i];
            SortKey(
                verdict(s).unhealthy_first(),
                Reverse(s.changed),
                Reverse(recency.stamp(&s.key)),
                i,
            )
        }
    }
}

/// Sorts `order` (positions in `all`) by `sort`. `all` is sorted by key, so positions break
/// ties by key.
pub fn sort_positions(order: &mut [usize], all: &[VmiSummary], sort: Sort, recency: &Recency) {
    match sort {
        Sort::Name => order.sort_unstable(),
        Sort::Worst => order.sort_by_cached_key(|i| sort_key(*i, all, sort, recency)),
    }
}

/// The wall's problems (broken and degraded VMIs of `all`) worst first, at most `max` of them,
/// and how many more there are.
pub fn worst(all: &[VmiSummary], recency: &Recency, max: usize) -> (Vec<VmiSummary>, usize) {
    let mut order: Vec<usize> = (0..all.len())
        .filter(|i| matches!(verdict(&all[*i]), Health::Broken | Health::Degraded))
        .collect();
    sort_positions(&mut order, all, Sort::Worst, recency);
    let more = order.len().saturating_sub(max);
    let shown = order.iter().take(max).map(|i| all[*i].clone()).collect();
    (shown, more)
}
