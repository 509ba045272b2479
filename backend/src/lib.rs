//! Strata's backend: the only part of Strata that talks to the cluster.
//!
//! * [`cluster`]: builds the kube-rs `Client` (kubeconfig, in-cluster, or the simulator's URL).
//! * [`watch`]: the kube-rs watchers that feed the store.
//! * [`store`]: the in-memory state (model summaries) with its change log and broadcast.
//! * [`app`]: the axum router: push stream, JSON API, health, static frontend.
//! * [`run`]: the `serve` and `demo` entry points.

pub mod app;
pub mod cluster;
pub mod run;
pub mod store;
pub mod watch;
