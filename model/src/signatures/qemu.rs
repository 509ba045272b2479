//! Signatures of what virt-launcher relays from QEMU and libvirt (logged at level info, with
//! `subcomponent: qemu` or through virt-launcher-monitor, yet carrying the failure), of
//! virt-launcher's command socket as virt-handler reaches it, and of virt-controller's start
//! back-off (data table). QEMU messages from QEMU's `migration/vmstate.c`,
//! `hw/virtio/virtio.c` and `target/i386/cpu.c`; libvirt's domain log line from
//! `src/qemu/qemu_process.c`; KubeVirt's from `pkg/virt-handler/isolation/detector.go`,
//! `pkg/virt-handler/cmd-client/client.go` and `pkg/virt-controller/watch/vm/vm.go`.

use super::Signature;
use super::base::BASE;
use crate::evidence::SignalPlane;
use crate::verdict::{Health, Layer};

const MIG_DATA: Signature = Signature {
    layer: Some(Layer::Migration),
    plane: Some(SignalPlane::Data),
    health: Health::Broken,
    ..BASE
};

const N: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    ..BASE
};

const MIG_STEPS: &[&str] = &[
    "kubectl get vmim -n <ns> -o yaml (status.migrationState.failureReason)",
    "compare virt-launcher images and QEMU versions of source and target (an upgrade in progress?)",
    "kubectl logs <target virt-launcher pod> -c compute",
];

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "qemu-vmstate-load-failed",
        all: &["qemu", "Failed to load"],
        none: &[".rom", "bios", "firmware"],
        title: "the target QEMU cannot load the migrated device state",
        cause: "QEMU on the migration target rejects the device state the source sends \
            (\"Failed to load <device>:<field>\"): source and target QEMU or machine types \
            disagree on a device (typically during an upgrade), so the live migration fails",
        next_steps: MIG_STEPS,
        source: "QEMU migration/vmstate.c (vmstate_load_state: \"Failed to load %s:%s\"), \
            relayed by virt-launcher-monitor",
        example: r#"{"component":"virt-launcher-monitor","level":"info","msg":"2025-12-16T22:06:36.625083Z qemu-kvm: Failed to load virtio-net:virtio","pos":"virt-launcher-monitor.go:393"}"#,
        ..MIG_DATA
    },
    Signature {
        id: "qemu-load-migration-failed",
        all: &["qemu", "load of migration failed"],
        title: "the target QEMU failed loading the incoming migration",
        cause: "QEMU on the migration target aborted the incoming migration stream (device \
            state it cannot load, a stream cut): the live migration fails",
        next_steps: MIG_STEPS,
        source: "QEMU migration/migration.c (\"load of migration failed: %s\")",
        example: "qemu-kvm: load of migration failed: Invalid argument",
        ..MIG_DATA
    },
    Signature {
        id: "qemu-virtio-features-unsupported",
        all: &["qemu", "unsupported. Allowed features"],
        title: "the target QEMU does not support the source's virtio features",
        cause: "a virtio device's negotiated features on the source are not offered by the \
            target QEMU (different QEMU versions or machine types): loading its state fails \
            and so does the live migration",
        next_steps: MIG_STEPS,
        source: "QEMU hw/virtio/virtio.c (\"Features 0x%x unsupported. Allowed features: 0x%x\")",
        example: "qemu-kvm: Features 0x1c0010130afffaf unsupported. Allowed features: 0x10179bfffef",
        ..MIG_DATA
    },
    Signature {
        id: "qemu-host-cpu-feature-missing",
        all: &["host doesn't support requested feature"],
        title: "the host's CPU lacks a feature the VM's CPU model requests",
        cause: "QEMU warns that the host does not provide a CPU feature of the VM's CPU model. \
            A start is only scheduled to nodes whose labels (virt-handler's node labeller) \
            show the model's features, so this is usually a migration target with an older or \
            differently configured CPU: the target QEMU fails and so does the migration",
        next_steps: &[
            "kubectl get node <target> -o yaml | grep cpu-feature (the target's CPU features)",
            "give the VM a CPU model every node supports, or pin its migrations to alike nodes",
        ],
        source: "QEMU target/i386/cpu.c (\"host doesn't support requested feature: %s\"); \
            pkg/virt-handler/node-labeller",
        example: r#"{"component":"virt-launcher","level":"info","msg":"qemu-kvm: warning: host doesn't support requested feature: MSR(48BH).vmx-rdrand-exit [bit 11]","subcomponent":"qemu"}"#,
        ..MIG_DATA
    },
    Signature {
        id: "qemu-shutdown-failed",
        all: &["shutting down, reason=failed"],
        health: Health::Degraded,
        title: "the domain's QEMU ended in failure (shutting down, reason=failed)",
        cause: "libvirt logs that the domain's QEMU process stopped because it failed (not a \
            guest shutdown); the QEMU lines just before it say why",
        next_steps: &["kubectl logs <virt-launcher pod> -c compute (the qemu lines before it)"],
        source: "libvirt src/qemu/qemu_process.c (domain log \"shutting down, reason=%s\"), \
            relayed by virt-launcher (subcomponent qemu)",
        example: r#"{"component":"virt-launcher","level":"info","msg":"2024-08-02 11:34:06.510+0000: shutting down, reason=failed","subcomponent":"qemu"}"#,
        ..N
    },
    // The rest of libvirt's virDomainShutoffReason words in the same domain log line
    // (src/conf/domain_conf.c: unknown, shutdown, destroyed, crashed, migrated, saved, failed,
    // from-snapshot, daemon): only `crashed` and `failed` are faults.
    Signature {
        id: "qemu-shutdown-crashed",
        all: &["shutting down, reason=crashed"],
        title: "the domain's QEMU crashed (shutting down, reason=crashed)",
        cause: "libvirt logs that the domain stopped because it crashed (QEMU died, or the \
            guest panicked with a destroy-on-crash policy): the VMI fails on this node; the \
            lines before it and the node's kernel log (OOM killer, segfault) say why",
        next_steps: &[
            "kubectl logs <virt-launcher pod> -c compute --previous (the qemu lines before it)",
            "dmesg on the node (OOM killer, segfaults)",
        ],
        source: "libvirt src/qemu/qemu_process.c (domain log \"shutting down, reason=%s\"; \
            VIR_DOMAIN_SHUTOFF_CRASHED)",
        example: "2024-05-02 08:00:00.000+0000: shutting down, reason=crashed",
        ..N
    },
    Signature {
        id: "qemu-terminating-on-signal",
        all: &["terminating on signal", "from pid"],
        layer: None,
        health: Health::Unknown,
        title: "QEMU stopped on a signal from libvirt (a requested stop, noise)",
        cause: "QEMU was told to stop (SIGTERM from libvirt's daemon: the VMI was stopped, \
            deleted or migrated away); a fault only if nobody asked for the stop",
        source: "QEMU system/runstate.c (\"terminating on signal %d from pid %d (%s)\")",
        example: "2024-05-02T08:00:00.000000Z qemu-kvm: terminating on signal 15 from pid 1234 (/usr/sbin/virtqemud)",
        ..BASE
    },
    Signature {
        id: "launcher-socket-refused",
        all: &["launcher-sock", "connection refused"],
        title: "virt-launcher's command socket refuses virt-handler (launcher-sock)",
        cause: "virt-handler finds the launcher pod's command socket but nothing accepts on it: \
            virt-launcher in the compute container is not (or no longer) serving (it crashed, \
            or never finished starting, e.g. libvirt's daemon did not come up)",
        next_steps: &[
            "kubectl logs <virt-launcher pod> -c compute",
            "kubectl get pod <virt-launcher pod> -o yaml (compute container state)",
        ],
        source: "pkg/virt-handler/isolation/detector.go (\"Could not get owner Pid of socket \
            %s\"), pkg/virt-handler/cmd-client/client.go (launcher-sock)",
        example: r#"{"component":"virt-handler","level":"error","msg":"Could not get owner Pid of socket //pods/5a09/volumes/kubernetes.io~empty-dir/sockets/launcher-sock","reason":"dial unix //pods/5a09/volumes/kubernetes.io~empty-dir/sockets/launcher-sock: connect: connection refused"}"#,
        ..N
    },
    Signature {
        id: "unix-socket-refused",
        all: &["dial unix", "connection refused"],
        title: "a node-local socket refuses the connection (dial unix)",
        cause: "a component on the node dials a unix socket nobody serves (virt-launcher's \
            command socket, libvirt's, a device plugin's): the process behind it is down",
        next_steps: &[
            "kubectl logs <virt-launcher pod> -c compute",
            "kubectl logs -n kubevirt <virt-handler pod on the node>",
        ],
        source: "Go net (\"dial unix %s: connect: connection refused\"); \
            pkg/virt-handler/cmd-client/client.go",
        example: "dial unix /var/run/kubevirt/sockets/x.sock: connect: connection refused",
        ..N
    },
    Signature {
        id: "vm-start-failure-backoff",
        all: &["due to start failure backoff"],
        health: Health::Degraded,
        title: "the VM's VMIs Failed before reaching Running: virt-controller backs off restarts",
        cause: "each VMI of the VM Failed before it ever ran (the launcher or domain start \
            fails on the node), so virt-controller counts start failures and waits longer \
            before each new start (printableStatus CrashLoopBackOff); the launcher's log of a \
            failed VMI says why",
        next_steps: &[
            "kubectl get vm <name> -o yaml (status.startFailure)",
            "kubectl logs <virt-launcher pod> -c compute (of the failed VMI)",
            "kubectl get events -n <ns> --field-selector involvedObject.name=<vm>",
        ],
        source: "pkg/virt-controller/watch/vm/vm.go (\"Delaying start of VM %s with \
            'runStrategy: %s' due to start failure backoff\", syncStartFailureStatus)",
        example: r#"{"component":"virt-controller","level":"info","msg":"Delaying start of VM Starting VM with 'runStrategy: Always' due to start failure backoff. Waiting 92 more seconds before starting.","pos":"vm.go:778"}"#,
        ..N
    },
];
