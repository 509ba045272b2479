//! A plotters axis of `f64` with the ticks [`super::ticks`] chose. Plotters' `with_key_points`
//! does not combine with its `f64` axis (that axis formats its own labels), so this wraps the
//! axis: the same mapping, our ticks, no light lines between them.

use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, Ranged};
use plotters::coord::types::RangedCoordf64;
use std::ops::Range;

/// `range` with ticks at `ticks`.
pub struct Ticked {
    inner: RangedCoordf64,
    ticks: Vec<f64>,
}

impl Ticked {
    pub fn new(range: Range<f64>, ticks: Vec<f64>) -> Self {
        Ticked {
            inner: range.into(),
            ticks,
        }
    }
}

impl Ranged for Ticked {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        self.inner.map(value, limit)
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        if hint.weight().allow_light_points() {
            Vec::new()
        } else {
            self.ticks.clone()
        }
    }

    fn range(&self) -> Range<f64> {
        self.inner.range()
    }
}
