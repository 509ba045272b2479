//! The migration controller's words about the migration's target pod, from KubeVirt
//! `pkg/virt-controller/watch/migration/migration.go`: the target pod Pending past its timeouts
//! (`handlePendingPodTimeout`: "unschedulable pod %s/%s timeout period exceeded" after
//! `unschedulablePendingTimeoutSeconds`, "pending pod %s/%s timeout period exceeded" after the
//! catch-all timeout; forks and older wordings say "unschedulable target pod %q was deleted due
//! to timeout period expiration"), the Warning `MigrationTargetPodUnschedulable` ("Migration
//! target pod for VMI [%s/%s] is currently unschedulable."), the failure reason written when the
//! target pod went away ("Target pod is down"), a target attachment pod (hot-plugged volumes)
//! shut down during the migration, and the pod deleted because the user cancelled the migration
//! ("migration canceled and pod %s/%s is deleted", not a fault), and the target pod refused by
//! the namespace's ResourceQuota. Each is the migration's control
//! plane: no data moved yet, or the target side is gone.

use super::Signature;
use super::base::BASE;
use crate::evidence::SignalPlane;
use crate::verdict::{Health, Layer};

const C: Signature = Signature {
    layer: Some(Layer::Migration),
    plane: Some(SignalPlane::Control),
    health: Health::Broken,
    source: "KubeVirt pkg/virt-controller/watch/migration/migration.go",
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "migration-target-pod-exceeded-quota",
        all: &["migration target pod", "exceeded quota"],
        health: Health::Degraded,
        title: "the migration waits: its target pod does not fit the namespace's ResourceQuota",
        cause: "virt-controller cannot create the migration's target virt-launcher pod (\"failed \
            to create vmi migration target pod\") because the API server's quota admission \
            refuses it (exceeded quota): source and target pods count together during a \
            migration, so the quota needs room for one more launcher; the migration is retried \
            and stays Pending, no data moved",
        next_steps: &[
            "kubectl describe resourcequota -n <ns> (used vs hard)",
            "kubectl get vmim -n <ns> (phase, conditions: migrationRejectedByResourceQuota)",
        ],
        source: "KubeVirt pkg/virt-controller/watch/migration/migration.go (\"failed to create \
            vmi migration target pod\"); the API server's ResourceQuota admission (\"exceeded \
            quota\")",
        example: r#"failed to create vmi migration target pod: pods "virt-launcher-db-x1y2z" is forbidden: exceeded quota: vms-quota, requested: limits.memory=2Gi, used: limits.memory=7Gi, limited: limits.memory=8Gi"#,
        ..C
    },
    Signature {
        id: "migration-target-pod-pending-timeout",
        all: &["timeout period"],
        any: &[
            "unschedulable pod ",
            "pending pod ",
            "unschedulable target pod",
            "pending target pod",
        ],
        title: "the migration failed: its target pod stayed Pending past the timeout and was deleted",
        cause: "virt-controller deletes a migration's target virt-launcher pod that stays \
            unschedulable longer than the unschedulable timeout (or Pending for any reason longer \
            than the catch-all timeout), and the migration fails before any data moved: no node \
            could host the target (resources, node selectors or affinity, taints, a CPU model \
            only the source node has)",
        next_steps: &[
            "kubectl get events -n <ns> --field-selector reason=FailedScheduling (the target pod's)",
            "kubectl get vmim -n <ns> -o yaml (status.phase, conditions)",
            "kubectl describe nodes (allocatable, taints, cpu-model labels)",
        ],
        example: "unschedulable pod vms/virt-launcher-db-x2x9z timeout period exceeded",
        ..C
    },
    Signature {
        id: "migration-target-pod-currently-unschedulable",
        all: &["Migration target pod for VMI", "is currently unschedulable"],
        health: Health::Degraded,
        title: "the migration's target pod is unschedulable (the migration waits)",
        cause: "virt-controller records that the target virt-launcher pod cannot be scheduled \
            yet; past the unschedulable timeout it deletes the pod and the migration fails",
        next_steps: &[
            "kubectl describe pod <target virt-launcher pod> (FailedScheduling)",
            "kubectl describe nodes (allocatable, taints)",
        ],
        example: "Migration target pod for VMI [vms/db] is currently unschedulable.",
        ..C
    },
    Signature {
        id: "migration-target-pod-down",
        all: &["failed. reason", "Target pod is down"],
        title: "the migration failed: its target pod is down",
        cause: "the target virt-launcher pod went away (deleted, evicted, its node lost) while the \
            migration was being prepared or ran, so virt-controller failed the migration",
        next_steps: &[
            "kubectl get events -n <ns> (the target pod's deletion or eviction)",
            "kubectl get nodes (the target node)",
        ],
        example: "VirtualMachineInstance migration uid 1234 failed. reason: Target pod is down",
        ..C
    },
    Signature {
        id: "migration-target-pod-down-state",
        all: &["failureReason", "Target pod is down"],
        title: "the migration failed: its target pod is down (the VMI's migrationState)",
        cause: "the target virt-launcher pod went away while the migration was being prepared or \
            ran; virt-controller wrote it as the failure reason of the VMI's migrationState",
        next_steps: &["kubectl get events -n <ns> (the target pod's deletion or eviction)"],
        example: "    failureReason: Target pod is down",
        ..C
    },
    Signature {
        id: "migration-target-attachment-pod-shutdown",
        all: &["target attachment pod", "shutdown during migration"],
        title: "the migration failed: the target's hot-plug attachment pod shut down",
        cause: "a VMI with hot-plugged volumes needs an attachment pod on the target node; it \
            went away during the migration, so the migration failed",
        next_steps: &["kubectl get pods -n <ns> -l kubevirt.io=hotplug-disk -o wide"],
        example: "target attachment pod vms/hp-volume-abcde shutdown during migration",
        ..C
    },
    Signature {
        id: "migration-canceled-pod-deleted",
        all: &["migration canceled and pod"],
        layer: None,
        plane: None,
        health: Health::Unknown,
        title: "a cancelled migration's target pod was deleted (not a fault)",
        cause: "the migration was cancelled (its VMIM deleted or aborted) before the target ran; \
            virt-controller deleted the pending target pod, as it should",
        next_steps: &[],
        example: "migration canceled and pod vms/virt-launcher-db-x2x9z is deleted",
        ..C
    },
];
