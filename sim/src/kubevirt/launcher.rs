//! A virt-launcher pod as state: where it runs, its phase and its course.

/// The launcher image every pod runs.
pub const LAUNCHER_IMAGE: &str = "quay.io/kubevirt/virt-launcher:v1.9.0";

/// A virt-launcher pod.
#[derive(Debug, Clone, PartialEq)]
pub struct Pod {
    pub name: String,
    pub uid: String,
    pub created: f64,
    pub node: Option<String>,
    /// `Pending`, `Running`, `Succeeded`, `Failed`.
    pub phase: String,
    pub ip: Option<String>,
    pub started: Option<f64>,
    /// PodScheduled=False (Unschedulable) with this scheduler message.
    pub unschedulable: Option<String>,
    /// For a migration target pod: the migration's UID and name.
    pub migration: Option<(String, String)>,
    /// The node controller marked it NotReady (its node stopped reporting).
    pub node_lost: bool,
    pub ended: Option<f64>,
    /// Marked for deletion (Terminating) at this time; on a dead node it stays so.
    pub deleting: Option<f64>,
}
