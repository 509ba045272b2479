//! Harvester's VM migrate and abort-migration actions refusing: what its API answers the UI (and
//! `kubectl`/API clients of `/v1/harvester/kubevirt.io.virtualmachines/<ns>/<vm>?action=migrate`)
//! before any VirtualMachineInstanceMigration exists, read from harvester/harvester:
//!
//! - `pkg/api/vm/handler.go`, `migrate`: "The VM is not in running state", "Can't migrate the
//!   VM, the VM is not in ready status", "can't migrate the VM to the node %s: %s", "The target
//!   node is non-migratable", "KubeVirt is not ready" (the KubeVirt CR's `Available` condition
//!   not True with reason `DeploymentReady`), "The VM is currently running on the target node";
//!   `isMigratableNode`: "no matching migratable nodes found"; `abortMigration`: "The VM is not
//!   in migrating state", "cannot abort the migration as it is in %q phase"; the target-pod
//!   pick: "there are no active pods for VMI: %s/%s, migration target cannot be picked …",
//!   "there are multiple active pods for VMI: %s/%s, …";
//! - `pkg/util/virtualmachineinstance/virtualmachineinstance.go`, `ValidateVMMigratable`: "VM %s
//!   is not live migratable as it is not running | as it is already in a migrating state | as
//!   node selector is set | as PCIe or USB devices are attached | as vGPU devices are attached |
//!   as the condition reported with reason: %s".
//!
//! The migration never starts: its control plane's. Harvester refusing because KubeVirt's own
//! deployment is not ready, because no node can take the VM, or because the VM's launcher pods
//! are not one, is broken; a refusal that only says the request does not fit the VM's state (not
//! running, not migrating, already on that node, a phase past abort) or its configuration (a
//! node selector, a host or vGPU device) is the migration's too but degraded: the VM runs on.

use super::Signature;
use super::base::BASE;
use crate::evidence::SignalPlane;
use crate::verdict::{Health, Layer};

/// Harvester refused to start a migration it cannot carry out.
const REFUSED: Signature = Signature {
    layer: Some(Layer::Migration),
    plane: Some(SignalPlane::Control),
    health: Health::Broken,
    title: "Harvester refused to start the VM's migration",
    cause: "Harvester's migrate action checks the VM, the target node and KubeVirt before it \
        creates a VirtualMachineInstanceMigration; a check failed (KubeVirt's deployment not \
        ready, no node able to take the VM, the VM not ready or its launcher pods not one), so \
        no migration starts and a drain or upgrade waiting for it stays stuck",
    next_steps: &[
        "kubectl get kubevirt -n harvester-system kubevirt -o yaml (status.conditions: Available, DeploymentReady)",
        "kubectl get vmi <vm> -n <ns> -o yaml (status.conditions: Ready, LiveMigratable)",
        "kubectl get pods -n <ns> -l kubevirt.io/created-by=<vmi uid> (one active launcher pod)",
    ],
    ..BASE
};

/// Harvester refused a migration request that does not fit the VM's state or configuration.
const NOT_APPLICABLE: Signature = Signature {
    layer: Some(Layer::Migration),
    plane: Some(SignalPlane::Control),
    health: Health::Degraded,
    title: "Harvester refused a migration request the VM's state or configuration rules out",
    cause: "Harvester's migrate or abort action found that the request does not apply to the VM \
        as it is (not running, already migrating or not migrating, already on the chosen node, \
        pinned by a node selector, or holding a host or vGPU device); the VM keeps running \
        where it is and cannot be moved live until that changes",
    next_steps: &[
        "kubectl get vmi <vm> -n <ns> -o yaml (status.phase, status.migrationState, spec.nodeSelector, host devices)",
    ],
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "harvester-migrate-kubevirt-not-ready",
        all: &["KubeVirt is not ready"],
        cased: &["KubeVirt is not ready"],
        none: &["not ready yet"],
        source: "harvester pkg/api/vm/handler.go (migrate: errors.New(\"KubeVirt is not ready\"))",
        example: "{\"type\":\"error\",\"status\":\"500\",\"message\":\"KubeVirt is not ready\"}",
        ..REFUSED
    },
    Signature {
        id: "harvester-migrate-vm-not-ready",
        all: &["Can't migrate the VM, the VM is not in ready status"],
        source: "harvester pkg/api/vm/handler.go (migrate: \"Can't migrate the VM, the VM is not \
            in ready status\")",
        example: "Can't migrate the VM, the VM is not in ready status",
        ..REFUSED
    },
    Signature {
        id: "harvester-migrate-to-node-failed",
        all: &["can't migrate the VM to the node"],
        source: "harvester pkg/api/vm/handler.go (migrate: \"can't migrate the VM to the node \
            %s: %s\")",
        example: "can't migrate the VM to the node harvester-node-2: no matching migratable nodes found",
        ..REFUSED
    },
    Signature {
        id: "harvester-migrate-node-non-migratable",
        all: &["The target node is non-migratable"],
        source: "harvester pkg/api/vm/handler.go (migrate: \"The target node is non-migratable\")",
        example: "The target node is non-migratable",
        ..REFUSED
    },
    Signature {
        id: "harvester-migrate-no-migratable-nodes",
        all: &["no matching migratable nodes found"],
        source: "harvester pkg/api/vm/handler.go (isMigratableNode: \"no matching migratable \
            nodes found\")",
        example: "no matching migratable nodes found",
        ..REFUSED
    },
    Signature {
        id: "harvester-migrate-launcher-pods",
        all: &["active pods for VMI", "migration target"],
        source: "harvester pkg/api/vm/handler.go (\"there are no active pods for VMI: %s/%s, \
            migration target cannot be picked unless only 1 pod is active\"; \"there are \
            multiple active pods for VMI: %s/%s, migration target can be picked only when at \
            most 1 pod is active\")",
        example: "there are multiple active pods for VMI: default/web-1, migration target can be picked only when at most 1 pod is active",
        ..REFUSED
    },
    Signature {
        id: "harvester-migrate-not-running",
        all: &["The VM is not in running state"],
        source: "harvester pkg/api/vm/handler.go (migrate: \"The VM is not in running state\")",
        example: "The VM is not in running state",
        ..NOT_APPLICABLE
    },
    Signature {
        id: "harvester-migrate-same-node",
        all: &["The VM is currently running on the target node"],
        source: "harvester pkg/api/vm/handler.go (migrate: \"The VM is currently running on the \
            target node\")",
        example: "The VM is currently running on the target node",
        ..NOT_APPLICABLE
    },
    Signature {
        id: "harvester-abort-not-migrating",
        all: &["The VM is not in migrating state"],
        source: "harvester pkg/api/vm/handler.go (abortMigration: \"The VM is not in migrating \
            state\")",
        example: "The VM is not in migrating state",
        ..NOT_APPLICABLE
    },
    Signature {
        id: "harvester-abort-past-phase",
        all: &["cannot abort the migration as it is in"],
        source: "harvester pkg/api/vm/handler.go (abortMigration: \"cannot abort the migration \
            as it is in %q phase\")",
        example: "cannot abort the migration as it is in \"Succeeded\" phase",
        ..NOT_APPLICABLE
    },
    Signature {
        id: "harvester-vm-not-live-migratable",
        all: &["is not live migratable as"],
        source: "harvester pkg/util/virtualmachineinstance/virtualmachineinstance.go \
            (ValidateVMMigratable: \"VM %s is not live migratable as it is not running\", \"… as \
            it is already in a migrating state\", \"… as node selector is set\", \"… as PCIe or \
            USB devices are attached\", \"… as vGPU devices are attached\", \"… as the condition \
            reported with reason: %s\")",
        example: "VM default/gpu-vm is not live migratable as PCIe or USB devices are attached",
        ..NOT_APPLICABLE
    },
];
