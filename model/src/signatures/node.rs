//! Signatures pointing at the node and its virt-launcher/virt-handler: sync errors between
//! virt-handler and virt-launcher, libvirt/QEMU failures, /dev/kvm, scheduling, storage on the
//! node, panics (data table).

use super::Signature;
use super::base::BASE;
use crate::verdict::{Health, Layer};

const N: Signature = Signature {
    layer: Some(Layer::Node),
    health: Health::Broken,
    ..BASE
};

pub(super) const TABLE: &[Signature] = &[
    Signature {
        id: "containerdisk-bindmount-failed",
        all: &["failed to bindmount", "containerDisk"],
        title: "virt-handler cannot bind-mount the containerDisk into the launcher",
        cause: "virt-handler mounts each containerDisk image (and kernel boot artifacts) from the \
            disk container into the launcher pod with virt-chroot; the mount failed on this node \
            (path not found or not a directory, mount namespace, kubelet root dir), so the VMI \
            stays Scheduled and never starts",
        next_steps: &[
            "kubectl logs -n kubevirt <virt-handler pod on the node>",
            "check the kubelet root directory (/var/lib/kubelet) virt-handler is given on this node",
        ],
        source: "pkg/virt-handler/container-disk/mount.go (\"failed to bindmount containerDisk \
            %v: %v : %v\", and its hotplug variant)",
        example: r#"{"component":"virt-handler","level":"error","msg":"Synchronizing the VirtualMachineInstance failed.","reason":"failed to bindmount containerDisk rootdisk: mount: /var/lib/kubelet/pods/x/volumes/kubernetes.io~empty-dir/container-disks/disk_0.img: special device does not exist : exit status 32"}"#,
        ..N
    },
    Signature {
        id: "vm-paused-disk-error-event",
        all: &["VM Paused due to", "volume"],
        any: &["IO error at the volume", "not enough space on volume"],
        title: "the VM paused on a disk error (IOerror event)",
        cause: "libvirt reported a disk error on one of the domain's volumes (an I/O error, or no \
            space left), so QEMU paused the guest and virt-launcher sent an IOerror event naming \
            the volume: the storage behind that volume on this node failed",
        next_steps: &[
            "kubectl get events -n <ns> --field-selector reason=IOerror",
            "check the volume's storage backend and the node's kernel log (dmesg) for I/O errors",
        ],
        source: "pkg/virt-launcher/notify-client/client.go (DOMAIN_DISK_ERROR_UNSPEC / \
            DOMAIN_DISK_ERROR_NO_SPACE, event reason IOerror)",
        example: "12s   Warning   IOerror   virtualmachineinstance/db   VM Paused due to IO error at the volume: rootdisk",
        ..N
    },
    Signature {
        id: "syncvmi-deadline-exceeded",
        all: &["SyncVMI", "DeadlineExceeded"],
        title: "virt-handler's SyncVMI to virt-launcher timed out (DeadlineExceeded)",
        cause: "virt-handler sends SyncVMI over the virt-launcher command socket; the call ran past \
            its deadline, so virt-launcher (or libvirt inside it) is hung or overloaded",
        next_steps: &[
            "kubectl logs <virt-launcher pod> -c compute",
            "kubectl logs -n kubevirt <virt-handler pod on the node>",
        ],
        source: "pkg/virt-handler/vm.go (sync error, condition Synchronized); corpus item 001",
        example: r#"{"component":"virt-handler","level":"error","msg":"Synchronizing the VirtualMachineInstance failed.","reason":"unknown error encountered sending command SyncVMI: rpc error: code = DeadlineExceeded desc = context deadline exceeded"}"#,
        ..N
    },
    Signature {
        id: "syncvmi-unavailable",
        all: &["SyncVMI", "Unavailable"],
        title: "virt-launcher's command socket is gone (SyncVMI: Unavailable)",
        cause: "virt-handler cannot reach virt-launcher's command server (gRPC Unavailable, \
            \"transport is closing\"): the virt-launcher compute container exited or restarted, \
            so the VMI cannot leave Scheduled/Running sync",
        next_steps: &[
            "kubectl get pod <virt-launcher pod> -o yaml (containerStatuses of compute)",
            "kubectl logs <virt-launcher pod> -c compute --previous",
        ],
        source: "pkg/virt-handler/vm.go; corpus item 002",
        example: r#"{"component":"virt-handler","level":"error","msg":"Synchronizing the VirtualMachineInstance failed.","reason":"unknown error encountered sending command SyncVMI: rpc error: code = Unavailable desc = transport is closing"}"#,
        ..N
    },
    // The old RPC form of virt-handler's commands to virt-launcher (KubeVirt
    // `pkg/virt-handler/cmd-client/client.go` before gRPC: `genericSendCmd`'s "server error.
    // command %s failed: %q" for `Launcher.Sync`, `Launcher.Shutdown`, `Launcher.Kill`,
    // `Launcher.Delete`, `Launcher.GetDomain`, `Launcher.Ping`): virt-launcher (libvirt in the
    // VMI's pod) refused the domain operation. `Launcher.Migrate` and
    // `Launcher.SyncMigrationTarget` are a migration's (`migration.rs`, `about.rs`).
    Signature {
        id: "launcher-rpc-command-failed",
        all: &["server error. command Launcher."],
        none: &["Launcher.Migrate", "Launcher.SyncMigrationTarget"],
        title: "virt-launcher refused virt-handler's command on the domain",
        cause: "virt-handler sent the launcher a domain command (sync, shutdown, kill, delete) \
            and virt-launcher answered with libvirt's error (in the message): the domain cannot \
            be defined or changed in the VMI's pod on this node (a missing device or \
            capability, a permission libvirt lacks)",
        next_steps: &["kubectl logs <virt-launcher pod> -c compute"],
        source: "KubeVirt pkg/virt-handler/cmd-client/client.go (genericSendCmd: \"server error. \
            command %s failed: %q\", Launcher.Sync and the other domain commands)",
        example: r#"server error. command Launcher.Sync failed: "virError(Code=1, Domain=10, Message='internal error: process exited while connecting to monitor')""#,
        ..N
    },
    Signature {
        id: "syncvmi-failed",
        all: &["command SyncVMI failed"],
        title: "virt-launcher refused SyncVMI",
        cause: "virt-launcher answered virt-handler's SyncVMI with an error (in the message): the \
            domain could not be prepared or defined on the node, so condition Synchronized is False",
        next_steps: &["kubectl logs <virt-launcher pod> -c compute"],
        source: "pkg/virt-handler/vm.go (CheckFailure \"Synchronizing with the Domain failed.\")",
        example: r#"message: 'server error. command SyncVMI failed: "preparing ephemeral container disk images failed"'"#,
        ..N
    },
    Signature {
        id: "host-disk-chown",
        all: &["host-disks", "chown", "not permitted"],
        title: "virt-launcher cannot take ownership of a hostDisk image",
        cause: "SyncVMI failed preparing host-disks: chown of the disk image is not permitted (the \
            hostDisk path is on a filesystem that refuses chown, e.g. NFS with root squash), so \
            condition Synchronized is False and the VMI stays Scheduled",
        next_steps: &["check the hostDisk path's filesystem and ownership on the node"],
        source: "pkg/host-disk (hostDisk preparation); corpus item 054",
        example: r#"Message: server error. command SyncVMI failed: "preparing host-disks failed: chown /var/run/kubevirt-private/vmi-disks/harddrive/disk.img: operation not permitted""#,
        ..N
    },
    Signature {
        id: "sync-domain-failed",
        all: &["Synchronizing with the Domain failed."],
        // The condition's reason only wraps the cause its message carries (read on its own).
        health: Health::Degraded,
        title: "Synchronizing with the Domain failed (condition Synchronized False)",
        cause: "virt-handler could not make the libvirt domain match the VMI on the node; the \
            condition's message says why",
        next_steps: &["kubectl get vmi <name> -o yaml (status.conditions[Synchronized].message)"],
        source: "pkg/virt-handler/vm.go: condManager.CheckFailure(vmi, syncError, \
            \"Synchronizing with the Domain failed.\")",
        example: "    reason: Synchronizing with the Domain failed.",
        ..N
    },
    Signature {
        id: "dev-kvm-not-present",
        all: &["/dev/kvm", "not present"],
        title: "/dev/kvm is not present on the node",
        cause: "virt-launcher found no hardware emulation device /dev/kvm: the node has no (nested) \
            virtualization enabled; without useEmulation KubeVirt cannot start the domain",
        next_steps: &[
            "ls -l /dev/kvm on the node; enable VT-x/AMD-V or nested virtualization",
            "only for tests: spec.configuration.developerConfiguration.useEmulation: true",
        ],
        source: "virt-launcher (Launcher.Sync, hardware emulation device check); corpus item 023",
        example: "message: 'server error. command Launcher.Sync failed: hardware emulation device ''/dev/kvm'' not present'",
        ..N
    },
    Signature {
        id: "dev-kvm-missing",
        all: &["cannot access '/dev/kvm'"],
        title: "/dev/kvm missing in virt-launcher",
        cause: "the launcher cannot access /dev/kvm (No such file or directory): the node has no \
            KVM device, so qemu-system never starts and Launcher.Sync fails",
        next_steps: &["ls -l /dev/kvm on the node; enable virtualization in the BIOS/hypervisor"],
        source: "virt-launcher container entrypoint (legacy); corpus item 038",
        example: "chown: cannot access '/dev/kvm': No such file or directory",
        ..N
    },
    Signature {
        id: "qemu-pid-missing",
        all: &["Still missing PID for"],
        health: Health::Degraded,
        title: "virt-launcher is still waiting for the qemu-system process",
        cause: "virt-launcher's monitor does not see the QEMU process yet; if it never appears, \
            QEMU failed to start (see libvirt/qemu errors, /dev/kvm)",
        next_steps: &["kubectl logs <virt-launcher pod> -c compute"],
        source: "pkg/virt-launcher/monitor.go: \"Still missing PID for %s, %v\"",
        example: r#"level=info component=virt-launcher msg="Still missing PID for qemu-system, Process qemu-system not found in /proc""#,
        ..N
    },
    Signature {
        id: "launcher-conversion-failed",
        all: &["Conversion failed."],
        title: "virt-launcher could not convert the VMI to a libvirt domain",
        cause: "the VMI spec could not be converted to domain XML on this node (a device or \
            feature the node lacks, such as /dev/kvm)",
        next_steps: &["kubectl logs <virt-launcher pod> -c compute"],
        source: "pkg/virt-launcher/virtwrap/manager.go: logger.Error(\"Conversion failed.\")",
        example: r#"level=error component=virt-launcher msg="Conversion failed.""#,
        ..N
    },
    Signature {
        id: "launcher-paused-ioerror",
        all: &["Paused", "IOError"],
        title: "the domain is Paused on an I/O error (Paused(3):IOError(5))",
        cause: "QEMU paused the guest because a disk write failed on the node's storage (full, \
            read-only, slow or lost backing volume); unpause does not stick while the storage \
            still fails",
        next_steps: &[
            "check the PVC's backing storage and free space on the node",
            "virtctl unpause vmi <name> only after the storage is fixed",
        ],
        source: "pkg/virt-handler/vm.go (api.ReasonPausedIOError); \
            pkg/virt-launcher/notify-client/client.go (\"kubevirt domain status\")",
        example: r#"{"component":"virt-launcher","level":"info","msg":"kubevirt domain status: Paused(3):IOError(5)","pos":"client.go:297"}"#,
        ..N
    },
    Signature {
        id: "qemu-block-resize",
        all: &["block_resize"],
        title: "QEMU could not grow a disk (block_resize failed)",
        cause: "libvirt's block_resize failed (e.g. \"Cannot grow device files\"): the disk behind \
            the PVC cannot be expanded in place; writes past its end end in IOError pauses",
        next_steps: &["check the PVC's volume mode and the storage class's expansion support"],
        source: "pkg/virt-launcher/virtwrap/disk_expansion.go: \
            \"libvirt failed to expand disk image %v\"",
        example: r#"{"component":"virt-launcher","level":"error","msg":"internal error: unable to execute QEMU command 'block_resize': Cannot grow device files","subcomponent":"libvirt"}"#,
        ..N
    },
    Signature {
        id: "libvirt-expand-disk",
        all: &["libvirt failed to expand disk image"],
        title: "libvirt failed to expand a disk image",
        cause: "virt-launcher asked libvirt to expand a disk to its PVC's size and it failed",
        next_steps: &["kubectl logs <virt-launcher pod> -c compute | grep -i resize"],
        source: "pkg/virt-launcher/virtwrap/disk_expansion.go",
        example: r#"{"component":"virt-launcher","level":"error","msg":"libvirt failed to expand disk image {disk block}"}"#,
        ..N
    },
    Signature {
        id: "qemu-hugepages-allocate",
        all: &[
            "unable to map backing store for guest RAM",
            "Cannot allocate memory",
        ],
        title: "QEMU cannot allocate the guest's RAM (hugepages)",
        cause: "qemu-kvm could not map guest RAM from its backing store: the node has too few free \
            hugepages of the requested size (or memory) at the time QEMU starts",
        next_steps: &[
            "grep -i huge /proc/meminfo on the node",
            "kubectl describe node <node>",
        ],
        source: "QEMU (unable to map backing store) via libvirt; corpus item 067",
        example: r#"{"component":"virt-launcher","level":"error","msg":"internal error: qemu unexpectedly closed the monitor: qemu-kvm: unable to map backing store for guest RAM: Cannot allocate memory"}"#,
        ..N
    },
    Signature {
        id: "qemu-closed-monitor",
        // Both of libvirt's words for QEMU dying before its monitor answered
        // (`src/qemu/qemu_process.c`, qemuProcessReportLogError: "process exited while
        // connecting to monitor" in qemuProcessWaitForMonitor of older releases, "qemu
        // unexpectedly closed the monitor" on the monitor's EOF), QEMU's or the exec's own
        // error after them.
        all: &["monitor"],
        any: &[
            "qemu unexpectedly closed the monitor",
            "process exited while connecting to monitor",
        ],
        title: "QEMU exited while starting (closed the monitor)",
        cause: "the QEMU process died during start-up; the rest of the message is QEMU's own error",
        next_steps: &["kubectl logs <virt-launcher pod> -c compute | grep qemu"],
        source: "libvirt src/qemu/qemu_process.c (qemuProcessReportLogError)",
        example: "internal error: qemu unexpectedly closed the monitor: qemu-kvm: -device x: error",
        ..N
    },
    Signature {
        id: "libvirt-connect-failed",
        all: &["Connecting to libvirt daemon failed"],
        title: "virt-launcher cannot connect to libvirt (virError Code=38)",
        cause: "virt-launcher could not open its libvirt connection (virError Code=38, \
            VIR_ERR_SYSTEM_ERROR: failed to connect the socket); while it fails no domain is \
            ever defined",
        next_steps: &["kubectl logs <virt-launcher pod> -c compute | grep -i libvirt"],
        source: "pkg/virt-launcher/virtwrap/cli/libvirt.go (\"Connecting to libvirt daemon\")",
        example: r#"{"component":"virt-launcher","level":"info","msg":"Connecting to libvirt daemon failed: virError(Code=38, Domain=7, Message='Failed to connect"}"#,
        ..N
    },
    Signature {
        id: "domain-define-timeout",
        all: &["timed out waiting for domain to be defined"],
        title: "virt-launcher timed out waiting for its domain to be defined",
        cause: "virt-launcher waits for virt-handler to define the domain; it never came (sync \
            errors on virt-handler, libvirt not reachable)",
        next_steps: &["kubectl logs -n kubevirt <virt-handler pod on the node>"],
        source: "cmd/virt-launcher/virt-launcher.go: \
            panic(fmt.Errorf(\"timed out waiting for domain to be defined\"))",
        example: "panic: timed out waiting for domain to be defined",
        ..N
    },
    Signature {
        id: "domain-uuid-wait",
        all: &["Periodically checking for domain with UUID"],
        health: Health::Degraded,
        title: "virt-launcher keeps waiting for its domain (checking for domain with UUID)",
        cause: "virt-launcher polls libvirt for its domain by UUID and finds none; when it repeats \
            forever the domain is never defined (e.g. a duplicate /etc/machine-id or host UUID \
            across nodes confuses libvirt)",
        next_steps: &[
            "compare /etc/machine-id across nodes",
            "kubectl logs -n kubevirt <virt-handler pod>",
        ],
        source: "cmd/virt-launcher/virt-launcher.go: \"Periodically checking for domain with UUID\"",
        example: r#"{"component":"virt-launcher","level":"info","msg":"Periodically checking for domain with UUID","pos":"virt-launcher.go:256"}"#,
        ..N
    },
    Signature {
        id: "launcher-unresponsive",
        all: &["Unable to mark vmi as unresponsive"],
        title: "virt-handler lost virt-launcher's socket (unresponsive)",
        cause: "virt-handler could not mark the launcher socket unresponsive: the virt-launcher \
            pod's socket directory is gone, the pod was removed while the VMI still says Running",
        next_steps: &["kubectl get pod -l kubevirt.io/created-by=<vmi uid> -o wide"],
        source: "pkg/virt-handler/cache/domain-watcher.go: \
            \"Unable to mark vmi as unresponsive socket %s\"",
        example: r#"{"component":"virt-handler","level":"error","msg":"Unable to mark vmi as unresponsive socket //pods/x/volumes/kubernetes.io~empty-dir/sockets/launcher-sock"}"#,
        ..N
    },
    Signature {
        id: "virt-handler-panic",
        all: &["virt-handler", "panic"],
        title: "virt-handler panicked",
        cause: "a panic in virt-handler (the trace names the function, e.g. capabilitiesToTopology, \
            MigrationTargetController, AdjustQemuProcessMemoryLimits); the DaemonSet pod restarts \
            and goes CrashLoopBackOff, VMIs on the node are not synced meanwhile",
        next_steps: &[
            "kubectl logs -n kubevirt <virt-handler pod> --previous",
            "report the trace upstream with the KubeVirt version",
        ],
        source: "pkg/virt-handler (panic handler of k8s.io/apimachinery runtime.HandleCrash)",
        example: "kubevirt.io/kubevirt/pkg/virt-handler.capabilitiesToTopology(0xc0002f68c0) panic",
        ..N
    },
    Signature {
        id: "virt-handler-panic-frame",
        all: &["kubevirt.io/kubevirt/pkg/virt-handler"],
        title: "a virt-handler stack frame in a panic",
        cause: "the panic trace runs through virt-handler (a nil pointer, e.g. missing NUMA cells \
            in capabilities topology or a nil Quantity); virt-handler crashes and restarts \
            (CrashLoopBackOff)",
        next_steps: &["kubectl logs -n kubevirt <virt-handler pod> --previous"],
        source: "pkg/virt-handler; corpus items 012, 014",
        example: "kubevirt.io/kubevirt/pkg/virt-handler.(*MigrationTargetController).updateStatus(0xc000420cb0)",
        needs_panic: true,
        ..N
    },
    Signature {
        id: "virt-handler-main-panic",
        all: &["cmd/virt-handler/virt-handler.go"],
        title: "virt-handler crashed at start-up",
        cause: "virt-handler panicked in main (e.g. a nil pointer when libvirtd is not running on \
            the node yet); it restarts until its dependencies are up",
        next_steps: &["check that libvirtd / the node's virtualization stack is up"],
        source: "cmd/virt-handler/virt-handler.go; corpus item 013",
        example: "/home/travis/gopath/src/kubevirt.io/kubevirt/cmd/virt-handler/virt-handler.go:50 +0x1341",
        needs_panic: true,
        ..N
    },
    Signature {
        id: "observed-panic",
        all: &["Observed a panic"],
        title: "a component panicked (Observed a panic)",
        cause: "a KubeVirt component caught a panic (runtime error such as a nil pointer); the \
            component restarts, CrashLoopBackOff if it repeats",
        next_steps: &["kubectl logs -n kubevirt <pod> --previous"],
        source: "k8s.io/apimachinery/pkg/util/runtime (logPanic), vendored in KubeVirt",
        example: r#"E0227 14:45:22.124925  570882 panic.go:261] "Observed a panic" panic="runtime error: invalid memory address or nil pointer dereference""#,
        ..N
    },
    Signature {
        id: "insufficient-kvm",
        all: &[
            "nodes are available",
            "Insufficient devices.kubevirt.io/kvm",
        ],
        title: "no node offers devices.kubevirt.io/kvm (Insufficient devices.kubevirt.io/kvm)",
        cause: "the scheduler found no node with a free devices.kubevirt.io/kvm resource: \
            virt-handler's device plugin advertises none (no /dev/kvm) or all are taken",
        next_steps: &[
            "kubectl get nodes -o custom-columns=N:.metadata.name,KVM:.status.allocatable.devices\\.kubevirt\\.io/kvm",
            "check /dev/kvm and virt-handler on the nodes",
        ],
        source: "kube-scheduler (Insufficient <resource>); the resource is virt-handler's device \
            plugin (pkg/virt-handler/device-manager)",
        example: "0/5 nodes are available: 3 Insufficient devices.kubevirt.io/tun, 5 Insufficient devices.kubevirt.io/kvm.",
        ..N
    },
    Signature {
        id: "kvm-allocatable-zero",
        all: &["devices.kubevirt.io/kvm: \"0\""],
        title: "the node's allocatable devices.kubevirt.io/kvm is 0",
        cause: "virt-handler's device plugin advertises no KVM device on this node (no /dev/kvm), \
            so VMIs needing it are Insufficient devices.kubevirt.io/kvm and stay Scheduling",
        next_steps: &["ls -l /dev/kvm on the node; kubectl logs -n kubevirt <virt-handler pod>"],
        source: "pkg/virt-handler/device-manager; corpus item 008",
        example: "    devices.kubevirt.io/kvm: \"0\"",
        ..N
    },
    Signature {
        id: "insufficient-resource",
        all: &["nodes are available", "Insufficient"],
        health: Health::Degraded,
        title: "the launcher pod cannot be scheduled (Insufficient resources)",
        cause: "the scheduler reports nodes with Insufficient resources (memory, cpu, or a device \
            resource such as bridge.network.kubevirt.io/<bridge>, devices.kubevirt.io/tun); the \
            virt-launcher pod stays Pending (FailedScheduling)",
        next_steps: &[
            "kubectl describe pod <virt-launcher pod>",
            "kubectl describe nodes",
        ],
        source: "kube-scheduler (FailedScheduling); corpus items 024, 070",
        example: "0/1 nodes are available: 1 Insufficient memory.",
        ..N
    },
    Signature {
        id: "unbound-pvc",
        all: &["unbound immediate PersistentVolumeClaims"],
        health: Health::Degraded,
        title: "the launcher pod waits for unbound PersistentVolumeClaims",
        cause: "FailedScheduling: the pod has unbound immediate PersistentVolumeClaims; once bound \
            the pod schedules, and then the volume must still attach and mount on the node",
        next_steps: &[
            "kubectl get pvc -n <ns>",
            "kubectl describe pod <virt-launcher pod>",
        ],
        source: "kube-scheduler (VolumeBinding); corpus item 055",
        example: "Warning  FailedScheduling  3m11s  default-scheduler  0/3 nodes are available: 3 pod has unbound immediate PersistentVolumeClaims.",
        ..N
    },
    Signature {
        id: "csi-driver-not-registered",
        all: &[
            "MapVolume",
            "not found in the list of registered CSI drivers",
        ],
        title: "the node's CSI driver is not registered (MapVolume fails)",
        cause: "kubelet cannot MapVolume/mount the PVC: the CSI driver (e.g. driver.longhorn.io) \
            has not registered on this node yet, so the launcher pod cannot start",
        next_steps: &[
            "kubectl get csinode <node> -o yaml",
            "check the CSI node plugin pod",
        ],
        source: "kubelet (csi_attacher / MapVolume); corpus item 056",
        example: "Error: MapVolume.MapPodDevice failed for volume \"pvc-a\" : kubernetes.io/csi: blockMapper.SetUpDevice failed to get CSI client: driver name driver.longhorn.io not found in the list of registered CSI drivers",
        ..N
    },
    Signature {
        id: "mapvolume-failed",
        all: &["MapVolume", "failed"],
        title: "kubelet failed to map a block volume (MapVolume)",
        cause: "kubelet's MapVolume for the launcher's block PVC failed on the node (CSI driver \
            not ready, device missing)",
        next_steps: &[
            "kubectl describe pod <virt-launcher pod>",
            "kubelet logs on the node",
        ],
        source: "kubelet (nestedpendingoperations / MapVolume); corpus item 056",
        example: "Operation for \"{volumeName:kubernetes.io/csi/driver.longhorn.io^pvc-a}\" failed. Error: MapVolume.MapPodDevice failed for volume",
        ..N
    },
    Signature {
        id: "failed-mount",
        all: &["FailedMount"],
        title: "a launcher volume cannot be mounted (FailedMount)",
        cause: "kubelet cannot attach or mount one of the launcher pod's volumes on the node",
        next_steps: &["kubectl describe pod <virt-launcher pod>"],
        source: "kubelet (FailedMount event)",
        example: "Warning  FailedMount  2m  kubelet  MountVolume.SetUp failed for volume \"disk\"",
        ..N
    },
    Signature {
        id: "init-container-cannot-run",
        all: &["virt-launcher", "Init:ContainerCannotRun"],
        title: "a launcher init container cannot run (Init:ContainerCannotRun)",
        cause: "an init container of the virt-launcher pod (e.g. container-disk-binary copying \
            the containerDisk helper) failed to run on the node; the VMI goes Failed",
        next_steps: &["kubectl describe pod <virt-launcher pod> (init container state)"],
        source: "kubelet pod status; corpus item 027",
        example: "virt-launcher-vmi-perf-rnvpw   0/2     Init:ContainerCannotRun   0          25m",
        ..N
    },
    Signature {
        id: "image-pull-backoff",
        all: &["virt-launcher", "ImagePullBackOff"],
        title: "the virt-launcher pod cannot pull an image (ImagePullBackOff)",
        cause: "kubelet cannot pull the virt-launcher or containerDisk image on the node \
            (registry unreachable, wrong tag, missing pull secret)",
        next_steps: &["kubectl describe pod <virt-launcher pod> (Events: Failed to pull image)"],
        source: "kubelet (image pull back-off); corpus item 028",
        example: " virt-launcher-testvm-vl7m2         1/2       ImagePullBackOff   0          3m",
        ..N
    },
    Signature {
        id: "launcher-pending",
        all: &["virt-launcher", "  Pending"],
        health: Health::Degraded,
        title: "the virt-launcher pod is Pending",
        cause: "the scheduler has not placed the launcher pod; the usual reasons are Insufficient \
            memory or cpu, Insufficient devices.kubevirt.io/kvm, or unbound PVCs (see its events)",
        next_steps: &["kubectl describe pod <virt-launcher pod> (Events: FailedScheduling)"],
        source: "kubectl get pods (STATUS Pending); corpus items 024, 070",
        example: "virt-launcher-test-l8q22   0/1     Pending   0          49m",
        ..N
    },
    Signature {
        id: "vmi-scheduling-row",
        all: &["  Scheduling"],
        cells: &["Scheduling"],
        none: &["virt-launcher", "FailedScheduling"],
        health: Health::Degraded,
        title: "the VMI is stuck in Scheduling",
        cause: "the VMI's launcher pod is not scheduled yet; most often no node has free \
            devices.kubevirt.io/kvm (Insufficient devices.kubevirt.io/kvm), or memory/cpu",
        next_steps: &[
            "kubectl describe pod -l kubevirt.io/created-by=<vmi uid> (FailedScheduling)",
        ],
        source: "VMI phase Scheduling (staging/src/kubevirt.io/api/core/v1/types.go); corpus 007",
        example: "testvm   7m50s   Scheduling ",
        ..N
    },
    Signature {
        id: "vmi-failed-row",
        all: &["  Failed"],
        // Only a phase column or field: not `Failed to import…`, `FailedCreate`, a message's
        // "failed to configure…", nor an event row's reason (`Warning  Failed  …`); and
        // `failed: true` (a migrationState) and `Failed:` (its describe) are not the VMI's phase.
        cells: &["Failed"],
        none: &[
            "virt-launcher",
            "Migration",
            "Init:",
            "FailedScheduling",
            "Warning  ",
            "Normal  ",
            "failed:",
        ],
        health: Health::Degraded,
        title: "the VMI is Failed",
        cause: "the VMI's launcher failed on the node (see the launcher pod's status: Init, \
            ContainerCannotRun, exit codes)",
        next_steps: &["kubectl get pod -l kubevirt.io/created-by=<vmi uid>"],
        source: "VMI phase Failed (staging/src/kubevirt.io/api/core/v1/types.go)",
        example: "testvm   19s   Failed         kf-w-1",
        ..N
    },
    Signature {
        id: "vmi-unschedulable",
        all: &["reason: Unschedulable"],
        health: Health::Degraded,
        title: "the launcher pod is Unschedulable (PodScheduled False)",
        cause: "the scheduler cannot place the VMI's virt-launcher pod (reason Unschedulable): \
            node selectors, taints or missing resources such as devices.kubevirt.io/kvm",
        next_steps: &["kubectl describe pod <virt-launcher pod> (Events: FailedScheduling)"],
        source: "VMI condition PodScheduled (pkg/virt-controller/watch/vmi)",
        example: "    reason: Unschedulable",
        // the layer of no node fitting, one rule with the live diagnosis
        layer: Some(crate::scheduling::NO_NODE_FITS),
        ..N
    },
    Signature {
        id: "compute-completed",
        all: &["reason: Completed"],
        health: Health::Degraded,
        title: "the launcher's compute container terminated (Completed)",
        cause: "virt-launcher's compute container exited (exit code 0, Completed) while the VMI \
            is still Scheduled: the launcher gave up before virt-handler synced the domain",
        next_steps: &["kubectl logs <virt-launcher pod> -c compute"],
        source: "pod containerStatuses (terminated reason Completed); corpus item 053",
        example: "          reason: Completed",
        ..N
    },
    Signature {
        id: "console-abnormal-close",
        all: &["websocket: close 1006"],
        title: "the console connection broke (websocket close 1006)",
        cause: "the serial console websocket closed abnormally (1006, unexpected EOF): the guest \
            or its node stopped answering; after a host kernel upgrade look for soft-lockup \
            messages (the kernel reporting stuck CPUs) on the node and in the guest",
        next_steps: &[
            "dmesg on the node (soft lockup)",
            "virtctl console <vm> again",
        ],
        source: "pkg/virtctl/console/console.go (\"You were disconnected from the console\")",
        example: "websocket: close 1006 (abnormal closure): unexpected EOF",
        ..N
    },
    Signature {
        id: "soft-lockup",
        all: &["soft lockup"],
        title: "the kernel reports a soft lockup",
        cause: "a CPU was stuck in the kernel (soft-lockup): the host or guest kernel hangs",
        next_steps: &["dmesg on the node"],
        source: "Linux kernel watchdog",
        example: "watchdog: BUG: soft lockup - CPU#2 stuck for 22s!",
        ..N
    },
    Signature {
        id: "multiple-launcher-sockets",
        all: &["Found multiple sockets for vmi"],
        health: Health::Degraded,
        title: "virt-handler finds two launcher sockets for the VMI",
        cause: "virt-handler looks up the VMI's virt-launcher command socket and finds more than \
            one (an old launcher pod of the VMI is still on the node, e.g. terminating or left by \
            a migration), so it waits and does not sync the VMI",
        next_steps: &[
            "kubectl get pods -o wide -l kubevirt.io/created-by=<vmi uid>",
            "delete the stale launcher pod once the VMI's active pod is known",
        ],
        source: "pkg/virt-handler/cmd-client/client.go: \"Found multiple sockets for vmi %s/%s. \
            waiting for only one to exist\"",
        example: r#"{"component":"virt-handler","level":"error","msg":"Synchronizing the VirtualMachineInstance failed.","reason":"Found multiple sockets for vmi default/web. waiting for only one to exist"}"#,
        ..N
    },
    Signature {
        id: "fork-exec-failed",
        all: &["fork/exec"],
        title: "a process could not be started on the node (fork/exec failed)",
        cause: "a KubeVirt component could not execute a program (QEMU, a helper): the node \
            refused the exec (seccomp or SELinux policy, a pids/ulimit limit, a missing or \
            unexecutable binary in the image)",
        next_steps: &[
            "journalctl -k / ausearch -m avc on the node (SELinux, seccomp denials)",
            "compare the node's OS and container runtime with KubeVirt's supported ones",
        ],
        source: "Go os/exec (syscall.forkExec), as logged by virt-handler and virt-launcher",
        example: r#"{"component":"virt-launcher","level":"error","msg":"Failed to start qemu","reason":"fork/exec /usr/libexec/qemu-kvm: errno 0"}"#,
        ..N
    },
];
