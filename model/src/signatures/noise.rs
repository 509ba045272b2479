//! Known noise and context: messages that look like errors but are benign (optimistic-
//! concurrency conflicts, start-up retries), and context lines that point at no layer. They are
//! shown as evidence and blame nothing (data table).

use super::Signature;
use super::base::BASE;

/// libvirt's DBus probe, in its two wordings (virdbus.c, virgdbus.c): one meaning.
const NO_DBUS_TITLE: &str = "libvirt finds no DBus in the launcher (start-up noise)";
const NO_DBUS_CAUSE: &str = "libvirt inside virt-launcher tries the host's DBus system bus, which \
    the compute container does not have; the error is logged at every start and the domain still \
    starts";

pub(super) const TABLE: &[Signature] = &[
    // HCO's first reconcile of a HyperConverged resource with no conditions yet sets
    // ReconcileComplete Unknown, Available False, Progressing True, all with reason `Init` and
    // "Initializing HyperConverged cluster" (hyperconverged-cluster-operator
    // `controllers/hyperconverged/hyperconverged_controller.go`, reconcileInit and
    // reconcileInitMessage): the operator starting, whatever a script says of it.
    Signature {
        id: "hco-initializing",
        all: &["Initializing HyperConverged cluster"],
        title: "HCO is initializing the HyperConverged resource (start-up state)",
        cause: "the hyperconverged-cluster-operator has just begun reconciling the \
            HyperConverged resource: until its first reconcile completes, ReconcileComplete is \
            Unknown and Available False with reason Init; a state of start-up, not a fault \
            unless it stays so",
        source: "hyperconverged-cluster-operator controllers/hyperconverged/\
            hyperconverged_controller.go (reconcileInit \"Init\", \"Initializing HyperConverged \
            cluster\")",
        example: "Error: ReconcileComplete not valid: Status: Unknown Reason: Init Message: Initializing HyperConverged cluster",
        ..BASE
    },
    Signature {
        id: "libvirt-query-wrong-domain-state",
        all: &["failed to get domain", "Requested operation is not valid"],
        title: "a libvirt query refused in the domain's current state (noise)",
        cause: "virt-launcher asked libvirt for a domain's job info, metadata or stats while the \
            domain was not running or transient (around a migration's hand-over, a start or a \
            shutdown); libvirt answers VIR_ERR_OPERATION_INVALID (Code=55) and the next sync \
            asks again: a log error that breaks nothing unless the domain itself fails",
        source: "libvirt src/util/virerror.c (VIR_ERR_OPERATION_INVALID: \"Requested operation \
            is not valid: %s\"); KubeVirt pkg/virt-launcher/virtwrap/live-migration-source.go \
            (\"failed to get domain job info\"), util/libvirt_helper.go",
        example: r#"{"component":"virt-launcher","level":"error","msg":"failed to get domain job info","pos":"manager.go:482","reason":"virError(Code=55, Domain=20, Message='Requested operation is not valid: domain is not running')"}"#,
        ..BASE
    },
    Signature {
        id: "conflict-object-modified",
        all: &["the object has been modified"],
        title: "a resourceVersion conflict (noise)",
        cause: "optimistic concurrency: the controller updated a stale copy (conflict, \"the object \
            has been modified\"), and it is re-enqueuing the key to retry; not a cause by itself",
        source: "Kubernetes API server (409 Conflict); logged by \
            pkg/virt-controller/watch/vm/vm.go (\"Updating the VirtualMachine status failed.\")",
        example: r#"{"component":"virt-controller","level":"error","msg":"Updating the VirtualMachine status failed.","reason":"Operation cannot be fulfilled on virtualmachines.kubevirt.io \"golden-vm\": the object has been modified; please apply your changes to the latest version and try again"}"#,
        ..BASE
    },
    Signature {
        id: "virtqemud-startup-connect",
        all: &["Connecting to libvirt daemon failed", "virtqemud-sock"],
        title: "first libvirt connection before virtqemud is up (start-up noise)",
        cause: "virt-launcher connects to virtqemud-sock while virtqemud is still starting; the \
            first attempt fails at startup and the next one succeeds (libvirt logs its version \
            right after): not a cause unless it keeps failing",
        source: "pkg/virt-launcher/virtwrap/cli/libvirt.go; cmd/virt-launcher/virt-launcher.go \
            (virtqemud-sock URI)",
        example: r#"{"component":"virt-launcher","level":"info","msg":"Connecting to libvirt daemon failed: virError(Code=38, Domain=7, Message='Failed to connect socket to '/var/run/libvirt/virtqemud-sock': No such file or directory')"}"#,
        ..BASE
    },
    Signature {
        id: "dev-kvm-permission-startup",
        all: &["Unable to open /dev/kvm: Permission denied"],
        title: "libvirt's /dev/kvm permission probe (start-up noise)",
        cause: "virtqemud probes /dev/kvm for host CPUID as the unprivileged launcher user; the \
            Permission denied at startup is logged on healthy launchers and does not stop QEMU",
        source: "libvirt virHostCPUGetCPUID, as logged by virt-launcher; corpus item 039",
        example: r#"{"component":"virt-launcher","level":"error","msg":"Unable to open /dev/kvm: Permission denied","pos":"virHostCPUGetCPUID:1422","subcomponent":"libvirt"}"#,
        ..BASE
    },
    Signature {
        id: "stopping-vm-failed-vmi",
        all: &["Stopping VM with VMI in phase Failed"],
        title: "virt-controller stops a VM whose VMI already Failed",
        cause: "the VM controller reacts to a VMI that already Failed (runStrategy decides whether \
            it restarts); the cause of the failure is elsewhere (launcher, storage), not in \
            virt-controller",
        next_steps: &["look at the launcher pod's and the VMI's events for why it Failed"],
        source: "pkg/virt-controller/watch/vm/vm.go (runStrategy handling); corpus item 036",
        example: r#"{"component":"virt-controller","level":"info","msg":"Stopping VM with VMI in phase Failed and VM runStrategy: Always"}"#,
        ..BASE
    },
    Signature {
        id: "cdi-importer-phase",
        all: &["data-processor.go", "New phase:"],
        title: "a CDI importer phase change",
        cause: "the CDI importer of a DataVolume moves through phases (TransferScratch, Convert, \
            Validating); a stall after 100% or in Convert is an importer problem, not a VM layer",
        next_steps: &["kubectl logs <importer pod>", "kubectl get dv -n <ns>"],
        source: "containerized-data-importer (pkg/importer/data-processor.go); corpus item 050",
        example: "I1121 00:37:26.917149       1 data-processor.go:247] New phase: Convert",
        ..BASE
    },
    Signature {
        id: "dv-import-in-progress",
        all: &["ImportInProgress"],
        title: "the DataVolume is still importing (ImportInProgress)",
        cause: "the DataVolume's importer has not finished; progress N/A usually means the importer \
            pod restarts (CrashLoopBackOff): read the importer's log",
        next_steps: &[
            "kubectl get pods -n <ns> | grep importer",
            "kubectl logs <importer pod>",
        ],
        source: "CDI DataVolume phases; corpus item 051",
        example: "  phase: ImportInProgress",
        ..BASE
    },
    Signature {
        id: "vm-scheduled-to-start",
        all: &["was scheduled to start"],
        title: "virtctl start accepted",
        cause: "virtctl asked the VM to start; what happens next is in the virt-launcher pod (Init, \
            terminated) and the VMI's events",
        next_steps: &["kubectl get pods -w", "kubectl get events -n <ns>"],
        source: "pkg/virtctl/vm (start)",
        example: "VM testvm was scheduled to start",
        ..BASE
    },
    Signature {
        id: "websocket-503-session-in-use",
        all: &["Can't connect to websocket", "(503)"],
        any: &["Active VNC connection", "All USB devices are in use"],
        title: "the VM's VNC or USB redirection is already in use by another session (503)",
        cause: "virt-handler's console handler refuses a second VNC session asked to preserve the \
            first (\"Active VNC connection. Request denied.\") or a USB redirection with every \
            slot taken: another client holds the VM's console; nothing is broken",
        next_steps: &["close the other VNC session, or connect without preserving it"],
        source: "KubeVirt pkg/virt-handler/rest/console.go (VNCHandler, USBRedirHandler: 503)",
        example: "Can't connect to websocket (503): Active VNC connection. Request denied.",
        ..BASE
    },
    Signature {
        id: "websocket-503",
        all: &["Can't connect to websocket"],
        title: "virtctl cannot open the websocket (virt-api subresource)",
        cause: "the vnc/console subresource websocket through virt-api answered an HTTP error \
            the paste does not say more of (503 without its body): the API aggregation to virt-api \
            or virt-handler's console handler",
        next_steps: &[
            "kubectl get apiservice v1.subresources.kubevirt.io",
            "kubectl logs -n kubevirt <virt-api pod>",
        ],
        source: "staging/src/kubevirt.io/client-go/kubevirt/typed/core/v1/async.go: \
            \"Can't connect to websocket (%d): %w\"",
        example: "Can't connect to websocket (503)",
        ..BASE
    },
    Signature {
        id: "phase-count-recording-rule",
        all: &["kubevirt_vmi_phase_count"],
        title: "kubevirt_vmi_phase_count is a Prometheus recording rule",
        cause: "kubevirt_vmi_phase_count is not exported on a component's /metrics endpoint: it \
            is a (deprecated) recording rule that Prometheus computes from the exported metrics; \
            query Prometheus for it",
        source: "pkg/monitoring/rules/recordingrules/deprecated_recordingrules.go",
        example: "$ cat /tmp/metrics.log | grep kubevirt_vmi_phase_count",
        ..BASE
    },
    Signature {
        id: "vmi-phase-scheduled",
        all: &["VMI is in phase: Scheduled"],
        title: "virt-handler sees the VMI in phase Scheduled",
        cause: "the VMI is Scheduled: its launcher pod runs on the node but the domain is not \
            started yet (virt-handler's sync has not succeeded)",
        source: "pkg/virt-handler/vm.go (\"VMI is in phase: %v\")",
        example: r#"{"component":"virt-handler","level":"info","msg":"VMI is in phase: Scheduled\n"}"#,
        ..BASE
    },
    Signature {
        id: "deletion-timestamp",
        all: &["deletionTimestamp:"],
        title: "the object is being deleted (deletionTimestamp)",
        cause: "a deletionTimestamp is set: the object is being deleted and waits for its \
            finalizers",
        source: "Kubernetes object metadata",
        example: "  deletionTimestamp: \"2021-04-21T06:07:42Z\"",
        ..BASE
    },
    Signature {
        id: "harvester-migration-target",
        all: &["harvesterhci.io/migrationTargetNodeName"],
        title: "Harvester's migration target node (migrationTargetNodeName)",
        cause: "the node Harvester migrates the VMI to",
        source: "Harvester annotations; corpus item 042",
        example: "    harvesterhci.io/migrationTargetNodeName: hailong-h3",
        ..BASE
    },
    Signature {
        id: "launcher-init-looping",
        all: &["virt-launcher", "  Init:"],
        none: &["CannotRun", "Init:Error", "Init:CrashLoop"],
        title: "the virt-launcher pod is still in Init",
        cause: "the launcher's init containers have not finished; if the pod is terminated \
            during Init (and a new one created in Init again) the reason is in its events",
        next_steps: &[
            "kubectl describe pod <virt-launcher pod>",
            "kubectl get events -n <ns>",
        ],
        source: "kubectl get pods (STATUS Init:N/M); corpus items 025, 052",
        example: "default       virt-launcher-testvm-78bsj         0/2     Init:1/2    0          1s",
        ..BASE
    },
    Signature {
        id: "cdi-prlimit-already-finished",
        all: &["failed to kill the process", "process already finished"],
        title: "the CDI importer's helper had already exited (noise)",
        cause: "CDI's prlimit wrapper tries to kill a helper process (qemu-img) that already \
            exited: logged at error level, harmless",
        source: "containerized-data-importer pkg/util/prlimit/prlimit.go; corpus item 050",
        example: "E1121 00:37:27.874393       1 prlimit.go:156] failed to kill the process; os: process already finished",
        ..BASE
    },
    Signature {
        id: "vm-status-update-vmi-gone",
        all: &["Updating the VirtualMachine status failed.", "not found"],
        title: "the VM controller's status update raced a deleted VMI (noise)",
        cause: "virt-controller updated the VM's status while its VMI was being deleted (a VM \
            being stopped or restarted by its runStrategy); the error re-enqueues the VM and the \
            next sync succeeds: not a cause by itself",
        source: "pkg/virt-controller/watch/vm/vm.go (\"Updating the VirtualMachine status \
            failed.\", then \"re-enqueuing VirtualMachine\")",
        example: r#"{"component":"virt-controller","level":"error","msg":"Updating the VirtualMachine status failed.","reason":"virtualmachineinstances.kubevirt.io \"nfsvm\" not found"}"#,
        ..BASE
    },
    Signature {
        id: "handler-client-cert-missing",
        all: &["failed to load the certificate", "/clientcertificates/"],
        title: "virt-handler's optional client certificate is not mounted (noise)",
        cause: "virt-handler's file certificate manager retries loading \
            /etc/virt-handler/clientcertificates/tls.crt, which virt-operator mounts only for \
            decentralized (cross-cluster) live migration; without that feature the error repeats \
            and no VM is affected",
        next_steps: &[
            "ignore it unless a decentralized live migration fails; then check that the \
             kubevirt-virt-handler-certs secret is mounted into virt-handler",
        ],
        source: "pkg/certificates/bootstrap/cert-manager.go (rotateCerts: \"failed to load the \
            certificate %s and %s\"); cmd/virt-handler/virt-handler.go \
            (defaultClientCertFilePath)",
        example: r#"{"component":"virt-handler","level":"error","msg":"failed to load the certificate /etc/virt-handler/clientcertificates/tls.crt and /etc/virt-handler/clientcertificates/tls.key","pos":"cert-manager.go:190","reason":"open /etc/virt-handler/clientcertificates/tls.crt: no such file or directory"}"#,
        ..BASE
    },
    Signature {
        id: "libvirt-startup-no-dbus",
        all: &["DBus system bus"],
        any: &[
            "Unable to get DBus system bus connection",
            "Failed to connect to socket /run/dbus/system_bus_socket",
        ],
        title: NO_DBUS_TITLE,
        cause: NO_DBUS_CAUSE,
        source: "libvirt src/util/virdbus.c (virDBusGetSystemBus), as forwarded by virt-launcher \
            (pkg/virt-launcher/virtwrap/util/libvirt_helper.go, subcomponent libvirt)",
        example: r#"{"component":"virt-launcher","level":"error","msg":"internal error: Unable to get DBus system bus connection: Failed to connect to socket /run/dbus/system_bus_socket: No such file or directory","pos":"virDBusGetSystemBus:109","subcomponent":"libvirt"}"#,
        ..BASE
    },
    // The same probe in libvirt's GDBus rewrite (6.x on): `src/util/virgdbus.c`,
    // virGDBusGetSystemBus and virGDBusGetSessionBus ("Unable to get %s bus connection: %1$s").
    Signature {
        id: "libvirt-startup-no-gdbus",
        all: &["bus connection"],
        any: &[
            "Unable to get system bus connection",
            "Unable to get session bus connection",
        ],
        title: NO_DBUS_TITLE,
        cause: NO_DBUS_CAUSE,
        source: "libvirt src/util/virgdbus.c (virGDBusGetSystemBus, virGDBusGetSessionBus), as \
            forwarded by virt-launcher (pkg/virt-launcher/virtwrap/util/libvirt_helper.go)",
        example: r#"{"component":"virt-launcher","level":"error","msg":"internal error: Unable to get system bus connection: Could not connect: No such file or directory","pos":"virGDBusGetSystemBus:99","subcomponent":"libvirt"}"#,
        ..BASE
    },
    // `virsh console` inside the launcher: libvirt attaches only to a PTY character device
    // (src/qemu/qemu_driver.c qemuDomainOpenConsole: "character device %s is not using a PTY"),
    // and KubeVirt's serial console is a unix socket (pkg/virt-launcher/virtwrap/converter/
    // converter.go, `<serial type='unix'>`, which `virtctl console` reaches through
    // virt-handler), so the refusal is the design, on every VMI, not a fault.
    Signature {
        id: "virsh-console-not-pty",
        all: &["is not using a PTY"],
        title: "virsh console cannot attach to KubeVirt's serial console (a socket, not a PTY)",
        cause: "libvirt's console attaches only to a PTY, and KubeVirt gives every VMI's serial \
            console as a unix socket that virtctl console reaches through virt-handler: virsh \
            console in the launcher is refused on every VMI, by design; use virtctl console",
        source: "libvirt src/qemu/qemu_driver.c (qemuDomainOpenConsole); KubeVirt \
            pkg/virt-launcher/virtwrap/converter/converter.go (serial type unix)",
        example: "error: internal error: character device serial0 is not using a PTY",
        ..BASE
    },
    // Longhorn's engine declining a guest's UNMAP (fstrim, discard) while a replica rebuilds
    // (longhorn-engine `pkg/controller/control.go` UnmapAt: "cannot unmap %v bytes at offset %v
    // while rebuilding is in progress", logged at warning as "Failed to unmap"): since that
    // check the engine skips the unmap instead of failing the I/O, so the guest's trim
    // completes; the rebuild's by design, not a fault (the kernel's failed DISCARD, read in
    // `kernel.rs`, is the fault it replaced).
    Signature {
        id: "longhorn-unmap-during-rebuild",
        all: &["cannot unmap", "while rebuilding is in progress"],
        title: "Longhorn's engine skips an unmap while a replica rebuilds (by design)",
        cause: "the guest trimmed (fstrim, discard) a Longhorn volume while one of its replicas \
            was rebuilding; the engine declines unmaps until the rebuild ends so the replicas \
            stay identical, and the guest's trim still completes: a warning of the design, not a \
            fault",
        source: "longhorn-engine pkg/controller/control.go (UnmapAt)",
        example: r#"time="2026-03-02T09:14:55Z" level=warning msg="Failed to unmap" func="controller.(*Controller).UnmapAt" error="cannot unmap 4096 bytes at offset 1048576 while rebuilding is in progress""#,
        ..BASE
    },
    Signature {
        id: "libvirt-startup-cgroup-detect",
        all: &["At least one cgroup controller is required"],
        title: "libvirt's cgroup probe in the launcher (start-up noise)",
        cause: "libvirt probes the cgroup controllers it could manage itself; inside the launcher \
            pod the kubelet owns the cgroups, so the probe fails at start-up and the domain \
            still starts",
        source: "libvirt src/util/vircgroup.c (virCgroupDetect), as forwarded by virt-launcher \
            (pkg/virt-launcher/virtwrap/util/libvirt_helper.go, subcomponent libvirt)",
        example: r#"{"component":"virt-launcher","level":"error","msg":"At least one cgroup controller is required: No such device or address","pos":"virCgroupDetect:397","subcomponent":"libvirt"}"#,
        ..BASE
    },
    // libvirt marks a domain "tainted" when it is run outside its supported configuration and
    // logs it once as a warning (src/qemu/qemu_domain.c qemuDomainObjTaintMsg: "Domain id=%d
    // name='%s' uuid=%s is tainted: %s", the flags of src/conf/domain_conf.c virDomainTaint).
    // KubeVirt itself causes them: its guest-agent polling is a custom agent command
    // (custom-ga-command), its domain XML asks for the host CPU (host-cpu) or custom QEMU
    // arguments (custom-argv). A note about support, not a fault.
    Signature {
        id: "node-labeller-host-model-note",
        all: &["host"],
        any: &[
            "host model mode is expected to contain only one model",
            "host-model cpu mode is not supported for",
        ],
        title: "virt-handler's node-labeller notes the host CPU model (informational)",
        cause: "when it starts, virt-handler's node-labeller reads libvirt's domain capabilities \
            to label the node with its CPU models and features; it warns when libvirt lists \
            more than one host model (it takes the first) or the architecture has no host-model \
            mode (ARM, s390x), and goes on: a note of a normal start, not a fault",
        source: "KubeVirt pkg/virt-handler/node-labeller/cpu_plugin.go and node_labeller.go \
            (loadDomCapabilities: log.Log.Warning(\"host model mode is expected to contain only \
            one model\"), Warningf(\"host-model cpu mode is not supported for %s architecture\"))",
        example: r#"{"component":"virt-handler","level":"warning","msg":"host model mode is expected to contain only one model","pos":"cpu_plugin.go:103","timestamp":"2024-01-01T00:00:00.000000Z"}"#,
        ..BASE
    },
    Signature {
        id: "libvirt-domain-tainted",
        all: &["is tainted: "],
        any: &[
            "custom-argv",
            "custom-monitor",
            "high-privileges",
            "shell-scripts",
            "disk-probing",
            "external-launch",
            "host-cpu",
            "hook-script",
            "cdrom-passthrough",
            "custom-dtb",
            "custom-ga-command",
            "custom-hypervisor-feature",
            "deprecated-config",
            "custom-device",
            "nbdkit-restart",
        ],
        title: "libvirt notes the domain as tainted (informational)",
        cause: "libvirt logs once that the domain runs with something outside its supported \
            configuration; KubeVirt causes these itself (its guest-agent polling is a custom agent \
            command, its domain asks for the host CPU or custom QEMU arguments): a note about \
            support, not a fault",
        source: "libvirt src/qemu/qemu_domain.c (qemuDomainObjTaintMsg, \"Domain id=%d name='%s' \
            uuid=%s is tainted: %s\"), src/conf/domain_conf.c (virDomainTaint)",
        example: r#"{"component":"virt-launcher","level":"warning","msg":"Domain id=1 name='default_vm' uuid=0b7c0c5e-0c1e-4c58-9a43-1e2b1a2f3c4d is tainted: custom-ga-command","pos":"qemuDomainObjTaintMsg:6382","subcomponent":"libvirt"}"#,
        ..BASE
    },
    // libvirt opens each PCI device's config space read-write (src/util/virpci.c
    // virPCIDeviceConfigOpenInternal: "Failed to open config space file '%s'"); inside the
    // launcher the kubelet mounts /sys read-only, so probing the host's devices at start-up
    // fails with EROFS for every device and the domain still starts. A device refused its
    // config space otherwise (permission denied on an assigned VF) keeps its reading.
    Signature {
        id: "libvirt-pci-config-readonly-sysfs",
        all: &["Failed to open config space file", "Read-only file system"],
        title: "libvirt cannot write PCI config space in the launcher's read-only /sys (start-up noise)",
        cause: "libvirt probes the host's PCI devices by opening their config space read-write; \
            the launcher's /sys is mounted read-only, so each probe fails with \"Read-only file \
            system\" and the domain still starts",
        source: "libvirt src/util/virpci.c (virPCIDeviceConfigOpenInternal, \"Failed to open \
            config space file '%s'\"), as forwarded by virt-launcher (subcomponent libvirt)",
        example: r#"{"component":"virt-launcher","level":"error","msg":"Failed to open config space file '/sys/bus/pci/devices/0000:00:01.0/config': Read-only file system","pos":"virPCIDeviceConfigOpen:298","subcomponent":"libvirt"}"#,
        ..BASE
    },
];
