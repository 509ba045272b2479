//! Strata's model: everything that can be computed without I/O.
//!
//! This crate builds natively and for `wasm32-unknown-unknown`. It has no async runtime, no
//! Kubernetes client, no browser bindings and no clock ("now" is always a parameter), and none of
//! its functions fail or panic on odd cluster data: unknown values are kept verbatim, missing
//! fields are `None`, fields of the wrong shape become defaults, and the diagnosis returns
//! findings.
//!
//! # Modules, leaves first (`tests/module_dag.rs` keeps them a DAG)
//!
//! * [`time`], [`units`], [`thresholds`]: timestamps without a clock, byte sizes and rates, every
//!   time limit the rules judge against. [`scan`]: short needles found in a line byte by byte.
//! * [`kube`]: tolerant serde types, one file per kind, with [`kube::lenient`] and [`VmiKey`].
//! * [`explain`]: the explanation catalogue.
//! * [`verdict`]: `Health`, `Layer`, `Confidence`, `Finding` (and its builder).
//! * [`evidence`]: per-VMI evidence bundles (`Evidence`, `Observed`, `Coverage`, `Signal`).
//! * [`remedy`]: what to do about a finding, chosen by its cause, one table per layer.
//! * [`signatures`]: the catalogue of known KubeVirt/libvirt/QEMU/scheduler messages.
//! * [`migration`]: migration interpretation, one file per concern; `interpret` composes them.
//! * [`diagnosis`]: the layered diagnosis, one file per layer.
//! * [`drain`]: what a node drain does to each VMI.
//! * [`cluster`]: cluster-level findings (nodes without KVM, virt-handler down).
//! * [`view`]: what the pages show (overview card, VMI page, paste page, formatting).
//! * [`input`]: every input form, dump grouping, and the one dump pipeline.
//! * [`wire`]: the messages the backend pushes to the browser; [`api`]: the HTTP API's shapes.
//! * [`cli`]: `strata diagnose` as pure functions.
//!
//! # Entry points for the other crates
//!
//! `strata diagnose [FILE|-] [--json]` (backend): read the file or stdin, then
//!
//! ```
//! let input = "kind: VirtualMachineInstance\nmetadata: {name: web, namespace: prod}\n\
//!     status: {phase: Failed}\n";
//! let out = model::cli::diagnose_text(input, &model::cli::CliOptions { json: false, now: None });
//! print!("{}", out.output); // then exit with out.exit_code: 0 ok, 1 broken, 2 unreadable
//! assert_eq!(out.exit_code, 1);
//! ```
//!
//! * A dump as data (the paste page, the CLI): [`input::pipeline::analyse`]`(text, now)` gives an
//!   [`input::Analysis`]: its `report` (diagnoses, drains, notes, now), and `into_view()` gives the
//!   paste page's [`view::Analysed`] (one [`view::VmiDetail`] per VMI).
//! * From live watches: build an [`evidence::Evidence`] and call [`diagnosis::diagnose`], or
//!   [`view::VmiDetail::build`] for the VMI page and [`VmiSummary::from_evidence`] for the
//!   overview.
//! * [`migration::interpret`]`(Option<&Vmim>, &MigrationContext) -> MigrationReport`,
//!   [`drain::drain_impact`]`(node, &[Vmi], &[Vm], cluster_default) -> DrainReport`,
//!   [`explain::explain`]`(Topic, value, &Subject) -> Explanation`.

pub mod alerts;
pub mod api;
pub mod cli;
pub mod cluster;
pub mod diagnosis;
pub mod drain;
pub mod evidence;
pub mod explain;
pub mod i18n;
pub mod incident;
pub mod input;
pub mod kube;
pub mod migration;
pub mod prose;
pub mod remedy;
pub mod scan;
pub mod scheduling;
pub mod signatures;
pub mod thresholds;
pub mod time;
pub mod units;
pub mod verdict;
pub mod view;
pub mod wire;

pub use cli::{CliOptions, DiagnoseOutcome, diagnose_text};
pub use diagnosis::{Diagnosis, diagnose};
pub use evidence::{Evidence, Observed};
pub use input::group;
pub use input::pipeline::{Report, diagnose_input};
pub use kube::VmiKey;
pub use time::Timestamp;
pub use verdict::{Health, Layer};
pub use view::summary::VmiSummary;
