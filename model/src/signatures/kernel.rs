//! Kernel and journal messages from the node (`dmesg`, `journalctl -k`, `/var/log/messages`):
//! the OOM killer taking QEMU or the launcher, KVM disabled in the firmware, I/O errors on a
//! block device, an NFS server not responding, hung tasks (data table). Each points at the
//! node: the VMI's launcher runs there and its disks are reached from there.

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
        id: "oom-kill-qemu",
        all: &["Killed process", "(qemu"],
        title: "the kernel's OOM killer killed QEMU (the VM's process)",
        cause: "the node or the launcher pod's memory cgroup ran out of memory and the kernel \
            killed the VM's QEMU process: the VMI goes Failed (or restarts); the launcher's \
            memory overhead or the node's memory is too small for the guest",
        next_steps: &[
            "kubectl describe node <node> (memory pressure, allocatable)",
            "compare the VMI's memory with the launcher pod's memory limit (overhead)",
        ],
        source: "Linux mm/oom_kill.c (\"%s: Killed process %d (%s)\"; \"Memory cgroup out of \
            memory\" from mm/memcontrol.c)",
        example: "Mar 01 10:00:00 node01 kernel: Memory cgroup out of memory: Killed process 12345 (qemu-kvm) total-vm:8388608kB, anon-rss:4194304kB",
        ..N
    },
    Signature {
        id: "oom-kill-launcher",
        all: &["Killed process", "(virt-launcher"],
        title: "the kernel's OOM killer killed virt-launcher",
        cause: "the launcher pod's memory cgroup ran out of memory and the kernel killed \
            virt-launcher: its VMI is lost on this node",
        next_steps: &["kubectl describe pod <virt-launcher pod> (OOMKilled, memory limit)"],
        source: "Linux mm/oom_kill.c",
        example: "[ 8123.456789] Memory cgroup out of memory: Killed process 4242 (virt-launcher) total-vm:2000000kB",
        ..N
    },
    Signature {
        id: "oom-kill",
        all: &["out of memory", "Killed process"],
        health: Health::Degraded,
        title: "the kernel's OOM killer killed a process on the node",
        cause: "the node (or a pod's memory cgroup) ran out of memory and the kernel killed a \
            process; the VMs on the node are at risk",
        next_steps: &["kubectl describe node <node> (MemoryPressure, allocatable)"],
        source: "Linux mm/oom_kill.c",
        example: "Mar 01 10:00:00 node01 kernel: Out of memory: Killed process 999 (java) total-vm:1kB",
        ..N
    },
    // The rest of mm/oom_kill.c's and mm/memcontrol.c's report lines, as dmesg prints them
    // without a prefix (old kernels: "Kill process %d (%s) score %u or sacrifice child").
    Signature {
        id: "oom-memcg",
        all: &["Memory cgroup out of memory"],
        title: "a pod's memory cgroup ran out of memory (the kernel's OOM killer)",
        cause: "a container reached its memory limit and the kernel killed a process in it: \
            the container ends OOMKilled (for a launcher pod: its overhead or a sidecar's limit \
            is too small)",
        next_steps: &[
            "kubectl describe pod <pod> (Last State: OOMKilled, each container's memory limit)",
            "raise the limit of the container that was killed",
        ],
        source: "Linux mm/memcontrol.c (\"Memory cgroup out of memory\") and mm/oom_kill.c",
        example: "Memory cgroup out of memory: Kill process 2266 (container-disk) score 1001 or sacrifice child",
        ..N
    },
    Signature {
        id: "oom-killed-process-report",
        all: &["Killed process", "total-vm:"],
        health: Health::Degraded,
        title: "the kernel's OOM killer killed a process (its memory report)",
        cause: "the kernel's OOM killer killed a process on the node; the name in parentheses \
            says which, total-vm and anon-rss how much memory it held",
        next_steps: &[
            "kubectl describe node <node> (MemoryPressure); kubectl get pods -A -o wide | grep OOMKilled",
        ],
        source: "Linux mm/oom_kill.c (\"Killed process %d (%s) total-vm:%lukB, anon-rss:%lukB\")",
        example: "Killed process 2264 (container-disk) total-vm:115804kB,",
        ..N
    },
    Signature {
        id: "oom-sacrifice-child",
        all: &["or sacrifice child"],
        health: Health::Degraded,
        title: "the kernel's OOM killer chose a process to kill",
        cause: "the kernel ran out of memory (on the node or in a pod's memory cgroup) and \
            picked the process with the highest score",
        next_steps: &["kubectl describe node <node> (MemoryPressure)"],
        source: "Linux mm/oom_kill.c (older kernels: \"Kill process %d (%s) score %u or \
            sacrifice child\")",
        example: "score 1001 or sacrifice child",
        ..N
    },
    Signature {
        id: "oom-killer-invoked",
        all: &["invoked oom-killer"],
        health: Health::Degraded,
        title: "the kernel's OOM killer was invoked on the node",
        cause: "a process hit an out-of-memory condition (the node's or its cgroup's); the lines \
            after it say which process was killed",
        next_steps: &["journalctl -k | grep -i 'killed process'"],
        source: "Linux mm/oom_kill.c (\"%s invoked oom-killer\")",
        example: "kernel: qemu-kvm invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=-997",
        ..N
    },
    Signature {
        id: "kvm-disabled-by-bios",
        all: &["kvm: disabled by bios"],
        title: "virtualization is disabled in the node's firmware (kvm: disabled by bios)",
        cause: "the CPU's virtualization extensions (VT-x/AMD-V) are off in the BIOS/UEFI, so \
            /dev/kvm does not exist and the node cannot run VMs with KVM (devices.kubevirt.io/kvm \
            is 0)",
        next_steps: &[
            "enable VT-x/AMD-V in the node's firmware",
            "or set useEmulation (software emulation, slow) in the KubeVirt CR for tests",
        ],
        source: "Linux arch/x86/kvm (\"kvm: disabled by bios\")",
        example: "[    5.123456] kvm: disabled by bios",
        ..N
    },
    Signature {
        id: "kvm-no-hardware-support",
        all: &["kvm", "no hardware support"],
        title: "the node's CPU offers no virtualization (kvm: no hardware support)",
        cause: "KVM cannot load: the CPU (or the hypervisor under a nested node) does not expose \
            VT-x/AMD-V, so /dev/kvm does not exist",
        next_steps: &["enable nested virtualization on the host of this node"],
        source: "Linux arch/x86/kvm (\"kvm: no hardware support\")",
        example: "kernel: kvm: no hardware support",
        ..N
    },
    Signature {
        id: "blk-io-error",
        all: &["blk_update_request: I/O error"],
        title: "a block device on the node returns I/O errors",
        cause: "the kernel could not read or write a disk on the node (a failing disk, a lost \
            iSCSI/FC path, a detached volume); a VM disk on it pauses with IOError or fails",
        next_steps: &[
            "journalctl -k on the node",
            "check the device and its storage backend",
        ],
        source: "Linux block/blk-core.c (blk_update_request)",
        example: "kernel: blk_update_request: I/O error, dev sdb, sector 2048 op 0x1:(WRITE) flags 0x800",
        ..N
    },
    Signature {
        id: "dev-io-error",
        all: &["I/O error, dev "],
        none: &["blk_update_request"],
        title: "a block device on the node returns I/O errors",
        cause: "the kernel could not read or write a disk on the node; a VM disk on it pauses \
            with IOError or fails",
        next_steps: &[
            "journalctl -k on the node",
            "check the device and its storage backend",
        ],
        source: "Linux block/blk-core.c (print_req_error: \"%s error, dev %s, sector %llu\")",
        example: "[ 1234.5] critical medium error, I/O error, dev sdc, sector 4096 op 0x0:(READ)",
        ..N
    },
    // The block layer's other statuses, printed in the same line as the I/O error above
    // (Linux `block/blk-core.c`: the `blk_errors` table's names, printed by print_req_error as
    // "%s error, dev %s, sector %llu …", after "blk_update_request: " on older kernels). Every
    // name a failed request can carry, except the two that never reach a device's user (the
    // non-blocking "nonblocking retry", device-mapper's "dm internal retry") and the plain
    // "I/O" one read above: a request to a disk of the node failed.
    Signature {
        id: "blk-status-error",
        all: &[" error, dev "],
        any: &[
            "operation not supported error, dev ",
            "timeout error, dev ",
            "critical space allocation error, dev ",
            "recoverable transport error, dev ",
            "critical target error, dev ",
            "critical nexus error, dev ",
            "reservation conflict error, dev ",
            "critical medium error, dev ",
            "protection error, dev ",
            "kernel resource error, dev ",
            "device resource error, dev ",
            "device offline error, dev ",
            "open zones exceeded error, dev ",
            "active zones exceeded error, dev ",
            "duration limit exceeded error, dev ",
            "invalid error, dev ",
        ],
        none: &["I/O error, dev "],
        title: "a block device on the node fails requests (the block layer's error status)",
        cause: "the kernel's block layer failed a request to a disk of the node with the status \
            it names (the target refusing the command, a transport lost, a timeout, no space on a \
            thin device, a reservation held by another host): a VM disk on it pauses with \
            IOError, retries or fails",
        next_steps: &[
            "journalctl -k on the node (the device, the operation: READ, WRITE, DISCARD, FLUSH)",
            "check the device and its storage backend (the volume's engine, the array, the path)",
        ],
        source: "Linux block/blk-core.c (blk_errors, print_req_error: \"%s error, dev %s, sector \
            %llu\")",
        example: "[ 5001.22] critical target error, dev sdd, sector 81920 op 0x1:(WRITE) flags 0x8800 phys_seg 4 prio class 0",
        ..N
    },
    Signature {
        id: "buffer-io-error",
        all: &["Buffer I/O error on dev"],
        title: "a filesystem on the node hit I/O errors (Buffer I/O error)",
        cause: "the kernel failed to read or write a buffer of a device on the node; disks or \
            volumes on it are failing",
        next_steps: &[
            "journalctl -k on the node",
            "check the device and its storage backend",
        ],
        source: "Linux fs/buffer.c (\"Buffer I/O error on dev %pg\")",
        example: "kernel: Buffer I/O error on dev dm-3, logical block 0, async page read",
        ..N
    },
    Signature {
        id: "fs-error",
        all: &["-fs error"],
        title: "a filesystem on the node reports errors",
        cause: "the kernel found errors on a filesystem of the node (EXT4-fs error, a corrupted \
            or failing volume); VM disks on it may fail",
        next_steps: &[
            "journalctl -k on the node",
            "fsck the volume when it is unmounted",
        ],
        source: "Linux fs/ext4/super.c (__ext4_error: \"EXT4-fs error\")",
        example: "kernel: EXT4-fs error (device sdb1): ext4_find_entry:1455: inode #2: comm qemu-kvm: reading directory lblock 0",
        ..N
    },
    Signature {
        id: "nfs-not-responding",
        all: &["nfs: server", "not responding"],
        title: "the NFS server behind the node's volumes is not responding",
        cause: "the node lost its NFS server: I/O to NFS-backed VM disks hangs (the VM pauses \
            with IOError or its processes block) until the server answers again",
        next_steps: &[
            "check the NFS server and the network path from the node",
            "kubectl get pv (which volumes are on that server)",
        ],
        source: "Linux fs/nfs/client.c (\"nfs: server %s not responding, still trying\")",
        example: "kernel: nfs: server 10.0.0.5 not responding, still trying",
        ..N
    },
    Signature {
        id: "hung-task",
        all: &["blocked for more than", "seconds"],
        health: Health::Degraded,
        title: "a task on the node is blocked (hung task)",
        cause: "a process on the node waited on I/O for minutes (often a storage backend that \
            stopped answering); VMs whose disks are there hang",
        next_steps: &["journalctl -k on the node (the lines before say which device)"],
        source: "Linux kernel/hung_task.c (\"task %s:%d blocked for more than %ld seconds\")",
        example: "kernel: INFO: task qemu-kvm:4242 blocked for more than 120 seconds.",
        ..N
    },
    // The rest of the kernel's stall detectors, as each prints its first line: the workqueue
    // watchdog (kernel/workqueue.c, wq_watchdog_timer_fn: "BUG: workqueue lockup - pool ..."),
    // the hard-lockup detector (kernel/watchdog_perf.c / watchdog.c: "Watchdog detected hard
    // LOCKUP on cpu %d"), RCU's stall warnings (kernel/rcu/tree_stall.h: "INFO: %s detected
    // stalls on CPUs/tasks:", "%s self-detected stall on CPU"). The soft-lockup line is in
    // `node.rs`, the hung task above. Each says a CPU of the host starved: the node's.
    Signature {
        id: "workqueue-lockup",
        all: &["BUG: workqueue lockup"],
        title: "the node's kernel reports a workqueue lockup",
        cause: "the kernel's workqueue watchdog found a CPU's worker pool making no progress for \
            the time it prints: that CPU is monopolised (a busy-polling process pinned to it, \
            interrupts, a stuck driver), and the node's services on it (kubelet, container \
            runtime, storage) degrade",
        next_steps: &[
            "journalctl -k on the node (the pools and CPUs named after the line)",
            "check which processes are pinned to or busy-poll those CPUs",
        ],
        source: "Linux kernel/workqueue.c (\"BUG: workqueue lockup - pool\")",
        example: "kernel: BUG: workqueue lockup - pool cpus=0 node=0 flags=0x0 nice=0 stuck for 2117s!",
        ..N
    },
    Signature {
        id: "hard-lockup",
        all: &["detected hard LOCKUP"],
        title: "the node's kernel reports a hard lockup",
        cause: "a CPU of the node stopped taking interrupts (hard lockup): the host kernel hangs \
            or panics, and every VM on the node with it",
        next_steps: &["journalctl -k -b -1 on the node (the stack after the line)"],
        source: "Linux kernel/watchdog_perf.c (\"Watchdog detected hard LOCKUP on cpu %d\")",
        example: "NMI watchdog: Watchdog detected hard LOCKUP on cpu 3",
        ..N
    },
    // The same detectors' panics, when the node is set to panic on them (`kernel.panic_on_*`
    // sysctls): `panic("Hard LOCKUP")` (kernel/watchdog.c, watchdog_hardlockup_check),
    // `panic("softlockup: hung tasks")` (kernel/watchdog.c, watchdog_timer_fn),
    // `panic("hung_task: blocked tasks")` (kernel/hung_task.c, check_hung_uninterruptible_tasks),
    // `panic("RCU Stall\n")` (kernel/rcu/tree_stall.h, panic_on_rcu_stall), each printed by
    // kernel/panic.c as "Kernel panic - not syncing: %s". More specific than the guest
    // console's panic reading (a root filesystem it cannot mount): a stalled CPU is the host's.
    Signature {
        id: "stall-detector-panic",
        // Every reason names a lock-up or a blocked task ("lock", case-insensitive): two
        // needles, so it outranks the console's one-needle panic.
        all: &["Kernel panic - not syncing", "lock"],
        any: &[
            "Hard LOCKUP",
            "softlockup: hung tasks",
            "hung_task: blocked tasks",
        ],
        title: "the node's kernel panicked on a stalled CPU or task (lockup detector)",
        cause: "the node is set to panic when its lockup or hung-task detector fires, and it \
            did: a CPU stopped taking interrupts or scheduling, or a task stayed blocked, so the \
            host went down and every VM on it with it; the lines before the panic name the CPU \
            and the stack",
        next_steps: &[
            "journalctl -k -b -1 on the node (the detector's report before the panic)",
            "check the node's firmware, CPU and storage driver errors around that time",
        ],
        source: "Linux kernel/watchdog.c (panic(\"Hard LOCKUP\"), panic(\"softlockup: hung \
            tasks\")), kernel/hung_task.c (panic(\"hung_task: blocked tasks\")), kernel/panic.c \
            (\"Kernel panic - not syncing: %s\")",
        example: "[ 8123.4] Kernel panic - not syncing: Hard LOCKUP",
        ..N
    },
    Signature {
        id: "rcu-stall-panic",
        all: &["Kernel panic - not syncing", "RCU Stall"],
        title: "the node's kernel panicked on an RCU stall",
        cause: "the node is set to panic on an RCU stall (kernel.panic_on_rcu_stall) and one \
            happened: a CPU was stuck in the kernel or starved, and the host went down with \
            every VM on it",
        next_steps: &["journalctl -k -b -1 on the node (the stall report before the panic)"],
        source: "Linux kernel/rcu/tree_stall.h (panic_on_rcu_stall: panic(\"RCU Stall\\n\"))",
        example: "Kernel panic - not syncing: RCU Stall",
        ..N
    },
    // ext4's own words for writes it could not complete, each printed by ext4_msg as
    // "EXT4-fs (<device>): …" (not the "EXT4-fs error" of __ext4_error, read above): unwritten
    // extents not converted after a write (fs/ext4/page-io.c, ext4_end_io_end: "failed to
    // convert unwritten extents to written extents -- potential data loss!"), delayed
    // allocation failing (fs/ext4/inode.c, mpage_map_and_submit_extent: "Delayed block
    // allocation failed for inode", "This should not happen!! Data will be lost"), the
    // filesystem taken read-only (fs/ext4/super.c, ext4_handle_error: "Remounting filesystem
    // read-only"), an aborted journal (fs/ext4/ext4_jbd2.c: "Detected aborted journal") and
    // the superblock's write failing (fs/ext4/super.c: "I/O error while writing superblock",
    // "previous I/O error to superblock detected"). The node's storage.
    Signature {
        id: "ext4-data-loss",
        all: &["EXT4-fs"],
        any: &[
            "potential data loss",
            "Data will be lost",
            "Delayed block allocation failed",
            "Remounting filesystem read-only",
            "Detected aborted journal",
            "I/O error while writing superblock",
            "previous I/O error to superblock",
        ],
        title: "a filesystem on the node lost writes (ext4)",
        cause: "ext4 could not complete writes to a disk of the node (a failing device, a \
            volume gone read-only or full, its storage path lost): data written there may be \
            lost and the filesystem goes read-only; VM disks and the node's services on it fail",
        next_steps: &[
            "journalctl -k on the node (the device's I/O errors before the line)",
            "check the device and fsck the filesystem when it is unmounted",
        ],
        source: "Linux fs/ext4/page-io.c (ext4_end_io_end), fs/ext4/inode.c \
            (mpage_map_and_submit_extent), fs/ext4/super.c (ext4_handle_error, \
            ext4_commit_super), fs/ext4/ext4_jbd2.c (\"Detected aborted journal\")",
        example: "kernel: EXT4-fs (sdc1): failed to convert unwritten extents to written extents -- potential data loss!  (inode 1762, error -5)",
        ..N
    },
    Signature {
        id: "rcu-stall",
        all: &["rcu"],
        any: &[
            "detected stalls on CPUs/tasks",
            "self-detected stall on CPU",
        ],
        title: "the node's kernel reports an RCU stall",
        cause: "RCU's stall detector found a CPU not passing through a quiescent state for tens \
            of seconds: that CPU is stuck in the kernel or starved, and the node degrades",
        next_steps: &["journalctl -k on the node (the CPUs and tasks named after the line)"],
        source: "Linux kernel/rcu/tree_stall.h (\"INFO: %s detected stalls on CPUs/tasks:\", \
            \"%s self-detected stall on CPU\")",
        example: "rcu: INFO: rcu_sched detected stalls on CPUs/tasks:",
        ..N
    },
];
