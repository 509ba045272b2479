//! The demo cluster's worker names: which the demo drains and which it loses. A room of their own
//! because both the demo and the scenario catalog (which places VMs on them) read them.

/// The worker nodes of the demo cluster.
pub const DEMO_NODES: &[&str] = &[
    "worker-1", "worker-2", "worker-3", "worker-4", "worker-5", "worker-6",
];
/// The node the demo drains.
pub const DRAIN_NODE: &str = "worker-5";
/// The node the demo loses.
pub const LOST_NODE: &str = "worker-6";
