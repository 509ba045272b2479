//! Remedies of the message signatures (the signatures module), by signature id, and of the status
//! rows a listing shows (`vmi-status:Failed`, `pod-status:ImagePullBackOff`), by the status.
//!
//! Written from kubevirt/monitoring `docs/runbooks/`: `VirtualMachineStuckOnNode.md` and
//! `VirtualMachineStuckInUnhealthyState.md` (launcher pod, image, storage, scheduling, node
//! actions), `VirtHandlerDown.md` and `VirtControllerDown.md` (crashing components),
//! `LowKVMNodesCount.md` and `KubeVirtNoAvailableNodesToRunVMs.md` (KVM), `VMCannotBeEvicted.md`
//! (migration blockers), `VMNonRecoverableOSPanic.md` (guest), `VirtLauncherPodsStuckFailed.md`
//! (migration loops); what `virtctl restart` does from KubeVirt's
//! `pkg/virt-api/rest/subresource.go` (`RestartVMRequestHandler`: the VMI is deleted and the VM
//! controller starts a new one).

use super::render;
use crate::explain::Subject;

const RESTART: &str =
    "Restart the VM so it starts on a fresh launcher pod: `virtctl restart {name} -n {ns}`.";
const DELETE_LAUNCHER: &str = "Delete the stuck launcher pod so a new one is made: `kubectl delete pod {pod} -n {ns}` (the VM controller starts a new VMI when its run strategy is Always or RerunOnFailure; otherwise `virtctl start {name} -n {ns}`).";
const KVM: &str = "Enable hardware virtualization (VT-x/AMD-V) on the node, or nested virtualization on a cloud VM, and make sure the `kvm` module is loaded so virt-handler's device plugin offers `devices.kubevirt.io/kvm`; without it, set `spec.configuration.developerConfiguration.useEmulation: true` in the KubeVirt CR (software emulation, slow).";
const HANDLER_RESTART: &str = "Delete the crashing virt-handler pod on the node so its DaemonSet recreates it: `kubectl delete pod -n kubevirt -l kubevirt.io=virt-handler --field-selector spec.nodeName={node}`; if it crashes again, fix the cause in its log (or move to a KubeVirt release without the bug).";
const COMPONENT: &str = "Fix the cause in the component's log (panic, OOM, bad configuration), then delete the crashing pod so its Deployment or DaemonSet recreates it: `kubectl delete pod <pod> -n kubevirt`.";
const MIGRATE_AGAIN: &str =
    "Once the cause is fixed, migrate again: `virtctl migrate {name} -n {ns}`.";
const TARGET_PLACEMENT: &str = "Give the target pod a node: relax the VM's nodeSelector, affinity or tolerations, or free or add a node that satisfies them (`kubectl uncordon <node>` if one was cordoned), then migrate again: `virtctl migrate {name} -n {ns}`.";
const NOT_SHARED: &str = "Put the VM's disks on ReadWriteMany (shared) storage, or mark them for storage migration, so it can live-migrate; until then set `evictionStrategy: None` so a drain shuts it down instead of being blocked, or stop it before the drain (`virtctl stop {name} -n {ns}`).";
const NETWORK_RESTART: &str = "Fix the network attachment (the NetworkAttachmentDefinition and the node's interface or CNI plugin), then restart the VM so its interfaces are plugged again: `virtctl restart {name} -n {ns}`.";
const GUEST_REACH: &str = "Make the service in the guest listen and open its firewall, or fix the path to it (the VMI's interface, the Service or NetworkPolicy in front of it); from the console: `virtctl console {name} -n {ns}`.";
const AGENT: &str = "Install and start qemu-guest-agent in the guest (`systemctl enable --now qemu-guest-agent`), using a version that supports the commands KubeVirt needs.";

/// The signature ids and the remedy each gets.
const BY_ID: &[(&str, &[&str])] = &[
    ("dev-kvm-not-present", &[KVM]),
    ("dev-kvm-missing", &[KVM]),
    ("insufficient-kvm", &[KVM]),
    ("kvm-allocatable-zero", &[KVM]),
    ("virt-handler-panic-frame", &[HANDLER_RESTART]),
    ("virt-handler-main-panic", &[HANDLER_RESTART]),
    ("go-panic", &[COMPONENT]),
    ("observed-panic", &[COMPONENT]),
    ("virt-controller-crashloop", &[COMPONENT]),
    (
        "component-degraded",
        &[
            "Fix what the operator's Degraded condition message names; it reconciles again on its own once that is fixed.",
        ],
    ),
    (
        "kubevirt-not-available",
        &[
            "Wait for virt-operator to finish deploying; if it stays Deploying, fix the component pods it waits for (`kubectl get pods -n kubevirt`).",
        ],
    ),
    (
        "forbidden-property",
        &[
            "Remove or rename the field the API server names in the manifest (it is not in this KubeVirt release's schema), or upgrade KubeVirt to a release that has it, then apply again.",
        ],
    ),
    (
        "webhook-volume-no-disk",
        &[
            "Give every volume in `spec.template.spec.volumes` a disk of the same name in `spec.template.spec.domain.devices.disks` (or remove the volume), then apply again.",
        ],
    ),
    (
        "webhook-service-missing",
        &[
            "Restore the webhook's service (redeploy the component that owns it), or delete the stale webhook configuration that points at it.",
        ],
    ),
    (
        "crd-status-validator",
        &[
            "Upgrade or redeploy the KubeVirt CRDs so their schema matches the running components (virt-operator reinstalls them), then let the controller retry.",
        ],
    ),
    (
        "quota-exceeded",
        &[
            "Raise the namespace's ResourceQuota (`kubectl edit resourcequota -n {ns}`) or lower the VM's requests; a migration needs room for a second launcher pod.",
        ],
    ),
    (
        "vm-failed-create",
        &[
            "Fix what the FailedCreate event names (quota, admission, a missing DataVolume or secret); the VM controller creates the object again on its next sync.",
        ],
    ),
    (
        "vm-vmi-not-exists",
        &[
            "Start the VM if it should run: `virtctl start {name} -n {ns}` (or set its run strategy to Always).",
        ],
    ),
    (
        "vmi-succeeded-row",
        &[
            "Start the VM again if it should run: `virtctl start {name} -n {ns}`; set run strategy Always to have KubeVirt restart it after a guest shutdown.",
        ],
    ),
    ("vmi-failed-row", &[RESTART]),
    (
        "vmi-scheduling-row",
        &[
            "Make a node fit the launcher pod: free resources, add a node, relax nodeSelector/affinity/tolerations, or `kubectl uncordon <node>`.",
        ],
    ),
    (
        "vmi-unschedulable",
        &[
            "Make a node fit the launcher pod: free resources, add a node, relax nodeSelector/affinity/tolerations, or `kubectl uncordon <node>`.",
        ],
    ),
    (
        "launcher-pending",
        &[
            "Make a node fit the launcher pod: free resources, add a node, relax nodeSelector/affinity/tolerations, or `kubectl uncordon <node>`.",
        ],
    ),
    (
        "unbound-pvc",
        &[
            "Make the claims bind: create the missing StorageClass or PersistentVolume, or set a working `storageClassName` in the VM's dataVolumeTemplates.",
        ],
    ),
    (
        "csi-driver-not-registered",
        &[
            "Restart the CSI driver's node plugin on the node (delete its pod so its DaemonSet recreates it), then delete the launcher pod so the volume is mapped again: `kubectl delete pod {pod} -n {ns}`.",
        ],
    ),
    (
        "image-pull-backoff",
        &[
            "Fix the image reference, the registry's reachability or the pull secret (`kubectl create secret docker-registry …` and reference it), then delete the pod so it pulls again: `kubectl delete pod {pod} -n {ns}`.",
        ],
    ),
    ("init-container-cannot-run", &[DELETE_LAUNCHER]),
    (
        "pod-terminating",
        &[
            "Bring the node's kubelet back so it confirms the deletion; if the node is gone for good, force-delete the pod: `kubectl delete pod {pod} -n {ns} --force --grace-period=0`.",
        ],
    ),
    ("compute-completed", &[RESTART]),
    (
        "sync-domain-failed",
        &[
            "Fix what the Synchronized condition's message names (a missing volume, a bad domain setting); virt-handler retries on its own, or restart the VM: `virtctl restart {name} -n {ns}`.",
        ],
    ),
    ("syncvmi-deadline-exceeded", &[DELETE_LAUNCHER]),
    ("syncvmi-unavailable", &[DELETE_LAUNCHER]),
    ("launcher-unresponsive", &[DELETE_LAUNCHER]),
    ("libvirt-connect-failed", &[DELETE_LAUNCHER]),
    ("qemu-pid-missing", &[DELETE_LAUNCHER]),
    ("domain-uuid-wait", &[DELETE_LAUNCHER]),
    (
        "launcher-conversion-failed",
        &[
            "Fix the VM spec field the conversion error names (`kubectl edit vm {name} -n {ns}`), then restart the VM: `virtctl restart {name} -n {ns}`.",
        ],
    ),
    (
        "host-disk-chown",
        &[
            "Make the hostDisk image's directory writable by the launcher (qemu user 107) on the node, then restart the VM: `virtctl restart {name} -n {ns}`.",
        ],
    ),
    (
        "qemu-hugepages-allocate",
        &[
            "Reserve enough hugepages of the requested size on the node (kernel `hugepages=` or the node's hugepages setting), or lower the VM's memory, then restart it: `virtctl restart {name} -n {ns}`.",
        ],
    ),
    (
        "qemu-block-resize",
        &[
            "Give the PVC's storage room to grow (or expand the PVC within what the StorageClass allows), then restart the VM: `virtctl restart {name} -n {ns}`.",
        ],
    ),
    (
        "launcher-paused-ioerror",
        &[
            "Fix the storage (free space on the volume, reconnect the storage backend), then restart the VM: `virtctl restart {name} -n {ns}`.",
        ],
    ),
    (
        "console-abnormal-close",
        &[
            "Reconnect: `virtctl console {name} -n {ns}`; if the connection keeps breaking, fix the proxy or load balancer in front of the API server (websocket timeouts).",
        ],
    ),
    (
        "console-connected-blank",
        &[
            "Enable a serial console in the guest (kernel `console=ttyS0`, a getty on ttyS0) or use VNC: `virtctl vnc {name} -n {ns}`.",
        ],
    ),
    ("agent-not-connected", &[AGENT]),
    ("agent-version-not-supported", &[AGENT]),
    ("guest-os-info-empty", &[AGENT]),
    ("ping-failed", &[GUEST_REACH]),
    ("connection-refused", &[GUEST_REACH]),
    ("tcp-connect-timeout", &[GUEST_REACH]),
    ("link-not-found", &[NETWORK_RESTART]),
    ("vmi-network-setup-failed", &[NETWORK_RESTART]),
    ("bridge-k6t", &[NETWORK_RESTART]),
    ("disks-not-live-migratable", &[NOT_SHARED]),
    ("non-shared-pvc", &[NOT_SHARED]),
    (
        "cannot-migrate-readonly",
        &[
            "Remove the empty or read-only disk (a CD-ROM without media) from the VM, or eject it, before migrating; or stop the VM for the drain: `virtctl stop {name} -n {ns}`.",
        ],
    ),
    ("target-pod-unschedulable", &[TARGET_PLACEMENT]),
    ("target-node-selector", &[TARGET_PLACEMENT]),
    ("target-pod-shutdown", &[MIGRATE_AGAIN]),
    (
        "migration-proxy-closed",
        &[
            "Fix the network between the source and target nodes' virt-handlers (the migration port), then migrate again: `virtctl migrate {name} -n {ns}`.",
        ],
    ),
    ("migrated-failed-event", &[MIGRATE_AGAIN]),
    ("command-migrate-failed", &[MIGRATE_AGAIN]),
    (
        "migration-stuck",
        &[
            "Let the migration converge: raise `bandwidthPerMigration` or allow post-copy / auto-converge in the KubeVirt CR's `spec.configuration.migrations`, or lower the guest's write load, then migrate again: `virtctl migrate {name} -n {ns}`.",
        ],
    ),
    (
        "migration-dirty-rate",
        &[
            "Let the migration converge: raise `bandwidthPerMigration` or allow post-copy / auto-converge in the KubeVirt CR's `spec.configuration.migrations`, or lower the guest's write load.",
        ],
    ),
    (
        "migration-in-flight",
        &[
            "Wait for the in-flight migration to end, or cancel it: `kubectl delete vmim -n {ns} -l kubevirt.io/vmi-name={name}`.",
        ],
    ),
    (
        "harvester-migrating",
        &[
            "Wait for the migration to end, or cancel it: `kubectl delete vmim -n {ns} -l kubevirt.io/vmi-name={name}`.",
        ],
    ),
    (
        "pdb-eviction-refused",
        &[
            "Let the VM's migration finish (the drain retries), or make it migratable; for a VM that cannot migrate, stop it before the drain: `virtctl stop {name} -n {ns}`.",
        ],
    ),
    (
        "drain-evicting",
        &[
            "Let the evictions finish; make every VM on the node migratable or stop it, then `kubectl uncordon <node>` after the maintenance.",
        ],
    ),
    (
        "drain-cordoned",
        &["Finish the drain or the maintenance, then `kubectl uncordon <node>`."],
    ),
    (
        "pdb-expanded",
        &[
            "Let the migration finish; if it loops, cancel it: `kubectl delete vmim -n {ns} -l kubevirt.io/vmi-name={name}`.",
        ],
    ),
    ("pdb-shrank", &[MIGRATE_AGAIN]),
];

/// The remedy of a listing's status row (`<kind>-status:<status>`), by the status.
fn for_status(status: &str) -> Option<&'static [&'static str]> {
    Some(match status {
        "Failed" | "CrashLoopBackOff" | "Error" | "Completed" => &[RESTART],
        "ImagePullBackOff" | "ErrImagePull" => &[
            "Fix the image reference, the registry's reachability or the pull secret, then delete the pod so it pulls again: `kubectl delete pod {pod} -n {ns}`.",
        ],
        "Pending" | "Scheduling" | "Unschedulable" => &[
            "Make a node fit the pod: free resources, add a node, relax nodeSelector/affinity/tolerations, or `kubectl uncordon <node>`.",
        ],
        s if s.starts_with("Init:") => &[DELETE_LAUNCHER],
        "Terminating" => &[
            "Bring the node's kubelet back so it confirms the deletion; if the node is gone for good, force-delete the pod: `kubectl delete pod {pod} -n {ns} --force --grace-period=0`.",
        ],
        "NotReady" => &[
            "Bring the node back (kubelet, container runtime, network, power); VMs that must keep running meanwhile can be migrated away while virt-handler still beats: `virtctl migrate {name} -n {ns}`.",
        ],
        _ => return None,
    })
}

/// What to do about a signal of signature `id`; empty for an id without a remedy here.
pub fn for_signature(id: &str, s: &Subject) -> Vec<String> {
    if let Some((_, a)) = BY_ID.iter().find(|(i, _)| *i == id) {
        return render(a, s);
    }
    if let Some(a) = super::third_party::for_id(id) {
        return render(a, s);
    }
    // Component pods in a listing: their own runbooks (`VirtControllerDown.md`, …).
    if id.starts_with("component-") {
        return render(&[COMPONENT], s);
    }
    id.split_once("-status:")
        .and_then(|(_, status)| for_status(status))
        .map(|a| render(a, s))
        .unwrap_or_default()
}
