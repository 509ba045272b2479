//! Strata's backend: the only part of Strata that talks to the cluster.
//!
//! * [`cluster`]: builds the kube-rs `Client` (kubeconfig, in-cluster, or the simulator's URL).
//! * [`watch`]: one kube-rs watcher per resource, projected into compact caches; VMIs feed the
//!   store.
//! * [`fleet`]: several clusters in one backend, each its own watch set, store and caches, its
//!   reachability and counts (`/api/v1/clusters`); the other routes serve the first cluster.
//! * [`store`]: the in-memory state (model summaries, each kept compact) with its change log and
//!   broadcast.
//! * [`event_cache`]: the bounded per-object rings of KubeVirt-related events.
//! * [`evidence`]: one VMI's evidence bundle, collected from the caches.
//! * [`guest`]: the guest agent subresources and their 409 mapping.
//! * [`history`]: the flight recorder: verdicts, events and migrations over time, in SQLite or
//!   PostgreSQL.
//! * [`intern`]: shared copies of the short strings many kept projections repeat.
//! * [`pool`]: shared copies of the small values many kept projections repeat whole (a VM's
//!   state, a condition's type, status and reason, a launcher's state).
//! * [`key`], [`uid`], [`stamp`]: a VMI's key, a UID and a condition's time as the per-VMI
//!   maps keep them (inline, without a heap chunk, in their usual form).
//! * [`series`]: domain and migration series from Prometheus.
//! * [`proxy`]: the allowlist of the read-only Kubernetes API proxy.
//! * [`auth`]: local and token modes, sessions, SelfSubjectAccessReviews.
//! * [`security`]: CSP with nonce, shared headers, CSRF check.
//! * [`host`]: the `Host` check against DNS rebinding (`--allowed-host`).
//! * [`serve`]: the server loop: deadlines from accept, connection caps (all, per address),
//!   graceful shutdown; [`listener`]: its parts (trusted proxies, per-client caps, load).
//! * [`shutdown`]: the shutdown signal (SIGTERM, Ctrl-C) the server and the streams observe.
//! * [`memory`]: glibc allocator settings and trims, so resident memory follows what is kept.
//! * [`metrics`]: the console's own `/metrics`.
//! * [`error`]: JSON errors.
//! * [`random`]: the OS random source, with the one policy when it fails.
//! * [`app`]: the axum router, composed of [`routes`] (one module per area) and layers.
//! * [`routes`]: the endpoints: push stream, VMIs, migrations, nodes, series, proxy, sign-in,
//!   health, static frontend; token mode's redaction.
//! * [`run`]: the `serve` and `demo` entry points.
//! * [`diagnose_dir`]: `strata diagnose DIR`'s bounded folder walk.

pub use model::api;
pub mod alerts;
pub mod app;
pub mod auth;
pub mod cluster_clock;
pub mod diagnose_dir;
pub mod error;
pub mod event_cache;
pub mod evidence;
pub mod fleet;
pub mod guest;
pub mod history;
pub mod host;
pub mod intern;
pub mod key;
pub mod kube_client;
pub mod lang;
pub mod listener;
pub mod mcp;
pub mod memory;
pub mod metrics;
pub mod pool;
pub mod promql;
pub mod proxy;
pub mod random;
pub mod routes;
pub mod run;
pub mod security;
pub mod series;
pub mod serve;
pub mod shutdown;
pub mod stamp;
pub mod state;
pub mod store;
pub mod uid;
pub mod watch;
