//! Signatures of KubeVirt's own verdicts on VMIs, migrations and nodes: the Warning events its
//! components emit, by their reason or their fixed message, and virt-handler's log lines that
//! set a VMI Failed (data table): virt-handler's
//! (`pkg/virt-handler/vm.go`, `migration-source.go`, `migration-target.go`,
//! `controller.go`'s messages, `node-labeller/`, `cache/domain-watcher.go`), virt-launcher's
//! (`pkg/virt-launcher/notify-client/client.go`, `virtwrap/cmd-server/server.go`) and
//! virt-controller's (`pkg/virt-controller/watch/vmi/lifecycle.go`, `migration/migration.go`,
//! `drain/evacuation/evacuation.go`, `node/node.go`; reasons in `pkg/controller/controller.go`).

use super::Signature;
use super::base::BASE;
use crate::evidence::SignalPlane;
use crate::verdict::{Health, Layer};

const N: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    ..BASE
};

const CP: Signature = Signature {
    layer: Some(Layer::ControlPlane),
    health: Health::Broken,
    ..BASE
};

const MIG_CONTROL: Signature = Signature {
    layer: Some(Layer::Migration),
    plane: Some(SignalPlane::Control),
    health: Health::Broken,
    ..BASE
};

const MIG_DATA: Signature = Signature {
    layer: Some(Layer::Migration),
    plane: Some(SignalPlane::Data),
    health: Health::Broken,
    ..BASE
};

const EVENTS: &str = "kubectl get events -n <ns> --field-selector involvedObject.name=<vmi>";

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "event-vmi-crashed",
        all: &["The VirtualMachineInstance crashed."],
        title: "the VMI's domain crashed on the node (Stopped: The VirtualMachineInstance crashed.)",
        cause: "virt-handler saw the libvirt domain stop as crashed (QEMU died, not a guest \
            shutdown); with runStrategy Always the VM controller starts a new VMI, so it may \
            crash again; the launcher's compute log says why",
        next_steps: &[
            "kubectl logs <virt-launcher pod> -c compute --previous (qemu lines)",
            "dmesg on the node (OOM killer, segfaults)",
        ],
        source: "pkg/virt-handler/controller.go (VMICrashed), vm.go (event Stopped)",
        example: "52m   Warning   Stopped   virtualmachineinstance/fedora   The VirtualMachineInstance crashed.",
        ..N
    },
    Signature {
        id: "event-guest-panicked",
        all: &["GuestPanicked"],
        layer: Some(Layer::Guest),
        title: "the guest kernel panicked (GuestPanicked)",
        cause: "the guest reported a panic through its pvpanic/hyperv crash device: the guest \
            OS crashed, not KubeVirt",
        next_steps: &["virtctl console <vm> (the guest's panic message)"],
        source: "pkg/virt-launcher/notify-client/client.go (event GuestPanicked)",
        example: "Warning  GuestPanicked  1m  virt-launcher  Guest panicked",
        ..N
    },
    Signature {
        id: "event-guest-agent-ping-failed",
        all: &["GuestAgentPing", "probe failed"],
        layer: Some(Layer::Guest),
        health: Health::Degraded,
        title: "the guest agent does not answer its liveness ping (GuestAgentPingFailed)",
        cause: "the VMI's guest-agent-ping probe gets no answer from qemu-guest-agent in the guest",
        next_steps: &["check qemu-guest-agent in the guest (virtctl console)"],
        source: "pkg/virt-launcher/virtwrap/cmd-server/server.go (event GuestAgentPingFailed: \
            \"GuestAgentPing probe failed for VMI %s\")",
        example: "Warning  GuestAgentPingFailed  30s  virt-launcher  GuestAgentPing probe failed for VMI web",
        ..N
    },
    Signature {
        id: "event-node-orphaned-vmis",
        all: &["virt-handler is not present, there are orphaned vmis"],
        title: "the node has VMIs but no virt-handler (NodeUnresponsive)",
        cause: "virt-controller finds VMIs on a node where virt-handler does not run: nothing \
            syncs, migrates or cleans them up until virt-handler runs there again",
        next_steps: &["kubectl get pods -n kubevirt -o wide -l kubevirt.io=virt-handler"],
        source: "pkg/virt-controller/watch/node/node.go (NodeUnresponsive)",
        example: "Warning  NodeUnresponsive  1m  virt-controller  virt-handler is not present, there are orphaned vmis on this node. Run virt-handler on this node to migrate or remove them.",
        ..N
    },
    Signature {
        id: "event-hotplug-failed",
        all: &["HotplugFailed"],
        title: "virt-handler cannot hotplug a volume into the VM (HotplugFailed)",
        cause: "the attachment pod brought the volume to the node but virt-handler failed to \
            mount or attach it into the domain; the event's message says why",
        next_steps: &[
            "kubectl logs -n kubevirt <virt-handler pod on the node>",
            EVENTS,
        ],
        source: "pkg/virt-handler/vm.go (event HotplugFailed)",
        example: "Warning  HotplugFailed  10s  virt-handler  failed to mount hotplug volume",
        ..N
    },
    Signature {
        id: "event-host-model-obsolete",
        all: &["HostModelIsObsolete"],
        health: Health::Degraded,
        title: "the node's host CPU model is obsolete for libvirt (HostModelIsObsolete)",
        cause: "virt-handler's node labeller finds the host-model CPU obsolete: VMs with \
            host-model CPUs may not be scheduled or migrated to this node",
        next_steps: &["kubectl get node <node> -o yaml | grep host-model"],
        source: "pkg/virt-handler/node-labeller/node_labeller.go (event HostModelIsObsolete)",
        example: "Warning  HostModelIsObsolete  5m  virt-handler  This node has obsolete host model Opteron_G2",
        ..N
    },
    Signature {
        id: "event-notify-server-failure",
        all: &["NotifyServerFailure"],
        health: Health::Degraded,
        title: "virt-handler's domain notify server failed (NotifyServerFailure)",
        cause: "virt-handler cannot receive domain events from the node's virt-launchers, so \
            VMI status updates lag",
        next_steps: &["kubectl logs -n kubevirt <virt-handler pod on the node>"],
        source: "pkg/virt-handler/cache/domain-watcher.go (event NotifyServerFailure)",
        example: "Warning  NotifyServerFailure  1m  virt-handler  Failed to start domain notify server",
        ..N
    },
    Signature {
        id: "event-launch-manifest",
        all: &["failed to render launch manifest"],
        title: "virt-controller cannot render the virt-launcher pod (failed to render launch manifest)",
        cause: "the VMI's spec cannot become a launcher pod (a referenced PVC, secret or \
            config map missing, a bad resource request): no pod is created",
        next_steps: &[EVENTS, "kubectl get pvc,secret,configmap -n <ns>"],
        source: "pkg/virt-controller/services/template.go (FailedToRenderLaunchManifestErrFormat)",
        example: "Warning  FailedCreate  3s  virtualmachine-controller  failed to render launch manifest: PVC ns/disk0 does not exist",
        ..CP
    },
    Signature {
        id: "event-pvc-not-found",
        all: &["FailedPvcNotFound"],
        title: "a volume of the VMI has no PVC (FailedPvcNotFound)",
        cause: "the VMI names a PVC or DataVolume that does not exist (yet): no launcher pod is \
            created until it does",
        next_steps: &["kubectl get pvc,dv -n <ns>"],
        source: "pkg/controller/controller.go (FailedPvcNotFoundReason); \
            pkg/virt-controller/watch/vmi/datavolumes.go",
        example: "Warning  FailedPvcNotFound  5s  virtualmachine-controller  Error determining if volume is ready: PVC default/disk0 does not exist",
        ..CP
    },
    Signature {
        id: "event-attachment-pod-create",
        all: &["Error creating attachment pod"],
        title: "virt-controller cannot create a hotplug attachment pod",
        cause: "the pod that brings a hotplugged volume (or a migration target's volumes) to \
            the node is refused by the API server; the text after it says why",
        next_steps: &[EVENTS],
        source: "pkg/virt-controller/watch/vmi/volume-hotplug.go, migration/migration.go \
            (\"Error creating attachment pod: %v\")",
        example: "Warning  FailedCreate  2s  virtualmachine-controller  Error creating attachment pod: pods \"hp-volume-\" exceeded",
        ..CP
    },
    Signature {
        id: "event-guarantee-resources",
        all: &["failed to guarantee pod resources"],
        title: "virt-controller cannot give the launcher pod guaranteed resources",
        cause: "the VMI asks for dedicated CPUs (Guaranteed QoS) but its launcher pod's requests \
            and limits cannot be made equal",
        next_steps: &[
            "kubectl get vmi <name> -o yaml (spec.domain.resources, cpu.dedicatedCpuPlacement)",
        ],
        source: "pkg/virt-controller/watch/vmi/lifecycle.go (FailedGuaranteeResources)",
        example: "Warning  FailedGuaranteeResources  1s  virtualmachine-controller  failed to guarantee pod resources",
        ..CP
    },
    Signature {
        id: "event-migration-not-eligible",
        all: &["not eligible for migration because another migration job is in progress"],
        health: Health::Degraded,
        title: "another migration of the VMI is in progress",
        cause: "virt-controller does not start this migration while another one of the same VMI \
            runs; it fails or waits",
        next_steps: &["kubectl get vmim -n <ns>"],
        source: "pkg/virt-controller/watch/migration/migration.go (FailedMigration)",
        example: "Warning  FailedMigration  1s  migration-controller  VMI's is not eligible for migration because another migration job is in progress.",
        ..MIG_CONTROL
    },
    Signature {
        id: "event-migration-target-pod-removed",
        all: &["Migration target pod was removed during active migration"],
        title: "the migration's target pod was removed while migrating",
        cause: "the target virt-launcher pod disappeared (evicted, deleted, its node lost) \
            during the migration, so it fails",
        next_steps: &["kubectl get events -n <ns> (the target pod's)"],
        source: "pkg/virt-controller/watch/migration/migration.go (FailedMigration)",
        example: "Warning  FailedMigration  1s  migration-controller  Migration target pod was removed during active migration.",
        ..MIG_CONTROL
    },
    Signature {
        id: "event-migration-state-cleared",
        all: &["migration state was cleared during the active migration"],
        title: "the VMI's migration state was cleared during the migration",
        cause: "the VMI's status.migrationState was reset (or taken over) while the migration \
            ran: the migration is abandoned",
        next_steps: &["kubectl get vmim -n <ns> -o yaml"],
        source: "pkg/virt-controller/watch/migration/migration.go (FailedMigration)",
        example: "Warning  FailedMigration  1s  migration-controller  VMI's migration state was cleared during the active migration.",
        ..MIG_CONTROL
    },
    Signature {
        id: "event-migration-no-suitable-node",
        all: &["no node is suitable to run the required CPU model"],
        title: "no node can take the VMI's CPU model / features for a migration",
        cause: "the VMI's CPU (host-model or a named model with features) is not offered by \
            any other node's labels, so the migration target cannot be scheduled",
        next_steps: &["kubectl get nodes -L cpu-model.node.kubevirt.io/<model>"],
        source: "pkg/virt-controller/watch/migration/migration.go \
            (NoSuitableNodesForHostModelMigration)",
        example: "Warning  NoSuitableNodesForHostModelMigration  2s  migration-controller  Migration cannot proceed since no node is suitable to run the required CPU model / required features: map[]",
        ..MIG_CONTROL
    },
    Signature {
        id: "event-evacuation-create-failed",
        all: &["Error creating a Migration"],
        title: "virt-controller cannot create the evacuation's migration",
        cause: "a drain or workload update asks to move the VMI but its migration object is \
            refused (admission, another migration running)",
        next_steps: &["kubectl get vmim -n <ns>", EVENTS],
        source: "pkg/virt-controller/watch/drain/evacuation/evacuation.go, \
            workload-updater/workload-updater.go (\"Error creating a Migration: %v\")",
        example: "Warning  FailedCreate  2s  disruptionbudget-controller  Error creating a Migration: admission webhook denied",
        ..MIG_CONTROL
    },
    Signature {
        id: "event-evictionstrategy-not-migratable",
        all: &["EvictionStrategy is set but vmi is not migratable"],
        health: Health::Degraded,
        title: "the VMI asks to be migrated on eviction but is not migratable",
        cause: "evictionStrategy LiveMigrate is set but LiveMigratable is False (the reason \
            follows): a drain will block on this VMI",
        next_steps: &["kubectl get vmi <name> -o yaml (condition LiveMigratable)"],
        source: "pkg/virt-handler/vm.go (event Migrated)",
        example: "Warning  Migrated  1s  virt-handler  EvictionStrategy is set but vmi is not migratable; cannot migrate VMI: PVC disk0 is not shared",
        ..MIG_CONTROL
    },
    Signature {
        id: "event-migration-unknown-host",
        all: &["migrated to unknown host"],
        title: "the VMI migrated to an unknown host",
        cause: "the source saw the domain migrate to a host that is not the migration's target",
        next_steps: &["kubectl get vmi <name> -o yaml (status.migrationState)"],
        source: "pkg/virt-handler/migration-source.go (event Migrated)",
        example: "Warning  Migrated  1s  virt-handler  The VirtualMachineInstance migrated to unknown host.",
        ..MIG_DATA
    },
    Signature {
        id: "event-migration-target-not-observed",
        all: &["was never observed on the target"],
        title: "the migrated domain never appeared on the target",
        cause: "the source finished the migration but the target's virt-handler never saw the \
            domain in time: the VMI is left failed",
        next_steps: &["kubectl logs <target virt-launcher pod> -c compute"],
        source: "pkg/virt-handler/migration-source.go (event Migrated)",
        example: "Warning  Migrated  1s  virt-handler  The VirtualMachineInstance's domain was never observed on the target after the migration completed within the timeout period.",
        ..MIG_DATA
    },
    Signature {
        id: "event-migration-source-reported-failed",
        all: &["source node reported migration failed"],
        title: "the source node reported the migration failed",
        cause: "virt-handler on the source reported the libvirt migration failed; the source's \
            log and the migration's failure reason say why",
        next_steps: &["kubectl get vmim <name> -o yaml (status.migrationState.failureReason)"],
        source: "pkg/virt-controller/watch/migration/migration.go (FailedMigration)",
        example: "Warning  FailedMigration  1s  migration-controller  source node reported migration failed",
        ..MIG_DATA
    },
    Signature {
        id: "event-failed-migration",
        all: &["FailedMigration"],
        title: "a migration of the VMI failed (FailedMigration)",
        cause: "virt-controller's migration controller reports the migration failed; the \
            event's message and the migration's status say why (target pod, source node, \
            admission)",
        next_steps: &["kubectl get vmim -n <ns> -o yaml (status.migrationState.failureReason)"],
        source: "pkg/controller/controller.go (FailedMigrationReason = \"FailedMigration\"), \
            pkg/virt-controller/watch/migration/migration.go",
        example: "shutting down virtual machine default/web due to failed migration. vmim: default/kubevirt-evacuation-x, reasons: FailedMigration",
        layer: Some(Layer::Migration),
        health: Health::Broken,
        ..BASE
    },
    Signature {
        id: "handler-failed-network-error",
        all: &["virt-launcher crashed due to a network error"],
        layer: Some(Layer::Network),
        title: "virt-handler sets the VMI Failed: the pod network setup failed critically",
        cause: "setting up the VMI's network in the launcher pod failed with a critical error \
            (a binding the node cannot provide, e.g. masquerade without the nftables/iptables \
            NAT support it needs), so virt-handler fails the VMI; the sync error before it \
            says which step",
        next_steps: &[
            "kubectl logs -n kubevirt <virt-handler pod on the node> (the sync error)",
            "kubectl logs <virt-launcher pod> -c compute",
        ],
        source: "pkg/virt-handler/vm.go (handleSyncError: CriticalNetworkError)",
        example: r#"{"component":"virt-handler","level":"error","msg":"virt-launcher crashed due to a network error. Updating VMI vmi-dv-pod status to Failed","pos":"vm.go:1216"}"#,
        ..N
    },
    Signature {
        id: "handler-failed-secure-boot",
        all: &["does not support the Secure Boot setting"],
        title: "virt-handler sets the VMI Failed: virt-launcher cannot do its Secure Boot setting",
        cause: "the launcher (its firmware images) does not support the VMI's Secure Boot \
            setting on this node, so the VMI is Failed",
        next_steps: &["kubectl get vmi <name> -o yaml (spec.domain.firmware.bootloader.efi)"],
        source: "pkg/virt-handler/vm.go (handleSyncError: virtLauncherCriticalSecurebootError)",
        example: "virt-launcher does not support the Secure Boot setting. Updating VMI web status to Failed",
        ..N
    },
    Signature {
        id: "handler-failed-irrecoverable",
        all: &["virt-launcher reached an irrecoverable error"],
        title: "virt-handler sets the VMI Failed: virt-launcher reached an irrecoverable error",
        cause: "the launcher's sync failed in a way it cannot retry, so the VMI is Failed; the \
            sync error before it says why",
        next_steps: &["kubectl logs <virt-launcher pod> -c compute"],
        source: "pkg/virt-handler/vm.go (handleSyncError: vmiIrrecoverableError)",
        example: "virt-launcher reached an irrecoverable error. Updating VMI web status to Failed",
        ..N
    },
];
