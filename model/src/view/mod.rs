//! What the pages show, computed in the model so the backend, the CLI and the browser agree:
//! the overview card ([`summary`]), the VMI page ([`detail`]), the paste page ([`analysed`]) and
//! the formatting helpers ([`format`](mod@format)). The report data types the pages render are
//! re-exported here; the diagnosis vocabulary (`Diagnosis`, `Finding`, `Health`) is in
//! [`crate::verdict`] and [`crate::diagnosis`].

pub mod analysed;
pub mod blocks;
pub mod detail;
pub mod format;
pub mod summary;

pub use crate::drain::{DrainAction, DrainOutcome, DrainReport};
pub use crate::migration::{
    AbortState, Failure, FailureKind, MigrationReport, ModeChange, Outcome, Plane, Progress,
    TimelineStep, Trigger,
};
pub use analysed::Analysed;
pub use blocks::{BlockFormat, BlockReport, Ignored, LineRange, ReadItem};
pub use detail::VmiDetail;
pub use summary::VmiSummary;
