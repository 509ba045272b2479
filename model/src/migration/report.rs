//! What a migration interpretation says: [`MigrationReport`] and its parts (trigger, timeline,
//! mode changes, abort state, failure plane and kind, outcome, progress). Pure data.

use crate::time::Timestamp;
use crate::verdict::{Finding, Health};
use serde::{Deserialize, Serialize};

/// What started a migration. Externally tagged (`"user"`, `{"evacuation":{"node":…}}`): the
/// browser then reads it without serde's buffering of internally tagged enums.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// A node drain/eviction: the evacuation controller created it for `node`.
    Evacuation { node: Option<String> },
    /// The workload updater (new virt-launcher image).
    WorkloadUpdate,
    /// An evacuation the descheduler asked for (its eviction marked the VMI
    /// `kubevirt.io/eviction-source: descheduler`, so the evacuation controller gave the VMIM
    /// priority `system-maintenance`), off `node`.
    Descheduler { node: Option<String> },
    /// Created by a user or a tool (`virtctl migrate`, a descheduler, …).
    User,
    /// Only a VMI `migrationState` is known; the VMIM is not.
    Unknown,
}

/// One phase of the timeline.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TimelineStep {
    pub phase: String,
    pub at: Option<Timestamp>,
    /// Time spent in this phase (until the next one, or until `now` for the current one).
    pub duration_secs: Option<f64>,
}

/// A change of migration mode.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModeChange {
    pub from: String,
    pub to: String,
    pub at: Option<Timestamp>,
    pub evidence: String,
}

/// The abort state machine: NotRequested → Requested → Aborting → Succeeded | Failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AbortState {
    NotRequested,
    Requested,
    Aborting,
    Succeeded,
    Failed,
}

/// Which side of KubeVirt a failure belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Plane {
    /// Before data moves: scheduling, quota, policy, utility volumes, backup.
    ControlPlane,
    /// While data moves: convergence, post-copy, proxy/socket, the target domain.
    DataPlane,
    Unknown,
}

/// What kind of failure (or blocker).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FailureKind {
    TargetUnschedulable,
    ResourceQuota,
    Policy,
    UtilityVolumes,
    Backup,
    /// Waiting out the back-off after failed evacuation or workload-update migrations (20 s,
    /// doubling per failure; `handleMigrationBackoff`,
    /// `pkg/virt-controller/watch/migration/migration.go`): a wait, not a block.
    Backoff,
    /// The target pod is scheduled but not Ready (image pull, mounts, container start): the
    /// migration stays in Scheduling (`processMigrationPhase`).
    TargetNotReady,
    NoConvergence,
    PostCopyBroken,
    ProxyOrSocket,
    TargetDomainSlow,
    TargetPodGone,
    Aborted,
    VmiGone,
    /// The migration lost the VM (VMI phase Failed): it migrated to an unknown host, or its
    /// domain never showed up on the target (`pkg/virt-handler/migration-source.go`).
    VmiLost,
    Other,
}

impl FailureKind {
    /// Its serialised name (`target_unschedulable`, …): how the remedy module names the cause.
    pub fn as_str(&self) -> &'static str {
        match self {
            FailureKind::TargetUnschedulable => "target_unschedulable",
            FailureKind::ResourceQuota => "resource_quota",
            FailureKind::Policy => "policy",
            FailureKind::UtilityVolumes => "utility_volumes",
            FailureKind::Backup => "backup",
            FailureKind::Backoff => "backoff",
            FailureKind::TargetNotReady => "target_not_ready",
            FailureKind::NoConvergence => "no_convergence",
            FailureKind::PostCopyBroken => "post_copy_broken",
            FailureKind::ProxyOrSocket => "proxy_or_socket",
            FailureKind::TargetDomainSlow => "target_domain_slow",
            FailureKind::TargetPodGone => "target_pod_gone",
            FailureKind::Aborted => "aborted",
            FailureKind::VmiGone => "vmi_gone",
            FailureKind::VmiLost => "vmi_lost",
            FailureKind::Other => "other",
        }
    }
}

/// Why a migration failed or is blocked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Failure {
    pub plane: Plane,
    pub kind: FailureKind,
    /// The reason text as found (failure reason, event message or condition message), quoted
    /// (“…”) as a component's own words; unquoted when it is Strata's (no reason recorded, a
    /// timeout's abort, a target pod's wait).
    pub reason: String,
    pub evidence: Vec<String>,
}

/// Where the migration stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Pending,
    InProgress,
    Succeeded,
    Failed,
    Aborted,
    Unknown,
}

/// Progress from the migration metrics.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    pub percent: Option<f64>,
    pub data_total_bytes: Option<f64>,
    pub data_processed_bytes: Option<f64>,
    pub data_remaining_bytes: Option<f64>,
    pub transfer_rate_bytes_per_sec: Option<f64>,
    pub dirty_rate_bytes_per_sec: Option<f64>,
    /// `Some(false)` when memory is dirtied at least as fast as it is sent.
    pub converging: Option<bool>,
    /// Only when the rates say it converges.
    pub eta_secs: Option<f64>,
    pub sampled_at: Option<Timestamp>,
}

/// The interpretation of one migration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MigrationReport {
    /// The VMIM name, or the `migrationUid` when only the VMI's state is known.
    pub name: String,
    pub namespace: String,
    pub vmi_name: String,
    pub phase: String,
    pub outcome: Outcome,
    pub trigger: Trigger,
    pub source_node: Option<String>,
    pub target_node: Option<String>,
    pub target_pod: Option<String>,
    pub mode: Option<String>,
    pub timeline: Vec<TimelineStep>,
    pub mode_changes: Vec<ModeChange>,
    pub abort: AbortState,
    pub failure: Option<Failure>,
    pub progress: Option<Progress>,
    /// Failed in post-copy: the guest was lost.
    pub irrecoverable: bool,
    pub health: Health,
    pub findings: Vec<Finding>,
    pub headline: String,
}
