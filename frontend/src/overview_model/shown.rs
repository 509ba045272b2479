//! The VMIs the overview shows, in display order, kept up to date from each [`Delta`].

use super::delta::Delta;
use super::filter::Filter;
use super::grouping::group_order;
use super::order::sort_positions;
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
}

impl Shown {
    /// What `filter` shows of `all` after `d`, in its order (`recency`: when each verdict last
    /// changed, as of `d`), from `prev` (what was shown before) when that is cheaper: when
    /// summaries were only replaced since `prev`, and none of them is shown or hidden by the
    /// change or moves to another group or verdict, nothing moves and no work is done over every
    /// VMI. The flag says whether the order or the groups changed.
    pub fn next(
        prev: Option<Shown>,
        d: &Delta,
        all: &[VmiSummary],
        filter: Filter,
        recency: &Recency,
    ) -> (Shown, bool) {
        let unchanged = prev.as_ref().is_some_and(|p| {
            p.filter == filter
                && d.replaced_since(p.seq).is_some_and(|replaced| {
                    replaced
                        .iter()
                        .all(|(i, old)| all.get(*i).is_some_and(|new| filter.same_place(old, new)))
                })
        });
        let prev = match prev {
            Some(mut p) if unchanged => {
                p.seq = d.seq;
                return (p, false);
            }
            other => other,
        };
        let mut kept: Vec<usize> = all
            .iter()
            .enumerate()
            .filter(|(_, s)| filter.keeps(s))
            .map(|(i, _)| i)
            .collect();
        // Grouping keeps this order within each group.
        sort_positions(&mut kept, all, filter.sort, recency);
        let items: Vec<&VmiSummary> = kept.iter().map(|i| &all[*i]).collect();
        let (mut order, groups) = group_order(&items, filter.group);
        for i in order.iter_mut() {
            *i = kept[*i];
        }
        let changed = prev.is_none_or(|p| p.order != order || p.groups != groups);
        let shown = Shown {
            seq: d.seq,
            filter,
            order,
            groups,
        };
        (shown, changed)
    }
}
