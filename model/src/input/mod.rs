//! Reading what people paste or pipe, and turning it into evidence:
//!
//! * [`parse`]: every input form, by [`documents`] (JSON, YAML, multi-document YAML), [`text`]
//!   (not Kubernetes at all, or Prometheus exposition text) and [`classify`] (by `kind`, in
//!   lists, or by shape), into the [`object`]s with their origins and notes.
//! * [`group`](mod@group): a dump grouped into one evidence bundle per VMI.
//! * [`pipeline`]: the one dump pipeline of `strata diagnose` and the paste page.
//! * [`folder`]: a folder tree (an export, a must-gather, a support bundle) read as one dump.

pub mod classify;
pub mod documents;
pub mod folder;
pub mod group;
pub mod object;
pub mod parse;
pub mod pipeline;
pub mod text;

pub use group::{Dump, group};
pub use pipeline::{Analysis, Report, analyse};
