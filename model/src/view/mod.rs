//! What the pages show, computed in the model so the backend, the CLI and the browser agree:
//! the overview card ([`summary`]), the VMI page ([`detail`]), the paste page ([`analysed`]) and
//! the formatting helpers ([`format`](mod@format)). The report data types the pages render are
//! re-exported here (with `Diagnosis` and `VmiKey`); the verdict vocabulary (`Finding`,
//! `Health`, `Layer`) is in [`crate::verdict`].

pub mod analysed;
pub mod blocks;
pub mod convergence;
pub mod detail;
pub mod format;
pub mod node;
pub mod quantity;
pub mod summary;

pub use crate::diagnosis::{Diagnosis, LayerVerdict};
pub use crate::drain::{DrainAction, DrainOutcome, DrainReport};
pub use crate::kube::VmiKey;
pub use crate::migration::{
    AbortState, Failure, FailureKind, MigrationReport, ModeChange, Outcome, Plane, Progress,
    TimelineStep, Trigger,
};
pub use analysed::Analysed;
pub use blocks::{BlockFormat, BlockReport, Ignored, LineRange, ReadItem};
pub use detail::VmiDetail;
pub use node::{NodeRow, NodeView};
pub use summary::VmiSummary;
