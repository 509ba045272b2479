//! KubeVirt's alerts as the simulator's Prometheus would evaluate them: the conditions of the
//! rules in `sim/rules/kubevirt-alerts.yaml` (kubevirt `pkg/monitoring/rules/alerts/vms.go`,
//! `virt-handler.go`) computed from the simulated world, with their `for:` durations, served as
//! Prometheus's `GET /api/v1/alerts` so `strata demo` shows alerts without a Prometheus. The
//! tests check that a real Prometheus evaluating the rules file over the simulator's `/metrics`
//! fires the same ones.
//!
//! [`rules`]: one function per alert; [`api`]: the HTTP answer.

pub mod api;
pub mod rules;

pub use rules::{SimAlert, alerts};
