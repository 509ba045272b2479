//! The rows of the virtual list: group headers and rows of cards over one display order, their
//! offsets, and which of them are near the viewport (only those are in the DOM).

use super::grouping::{Grouping, group_order};
use model::view::VmiSummary;
use std::ops::Range;

/// Card height plus the gap, in CSS pixels at a 16 px root font (the CSS uses the same sizes in
/// rem: 14.5rem cards, 0.75rem gap), so they scale with wall mode's larger type. A card holds
/// its reason whole, on up to three lines.
pub const ROW_H: f64 = 244.0;
/// Group header height.
pub const HEADER_H: f64 = 44.0;
/// Minimum card width plus gap.
pub const CARD_MIN_W: f64 = 290.0;
/// Rows rendered above and below the viewport. One row (244 px at a 16 px root font) is more
/// than a frame's scroll by wheel or keyboard, and every row in the DOM is rewritten at every
/// update that moves cards: with 3, the overscan was 40 % of the cards a 10% update at 10,000
/// VMIs rewrote (see docs/benchmarks.md).
pub const OVERSCAN: usize = 1;

/// One row of the virtual list.
#[derive(Debug, Clone, PartialEq)]
pub enum Row {
    Header { label: String, count: usize },
    Cards(Vec<VmiSummary>),
}

/// What identifies a row near the viewport in the DOM. A card row is known by its place
/// among the rows and its number of cards, not by the VMIs it shows: when the order changes
/// (a 10% update moving a thousand VMIs to the top), the rows on screen stay and their cards
/// show their new VMIs in place, instead of every row being built anew. A header is known by
/// its offset, label and count (rare, and cheap to build).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum RowKey {
    Header { y: u64, label: String, count: usize },
    Cards { at: usize, len: usize },
}

/// The rows near the viewport: from the row at position `first` on, each with its offset.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Visible {
    pub first: usize,
    pub rows: Vec<(f64, Row)>,
}

impl Visible {
    /// The row at position `at` among all rows, with its offset, when it is near the viewport.
    pub fn get(&self, at: usize) -> Option<&(f64, Row)> {
        self.rows.get(at.checked_sub(self.first)?)
    }

    /// The DOM keys of the rows, in order (see [`RowKey`]).
    pub fn keys(&self) -> Vec<RowKey> {
        self.rows
            .iter()
            .enumerate()
            .map(|(i, (y, r))| match r {
                Row::Header { label, count } => RowKey::Header {
                    y: y.to_bits(),
                    label: label.clone(),
                    count: *count,
                },
                Row::Cards(c) => RowKey::Cards {
                    at: self.first + i,
                    len: c.len(),
                },
            })
            .collect()
    }

    /// The summary in place `slot` of the card row at position `at`.
    pub fn slot(&self, at: usize, slot: usize) -> Option<&VmiSummary> {
        match self.get(at) {
            Some((_, Row::Cards(c))) => c.get(slot),
            _ => None,
        }
    }
}

/// One row of the virtual list: cards as a range of positions in the layout's order (cheap to
/// build for 10,000 VMIs: nothing is copied or allocated per row).
#[derive(Debug, Clone, PartialEq)]
pub enum RowIdx {
    Header { label: String, count: usize },
    Cards(Range<usize>),
}

impl RowIdx {
    /// The row's height at a root font of 16 px.
    pub fn height(&self) -> f64 {
        match self {
            RowIdx::Header { .. } => HEADER_H,
            RowIdx::Cards(_) => ROW_H,
        }
    }
}

/// How many cards fit in a row `width` pixels wide at `scale` (root font size / 16); at least 1.
pub fn columns(width: f64, scale: f64) -> usize {
    ((width / (CARD_MIN_W * scale)).floor() as usize).max(1)
}

/// The rows of `n` cards in display order, `cols` to a row, under the headers of `groups` (see
/// [`group_order`]).
pub fn rows_of(groups: &[(String, usize)], n: usize, cols: usize) -> Vec<RowIdx> {
    let cols = cols.max(1);
    let mut rows = Vec::with_capacity(n / cols + groups.len() * 2 + 1);
    let card_rows = |rows: &mut Vec<RowIdx>, start: usize, end: usize| {
        let mut i = start;
        while i < end {
            rows.push(RowIdx::Cards(i..(i + cols).min(end)));
            i += cols;
        }
    };
    if groups.is_empty() {
        card_rows(&mut rows, 0, n);
    }
    let mut start = 0;
    for (label, count) in groups {
        rows.push(RowIdx::Header {
            label: label.clone(),
            count: *count,
        });
        card_rows(&mut rows, start, start + count);
        start += count;
    }
    rows
}

/// Where each row starts, at `scale`, and after the last one the list's height.
pub fn offsets(rows: &[RowIdx], scale: f64) -> Vec<f64> {
    let mut acc = 0.0;
    let mut v = Vec::with_capacity(rows.len() + 1);
    for r in rows {
        v.push(acc);
        acc += r.height() * scale;
    }
    v.push(acc);
    v
}

/// The rows (by position) that meet the span `top..bottom` of the list, with [`OVERSCAN`] rows
/// either side, given their [`offsets`].
pub fn near(offsets: &[f64], top: f64, bottom: f64) -> Range<usize> {
    let n = offsets.len().saturating_sub(1);
    let first = offsets
        .partition_point(|y| *y < top)
        .saturating_sub(1 + OVERSCAN);
    let last = (offsets.partition_point(|y| *y < bottom) + OVERSCAN).min(n);
    first..last
}

/// The rows at positions `range` with their offsets, the cards' summaries copied from `all`
/// through the display `order`.
pub fn materialize(
    rows: &[RowIdx],
    offsets: &[f64],
    range: Range<usize>,
    order: &[usize],
    all: &[VmiSummary],
) -> Visible {
    let first = range.start;
    let rows = range
        .map_while(|i| {
            let row = match rows.get(i)? {
                RowIdx::Header { label, count } => Row::Header {
                    label: label.clone(),
                    count: *count,
                },
                RowIdx::Cards(c) => Row::Cards(
                    order
                        .get(c.clone())?
                        .iter()
                        .filter_map(|j| all.get(*j).cloned())
                        .collect(),
                ),
            };
            Some((*offsets.get(i)?, row))
        })
        .collect();
    Visible { first, rows }
}

/// Lays `items` out in rows of `cols` cards, grouped by `group`. Returns the display order (as
/// positions in `items`) and the rows, whose card ranges index that order.
pub fn layout_idx(
    items: &[&VmiSummary],
    group: Grouping,
    cols: usize,
) -> (Vec<usize>, Vec<RowIdx>) {
    let (order, groups) = group_order(items, group);
    let rows = rows_of(&groups, order.len(), cols);
    (order, rows)
}

/// Lays the filtered summaries out in rows of `cols` cards, grouped by `group`.
pub fn layout(items: &[&VmiSummary], group: Grouping, cols: usize) -> Vec<Row> {
    let (order, rows) = layout_idx(items, group, cols);
    rows.into_iter()
        .map(|r| match r {
            RowIdx::Header { label, count } => Row::Header { label, count },
            RowIdx::Cards(c) => Row::Cards(order[c].iter().map(|i| items[*i].clone()).collect()),
        })
        .collect()
}
