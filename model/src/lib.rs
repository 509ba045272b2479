//! Strata's model: everything that can be computed without I/O.
//!
//! This crate builds natively and for `wasm32-unknown-unknown`. It has no async runtime, no
//! Kubernetes client and no browser bindings, and none of its functions fail on odd cluster data:
//! unknown values are kept verbatim and missing fields are `None`.
//!
//! * [`vmi`]: tolerant types for what Strata reads of a VirtualMachineInstance.
//! * [`objects`]: tolerant types for VM, VMIM, Pod, Node, Event, guest agent answers, metrics.
//! * [`time`]: RFC 3339 timestamps; "now" is always a parameter.
//! * [`summary`]: the compact per-VMI projection the overview shows.
//! * [`api`]: the JSON shapes of the backend's HTTP API.
//! * [`wire`]: the messages the backend pushes to the browser.

pub mod api;
pub mod cli;
pub mod diagnosis;
pub mod drain;
pub mod evidence;
pub mod explain;
pub mod lenient;
pub mod migration;
pub mod objects;
pub mod parse;
pub mod summary;
pub mod time;
pub mod vmi;
pub mod wire;

pub use summary::{VmiKey, VmiSummary};
