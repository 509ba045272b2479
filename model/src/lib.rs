//! Strata's model: everything that can be computed without I/O.
//!
//! This crate builds natively and for `wasm32-unknown-unknown`. It has no async runtime, no
//! Kubernetes client, no browser bindings and no clock ("now" is always a parameter), and none of
//! its functions fail or panic on odd cluster data: unknown values are kept verbatim, missing
//! fields are `None`, fields of the wrong shape become defaults, and the diagnosis returns
//! findings.
//!
//! # Modules
//!
//! * [`vmi`], [`objects`]: tolerant types for VMI, VM, VMIM, Pod, Node, Event, guest agent answers
//!   and Prometheus samples (old and new shapes; see [`lenient`]).
//! * [`parse`]: every input form (JSON, YAML, multi-document YAML, `kind: List`, status-only
//!   pastes, Prometheus answers and exposition text) with errors naming the line or field.
//! * [`evidence`]: per-VMI evidence bundles and [`evidence::group`], which groups a dump.
//! * [`explain`]: the explanation catalogue.
//! * [`diagnosis`]: the layered diagnosis.
//! * [`migration`]: migration interpretation (timeline, modes, abort, failure plane, progress, ETA).
//! * [`drain`]: what a node drain does to each VMI.
//! * [`cli`]: `strata diagnose` as pure functions.
//! * [`time`]: RFC 3339 timestamps without a clock.
//! * [`summary`]: the compact per-VMI projection the overview shows.
//! * [`detail`]: the VMI page's view model (diagnosis and explanations resolved to rows and text).
//! * [`api`]: the JSON shapes of the backend's HTTP API.
//! * [`wire`]: the messages the backend pushes to the browser.
//!
//! # Entry points for the other crates
//!
//! `strata diagnose [FILE|-] [--json]` (backend): read the file or stdin, then
//!
//! ```
//! let input = "kind: VirtualMachineInstance\nmetadata: {name: web, namespace: prod}\nstatus: {phase: Failed}\n";
//! let out = model::cli::diagnose_text(input, &model::cli::CliOptions { json: false, now: None });
//! print!("{}", out.output); // then std::process::exit(out.exit_code): 0 ok, 1 broken, 2 unreadable
//! assert_eq!(out.exit_code, 1);
//! ```
//!
//! The paste-a-dump page (browser) and the backend, with data instead of text:
//!
//! * [`cli::diagnose_input`]`(input: &str, now: Option<Timestamp>) -> Result<cli::Report, parse::ParseError>`
//! * [`parse::parse`]`(input: &str) -> Result<parse::Parsed, parse::ParseError>`, then
//!   [`evidence::group`]`(objects: Vec<parse::Object>, observed_at: Option<Timestamp>) -> evidence::Dump`
//!   and [`cli::report_from_dump`] or, per bundle, [`diagnosis::diagnose`]`(&Evidence, now) -> Diagnosis`.
//! * From live watches: build an [`evidence::Evidence`] (VMI, pods, VMIMs, events, nodes, guest agent
//!   answer, metrics, each [`evidence::Observed`] with its time) and call [`diagnosis::diagnose`].
//! * [`migration::interpret`]`(Option<&Vmim>, &MigrationContext) -> MigrationReport`,
//!   [`drain::drain_impact`]`(node, &[Vmi], &[Vm], cluster_default) -> DrainReport`,
//!   [`explain::explain`]`(Topic, value, &Subject) -> Explanation`.
//! * The overview keeps using [`VmiSummary::from_vmi`], which now also carries live-migratability,
//!   the agent state, the migration in progress and a per-layer glance.

pub mod api;
pub mod cli;
pub mod diagnosis;
pub mod drain;
#[path = "evidence.rs"]
mod evidence_bundles;
pub mod explain;
pub mod input;
pub mod kube;
pub mod migration;
pub mod thresholds;
pub mod time;
pub mod units;
pub mod verdict;
pub mod view;
pub mod wire;

pub use cli::{CliOptions, DiagnoseOutcome, Report, diagnose_input, diagnose_text};
pub use diagnosis::{Diagnosis, diagnose};
pub use evidence::{Evidence, Observed};
pub use input::group;
pub use kube::VmiKey;
pub use time::Timestamp;
pub use verdict::{Health, Layer};
pub use view::summary::VmiSummary;

// Transitional paths for the other crates; removed after they move.
pub use input::parse;
pub use kube::lenient;
pub use view::{detail, summary};
/// `model::evidence` is [`evidence.rs`](evidence_bundles) (the bundle types); transitionally it also
/// offers the dump grouping, which now lives in [`input::group`].
pub mod evidence {
    pub use crate::evidence_bundles::*;
    pub use crate::input::group::{Dump, group};
}
/// Transitional: `model::vmi` is now [`kube::vmi`] plus the shared metadata of [`kube::meta`].
pub mod vmi {
    pub use crate::kube::meta::*;
    pub use crate::kube::vmi::*;
}
/// Transitional: `model::objects` is now one file per kind under [`kube`].
pub mod objects {
    pub use crate::kube::event::*;
    pub use crate::kube::guest_agent::*;
    pub use crate::kube::metrics::*;
    pub use crate::kube::node::*;
    pub use crate::kube::pod::*;
    pub use crate::kube::vm::*;
    pub use crate::kube::vmim::*;
}
