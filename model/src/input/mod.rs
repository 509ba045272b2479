//! Reading what people paste or pipe, and turning it into evidence:
//!
//! * [`parse`]: every input form, by [`documents`] (JSON, YAML, multi-document YAML;
//!   [`fast_yaml`] reads kubectl's regular YAML fast, the full parser the rest; [`list`] cuts
//!   a `kind: List` into its items, read one by one), [`text`]
//!   (not Kubernetes at all, or Prometheus exposition text) and [`classify`] (by `kind`, in
//!   lists, or by shape), into the [`object`]s with their origins and notes.
//! * [`group`](mod@group): a dump grouped into one evidence bundle per VMI.
//! * [`paste`]: a paste read block by block: [`blocks`] splits it, [`format`] recognises each
//!   block, [`recover`] reads cut and hand-edited YAML (a bare sub-tree by its fields:
//!   [`fragment`]) and JSON cut at either end ([`json_cut`]), [`lines`] turns every other line
//!   into a signal (through the [`crate::signatures`] catalogue).
//! * [`pipeline`]: the one dump pipeline of `strata diagnose` and the paste page; [`verdict`]
//!   sums a whole paste up; [`fuzz`] is the fuzz target's body.
//! * kubectl's human output: [`table`] reads `get` tables column by column (each kind's
//!   printed columns: [`columns`]; rows without their header: [`headerless`]), [`describe`] reads `describe` by its sections, [`vocab`] says what every status value means and which layer
//!   it points at, [`sightings`] turns what they show into signals, [`age`] reads kubectl's
//!   printed durations, [`clock`] says when each block was taken and [`supersede`] which of
//!   two contradicting blocks is read, [`kubectl`] ties them into the paste.
//! * [`folder`]: a folder tree (an export, a must-gather, a support bundle) read as one dump.

pub mod age;
pub mod agent_answer;
pub mod already_deleted;
pub mod announced_outcome;
pub mod announcing;
pub mod blocks;
pub mod bridge_design;
pub mod broken_json;
pub mod cdi_completed;
pub mod cdi_scratch;
pub mod cells;
pub mod classify;
pub mod clock;
pub mod cloud_init_passwd;
pub mod columns;
pub mod completed_stop;
pub mod component;
pub mod conditions_only;
pub mod console;
pub mod console_log;
pub mod deleted_launcher;
pub mod describe;
pub mod documents;
pub mod drain_retry;
pub mod event_row;
pub mod evicted_pod;
pub mod excerpt;
pub mod failed_plane;
pub mod fast_yaml;
pub mod folder;
pub mod format;
pub mod fragment;
pub mod fuzz;
pub mod glued;
pub mod group;
pub mod guest_nic_down;
pub mod headerless;
pub mod helm_release;
pub mod host_model_target;
pub mod incident_file;
pub mod inferred;
pub mod json_cut;
pub mod kubectl;
pub mod kubelet_volume_wait;
pub mod last_resort;
pub mod lexicon;
pub mod libvirt_retry;
pub mod lines;
pub mod list;
pub mod listing;
pub mod migration_done;
pub mod namespace_state;
pub mod no_default_route;
pub mod not_migratable;
pub mod object;
pub mod other_kind;
pub mod own_pause;
pub mod owned_pods;
pub mod package_layer;
pub mod panic_owner;
pub mod parse;
pub mod paste;
pub mod pipeline;
pub mod plain_text;
pub mod pod_owner;
pub mod pre_drain;
pub mod read;
pub mod recover;
pub mod request_log;
pub mod resolved;
pub mod second_launcher;
pub mod shapes;
pub mod sightings;
pub mod stamped;
pub mod state;
pub mod supersede;
pub mod table;
pub mod target_pod;
pub mod terminating_node;
pub mod text;
pub mod toolkit_failed;
pub mod tunnel;
pub mod unfinished_wait;
pub mod unscheduled;
pub mod unwrap;
pub mod usage_error;
pub mod verdict;
pub mod vm_alone;
pub mod vm_conditions;
pub mod vocab;
pub mod volume_wait;
pub mod waited;
pub mod waiting_migration;
pub mod webhook_owner;
pub mod workloads;
pub mod workstation_ps;
pub mod wrapped;

pub use group::{Dump, group};
pub use pipeline::{Analysis, Report, analyse};
pub use verdict::Verdict;
