//! The JSON shapes of the backend's HTTP API, shared by the backend (which produces them) and the
//! browser (which reads them). The endpoints:
//!
//! | endpoint | answer |
//! |---|---|
//! | `GET /api/v1/stream` | server-sent events of [`crate::wire::StreamMsg`] |
//! | `GET /api/v1/vmis` | `Vec<VmiSummary>` |
//! | `GET /api/v1/vmis/{ns}/{name}` | [`crate::evidence::Evidence`]: the VMI, its VM, launcher pods, migrations, events, nodes |
//! | `GET /api/v1/vmis/{ns}/{name}/detail` | [`crate::view::detail::VmiDetail`]: the VMI page, diagnosed and explained on the server |
//! | `GET /api/v1/vmis/{ns}/{name}/guestagent/{guestosinfo,userlist,filesystemlist}` | [`GuestAgentResult`] |
//! | `GET /api/v1/vmis/{ns}/{name}/metrics?set=domain\|migration&range=SECONDS&step=SECONDS` | [`SeriesSet`] |
//! | `GET /api/v1/migrations` | `Vec<objects::Vmim>` |
//! | `GET /api/v1/migrations/reports` | `Vec<`[`MigrationRow`]`>`, newest first |
//! | `GET /api/v1/nodes` | `Vec<objects::Node>` |
//! | `GET /api/v1/nodes/{name}/drain` | [`crate::drain::DrainReport`] |
//! | `GET /api/v1/vmis/{ns}/{name}/history?from=&to=` | [`history::History`] |
//! | `GET /api/v1/vmis/{ns}/{name}/detail?at=RFC3339` | [`history::RecordedDetail`] |
//! | `GET /api/v1/history/changes?since=&limit=` | `Vec<`[`history::Changed`]`>`, newest first |
//! | `GET /api/v1/alerts` | [`AlertsAnswer`]: the alerts read, each with what it was matched to |
//! | `GET /api/v1/nodes/rows` | `Vec<`[`crate::view::NodeRow`]`>`, unhealthy first |
//! | `GET /api/v1/nodes/{name}/view` | [`crate::view::NodeView`]: the node page |
//! | `GET /api/v1/clusters` | [`ClustersAnswer`]: every watched cluster, its reachability and counts |
//!
//! Every error is an [`ApiError`] with an HTTP status code.

pub mod clusters;
pub mod history;

pub use clusters::{ClusterCounts, ClusterRow, ClustersAnswer};

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One migration as the migrations page lists it: a VMIM read by
/// [`crate::migration::interpret`], with its creation time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MigrationRow {
    pub created: Option<crate::time::Timestamp>,
    pub report: crate::migration::MigrationReport,
}

/// An error answer: a sentence a person can act on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ApiError {
    pub error: String,
    /// The HTTP status code, repeated for clients that only see the body.
    pub code: u16,
}

/// What an [`AlertRow`] names and where the alerts came from (for pages that read them).
pub use crate::alerts::{Alert, AlertSource, Target as AlertTarget};
pub use crate::kube::GuestAgentResult;

/// Which group of series a metrics request asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeriesGroup {
    /// CPU, memory, block I/O, network, dirty rate, guest panics.
    Domain,
    /// Data processed / remaining / total, memory transfer rate, dirty rate during a migration.
    Migration,
}

/// One time series for a chart.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Series {
    /// What is plotted: `cpu`, `memory_resident`, `memory_available`, `memory_usable`,
    /// `block_read`, `block_write`, `net_rx`, `net_tx`, `dirty_rate`, `guest_panics` (the
    /// increase over the rate window), `migration_processed`, `migration_remaining`,
    /// `migration_total` (KubeVirt v1.5 on), `migration_transfer_rate` (the memory rate, whatever
    /// name the release gives it), `migration_dirty_rate`.
    pub metric: String,
    /// Unit of the values: `cores`, `bytes`, `bytes_per_second`, `count`.
    pub unit: String,
    /// Distinguishing labels (e.g. `drive`, `interface`).
    pub labels: BTreeMap<String, String>,
    /// `[unix seconds, value]` pairs, oldest first.
    pub points: Vec<[f64; 2]>,
}

/// The answer of a metrics request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeriesSet {
    /// False when no Prometheus is configured or it could not be reached; `message` says which.
    pub available: bool,
    pub message: Option<String>,
    pub series: Vec<Series>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guest_agent_states_are_tagged() {
        let j = serde_json::to_value(GuestAgentResult::AgentNotConnected {
            message: "m".into(),
        })
        .unwrap();
        assert_eq!(j["state"], "agent_not_connected");
        let back: GuestAgentResult = serde_json::from_value(j).unwrap();
        assert_eq!(
            back,
            GuestAgentResult::AgentNotConnected {
                message: "m".into()
            }
        );
    }
}

/// `GET /api/v1/alerts`: where alerts come from and each alert with what it was matched to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AlertsAnswer {
    pub source: crate::alerts::AlertSource,
    pub alerts: Vec<AlertRow>,
}

/// One alert and what it was matched to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AlertRow {
    pub alert: crate::alerts::Alert,
    /// Its upstream runbook (only for alerts KubeVirt ships).
    pub runbook: Option<String>,
    /// The diagnosis layer it speaks about (only for alerts KubeVirt ships).
    pub layer: Option<crate::verdict::Layer>,
    /// What its labels name.
    pub targets: Vec<crate::alerts::Target>,
    /// The VMIs it concerns that the console knows (not listed when it concerns every VMI).
    pub vmis: Vec<crate::kube::VmiKey>,
    /// It concerns every VMI (no virt-handler or virt-controller at all).
    pub every_vmi: bool,
}
