//! The migrations page's list model, plain Rust (no leptos, no web-sys: its tests run natively).
//!
//! * [`filter`]: what the URL asks for (`phase`, `outcome`, `trigger`, `ns`, `node`, `q`) and
//!   which migrations it keeps; the choices each select offers.
//! * [`sort`]: the URL's `sort` and `dir`, and the order they give.
//! * [`facts`]: what a row shows that the report does not state directly: the trigger's key,
//!   the duration, the age, the nodes.
//! * [`live`]: the nodes of a migration in flight, from its VMI's live summary.
//! * [`progress`]: why a row shows no progress figure (complete, not sending yet, ended, no
//!   metrics).
//!
//! `pages::migrations` renders it; `components::migration_history` uses [`facts`] too.

pub mod facts;
pub mod filter;
pub mod live;
pub mod progress;
pub mod sort;

pub use facts::{age_secs, duration_secs, nodes_of, outcome_key, trigger_key};
pub use filter::{Choices, MigrationFilter};
pub use live::with_live_nodes;
pub use sort::{Dir, SortKey, sorted};

#[cfg(test)]
mod tests;
