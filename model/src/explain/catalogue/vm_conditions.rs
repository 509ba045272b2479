//! VirtualMachine condition types.
//!
//! The `VirtualMachineConditionType` constants in KubeVirt's
//! `staging/src/kubevirt.io/api/core/v1/types.go` that a VMI does not have: `Failure`,
//! `RestartRequired`, `ManualRecoveryRequired` (v1.4+; `pkg/virt-api/rest/lifecycle.go` refuses
//! a start with it). The VM's `Ready` and `Paused` share the VMI entries of those names.

use crate::explain::commands::{EVENTS, GET_VM};
use crate::explain::entry::Entry;
use crate::explain::{Severity, Topic};

pub(super) const VM_CONDITION_TYPES: &[Entry] = &[
    Entry {
        topic: Topic::ConditionType,
        value: "Failure",
        severity: Severity::Error,
        can_migrate: None,
        title: "VM controller failure",
        meaning: "A VirtualMachine condition: the VM controller failed to reconcile the VM (for example creating or deleting its VMI); the message holds the error.",
        implies: "The VM may not reach its run strategy's state until the error is resolved.",
        steps: &[GET_VM, EVENTS],
    },
    Entry {
        topic: Topic::ConditionType,
        value: "RestartRequired",
        severity: Severity::Warning,
        can_migrate: None,
        title: "Restart required",
        meaning: "A VirtualMachine condition: the VM spec was changed in a way that cannot be applied to the running VMI.",
        implies: "The change takes effect only after the VM is restarted.",
        steps: &[GET_VM, "virtctl restart {name} -n {ns}"],
    },
    Entry {
        topic: Topic::ConditionType,
        value: "ManualRecoveryRequired",
        severity: Severity::Error,
        can_migrate: None,
        title: "Manual recovery required",
        meaning: "A VirtualMachine condition (v1.4+): a volume migration failed and left some volumes pointing to non-consistent targets. A start is refused with 409 Conflict \"VM recovery required: Volume migration failed, leaving some volumes pointing to non-consistent targets; manual intervention is needed to reassign them to their original volumes.\"",
        implies: "The VM cannot be started until its volumes are reassigned to the original ones by hand.",
        steps: &[GET_VM, EVENTS],
    },
];
