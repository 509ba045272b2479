//! What started a migration: an evacuation (node drain), the workload updater, or a user.

use super::report::Trigger;
use crate::kube::Vmim;

/// Annotation on evacuation migrations (value: the source node).
pub const EVACUATION_ANNOTATION: &str = "kubevirt.io/evacuationMigration";
/// Annotation on workload-update migrations.
pub const WORKLOAD_UPDATE_ANNOTATION: &str = "kubevirt.io/workloadUpdateMigration";

/// The trigger named by the VMIM's annotations or generated name.
pub(super) fn trigger_of(vmim: &Vmim) -> Trigger {
    let a = &vmim.metadata.annotations;
    if let Some(node) = a.get(EVACUATION_ANNOTATION) {
        Trigger::Evacuation {
            node: Some(node.clone()).filter(|n| !n.is_empty()),
        }
    } else if a.contains_key(WORKLOAD_UPDATE_ANNOTATION) {
        Trigger::WorkloadUpdate
    } else if vmim.metadata.generate_name.as_deref() == Some("kubevirt-evacuation-")
        || vmim.metadata.name().starts_with("kubevirt-evacuation-")
    {
        Trigger::Evacuation { node: None }
    } else if vmim.metadata.generate_name.as_deref() == Some("kubevirt-workload-update-")
        || vmim
            .metadata
            .name()
            .starts_with("kubevirt-workload-update-")
    {
        Trigger::WorkloadUpdate
    } else {
        Trigger::User
    }
}
