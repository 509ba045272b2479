//! The formatting helpers the pages and the CLI use: sizes, rates and durations.
//!
//! Sizes and rates are computed in [`crate::units`] (the migration findings quote them too) and
//! durations in [`crate::time`]; this is the one place a page looks for them.

pub use crate::time::format_duration;
pub use crate::units::{human_bytes, human_rate};
