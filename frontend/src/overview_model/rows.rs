//! The rows of the virtual list: group headers and rows of cards over one display order, their
//! offsets, and which of them are near the viewport (only those are in the DOM).

use super::grouping::{Grouping, group_order};
use model::view::{VmiKey, VmiSummary};
use std::ops::Range;

/// Card height plus the gap, in CSS pixels at a 16 px root font (the CSS uses the same sizes in
/// rem: 14.5rem cards, 0.75rem gap), so they scale with wall mode's larger type. A card holds
/// its reason whole, on up to three lines.
pub const ROW_H: f64 = 244.0;
/// Group header height.
pub const HEADER_H: f64 = 44.0;
/// Minimum card width plus gap.
pub const CARD_MIN_W: f64 = 290.0;
/// Rows rendered above and below the viewport.
pub const OVERSCAN: usize = 3;

/// One row of the virtual list.
#[derive(Debug, Clone, PartialEq)]
pub enum Row {
    Header { label: String, count: usize },
    Cards(Vec<VmiSummary>),
}

impl Row {
    /// What identifies the row in the DOM. A card row is known by its first card and its
    /// length: its cards follow their places in it, so a changed card updates alone.
    pub fn dom_key(&self) -> RowKey {
        match self {
            Row::Header { label, count } => RowKey::Header {
                label: label.clone(),
                count: *count,
            },
            Row::Cards(c) => RowKey::Cards {
                first: c.first().map(|s| s.key.clone()).unwrap_or_default(),
                len: c.len(),
            },
        }
    }
}

/// See [`Row::dom_key`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum RowKey {
    Header { label: String, count: usize },
    Cards { first: VmiKey, len: usize },
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
) -> Vec<(f64, Row)> {
    range
        .filter_map(|i| {
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
            Some((offsets[i], row))
        })
        .collect()
}

/// The summary in place `slot` of the card row that starts with `first`, among `rows`.
pub fn slot_of<'a>(rows: &'a [(f64, Row)], first: &VmiKey, slot: usize) -> Option<&'a VmiSummary> {
    rows.iter().find_map(|(_, r)| match r {
        Row::Cards(c) if c.first().is_some_and(|s| s.key == *first) => c.get(slot),
        _ => None,
    })
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
