//! What the paste-a-dump page shows of a diagnosed dump (`input::pipeline::Analysis::into_view`);
//! the lazily loaded dump module sends it to the app as JSON.

use crate::drain::DrainReport;
use crate::time::Timestamp;
use crate::view::blocks::BlockReport;
use crate::view::detail::VmiDetail;
use serde::{Deserialize, Serialize};

/// A diagnosed dump, as the page shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Analysed {
    /// One per VMI, in the report's order.
    pub details: Vec<VmiDetail>,
    /// Drain impact for nodes that are cordoned or being evacuated.
    pub drains: Vec<DrainReport>,
    /// Skipped documents and ignored fields, as `<where>: <what>`.
    pub notes: Vec<String>,
    /// The time ages were judged against, and where it came from.
    pub now: Option<Timestamp>,
    pub now_source: String,
    /// Every block of the paste: its format, lines, what was read and what was ignored.
    #[serde(default)]
    pub blocks: Vec<BlockReport>,
}
