//! What started a migration: an evacuation (node drain), the descheduler, the workload
//! updater, or a user.
//!
//! `pkg/virt-controller/watch/drain/evacuation/evacuation.go` (`GenerateNewMigration`): an
//! evacuation VMIM carries the evacuation annotation and `generateName: kubevirt-evacuation-`,
//! with `spec.priority: system-critical`, or `system-maintenance` when the VMI's
//! `kubevirt.io/eviction-source` annotation is `descheduler` (set by
//! `pkg/virt-api/webhooks/validating-webhook/admitters/pod-eviction-admitter.go` for evictions
//! the descheduler requested).

use super::report::Trigger;
use crate::kube::Vmim;

/// Annotation on evacuation migrations (value: the source node).
pub const EVACUATION_ANNOTATION: &str = "kubevirt.io/evacuationMigration";
/// `spec.priority` of an evacuation the descheduler asked for (`PrioritySystemMaintenance`).
pub const DESCHEDULER_PRIORITY: &str = "system-maintenance";
/// Annotation on workload-update migrations.
pub const WORKLOAD_UPDATE_ANNOTATION: &str = "kubevirt.io/workloadUpdateMigration";

/// The trigger named by the VMIM's annotations or generated name.
pub(super) fn trigger_of(vmim: &Vmim) -> Trigger {
    let a = &vmim.metadata.annotations;
    let descheduled = vmim.spec.priority.as_deref() == Some(DESCHEDULER_PRIORITY);
    if let Some(node) = a.get(EVACUATION_ANNOTATION) {
        let node = Some(node.clone()).filter(|n| !n.is_empty());
        if descheduled {
            Trigger::Descheduler { node }
        } else {
            Trigger::Evacuation { node }
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn vmim(annotations: serde_json::Value, priority: Option<&str>) -> Vmim {
        let mut v = json!({"metadata": {"name": "kubevirt-evacuation-abc", "annotations": annotations},
            "spec": {"vmiName": "web"}});
        if let Some(p) = priority {
            v["spec"]["priority"] = json!(p);
        }
        Vmim::from_value(&v)
    }

    #[test]
    fn evacuation_priority_tells_the_descheduler_apart() {
        let a = json!({"kubevirt.io/evacuationMigration": "n1"});
        assert_eq!(
            trigger_of(&vmim(a.clone(), Some("system-maintenance"))),
            Trigger::Descheduler {
                node: Some("n1".into())
            }
        );
        assert_eq!(
            trigger_of(&vmim(a.clone(), Some("system-critical"))),
            Trigger::Evacuation {
                node: Some("n1".into())
            }
        );
        assert_eq!(
            trigger_of(&vmim(a, None)),
            Trigger::Evacuation {
                node: Some("n1".into())
            }
        );
    }
}
