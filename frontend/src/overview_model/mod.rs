//! The overview's layout model, plain Rust (no leptos, no web-sys: its tests run natively).
//!
//! * [`filter`]: what the URL asks for (search `q`, `verdict`, `cluster`, `group`) and which VMIs it keeps.
//! * [`grouping`]: the [`Grouping`] of the list and the display order it gives.
//! * [`order`]: trouble first ([`Sort`]), also the wall's problems; [`recency`]: when each
//!   VMI's verdict last changed, the order within a verdict.
//! * [`verdict`]: a card's verdict and the verdicts in the chips' order.
//! * [`counts`]: the VMIs by verdict; [`shown`]: the VMIs shown, in display order. Both are
//!   brought up to date from a [`Delta`] in proportion to the change when they can.
//! * [`fleet`]: several clusters (issue 32): whether the VMIs come from more than one, and a
//!   [`ClusterSummary`] per cluster (reachability, counts per verdict, worst VMI).
//! * [`tally`]: each cluster's counts and worst VMI, kept up to date from a [`Delta`] (the
//!   fleet's summary rows, computed on every batch).
//! * [`rotation`]: the wall's tiles of a fleet a page at a time when they do not fit a row.
//! * [`rows`]: the rows of the virtual list, their offsets, and which are near the viewport.
//!
//! `pages::overview` renders it.

pub mod counts;
pub mod delta;
pub mod filter;
pub mod fleet;
pub mod grouping;
pub mod order;
pub mod recency;
pub mod rotation;
pub mod rows;
pub mod shown;
pub mod tally;
pub mod verdict;

pub use counts::Counts;
pub use delta::Delta;
pub use filter::{Filter, matches};
pub use fleet::ClusterSummary;
pub use grouping::{Grouping, group_order};
pub use order::Sort;
pub use recency::Recency;
pub use rows::{Row, RowIdx, RowKey, layout, layout_idx};
pub use shown::Shown;
pub use verdict::{VERDICTS, verdict};

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_fleet;
