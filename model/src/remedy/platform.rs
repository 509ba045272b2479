//! Remedies of the platform's own tools around KubeVirt (round 25's families), by signature
//! id: Fleet's bundle states (`signatures/fleet.rs`), Helm's releases (`signatures/helm.rs`,
//! `input/helm_release.rs`), Rancher's planner probes (`signatures/rancher_planner.rs`), a
//! namespace left Terminating (`signatures/namespace_deletion.rs`,
//! `input/namespace_state.rs`), Harvester's upgrade pre-check
//! (`signatures/harvester_precheck.rs`), the host OS image tool (`signatures/elemental.rs`), a
//! controller's refused credentials (`signatures/unauthenticated.rs`' reflector entries), QEMU
//! refusing a migration command (`signatures/qemu_migration.rs`) and a volume expansion
//! (`signatures/volume_expand.rs`).
//!
//! Written from the same sources: rancher/fleet's bundle summary (`forceSyncGeneration` in
//! `pkg/apis/fleet.cattle.io/v1alpha1` BundleDeploymentOptions, the agent's redeploy); helm's
//! `helm rollback` (`pkg/action/rollback.go`: a new revision from an older deployed one);
//! Harvester's upgrade pages' known issues (the local-kubeconfig secret's label, certificates
//! rotated with `rke2 certificate rotate`); kubernetes' namespace controller (a finalizer is
//! removed by its controller, or by hand once that controller is gone); elemental-toolkit's
//! exit codes; KubeVirt's migration configuration (`allowPostCopy` in the KubeVirt CR or a
//! MigrationPolicy); the CSI external resizer.

const FLEET: &[&str] = &[
    "Make the bundle's resources agree with it again: fix or revert what the Modified or \
     ErrApplied message names (apply missing CRDs, undo the hand edit, resolve the refused \
     change), then force Fleet to deploy it again: `kubectl patch bundle <name> -n fleet-local \
     --type merge -p '{\"spec\":{\"forceSyncGeneration\":<n+1>}}'`.",
];
const HELM: &[&str] = &[
    "Roll the release back to its last deployed revision so Helm accepts operations again \
     (`helm rollback <release> <revision> -n <ns>`, the revision from `helm history`), once no \
     other client or controller is still running an operation on it; then upgrade again.",
];
const PROBES: &[&str] = &[
    "Bring the named components up on the node: renew expired certificates (`rke2 certificate \
     rotate` on the node, then restart rke2-server), restore etcd's quorum, or fix what the \
     component's container logs; Rancher moves on once the probes pass.",
];
const NAMESPACE: &[&str] = &[
    "Let the objects' controller clear their finalizers (reinstall or restart it), or once that \
     controller is gone for good remove the finalizers it left (`kubectl patch <kind>/<name> -n \
     <ns> --type merge -p '{\"metadata\":{\"finalizers\":null}}'`), and fix or delete an \
     APIService that does not answer (`kubectl get apiservices`); the namespace then goes away.",
];
const PRECHECK: &[&str] = &[
    "Fix what each failed check and its ERROR lines name (on the node they name, or in the \
     object they name) and run the pre-check again before starting the upgrade.",
];
const ELEMENTAL: &[&str] = &[
    "Fix the host's OS partitions or state file the elemental log names on that node (the \
     exit code's meaning is in elemental-toolkit's exit code list; a half-written state.yaml \
     can be removed so it is written again), then let the upgrade job retry.",
];
const CREDENTIALS: &[&str] = &[
    "Give the controller working credentials: renew or recreate the token, kubeconfig secret \
     or service account it uses (for Harvester's CAPI controller, label the local-kubeconfig \
     secret as its upgrade guide says), then restart it so its informers list again: \
     `kubectl rollout restart deploy/<controller> -n <ns>`.",
];
const POSTCOPY: &[&str] = &[
    "Let the target node's QEMU use userfaultfd (`sysctl -w vm.unprivileged_userfaultfd=1`), \
     or stop allowing post-copy for these VMs (`allowPostCopy: false` in the MigrationPolicy \
     or the KubeVirt CR's migrations), then migrate again: `virtctl migrate {name} -n {ns}`.",
];
const MIGRATION_COMMAND: &[&str] = &[
    "Change what QEMU refuses in the migration's settings (the MigrationPolicy's or the \
     KubeVirt CR's `migrations`: post-copy, auto-converge, bandwidth, parallel connections) or \
     run a QEMU that supports it on both nodes, then migrate again: `virtctl migrate {name} -n \
     {ns}`.",
];
const RESIZE: &[&str] = &[
    "Fix what the CSI driver's error names (the backend's size limit or quota, an expansion it \
     does not support while attached: stop the VM first), then ask again by patching the \
     claim's size.",
];

const BY_ID: &[(&[&str], &[&str])] = &[
    (
        &[
            "fleet-err-applied",
            "fleet-modified",
            "fleet-wait-applied",
            "fleet-out-of-sync",
            "fleet-not-ready",
            "fleet-pending",
        ],
        FLEET,
    ),
    (
        &[
            "helm-operation-in-progress",
            "helm-no-deployed-releases",
            "helm-release:pending-install",
            "helm-release:pending-upgrade",
            "helm-release:pending-rollback",
            "helm-release:uninstalling",
            "helm-release:failed",
            "helm-release:unknown",
        ],
        HELM,
    ),
    (
        &["rancher-probes-control-plane", "rancher-probes-kubelet"],
        PROBES,
    ),
    (
        &[
            "namespace-finalizers-remaining",
            "namespace-content-remaining",
            "namespace-discovery-failed",
            "namespace-content-deletion-failed",
            "namespace-terminating",
        ],
        NAMESPACE,
    ),
    (
        &[
            "harvester-precheck-nodes",
            "harvester-precheck-control-plane",
            "harvester-precheck-network",
            "harvester-precheck-vms",
            "harvester-precheck-host-files",
        ],
        PRECHECK,
    ),
    (
        &["elemental-exit-code", "elemental-invalid-setup"],
        ELEMENTAL,
    ),
    (
        &[
            "api-unauthorized-reflector",
            "api-unauthorized-reflector-watch",
        ],
        CREDENTIALS,
    ),
    (&["qemu-postcopy-unsupported"], POSTCOPY),
    (&["qemu-migration-command-refused"], MIGRATION_COMMAND),
    (&["pvc-resize-failed", "pvc-expand-handover-failed"], RESIZE),
];

/// The remedy of one of these families' signature `id`, if it has one here.
pub fn for_id(id: &str) -> Option<&'static [&'static str]> {
    BY_ID
        .iter()
        .find(|(ids, _)| ids.contains(&id))
        .map(|(_, a)| *a)
}
