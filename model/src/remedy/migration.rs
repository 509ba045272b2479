//! Remedies of the migration layer: what blocks a migration, why one failed, and how to let one
//! converge, by the cause's name (the migration module's failure kinds, the LiveMigratable
//! reasons, the migration modes).
//!
//! Written from kubevirt/monitoring `docs/runbooks/VMCannotBeEvicted.md` ("Set the
//! evictionStrategy … or resolve the issue that prevents the VMI from migrating"),
//! `KubeVirtVMIExcessiveMigrations.md` and `VirtLauncherPodsStuckFailed.md` (cancel in-flight
//! migrations: `kubectl delete vmim`); the user guide's live migration page
//! (`docs/compute/live_migration.md`, kubevirt/user-guide: `bandwidthPerMigration`,
//! `allowPostCopy`, `allowAutoConverge`, `completionTimeoutPerGiB`, RWX storage); KubeVirt's
//! `pkg/virt-controller/watch/migration/migration.go` (the target pod is deleted after 5 min
//! unschedulable) and `pkg/virt-handler/migration-source.go` (a broken post-copy loses the VM).

use super::{ByValue, render};
use crate::explain::{Subject, Topic};

const MIGRATE: &str = "Migrate again once the cause is fixed: `virtctl migrate {name} -n {ns}`.";
const CONVERGE: &str = "Let it converge: raise `bandwidthPerMigration`, or set `allowAutoConverge: true` or `allowPostCopy: true` in the KubeVirt CR's `spec.configuration.migrations` (or a MigrationPolicy for this VM), or lower the guest's memory write load; then `virtctl migrate {name} -n {ns}`.";
const TARGET_FIT: &str = "Give the target pod a node: free or add capacity, relax the VM's nodeSelector, affinity or tolerations, or `kubectl uncordon <node>`; then `virtctl migrate {name} -n {ns}`.";
const DISKS: &str = "Move the VM's disks to ReadWriteMany (shared) storage, or use storage live migration (`updateVolumesStrategy: Migration`), so it can migrate; until then set `evictionStrategy: None` so a drain shuts it down, or stop it before the drain: `virtctl stop {name} -n {ns}`.";
const BLOCKED: &str = "Remove what blocks the migration from the VM spec (`kubectl edit vm {name} -n {ns}`) and restart it, or set `evictionStrategy: None` so a drain shuts it down instead of waiting, or stop it before the drain: `virtctl stop {name} -n {ns}`.";
const RESTART: &str = "Start the VM again: `virtctl restart {name} -n {ns}` (run strategy Always or RerunOnFailure does it on its own).";

/// The migration layer's catalogue values (LiveMigratable reasons, eviction strategies) and what
/// to do about them.
pub const BY_VALUE: &[ByValue] = &[
    ByValue {
        topic: Topic::Reason,
        value: "DisksNotLiveMigratable",
        actions: &[DISKS],
    },
    // The reason's message in KubeVirt's `pkg/network/migration` (`InterfaceNotLiveMigratable`):
    // masquerade, or bridge with the allow-pod-bridge annotation, or a migratable plugin.
    ByValue {
        topic: Topic::Reason,
        value: "InterfaceNotLiveMigratable",
        actions: &[
            "Use the masquerade binding for the pod network, or annotate the VMI template with \
             `kubevirt.io/allow-pod-bridge-network-live-migration` for a bridge binding, \
             then restart the VM; or set `evictionStrategy: None` / stop it \
             before a drain: `virtctl stop {name} -n {ns}`.",
        ],
    },
    // `pkg/virt-handler/vm.go`: host-model asked for, but the node exposes no host-model CPU
    // (virt-handler's node labeller labels the nodes' CPU models).
    ByValue {
        topic: Topic::Reason,
        value: "CPUModeLiveMigratable",
        actions: &[
            "Run the VM where the node labeller reports a host-model CPU (a node labelled \
             `host-model-cpu.node.kubevirt.io/<model>`: `kubectl get nodes --show-labels`), or \
             give it a named CPU model every node offers (`spec.template.spec.domain.cpu.model`), \
             then restart it: `virtctl restart {name} -n {ns}`.",
        ],
    },
    ByValue {
        topic: Topic::Reason,
        value: "HostDeviceNotLiveMigratable",
        actions: &[BLOCKED],
    },
    ByValue {
        topic: Topic::Reason,
        value: "SEVNotLiveMigratable",
        actions: &[BLOCKED],
    },
    ByValue {
        topic: Topic::EvictionStrategy,
        value: "External",
        actions: &[
            "Let the external controller that owns evictions (its `kubevirt.io/evacuationNodeName` \
             handling) migrate or stop the VM; if none runs, set `evictionStrategy: LiveMigrate` \
             on the VM.",
        ],
    },
];

/// What to do about a migration cause: a failure kind (`target_unschedulable`,
/// `resource_quota`, …, as the migration module names them) or a state (`irrecoverable`,
/// `timeout_abort`, `not_converging`, `post_copy`, `paused`, `abort_failed`,
/// `state_left_behind`, `drain_blocked`, `evacuating`); empty for a cause without one.
pub fn for_cause(cause: &str, s: &Subject) -> Vec<String> {
    let actions: &[&str] = match cause {
        "target_unschedulable" | "target_not_ready" => &[TARGET_FIT],
        "resource_quota" => &[
            "Raise the namespace's ResourceQuota so a second launcher pod fits during the \
             migration (`kubectl edit resourcequota -n {ns}`); then `virtctl migrate {name} -n \
             {ns}`.",
        ],
        "policy" | "utility_volumes" | "backup" | "other" | "proxy_or_socket"
        | "target_domain_slow" | "target_pod_gone" | "aborted" => &[MIGRATE],
        "backoff" => &[
            "Wait: KubeVirt retries after its back-off (20 s, doubling per failure); fix the \
             cause of the earlier failures so the next try succeeds.",
        ],
        "no_convergence" | "timeout_abort" | "not_converging" => &[CONVERGE],
        "post_copy_broken" | "irrecoverable" | "vmi_lost" => &[
            RESTART,
            "Before the next post-copy migration, make the network between the nodes reliable; \
             or turn post-copy off (`allowPostCopy: false`).",
        ],
        "vmi_gone" => &[RESTART],
        "post_copy" => &[
            "Keep the source and target nodes and the network between them up until it \
             completes: a failure now loses the VM.",
        ],
        "paused" => &[
            "Nothing to do while it converges (the guest resumes on the target); to avoid the \
             pause next time, raise `bandwidthPerMigration` or allow post-copy.",
        ],
        "abort_failed" => &[
            "Delete the migration object to cancel it again: `kubectl delete vmim {migration} -n \
             {ns}`; if it completes meanwhile, nothing more is needed.",
        ],
        "state_left_behind" => &[
            "Start a new migration (`virtctl migrate {name} -n {ns}`): virt-controller replaces \
             the stale migrationState; if a second launcher pod lingers, delete the one not on \
             the VMI's node.",
        ],
        "evacuating" => &[
            "Let the evacuation finish; if it stalls, fix what the migration reports, then \
             `kubectl uncordon <node>` after the maintenance.",
        ],
        _ => return Vec::new(),
    };
    render(actions, s)
}
